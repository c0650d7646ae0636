"""Building a scenario's state: the described situation, with everything left unsaid filled in as ``new_game``
would have it under the scenario's rules modules (``docs/scenarios.md``).

The Year plan of the scenario's modules decides what a Year holds, as it does for ``new_game``: the seasons
(Festival Season's fifth), the Event Tiles in the pool (its two Special Event tiles), the Special Event
Cards a Year, the Combat Cards a Year and the Year's paladins (the elf and the dwarf with ``paladin_pair``).
Each part below checks and places one kind of component; the stacks then hold every component not placed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import dungeon as dg
from .events import GameStarted, Seat
from .phases.settle import evolve_stored as evolve
from .registered import playable_catalog
from .ruleset import canonical, catalog_overlays, modules_problem
from .scenario_format import Scenario, ScenarioPaladin, ScenarioPlayer
from .scenario_format import invalid as _bad
from .state import Board, Cell, GameState, Monster, NewRound, Paladin, Player
from .year import YearPlan, year_plan


class _Instances:
    """Hands out unique instance ids (``troll_y1#1``, ``#2``...) and refuses more than the copies."""

    def __init__(self, copies: dict[str, int], kind: str):
        self.copies, self.kind = copies, kind
        self.used: Counter[str] = Counter()

    def take(self, type_id: str) -> str:
        base = type_id.split("#")[0]
        if base not in self.copies:
            raise _bad(f"unknown {self.kind} {type_id!r}")
        self.used[base] += 1
        if self.used[base] > self.copies[base]:
            raise _bad(f"more {base} {self.kind}s than the {self.copies[base]} in the game")
        return f"{base}#{self.used[base]}" if self.copies[base] > 1 or self.kind in ("monster", "trap") else base

    def remaining(self, year: int | None = None, year_of: Callable[[str], int] | None = None) -> list[str]:
        out = []
        for t, n in self.copies.items():
            if year is not None and year_of is not None and year_of(t) != year:
                continue
            for i in range(self.used[t] + 1, n + 1):
                out.append(f"{t}#{i}" if self.kind in ("monster", "trap") else t)
        return out


@dataclass
class _Pools:
    """The game's components by kind, each handed out at most as often as the game has it."""

    monsters: _Instances
    traps: _Instances
    rooms: _Instances
    adventurers: _Instances

    @classmethod
    def of(cls, cat: Any) -> _Pools:
        return cls(
            monsters=_Instances({m.id: m.copies for m in cat.monsters.values()}, "monster"),
            traps=_Instances({t.id: t.copies for t in cat.traps.values()}, "trap"),
            rooms=_Instances({r.id: 1 for r in cat.rooms.values()}, "room"),
            adventurers=_Instances({a.id: 1 for a in cat.adventurers.values()}, "adventurer"),
        )


def build_state(sc: Scenario, catalog_overrides: dict[str, Any] | None = None) -> GameState:
    """The state ``sc`` describes (version 0), by the Year plan and catalog of its rules modules and the
    table's ``catalog_overrides``; defaults drawn with ``sc.seed``.

    Raises:
        RuleViolation: ``SCENARIO_INVALID`` with the first problem found.
    """
    s, cat = _started(sc, catalog_overrides)
    plan = year_plan(s)
    if sc.season not in plan.seasons:
        raise _bad(f"season {sc.season!r}: the Year's rounds are {', '.join(plan.seasons)} (rules modules)")
    s.year, s.season, s.phase = sc.year, plan.seasons.index(sc.season), sc.phase
    colors: list[str] = [p.color for p in sc.players]
    s.first_starting_player = colors.index(sc.first_starting_player or sc.starting_player)
    rng = random.Random(sc.seed)
    pools = _Pools.of(cat)
    for sp, p in zip(sc.players, s.players):
        _player(sp, p, pools, cat, rng)
    _nonplayers(sc, s, rng, cat)
    _offers_and_discards(sc, s.board, pools)
    _incoming(sc, s.board, pools, plan)
    _event_tiles(sc, s.board, plan)
    _cards(sc, s, rng, cat)
    _special_events(sc, s.board, rng, cat, plan)
    _stacks(sc, s.board, pools, cat)
    s.paladins = _paladins(sc, plan, colors)
    _phase(sc, s, plan)
    return s


def _started(sc: Scenario, catalog_overrides: dict[str, Any] | None) -> tuple[GameState, Any]:
    """The game as ``new_game`` starts it with the scenario's players, modules and catalog (its
    ``GameStarted`` folded), and that catalog."""
    modules = canonical(sc.modules)
    problem = modules_problem(modules)
    if problem:
        raise _bad(problem)
    try:
        cat = playable_catalog(catalog_overrides, catalog_overlays(modules))
    except ValueError as exc:
        raise _bad(str(exc)) from None
    colors = [p.color for p in sc.players]
    least = 1 if sc.phase == "combat" else 2  # a combat situation (e.g. training) may have one dungeon
    if not least <= len(colors) <= 4 or len(set(colors)) != len(colors):
        raise _bad(f"a scenario has {least} to 4 players with different colours")
    for who in (sc.starting_player, sc.first_starting_player):
        if who is not None and who not in colors:
            raise _bad(f"starting player {who!r} is not one of {colors}")
    start = GameStarted(
        players=[Seat(color=p.color, name=p.name) for p in sc.players],
        variant=sc.variant,
        mode=sc.mode,
        seed=sc.seed,
        starting_player=sc.starting_player,
        catalog_hash=cat.content_hash,
        catalog_overrides=catalog_overrides or None,
        modules=modules,
    )
    s = evolve(None, start)
    s.version = 0
    return s, cat


# --- a player -------------------------------------------------------------------------------------
def _player(sp: ScenarioPlayer, p: Player, pools: _Pools, cat: Any, rng: random.Random) -> None:
    """Everything a player has: stocks, dungeon, order cards, pets, monsters, traps, adventurers."""
    p.gold, p.food, p.imps, p.evil, p.red_marks = sp.gold, sp.food, sp.imps, sp.evil, sp.red_marks
    p.dungeon = _grid(sp, pools.rooms, cat)
    _orders(sp, p, cat, rng)
    unknown = [x for x in sp.pets if x not in cat.pets]
    if unknown or len(set(sp.pets)) != len(sp.pets):
        raise _bad(f"{p.color}: pets must be different Pet Cards of the catalog (rules module pets): {unknown}")
    p.pets = list(sp.pets)
    _monsters(sp, p, pools)
    p.traps = [pools.traps.take(t) for t in sp.traps]
    p.installed = _installed(sp, p, pools)
    _adventurers(sp, p, pools, cat)


def _orders(sp: ScenarioPlayer, p: Player, cat: Any, rng: random.Random) -> None:
    cards = set(cat.order_cards)
    inacc = sp.inaccessible if sp.inaccessible is not None else rng.sample(sorted(cards), 2)
    hand = sp.hand if sp.hand is not None else [c for c in cat.order_cards if c not in inacc]
    if len(inacc) != 2 or len(hand) != 6 or set(inacc) | set(hand) != cards:
        raise _bad(f"{p.color}: 2 inaccessible orders and the other 6 in hand (all 8 order cards)")
    p.inaccessible, p.hand = list(inacc), list(hand)


def _monsters(sp: ScenarioPlayer, p: Player, pools: _Pools) -> None:
    for m in sp.knocked_out:
        if m not in sp.monsters:
            raise _bad(f"{p.color}: knocked-out {m} is not among the monsters")
    down = Counter(sp.knocked_out)
    p.monsters = []
    for m in sp.monsters:
        p.monsters.append(Monster(pools.monsters.take(m), knocked_out=down[m] > 0))
        down[m] -= 1


def _installed(sp: ScenarioPlayer, p: Player, pools: _Pools) -> dict[str, str]:
    """Festival Season's Install Traps: each on an unconquered tile of the dungeon (a trap on a conquered
    tile has been discarded: Festival Season › Install Traps)."""
    out = {}
    for sq, t in sp.installed.items():
        r, c = (int(x) for x in sq.split(","))
        cell = p.dungeon[r][c]
        if cell is None or cell.conquered:
            raise _bad(f"{p.color}: an installed trap lies on an unconquered tile of the dungeon, not on {sq!r}")
        out[f"{r},{c}"] = pools.traps.take(t)
    return out


def _adventurers(sp: ScenarioPlayer, p: Player, pools: _Pools, cat: Any) -> None:
    """The party at the entrance (with its damage) and the prison (where a paladin may be too)."""
    p.party = [pools.adventurers.take(a) for a in sp.party]
    p.prison = [a if a in cat.paladins else pools.adventurers.take(a) for a in sp.prison]
    spaces = 4 if cat.bards else 3  # Festival Season's Player Board Extension: a 4th space
    if len(p.party) > spaces:
        raise _bad(f"{p.color}: at most {spaces} adventurers wait at the entrance")
    p.spied = {str(k): v for k, v in sp.spied.items()}
    for who, n in sp.damage.items():
        if who not in p.party:
            raise _bad(f"{p.color}: damage on {who}, who is not waiting at the entrance")
        hp = cat.adventurers[who].hit_points
        if n >= hp:
            raise _bad(f"{p.color}: {who} with {n} damage of {hp} hit points would be in prison")
    p.damage = dict(sp.damage)


# --- a dungeon ------------------------------------------------------------------------------------
def _grid(sp: ScenarioPlayer, rooms: _Instances, cat: Any) -> list[list[Cell | None]]:
    """The dungeon drawn in ``sp.dungeon``, checked against the rules of placement (Rulebook › Dig Tunnels;
    › Build Room)."""
    grid = _squares(sp, rooms)
    for key in sp.rooms:
        r, c = (int(x) for x in key.split(","))
        if (cell := grid[r][c]) is None or cell.kind != "room":
            raise _bad(f"{sp.color}: 'rooms' names {key} but the dungeon has no room there")
    if grid[0][2] is None:
        raise _bad(f"{sp.color}: the square at the entrance (0,2) must be built")
    for r, c, cell in dg.tiles(grid):
        _check_placement(sp.color, grid, r, c, cell, cat)
    if not _connected(grid):
        raise _bad(f"{sp.color}: every tile must connect to the entrance")
    return grid


def _squares(sp: ScenarioPlayer, rooms: _Instances) -> list[list[Cell | None]]:
    """The cells the 4 rows of 5 characters draw (``.`` empty, ``#``/``x`` a tunnel, a letter a room)."""
    if len(sp.dungeon) != 4 or any(len(row) != 5 for row in sp.dungeon):
        raise _bad(f"{sp.color}: the dungeon is 4 rows of 5 squares (. # x or a room letter)")
    grid: list[list[Cell | None]] = [[None] * 5 for _ in range(4)]
    for r, row in enumerate(sp.dungeon):
        for c, ch in enumerate(row):
            grid[r][c] = _square(sp, rooms, r, c, ch)
    return grid


def _square(sp: ScenarioPlayer, rooms: _Instances, r: int, c: int, ch: str) -> Cell | None:
    if ch == ".":
        return None
    if ch in "#x":
        return Cell("tunnel", conquered=ch == "x")
    if not ch.isalpha():
        raise _bad(f"{sp.color}: unknown square {ch!r} (use . # x, or a letter for a room)")
    room = sp.rooms.get(f"{r},{c}")  # any other letter is a room; lower case = conquered
    if room is None:
        raise _bad(f"{sp.color}: square {r},{c} is a room; name it in 'rooms'")
    # the tile's id ("chicken_coop#1" is the one Chicken Coop)
    return Cell("room", room=rooms.take(room), conquered=ch.islower())


def _check_placement(color: str, grid: list[list[Cell | None]], r: int, c: int, cell: Cell, cat: Any) -> None:
    grid[r][c] = None
    filled = dg.fills_2x2(grid, r, c)
    grid[r][c] = cell
    if filled:
        raise _bad(f"{color}: the 2x2 block at {r},{c} is filled (Rulebook › Dig Tunnels)")
    if cell.kind != "room":
        return
    room = cat.rooms[cell.room]
    if room.year == 1 and room.allowed_squares and (r, c) not in [tuple(x) for x in room.allowed_squares]:
        raise _bad(f"{color}: the {room.name} at {r},{c} is outside its zone (Rulebook › Build Room)")
    for nr, nc in dg.neighbours(r, c):
        if (other := grid[nr][nc]) is not None and other.kind == "room":
            raise _bad(f"{color}: rooms at {r},{c} and {nr},{nc} are adjacent (Rulebook › Build Room)")


def _connected(grid: list[list[Cell | None]]) -> bool:
    """Every tile connects to the entrance square (0, 2)."""
    seen, todo = set(), [(0, 2)]
    while todo:
        sq = todo.pop()
        if sq not in seen:
            seen.add(sq)
            todo += [n for n in dg.neighbours(*sq) if grid[n[0]][n[1]] is not None]
    return len(seen) == dg.count_tiles(grid)


# --- the non-player colours and the board ------------------------------------------------------------
def _nonplayers(sc: Scenario, s: GameState, rng: random.Random, cat: Any) -> None:
    given = {n.color: n for n in sc.nonplayers}
    for np in s.nonplayers:
        spec = given.pop(np.color) if np.color in given else None
        inacc = spec.inaccessible if spec and spec.inaccessible is not None else rng.sample(cat.order_cards, 3)
        if len(set(inacc)) != 3 or not set(inacc) <= set(cat.order_cards):
            raise _bad(f"non-player {np.color}: 3 different inaccessible order cards")
        np.inaccessible = list(inacc)
        np.deck = [c for c in cat.order_cards if c not in inacc]
        if np.evil is not None and spec is not None and spec.evil is not None:
            np.evil = spec.evil
    if given:
        raise _bad(f"{sorted(given)} are players, not non-player colours")


def _offers_and_discards(sc: Scenario, b: Board, pools: _Pools) -> None:
    b.monster_offer = [pools.monsters.take(m) for m in sc.monster_offer]
    b.room_offer = [pools.rooms.take(r) for r in sc.room_offer]
    b.discards["monsters"] = [pools.monsters.take(m) for m in sc.discards.get("monsters", [])]
    b.discards["rooms"] = [pools.rooms.take(r) for r in sc.discards.get("rooms", [])]
    b.discards["adventurers"] = [pools.adventurers.take(a) for a in sc.discards.get("adventurers", [])]
    b.trap_discard = [pools.traps.take(t) for t in sc.trap_discard]


def _incoming(sc: Scenario, b: Board, pools: _Pools, plan: YearPlan) -> None:
    for season, tiles in sc.incoming.items():
        if season not in plan.seasons:
            raise _bad(f"unknown season {season!r} for incoming adventurers (the Year's: {', '.join(plan.seasons)})")
        b.incoming[season] = [pools.adventurers.take(a) for a in tiles]


def _event_tiles(sc: Scenario, b: Board, plan: YearPlan) -> None:
    """The Event Tiles turned up this Year, on the rounds after the first, and the pool holding the rest of
    the Year plan's tiles (Rulebook › Events: Pay Day, Taxes, Special Event; Festival Season › Setup: a
    second Special Event tile)."""
    seasons = plan.seasons[1:]
    for season, tile in sc.event_tiles.items():
        if tile not in plan.event_tiles or season not in seasons:
            raise _bad(f"event tile {tile!r} for {season!r}: tiles are {plan.event_tiles} in {', '.join(seasons)}")
    shown = Counter(sc.event_tiles.values())
    over = shown - Counter(plan.event_tiles)
    if over:
        raise _bad(f"each Event Tile appears as often a Year as the Year has it {plan.event_tiles}: {sorted(over)}")
    b.event_tiles = dict(sc.event_tiles)
    b.event_pool = list((Counter(plan.event_tiles) - shown).elements())


def _stacks(sc: Scenario, b: Board, pools: _Pools, cat: Any) -> None:
    """Every monster, room and adventurer not placed is in its Year's stack; every Trap Card in the deck."""
    year_of = lambda t: int(t.rsplit("_y", 1)[1][0])  # noqa: E731  ("troll_y1" -> 1, "warrior_y2_a" -> 2)
    room_year = {r.id: r.year for r in cat.rooms.values()}
    for y in (1, 2):
        b.monster_stack[str(y)] = pools.monsters.remaining(y, year_of)
        b.room_stack[str(y)] = pools.rooms.remaining(y, lambda t: room_year[t])
        b.adventurer_stack[str(y)] = pools.adventurers.remaining(y, year_of)
    if sc.year == 2:  # the First Year's stacks were used up: what nobody holds is in the Distant Lands
        b.discards["monsters"] += b.monster_stack.pop("1")
        b.discards["rooms"] += b.room_stack.pop("1")
        b.discards["adventurers"] += b.adventurer_stack.pop("1")
        b.monster_stack["1"], b.room_stack["1"], b.adventurer_stack["1"] = [], [], []
    b.trap_deck = pools.traps.remaining()


# --- cards ----------------------------------------------------------------------------------------------
def _cards(sc: Scenario, s: GameState, rng: random.Random, cat: Any) -> None:
    """This Year's and (in the First Year) the Second Year's Combat Cards: as many as the Year plan deals
    (Rulebook › Setup: 4; Festival Season: 5); the others of their Year are in the box."""
    b = s.board
    n = year_plan(s).combat_cards
    for year, attr in ((sc.year, "combat_cards"), (2, "next_combat_cards")):
        if attr == "next_combat_cards" and sc.year == 2:
            setattr(b, attr, [])
            continue
        pool = sorted(c.id for c in cat.combat_cards.values() if c.year == year)
        chosen = getattr(sc, attr)
        chosen = chosen if chosen is not None else rng.sample(pool, n)
        if len(chosen) != n or len(set(chosen)) != n or not set(chosen) <= set(pool):
            raise _bad(f"{attr}: {n} different Year {year} Combat Cards")
        setattr(b, attr, list(chosen))
        b.box["combat_cards"] += [c for c in pool if c not in chosen]
    if sc.year == 2:
        b.box["combat_cards"] += sorted(c.id for c in cat.combat_cards.values() if c.year == 1)
    for p in s.players:
        for pos, card in p.spied.items():
            if not 1 <= int(pos) <= n or b.combat_cards[int(pos) - 1] != card:
                raise _bad(f"{p.color} spied {card} at position {pos}, but that card is not there")


def _special_events(sc: Scenario, b: Board, rng: random.Random, cat: Any, plan: YearPlan) -> None:
    """The full game's Special Event Cards: the Year plan's number a Year (Rulebook › Full Game: 1; Festival
    Season › Special Event Cards: 2, the upper pair drawn is Year 1's), revealed as their tiles were turned
    up; the rest in the box."""
    if sc.variant != "full":
        return
    k = plan.special_events
    if sc.special_events is None:
        drawn = rng.sample(sorted(cat.special_events), 2 * k)
        events = {"1": drawn[:k], "2": drawn[k:]}
    else:
        events = {y: [c] if isinstance(c, str) else list(c) for y, c in sc.special_events.items()}
    cards = [c for y in sorted(events) for c in events[y]]
    if set(events) != {"1", "2"} or any(len(c) != k for c in events.values()) or len(set(cards)) != len(cards):
        raise _bad(f"special_events: {k} different card(s) for year '1' and {k} for year '2'")
    if not set(cards) <= set(cat.special_events):
        raise _bad(f"special_events: unknown Special Event Card(s) {sorted(set(cards) - set(cat.special_events))}")
    b.special_events = events
    b.box["special_events"] = [c for c in cat.special_events if c not in cards]
    shown = sum(1 for t in sc.event_tiles.values() if t == "special_event")  # each turned up its card
    revealed = {y: k if int(y) < sc.year else shown for y in events if int(y) <= sc.year}
    b.special_revealed = {y: n for y, n in revealed.items() if n}


def _paladins(sc: Scenario, plan: YearPlan, colors: list[str]) -> list[Paladin]:
    """The Year's free paladins, weakest first (Rulebook › Paladin: one a Year; Festival Season › New Paladins:
    the elf and the dwarf): as given, or those of the Year plan that no prison holds, in their tents."""
    if sc.paladin is not None and sc.paladins is not None:
        raise _bad("give the paladin or the paladins, not both")
    year = plan.paladins[sc.year]
    given: list[ScenarioPaladin] | None = [sc.paladin] if sc.paladin is not None else sc.paladins
    if given is None:
        caught = {a for p in sc.players for a in p.prison}
        return [Paladin(id=who) for who in year if who not in caught]
    ids = [g.id for g in given]
    if not set(ids) <= set(year) or len(set(ids)) != len(ids):
        raise _bad(f"paladins {ids}: the Year's paladins are {', '.join(year)} (rules modules), each once")
    for g in given:
        if g.holder is not None and g.holder not in colors:
            raise _bad(f"the paladin's holder {g.holder!r} is not a player")
        if any(g.id in p.prison for p in sc.players):
            raise _bad(f"paladin {g.id} is in a prison: a free paladin is in his tent or at an entrance")
    return [Paladin(**g.model_dump()) for g in sorted(given, key=lambda g: year.index(g.id))]


def _phase(sc: Scenario, s: GameState, plan: YearPlan) -> None:
    """Where the game starts, checked against what that phase needs."""
    s.awaiting = NewRound() if sc.phase == "new_round" else None
    s.training = sc.training
    if sc.phase == "combat":
        if sc.combat_round > plan.combat_rounds:
            raise _bad(f"combat round {sc.combat_round}: the Year has {plan.combat_rounds} Combat rounds")
        s.combat_round = sc.combat_round
    b = s.board
    if sc.phase == "orders" and (len(b.monster_offer) != 3 or len(b.room_offer) != 2):
        raise _bad("a scenario that starts at the Orders Phase needs 3 offered monsters and 2 offered rooms")
