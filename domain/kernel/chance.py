"""Chance nodes: :class:`ChanceSpec`, a draw of ``count`` components from a multiset ``pool``.

In digital play the engine answers a chance node with a seeded RNG; at a table a person records what
came up (``RecordDraw``), and :meth:`ChanceSpec.problem` checks it against what remains.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class ChanceSpec:
    """A draw: ``count`` items from ``pool`` (a multiset, order irrelevant).

    Attributes:
        what: what is drawn, in words a recorder knows ("monsters", "trap_cards", "event_tile").
        pool: the component ids that can still come up (one entry per physical copy).
        count: how many are drawn.
        color: whose draw it is, when it belongs to one player (hidden from the others).
        build: outcome -> the chance event(s) that record it.
    """

    what: str
    pool: list[str]
    count: int
    color: str | None = None
    build: Callable[[list[str]], list[Any]] | None = None

    def problem(self, cards: list[str]) -> str | None:
        """Why ``cards`` cannot be the outcome of this draw, or None if they can."""
        if len(cards) != self.count:
            return f"this draw takes exactly {self.count} {self.what}, not {len(cards)}"
        missing = Counter(cards) - Counter(self.pool)
        if missing:
            left = ", ".join(sorted(set(self.pool))) or "nothing"
            return f"{', '.join(sorted(missing))} cannot come up: the {self.what} that remain are {left}"
        return None

    def events(self, cards: list[str]) -> list[Any]:
        """The chance events for an outcome already checked by :meth:`problem`."""
        if self.build is None:
            raise RuntimeError(f"the {self.what} draw has no event builder; this is an engine bug")
        return self.build(cards)
