"""evolve(state, event) -> state: apply one event. No validation, no randomness, no I/O.

The state is mutated in place and returned (callers that need the old state clone first:
see :func:`domain.games.dungeon_lords.engine.decide`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, TypeVar

from . import events as ev
from .catalog import catalog_for
from .game_info import COLORS
from .phases.actions import current
from .phases.common import (
    UNSEEN_DRAW,
    UNSEEN_TRAP,
    catalog,
    cell_at,
    clamp_evil,
    is_monster,
    is_unseen,
    paladin,
    trolls,
)
from .phases.orders import SPACES
from .ruleset import catalog_overlays
from .state import (
    Battle,
    Board,
    Cell,
    Digging,
    FaceDown,
    Festival,
    GameState,
    Handling,
    Monster,
    NewRound,
    NonPlayer,
    Paladin,
    PetDraft,
    PetDraw,
    Placement,
    Player,
    TrapDiscard,
    TrapDraw,
    empty_grid,
    from_dict,
)
from .year import plan_for, year_plan

E = TypeVar("E", bound=ev.Event)
Handler = Callable[[GameState, Any], None]
HANDLERS: dict[type, Handler] = {}


def on(cls: type[E]) -> Callable[[Callable[[GameState, E], None]], Callable[[GameState, E], None]]:
    """Register the fold handler of event class ``cls``."""

    def register(fn: Callable[[GameState, E], None]) -> Callable[[GameState, E], None]:
        HANDLERS[cls] = fn
        return fn

    return register


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """Fold one event into ``state`` (in place; None before the first event) and return it.

    Raises:
        ValueError: an event other than the first arrives with no state.
    """
    handler = HANDLERS.get(type(event))  # nearly every event: the four below begin or restore a state
    if handler is not None and state is not None:
        handler(state, event)
    elif isinstance(event, ev.GameStarted):
        state = _start(event)
    elif isinstance(event, ev.ScenarioLoaded):
        state = from_dict(copy.deepcopy(event.state))  # never share lists with the event
    elif state is None:
        raise ValueError(f"{event.type} cannot begin a game (GameStarted or ScenarioLoaded does)")
    elif isinstance(event, (ev.InputUndone, ev.InputCorrected)):
        version, archived = state.version, state.archived
        state = from_dict(copy.deepcopy(event.state))  # the game as it was before the undone input
        state.version = version  # but the log goes on: the RNG draws anew
        state.archived = archived  # archiving is not an input: it stays
    else:
        HANDLERS[type(event)](state, event)
    state.version += 1
    return state


# --- helpers ------------------------------------------------------------------------------------
def _pay(p: Player, paid: dict[str, int]) -> None:
    p.gold -= paid.get("gold", 0)
    p.food -= paid.get("food", 0)
    p.evil = clamp_evil(p.evil + paid.get("evil", 0))  # first game: at the top a cost moves no further
    p.imps -= paid.get("imps", 0)  # Festival Season's Elderbeast: an available imp back to the bank


def _gain(p: Player, gained: dict[str, int]) -> None:
    """What an action, a prize, a pet or a spell gives: food, gold, imps, and evil steps (clamped)."""
    p.food += gained.get("food", 0)
    p.gold += gained.get("gold", 0)
    p.imps += gained.get("imps", 0)
    p.evil = clamp_evil(p.evil + gained.get("evil", 0))


def _resolve(state: GameState, carried_out: bool) -> None:
    pl = current(state)
    if pl is not None:
        pl.resolved, pl.carried_out = True, carried_out


def _instances(type_id: str, copies: int) -> list[str]:
    return [f"{type_id}#{i}" for i in range(1, copies + 1)]


def _start(e: ev.GameStarted) -> GameState:
    cat = catalog_for(e.catalog_hash, e.catalog_overrides, catalog_overlays(e.modules))
    cards = list(cat.order_cards)
    players = []
    for seat in e.players:
        p = Player(
            color=seat.color, name=seat.name, hand=list(cards), dungeon=empty_grid(), evil=cat.evilometer.start
        )  # Rulebook › Setup: Evil Markers on their start
        for r, c in cat.dungeon.starting_tunnels:
            p.dungeon[r][c] = Cell("tunnel")
        players.append(p)
    used = {s.color for s in e.players}
    nonplayers = [NonPlayer(color=c, deck=list(cards)) for c in COLORS if c not in used]
    if len(players) == 2:
        nonplayers[0].evil = cat.evilometer.start  # one non-player Evil Counter (Rulebook › Setup)
        for np, p in zip(nonplayers, players):
            np.controller = p.color

    def by_year(table):
        return {str(y): [i for t in table.values() if t.year == y for i in _instances(t.id, t.copies)] for y in (1, 2)}

    board = Board(
        monster_stack=by_year(cat.monsters),
        room_stack={str(y): [r.id for r in cat.rooms.values() if r.year == y] for y in (1, 2)},
        adventurer_stack={str(y): [a.id for a in cat.adventurers.values() if a.year == y] for y in (1, 2)},
        trap_deck=[i for t in cat.traps.values() for i in _instances(t.id, t.copies)],
        pet_deck=list(cat.pets),  # Festival Season's (none in the base game)
        event_pool=list(plan_for(tuple(e.modules)).event_tiles),
        spaces={a.id: [None, None, None] for a in cat.actions},
        discards={"monsters": [], "rooms": [], "adventurers": [], "paladins": []},
        box={"combat_cards": [], "special_events": []},
    )
    if e.mode == "tabletop":
        # At a real table the Combat Cards and Special Event Cards lie face down: nobody can record
        # them at set-up. Each is recorded when it becomes known (spied or revealed).
        plan = plan_for(tuple(e.modules))
        board.combat_cards, board.next_combat_cards = [""] * plan.combat_cards, [""] * plan.combat_cards
        if e.variant == "full":
            board.special_events = {y: [""] * plan.special_events for y in ("1", "2")}
    start = next(i for i, s in enumerate(e.players) if s.color == e.starting_player)
    return GameState(
        variant=e.variant,
        mode=e.mode,
        seed=e.seed,
        players=players,
        nonplayers=nonplayers,
        board=board,
        paladins=[Paladin(id=who) for who in plan_for(tuple(e.modules)).paladins[1]],
        starting_player=start,
        first_starting_player=start,
        catalog_hash=e.catalog_hash,
        catalog_overrides=e.catalog_overrides,
        modules=list(e.modules),
    )


def _np(state: GameState, color: str) -> NonPlayer:
    """The non-player colour an event names (a log only names colours of its game)."""
    return next(n for n in state.nonplayers if n.color == color)


def _paladin(state: GameState, who: str) -> Paladin:
    pal = paladin(state, who)
    assert pal is not None, f"an event moves paladin {who}, who is not free in this game"
    return pal


def _done(state: GameState, what: str) -> None:
    if isinstance(state.awaiting, NewRound):
        state.awaiting.done.append(what)


# --- set-up -------------------------------------------------------------------------------------
@on(ev.CombatCardsDealt)
def _(s: GameState, e: ev.CombatCardsDealt) -> None:
    if e.year == 1:
        s.board.combat_cards = list(e.cards)
    else:
        s.board.next_combat_cards = list(e.cards)
    rest = [c.id for c in catalog(s).combat_cards.values() if c.year == e.year and c.id not in e.cards]
    s.board.box["combat_cards"] += rest


@on(ev.SpecialEventsDrawn)
def _(s: GameState, e: ev.SpecialEventsDrawn) -> None:
    s.board.special_events = e.per_year()
    s.board.box["special_events"] += [c for c in catalog(s).special_events if c not in e.drawn()]


@on(ev.InaccessibleOrdersDrawn)
def _(s: GameState, e: ev.InaccessibleOrdersDrawn) -> None:
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
def _(s: GameState, e: ev.InaccessibleOrdersChosen) -> None:
    p = s.player(e.color)
    p.inaccessible = list(e.cards)
    p.hand += [c for c in p.setup_draw if c not in e.cards]
    p.setup_draw = []


# --- flow ---------------------------------------------------------------------------------------
@on(ev.PhaseBegan)
def _(s: GameState, e: ev.PhaseBegan) -> None:
    s.phase, s.year, s.season = e.phase, e.year, year_plan(s).seasons.index(e.season)
    s.awaiting = NewRound() if e.phase == "new_round" else None
    s.queue = [p.color for p in s.play_order()] if e.phase in ("production", "event") else []


@on(ev.OfferDiscarded)
def _(s: GameState, e: ev.OfferDiscarded) -> None:
    s.board.discards["monsters"] += e.monsters
    s.board.discards["rooms"] += e.rooms
    s.board.monster_offer, s.board.room_offer = [], []


@on(ev.MonstersRevealed)
def _(s: GameState, e: ev.MonstersRevealed) -> None:
    stack = s.board.monster_stack[str(s.year)]
    for t in e.tiles:
        stack.remove(t)
    s.board.monster_offer = list(e.tiles)
    _done(s, "monsters")


@on(ev.RoomsRevealed)
def _(s: GameState, e: ev.RoomsRevealed) -> None:
    stack = s.board.room_stack[str(s.year)]
    for t in e.tiles:
        stack.remove(t)
    s.board.room_offer = list(e.tiles)
    _done(s, "rooms")


@on(ev.EventTileRevealed)
def _(s: GameState, e: ev.EventTileRevealed) -> None:
    s.board.event_pool.remove(e.tile)
    s.board.event_tiles[e.season] = e.tile
    _done(s, "event")


@on(ev.SpecialEventRevealed)
def _(s: GameState, e: ev.SpecialEventRevealed) -> None:
    y = str(e.year)
    s.board.special_revealed[y] = s.board.special_revealed.get(y, 0) + 1
    _done(s, "special")


@on(ev.AdventurersDrawn)
def _(s: GameState, e: ev.AdventurersDrawn) -> None:
    stack = s.board.adventurer_stack[str(s.year)]
    for t in e.tiles:
        (stack if t in stack else s.board.adventurer_bottom).remove(t)
    s.board.incoming.setdefault(e.season, []).extend(e.tiles)


@on(ev.AdventurerPutUnder)
def _(s: GameState, e: ev.AdventurerPutUnder) -> None:
    s.board.incoming[e.season].remove(e.tile)
    s.board.adventurer_bottom.append(e.tile)


@on(ev.AdventurersLinedUp)
def _(s: GameState, e: ev.AdventurersLinedUp) -> None:
    s.board.incoming[e.season] = list(e.tiles)
    _done(s, "adventurers")


# --- orders -------------------------------------------------------------------------------------
@on(ev.NonPlayerOrdersDrawn)
def _(s: GameState, e: ev.NonPlayerOrdersDrawn) -> None:
    _np(s, e.color).drawn = list(e.cards)


@on(ev.OrdersChosen)
def _(s: GameState, e: ev.OrdersChosen) -> None:
    p = s.player(e.color)
    p.orders = list(e.orders)
    p.hand = [c for c in p.hand if c not in e.orders]
    p.nonplayer_order = e.nonplayer_order


@on(ev.OrdersRevealed)
def _(s: GameState, e: ev.OrdersRevealed) -> None:
    for p in s.players:
        p.revealed = max(p.revealed, e.slot + 1)


@on(ev.MinionPlaced)
def _(s: GameState, e: ev.MinionPlaced) -> None:
    pl = Placement(
        color=e.color,
        action=e.action,
        space=e.space,
        slot=e.slot,
        nonplayer=e.nonplayer,
        resolved=e.nonplayer or e.space is None,
    )
    if e.space is None:
        s.board.shut_out.append(pl)
    else:
        s.board.spaces[e.action][SPACES.index(e.space)] = pl
    if e.fee_paid:
        s.player(e.color).gold -= e.fee_paid


@on(ev.NonPlayerOrdersRotated)
def _(s: GameState, e: ev.NonPlayerOrdersRotated) -> None:
    np = _np(s, e.color)
    np.inaccessible = list(e.inaccessible)
    np.deck = [c for c in catalog(s).order_cards if c not in e.inaccessible]
    np.drawn = []


# --- actions ------------------------------------------------------------------------------------
@on(ev.ActionTaken)
def _(s: GameState, e: ev.ActionTaken) -> None:
    p = s.player(e.color)
    _pay(p, e.paid)
    g = e.gained
    _gain(p, g)
    if g.get("trap_cards"):  # the Year plan says how many more are drawn, then sent back (Second Year: 1)
        extra = year_plan(s).buy_traps_extra.get(s.year, 0)
        s.awaiting = TrapDraw(color=e.color, count=g["trap_cards"] + extra, discard=extra > 0, context="action")
    else:
        _resolve(s, True)


@on(ev.CombatCardSpied)
def _(s: GameState, e: ev.CombatCardSpied) -> None:
    s.player(e.color).spied[str(e.position)] = e.card
    if not e.card:  # face down at a real table: the spy records what he saw next
        s.awaiting = FaceDown(what="combat_card", year=s.year, position=e.position, spy=e.color)


@on(ev.FaceDownCardSeen)
def _(s: GameState, e: ev.FaceDownCardSeen) -> None:
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
            _battle(s).traps = swap(_battle(s).traps)
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
def _(s: GameState, e: ev.ActionDeclined) -> None:
    _resolve(s, False)


@on(ev.TunnelDug)
def _(s: GameState, e: ev.TunnelDug) -> None:
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
def _(s: GameState, e: ev.DiggingFinished) -> None:
    s.awaiting = None
    _resolve(s, e.dug > 0)


@on(ev.GoldMined)
def _(s: GameState, e: ev.GoldMined) -> None:
    p = s.player(e.color)
    p.gold += e.imps + e.vein
    p.imps_busy += e.imps + e.vein + int(e.foreimp)
    _resolve(s, True)


@on(ev.TrapDeckReshuffled)
def _(s: GameState, e: ev.TrapDeckReshuffled) -> None:
    b = s.board
    # an unseen card's real card never left trap_deck: its placeholder just goes away
    b.trap_deck += [c for c in b.trap_discard if not is_unseen(c)]
    b.unseen_traps = [c for c in b.unseen_traps if c not in b.trap_discard]
    b.trap_discard = []


@on(ev.TrapCardsDrawn)
def _(s: GameState, e: ev.TrapCardsDrawn) -> None:
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
        _resolve(s, True)


@on(ev.TrapDiscarded)
def _(s: GameState, e: ev.TrapDiscarded) -> None:
    s.player(e.color).traps.remove(e.card)
    s.board.trap_discard.append(e.card)
    assert isinstance(s.awaiting, TrapDiscard), "a Trap Card discarded outside a discard"
    context = s.awaiting.context
    s.awaiting = None
    if context == "action":
        _resolve(s, True)


def _lose_monster(s: GameState, p: Player, monster: str) -> None:
    p.monsters = [m for m in p.monsters if m.id != monster]
    s.board.discards["monsters"].append(monster)
    p.trolls_busy = min(p.trolls_busy, trolls(s, p))  # a lost troll takes its token back to the bank


@on(ev.MonsterHired)
def _(s: GameState, e: ev.MonsterHired) -> None:
    p = s.player(e.color)
    _pay(p, e.paid)
    s.board.monster_offer.remove(e.monster)
    if e.discarded_trap:
        p.traps.remove(e.discarded_trap)
        s.board.trap_discard.append(e.discarded_trap)
    if e.fed_monster:
        _lose_monster(s, p, e.fed_monster)
    p.monsters.append(Monster(e.monster, expertise=e.expertise))
    _resolve(s, True)


@on(ev.RoomBuilt)
def _(s: GameState, e: ev.RoomBuilt) -> None:
    p = s.player(e.color)
    _pay(p, e.paid)
    s.board.room_offer.remove(e.room)
    r, c = e.square
    p.dungeon[r][c] = Cell("room", room=e.room)
    _resolve(s, True)


# --- production and retrieval --------------------------------------------------------------------
@on(ev.RoomProduced)
def _(s: GameState, e: ev.RoomProduced) -> None:
    p = s.player(e.color)
    p.imps_busy += e.imps
    p.trolls_busy += e.trolls
    _pay(p, e.paid)
    k = f"{e.square[0]},{e.square[1]}"
    p.room_uses[k] = p.room_uses.get(k, 0) + 1
    if e.output == "food":
        p.food += 1
    elif e.output == "gold":
        p.gold += 1
    elif e.output == "reputation":
        p.evil = clamp_evil(p.evil - 1)
    elif e.output == "imp":
        p.imps += 1  # a free imp at once (Appendix › Magic Room)
    elif e.output == "trap":
        s.awaiting = TrapDraw(color=e.color, count=1, discard=False, context="production")
    p.trained += e.trained  # Festival Season's imp Training Room


@on(ev.TrainedImpAdded)
def _(s: GameState, e: ev.TrainedImpAdded) -> None:
    b = _battle(s)
    b.training_done = True
    if e.added:  # the imp goes back to the Imp Den (still owned) and the party takes 1 more fatigue
        s.player(e.color).trained -= 1
        b.fatigue_added += 1


@on(ev.OrdersRetrieved)
def _(s: GameState, e: ev.OrdersRetrieved) -> None:
    p = s.player(e.color)
    p.hand = p.hand + p.inaccessible + [e.card]
    p.inaccessible = list(e.inaccessible)
    p.orders, p.revealed, p.nonplayer_order = [], 0, None
    s.queue.pop(0)


# --- events -------------------------------------------------------------------------------------
def _handled(s: GameState, kind: str, color: str, *ids: str) -> None:
    if not isinstance(s.awaiting, Handling) or s.awaiting.kind != kind:
        s.awaiting = Handling(kind=kind, color=color)
    s.awaiting.handled += [i for i in ids if i]


@on(ev.WagePaid)
def _(s: GameState, e: ev.WagePaid) -> None:
    p = s.player(e.color)
    _pay(p, e.paid)
    if e.discarded_trap:
        p.traps.remove(e.discarded_trap)
        s.board.trap_discard.append(e.discarded_trap)
    if e.fed_monster:
        _lose_monster(s, p, e.fed_monster)
    _handled(s, "payday", e.color, e.monster, e.fed_monster or "")


@on(ev.MonsterReleased)
def _(s: GameState, e: ev.MonsterReleased) -> None:
    p = s.player(e.color)
    _lose_monster(s, p, e.monster)
    p.evil = clamp_evil(p.evil + 1)
    _handled(s, "payday", e.color, e.monster)


@on(ev.PayDayFinished)
def _(s: GameState, e: ev.PayDayFinished) -> None:
    s.awaiting = None
    s.queue.pop(0)


@on(ev.TaxesPaid)
def _(s: GameState, e: ev.TaxesPaid) -> None:
    p = s.player(e.color)
    p.gold -= e.paid
    p.red_marks += e.red_marks
    s.queue.pop(0)


@on(ev.SpecialEventChoiceMade)
def _(s: GameState, e: ev.SpecialEventChoiceMade) -> None:
    _handled(s, "special", e.color, (e.target or e.option).split(":")[-1])


@on(ev.SpecialEventApplied)
def _(s: GameState, e: ev.SpecialEventApplied) -> None:
    p, fx = s.player(e.color), e.effect
    p.gold = max(0, p.gold + fx.get("gold", 0))
    p.food = max(0, p.food + fx.get("food", 0))
    p.imps = max(0, p.imps + fx.get("imps", 0))
    p.trained = min(p.trained, p.imps)  # imps are lost from the Imp Den first (Festival Season, U-44)
    p.imps_busy = min(p.imps_busy, p.imps - p.trained)
    p.evil = clamp_evil(p.evil + fx.get("evil", 0))
    for m in fx.get("monsters_lost", []):
        _lose_monster(s, p, m)
    for t in fx.get("traps_lost", []):
        p.traps.remove(t)
        s.board.trap_discard.append(t)
    for m in p.monsters:
        if m.id in fx.get("monsters_knocked_out", []):
            m.knocked_out = True
    for r, c in fx.get("tiles_removed", []):
        p.dungeon[r][c] = None


@on(ev.SpecialEventFinished)
def _(s: GameState, e: ev.SpecialEventFinished) -> None:
    s.awaiting = None
    s.queue.pop(0)


# --- adventurers, paladin, rounds, years -----------------------------------------------------------
@on(ev.NonPlayerEvilMoved)
def _(s: GameState, e: ev.NonPlayerEvilMoved) -> None:
    np = _np(s, e.color)
    assert np.evil is not None, "only a 2-player game's non-player colour has an Evil Marker"
    np.evil = clamp_evil(np.evil + e.steps)


@on(ev.EvilometerMoved)
def _(s: GameState, e: ev.EvilometerMoved) -> None:
    s.player(e.color).evil = e.evil  # already there: the event that moved it was applied first


def _take_incoming(s: GameState, tile: str) -> None:
    season = year_plan(s).seasons[s.season]
    tiles = s.board.incoming[season]
    tiles.remove(tile)
    if not tiles:
        del s.board.incoming[season]


@on(ev.AdventurerAssigned)
def _(s: GameState, e: ev.AdventurerAssigned) -> None:
    _take_incoming(s, e.tile)
    s.player(e.color).party.insert(e.position, e.tile)


@on(ev.AdventurerDiscarded)
def _(s: GameState, e: ev.AdventurerDiscarded) -> None:
    _take_incoming(s, e.tile)
    s.board.discards["adventurers"].append(e.tile)


@on(ev.PaladinSentAway)
def _(s: GameState, e: ev.PaladinSentAway) -> None:
    s.paladins = [pal for pal in s.paladins if pal.id != e.paladin]
    s.board.discards["paladins"].append(e.paladin)
    s.paladin_nonplayers.append(e.color)


@on(ev.PaladinArrived)
def _(s: GameState, e: ev.PaladinArrived) -> None:
    _paladin(s, e.paladin).holder = e.color


@on(ev.PaladinMoved)
def _(s: GameState, e: ev.PaladinMoved) -> None:
    _paladin(s, e.paladin).holder = e.to_color


@on(ev.RoundEnded)
def _(s: GameState, e: ev.RoundEnded) -> None:
    for p in s.players:
        p.imps_busy = p.trolls_busy = 0
        p.room_uses = {}
    s.board.spaces = {a: [None, None, None] for a in s.board.spaces}
    s.board.shut_out = []
    s.starting_player = next(i for i, p in enumerate(s.players) if p.color == e.starting_player)


@on(ev.YearBegan)
def _(s: GameState, e: ev.YearBegan) -> None:
    b = s.board
    b.box["combat_cards"] += [c for c in b.combat_cards if c]  # unrevealed cards stay unknown
    b.combat_cards, b.next_combat_cards = b.next_combat_cards, []
    # in the tent, or survived the First Year's Combat: to the Distant Lands; the Year's own take their place
    b.discards["paladins"] += [pal.id for pal in s.paladins]
    s.paladins = [Paladin(id=who) for who in e.paladins]
    for np in s.nonplayers:
        if np.evil is not None:
            np.evil = clamp_evil(np.evil + e.nonplayer_evil_steps)  # as the event says (Second Year rules)
    for p in s.players:
        p.spied = {}
        for m in p.monsters:
            m.knocked_out = False
    b.event_pool, b.event_tiles, b.special_revealed = list(year_plan(s).event_tiles), {}, {}
    b.opportunity = ""  # the First Year's boards are in the box (Festival Season › Second Year)
    s.year, s.season = e.year, 0
    s.starting_player = next(i for i, p in enumerate(s.players) if p.color == e.starting_player)


# --- Festival Season: Unique Opportunities ----------------------------------------------------------
@on(ev.OpportunityTurnedUp)
def _(s: GameState, e: ev.OpportunityTurnedUp) -> None:
    s.board.opportunity_next = e.board
    _done(s, "opportunity_turned_up")


@on(ev.OpportunityPlaced)
def _(s: GameState, e: ev.OpportunityPlaced) -> None:
    b = s.board
    b.opportunity, b.opportunity_next, b.rent_gold = e.board, "", 0
    b.opportunities_placed.setdefault(str(s.year), []).append(e.board)
    _done(s, "opportunity_placed")


@on(ev.FoodHarvested)
def _(s: GameState, e: ev.FoodHarvested) -> None:
    p = s.player(e.color)
    p.food += e.food
    p.imps_busy += e.food + e.foreimps  # above the dungeon for the rest of the round
    p.evil = clamp_evil(p.evil + e.evil)
    _resolve(s, True)


@on(ev.GoldInvested)
def _(s: GameState, e: ev.GoldInvested) -> None:
    p = s.player(e.color)
    p.gold -= e.paid
    p.gold_invested += e.returns
    _resolve(s, True)


@on(ev.InvestmentReturned)
def _(s: GameState, e: ev.InvestmentReturned) -> None:
    p = s.player(e.color)
    p.gold += e.gold
    p.gold_invested -= e.gold


@on(ev.MasqueradeHeld)
def _(s: GameState, e: ev.MasqueradeHeld) -> None:
    p = s.player(e.color)
    _pay(p, e.paid)
    p.gold += e.gained.get("gold", 0)
    for color, steps in e.evil.items():  # at once; gaining is not a cost: it stops at the top
        q = s.player(color)
        q.evil = clamp_evil(q.evil + steps)
    _resolve(s, True)


@on(ev.CombatCardMoved)
def _(s: GameState, e: ev.CombatCardMoved) -> None:
    cards = s.board.combat_cards
    cards.insert(e.to_position - 1, cards.pop(e.from_position - 1))
    # what each player spied follows the card, not the position it was at
    for p in s.players:
        if p.spied:
            p.spied = {str(cards.index(card) + 1): card for card in p.spied.values() if card and card in cards}


# --- Festival Season: the Festival ------------------------------------------------------------------
def _festival(s: GameState) -> Festival:
    assert s.festival is not None, "a Festival event outside the Festival"
    return s.festival


@on(ev.FestivalBegan)
def _(s: GameState, e: ev.FestivalBegan) -> None:
    s.festival = Festival(prizes=list(e.prizes))
    s.board.opportunity = ""  # the fifth round's board comes off the central board


@on(ev.FestivalBid)
def _(s: GameState, e: ev.FestivalBid) -> None:
    _festival(s).bids[e.color] = e.imps


@on(ev.FestivalBidsRevealed)
def _(s: GameState, e: ev.FestivalBidsRevealed) -> None:
    f = _festival(s)
    f.revealed, f.order = True, list(e.pick_order)
    for color, imps in e.bids.items():
        s.player(color).imps_busy += imps  # on the town picture for the rest of the round, prize or not


@on(ev.FestivalPrizeTaken)
def _(s: GameState, e: ev.FestivalPrizeTaken) -> None:
    f, p, b = _festival(s), s.player(e.color), s.board
    f.order.remove(e.color)
    f.prizes.remove(e.board)
    _pay(p, e.paid)
    _gain(p, e.gained)
    if e.monster:
        b.discards["monsters"].remove(e.monster)
        if e.discarded_trap:
            p.traps.remove(e.discarded_trap)
            b.trap_discard.append(e.discarded_trap)
        if e.fed_monster:
            _lose_monster(s, p, e.fed_monster)
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
def _(s: GameState, e: ev.FestivalPrizeDeclined) -> None:
    _festival(s).order.remove(e.color)


@on(ev.FestivalEnded)
def _(s: GameState, e: ev.FestivalEnded) -> None:
    s.festival = None


# --- Festival Season: the Pet Phase ----------------------------------------------------------------
def _draft(s: GameState) -> PetDraft:
    if s.pet_draft is None:
        s.pet_draft = PetDraft()
    return s.pet_draft


@on(ev.PetsDealt)
def _(s: GameState, e: ev.PetsDealt) -> None:
    p = s.player(e.color)
    for card in e.cards:
        s.board.pet_deck.remove(card)
    _draft(s).hands[e.color] = [*e.cards, *p.pets]  # the Second Year: the unused pets join the hand
    p.pets = []


@on(ev.PetDeckReshuffled)
def _(s: GameState, e: ev.PetDeckReshuffled) -> None:
    b = s.board
    b.pet_deck, b.pet_discard = b.pet_deck + b.pet_discard, []


@on(ev.PetPassChosen)
def _(s: GameState, e: ev.PetPassChosen) -> None:
    _draft(s).passes[e.color] = e.card


@on(ev.PetsExchanged)
def _(s: GameState, e: ev.PetsExchanged) -> None:
    d = _draft(s)
    for giver in e.to:
        d.hands[giver].remove(d.passes[giver])
    for giver, receiver in e.to.items():
        d.hands[receiver].append(d.passes[giver])
    d.exchanged = True


@on(ev.PetDiscarded)
def _(s: GameState, e: ev.PetDiscarded) -> None:
    d = _draft(s)
    hand = d.hands[e.color]
    hand.remove(e.card)
    s.board.pet_discard.append(e.card)
    s.player(e.color).pets += hand  # kept face down in the Pet Box
    d.hands[e.color] = []
    d.discarded.append(e.color)


@on(ev.PetUsed)
def _(s: GameState, e: ev.PetUsed) -> None:
    p = s.player(e.color)
    p.pets.remove(e.card)
    p.pets_used.append(e.card)
    _gain(p, e.gain)


@on(ev.TrapsDealtForInstalling)
def _(s: GameState, e: ev.TrapsDealtForInstalling) -> None:
    for card in e.cards:
        s.board.trap_deck.remove(card)
    s.board.install_offer = list(e.cards)
    _done(s, "install_offer")


@on(ev.TrapInstalled)
def _(s: GameState, e: ev.TrapInstalled) -> None:
    p = s.player(e.color)
    _pay(p, e.paid)
    s.board.install_offer.remove(e.trap)
    p.installed[f"{e.square[0]},{e.square[1]}"] = e.trap
    _resolve(s, True)


@on(ev.InstallOfferDiscarded)
def _(s: GameState, e: ev.InstallOfferDiscarded) -> None:
    s.board.trap_discard += e.cards
    s.board.install_offer = []


@on(ev.InstalledTrapDiscarded)
def _(s: GameState, e: ev.InstalledTrapDiscarded) -> None:
    del s.player(e.color).installed[f"{e.square[0]},{e.square[1]}"]
    s.board.trap_discard.append(e.trap)


@on(ev.TunnelsImproved)
def _(s: GameState, e: ev.TunnelsImproved) -> None:
    p = s.player(e.color)
    for k, square in enumerate(e.squares):
        cell = cell_at(p, square)
        assert cell is not None, "Improve Tunnels works on built tiles"
        if e.option == "improve":
            cell.improved = e.tiles[k]  # the plain tile goes back to the bank
        else:
            cell.conquered = False  # dark side up again; the Evilometer does not move (provisional U-41)
    p.imps_busy += e.imps
    _resolve(s, True)


@on(ev.RoomRented)
def _(s: GameState, e: ev.RoomRented) -> None:
    p = s.player(e.color)
    _pay(p, e.paid)
    s.board.room_offer.remove(e.room)
    s.board.rent_gold += e.paid.get("gold", 0)  # on the board for space I
    p.rented.append(Cell("room", room=e.room))
    _resolve(s, True)


@on(ev.RentGoldTaken)
def _(s: GameState, e: ev.RentGoldTaken) -> None:
    s.player(e.color).gold += e.gold
    s.board.rent_gold -= e.gold
    _resolve(s, True)


@on(ev.PetsAcquired)
def _(s: GameState, e: ev.PetsAcquired) -> None:
    p = s.player(e.color)
    _pay(p, e.paid)
    p.imps += e.imps  # like Recruit Imps' imps: they did no job this round
    if e.pets:
        s.awaiting = PetDraw(color=e.color, count=e.pets)
    else:
        _resolve(s, True)


@on(ev.PetsDrawn)
def _(s: GameState, e: ev.PetsDrawn) -> None:
    for card in e.cards:
        s.board.pet_deck.remove(card)
    s.player(e.color).pets += e.cards  # face down in the Pet Box
    s.awaiting = None
    _resolve(s, True)


@on(ev.PetDraftEnded)
def _(s: GameState, e: ev.PetDraftEnded) -> None:
    s.pet_draft = None


# --- combat -------------------------------------------------------------------------------------
def _battle(s: GameState) -> Battle:
    assert s.battle is not None, "a battle event outside a battle"
    return s.battle


@on(ev.CombatRoundBegan)
def _(s: GameState, e: ev.CombatRoundBegan) -> None:
    s.combat_round, s.combat_card, s.battle = e.round, None, None
    for p in s.players:
        p.plan = None


@on(ev.BattlePlanned)
def _(s: GameState, e: ev.BattlePlanned) -> None:
    p = s.player(e.color)
    p.plan = {"tile": list(e.tile), "traps": list(e.traps), "monsters": list(e.monsters)}
    if e.pets:
        p.plan["pets"] = list(e.pets)
    for pet in e.pets:  # Festival Season › Using Pets: revealed and used up, some fighting on (``lasts``)
        if pet in p.pets:
            p.pets.remove(pet)
            p.pets_used.append(pet)
            if catalog(s).pets[pet].lasts == "combat":
                p.pets_active.append(pet)


@on(ev.PrisonerReleased)
def _(s: GameState, e: ev.PrisonerReleased) -> None:
    p = s.player(e.color)
    p.prison.remove(e.prisoner)
    kind = "paladins" if e.prisoner in catalog(s).paladins else "adventurers"
    s.board.discards[kind].append(e.prisoner)
    p.plan = {"released": e.prisoner}


@on(ev.CombatCardRevealed)
def _(s: GameState, e: ev.CombatCardRevealed) -> None:
    s.combat_card = e.card
    s.queue = [p.color for p in s.play_order() if p.plan and "tile" in p.plan]


@on(ev.BattleBegan)
def _(s: GameState, e: ev.BattleBegan) -> None:
    plan = s.player(e.color).plan
    assert plan is not None, "a battle begins with its plan"
    traps = [*plan["traps"], *e.installed]  # an installed trap is not the battle's trap: it comes on top
    s.battle = b = Battle(
        color=e.color,
        tile=list(e.tile),
        room=e.room,
        traps=traps,
        monsters=list(plan["monsters"]),
        installed=list(e.installed),
    )
    for pet in (catalog(s).pets[x] for x in plan.get("pets", ())):  # Festival Season: pets sent fight too
        if pet.attacks:
            b.monsters.append(pet.id)
        b.fatigue_added += pet.fatigue


@on(ev.TrapSprung)
def _(s: GameState, e: ev.TrapSprung) -> None:
    p, b = s.player(e.color), _battle(s)
    p.gold -= e.paid.get("gold", 0)
    p.food -= e.paid.get("food", 0)
    p.imps -= e.paid.get("imps", 0)  # the Kamikaze Imp goes back to the bank
    if e.trap in b.installed:  # Festival Season: an installed trap and its marker leave the tile
        b.installed.remove(e.trap)
        p.installed = {k: t for k, t in p.installed.items() if t != e.trap}
    else:
        p.traps.remove(e.trap)
    s.board.trap_discard.append(e.trap)
    b.traps.remove(e.trap)
    b.traps_ordered = len(b.traps) < 2  # two or more left: the owner says again which springs next
    b.disarm_used += e.disarm_used
    for fx in e.effects:
        if fx == "no_conquer":
            b.no_conquer.append(f"trap:{e.trap}")
        elif fx.startswith("poison:"):
            b.poison.append(fx.split(":", 1)[1])
        elif fx == "no_spell":
            b.no_spell = True
        elif fx == "no_heal":
            b.no_heal = "the Anti-Magic Dart hit a priest"


@on(ev.DamageDealt)
def _(s: GameState, e: ev.DamageDealt) -> None:
    p = s.player(e.color)
    pal = paladin(s, e.target)
    if pal is not None:
        pal.damage += e.amount
    elif e.amount:
        p.damage[e.target] = p.damage.get(e.target, 0) + e.amount
    b = s.battle  # fatigue and traps outside a battle's steps deal damage too
    if b is not None and e.courage_used:  # Festival Season: tokens removed instead of counters
        b.courage_tokens[e.target] -= e.courage_used
    if b is not None and e.prevented_by == "shield":
        b.shield -= 1
    elif b is not None and b.courage is not None and e.prevented_by == "courage":
        b.courage.append(e.target)


@on(ev.AdventurerImprisoned)
def _(s: GameState, e: ev.AdventurerImprisoned) -> None:
    p = s.player(e.color)
    pal = paladin(s, e.adventurer)
    if pal is not None:
        s.paladins.remove(pal)  # in prison he moves no more
        s.paladin_captors.append(e.color)
    else:
        p.party.remove(e.adventurer)
        p.damage.pop(e.adventurer, None)
        if e.adventurer in p.fed:
            p.fed.remove(e.adventurer)
        p.mourning += 1  # Festival Season › Mourning: the bards have a lute fewer for the rest of this Combat
    p.prison.append(e.adventurer)


@on(ev.IllusionVanished)
def _(s: GameState, e: ev.IllusionVanished) -> None:
    p = s.player(e.color)
    p.illusion = 0
    p.damage.pop("illusion", None)
    if "illusion" in p.fed:  # a Create Food token on the Illusion goes with it
        p.fed.remove("illusion")


@on(ev.SpellNotCast)
def _(s: GameState, e: ev.SpellNotCast) -> None:
    setattr(_battle(s), f"{e.step}_done", True)


@on(ev.SpellCast)
def _(s: GameState, e: ev.SpellCast) -> None:
    p, b, fx = s.player(e.color), _battle(s), e.effect
    setattr(b, f"{e.step}_done", True)
    for flag in ("invisible", "rage", "magic_key"):
        if fx.get(flag):
            setattr(b, flag, True)
    b.shield += fx.get("shield", 0)
    if fx.get("courage"):
        b.courage = []
    _gain(p, fx)
    p.trained = min(p.trained, p.imps)  # imps are lost from the Imp Den first (Festival Season, U-44)
    if fx.get("trap_lost"):
        p.traps.remove(fx["trap_lost"])
        s.board.trap_discard.append(fx["trap_lost"])
    if fx.get("choice"):
        b.choice = copy.deepcopy(fx["choice"])  # never share lists with the event
    if fx.get("illusion"):
        p.illusion = 1
    if fx.get("fed"):
        p.fed.append(fx["fed"])
    for who, n in fx.get("healed", {}).items():
        _heal(s, p, who, n)


def _heal(s: GameState, p: Player, who: str, n: int) -> None:
    pal = paladin(s, who)
    if pal is not None:
        pal.damage -= n
    else:
        p.damage[who] -= n
        if not p.damage[who]:
            del p.damage[who]


@on(ev.SpellChoiceMade)
def _(s: GameState, e: ev.SpellChoiceMade) -> None:
    p, b = s.player(e.color), _battle(s)
    choice = b.choice
    if e.option == "pay":
        _pay(p, e.paid)
    if e.option in ("withdraw", "target") and e.target is not None:
        b.monsters.remove(e.target)
        if e.card in ("metamorphosis", "dimensional_gate"):
            if e.target in p.pets_active:  # Baby Golem (a monster to spells): out for the rest of Combat
                p.pets_active.remove(e.target)
            else:
                next(m for m in p.monsters if m.id == e.target).knocked_out = True
    if e.option == "withdraw_all":  # ghosts and pets stay (Festival Season › Using Pets)
        b.monsters = [m for m in b.monsters if not is_monster(s, m)]
    if e.option == "gain_evil":
        p.evil = clamp_evil(p.evil + 2)
    if e.card == "suggestion" and choice is not None:
        choice["todo"].remove(e.target)
        if choice["todo"]:
            return
    b.choice = None


@on(ev.MonsterAttacked)
def _(s: GameState, e: ev.MonsterAttacked) -> None:
    p, b = s.player(e.color), _battle(s)
    _pay(p, e.paid)
    b.monsters.remove(e.monster)
    if e.knocked_out:
        next(m for m in p.monsters if m.id == e.monster).knocked_out = True
    if e.expert_bonus:  # the Expertise tile is turned face down until the end of Combat
        next(m for m in p.monsters if m.id == e.monster).expertise_used = True
    if e.attacked:
        b.attacked = True
    for fx in e.effects:  # Festival Season's Evil Eye and Cockatrice
        tag, _, who = fx.partition(":")
        if tag == "hypnotize":
            b.hypnotized = who
            if who in p.party:  # first of the adventurers for the rest of that Combat (provisional U-30)
                p.party.remove(who)
                p.party.insert(0, who)
        elif tag == "poison_1":
            b.bites.append(who)
    if "no_conquer" in e.effects:
        b.no_conquer.append(f"monster:{e.monster}")
    if "no_healing" in e.effects:
        b.no_heal = f"the {e.monster} stops the Healing Step"


@on(ev.PartyHealed)
def _(s: GameState, e: ev.PartyHealed) -> None:
    p = s.player(e.color)
    for who, n in e.healed.items():
        _heal(s, p, who, n)
    _battle(s).healing_done = True


@on(ev.HealingSkipped)
def _(s: GameState, e: ev.HealingSkipped) -> None:
    _battle(s).healing_done = True


@on(ev.TileConquered)
def _(s: GameState, e: ev.TileConquered) -> None:
    p = s.player(e.color)
    cell = cell_at(p, e.tile)  # a dungeon tile, or a rented combat room (Festival Season)
    assert cell is not None, "a conquered tile is a built one"
    cell.conquered = True
    p.evil = clamp_evil(p.evil - 1)
    _battle(s).conquest_done = True
    if p.trained and cell.room is not None:  # Festival Season's imp Training Room: its imps go back at once
        production = catalog(s).rooms[cell.room].production
        if production is not None and production.output == "training":
            p.trained = 0


@on(ev.BardStepTaken)
def _(s: GameState, e: ev.BardStepTaken) -> None:
    b = _battle(s)
    b.bard_done, b.courage_tokens = True, dict(e.tokens)


@on(ev.CourageRemoved)
def _(s: GameState, e: ev.CourageRemoved) -> None:
    _battle(s).courage_tokens = {}


@on(ev.ConquestPrevented)
def _(s: GameState, e: ev.ConquestPrevented) -> None:
    _battle(s).conquest_done = True


@on(ev.BattleEnded)
def _(s: GameState, e: ev.BattleEnded) -> None:
    s.battle = None
    if s.queue and s.queue[0] == e.color:
        s.queue.pop(0)


@on(ev.CombatRoundEnded)
def _(s: GameState, e: ev.CombatRoundEnded) -> None:
    s.combat_card, s.battle, s.queue = None, None, []
    for p in s.players:
        p.plan = None


@on(ev.CombatEnded)
def _(s: GameState, e: ev.CombatEnded) -> None:
    for color, leaving in e.departed.items():
        p = s.player(color)
        for who in leaving:
            if who in catalog(s).paladins:
                s.board.discards["paladins"].append(who)
                s.paladins = [pal for pal in s.paladins if pal.id != who]
            elif who in p.party:
                p.party.remove(who)
                s.board.discards["adventurers"].append(who)
    s.paladin_captors = []  # ignored "for the rest of that Combat" only
    for p in s.players:
        p.damage, p.fed, p.illusion, p.plan = {}, [], 0, None
        for m in p.monsters:
            m.knocked_out = False  # "turn your monsters face up again"
            m.expertise_used = False  # ... and the Expertise tiles (Festival Season)
        p.mourning = 0
        p.pets_active = []  # Baby Golem and Stareplant last "until the end of that Year's Combat"
    s.combat_round, s.combat_card, s.battle, s.queue = 0, None, None, []


@on(ev.GameScored)
def _(s: GameState, e: ev.GameScored) -> None:
    s.scores = copy.deepcopy(e.scores)
    s.phase = "over"


@on(ev.TrapsOrdered)
def _(s: GameState, e: ev.TrapsOrdered) -> None:
    _battle(s).traps = list(e.traps)
    _battle(s).traps_ordered = True


@on(ev.GameArchived)
def _(s: GameState, e: ev.GameArchived) -> None:
    s.archived = True


@on(ev.TableRulingApplied)
def _(s: GameState, e: ev.TableRulingApplied) -> None:
    for color, ch in e.changes.items():
        p = s.player(color)
        p.gold += ch.get("gold", 0)
        p.food += ch.get("food", 0)
        p.imps += ch.get("imps", 0)
        p.red_marks += ch.get("red_marks", 0)
        p.evil = clamp_evil(p.evil + ch.get("evil", 0))
        for who, n in ch.get("damage", {}).items():
            pal = paladin(s, who)
            if pal is not None:
                pal.damage += n
            else:
                p.damage[who] = p.damage.get(who, 0) + n
                if not p.damage[who]:
                    del p.damage[who]
        for r, c in ch.get("conquered", []):
            p.dungeon[r][c].conquered = True
        for r, c in ch.get("restored", []):
            p.dungeon[r][c].conquered = False
