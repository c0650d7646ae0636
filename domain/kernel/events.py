"""Bases of every game's domain events: :class:`Event`, and its two kinds :class:`Decision` and :class:`Chance`.

Three kinds share one log: ``decision`` (a player's validated choice), ``chance`` (what a draw produced:
every outcome is inside the event, so replay never re-rolls) and ``consequence`` (what the rules made
happen). Each class carries ``version`` (its schema version, used by upcasting) and ``kind``; its
``type`` is the class name, which a game's stored topic (``"dl.Game."``, ``"mi.Game."``) prefixes.

Representation (architecture §1, "Events are plain structs"): an event is a frozen ``msgspec.Struct``,
not a pydantic model: built, copied and serialised on the hot path several times cheaper, its classes
cheap to create at import. Building one does not validate it: the rules build it from validated values.
What comes from outside is validated on the way in: a stored or exported event by :meth:`Event.from_payload`
(and ``event_from_json``): types checked strictly, unknown fields refused, a ``msgspec.ValidationError``
(a ``ValueError``) naming the field. Commands, states and the HTTP schemas stay pydantic models.
"""

from __future__ import annotations

import builtins
from typing import Any, ClassVar, TypeVar

import msgspec
from pydantic import BaseModel, ConfigDict
from typing_extensions import dataclass_transform

_E = TypeVar("_E", bound="Event")
_encode = msgspec.json.encode
_decode = msgspec.json.decode
_builtins = msgspec.to_builtins


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(msgspec.field,))
class _EventMeta(msgspec.StructMeta):
    """Every event class is keyword-only (msgspec does not inherit ``kw_only``): its fields keep the order
    they are declared in (the stored order), required fields after defaulted ones included."""

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kwargs: Any) -> Any:
        kwargs.setdefault("kw_only", True)
        return super().__new__(mcls, name, bases, ns, **kwargs)


def _plain_only(tp: Any) -> bool:
    """Whether values of the type ``tp`` come out of ``msgspec.to_builtins`` exactly as JSON would read
    them back (no tuples, nothing of type ``Any`` that might hold one)."""
    info = msgspec.inspect.type_info(tp) if not isinstance(tp, msgspec.inspect.Type) else tp
    if isinstance(info, (msgspec.inspect.TupleType, msgspec.inspect.VarTupleType, msgspec.inspect.AnyType)):
        return False
    if isinstance(info, msgspec.inspect.UnionType):
        return all(_plain_only(t) for t in info.types)
    if isinstance(info, (msgspec.inspect.ListType, msgspec.inspect.SetType, msgspec.inspect.FrozenSetType)):
        return _plain_only(info.item_type)
    if isinstance(info, msgspec.inspect.DictType):
        return _plain_only(info.key_type) and _plain_only(info.value_type)
    if isinstance(info, msgspec.inspect.StructType):
        return all(_plain_only(f.type) for f in info.fields)
    return True


_PLAIN: dict[type, bool] = {}  # event class -> whether to_builtins gives its JSON form as is (worked out once)


class Event(msgspec.Struct, metaclass=_EventMeta, frozen=True, forbid_unknown_fields=True, tag_field="type", tag=True):
    """A domain event: immutable, JSON-native (``to_json``); built from validated values (not validated
    again), read back validated (:meth:`from_payload`)."""

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
        """``{"type": ..., **fields}``: the shape of the record and the HTTP API (JSON values only: a
        tuple field is a list, every field present, in declaration order)."""
        cls = type(self)
        plain = _PLAIN.get(cls)
        if plain is None:
            plain = _PLAIN[cls] = all(_plain_only(f.type) for f in msgspec.structs.fields(cls))
        if plain:
            data: dict[str, Any] = _builtins(self)
            return data
        data = _decode(_encode(self))
        return data

    def payload(self) -> dict[str, Any]:
        """The fields' JSON form without ``"type"``: what the store keeps (its topic names the type) and
        the hash chain links."""
        data = self.to_json()
        del data["type"]
        return data

    def replace(self: _E, **changes: Any) -> _E:
        """A copy with ``changes`` (not validated, as the rules build events)."""
        return msgspec.structs.replace(self, **changes)

    @classmethod
    def from_payload(cls: builtins.type[_E], data: dict[str, Any]) -> _E:
        """The event from its stored fields (``payload``; a ``"type"`` key, if any, must name this class),
        validated: a wrong type, a value out of range, a missing or unknown field raise
        ``msgspec.ValidationError`` (a ``ValueError``)."""
        return msgspec.convert(data, cls)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The event's fields, in their stored order."""
        return cls.__struct_fields__


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


class Command(BaseModel):
    """Base of every game's commands: immutable, no unknown fields, a ``type`` tag per class."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


# --- the record's markers: taking inputs back without deleting them (domain.kernel.history) -----------
class InputUndone(Decision):
    """A player took back their latest input (events ``first``..``last``); the game is as it was
    before it (``state``). The undone events stay in the log."""

    player: str
    first: int
    last: int
    description: str
    state: dict[str, Any]


class InputCorrected(Decision, kw_only=True):  # (kw_only: for mypy; every event is)
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
