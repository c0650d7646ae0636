"""Mine Gold: up to the space's permit, one imp per unconquered tunnel, a foreimp on space III
(Rulebook › Description of Actions › Mine Gold)."""

from __future__ import annotations

from typing import NamedTuple

from domain.kernel.errors import N_

from .. import dungeon as dg
from .. import events as ev
from ..catalog.models import SpaceSpec
from ..commands import MineGold
from ..errors import RuleViolation, refuse, refuse_n
from ..phases.common import catalog, free_imps, tunnel_effect
from ..state import GameState, Placement, Player
from .dig_tunnels import foreimps
from .registry import location, space_spec


class _Mine(NamedTuple):
    """A candidate MineGold, cheap (its command is made only for the option taken)."""

    imps: int
    vein: int


def _candidates(state: GameState, p: Player, pl: Placement) -> list[_Mine]:
    veins = range(VEIN_MOST + 1) if _vein(state, p) else (0,)
    permit = space_spec(state, pl).reward.gold_up_to
    plain = [_Mine(k, 0) for k in range(1, permit + 1)]
    if len(veins) == 1:  # no Mithril Vein (the base game)
        return plain
    return plain + [_Mine(k, v) for v in veins[1:] for k in range(0, permit + 1)]


def _build(color: str, spec: _Mine) -> MineGold:
    return (
        MineGold(player=color, imps=spec.imps)
        if not spec.vein
        else MineGold(player=color, imps=spec.imps, vein=spec.vein)
    )


VEIN_MOST = 2  # Festival Season › Mithril Vein: "you can send 2 imps to this tunnel" (provisional U-37: at most 2)


def _vein(state: GameState, p: Player) -> tuple[int, int] | None:
    """The square of ``p``'s working Mithril Vein (an unconquered improved tunnel), or None."""
    if not catalog(state).improved_tunnels:  # the base game has none
        return None
    for r, c, cell in dg.tiles(p.dungeon):
        if tunnel_effect(state, cell) == "mithril_vein":
            return (r, c)
    return None


def minable_tunnels(state: GameState, p: Player) -> int:
    """The tunnels the permit's imps can mine, one imp each: ``p``'s unconquered tunnels, less a working
    Mithril Vein, which takes its own imps besides the permit (Rulebook › Mine Gold; Festival Season ›
    Mithril Vein, provisional U-37)."""
    return dg.count_unconquered_tunnels(p.dungeon) - (1 if _vein(state, p) else 0)


def gold_to_mine(state: GameState, p: Player, spec: SpaceSpec, space: str | None, free: int | None = None) -> int:
    """The most imps ``p``'s minion on Mine Gold ``space`` (its catalog ``spec``) can send, one gold each: up
    to the permit (``gold_up_to``), one imp per minable tunnel (:func:`minable_tunnels`) and, with ``free``
    free imps, the foreimp besides (None: the imps not counted); 0 if none (Rulebook › Mine Gold)."""
    most = min(spec.reward.gold_up_to, minable_tunnels(state, p))
    return max(0, most if free is None else min(most, free - foreimps(space)))


def _why_not(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    if not dg.unconquered_tunnels(p.dungeon):
        return refuse("MINE_NO_TUNNEL", "no unconquered tunnel to mine", "mine.permit")
    return refuse_n(
        "NOT_ENOUGH_IMPS",
        "{color} has {n} free imps",
        "{color} has {n} free imps",
        free_imps(p),
        "mine.permit",
        color=p.color,
    )


def mine_gold(state: GameState, p: Player, pl: Placement, cmd: MineGold) -> list[ev.Event]:
    """``imps`` imps mine one gold each. Raises RuleViolation (:func:`_check`)."""
    _check(state, p, pl, cmd)
    return [ev.GoldMined(color=p.color, imps=cmd.imps, foreimp=foreimps(pl.space) > 0, vein=cmd.vein)]


def _check(state: GameState, p: Player, pl: Placement, cmd: MineGold | _Mine) -> None:
    """Raises RuleViolation (MINE_*, NOT_ENOUGH_IMPS) unless ``p``'s minion may mine so."""
    permit, foreimp, imps = space_spec(state, pl).reward.gold_up_to, foreimps(pl.space) > 0, cmd.imps
    vein = _vein(state, p)
    # Festival Season › Mithril Vein: 1 or 2 more imps there, not on the permit; the permit's imps mine the
    # other tunnels (provisional U-37)
    tunnels = minable_tunnels(state, p)
    if cmd.vein and vein is None:
        raise refuse("MINE_NO_VEIN", "{color} has no working Mithril Vein", "mine.permit", color=p.color)
    if not 0 <= cmd.vein <= VEIN_MOST:
        raise refuse("MINE_VEIN_LIMIT", "the Mithril Vein takes 1 or {most} imps", "mine.permit", most=VEIN_MOST)
    if imps < 1 and not cmd.vein:
        raise refuse("MINE_NEEDS_IMPS", "mine with at least 1 imp, or decline the order", "mine.permit")
    if imps > permit:
        raise refuse_n(
            "MINE_PERMIT_EXCEEDED",
            "the permit allows {n} imps, not {imps}",
            "the permit allows {n} imps, not {imps}",
            permit,
            "mine.permit",
            imps=imps,
        )
    if imps > tunnels:
        raise refuse(
            "MINE_NOT_ENOUGH_TUNNELS",
            "{imps} imps need {imps} unconquered tunnels; {color} has {tunnels}",
            "mine.permit",
            imps=imps,
            color=p.color,
            tunnels=tunnels,
        )
    need = imps + cmd.vein + int(foreimp)
    if need > free_imps(p):
        raise refuse(
            "NOT_ENOUGH_IMPS",
            "mining with {imps} imps needs {need} free imps{foreimp}; {color} has {free_imps}",
            "mine.permit",
            imps=imps,
            need=need,
            foreimp=N_(" (with the foreimp)") if foreimp else "",
            color=p.color,
            free_imps=free_imps(p),
        )


location("mine_gold", MineGold, candidates=_candidates, why_not=_why_not, check=_check, build=_build)(mine_gold)
