"""The central-board locations' registry (:data:`ACTIONS`, :func:`location`) and what their modules share
(:func:`space_spec`, :func:`cannot_pay`, :func:`action_name`). Apart from the package so that the location
modules, which the package imports to register them, import this and not the package (no import circle).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, cast

from .. import events as ev
from ..catalog.models import SpaceId, SpaceSpec
from ..errors import RuleViolation, refuse
from ..phases.common import catalog, cost_dict, payment_problem
from ..state import GameState, Placement, Player

Decide = Callable[[GameState, Player, Placement, Any], list[ev.Event]]
Candidates = Callable[[GameState, Player, Placement], Iterable[Any]]
WhyNot = Callable[[GameState, Player, Placement], RuleViolation]
Check = Callable[[GameState, Player, Placement, Any], None]
Build = Callable[[str, Any], Any]


@dataclass(frozen=True)
class ActionRules:
    """How one central-board location is carried out (see the module docstring)."""

    action_id: str
    command: type
    decide: Decide
    candidates: Candidates
    why_not: WhyNot
    check: Check | None = None
    build: Build | None = None


#: action id -> its rules; filled by the modules below (and by expansion modules) at import
ACTIONS: dict[str, ActionRules] = {}


def location(
    action_id: str,
    command: type,
    *,
    candidates: Candidates,
    why_not: WhyNot,
    check: Check | None = None,
    build: Build | None = None,
) -> Callable[[Decide], Decide]:
    """Register the ``decide`` function of location ``action_id`` with its command, candidates and
    the reason it typically cannot be carried out. ``check`` (optional) raises RuleViolation exactly when
    ``decide`` would, without building the events: ``decide`` calls it first and then only builds them, so
    the rule is written once. With it, the Actions phase lists the legal options by checking each candidate
    and builds the events of the one taken only (without it, each candidate is decided in full). ``build``
    (optional, with ``check``): ``candidates`` then returns cheap specs (tuples with the command's field
    names, which ``check`` reads as it reads a command) and ``build(color, spec)`` makes the command of the
    option a player takes (a bot that draws one option builds one command).

    Raises:
        ValueError: a second registration of the same id (an expansion replaces a location by a new id).
    """

    def register(decide: Decide) -> Decide:
        if action_id in ACTIONS:
            raise ValueError(f"central-board location {action_id!r} is registered twice")
        if build is not None and check is None:
            raise ValueError(f"central-board location {action_id!r}: build needs check")
        ACTIONS[action_id] = ActionRules(action_id, command, decide, candidates, why_not, check, build)
        _COMMANDS.clear()
        return decide

    return register


def acting(state: GameState, place: str) -> str:
    """What is carried out on the central-board place ``place`` this round: the Unique Opportunity
    board covering it (Festival Season › Using Unique Opportunities), or the place's own action."""
    live = state.board.opportunity
    if live and catalog(state).opportunities[live].replaces == place:
        return live
    return place


def rules_for(state: GameState, pl: Placement) -> ActionRules:
    """The rules of what the minion ``pl`` carries out (its place's, or the board covering it)."""
    return ACTIONS[acting(state, pl.action) if state.board.opportunity else pl.action]


_COMMANDS: list[type] = []  # the commands of the registered locations, worked out once per registration


def location_commands() -> list[type]:
    """The command types that carry out an order at some registered location (each once)."""
    if not _COMMANDS:
        _COMMANDS.extend(dict.fromkeys(rules.command for rules in ACTIONS.values()))
    return _COMMANDS


def space_spec(state: GameState, pl: Placement) -> SpaceSpec:
    """The catalog's cost and reward of the space a minion stands on (the opportunity board's, when one
    covers the place)."""
    space = cast(SpaceId, pl.space)  # a placed minion always stands on a space
    action = acting(state, pl.action) if state.board.opportunity else pl.action  # (the base game: never)
    return catalog(state).action(action).spaces[space]


def cannot_pay(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    """Why a location that only costs its space's price cannot be carried out: the payment problem."""
    problem = payment_problem(p, cost_dict(space_spec(state, pl).cost), action_name(state, pl), state.variant)
    return problem or refuse("CANNOT_PAY", "the space's cost cannot be paid", "action.full_cost")


def action_name(state: GameState, pl: Placement) -> str:
    """The location's printed name ("Dig Tunnels"; "Harvest Food" while that board covers Get Food)."""
    return catalog(state).action(acting(state, pl.action)).name
