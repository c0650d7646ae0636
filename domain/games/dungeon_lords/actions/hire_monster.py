"""Hire Monster: one monster of the Underground Tavern for the cost on its tile, space III paying one
food more; the golem takes a Trap Card, the demon a monster (Rulebook › Description of Actions › Hire
Monster; Appendix › Golem, Demon)."""

from __future__ import annotations

from typing import NamedTuple

from domain.kernel.errors import N_, Phrase

from .. import events as ev
from ..commands import HireMonster
from ..errors import RuleViolation, refuse
from ..phases.common import is_ghost, monster_type, payment_problem, tile_cost
from ..state import GameState, Placement, Player
from .registry import location

EXTRA_FOOD_SPACE = "III"  # Rulebook › Hire Monster: space III pays 1 extra food


def candidates(state: GameState, p: Player, pl: Placement) -> list[HireMonster]:
    """Each monster of the Underground Tavern, with each Trap Card or monster it could cost."""
    return [
        HireMonster(player=p.color, monster=m, discard_trap=tr, feed_monster=f, pay_or=alt)
        for m, tr, f, alt in hire_variants(state, p, state.board.monster_offer)
    ]


class _Hire(NamedTuple):
    """A candidate HireMonster, cheap (its command is made only for the option taken)."""

    monster: str
    discard_trap: str | None
    feed_monster: str | None
    pay_or: bool


def _specs(state: GameState, p: Player, pl: Placement) -> list[_Hire]:
    return [_Hire(*variant) for variant in hire_variants(state, p, state.board.monster_offer)]


def _build(color: str, s: _Hire) -> HireMonster:
    return HireMonster(
        player=color, monster=s.monster, discard_trap=s.discard_trap, feed_monster=s.feed_monster, pay_or=s.pay_or
    )


def why_not(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    """Why no monster of the offer can be hired (Hire Monster, and Festival Season's Hire Expert Monster)."""
    if not state.board.monster_offer:
        return refuse("HIRE_NOTHING_LEFT", "no monster is left in the Underground Tavern", "hire.choose")
    return refuse("CANNOT_PAY", "no offered component can be paid for or placed", "action.full_cost")


def _cost(state: GameState, p: Player, pl: Placement, cmd: HireMonster | _Hire) -> dict[str, int]:
    """What the hire costs. Raises RuleViolation (MONSTER_NOT_OFFERED, a payment problem, GOLEM_NEEDS_TRAP,
    DEMON_NEEDS_MONSTER...)."""
    check_offered(state, cmd.monster)
    extra = {"food": 1} if pl.space == EXTRA_FOOD_SPACE else {}
    where = N_(" on space III") if extra else ""
    return hire_cost(state, p, cmd.monster, extra, cmd.discard_trap, cmd.feed_monster, where, cmd.pay_or)


def _check(state: GameState, p: Player, pl: Placement, cmd: HireMonster | _Hire) -> None:
    _cost(state, p, pl, cmd)


@location("hire_monster", HireMonster, candidates=_specs, why_not=why_not, check=_check, build=_build)
def hire_monster(state: GameState, p: Player, pl: Placement, cmd: HireMonster) -> list[ev.Event]:
    """The monster hired and what was paid (gold, food, evil steps; a Trap Card or a monster).
    Raises RuleViolation (MONSTER_NOT_OFFERED, a payment problem, GOLEM_NEEDS_TRAP, DEMON_NEEDS_MONSTER...)."""
    space = pl.space
    cost = _cost(state, p, pl, cmd)
    return [
        ev.MonsterHired(
            color=p.color,
            monster=cmd.monster,
            space=space,  # type: ignore[arg-type]  # a placed minion's space
            paid=cost,
            discarded_trap=cmd.discard_trap,
            fed_monster=cmd.feed_monster,
        )
    ]


def check_offered(state: GameState, monster: str) -> None:
    """Raises RuleViolation (MONSTER_NOT_OFFERED) unless ``monster`` is in the Underground Tavern."""
    if monster not in state.board.monster_offer:
        raise refuse(
            "MONSTER_NOT_OFFERED",
            "{monster} is not in the Underground Tavern; offered: {offered}",
            "hire.choose",
            monster=monster,
            offered=", ".join(state.board.monster_offer) or "none",
        )


def hire_cost(
    state: GameState,
    p: Player,
    monster: str,
    extra: dict[str, int],
    discard_trap: str | None,
    feed_monster: str | None,
    where: str = "",
    pay_or: bool = False,
) -> dict[str, int]:
    """What hiring ``monster`` costs ``p`` (gold, food, evil steps): the cost on its tile plus ``extra``,
    with the golem's Trap Card and the demon's monster named (Appendix › Golem, Demon). The one rule for
    every way of hiring (Hire Monster; Festival Season's Festival prize). ``pay_or``: the monster's other
    cost instead (Festival Season's Cockatrice). Raises RuleViolation (a payment problem, GOLEM_NEEDS_TRAP,
    NO_TRAP_COST, DEMON_NEEDS_MONSTER, NO_MONSTER_COST, NO_OTHER_COST)."""
    t = monster_type(state, monster)
    cost = tile_cost(state, monster, pay_or)
    for k, v in extra.items():
        cost[k] = cost.get(k, 0) + v
    problem = payment_problem(
        p, cost, lambda: Phrase("hiring the {name}{where}", name=t.name, where=where), state.variant
    )
    if problem:
        raise problem
    if t.cost.trap_cards:
        if discard_trap not in p.traps:
            raise refuse(
                "GOLEM_NEEDS_TRAP",
                "the {name} costs a Trap Card: name one of yours to discard",
                "hire.golem",
                name=t.name,
            )
    elif discard_trap is not None:
        raise refuse("NO_TRAP_COST", "the {name} does not cost a Trap Card", "hire.cost", name=t.name)
    if t.cost.monsters:
        fed = next((m for m in p.monsters if m.id == feed_monster), None)
        if fed is None or is_ghost(state, fed.id):
            raise refuse(
                "DEMON_NEEDS_MONSTER", "the {name} costs one of your monsters (not a ghost)", "hire.demon", name=t.name
            )
    elif feed_monster is not None:
        raise refuse("NO_MONSTER_COST", "the {name} does not cost a monster", "hire.cost", name=t.name)
    return cost


def hire_variants(state: GameState, p: Player, monsters: list[str]) -> list[tuple[str, str | None, str | None, bool]]:
    """(monster, Trap Card to discard, monster to feed, other cost) for each way ``p`` could name a hire of
    one of ``monsters`` (the golem takes each Trap Card held, the demon each monster kept, the Cockatrice
    either of its costs)."""
    out = []
    for m in monsters:
        t = monster_type(state, m)
        traps = sorted(set(p.traps)) if t.cost.trap_cards else [None]
        feeds = [x.id for x in p.monsters if not is_ghost(state, x.id)] if t.cost.monsters else [None]
        alts = (False, True) if t.cost_or is not None else (False,)
        out += [(m, tr, f, alt) for tr in traps for f in feeds for alt in alts]
    return out
