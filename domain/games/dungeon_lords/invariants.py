"""Invariants that must hold after every event: used by property tests and whole-game runs.

``problems(state)`` returns a list of plain sentences; empty means the state is sound.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from . import dungeon as dg
from .catalog import Catalog, catalog_for
from .phases.common import EVIL_BOTTOM, EVIL_TOP, catalog, is_unseen, trolls
from .state import GameState, Player


def _everything(state: GameState, kind: str) -> Counter:
    """Every instance of a component kind in the game, once each (by its catalog)."""
    catalog(state)  # known by its hash from here on
    return _everything_in(state.catalog_hash, kind)


@cache
def _everything_in(catalog_hash: str, kind: str) -> Counter:
    cat = catalog_for(catalog_hash, None)
    table, multi = {
        "monsters": (cat.monsters, True),
        "rooms": (cat.rooms, False),
        "adventurers": (cat.adventurers, False),
        "traps": (cat.traps, True),
        "combat_cards": (cat.combat_cards, False),
    }[kind]
    return _all(table, multi)


def _all(table, kind_multi: bool) -> Counter:
    c: Counter = Counter()
    for t in table.values():
        for i in range(1, getattr(t, "copies", 1) + 1):
            c[f"{t.id}#{i}" if kind_multi else t.id] += 1
    return c


def problems(state: GameState) -> list[str]:
    """Every invariant ``state`` breaks, each a plain sentence (empty: the state is sound): each player's
    stocks, tokens, Evil, order cards and dungeon, the non-player colours' Evil, the conservation of every
    tile and card (each instance in exactly one place), and Festival Season's installed traps."""
    cat = catalog(state)
    out = [x for p in state.players for x in [*_player_problems(state, p, cat), *_dungeon_problems(p)]]
    for np in state.nonplayers:
        if np.evil is not None and not EVIL_BOTTOM <= np.evil <= EVIL_TOP:
            out.append(f"non-player {np.color} is off the Evilometer")
    return out + _tiles_not_conserved(state, cat) + _cards_not_conserved(state) + installed_trap_problems(state)


def _player_problems(state: GameState, p: Player, cat: Catalog) -> list[str]:
    """A player's stocks below 0, imps and troll tokens used beyond his own, Evil off the Evilometer, and
    order cards other than the 8 once each."""
    out = [
        f"{p.color} has negative {res} ({getattr(p, res)})"
        for res in ("gold", "food", "imps", "red_marks", "imps_busy", "trolls_busy")
        if getattr(p, res) < 0
    ]
    if p.imps_busy + p.trained > p.imps or p.trained < 0:
        out.append(f"{p.color} has {p.imps_busy} busy and {p.trained} trained imps but only {p.imps}")
    if p.trolls_busy > trolls(state, p):
        out.append(f"{p.color} used {p.trolls_busy} troll tokens but has {trolls(state, p)}")
    if not EVIL_BOTTOM <= p.evil <= EVIL_TOP:
        out.append(f"{p.color} is off the Evilometer ({p.evil})")
    cards = p.hand + p.inaccessible + p.orders + p.setup_draw
    if sorted(cards) != sorted(cat.order_cards):
        out.append(f"{p.color}'s order cards are not the 8 cards once each: {sorted(cards)}")
    return out


def _dungeon_problems(p: Player) -> list[str]:
    """A filled 2x2 block and rooms side by side in a player's dungeon (Rulebook › Digging Tunnels, › Building
    Rooms)."""
    grid = p.dungeon
    out = [
        f"{p.color}'s dungeon fills the 2x2 block at {r},{c}"
        for r in range(len(grid) - 1)
        for c in range(len(grid[0]) - 1)
        if grid[r][c] and grid[r + 1][c] and grid[r][c + 1] and grid[r + 1][c + 1]
    ]
    for r, c, cell in dg.tiles(grid):
        if cell.kind == "room" and any(
            (n := grid[nr][nc]) is not None and n.kind == "room" for nr, nc in dg.neighbours(r, c)
        ):
            out.append(f"{p.color} has adjacent rooms at {r},{c}")
    return out


def _tiles_not_conserved(state: GameState, cat: Catalog) -> list[str]:
    """Monster, room and adventurer tiles each in exactly one place: stacks, offers, discards, players'."""
    out: list[str] = []
    b = state.board
    monsters = Counter(
        [
            *(i for s in b.monster_stack.values() for i in s),
            *b.monster_offer,
            *b.discards.get("monsters", []),
            *(m.id for p in state.players for m in p.monsters),
        ]
    )
    if monsters != _everything(state, "monsters"):
        full = _everything(state, "monsters")
        out.append(f"monster tiles not conserved: {dict((monsters - full) or (full - monsters))}")
    rooms = Counter(
        [
            *(i for s in b.room_stack.values() for i in s),
            *b.room_offer,
            *b.discards.get("rooms", []),
            *(cell.room for p in state.players for _, _, cell in dg.tiles(p.dungeon) if cell.kind == "room"),
            *(cell.room for p in state.players for cell in p.rented),  # Festival Season: beside the board
        ]
    )
    if rooms != _everything(state, "rooms"):
        out.append("room tiles not conserved")
    advs = Counter(
        [
            *(i for s in b.adventurer_stack.values() for i in s),
            *b.adventurer_bottom,
            *(i for s in b.incoming.values() for i in s),
            *b.discards.get("adventurers", []),
            *(a for p in state.players for a in p.party + p.prison if a not in cat.paladins),
        ]
    )
    if advs != _everything(state, "adventurers"):
        out.append("adventurer tiles not conserved")
    return out


