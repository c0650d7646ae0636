"""The score card's types: what a score line sees of a player (:class:`ScoreCard`) and a line itself
(:class:`ScoreLine`). Apart from :mod:`.scoring` so that a rules module (:mod:`.ruleset`) can declare its own
lines without importing the scoring, which reads the registered modules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .catalog import Catalog
from .state import Player


@dataclass(frozen=True)
class ScoreCard:
    """What a score line sees of one player at the end of the game.

    Attributes:
        player: the player being scored.
        catalog: the game's catalog.
        titles: the titles this player won (title id -> "exclusive" | "shared").
        title_points: Fame per title for this player count ("exclusive"/"shared" -> points).
        hall_of_fame: points per exclusive title for an unconquered Hall of Fame.
    """

    player: Player
    catalog: Catalog
    titles: dict[str, str]
    title_points: dict[str, int]
    hall_of_fame: int


@dataclass(frozen=True)
class ScoreLine:
    """One line of the score card: ``id`` (the key in ``PlayerScore.lines``), ``head`` (5 letters for the
    text table) and ``points(card) -> int``."""

    id: str
    head: str
    points: Callable[[ScoreCard], int]
