"""The read models of each game, one module per game, found by the game's registry name:
``projections/games/<game>.py`` (or a package of that name) with

    stage(con, source)            the batch's events of this game into its own staging table (``source``: the
                                  batch as ``read_json(...)``), in registration order
    derive(con, first, undo)      its read-model rows from the events staged at or after notification ``first``,
                                  and its rows of the common ``games`` and ``player_results`` (``undo``: the batch
                                  may hold an undo or a correction; False: none, that step may be skipped)
    GAMES_TOUCHED                 SQL: the ids of its games with events staged at or after ``$first``
    STAGED                        the prefix its staged event types carry in a batch (:mod:`projections.staging`:
                                  ``""`` for the game whose types are staged bare, ``"mi."`` for Monster Inn's)
    ROLLUPS                       its own aggregates (:class:`projections.rollups.Rollup`; may be left out), each
                                  query filtered to its games with ``projections.rollups.only(__name__)``

(:mod:`projections.games.dungeon_lords`, :mod:`projections.games.monster_inn`). The projection's core
(:mod:`projections.derive`, :mod:`projections.rollups`) imports no game: it iterates :func:`registered`. A
registered game without a module has no read models: :func:`projected` leaves it out and says so in
:func:`unprojected`, so that `stats` refuses it in one line rather than answer nothing
(``docs/adding-a-game.md``).
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


def registry_names() -> list[str]:
    """The registered games' names in registration order, the first the default game (the shipped games loaded
    first: :func:`domain.service.games.load_games`)."""
    from domain.service.games import load_games

    return list(load_games(shipped_only=True))


def registered() -> list[ModuleType]:
    """The projection modules of the registered games, in registration order."""
    return projected(registry_names())
