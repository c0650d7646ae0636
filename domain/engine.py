"""Deprecated import path: use ``domain.games.dungeon_lords.engine`` (or ``domain.games.get("dungeon_lords")``).

Kept as a thin re-export for programs written against the first layout; it warns once on import and
goes away in a later release (see docs/changelog.md).
"""

import warnings

from domain.games.dungeon_lords.engine import *  # noqa: F403
from domain.games.dungeon_lords.engine import from_scenario, new_game, pending, replay  # noqa: F401
from domain.kernel import RuleViolation  # noqa: F401

warnings.warn(
    "domain.engine is deprecated; import domain.games.dungeon_lords.engine instead",
    DeprecationWarning,
    stacklevel=2,
)
