"""The fold of orders (:mod:`..phases.orders`): chosen, revealed, minions placed, retrieved."""

from __future__ import annotations

from .. import events as ev
from ..state import SPACES, GameState, Placement
from .common import nonplayer, on


@on(ev.NonPlayerOrdersDrawn)
def _non_player_orders_drawn(s: GameState, e: ev.NonPlayerOrdersDrawn) -> None:
    nonplayer(s, e.color).drawn = list(e.cards)


@on(ev.OrdersChosen)
def _orders_chosen(s: GameState, e: ev.OrdersChosen) -> None:
    p, orders = s.player(e.color), e.orders
    p.orders = list(orders)
    p.hand = [c for c in p.hand if c not in orders]
    p.nonplayer_order = e.nonplayer_order


@on(ev.OrdersRevealed)
def _orders_revealed(s: GameState, e: ev.OrdersRevealed) -> None:
    revealed = e.slot + 1
    for p in s.players:
        if p.revealed < revealed:
            p.revealed = revealed


@on(ev.MinionPlaced)
def _minion_placed(s: GameState, e: ev.MinionPlaced) -> None:
    space, nonplayer = e.space, e.nonplayer
    pl = Placement(e.color, e.action, space, e.slot, nonplayer, nonplayer or space is None)  # positional: cheaper
    if space is None:
        s.board.shut_out.append(pl)
    else:
        s.board.spaces[pl.action][SPACES.index(space)] = pl
    if e.fee_paid:
        s.player(e.color).gold -= e.fee_paid


@on(ev.NonPlayerOrdersRotated)
def _non_player_orders_rotated(s: GameState, e: ev.NonPlayerOrdersRotated) -> None:
    np = nonplayer(s, e.color)
    np.inaccessible = list(e.inaccessible)
    assert e.deck is not None, "NonPlayerOrdersRotated settled"
    np.deck = list(e.deck)
    np.drawn = []


@on(ev.OrdersRetrieved)
def _orders_retrieved(s: GameState, e: ev.OrdersRetrieved) -> None:
    p = s.player(e.color)
    p.hand = p.hand + p.inaccessible + [e.card]
    p.inaccessible = list(e.inaccessible)
    p.orders, p.revealed, p.nonplayer_order = [], 0, None
    s.queue.pop(0)
