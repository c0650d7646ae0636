"""Scenarios: a game that starts from a described situation (a JSON file).

The format is documented in ``docs/scenarios.md``. Loading validates the description against
component counts and the rules of placement, fills in everything left unsaid (the stacks hold
every component not placed elsewhere; missing Combat Cards are drawn with the scenario's seed)
and yields one recorded event, :class:`~domain.games.dungeon_lords.events.ScenarioLoaded`, carrying the complete
state, so a replay never depends on this module.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from domain.kernel.setup import field_path

from . import dungeon as dg
from .errors import RuleViolation, refuse
from .events import GameStarted, ScenarioLoaded, Seat
from .game_info import EVENT_TILES, SEASONS
from .phases.settle import evolve_stored as evolve
from .position import CardPosition, Count, cross_problems, schema_problem
from .registered import playable_catalog
from .ruleset import canonical, catalog_overlays, modules_problem
from .state import Cell, GameState, Monster, NewRound, Paladin, to_dict
from .year import year_plan

SCENARIO_PHASES = ("new_round", "orders", "year_end", "combat")
Square = Annotated[str, Field(pattern=r"^[0-3],[0-4]$")]  # "row,col" of the dungeon's 4 rows of 5 squares


class _M(BaseModel):
    # strict: a count is an int (not 2.5, "3" or true); no NaN or Infinity
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class ScenarioPlayer(_M):
    color: Literal["red", "blue", "green", "yellow"]
    name: str
    gold: Count = 3
    food: Count = 3
    imps: Count = 3
    evil: int = Field(5, ge=1, le=15)
    red_marks: Count = 0
    dungeon: list[str] = Field(default_factory=lambda: ["..#..", "..#..", "..#..", "....."])
    rooms: dict[Square, str] = Field(default_factory=dict)  # "r,c" -> room id, for R/r squares
    inaccessible: list[str] | None = None  # default: chosen at random with the seed
    hand: list[str] | None = None  # default: the other 6 cards
    monsters: list[str] = Field(default_factory=list)  # type ids, e.g. "troll_y1"
    knocked_out: list[str] = Field(default_factory=list)  # type ids among `monsters` that are face down
    traps: list[str] = Field(default_factory=list)  # trap type ids
    party: list[str] = Field(default_factory=list)  # adventurer ids, front first
    prison: list[str] = Field(default_factory=list)
    spied: dict[CardPosition, str] = Field(default_factory=dict)  # "1".."4" -> combat card id
    damage: dict[str, Count] = Field(default_factory=dict)  # combat: adventurer id -> damage counters
    pets: list[str] = Field(default_factory=list)  # Festival Season: Pet Cards face down in the Pet Box
    installed: dict[Square, str] = Field(default_factory=dict)  # Festival Season: "r,c" -> trap type installed there


class ScenarioNonPlayer(_M):
    color: Literal["red", "blue", "green", "yellow"]
    inaccessible: list[str] | None = None
    evil: int | None = Field(None, ge=1, le=15)


class ScenarioPaladin(_M):
    id: Literal["paladin_y1", "paladin_y2"]
    holder: str | None = None
    damage: Count = 0


class Scenario(_M):
    name: str
    description: str = ""
    variant: Literal["first_game", "full"] = "first_game"
    mode: Literal["digital", "tabletop"] = "digital"
    seed: int = Field(0, ge=0, lt=2**63)  # fits the read models' BIGINT
    year: Literal[1, 2] = 1
    season: Literal["winter", "spring", "summer", "fall"] = "winter"
    phase: Literal["new_round", "orders", "year_end", "combat"] = "new_round"
    combat_round: int = Field(1, ge=1, le=5)  # phase "combat": the round about to be planned (5: Festival Season)
    modules: list[str] = Field(default_factory=list)  # rules modules, as at `new --modules` (their components)
    training: bool = False  # a Combat Training battle: the game ends after it
    starting_player: str
    first_starting_player: str | None = None
    players: list[ScenarioPlayer]
    nonplayers: list[ScenarioNonPlayer] = Field(default_factory=list)
    monster_offer: list[str] = Field(default_factory=list)  # type ids
    room_offer: list[str] = Field(default_factory=list)
    incoming: dict[str, list[str]] = Field(default_factory=dict)  # season -> adventurer ids
    event_tiles: dict[str, str] = Field(default_factory=dict)  # season -> revealed tile this Year
    combat_cards: list[str] | None = None  # this Year's 4 (five_seasons: 5), top first
    next_combat_cards: list[str] | None = None
    special_events: dict[str, str] | None = None  # "1"/"2" -> card (full game)
    paladin: ScenarioPaladin | None = None
    discards: dict[str, list[str]] = Field(default_factory=dict)  # "monsters"/"rooms"/"adventurers" (type ids)
    trap_discard: list[str] = Field(default_factory=list)


def _bad(message: str) -> RuleViolation:
    return refuse("SCENARIO_INVALID", message, "scenario.valid")


def unplayable(problem: str) -> RuleViolation:
    """SCENARIO_INVALID for a scenario that loads but cannot be played on (``problem``: one line, what
    random play of a copy met: see :func:`~domain.kernel.play.continuation_problem`)."""
    return _bad(f"the scenario cannot be played on: {problem}")


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

    def remaining(self, year: int | None = None, year_of=None) -> list[str]:
        out = []
        for t, n in self.copies.items():
            if year is not None and year_of(t) != year:
                continue
            for i in range(self.used[t] + 1, n + 1):
                out.append(f"{t}#{i}" if self.kind in ("monster", "trap") else t)
        return out


def load_scenario(
    data: dict[str, Any] | str | Path, catalog_overrides: dict[str, Any] | None = None
) -> list[ScenarioLoaded]:
    """Validate a scenario (dict, JSON text or a file path) and return its one event. The scenario's
    components come from the shipped catalog with the table's ``catalog_overrides`` (recorded in the
    state); a position (a whole state) keeps the catalog it names.

    Raises:
        RuleViolation: ``SCENARIO_INVALID`` with the first problem found.
    """
    if isinstance(data, Path) or (isinstance(data, str) and not data.lstrip().startswith("{")):
        try:
            data = json.loads(Path(data).read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise _bad(f"cannot read the scenario file: {exc}") from None
    elif isinstance(data, str):
        data = json.loads(data)
    if isinstance(data, dict) and "board" in data and "version" in data:
        return load_position(data)
    inner = data.get("state", data) if isinstance(data, dict) else None
    if isinstance(inner, dict) and {"inn", "supply", "rules"} <= set(inner):
        raise _bad("this is a Monster Inn position: load it with new --game monster-inn --scenario FILE")
    try:
        sc = Scenario.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise _bad(f"{field_path(first['loc'])}: {' '.join(str(first['msg']).split())}") from None
    state = build_state(sc, catalog_overrides)
    return [ScenarioLoaded(name=sc.name, description=sc.description, state=to_dict(state))]


def load_position(data: dict[str, Any]) -> list[ScenarioLoaded]:
    """A position: a whole state as ``status --json`` prints it (any phase and step), checked before it is
    accepted: its schema (:mod:`.position`: every field, of its type, within its bounds), what its fields
    say of each other, and the game's invariants (every component in exactly one place).

    Raises:
        RuleViolation: ``SCENARIO_INVALID`` naming the offending field.
    """
    import copy

    from .invariants import position_problems
    from .state import from_dict
    from .views import HIDDEN

    d = copy.deepcopy(data)
    if d.get("seed") == HIDDEN:  # withheld while the game was in progress: draws go on afresh
        d["seed"] = random.SystemRandom().randrange(2**63) if d.get("mode") == "digital" else None
    if HIDDEN in json.dumps(d, allow_nan=True):
        raise _bad(
            "this is a player's view (status --as): hidden values cannot be set up; use status --json without --as"
        )
    if "paladin" in d and "paladins" not in d:  # printed when a Year had one paladin
        one = d.pop("paladin")
        d["paladins"] = [] if one is None else [one]
    problem = schema_problem(d)
    found = [problem] if problem else cross_problems(d)
    if found:
        raise _bad(found[0])
    try:
        state = from_dict(d)
        state.version = 0
        check = to_dict(state)
    except (TypeError, KeyError, ValueError, AttributeError, IndexError) as exc:
        raise _bad(f"not a game state: {type(exc).__name__}: {exc}") from None
    try:
        found = position_problems(from_dict(check))
    except (TypeError, KeyError, ValueError, AttributeError, IndexError) as exc:
        raise _bad(f"not a game state: {type(exc).__name__}: {exc}") from None
    if found:
        raise _bad(found[0])
    return [
        ScenarioLoaded(
            name="position",
            description=f"a position set up from a saved state (Year {state.year}, {state.phase})",
            state=check,
        )
    ]


def build_state(sc: Scenario, catalog_overrides: dict[str, Any] | None = None) -> GameState:
    modules = canonical(sc.modules)
    problem = modules_problem(modules)
    if problem:
        raise _bad(problem)
    try:
        cat = playable_catalog(catalog_overrides, catalog_overlays(modules))
    except ValueError as exc:
        raise _bad(str(exc)) from None
    rng = random.Random(sc.seed)
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
    s.year, s.season, s.phase = sc.year, SEASONS.index(sc.season), sc.phase
    s.first_starting_player = [str(c) for c in colors].index(sc.first_starting_player or sc.starting_player)
    monsters = _Instances({m.id: m.copies for m in cat.monsters.values()}, "monster")
    traps = _Instances({t.id: t.copies for t in cat.traps.values()}, "trap")
    rooms = _Instances({r.id: 1 for r in cat.rooms.values()}, "room")
    advs = _Instances({a.id: 1 for a in cat.adventurers.values()}, "adventurer")
    cards = set(cat.order_cards)

    for sp, p in zip(sc.players, s.players):
        p.gold, p.food, p.imps, p.evil, p.red_marks = sp.gold, sp.food, sp.imps, sp.evil, sp.red_marks
        p.dungeon = _grid(sp, rooms, cat)
        inacc = sp.inaccessible if sp.inaccessible is not None else rng.sample(sorted(cards), 2)
        hand = sp.hand if sp.hand is not None else [c for c in cat.order_cards if c not in inacc]
        if len(inacc) != 2 or len(hand) != 6 or set(inacc) | set(hand) != cards:
            raise _bad(f"{p.color}: 2 inaccessible orders and the other 6 in hand (all 8 order cards)")
        p.inaccessible, p.hand = list(inacc), list(hand)
        unknown = [x for x in sp.pets if x not in cat.pets]
        if unknown or len(set(sp.pets)) != len(sp.pets):
            raise _bad(f"{p.color}: pets must be different Pet Cards of the catalog (rules module pets): {unknown}")
        p.pets = list(sp.pets)
        for m in sp.knocked_out:
            if m not in sp.monsters:
                raise _bad(f"{p.color}: knocked-out {m} is not among the monsters")
        down = Counter(sp.knocked_out)
        p.monsters = []
        for m in sp.monsters:
            inst = monsters.take(m)
            p.monsters.append(Monster(inst, knocked_out=down[m] > 0))
            down[m] -= 1
        p.traps = [traps.take(t) for t in sp.traps]
        p.installed = {}
        for sq, t in sp.installed.items():  # Festival Season's Install Traps: on a built tile
            r, _, c = sq.partition(",")
            inside = r.isdigit() and c.isdigit() and int(r) < len(p.dungeon) and int(c) < len(p.dungeon[0])
            if not inside or p.dungeon[int(r)][int(c)] is None:
                raise _bad(f"{p.color}: an installed trap lies on a tile of the dungeon, not on {sq!r}")
            p.installed[f"{int(r)},{int(c)}"] = traps.take(t)
        p.party = [advs.take(a) for a in sp.party]
        p.prison = [a if a in cat.paladins else advs.take(a) for a in sp.prison]  # a paladin may be a prisoner
        spaces = 4 if cat.bards else 3  # Festival Season's Player Board Extension: a 4th space
        if len(p.party) > spaces:
            raise _bad(f"{p.color}: at most {spaces} adventurers wait at the entrance")
        p.spied = {str(k): v for k, v in sp.spied.items()}
        for who, n in sp.damage.items():
            if who not in p.party or n < 0:
                raise _bad(f"{p.color}: damage on {who}, who is not waiting at the entrance")
            hp = cat.adventurers[who].hit_points
            if n >= hp:
                raise _bad(f"{p.color}: {who} with {n} damage of {hp} hit points would be in prison")
        p.damage = dict(sp.damage)

    _nonplayers(sc, s, rng, cat)
    b = s.board
    b.monster_offer = [monsters.take(m) for m in sc.monster_offer]
    b.room_offer = [rooms.take(r) for r in sc.room_offer]
    for season, tiles in sc.incoming.items():
        if season not in SEASONS:
            raise _bad(f"unknown season {season!r} for incoming adventurers")
        b.incoming[season] = [advs.take(a) for a in tiles]
    for season, tile in sc.event_tiles.items():
        if tile not in EVENT_TILES or season not in ("spring", "summer", "fall"):
            raise _bad(f"event tile {tile!r} for {season!r}: tiles are {EVENT_TILES} in spring..fall")
    if sorted(Counter(sc.event_tiles.values()).values(), reverse=True)[:1] > [1]:
        raise _bad("each Event Tile appears once per Year")
    b.event_tiles = dict(sc.event_tiles)
    b.event_pool = [t for t in EVENT_TILES if t not in sc.event_tiles.values()]
    b.discards["monsters"] = [monsters.take(m) for m in sc.discards.get("monsters", [])]
    b.discards["rooms"] = [rooms.take(r) for r in sc.discards.get("rooms", [])]
    b.discards["adventurers"] = [advs.take(a) for a in sc.discards.get("adventurers", [])]
    b.trap_discard = [traps.take(t) for t in sc.trap_discard]
    _cards(sc, s, rng, cat)
    year_of = lambda t: int(t.rsplit("_y", 1)[1][0])  # noqa: E731  ("troll_y1" -> 1, "warrior_y2_a" -> 2)
    room_year = {r.id: r.year for r in cat.rooms.values()}
    for y in (1, 2):
        b.monster_stack[str(y)] = monsters.remaining(y, year_of)
        b.room_stack[str(y)] = rooms.remaining(y, lambda t: room_year[t])
        b.adventurer_stack[str(y)] = advs.remaining(y, year_of)
    if sc.year == 2:  # the First Year's stacks were used up: what nobody holds is in the Distant Lands
        b.discards["monsters"] += b.monster_stack.pop("1")
        b.discards["rooms"] += b.room_stack.pop("1")
        b.discards["adventurers"] += b.adventurer_stack.pop("1")
        b.monster_stack["1"], b.room_stack["1"], b.adventurer_stack["1"] = [], [], []
    b.trap_deck = traps.remaining()
    if sc.paladin is not None:
        if sc.paladin.holder is not None and sc.paladin.holder not in colors:
            raise _bad(f"the paladin's holder {sc.paladin.holder!r} is not a player")
        s.paladins = [Paladin(**sc.paladin.model_dump())]
    else:
        s.paladins = [Paladin(id=f"paladin_y{sc.year}")]
    s.awaiting = NewRound() if sc.phase == "new_round" else None
    s.training = sc.training
    if sc.phase == "combat":
        if sc.combat_round > year_plan(s).combat_rounds:
            raise _bad(f"combat round {sc.combat_round}: the Year has {year_plan(s).combat_rounds} Combat rounds")
        s.combat_round = sc.combat_round
    if sc.phase == "orders" and (len(b.monster_offer) != 3 or len(b.room_offer) != 2):
        raise _bad("a scenario that starts at the Orders Phase needs 3 offered monsters and 2 offered rooms")
    return s


def _grid(sp: ScenarioPlayer, rooms: _Instances, cat) -> list[list[Cell | None]]:
    if len(sp.dungeon) != 4 or any(len(row) != 5 for row in sp.dungeon):
        raise _bad(f"{sp.color}: the dungeon is 4 rows of 5 squares (. # x or a room letter)")
    grid: list[list[Cell | None]] = [[None] * 5 for _ in range(4)]
    for r, row in enumerate(sp.dungeon):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            if ch in "#x":
                grid[r][c] = Cell("tunnel", conquered=ch == "x")
            elif ch.isalpha():  # any other letter is a room; lower case = conquered
                room = sp.rooms.get(f"{r},{c}")
                if room is None:
                    raise _bad(f"{sp.color}: square {r},{c} is a room; name it in 'rooms'")
                room = rooms.take(room)  # the tile's id ("chicken_coop#1" is the one Chicken Coop)
                grid[r][c] = Cell("room", room=room, conquered=ch.islower())
            else:
                raise _bad(f"{sp.color}: unknown square {ch!r} (use . # x, or a letter for a room)")
    for key in sp.rooms:
        r, c = (int(x) for x in key.split(","))
        if (cell := grid[r][c]) is None or cell.kind != "room":
            raise _bad(f"{sp.color}: 'rooms' names {key} but the dungeon has no room there")
    if grid[0][2] is None:
        raise _bad(f"{sp.color}: the square at the entrance (0,2) must be built")
    for r, c, cell in dg.tiles(grid):
        grid[r][c] = None
        filled = dg.fills_2x2(grid, r, c)
        grid[r][c] = cell
        if filled:
            raise _bad(f"{sp.color}: the 2x2 block at {r},{c} is filled (Rulebook › Dig Tunnels)")
        if cell.kind == "room":
            room = cat.rooms[cell.room]
            if room.year == 1 and room.allowed_squares and (r, c) not in [tuple(x) for x in room.allowed_squares]:
                raise _bad(f"{sp.color}: the {room.name} at {r},{c} is outside its zone (Rulebook › Build Room)")
            for nr, nc in dg.neighbours(r, c):
                if (other := grid[nr][nc]) is not None and other.kind == "room":
                    raise _bad(f"{sp.color}: rooms at {r},{c} and {nr},{nc} are adjacent (Rulebook › Build Room)")
    seen, todo = set(), [(0, 2)]
    while todo:
        sq = todo.pop()
        if sq not in seen:
            seen.add(sq)
            todo += [n for n in dg.neighbours(*sq) if grid[n[0]][n[1]] is not None]
    if len(seen) != dg.count_tiles(grid):
        raise _bad(f"{sp.color}: every tile must connect to the entrance")
    return grid


def _nonplayers(sc: Scenario, s: GameState, rng: random.Random, cat) -> None:
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


def _cards(sc: Scenario, s: GameState, rng: random.Random, cat) -> None:
    b = s.board
    for year, attr in ((sc.year, "combat_cards"), (2, "next_combat_cards")):
        if attr == "next_combat_cards" and sc.year == 2:
            setattr(b, attr, [])
            continue
        pool = sorted(c.id for c in cat.combat_cards.values() if c.year == year)
        chosen = getattr(sc, attr)
        n = year_plan(s).combat_cards  # 4; Festival Season's five seasons: 5
        chosen = chosen if chosen is not None else rng.sample(pool, n)
        if len(chosen) != n or len(set(chosen)) != n or not set(chosen) <= set(pool):
            raise _bad(f"{attr}: {n} different Year {year} Combat Cards")
        setattr(b, attr, list(chosen))
        b.box["combat_cards"] += [c for c in pool if c not in chosen]
    if sc.year == 2:
        b.box["combat_cards"] += sorted(c.id for c in cat.combat_cards.values() if c.year == 1)
    for p in s.players:
        for pos, card in p.spied.items():
            if pos not in ("1", "2", "3", "4") or b.combat_cards[int(pos) - 1] != card:
                raise _bad(f"{p.color} spied {card} at position {pos}, but that card is not there")
    if sc.variant == "full":
        events = sc.special_events or dict(zip(("1", "2"), rng.sample(sorted(cat.special_events), 2)))
        if set(events) != {"1", "2"} or not set(events.values()) <= set(cat.special_events):
            raise _bad("special_events: one card for year '1' and one for year '2'")
        b.special_events = {y: [c] for y, c in events.items()}
        b.box["special_events"] = [c for c in cat.special_events if c not in events.values()]
        b.special_revealed = {
            y: 1
            for y in events
            if int(y) < sc.year or (int(y) == sc.year and "special_event" in sc.event_tiles.values())
        }
