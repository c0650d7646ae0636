"""Bases of every game's domain events: :class:`Event`, and its two kinds :class:`Decision` and :class:`Chance`.

Three kinds share one log: ``decision`` (a player's validated choice), ``chance`` (what a draw produced:
every outcome is inside the event, so replay never re-rolls) and ``consequence`` (what the rules made
happen). Each class carries ``version`` (its schema version, used by upcasting) and ``kind``; its
``type`` is the class name, which a game's stored topic (``"dl.Game."``, ``"mi.Game."``) prefixes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

_SET = object.__setattr__


class _Plan:
    """How :class:`Built` fills one class's instance: its fields in order with their defaults."""

    __slots__ = ("template", "required", "mutable", "size")

    def __init__(self, cls: type[BaseModel]) -> None:
        fields = cls.__pydantic_fields__
        #: field -> its default (_REQUIRED for none, the factory for a factory), in the model's field order
        self.template: dict[str, Any] = {}
        #: (field, its default factory) for the fields whose default is one, or a list, dict or set
        self.mutable: list[tuple[str, Any]] = []
        for name, f in fields.items():
            if f.default_factory is not None:
                self.template[name] = f.default_factory
                self.mutable.append((name, f.default_factory))
            elif f.is_required():
                self.template[name] = _REQUIRED
            else:
                self.template[name] = f.default
                if isinstance(f.default, list | dict | set):
                    self.mutable.append((name, f.default.copy))
        self.required = frozenset(n for n, v in self.template.items() if v is _REQUIRED)
        self.size = len(self.template)


_REQUIRED = object()
_PLANS: dict[type, _Plan] = {}


class Built(BaseModel):
    """A pydantic model that the rules build without validating (the domain's events and commands).

    ``Cls(**fields)`` (the rules, the bots, the kernel: values they took from a validated state or
    command) sets the fields as given, in the model's field order, with its defaults (a fresh copy of a
    list, dict or set default; factories called) and the same ``__pydantic_fields_set__`` as validation
    would: no pydantic validation on the hot path. Anything else (a missing required field, an unknown
    one) goes through pydantic's validation, which raises ``ValidationError`` as before. Data from outside
    (a command typed by a client, a stored or exported event, a scenario) is validated where it comes in:
    ``model_validate`` and the games' ``TypeAdapter``s never call ``__init__``. That both ways build
    the same object, serialised to the same bytes, is checked for every event and command of fixed-seed
    games of every game (tests/kernel/test_built.py)."""

    def __init__(self, /, **data: Any) -> None:
        cls = type(self)
        plan = _PLANS.get(cls)
        if plan is None:
            plan = _PLANS[cls] = _Plan(cls)
        values = plan.template.copy()
        values.update(data)
        if len(values) != plan.size or not plan.required <= data.keys():
            super().__init__(**data)  # unknown or missing fields: pydantic says what is wrong
            return
        for name, fresh in plan.mutable:  # a default list is each instance's own, as pydantic copies it
            if name not in data:
                values[name] = fresh()
        _SET(self, "__dict__", values)
        _SET(self, "__pydantic_fields_set__", set(data))
        _SET(self, "__pydantic_extra__", None)
        _SET(self, "__pydantic_private__", None)

    # pydantic calls a model's own ``__init__`` when it validates, unless the ``__init__`` is its base's:
    # this one must never run on data from outside, so pydantic is told it is (model_validate stays strict)
    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]


class Event(Built):
    """A domain event: immutable, validated, JSON-native (``to_json``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: ClassVar[str] = "consequence"
    version: ClassVar[int] = 1
    #: the fields the rules settle from the state before the event (where an Evil Marker ends, how many
    #: cards are drawn...): what the game's fold applies instead of working it out. They follow from the
    #: events before them, so the hash chain leaves them out; an event stored before they existed has
    #: them None and the game completes it from the state on replay (architecture §1, "settled fields").
    settled: ClassVar[tuple[str, ...]] = ()

    @property
    def type(self) -> str:
        """The event's name (its class name): the stable part of its stored topic."""
        return type(self).__name__

    def to_json(self) -> dict[str, Any]:
        """``{"type": ..., **fields}``: the shape of the record and the HTTP API."""
        return {"type": self.type, **self.model_dump(mode="json")}


def same_event(derived: Event, stored: Event, decided: bool = False) -> bool:
    """Whether the rules' event ``derived`` is the ``stored`` one: equal, but for the settled fields (see
    ``Event.settled``) that an event stored before they existed lacks (None), or, ``decided``, for every
    settled field (``derived`` is the event as a phase decided it, before the engine settled it)."""
    if type(derived) is not type(stored):
        return False
    a, b = derived.to_json(), stored.to_json()
    if a == b:
        return True
    settled = type(stored).settled
    if not settled:
        return False
    drop = set(settled) if decided else {f for f in settled if b.get(f) is None}
    return bool(drop) and {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


class Decision(Event):
    """A player's validated choice."""

    kind: ClassVar[str] = "decision"


class Chance(Event):
    """What a draw produced (entered at the table, or by the seeded RNG in digital play)."""

    kind: ClassVar[str] = "chance"


class Command(Built):
    """Base of every game's commands: immutable, no unknown fields, a ``type`` tag per class."""

    model_config = ConfigDict(frozen=True, extra="forbid")


# --- the record's markers: taking inputs back without deleting them (domain.kernel.history) -----------
class InputUndone(Decision):
    """A player took back their latest input (events ``first``..``last``); the game is as it was
    before it (``state``). The undone events stay in the log."""

    player: str
    first: int
    last: int
    description: str
    state: dict[str, Any]


class InputCorrected(Decision):
    """A recorded input found to be wrong: the input whose events start at ``first`` (the correction
    named event ``event``) is replaced by ``command``. Every event from ``first`` up to this one is
    superseded (it stays in the log); ``state`` is the game as it was before event ``first``. The
    events that follow are the new input's, then those of the ``reapplied`` later inputs that were
    kept (each re-applied to the same decision it answered; ``kept`` describes them). ``superseded``
    lists the later inputs that could not be kept, from ``divergence``: the first one, and why.

    Version 1 (before events followed the correction) carried the re-derived state and ``dropped``;
    it is upcast with ``first = event``, ``superseded = dropped`` and nothing re-applied."""

    version: ClassVar[int] = 2
    event: int
    first: int
    was: str
    now: str
    command: dict[str, Any]
    kept: list[str] = []
    superseded: list[str] = []
    divergence: str = ""
    reapplied: int = 0
    follows: bool = True  # the new input's events follow (False only for upcast version 1)
    state: dict[str, Any]


class GameArchived(Decision):
    """The game leaves the statistics (it stays in the store and can still be read and exported)."""

    reason: str = ""
