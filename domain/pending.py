"""What the game waits for: :class:`Pending` (actors, kind of input, legal options).

``pending`` is the heart of recording and of bots (architecture §2). A chance node is a Pending
whose actor is ``"chance"``; its :class:`ChanceSpec` lists the components a draw can still
produce. Each Pending also carries the function that decides the commands it accepts, so
validation and the legal options come from one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

CHANCE = "chance"


@dataclass(slots=True)
class ChanceSpec:
    """A draw: ``count`` items from ``pool`` (a multiset, order irrelevant)."""

    what: str  # "monsters", "rooms", "adventurers", "trap_cards", "event_tile", ...
    pool: list[str]
    count: int
    color: str | None = None  # whose draw (trap cards, order cards)
    build: Callable[[list[str]], list[Any]] | None = None  # outcome -> chance event(s)

    def problem(self, cards: list[str]) -> str | None:
        """Why ``cards`` cannot be the outcome of this draw, or None if they can."""
        if len(cards) != self.count:
            return f"this draw takes exactly {self.count} {self.what}, not {len(cards)}"
        missing = Counter(cards) - Counter(self.pool)
        if missing:
            left = ", ".join(sorted(set(self.pool))) or "nothing"
            return f"{', '.join(sorted(missing))} cannot come up: the {self.what} that remain are {left}"
        return None


@dataclass(slots=True)
class Pending:
    """One decision point. ``options(actor)`` lists the legal commands of that actor."""

    kind: str  # "choose_orders", "action", "production", "pay_wage", ... or "chance"
    actors: list[str]  # colours, or ["chance"]; several for simultaneous choices
    prompt: str
    accepts: tuple[type, ...] = ()
    handle: Callable[[Any, Any], list[Any]] | None = None
    options_fn: Callable[[str], list[Any]] | None = None
    chance: ChanceSpec | None = None
    rule: str = "flow.turn"
    detail: dict[str, Any] = field(default_factory=dict)

    def options(self, actor: str | None = None) -> list[Any]:
        if self.options_fn is None:
            return []
        return self.options_fn(actor if actor is not None else (self.actors[0] if self.actors else ""))

    @property
    def is_chance(self) -> bool:
        return self.actors == [CHANCE]
