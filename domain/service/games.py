"""The games the service runs: it loads them by name, so it imports no game (an import-linter contract).

Three sources, in order, each registering :class:`~domain.kernel.GamePackage` objects in the kernel's
registry (:mod:`domain.kernel.registry`):

    domain.games                      the games shipped here (one registration line each)
    entry points "dungeon-lords.games" an installed package's games: ``toy = "my_pkg.toy:GAME"``
    DL_GAMES                          comma-separated ``module[:attribute]`` (attribute default ``GAME``),
                                      e.g. ``DL_GAMES=toy_game`` for a game that is not installed

How to add a game: ``docs/adding-a-game.md``.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from domain.kernel import GamePackage
from domain.kernel.registry import GAMES, register

from .settings import extra_games

SHIPPED = "domain.games"  # the package that registers the games shipped with the program
GROUP = "dungeon-lords.games"  # the entry point group of games installed beside it

_loaded: set[str] = set()  # the DL_GAMES specs loaded so far (entry points: once per process)


class GameLoadError(ValueError):
    """A game named by ``DL_GAMES`` or an entry point cannot be loaded (no module, no attribute, not a
    ``GamePackage``, or a name another game has): a setting's bad value (the command line: exit 2)."""


def load_games(shipped_only: bool = False) -> dict[str, GamePackage]:
    """Register the shipped games, the entry points' and ``DL_GAMES``'s (each once per process; with
    ``shipped_only``, the shipped games alone: what a module needs at import, where an error cannot be
    reported well), and return the registry (:data:`domain.kernel.registry.GAMES`).

    Raises:
        GameLoadError: one line naming the game that cannot be loaded and why."""
    importlib.import_module(SHIPPED)
    if shipped_only:
        return GAMES
    if SHIPPED not in _loaded:
        for point in entry_points(group=GROUP):
            _register(point.value, point.load)
        _loaded.add(SHIPPED)
    for spec in extra_games():
        if spec not in _loaded:
            _register(spec, lambda spec=spec: _resolve(spec))
            _loaded.add(spec)
    return GAMES


def _resolve(spec: str) -> object:
    module, _, attribute = spec.partition(":")
    return getattr(importlib.import_module(module), attribute or "GAME")


def _register(spec: str, load: object) -> None:
    try:
        package = load()  # type: ignore[operator]
    except (ImportError, AttributeError) as exc:
        raise GameLoadError(f"cannot load the game {spec!r}: {exc}") from None
    if not isinstance(package, GamePackage):
        raise GameLoadError(f"the game {spec!r} is a {type(package).__name__}, not a GamePackage")
    try:
        register(package)
    except ValueError as exc:
        raise GameLoadError(f"cannot register the game {spec!r}: {exc}") from None
