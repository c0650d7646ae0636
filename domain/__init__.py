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
"""

from . import games
from .games.dungeon_lords.engine import advance, decide, execute, new_game, pending, replay
from .games.dungeon_lords.phases.settle import (
    evolve_stored as evolve,  # settles events stored before their settled fields
)
from .kernel import RuleViolation

__all__ = ["RuleViolation", "advance", "decide", "evolve", "execute", "games", "new_game", "pending", "replay"]
