"""The eventsourcing aggregates: one class per registered game, built by :func:`aggregate_class` from
the game's :class:`~domain.kernel.GamePackage` (its events stored under its ``info.topic_prefix``:
``<prefix>.Game.<Event>``); :data:`AGGREGATES` holds them by game name, :func:`aggregate_for` adds a game
registered later. An aggregate's state is the game's state folded by the game's own ``evolve``; the rules
live in the game.

What follows takes the topic prefix ``dl.`` as its example; every game is stored the same way under its own.

Stored shape. Every domain event ``X`` (its package's ``events``) is stored as its own
eventsourcing event class ``Game.X`` with the stable topic ``"dl.Game.X"`` (the aggregate's topic is
``"dl.Game"``), ``class_version`` equal to ``X.version``, and one field ``data``: the domain event's
JSON payload (``X.payload()``, without ``"type"``; the topic says the type). The
created-event is the first domain event, ``GameStarted`` or ``ScenarioLoaded``. Aggregate version N
is domain event number N (1-based), and ``game.state.version == game.version``.

Upcasting (how old logs stay readable). When a domain event's schema changes, bump its ``version``
(that becomes the stored ``class_version``) and give one function per step, which edits the old
*payload* dict in place: a game's own events in its package's ``upcasts`` (``{("OrdersChosen", 1): fn}``,
registered on its aggregate when the class is built), the kernel's events in :mod:`.upcasting`::

    register_upcast("OrdersChosen", 1, lambda data: data.setdefault("nonplayer_order", None), game)

It becomes eventsourcing's ``Game.OrdersChosen.upcast_v1_v2(state)``, which the mapper runs on every
stored v1 event when it is read (it gets the stored state dict; ``state["data"]`` is the payload).

Snapshots (:class:`GameSnapshot`, topic ``dl.Snapshot``) carry the chain hash of their event (``chain``) and a
``digest`` of the state, checked when a game is loaded through one: a snapshot whose state was edited in the
store raises :class:`SnapshotMismatch` (the application then replays the events). Snapshots stored before the
digest (topic ``eventsourcing.domain:Snapshot``) load unchecked.

Seals. Every stored event also carries ``seal = sha256(chain, timestamp)`` (:func:`seal`): the chain hash leaves
the stored time out (an imported copy has the same hashes), so the seal is what makes an edited timestamp
evident (``audit``). Events stored before seals existed carry ``seal = ""``.

``vars(game)`` holds ``state: GameState``; :class:`GameStateAsDict` transcodes it through
``to_dict``/``from_dict`` (the application registers it). If the *shape* of ``GameState`` changes
incompatibly, bump ``Game.class_version`` and add ``Game.upcast_vN_vM(state)`` (a static method that
edits ``state["state"]``, a GameState, or drop the snapshot tables: snapshots are only a cache). If
``evolve`` changes meaning (a rules fix), old snapshots hold the old result: drop them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, ClassVar
from uuid import UUID

import orjson
from eventsourcing.domain import Aggregate, Snapshot
from eventsourcing.persistence import Transcoding
from eventsourcing.utils import register_topic, resolve_topic

from domain.kernel import GamePackage
from domain.kernel.deferred import LoadOnRead
from domain.kernel.registry import default, of_topic

from .games import load_games
from .upcasting import KERNEL_UPCASTS


def seal(chain: str, timestamp: datetime) -> str:
    """The seal of a stored event: sha256 of its chain hash and its stored time (ISO 8601), 64 hex digits."""
    return hashlib.sha256(f"{chain}\n{timestamp.isoformat()}".encode()).hexdigest()


def state_digest(version: int, chain: str, state: dict[str, Any]) -> str:
    """The digest a snapshot carries: sha256 of its event number, that event's chain hash and the state's
    JSON form (``package.to_dict``; keys sorted), 64 hex digits."""
    h = hashlib.sha256(f"{version}\n{chain}\n".encode())
    h.update(orjson.dumps(state, option=orjson.OPT_SORT_KEYS))
    return h.hexdigest()


class SnapshotMismatch(Exception):
    """Raised when a game is loaded through a snapshot whose state does not match its digest (the snapshot
    was changed in the store); ``game_id``, ``version``: the game and the event the snapshot is at."""

    def __init__(self, game_id: UUID, version: int) -> None:
        super().__init__(
            f"the snapshot of game {game_id} at event {version} does not match its digest (it was changed "
            "in the store); it was ignored and the game replayed from its events"
        )
        self.game_id, self.version = game_id, version


class GameSnapshot(Snapshot):
    """A game's snapshot: ``state["state"]`` is the game's state in its JSON form (``package.to_dict``: the
    digest is checked on the form read from the store, with no conversion back; measured: a load through a
    snapshot costs about 0.2 ms more when the state object is converted again) and ``state["digest"]`` its
    :func:`state_digest`, checked when the game is loaded."""

    TOPIC = "dl.Snapshot"

    @classmethod
    def take(cls, aggregate: Any, state: dict[str, Any] | None = None) -> Any:
        """The snapshot of ``aggregate`` as it is; ``state``: its state's JSON form when already made
        (``package.to_dict(aggregate.state)``, by a simulation worker)."""
        snapshot = super().take(aggregate)
        if state is None:
            state = type(aggregate).package.to_dict(aggregate.state)
        snapshot.state["state"] = state
        snapshot.state["digest"] = state_digest(aggregate.version, aggregate.chain, state)
        return snapshot

    def mutate(self, _: None) -> Any:
        """The game as of this snapshot.

        Raises:
            SnapshotMismatch: the state does not match the snapshot's digest."""
        aggregate_of_topic(self.topic)  # (its game imported and its classes made, if this is its first use)
        state = dict(self.state)
        digest = state.pop("digest", None)
        if digest != state_digest(self.originator_version, state.get("chain", ""), state["state"]):
            raise SnapshotMismatch(self.originator_id, self.originator_version)
        cls: Any = resolve_topic(self.topic)
        state["state"] = cls.package.from_dict(state["state"])
        checked = object.__new__(Snapshot)  # the library's snapshot of the state as the game holds it
        object.__setattr__(checked, "__dict__", {**self.__dict__, "state": state})
        return checked.mutate(None)


