"""The terminal's two consoles (rich): standard output, and standard error where an error stays one line.
Kept apart from render.py (which draws games, and imports the engine) so that `stats` starts quickly."""

from __future__ import annotations

from rich.console import Console

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)  # an error stays one line
