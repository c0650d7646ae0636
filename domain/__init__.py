"""Dungeon Lords rules: the public surface of the domain package.

``new_game``, ``pending``, ``decide``, ``execute``, ``evolve``, ``replay`` and ``RuleViolation``.
Nothing here imports a database driver, DuckDB or typer.
"""

from .engine import advance, decide, execute, new_game, pending, replay
from .errors import RuleViolation
from .evolve import evolve

__all__ = ["advance", "decide", "evolve", "execute", "new_game", "pending", "replay", "RuleViolation"]
