"""Invariants that must hold after every event: used by property tests and whole-game runs.

``problems(state)`` returns a list of plain sentences; empty means the state is sound.
"""
from __future__ import annotations

from collections import Counter

from . import dungeon as dg
from .phases.common import EVIL_BOTTOM, EVIL_TOP, catalog, trolls
from .state import GameState


def _all(table, kind_multi: bool) -> Counter:
    c: Counter = Counter()
    for t in table.values():
        for i in range(1, getattr(t, "copies", 1) + 1):
            c[f"{t.id}#{i}" if kind_multi else t.id] += 1
    return c


def problems(state: GameState) -> list[str]:
    out: list[str] = []
    cat = catalog()
    b = state.board
    for p in state.players:
        for res in ("gold", "food", "imps", "red_marks", "imps_busy", "trolls_busy"):
            if getattr(p, res) < 0:
                out.append(f"{p.color} has negative {res} ({getattr(p, res)})")
        if p.imps_busy > p.imps:
            out.append(f"{p.color} has {p.imps_busy} busy imps but only {p.imps}")
        if p.trolls_busy > trolls(p):
            out.append(f"{p.color} used {p.trolls_busy} troll tokens but has {trolls(p)}")
        if not EVIL_BOTTOM <= p.evil <= EVIL_TOP:
            out.append(f"{p.color} is off the Evilometer ({p.evil})")
        cards = p.hand + p.inaccessible + p.orders + p.setup_draw
        if sorted(cards) != sorted(cat.order_cards):
            out.append(f"{p.color}'s order cards are not the 8 cards once each: {sorted(cards)}")
        grid = p.dungeon
        for r, c, _ in dg.tiles(grid):
            grid[r][c], cell = None, grid[r][c]
            if dg.fills_2x2(grid, r, c):
                out.append(f"{p.color}'s dungeon fills a 2x2 block at {r},{c}")
            grid[r][c] = cell
            if cell.kind == "room" and any(grid[nr][nc] is not None and grid[nr][nc].kind == "room"
                                           for nr, nc in dg.neighbours(r, c)):
                out.append(f"{p.color} has adjacent rooms at {r},{c}")
    for np in state.nonplayers:
        if np.evil is not None and not EVIL_BOTTOM <= np.evil <= EVIL_TOP:
            out.append(f"non-player {np.color} is off the Evilometer")
    # Components are conserved: every instance is in exactly one place.
    monsters = Counter(i for s in b.monster_stack.values() for i in s) + Counter(b.monster_offer) + \
        Counter(b.discards.get("monsters", [])) + Counter(m.id for p in state.players for m in p.monsters)
    if monsters != _all(cat.monsters, True):
        out.append(f"monster tiles not conserved: {dict((monsters - _all(cat.monsters, True)) or (_all(cat.monsters, True) - monsters))}")
    rooms = Counter(i for s in b.room_stack.values() for i in s) + Counter(b.room_offer) + \
        Counter(b.discards.get("rooms", [])) + Counter(
            cell.room for p in state.players for _, _, cell in dg.tiles(p.dungeon) if cell.kind == "room")
    if rooms != _all(cat.rooms, False):
        out.append("room tiles not conserved")
    advs = Counter(i for s in b.adventurer_stack.values() for i in s) + Counter(b.adventurer_bottom) + \
        Counter(i for s in b.incoming.values() for i in s) + Counter(b.discards.get("adventurers", [])) + \
        Counter(a for p in state.players for a in p.party + p.prison if a not in cat.paladins)
    if advs != _all(cat.adventurers, False):
        out.append("adventurer tiles not conserved")
    traps = Counter(b.trap_deck) + Counter(b.trap_discard) + Counter(t for p in state.players for t in p.traps)
    if traps != _all(cat.traps, True):
        out.append("trap cards not conserved")
    combat = Counter(b.combat_cards) + Counter(b.next_combat_cards) + Counter(b.box.get("combat_cards", []))
    if state.phase != "setup" and combat != _all(cat.combat_cards, False):
        out.append("combat cards not conserved")
    return out
