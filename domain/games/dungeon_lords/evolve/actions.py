"""The fold of the actions (:mod:`..phases.actions`): paid and carried out, declined, tunnels dug, gold
mined, Trap Cards drawn and discarded, monsters hired, rooms built, Combat Cards spied."""

from __future__ import annotations

from .. import events as ev
from ..state import (
    UNSEEN_DRAW,
    UNSEEN_TRAP,
    Cell,
    Digging,
    FaceDown,
    GameState,
    Monster,
    TrapDiscard,
    TrapDraw,
    is_unseen,
)
from .common import battle, discard_trap, gain, lose_monster, on, pay, resolve


@on(ev.ActionTaken)
def _action_taken(s: GameState, e: ev.ActionTaken) -> None:
    p, gained, evilometer, trap_draw = s.player(e.color), e.gained, e.evilometer, e.trap_draw
    assert evilometer is not None, "ActionTaken settled"
    pay(p, e.paid, evilometer)
    if gained:
        gain(p, gained)
    if trap_draw:  # the settled count: the Year plan's extra cards are sent back after (Second Year: 1)
        kept = gained.get("trap_cards", 0)
        s.awaiting = TrapDraw(color=e.color, count=trap_draw, discard=trap_draw > kept, context="action")
    else:
        resolve(s, e.resolves, True)


@on(ev.CombatCardSpied)
def _combat_card_spied(s: GameState, e: ev.CombatCardSpied) -> None:
    s.player(e.color).spied[str(e.position)] = e.card
    if not e.card:  # face down at a real table: the spy records what he saw next
        s.awaiting = FaceDown(what="combat_card", year=s.year, position=e.position, spy=e.color)


@on(ev.FaceDownCardSeen)
def _face_down_card_seen(s: GameState, e: ev.FaceDownCardSeen) -> None:
    b = s.board
    if e.what == "trap_card":  # the unseen trap card number ``position`` is ``card``
        placeholder = f"{UNSEEN_TRAP}#{e.position}"
        b.unseen_traps.remove(placeholder)
        b.trap_deck.remove(e.card)
        swap = lambda cards: [e.card if c == placeholder else c for c in cards]  # noqa: E731
        for p in s.players:
            p.traps = swap(p.traps)
            if p.plan and "traps" in p.plan:
                p.plan["traps"] = swap(p.plan["traps"])
        if s.battle is not None:
            battle(s).traps = swap(battle(s).traps)
        b.trap_discard = swap(b.trap_discard)
        return
    if e.what == "special_event":
        b.special_events[str(e.year)][e.position] = e.card  # position: which of the Year's cards (0-based)
    else:
        cards = b.combat_cards if e.year == s.year else b.next_combat_cards
        cards[e.position - 1] = e.card
    aw = s.awaiting
    if isinstance(aw, FaceDown):
        s.player(aw.spy).spied[str(e.position)] = e.card
        s.awaiting = None


@on(ev.ActionDeclined)
def _action_declined(s: GameState, e: ev.ActionDeclined) -> None:
    resolve(s, e.resolves, False)


@on(ev.TunnelDug)
def _tunnel_dug(s: GameState, e: ev.TunnelDug) -> None:
    p = s.player(e.color)
    r, c = e.square
    p.dungeon[r][c] = Cell("tunnel")
    if e.by_room:
        return
    p.imps_busy += 1 + int(e.foreimp)
    if s.awaiting is None:
        s.awaiting = Digging(color=e.color, dug=1)  # the permit is the phase's to apply (actions/dig_tunnels)
    else:
        assert isinstance(s.awaiting, Digging), "a tunnel dug while another sub-step waits"
        s.awaiting.dug += 1


@on(ev.DiggingFinished)
def _digging_finished(s: GameState, e: ev.DiggingFinished) -> None:
    s.awaiting = None
    resolve(s, e.resolves, e.dug > 0)


@on(ev.GoldMined)
def _gold_mined(s: GameState, e: ev.GoldMined) -> None:
    p = s.player(e.color)
    p.gold += e.imps + e.vein
    p.imps_busy += e.imps + e.vein + int(e.foreimp)
    resolve(s, e.resolves, True)


@on(ev.TrapDeckReshuffled)
def _trap_deck_reshuffled(s: GameState, e: ev.TrapDeckReshuffled) -> None:
    b = s.board
    # an unseen card's real card never left trap_deck: its placeholder just goes away
    b.trap_deck += [c for c in b.trap_discard if not is_unseen(c)]
    b.unseen_traps = [c for c in b.unseen_traps if c not in b.trap_discard]
    b.trap_discard = []


@on(ev.TrapCardsDrawn)
def _trap_cards_drawn(s: GameState, e: ev.TrapCardsDrawn) -> None:
    b = s.board
    for card in e.cards:
        if card == UNSEEN_DRAW:  # tabletop: drawn face down, identified when sprung
            b.unseen_drawn += 1
            card = f"{UNSEEN_TRAP}#{b.unseen_drawn}"
            b.unseen_traps.append(card)
        else:
            b.trap_deck.remove(card)
        s.player(e.color).traps.append(card)
    aw = s.awaiting
    assert isinstance(aw, TrapDraw), "Trap Cards drawn outside a trap draw"
    if aw.discard:
        s.awaiting = TrapDiscard(color=e.color, context=aw.context)
        return
    s.awaiting = None
    if aw.context == "action":
        resolve(s, e.resolves, True)


@on(ev.TrapDiscarded)
def _trap_discarded(s: GameState, e: ev.TrapDiscarded) -> None:
    discard_trap(s, s.player(e.color), e.card)
    assert isinstance(s.awaiting, TrapDiscard), "a Trap Card discarded outside a discard"
    context = s.awaiting.context
    s.awaiting = None
    if context == "action":
        resolve(s, e.resolves, True)


@on(ev.MonsterHired)
def _monster_hired(s: GameState, e: ev.MonsterHired) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None and e.trolls_busy is not None, "MonsterHired settled"
    pay(p, e.paid, e.evilometer)
    s.board.monster_offer.remove(e.monster)
    if e.discarded_trap:
        discard_trap(s, p, e.discarded_trap)
    if e.fed_monster:
        lose_monster(s, p, e.fed_monster, e.trolls_busy)
    p.monsters.append(Monster(e.monster, expertise=e.expertise))
    resolve(s, e.resolves, True)


@on(ev.RoomBuilt)
def _room_built(s: GameState, e: ev.RoomBuilt) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None, "RoomBuilt settled"
    pay(p, e.paid, e.evilometer)
    s.board.room_offer.remove(e.room)
    r, c = e.square
    p.dungeon[r][c] = Cell("room", room=e.room)
    resolve(s, e.resolves, True)
