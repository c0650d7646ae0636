"""Mine Gold: up to the space's permit, one imp per unconquered tunnel, a foreimp on space III
(Rulebook › Description of Actions › Mine Gold)."""

from __future__ import annotations

from .. import dungeon as dg
from .. import events as ev
from ..commands import MineGold
from ..errors import RuleViolation, refuse
from ..phases.common import free_imps
from ..state import GameState, Placement, Player
from . import location, space_spec
from .dig_tunnels import FOREIMP_SPACE


def _candidates(state: GameState, p: Player, pl: Placement) -> list[MineGold]:
    return [MineGold(player=p.color, imps=k) for k in range(1, space_spec(state, pl).reward.gold_up_to + 1)]


def _why_not(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    if not dg.unconquered_tunnels(p.dungeon):
        return refuse("MINE_NO_TUNNEL", "no unconquered tunnel to mine", "mine.permit")
    return refuse("NOT_ENOUGH_IMPS", f"{p.color} has {free_imps(p)} free imps", "mine.permit")


@location("mine_gold", MineGold, candidates=_candidates, why_not=_why_not)
def mine_gold(state: GameState, p: Player, pl: Placement, cmd: MineGold) -> list[ev.Event]:
    """``imps`` imps mine one gold each. Raises RuleViolation (MINE_*, NOT_ENOUGH_IMPS)."""
    permit, foreimp, imps = space_spec(state, pl).reward.gold_up_to, pl.space == FOREIMP_SPACE, cmd.imps
    tunnels = len(dg.unconquered_tunnels(p.dungeon))
    if imps < 1:
        raise refuse("MINE_NEEDS_IMPS", "mine with at least 1 imp, or decline the order", "mine.permit")
    if imps > permit:
        raise refuse("MINE_PERMIT_EXCEEDED", f"the permit allows {permit} imps, not {imps}", "mine.permit")
    if imps > tunnels:
        raise refuse(
            "MINE_NOT_ENOUGH_TUNNELS",
            f"{imps} imps need {imps} unconquered tunnels; {p.color} has {tunnels}",
            "mine.permit",
        )
    need = imps + int(foreimp)
    if need > free_imps(p):
        raise refuse(
            "NOT_ENOUGH_IMPS",
            f"mining with {imps} imps needs {need} free imps"
            f"{' (with the foreimp)' if foreimp else ''}; {p.color} has {free_imps(p)}",
            "mine.permit",
        )
    return [ev.GoldMined(color=p.color, imps=imps, foreimp=foreimp)]
