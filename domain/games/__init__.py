"""The registry of games: :func:`get` a :class:`~domain.kernel.GamePackage` by name.

Each game is one package below this one; it imports the kernel and never another game.
"""

from __future__ import annotations

from domain.kernel import GamePackage

from .dungeon_lords import GAME as DUNGEON_LORDS

GAMES: dict[str, GamePackage] = {DUNGEON_LORDS.info.name: DUNGEON_LORDS}


def get(name: str) -> GamePackage:
    """The registered game called ``name`` (``"dungeon_lords"``).

    Raises:
        KeyError: no such game; the message lists the registered ones.
    """
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; registered: {', '.join(sorted(GAMES))}") from None


__all__ = ["GAMES", "get"]