def _cards_not_conserved(state: GameState) -> list[str]:
    """Trap Cards each in one place (a card drawn unseen at the table is still listed in the deck; its
    placeholder is accounted for), and the Combat Cards, once all are known."""
    out: list[str] = []
    b = state.board
    held = [*b.trap_discard, *(t for p in state.players for t in p.traps)]
    held += [*b.install_offer, *(t for p in state.players for t in p.installed.values())]  # Festival Season
    traps = Counter([*b.trap_deck, *(t for t in held if not is_unseen(t))])
    if traps != _everything(state, "traps"):
        out.append("trap cards not conserved")
    if sorted(t for t in held if is_unseen(t)) != sorted(b.unseen_traps):
        out.append("unseen trap cards not accounted for")
    combat = Counter([*b.combat_cards, *b.next_combat_cards, *b.box.get("combat_cards", [])])
    unknown = "" in b.combat_cards or "" in b.next_combat_cards or state.mode == "tabletop"
    if state.phase != "setup" and not unknown and combat != _everything(state, "combat_cards"):
        out.append("combat cards not conserved")
    return out


def installed_trap_problems(state: GameState) -> list[str]:
    """Festival Season › Install Traps: an installed trap marks an unconquered tile of its owner's dungeon.
    It is discarded when it springs (in the first battle there: while that battle lasts it is the battle's)
    and when its tile is altered: replaced, removed, or "somehow conquered without a battle"."""
    out: list[str] = []
    fighting = state.battle.installed if state.battle is not None else []
    for p in state.players:
        for square, trap in p.installed.items():
            r, _, c = square.partition(",")
            inside = r.isdigit() and c.isdigit() and int(r) < len(p.dungeon) and int(c) < len(p.dungeon[int(r)])
            cell = p.dungeon[int(r)][int(c)] if inside else None
            if cell is None:
                out.append(f"{p.color}'s installed {trap} marks {square}, where the dungeon has no tile")
            elif cell.conquered and trap not in fighting:
                out.append(f"{p.color}'s installed {trap} is still on the conquered tile {square}")
    return out


def position_problems(state: GameState) -> list[str]:
    """Besides :func:`problems`, what a position typed or edited by hand can get wrong, each naming the
    field: a paladin in two places, a season's line of adventurers out of order (weakest first), a
    non-player colour's order cards."""
    from .game_info import adventurers_per_round

    out = problems(state)
    cat = catalog(state)
    places: dict[str, list[str]] = {}
    for k, p in enumerate(state.players):
        for field in ("party", "prison"):
            for x in getattr(p, field):
                if x in cat.paladins:
                    places.setdefault(x, []).append(f"players[{k}].{field}")
    for x in state.board.discards.get("paladins", []):
        places.setdefault(x, []).append("board.discards.paladins")
    for k, free in enumerate(state.paladins):
        places.setdefault(free.id, []).append(f"paladins[{k}]" + ("" if free.holder else " (in his tent)"))
    for pal, where in places.items():
        if len(where) > 1:
            out.append(f"{pal} is in {len(where)} places at once: {', '.join(where)}")
    for k, np in enumerate(state.nonplayers):
        # the non-player's 8 order cards: its inaccessible ones (none before set-up draws them) and its deck,
        # from which the round's random orders are drawn (an empty or short deck would draw nothing forever)
        deck = sorted(c for c in cat.order_cards if c not in np.inaccessible)
        if len(set(np.inaccessible)) != len(np.inaccessible) or len(np.inaccessible) not in (0, 3):
            out.append(f"nonplayers[{k}].inaccessible: 3 different order cards (or none before set-up)")
        elif sorted(np.deck) != deck or not set(np.inaccessible) <= set(cat.order_cards):
            out.append(f"nonplayers[{k}].deck: the order cards that are not inaccessible ({', '.join(deck)})")
        elif len(set(np.drawn)) != len(np.drawn) or not set(np.drawn) <= set(np.deck) or len(np.drawn) > 3:
            out.append(f"nonplayers[{k}].drawn: at most 3 different cards of its deck")
    need = adventurers_per_round(len(state.players))
    for season, tiles in state.board.incoming.items():
        ranks = [cat.adventurers[t].glyph_rank for t in tiles if t in cat.adventurers]
        if len(tiles) == need and ranks != sorted(ranks):
            out.append(f"board.incoming.{season}: the adventurers are not lined up weakest first ({', '.join(tiles)})")
    return out