register_topic(GameSnapshot.TOPIC, GameSnapshot)


class GameAggregate(Aggregate):
    """Base of the games' aggregates (never stored itself). ``game.state`` is the folded state of the
    game named by the class's ``package``; build one with :meth:`start`."""

    package: ClassVar[GamePackage]
    event_classes: ClassVar[dict[str, type[Any]]]
    Snapshot = GameSnapshot

    class Event(Aggregate.Event):
        """Base of the stored events: ``data`` is the domain event's JSON payload, ``chain`` the hash
        that links it to the event before (the game's ``HashChain``; "" in events stored before it),
        ``seal`` the hash of the chain and the stored time (:func:`seal`; "" in events stored before it)."""

        data: dict[str, Any]
        chain: str = ""
        seal: str = ""

        domain_class: ClassVar[type[Any]]  # set on each generated subclass

        def to_domain(self) -> Any:
            """The domain event, validated (``Event.from_payload``)."""
            return self.domain_class.from_payload(self.data)

        def apply(self, game: Any) -> None:
            game.__dict__["chain"] = self.chain
            if game.__dict__.get("_folded_elsewhere"):
                return  # bulk creation: the caller hands over the final state
            game.state = type(game).package.rules.evolve(getattr(game, "state", None), self.to_domain())

    @classmethod
    def start(cls, first: Any, id: UUID | None = None) -> Any:  # noqa: A002 (eventsourcing's name)
        """A new game from its first domain event (one of the game's ``chain.first_events``); ``id``: the
        game's id (default: a new random one; simulation gives each planned game its own, ``executors.plan_id``).

        Raises:
            ValueError: ``first`` is another kind of event.
        """
        created_events = cls.package.chain.first_events
        if first.type not in created_events:
            raise ValueError(f"a game starts with {' or '.join(created_events)}, not {first.type}")
        data = _payload(first)
        created: Any = cls.event_classes[first.type]  # a Created subclass (the mapping holds both kinds)
        chain = cls.package.chain.link("", 1, first.type, data)
        timestamp = created.create_timestamp()
        more = {"id": id} if id is not None else {}
        return cls._create(created, data=data, chain=chain, seal=seal(chain, timestamp), timestamp=timestamp, **more)

    def record(self, events: Iterable[Any], final_state: Any = None, chains: list[str] | None = None) -> None:
        """Trigger each domain event (in order) on this game; ``save()`` stores them. An event may come
        in its JSON form (``{"type", **fields}``, as ``to_json`` gives it) when ``final_state`` is given.

        ``final_state``: the state these events fold to, already computed (simulation); the events
        are then stored without being folded again. ``chains``: with it, each event's chain hash, already
        worked out (by the simulation worker that played the game)."""
        if final_state is not None:
            self.__dict__["_folded_elsewhere"] = True
        link = type(self).package.chain.link
        try:
            for i, e in enumerate(events):
                if isinstance(e, dict):  # the JSON form of our own engine's event (simulation)
                    kind, data = e["type"], dict(e)
                    del data["type"]  # (a copy and a del: about three times faster than a comprehension)
                else:
                    kind, data = e.type, _payload(e)
                if chains is not None:
                    chain = chains[i]
                else:
                    chain = link(getattr(self, "chain", ""), self.version + 1, kind, data)
                event_class = type(self).event_classes[kind]
                timestamp = event_class.create_timestamp()
                self.trigger_event(
                    event_class, data=data, chain=chain, seal=seal(chain, timestamp), timestamp=timestamp
                )
        finally:
            self.__dict__.pop("_folded_elsewhere", None)
        if final_state is not None:
            self.state = final_state


