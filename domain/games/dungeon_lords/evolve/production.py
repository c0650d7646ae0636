"""The fold of production (:mod:`..phases.production`): a room's output."""

from __future__ import annotations

from .. import events as ev
from ..state import GameState, TrapDraw
from .common import on, pay


@on(ev.RoomProduced)
def _room_produced(s: GameState, e: ev.RoomProduced) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None, "RoomProduced settled"
    p.imps_busy += e.imps
    p.trolls_busy += e.trolls
    pay(p, e.paid, e.evilometer)  # the settled Evilometer: a reputation output included
    k = f"{e.square[0]},{e.square[1]}"
    p.room_uses[k] = p.room_uses.get(k, 0) + 1
    if e.output == "food":
        p.food += 1
    elif e.output == "gold":
        p.gold += 1
    elif e.output == "imp":
        p.imps += 1  # a free imp at once (Appendix › Magic Room)
    elif e.output == "trap":
        s.awaiting = TrapDraw(color=e.color, count=1, discard=False, context="production")
    p.trained += e.trained  # Festival Season's imp Training Room
