"""The fold of a round's flow (:mod:`..phases.rounds`): phases, the new round's offers and tiles, the
adventurers drawn, the round's end and the Second Year."""

from __future__ import annotations

from .. import events as ev
from ..state import GameState, NewRound, Paladin
from .common import done, on


@on(ev.PhaseBegan)
def _phase_began(s: GameState, e: ev.PhaseBegan) -> None:
    assert e.season_index is not None, "PhaseBegan settled"
    phase = e.phase
    s.phase, s.year, s.season = phase, e.year, e.season_index
    s.awaiting = NewRound() if phase == "new_round" else None
    s.queue = [p.color for p in s.play_order()] if phase == "production" or phase == "event" else []


@on(ev.OfferDiscarded)
def _offer_discarded(s: GameState, e: ev.OfferDiscarded) -> None:
    s.board.discards["monsters"] += e.monsters
    s.board.discards["rooms"] += e.rooms
    s.board.monster_offer, s.board.room_offer = [], []


@on(ev.MonstersRevealed)
def _monsters_revealed(s: GameState, e: ev.MonstersRevealed) -> None:
    stack = s.board.monster_stack[str(s.year)]
    for t in e.tiles:
        stack.remove(t)
    s.board.monster_offer = list(e.tiles)
    done(s, "monsters")


@on(ev.RoomsRevealed)
def _rooms_revealed(s: GameState, e: ev.RoomsRevealed) -> None:
    stack = s.board.room_stack[str(s.year)]
    for t in e.tiles:
        stack.remove(t)
    s.board.room_offer = list(e.tiles)
    done(s, "rooms")


@on(ev.EventTileRevealed)
def _event_tile_revealed(s: GameState, e: ev.EventTileRevealed) -> None:
    s.board.event_pool.remove(e.tile)
    s.board.event_tiles[e.season] = e.tile
    done(s, "event")


@on(ev.SpecialEventRevealed)
def _special_event_revealed(s: GameState, e: ev.SpecialEventRevealed) -> None:
    y = str(e.year)
    s.board.special_revealed[y] = s.board.special_revealed.get(y, 0) + 1
    done(s, "special")


@on(ev.AdventurersDrawn)
def _adventurers_drawn(s: GameState, e: ev.AdventurersDrawn) -> None:
    stack = s.board.adventurer_stack[str(s.year)]
    for t in e.tiles:
        (stack if t in stack else s.board.adventurer_bottom).remove(t)
    s.board.incoming.setdefault(e.season, []).extend(e.tiles)


@on(ev.AdventurerPutUnder)
def _adventurer_put_under(s: GameState, e: ev.AdventurerPutUnder) -> None:
    s.board.incoming[e.season].remove(e.tile)
    s.board.adventurer_bottom.append(e.tile)


@on(ev.AdventurersLinedUp)
def _adventurers_lined_up(s: GameState, e: ev.AdventurersLinedUp) -> None:
    s.board.incoming[e.season] = list(e.tiles)
    done(s, "adventurers")


@on(ev.RoundEnded)
def _round_ended(s: GameState, e: ev.RoundEnded) -> None:
    for p in s.players:
        p.imps_busy = p.trolls_busy = 0
        p.room_uses = {}
    s.board.spaces = {a: [None, None, None] for a in s.board.spaces}
    s.board.shut_out = []
    s.starting_player = next(i for i, p in enumerate(s.players) if p.color == e.starting_player)


@on(ev.YearBegan)
def _year_began(s: GameState, e: ev.YearBegan) -> None:
    b, evilometers = s.board, e.nonplayer_evilometers
    assert evilometers is not None and e.event_pool is not None, "YearBegan settled"
    b.box["combat_cards"] += [c for c in b.combat_cards if c]  # unrevealed cards stay unknown
    b.combat_cards, b.next_combat_cards = b.next_combat_cards, []
    # in the tent, or survived the First Year's Combat: to the Distant Lands; the Year's own take their place
    b.discards["paladins"] += [pal.id for pal in s.paladins]
    s.paladins = [Paladin(id=who) for who in e.paladins]
    for np in s.nonplayers:
        if np.evil is not None:
            np.evil = evilometers[np.color]  # settled (Second Year rules)
    for p in s.players:
        p.spied = {}
        for m in p.monsters:
            m.knocked_out = False
    b.event_pool, b.event_tiles, b.special_revealed = list(e.event_pool), {}, {}
    b.opportunity = ""  # the First Year's boards are in the box (Festival Season › Second Year)
    s.year, s.season = e.year, 0
    s.starting_player = next(i for i, p in enumerate(s.players) if p.color == e.starting_player)
