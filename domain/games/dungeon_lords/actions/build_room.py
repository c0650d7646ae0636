"""Build Room: a room of the Bargain Basement replaces one of your unconquered tunnels, in its zone in
the First Year, never next to another room (Rulebook › Description of Actions › Build Room). The grid
rules are :mod:`..dungeon`'s."""

from __future__ import annotations

from typing import NamedTuple

from domain.kernel.errors import Phrase

from .. import dungeon as dg
from .. import events as ev
from ..commands import BuildRoom
from ..errors import RuleViolation, refuse
from ..phases.common import catalog, cost_dict, installed_trap_discards, payment_problem
from ..state import GameState, Placement, Player
from .registry import location, space_spec


class _Build(NamedTuple):
    """A candidate BuildRoom, cheap (its command is made only for the option taken)."""

    room: str
    square: tuple[int, int]


def _candidates(state: GameState, p: Player, pl: Placement) -> list[_Build]:
    """Each offered room on each unconquered tunnel (a room replaces one), row by row; the rules then
    say which of them are legal."""
    tunnels = dg.unconquered_tunnels(p.dungeon)
    return [_Build(r, sq) for r in state.board.room_offer for sq in tunnels]


def _build(color: str, spec: _Build) -> BuildRoom:
    return BuildRoom(player=color, room=spec.room, square=spec.square)


def _why_not(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    if not state.board.room_offer:
        return refuse("ROOM_NOTHING_LEFT", "no room is left in the Bargain Basement", "room.choose")
    return refuse("CANNOT_PAY", "no offered component can be paid for or placed", "action.full_cost")


def _check(state: GameState, p: Player, pl: Placement, cmd: BuildRoom | _Build) -> None:
    """Raises RuleViolation (ROOM_NOT_OFFERED, a payment problem, ROOM_* from the grid rules) unless ``p``'s
    minion may build ``cmd.room`` on ``cmd.square``."""
    if cmd.room not in state.board.room_offer:
        raise refuse(
            "ROOM_NOT_OFFERED",
            "{room} is not in the Bargain Basement; offered: {offered}",
            "room.choose",
            room=cmd.room,
            offered=", ".join(state.board.room_offer) or "none",
        )
    cost = cost_dict(space_spec(state, pl).cost)
    problem = payment_problem(p, cost, lambda: Phrase("Build Room space {space}", space=pl.space), state.variant)
    if problem:
        raise problem
    check_placement(state, p, cmd.room, (cmd.square[0], cmd.square[1]))


@location("build_room", BuildRoom, candidates=_candidates, why_not=_why_not, check=_check, build=_build)
def build_room(state: GameState, p: Player, pl: Placement, cmd: BuildRoom) -> list[ev.Event]:
    """The room built on ``square`` and what the space cost. Raises RuleViolation (:func:`_check`)."""
    _check(state, p, pl, cmd)
    built = ev.RoomBuilt(
        color=p.color, room=cmd.room, square=(cmd.square[0], cmd.square[1]), paid=cost_dict(space_spec(state, pl).cost)
    )
    return [built, *installed_trap_discards(p, [cmd.square], "a room replaced its tunnel")]


def check_placement(state: GameState, p: Player, room_id: str, square: tuple[int, int]) -> None:
    """The grid rules for a room on ``square``: on an unconquered tunnel, in its zone if it is a First
    Year room, never next to another room. The one rule for every way of building (Build Room; Festival
    Season's Festival prize). Raises RuleViolation (ROOM_*)."""
    room = catalog(state).rooms[room_id]
    allowed = [(r, c) for r, c in room.allowed_squares] if room.allowed_squares and room.year == 1 else None
    problem = dg.room_problem(p.dungeon, square, allowed, room.name)
    if problem:
        code, template, rule_id, params = problem
        raise refuse(code, template, rule_id, **params)
