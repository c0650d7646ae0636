"""Dungeon Lords (Czech Games Edition, 2009): the base game as a package on the kernel.

:data:`GAME` is what :mod:`domain.games` registers under ``"dungeon_lords"``: the rules, the engine and
the entry points (new game, scenario, view, state to and from JSON). Inside: the rulebook's phases
(``phases/``), the fold (``evolve/``), the flow (``flow.py``), the component catalog (``catalog/``),
the grid rules (``dungeon.py``), scoring, views, bots and strategies.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import GamePackage
from domain.kernel.deferred import DeferredMapping, deferred

from .chain import CHAIN
from .commands import parse_command
from .costs import describe_effect
from .decisions import DECISIONS
from .describe import describe_command
from .determinize import determinize
from .engine import ENGINE, RULES, from_scenario, new_game
from .events import ALL_EVENTS, event_from_json
from .history import HISTORY
from .invariants import problems
from .phases.common import name_of, other_names_of
from .presentation import UI
from .ruleset import MODULES, RULESETS, load_modules_with
from .state import GameState, from_dict, to_dict
from .views import log_entries, view


def _festival() -> None:
    from . import festival  # noqa: F401  (registers Festival Season's rules modules: the only importer)


def _strategies() -> dict[str, Any]:
    from .strategies import STRATEGIES

    return STRATEGIES


# Loaded on first use (start-up, issue #35: `status` of a base game reads none of them): the expansion's modules
# when the modules registry is first read (a game that records modules reads it at set-up and replay), the
# strategy bots when a bot is named or listed, the audit and the record format when called.
load_modules_with(_festival)
audit, explain = deferred(f"{__name__}.audit", "audit"), deferred(f"{__name__}.audit", "explain")
export, rebuild = deferred(f"{__name__}.record_format", "export"), deferred(f"{__name__}.record_format", "rebuild")
STRATEGIES = DeferredMapping(_strategies)

GAME = GamePackage(
    determinize=determinize,
    rules=RULES,
    engine=ENGINE,
    new_game=new_game,
    from_scenario=from_scenario,
    view=view,
    to_dict=to_dict,
    from_dict=from_dict,
    event_from_json=event_from_json,
    parse_command=parse_command,
    export=export,
    rebuild=rebuild,
    problems=problems,
    decisions=DECISIONS,
    seats=lambda state: [p.color for p in state.players],
    events=ALL_EVENTS,
    chain=CHAIN,
    state_type=GameState,
    history=HISTORY,
    audit=audit,
    bots=STRATEGIES,
    explain=explain,
    component_name=name_of,
    component_aliases=other_names_of,
    log_entries=log_entries,
    describe_command=describe_command,
    option_effect=describe_effect,
    rulesets=RULESETS,
    modules=MODULES,
    default_bots=("tunneller", "monster_keeper", "evil", "room_builder", "balanced", "random"),
    ui=UI,
)

__all__ = ["ENGINE", "GAME", "RULES"]
