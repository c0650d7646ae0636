"""Deprecated import path: use ``domain.games.dungeon_lords.state`` (or ``domain.games.get("dungeon_lords")``).

Kept as a thin re-export for programs written against the first layout; it warns once on import and
goes away in a later release (see docs/changelog.md).
"""

import warnings

from domain.games.dungeon_lords.state import *  # noqa: F403
from domain.games.dungeon_lords.state import from_dict, to_dict  # noqa: F401

warnings.warn(
    "domain.state is deprecated; import domain.games.dungeon_lords.state instead",
    DeprecationWarning,
    stacklevel=2,
)
