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

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: ClassVar[str] = "consequence"
    version: ClassVar[int] = 1

    @property
    def type(self) -> str:
        """The event's name (its class name): the stable part of its stored topic."""
        return type(self).__name__

    def to_json(self) -> dict[str, Any]:
        """``{"type": ..., **fields}``: the shape of the record and the HTTP API."""
        return {"type": self.type, **self.model_dump(mode="json")}


class Decision(Event):
    """A player's validated choice."""

    kind: ClassVar[str] = "decision"


class Chance(Event):
    """What a draw produced (entered at the table, or by the seeded RNG in digital play)."""

    kind: ClassVar[str] = "chance"


class Command(BaseModel):
    """Base of every game's commands: immutable, no unknown fields, a ``type`` tag per class."""

    model_config = ConfigDict(frozen=True, extra="forbid")
