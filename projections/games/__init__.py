"""The read models of each game but the one :mod:`projections.derive` projects, one module per game, found by
the game's registry name: ``projections/games/<game>.py`` with

    stage(con, source)    the batch's events of this game into its own staging table (``source``: the batch)
    derive(con, first)    its read-model rows, and its rows of the common ``games`` and ``player_results``

(Monster Inn's is :mod:`projections.games.monster_inn`). A registered game without a module has no read
models: :func:`projected` leaves it out and says so in :func:`unprojected`, so that `stats` refuses it in one
line rather than answer nothing (``docs/adding-a-game.md``).
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from types import ModuleType


def modules_here() -> set[str]:
    """The game projection modules of this folder, by name."""
    return {m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])}


def projected(games: list[str]) -> list[ModuleType]:
    """The projection modules of ``games`` (registry names) that have one, in that order."""
    here = modules_here()
    return [importlib.import_module(f"{__name__}.{n}") for n in games if n in here]


def unprojected(games: list[str]) -> list[str]:
    """Those of ``games`` that have no projection module here (their events stay in the store only)."""
    here = modules_here()
    return [n for n in games if n not in here]
