"""What a game brings to the programs above the service (the command line, the page, the read models),
as data and pure functions: the kernel imports nothing of them, a game fills in what it has, and a
program falls back on the game's generic entry points for the rest (``docs/adding-a-game.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class GameUI:
    """A game's pieces for the layers above the service. Every field may be left out.

    Attributes:
        describe_event: ``(event) -> str``: one event in words (None: the game's ``log_entries`` text).
        status_lines: ``(state, view, viewer) -> [str]``: the game as ``viewer`` (a seat, None: the
            recorder) may see it, one line each, in console markup (``[bold]...[/]``); ``view`` is the
            game's redacted view of ``state``. None: the view printed as JSON.
        cite: ``(rule id) -> str``: a rule id with its citation (None: the id).
        options: the set-up options ``new`` and ``simulate`` pass on to ``new_game``, by name, with their
            help (``{"rules": "the provisional rules..."}``).
        rulesets: named sets of rules modules (``{"base": (), "festival": ("five_seasons", ...)}``).
        catalog_check: ``(overrides) -> str``: what is wrong with a catalog override file's content for
            this game ("" when it fits); None: the game takes no catalog overrides.
        extras: anything else a program of this repository reads by key (``"board"``, ``"templates"``...).
    """

    describe_event: Callable[[Any], str] | None = None
    status_lines: Callable[[Any, dict[str, Any], str | None], list[str]] | None = None
    cite: Callable[[str], str] | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    rulesets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    catalog_check: Callable[[dict[str, Any]], str] | None = None
    extras: Mapping[str, Any] = field(default_factory=dict)
