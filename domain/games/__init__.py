"""The games shipped with the program, registered in the kernel's registry (:mod:`domain.kernel.registry`):
:func:`get` a :class:`~domain.kernel.GamePackage` by name, or iterate :data:`GAMES`.

Each game is one package below this one; it imports the kernel and never another game. Adding a game
here is one line below (a game outside this repository registers through the ``dungeon-lords.games``
entry point group or ``DL_GAMES`` instead: ``docs/adding-a-game.md``). The first registered is the
default game.
"""

from __future__ import annotations

from domain.kernel.registry import GAMES, declare, default, get, register

# by module path: a game is imported when it is first used (start-up: reading a Dungeon Lords game never imports
# Monster Inn); the topic prefix and record format say which game a stored event or a record is before that
declare("dungeon_lords", f"{__name__}.dungeon_lords", "dl.Game.", "dungeon-lords-record")
declare("monster_inn", f"{__name__}.monster_inn", "mi.Game.", "monster-inn-record")

__all__ = ["GAMES", "default", "get", "register"]
