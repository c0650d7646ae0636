"""``Game``: the eventsourcing aggregate of one game of Dungeon Lords. Its state is a ``GameState``
folded by ``dungeon_lords.evolve.evolve``; the rules live in :mod:`domain.games.dungeon_lords`, not here.

Stored shape. Every domain event ``X`` (see :data:`domain.games.dungeon_lords.events.ALL_EVENTS`) is stored as its own
eventsourcing event class ``Game.X`` with the stable topic ``"dl.Game.X"`` (the aggregate's topic is
``"dl.Game"``), ``class_version`` equal to ``X.version``, and one field ``data``: the domain event's
JSON payload (``X.model_dump(mode="json")``, without ``"type"``; the topic says the type). The
created-event is the first domain event, ``GameStarted`` or ``ScenarioLoaded``. Aggregate version N
is domain event number N (1-based), and ``game.state.version == game.version``.

Upcasting (how old logs stay readable). When a domain event's schema changes, bump its ``version``
in ``domain/events.py`` (that becomes the stored ``class_version``) and register one function per
step, which edits the old *payload* dict in place, e.g. in an ``upcasting`` module imported by
``domain.service.aggregate`` before any read::

    register_upcast("OrdersChosen", 1, lambda data: data.setdefault("nonplayer_order", None))

It becomes eventsourcing's ``Game.OrdersChosen.upcast_v1_v2(state)``, which the mapper runs on every
stored v1 event when it is read (it gets the stored state dict; ``state["data"]`` is the payload).

Snapshots. ``vars(game)`` holds ``state: GameState``; :class:`GameStateAsDict` transcodes it through
``to_dict``/``from_dict`` (the application registers it). If the *shape* of ``GameState`` changes
incompatibly, bump ``Game.class_version`` and add ``Game.upcast_vN_vM(state)`` (a static method that
edits ``state["state"]``, a GameState, or drop the snapshot tables: snapshots are only a cache). If
``evolve`` changes meaning (a rules fix), old snapshots hold the old result: drop them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import Transcoding
from eventsourcing.utils import register_topic

from domain.games.dungeon_lords.chain import link
from domain.games.dungeon_lords.events import ALL_EVENTS
from domain.games.dungeon_lords.events import Event as DomainEvent
from domain.games.dungeon_lords.evolve import evolve
from domain.games.dungeon_lords.state import GameState, from_dict, to_dict

TOPIC_PREFIX = "dl.Game."
CREATED_EVENTS = ("GameStarted", "ScenarioLoaded")


class Game(Aggregate):
    """One game. ``game.state`` is the folded :class:`GameState`; build with :meth:`start`."""

    TOPIC = "dl.Game"

    class Event(Aggregate.Event):
        """Base of the stored events: ``data`` is the domain event's JSON payload, ``chain`` the hash
        that links it to the event before (:mod:`domain.games.dungeon_lords.chain`; "" in events stored before it)."""

        data: dict[str, Any]
        chain: str = ""

        domain_class = DomainEvent  # set on each generated subclass

        def to_domain(self) -> DomainEvent:
            """The validated pydantic domain event."""
            return self.domain_class.model_validate(self.data)

        def apply(self, game: Game) -> None:
            game.__dict__["chain"] = self.chain
            if game.__dict__.get("_folded_elsewhere"):
                return  # bulk creation: the caller hands over the final state
            game.state = evolve(getattr(game, "state", None), self.to_domain())

    class Created(Event, Aggregate.Created):
        """Base of the two created-events (never stored itself)."""

        TOPIC = "dl.Game.Created"

    # --- commands ---------------------------------------------------------------------------------
    @classmethod
    def start(cls, first: DomainEvent) -> Game:
        """A new game from its first domain event (``GameStarted`` or ``ScenarioLoaded``).

        Raises:
            ValueError: ``first`` is another kind of event.
        """
        if first.type not in CREATED_EVENTS:
            raise ValueError(f"a game starts with {' or '.join(CREATED_EVENTS)}, not {first.type}")
        data = _payload(first)
        created: Any = EVENT_CLASSES[first.type]  # a Game.Created subclass (the mapping holds both kinds)
        return cls._create(created, data=data, chain=link("", 1, first.type, data))

    def record(self, events: Iterable[DomainEvent], final_state: GameState | None = None) -> None:
        """Trigger each domain event (in order) on this game; ``save()`` stores them.

        ``final_state``: the state these events fold to, already computed (simulation); the events
        are then stored without being folded again."""
        if final_state is not None:
            self.__dict__["_folded_elsewhere"] = True
        try:
            for e in events:
                data = _payload(e)
                chain = link(getattr(self, "chain", ""), self.version + 1, e.type, data)
                self.trigger_event(EVENT_CLASSES[e.type], data=data, chain=chain)
        finally:
            self.__dict__.pop("_folded_elsewhere", None)
        if final_state is not None:
            self.state = final_state


def _payload(e: DomainEvent) -> dict[str, Any]:
    return e.model_dump(mode="json")


def fold(game: Game | None, events: Iterable[Any]) -> Game | None:
    """A plain projector (``repository.get(..., projector_func=fold)``): the library's default runs a
    slow runtime Protocol check per event on Python 3.11 (architecture §3)."""
    for e in events:
        game = e.mutate(game)
    return game


def _define(name: str, domain_cls: type[DomainEvent]) -> type[Game.Event]:
    base = Game.Created if name in CREATED_EVENTS else Game.Event
    cls = type(
        name,
        (base,),
        {
            "TOPIC": TOPIC_PREFIX + name,
            "class_version": domain_cls.version,
            "domain_class": domain_cls,
            "__module__": __name__,
            "__qualname__": f"Game.{name}",
        },
    )
    register_topic(TOPIC_PREFIX + name, cls)
    setattr(Game, name, cls)
    return cls


EVENT_CLASSES: dict[str, type[Game.Event]] = {n: _define(n, c) for n, c in ALL_EVENTS.items()}


def register_upcast(event_name: str, from_version: int, fn: Callable[[dict[str, Any]], None]) -> None:
    """Make stored ``event_name`` events of schema ``from_version`` readable as ``from_version + 1``:
    ``fn(data)`` edits the payload in place. Register every step up to the current ``version``."""
    cls = EVENT_CLASSES[event_name]

    def upcast(state: dict[str, Any]) -> None:
        fn(state["data"])

    setattr(cls, f"upcast_v{from_version}_v{from_version + 1}", staticmethod(upcast))


class GameStateAsDict(Transcoding):
    """Snapshot transcoding: ``GameState`` <-> its JSON-native ``to_dict`` form."""

    type = GameState
    name = "dl.GameState"

    def encode(self, obj: GameState) -> dict[str, Any]:
        return to_dict(obj)

    def decode(self, data: dict[str, Any]) -> GameState:
        return from_dict(data)


from . import upcasting  # noqa: E402,F401  (registers the upcasts on the classes above)
