"""The games shipped with the program, registered in the kernel's registry (:mod:`domain.kernel.registry`):
:func:`get` a :class:`~domain.kernel.GamePackage` by name, or iterate :data:`GAMES`.

Each game is one package below this one; it imports the kernel and never another game. Adding a game
here is one line below (a game outside this repository registers through the ``dungeon-lords.games``
entry point group or ``DL_GAMES`` instead: ``docs/adding-a-game.md``). The first registered is the
default game.
"""

from __future__ import annotations

from domain.kernel.registry import GAMES, default, get, register

from .dungeon_lords import GAME as DUNGEON_LORDS
from .monster_inn import GAME as MONSTER_INN

register(DUNGEON_LORDS)
register(MONSTER_INN)

__all__ = ["GAMES", "default", "get", "register"]
