"""The rules engine: a game-agnostic kernel, games as packages, and the I/O ring (``service``).

The stable public surface (``docs/python-api.md``)::

    from domain import games
    dl = games.get("dungeon_lords")
    events, state = dl.new_game(["Ann", "Bob"], seed=7)
    p = dl.engine.pending(state)             # what the game waits for; p.options(actor)
    events, state = dl.engine.execute(state, p.options(p.actors[0])[0])
    dl.view(state, "blue")                   # what Blue may see

``advance``, ``decide``, ``evolve``, ``execute``, ``new_game``, ``pending``, ``replay`` below are the
base game's (``domain.games.dungeon_lords``), kept for programs written against the first layout.
Nothing in ``domain.kernel`` or ``domain.games`` imports a database driver, DuckDB or typer.

Every name here is imported when first asked for (PEP 562 ``__getattr__``): importing ``domain.kernel`` or
``domain.service`` does not load the shipped games, so "the kernel and the service import no game" holds
when the program runs, not only in import-linter's reading of the source.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the names below are, for type checkers (nothing imported at run time)
    from . import games
    from .games.dungeon_lords.engine import advance, decide, execute, new_game, pending, replay
    from .games.dungeon_lords.phases.settle import evolve_stored as evolve
    from .kernel import RuleViolation

#: each name of the first layout -> (the module that holds it, its name there)
_LAZY = {
    "games": ("domain.games", None),
    "RuleViolation": ("domain.kernel", "RuleViolation"),
    "evolve": ("domain.games.dungeon_lords.phases.settle", "evolve_stored"),  # settles events stored before
    # their settled fields
    **{
        n: ("domain.games.dungeon_lords.engine", n)
        for n in ("advance", "decide", "execute", "new_game", "pending", "replay")
    },
}

__all__ = ["RuleViolation", "advance", "decide", "evolve", "execute", "games", "new_game", "pending", "replay"]


def __getattr__(name: str) -> Any:
    """``domain.<name>`` for a name of :data:`__all__`, imported on first use and kept (then found directly).

    Raises:
        AttributeError: for any other name (as a module without it would)."""
    if name not in _LAZY:
        raise AttributeError(f"module 'domain' has no attribute {name!r}")
    module, attr = _LAZY[name]
    value = import_module(module) if attr is None else getattr(import_module(module), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
