"""Dig Tunnels: up to the space's permit, one imp per tunnel, a foreimp on space III (Rulebook ›
Description of Actions › Dig Tunnels). The grid rules are :mod:`..dungeon`'s."""

from __future__ import annotations

from typing import NamedTuple

from domain.kernel.errors import N_

from .. import dungeon as dg
from .. import events as ev
from ..catalog.models import SpaceSpec
from ..commands import DigTunnel
from ..errors import RuleViolation, refuse, refuse_n
from ..phases.common import free_imps
from ..state import GameState, Placement, Player
from .registry import location, space_spec

FOREIMP_SPACE = "III"  # the space whose first job needs a second imp, the foreimp


def foreimps(space: str | None) -> int:
    """The imps that only supervise the job of a minion on ``space`` (Dig Tunnels or Mine Gold): 1 on space
    III, the foreimp, else 0 (Rulebook › Description of Actions › Dig Tunnels, Mine Gold)."""
    return int(space == FOREIMP_SPACE)


def tunnels_to_dig(spec: SpaceSpec, space: str | None, free: int) -> int:
    """How many tunnels a minion on Dig Tunnels ``space`` (its catalog ``spec``) can dig with ``free`` free
    imps: up to the space's permit (``tunnels_up_to``), one imp per tunnel, the foreimp besides; 0 if not even
    one. Where the tunnels can go is the grid's rule (:func:`..dungeon.dig_problem`), not counted here
    (Rulebook › Dig Tunnels). The rules' own count: the location's reason for declining and the bots' estimate."""
    return max(0, min(spec.reward.tunnels_up_to, free - foreimps(space)))


def dig_event(p: Player, square, dug: int, limit: int, foreimp_space: bool, by_room: bool = False) -> ev.TunnelDug:
    """One tunnel: adjacency, no filled 2x2, one imp per tunnel, a foreimp on space III.
    Raises RuleViolation (:func:`check_dig`)."""
    check_dig(p, square, dug, limit, foreimp_space, by_room)
    foreimp = foreimp_space and dug == 0
    return ev.TunnelDug(color=p.color, square=tuple(square), foreimp=foreimp, by_room=by_room)


def check_dig(p: Player, square, dug: int, limit: int, foreimp_space: bool, by_room: bool = False) -> None:
    """Raises RuleViolation (DIG_PERMIT_EXCEEDED, NOT_ENOUGH_IMPS, DIG_*) unless ``p`` may dig a tunnel on
    ``square``: adjacency, no filled 2x2, one imp per tunnel, a foreimp on space III."""
    if dug >= limit:
        raise refuse_n(
            "DIG_PERMIT_EXCEEDED",
            "the permit allows {n} tunnels and {dug} are dug",
            "the permit allows {n} tunnels and {dug} are dug",
            limit,
            "dig.permit",
            dug=dug,
        )
    foreimp = foreimp_space and dug == 0
    need = 0 if by_room else 1 + int(foreimp)
    if free_imps(p) < need:
        extra = N_(" (one of them the foreimp)") if foreimp else ""
        raise refuse(
            "NOT_ENOUGH_IMPS",
            "digging needs {need} free imps{extra}; {color} has {free_imps}",
            "dig.permit",
            need=need,
            extra=extra,
            color=p.color,
            free_imps=free_imps(p),
        )
    problem = dg.dig_problem(p.dungeon, tuple(square))
    if problem:
        code, template, rule_id, params = problem
        raise refuse(code, template, rule_id, **params)


class _Dig(NamedTuple):
    """A candidate DigTunnel, cheap (its command is made only for the option taken)."""

    square: tuple[int, int]


def _candidates(state: GameState, p: Player, pl: Placement) -> list[_Dig]:
    return [_Dig(sq) for sq in dg.diggable(p.dungeon)]


def _build(color: str, spec: _Dig) -> DigTunnel:
    return DigTunnel(player=color, square=spec.square)


def _why_not(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    if tunnels_to_dig(space_spec(state, pl), pl.space, free_imps(p)) < 1:
        return refuse_n(
            "NOT_ENOUGH_IMPS",
            "{color} has {n} free imps",
            "{color} has {n} free imps",
            free_imps(p),
            "dig.permit",
            color=p.color,
        )
    return refuse("DIG_NOWHERE", "no square can take a new tunnel", "dig.no_2x2")


def _check(state: GameState, p: Player, pl: Placement, cmd: DigTunnel | _Dig) -> None:
    limit = space_spec(state, pl).reward.tunnels_up_to
    check_dig(p, cmd.square, dug=0, limit=limit, foreimp_space=foreimps(pl.space) > 0)


@location("dig_tunnels", DigTunnel, candidates=_candidates, why_not=_why_not, check=_check, build=_build)
def dig_tunnels(state: GameState, p: Player, pl: Placement, cmd: DigTunnel) -> list[ev.Event]:
    """The first tunnel; more follow in the digging sub-step, up to the permit."""
    limit = space_spec(state, pl).reward.tunnels_up_to
    return [dig_event(p, cmd.square, dug=0, limit=limit, foreimp_space=foreimps(pl.space) > 0)]
