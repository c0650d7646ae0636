"""A new game's rules modules from what the API or the page asks for (a game's ``ui.rulesets``: named sets of
its rules modules, e.g. an expansion's)."""

from __future__ import annotations

from typing import Any

from domain.games import default, get
from domain.kernel import RuleViolation


def rules_modules(game: str | None, ruleset: str, modules: list[str]) -> dict[str, Any]:
    """The set-up option naming a game's rules modules, from a ruleset and modules; nothing for the base
    game. ``game`` None: the default game. Raises RuleViolation (SETUP_INVALID): an unknown ruleset, or
    modules for a game that has none; KeyError: no such game."""
    name = ruleset or "base"
    if name == "base" and not modules:
        return {}
    package = get(game) if game else default()
    rulesets = package.ui.rulesets
    if not rulesets:
        raise RuleViolation(
            "SETUP_INVALID", "{title} has no rules modules", "setup.players", params={"title": package.info.title}
        )
    if name not in rulesets:
        raise RuleViolation(
            "SETUP_INVALID",
            "unknown ruleset {name!r}: {rulesets}",
            "setup.players",
            params={"name": name, "rulesets": ", ".join(rulesets)},
        )
    return {"modules": [*rulesets[name], *modules]}
