"""Improve Reputation: pay, step down the Evilometer, and on some spaces spy on one of the Year's four
Combat Cards (Rulebook › Description of Actions › Improve Reputation)."""

from __future__ import annotations

from typing import NamedTuple

from domain.kernel.errors import Phrase

from .. import events as ev
from ..commands import ImproveReputation
from ..errors import refuse
from ..phases.common import cost_dict, payment_problem
from ..state import GameState, Placement, Player
from .registry import action_name, cannot_pay, location, space_spec


class _Spy(NamedTuple):
    """A candidate ImproveReputation, cheap (its command is made only for the option taken)."""

    spy: int | None


def _candidates(state: GameState, p: Player, pl: Placement) -> list[_Spy]:
    positions = range(1, len(state.board.combat_cards) + 1)  # the Year's Combat Cards (4; Festival Season 5)
    spies = [None, *(positions if space_spec(state, pl).reward.spy else [])]
    return [_Spy(s) for s in spies]


def _build(color: str, spec: _Spy) -> ImproveReputation:
    return ImproveReputation(player=color, spy=spec.spy)


def _check(state: GameState, p: Player, pl: Placement, cmd: ImproveReputation | _Spy) -> None:
    """Raises RuleViolation (a payment problem, SPY_NOT_ON_SPACE, SPY_POSITION_INVALID) unless ``p``'s minion
    may improve its reputation so."""
    spec = space_spec(state, pl)
    problem = payment_problem(
        p,
        cost_dict(spec.cost),
        lambda: Phrase("{action} space {space}", action=action_name(state, pl), space=pl.space),
        state.variant,
    )
    if problem:
        raise problem
    if cmd.spy is not None:
        if not spec.reward.spy:
            raise refuse(
                "SPY_NOT_ON_SPACE", "space {space} of Improve Reputation gives no spying", "action.spy", space=pl.space
            )
        cards = state.board.combat_cards
        if not 1 <= cmd.spy <= len(cards):
            raise refuse(
                "SPY_POSITION_INVALID",
                "spy on a Combat Card at position 1..{count_cards}",
                "action.spy",
                count_cards=len(cards),
            )


@location(
    "improve_reputation", ImproveReputation, candidates=_candidates, why_not=cannot_pay, check=_check, build=_build
)
def improve_reputation(state: GameState, p: Player, pl: Placement, cmd: ImproveReputation) -> list[ev.Event]:
    """The Evil change of the space (evil steps) and, with ``spy``, the Combat Card seen.
    Raises RuleViolation (:func:`_check`)."""
    _check(state, p, pl, cmd)
    spec = space_spec(state, pl)
    out: list[ev.Event] = [
        ev.ActionTaken(
            color=p.color,
            action=pl.action,
            space=pl.space,  # type: ignore[arg-type]
            paid=cost_dict(spec.cost),
            gained={"evil": spec.reward.evil},
        )
    ]
    if cmd.spy is not None:
        out.append(ev.CombatCardSpied(color=p.color, position=cmd.spy, card=state.board.combat_cards[cmd.spy - 1]))
    return out
