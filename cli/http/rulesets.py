"""A new game's rules modules from what the API or the page asks for (Dungeon Lords' Festival Season)."""

from __future__ import annotations

from typing import Any

from domain.games.dungeon_lords.ruleset import RULESETS
from domain.kernel import RuleViolation


def rules_modules(game: str, ruleset: str, modules: list[str]) -> dict[str, Any]:
    """The set-up option naming a Dungeon Lords game's rules modules (Festival Season), from a ruleset and
    modules; nothing for the base game. Raises RuleViolation (SETUP_INVALID): an unknown ruleset, or
    modules for another game."""
    name = ruleset or "base"
    if name == "base" and not modules:
        return {}
    if game != "dungeon_lords":
        raise RuleViolation("SETUP_INVALID", "rules modules are Dungeon Lords' (Festival Season)", "setup.players")
    if name not in RULESETS:
        raise RuleViolation("SETUP_INVALID", f"unknown ruleset {name!r}: {', '.join(RULESETS)}", "setup.players")
    return {"modules": [*RULESETS[name], *modules]}