def _payload(e: Any) -> dict[str, Any]:
    data: dict[str, Any] = e.payload()
    return data


def fold(game: Any, events: Iterable[Any]) -> Any:
    """A plain projector (``repository.get(..., projector_func=fold)``): the library's default runs a
    slow runtime Protocol check per event on Python 3.11 (architecture §3)."""
    for e in events:
        game = e.mutate(game)
    return game


def aggregate_class(package: GamePackage, class_name: str) -> type[GameAggregate]:
    """The aggregate of one game: topic ``<prefix>`` (``"dl.Game"``) and one event class per domain
    event, with the stable topic ``<prefix>.<Event>``, registered with eventsourcing."""
    prefix = package.info.topic_prefix
    created_names = package.chain.first_events

    event_base: Any = type(
        "Event", (GameAggregate.Event,), {"__module__": __name__, "__qualname__": f"{class_name}.Event"}
    )
    created_base: Any = type(
        "Created",
        (event_base, Aggregate.Created),
        {"TOPIC": prefix + "Created", "__module__": __name__, "__qualname__": f"{class_name}.Created"},
    )
    namespace = {
        "TOPIC": prefix.rstrip("."),
        "package": package,
        "Event": event_base,
        "Created": created_base,
        "__module__": __name__,
        "__qualname__": class_name,
    }
    cls: Any = type(class_name, (GameAggregate,), namespace)
    for base in (event_base, created_base):  # eventsourcing gives each event class the signature of its __init__,
        # the base's: kept on that function, ``inspect.signature`` returns it at once (120 classes, ~40% of this)
        base.__init__.__signature__ = inspect.signature(base.__init__)
    classes: dict[str, type[Any]] = {}
    for name, domain_cls in package.events.items():
        base = created_base if name in created_names else event_base
        event_cls = type(
            name,
            (base,),
            {
                "TOPIC": prefix + name,
                "class_version": getattr(domain_cls, "version", 1),
                "domain_class": domain_cls,
                "__module__": __name__,
                "__qualname__": f"{class_name}.{name}",
                # no field of its own: the base's dataclass methods serve it as they are (eventsourcing then
                # skips making it a dataclass again, which cost ~1 ms a class at every start-up)
                "__dataclass_fields__": base.__dataclass_fields__,
                "__setattr__": _frozen_setattr,
                "__delattr__": _frozen_delattr,
            },
        )
        register_topic(prefix + name, event_cls)
        setattr(cls, name, event_cls)
        classes[name] = event_cls
    cls.event_classes = classes
    result: type[GameAggregate] = cls
    for (name, from_version), fn in package.upcasts.items():  # the game's own: stored payload -> next version
        _set_upcast(classes[name], from_version, fn)
    return result


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    """As a frozen dataclass's own: no attribute of a stored event is set after it is made."""
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _build_all() -> None:
    for package in load_games(shipped_only=True).values():  # (every shipped game imported: a read of GAMES)
        aggregate_for(package)


#: the aggregate class of every registered game, by game name (``aggregate_for`` adds later ones); a read
#: (iteration, ``[]``...) builds those of the shipped games not imported yet first
AGGREGATES: LoadOnRead[str, type[GameAggregate]] = LoadOnRead()
AGGREGATES.set_loader(_build_all)
#: called with each aggregate class when it is built (the application adds it to its snapshotting settings)
ON_BUILT: list[Callable[[type[GameAggregate]], object]] = []
_BUILT: dict[int, type[GameAggregate]] = {}  # by package identity: its topics are registered once a process


