"""The settings the service reads from the environment, in one place (nothing below ``domain.service``
reads the environment: the rules get what they need as arguments, and a game records its catalog).

    DL_STORE                  the store spec when none is given (see :mod:`.storage`)
    DL_CATALOG                a catalog override file for new games (read whole; the game records it)
    DL_GAMES                  games to load beside the shipped ones: ``module[:attribute]``, comma-separated
    POSTGRES_PASSWORD         the password of a PostgreSQL store whose URL carries none
    POSTGRES_CONNECT_TIMEOUT  seconds to wait for a PostgreSQL server (default 10)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def store_spec() -> str | None:
    """``DL_STORE``, or None when unset or empty."""
    return os.environ.get("DL_STORE") or None


def catalog_overrides(path: str | None = None) -> dict[str, Any] | None:
    """The override content of the file at ``path`` (default ``DL_CATALOG``); None without a file.

    Raises:
        OSError: the file cannot be read.  ValueError: it is not a JSON object.
    """
    path = path or os.environ.get("DL_CATALOG") or None
    if not path:
        return None
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: top level must be a JSON object")
    return data


def extra_games() -> list[str]:
    """``DL_GAMES``: the games to load beside the shipped ones (``module[:attribute]`` each; empty when
    unset). See :mod:`.games`."""
    return [s.strip() for s in os.environ.get("DL_GAMES", "").split(",") if s.strip()]


def postgres_password() -> str:
    """``POSTGRES_PASSWORD`` (empty when unset: trust authentication)."""
    return os.environ.get("POSTGRES_PASSWORD", "")


def postgres_connect_timeout() -> str:
    """``POSTGRES_CONNECT_TIMEOUT`` in seconds, as text (eventsourcing's own default, 30 s, is too long
    for a command line)."""
    return os.environ.get("POSTGRES_CONNECT_TIMEOUT", "10")
