"""Scenarios: a game that starts from a described situation (a JSON object: the caller reads the file).

The format is documented in ``docs/scenarios.md``. Loading validates the description against
component counts and the rules of placement, fills in everything left unsaid (the stacks hold
every component not placed elsewhere; missing Combat Cards are drawn with the scenario's seed)
and yields one recorded event, :class:`~domain.games.dungeon_lords.events.ScenarioLoaded`, carrying the complete
state, so a replay never depends on this module.
"""

from __future__ import annotations

import json
import random
from typing import Any

from pydantic import ValidationError

from domain.kernel.setup import field_path

from .errors import RuleViolation
from .events import ScenarioLoaded
from .position import cross_problems, schema_problem
from .scenario_build import build_state
from .scenario_format import SCENARIO_PHASES, Scenario, ScenarioNonPlayer, ScenarioPaladin, ScenarioPlayer
from .scenario_format import invalid as _bad
from .state import to_dict

__all__ = [
    "SCENARIO_PHASES",
    "Scenario",
    "ScenarioNonPlayer",
    "ScenarioPaladin",
    "ScenarioPlayer",
    "build_state",
    "load_position",
    "load_scenario",
    "unplayable",
]


def unplayable(problem: str) -> RuleViolation:
    """SCENARIO_INVALID for a scenario that loads but cannot be played on (``problem``: one line, what
    random play of a copy met: see :func:`~domain.kernel.play.continuation_problem`)."""
    return _bad(f"the scenario cannot be played on: {problem}")


def load_scenario(data: dict[str, Any] | str, catalog_overrides: dict[str, Any] | None = None) -> list[ScenarioLoaded]:
    """Validate a scenario (a dict or its JSON text; a caller with a file reads it) and return its one event.
    The scenario's components come from the shipped catalog with the table's ``catalog_overrides`` (recorded in the
    state); a position (a whole state) keeps the catalog it names.

    Raises:
        RuleViolation: ``SCENARIO_INVALID`` with the first problem found.
    """
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise _bad(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    if not isinstance(data, dict):  # a path is the caller's to read (games do no file I/O)
        raise _bad(f"a scenario is a JSON object (a dict or its text), not {type(data).__name__}")
    if "board" in data and "version" in data:
        return load_position(data)
    inner = data.get("state", data)
    if isinstance(inner, dict) and {"inn", "supply", "rules"} <= set(inner):
        raise _bad("this is a Monster Inn position: load it with new --game monster-inn --scenario FILE")
    try:
        sc = Scenario.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise _bad(f"{field_path(first['loc'])}: {' '.join(str(first['msg']).split())}") from None
    state = build_state(sc, catalog_overrides)
    return [ScenarioLoaded(name=sc.name, description=sc.description, state=to_dict(state))]


def load_position(data: dict[str, Any]) -> list[ScenarioLoaded]:
    """A position: a whole state as ``status --json`` prints it (any phase and step), checked before it is
    accepted: its schema (:mod:`.position`: every field, of its type, within its bounds), what its fields
    say of each other, and the game's invariants (every component in exactly one place).

    Raises:
        RuleViolation: ``SCENARIO_INVALID`` naming the offending field.
    """
    import copy

    from .invariants import position_problems
    from .state import from_dict
    from .views import HIDDEN

    d = copy.deepcopy(data)
    if d.get("seed") == HIDDEN:  # withheld while the game was in progress: draws go on afresh
        d["seed"] = random.SystemRandom().randrange(2**63) if d.get("mode") == "digital" else None
    if HIDDEN in json.dumps(d, allow_nan=True):
        raise _bad(
            "this is a player's view (status --as): hidden values cannot be set up; use status --json without --as"
        )
    if "paladin" in d and "paladins" not in d:  # printed when a Year had one paladin
        one = d.pop("paladin")
        d["paladins"] = [] if one is None else [one]
    problem = schema_problem(d)
    found = [problem] if problem else cross_problems(d)
    if found:
        raise _bad(found[0])
    try:
        state = from_dict(d)
        state.version = 0
        check = to_dict(state)
    except (TypeError, KeyError, ValueError, AttributeError, IndexError) as exc:
        raise _bad(f"not a game state: {type(exc).__name__}: {exc}") from None
    try:
        found = position_problems(from_dict(check))
    except (TypeError, KeyError, ValueError, AttributeError, IndexError) as exc:
        raise _bad(f"not a game state: {type(exc).__name__}: {exc}") from None
    if found:
        raise _bad(found[0])
    return [
        ScenarioLoaded(
            name="position",
            description=f"a position set up from a saved state (Year {state.year}, {state.phase})",
            state=check,
        )
    ]
