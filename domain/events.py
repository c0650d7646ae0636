"""Deprecated import path: use ``domain.games.dungeon_lords.events`` (or ``domain.games.get("dungeon_lords")``).

Kept as a thin re-export for programs written against the first layout; it warns once on import and
goes away in a later release (see docs/changelog.md).
"""

import warnings

from domain.games.dungeon_lords.events import *  # noqa: F403

warnings.warn(
    "domain.events is deprecated; import domain.games.dungeon_lords.events instead",
    DeprecationWarning,
    stacklevel=2,
)
