"""Starting a Monster Inn game from a position: a whole state as ``status --json`` prints it (the
recorder's view, nothing hidden), or ``{"name", "description", "state"}`` around one. A disputed ruling
at a table can be set up this way and played on (``new --game monster-inn --scenario FILE``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from domain.kernel import HIDDEN, RuleViolation

from . import events as ev
from .invariants import problems
from .refusals import refuse
from .state import GameState, to_dict


def _bad(message: str) -> RuleViolation:
    return refuse("SCENARIO_INVALID", message, "setup.scenario")


def _hidden(data: Any) -> bool:
    if data == HIDDEN:
        return True
    if isinstance(data, dict):
        return any(_hidden(v) for v in data.values())
    if isinstance(data, list):
        return any(_hidden(v) for v in data)
    return False


def load_scenario(data: dict[str, Any] | str | Path) -> list[ev.ScenarioLoaded]:
    """Validate a position (dict, JSON text or file path) and return its one event.

    Raises:
        RuleViolation: SCENARIO_INVALID with the first problem (a field that does not fit, a value a
            player's view hid, a component counted twice or missing, a humanoid front known before scoring).
    """
    if isinstance(data, Path) or (isinstance(data, str) and not data.lstrip().startswith("{")):
        try:
            data = json.loads(Path(data).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise _bad(f"cannot read the scenario file: {exc}") from None
    elif isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise _bad(f"not JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise _bad("a scenario is a JSON object: a state, or {name, description, state}")
    name, description = str(data.get("name", "position")), str(data.get("description", ""))
    raw = data.get("state", data)
    if _hidden(raw):
        raise _bad("the state hides some values (a player's view): load the recorder's `status --json`")
    try:
        state = GameState.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise _bad(f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    found = problems(state)
    if found:
        raise _bad(f"impossible position: {found[0]}")
    if state.phase in ("deal", "bid") and any(h.card for p in state.players for h in p.humanoids):
        raise _bad("a humanoid's front is known before scoring (it stays face down until step 2)")
    state.version = 0
    return [ev.ScenarioLoaded(name=name, description=description, state=to_dict(state))]
