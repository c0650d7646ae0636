"""The registry of games: every :class:`~.game.GamePackage` the program knows, by name.

The kernel holds the registry and imports no game: a game registers itself (``domain.games`` registers
the games shipped here, one line each; the service loads the games named by the ``dungeon-lords.games``
entry point group and ``DL_GAMES``, see ``docs/adding-a-game.md``). Everything above the games iterates
:data:`GAMES` or asks :func:`get`; nothing outside a game's package names it.
"""

from __future__ import annotations

from .game import GamePackage

#: the registered games by registry name, in registration order (the first is the default game)
GAMES: dict[str, GamePackage] = {}


def register(package: GamePackage) -> GamePackage:
    """Add ``package`` to :data:`GAMES` under ``package.info.name`` and return it. Registering the same
    package again does nothing.

    Raises:
        ValueError: another package is registered under that name, or its topic prefix or record format
            is another game's (stored events and records must say which game they belong to).
    """
    info = package.info
    known = GAMES.get(info.name)
    if known is package:
        return package
    if known is not None:
        raise ValueError(f"a game {info.name!r} is registered already")
    for other in GAMES.values():
        if other.info.topic_prefix == info.topic_prefix:
            raise ValueError(f"{info.name}: topic prefix {info.topic_prefix!r} is {other.info.name}'s")
        if info.record_format and other.info.record_format == info.record_format:
            raise ValueError(f"{info.name}: record format {info.record_format!r} is {other.info.name}'s")
    GAMES[info.name] = package
    return package


def get(name: str) -> GamePackage:
    """The registered game called ``name`` (a hyphen is read as an underscore: ``"high-card"`` is ``high_card``).

    Raises:
        KeyError: no such game; the message lists the registered ones.
    """
    try:
        return GAMES[name.replace("-", "_")]
    except KeyError:
        raise KeyError(f"no game {name!r}; registered: {', '.join(sorted(GAMES))}") from None


def default() -> GamePackage:
    """The game a command plays when none is named: the first registered.

    Raises:
        LookupError: no game is registered."""
    for package in GAMES.values():
        return package
    raise LookupError("no game is registered")