def aggregate_for(package: GamePackage) -> type[GameAggregate]:
    """The aggregate class of ``package`` (built and added to :data:`AGGREGATES` the first time, with the
    kernel's upcasts: a game registered after the service was loaded, or imported on first use; each function
    of :data:`ON_BUILT` is then called with it)."""
    name = package.info.name
    if not dict.__contains__(AGGREGATES, name):
        cls = _BUILT.get(id(package))
        if cls is None or cls.package is not package:
            title = "".join(word.title() for word in name.split("_"))
            cls = _BUILT[id(package)] = aggregate_class(package, f"{title}Game")
            for (event, from_version), fn in KERNEL_UPCASTS.items():  # the kernel's events, in every game's log
                if event in cls.event_classes:
                    _set_upcast(cls.event_classes[event], from_version, fn)
        dict.__setitem__(AGGREGATES, name, cls)
        for hook in ON_BUILT:
            hook(cls)
    built: type[GameAggregate] = dict.__getitem__(AGGREGATES, name)
    return built


def sync_aggregates(shipped_only: bool = False) -> dict[str, type[GameAggregate]]:
    """The aggregates of the games imported now, one class each (loading the entry points' and ``DL_GAMES``'s
    games first: :func:`~.games.load_games`; a shipped game not imported yet gets its class on first use,
    :func:`aggregate_of_topic`, or when :data:`AGGREGATES` is read). Raises GameLoadError."""
    registered = load_games(shipped_only)
    return {p.info.name: aggregate_for(p) for p in list(dict.values(registered))}


def aggregate_of_topic(topic: str) -> type[GameAggregate]:
    """The aggregate whose events are stored under ``topic`` (``"mi.Game.InnDealt"``; or the aggregate's own,
    ``"mi.Game"``), its game imported if it was only declared.

    Raises:
        KeyError: no registered game stores that topic."""
    for cls in dict.values(AGGREGATES):
        if topic.startswith(cls.package.info.topic_prefix):
            return cls
    package = of_topic(topic)
    if package is None:
        raise KeyError(topic)
    return aggregate_for(package)


def register_upcast(
    event_name: str, from_version: int, fn: Callable[[dict[str, Any]], None], game: str | None = None
) -> None:
    """Make stored ``event_name`` events of schema ``from_version`` of ``game`` (default: the default game)
    readable as ``from_version + 1``: ``fn(data)`` edits the payload in place. Register every step up to
    the current ``version``."""
    _set_upcast(AGGREGATES[game or default().info.name].event_classes[event_name], from_version, fn)


def _set_upcast(cls: type[Any], from_version: int, fn: Callable[[dict[str, Any]], None]) -> None:
    def upcast(state: dict[str, Any]) -> None:
        fn(state["data"])

    setattr(cls, f"upcast_v{from_version}_v{from_version + 1}", staticmethod(upcast))


class StateAsDict(Transcoding):
    """Snapshot transcoding of one game's state <-> its JSON-native ``to_dict`` form."""

    def __init__(self, package: GamePackage, name: str) -> None:
        self.type = package.state_type
        self.name = name
        self._package = package

    def encode(self, obj: Any) -> dict[str, Any]:
        return self._package.to_dict(obj)

    def decode(self, data: dict[str, Any]) -> Any:
        return self._package.from_dict(data)


def transcodings() -> list[Transcoding]:
    """One snapshot transcoding per game whose aggregate is built (names fixed for ever: ``dl.GameState``,
    ``mi.GameState``; a game built later: :func:`transcoding_of` it)."""
    return [transcoding_of(cls) for cls in dict.values(AGGREGATES)]


def transcoding_of(cls: type[GameAggregate]) -> Transcoding:
    """The snapshot transcoding of one game's state."""
    return StateAsDict(cls.package, cls.package.info.topic_prefix.split(".")[0] + ".GameState")


# the default game's names, as the projections and the tests of stored events use them (its aggregate built
# now; the other shipped games' on first use; DL_GAMES's and the entry points' when the application starts, where
# a bad one is reported)
load_games(shipped_only=True)  # (domain.games: declares the shipped games)
TOPIC_PREFIX = default().info.topic_prefix
CREATED_EVENTS = default().chain.first_events
EVENT_CLASSES: dict[str, type[Any]] = aggregate_for(default()).event_classes
