"""The registry of games: :func:`get` a :class:`~domain.kernel.GamePackage` by name.

Each game is one package below this one; it imports the kernel and never another game.
"""

from __future__ import annotations

from domain.kernel import GamePackage

from .dungeon_lords import GAME as DUNGEON_LORDS
from .monster_inn import GAME as MONSTER_INN

GAMES: dict[str, GamePackage] = {g.info.name: g for g in (DUNGEON_LORDS, MONSTER_INN)}


def get(name: str) -> GamePackage:
    """The registered game called ``name`` (``"dungeon_lords"``, ``"monster_inn"``; a hyphen is read as
    an underscore, so ``"monster-inn"`` works too).

    Raises:
        KeyError: no such game; the message lists the registered ones.
    """
    try:
        return GAMES[name.replace("-", "_")]
    except KeyError:
        raise KeyError(f"no game {name!r}; registered: {', '.join(sorted(GAMES))}") from None


__all__ = ["GAMES", "get"]
