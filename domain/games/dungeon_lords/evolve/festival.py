"""The fold of Festival Season's Festival (``festival/``): bids, prizes taken or declined."""

from __future__ import annotations

from .. import events as ev
from ..state import Cell, Festival, GameState, Monster, TrapDraw
from .common import discard_trap, festival, gain, lose_monster, on, pay


@on(ev.FestivalBegan)
def _festival_began(s: GameState, e: ev.FestivalBegan) -> None:
    s.festival = Festival(prizes=list(e.prizes))
    s.board.opportunity = ""  # the fifth round's board comes off the central board


@on(ev.FestivalBid)
def _festival_bid(s: GameState, e: ev.FestivalBid) -> None:
    festival(s).bids[e.color] = e.imps


@on(ev.FestivalBidsRevealed)
def _festival_bids_revealed(s: GameState, e: ev.FestivalBidsRevealed) -> None:
    f = festival(s)
    f.revealed, f.order = True, list(e.pick_order)
    for color, imps in e.bids.items():
        s.player(color).imps_busy += imps  # on the town picture for the rest of the round, prize or not


@on(ev.FestivalPrizeTaken)
def _festival_prize_taken(s: GameState, e: ev.FestivalPrizeTaken) -> None:
    f, p, b = festival(s), s.player(e.color), s.board
    assert e.evilometer is not None and e.trolls_busy is not None, "FestivalPrizeTaken settled"
    f.order.remove(e.color)
    f.prizes.remove(e.board)
    pay(p, e.paid, e.evilometer)
    gain(p, e.gained)
    if e.monster:
        b.discards["monsters"].remove(e.monster)
        if e.discarded_trap:
            discard_trap(s, p, e.discarded_trap)
        if e.fed_monster:
            lose_monster(s, p, e.fed_monster, e.trolls_busy)
        p.monsters.append(Monster(e.monster))
    if e.square is not None:
        r, c = e.square
        if e.room:
            b.discards["rooms"].remove(e.room)
            p.dungeon[r][c] = Cell("room", room=e.room)
        else:
            p.dungeon[r][c] = Cell("tunnel")
    if e.gained.get("trap_cards"):
        s.awaiting = TrapDraw(color=e.color, count=e.gained["trap_cards"], discard=False, context="festival")


@on(ev.FestivalPrizeDeclined)
def _festival_prize_declined(s: GameState, e: ev.FestivalPrizeDeclined) -> None:
    festival(s).order.remove(e.color)


@on(ev.FestivalEnded)
def _festival_ended(s: GameState, e: ev.FestivalEnded) -> None:
    s.festival = None
