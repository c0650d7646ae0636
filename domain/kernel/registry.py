"""The registry of games: every :class:`~.game.GamePackage` the program knows, by name.

The kernel holds the registry and imports no game: a game registers itself (``domain.games`` declares
the games shipped here, one line each, by module path: each is imported on first use; the service loads
the games named by the ``dungeon-lords.games`` entry point group and ``DL_GAMES``, see
``docs/adding-a-game.md``). Everything above the games iterates
:data:`GAMES` or asks :func:`get`; nothing outside a game's package names it.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from .deferred import LoadOnRead
from .game import GamePackage


class Declared(NamedTuple):
    """A game registered by module path (:func:`declare`), imported on first use: the module whose ``GAME`` it
    is, and the topic prefix and record format its ``GameInfo`` says (checked when it is imported)."""

    module: str
    topic_prefix: str
    record_format: str


#: the registered games by registry name, in registration order (the first is the default game); a game declared
#: but not yet imported is imported by any read of it (iteration, ``[]``, ``in``...), so it holds every game;
#: :func:`get`, :func:`default` and :func:`of_topic` import only the game they return
GAMES: LoadOnRead[str, GamePackage] = LoadOnRead()
_DECLARED: dict[str, Declared] = {}  # by name, in declaration order (the shipped games: domain.games)


def declare(name: str, module: str, topic_prefix: str, record_format: str = "") -> None:
    """Register the game ``name`` as the ``GAME`` of ``module`` (a dotted path), imported when it is first used
    (start-up: a command that reads one game imports only that one). Its place in :data:`GAMES` is the order of
    declaration. ``topic_prefix`` and ``record_format``: its ``GameInfo``'s (how a stored event or a record
    names its game before it is imported)."""
    _DECLARED[name] = Declared(module, topic_prefix, record_format)
    GAMES.set_loader(_load_declared)


def _load_declared() -> None:
    for name in _DECLARED:
        _import(name)


def _import(name: str) -> GamePackage:
    """The declared game ``name``, imported and registered (once), in declaration order among the others.

    Raises:
        ValueError: its ``GameInfo`` is not what was declared (another name, prefix or record format)."""
    known = dict.get(GAMES, name)
    if known is not None:
        return known
    declared = _DECLARED[name]
    package: GamePackage = importlib.import_module(declared.module).GAME
    info = package.info
    if (info.name, info.topic_prefix, info.record_format) != (name, declared.topic_prefix, declared.record_format):
        raise ValueError(f"{declared.module}.GAME is {info.name!r} ({info.topic_prefix}), not as declared: {name!r}")
    register(package)
    order = [n for n in _DECLARED if dict.__contains__(GAMES, n)]
    order += [n for n in dict.keys(GAMES) if n not in _DECLARED]
    items = {n: dict.__getitem__(GAMES, n) for n in order}
    dict.clear(GAMES)
    dict.update(GAMES, items)  # the declared games first, in their order, then the others as registered
    return package


def register(package: GamePackage) -> GamePackage:
    """Add ``package`` to :data:`GAMES` under ``package.info.name`` and return it. Registering the same
    package again does nothing.

    Raises:
        ValueError: another package is registered under that name, or its topic prefix or record format
            is another game's (stored events and records must say which game they belong to).
    """
    info = package.info
    known = dict.get(GAMES, info.name)
    if known is package:
        return package
    if known is not None:
        raise ValueError(f"a game {info.name!r} is registered already")
    others = {n: (p.info.topic_prefix, p.info.record_format) for n, p in dict.items(GAMES)}
    for n, declared in _DECLARED.items():
        if n != info.name:
            others.setdefault(n, (declared.topic_prefix, declared.record_format))
    for other, (prefix, record_format) in others.items():
        if prefix == info.topic_prefix:
            raise ValueError(f"{info.name}: topic prefix {info.topic_prefix!r} is {other}'s")
        if info.record_format and record_format == info.record_format:
            raise ValueError(f"{info.name}: record format {info.record_format!r} is {other}'s")
    dict.__setitem__(GAMES, info.name, package)
    return package


def get(name: str) -> GamePackage:
    """The registered game called ``name`` (a hyphen is read as an underscore: ``"high-card"`` is ``high_card``);
    a declared game is imported now if it was not.

    Raises:
        KeyError: no such game; the message lists the registered ones.
    """
    key = name.replace("-", "_")
    if key in _DECLARED:
        return _import(key)
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"no game {name!r}; registered: {', '.join(sorted(GAMES))}") from None


def of_topic(topic: str) -> GamePackage | None:
    """The game whose events are stored under ``topic`` (``"mi.Game.InnDealt"``), imported if it was only
    declared; None: no registered game stores that topic."""
    topic += "."  # (an aggregate's own topic, ``"mi.Game"``, is its events' prefix without the dot)
    for package in dict.values(GAMES):
        if topic.startswith(package.info.topic_prefix):
            return package
    for name, declared in _DECLARED.items():
        if topic.startswith(declared.topic_prefix):
            return _import(name)
    return None


def default() -> GamePackage:
    """The game a command plays when none is named: the first registered (the first declared, imported now).

    Raises:
        LookupError: no game is registered."""
    for name in _DECLARED:
        return _import(name)
    for package in GAMES.values():
        return package
    raise LookupError("no game is registered")
