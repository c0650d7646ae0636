"""Bases of every game's domain events: :class:`Event`, and its two kinds :class:`Decision` and :class:`Chance`.

Three kinds share one log: ``decision`` (a player's validated choice), ``chance`` (what a draw produced:
every outcome is inside the event, so replay never re-rolls) and ``consequence`` (what the rules made
happen). Each class carries ``version`` (its schema version, used by upcasting) and ``kind``; its
``type`` is the class name, which a game's stored topic (``"dl.Game."``, ``"mi.Game."``) prefixes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict


class Event(BaseModel):
    """A domain event: immutable, validated, JSON-native (``to_json``)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
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
