"""Get Food, Recruit Imps, Buy Traps: pay the space's cost, take its reward (Rulebook › Description of
Actions). One rule, three locations: their differences are catalog data."""

from __future__ import annotations

from domain.kernel.errors import Phrase

from .. import events as ev
from ..commands import TakeAction
from ..phases.common import cost_dict, payment_problem
from ..state import GameState, Placement, Player
from .registry import action_name, cannot_pay, location, space_spec


def _candidates(state: GameState, p: Player, pl: Placement) -> list[TakeAction]:
    return [TakeAction(player=p.color)]


def pay_and_take(state: GameState, p: Player, pl: Placement, cmd: TakeAction) -> list[ev.Event]:
    """Pay the full cost (or nothing: Rulebook › Executing Orders) and gain food, gold, imps or Trap
    Cards as the space says. Raises RuleViolation (CANNOT_PAY_*, EVIL_AT_TOP, NOT_ENOUGH_IMPS)."""
    spec = space_spec(state, pl)
    cost = cost_dict(spec.cost)
    problem = payment_problem(
        p,
        cost,
        lambda: Phrase("{action} space {space}", action=action_name(state, pl), space=pl.space),
        state.variant,
    )
    if problem:
        raise problem
    r = spec.reward
    gained = {
        k: v for k, v in (("food", r.food), ("gold", r.gold), ("imps", r.imps), ("trap_cards", r.trap_cards)) if v
    }
    return [ev.ActionTaken(color=p.color, action=pl.action, space=pl.space, paid=cost, gained=gained)]  # type: ignore[arg-type]


for _action in ("get_food", "recruit_imps", "buy_traps"):
    location(_action, TakeAction, candidates=_candidates, why_not=cannot_pay)(pay_and_take)
