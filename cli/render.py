"""The terminal's consoles, where the commands import them (``consoles.py``); a game's pictures are in
``cli/games/`` (:mod:`cli.games` picks them by lookup)."""

from __future__ import annotations

from .consoles import console, err_console

__all__ = ["console", "err_console"]
