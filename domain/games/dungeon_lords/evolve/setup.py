"""The fold of set-up (:mod:`..phases.setup`): Combat Cards and Special Events dealt, inaccessible orders."""

from __future__ import annotations

from .. import events as ev
from ..state import GameState
from .common import on


@on(ev.CombatCardsDealt)
def _combat_cards_dealt(s: GameState, e: ev.CombatCardsDealt) -> None:
    if e.year == 1:
        s.board.combat_cards = list(e.cards)
    else:
        s.board.next_combat_cards = list(e.cards)
    assert e.boxed is not None, "CombatCardsDealt settled"
    s.board.box["combat_cards"] += e.boxed


@on(ev.SpecialEventsDrawn)
def _special_events_drawn(s: GameState, e: ev.SpecialEventsDrawn) -> None:
    s.board.special_events = e.per_year()
    assert e.boxed is not None, "SpecialEventsDrawn settled"
    s.board.box["special_events"] += e.boxed


@on(ev.InaccessibleOrdersDrawn)
def _inaccessible_orders_drawn(s: GameState, e: ev.InaccessibleOrdersDrawn) -> None:
    np = next((n for n in s.nonplayers if n.color == e.color), None)  # a non-player's, or a player's
    if np is not None:
        np.inaccessible = list(e.cards)
        np.deck = [c for c in np.deck if c not in e.cards]
        return
    p = s.player(e.color)
    p.hand = [c for c in p.hand if c not in e.cards]
    if s.variant == "full":
        p.setup_draw = list(e.cards)
    else:
        p.inaccessible = list(e.cards)


@on(ev.InaccessibleOrdersChosen)
def _inaccessible_orders_chosen(s: GameState, e: ev.InaccessibleOrdersChosen) -> None:
    p = s.player(e.color)
    p.inaccessible = list(e.cards)
    p.hand += [c for c in p.setup_draw if c not in e.cards]
    p.setup_draw = []
