"""The schema of a position: a whole state as ``status --json`` prints it, checked before
:mod:`.scenario` loads it (docs/scenarios.md, "Positions").

Three layers, each naming the field of the first problem (``players[1].gold: ...``):

1. :class:`Position`, pydantic models of :class:`~.state.GameState` in strict mode: the types of the state
   (no ``2.5``, ``true`` or ``"3"`` where a count is meant, no ``NaN`` or ``Infinity`` anywhere), the
   literals it takes (variant, mode, colour, Combat Card position), bounds on every number (a count
   0..1000, the Evilometer 1..15, a seed that fits 64 bits), every field of the state (a tile's or a
   minion's flags may be left out: they default as in the state) and no other.
2. :func:`cross_problems`: what the fields say of each other under the position's rules modules (a Year, a
   season and a phase the Year plan has; colours of the players, once each, and the non-player colours
   the rest; the catalog named by its hash).
3. The game's own invariants (:func:`.invariants.position_problems`), called by :mod:`.scenario`.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from domain.kernel.setup import field_path, odd_number_problem

from .game_info import COLORS, GRID_COLS, GRID_ROWS, MODES, VARIANTS
from .phases.common import EVIL_BOTTOM, EVIL_TOP

#: far above anything a game reaches (gold, food, imps, damage...), far below what breaks arithmetic
MAX_COUNT = 1000
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Evil = Annotated[int, Field(ge=EVIL_BOTTOM, le=EVIL_TOP)]
Color = Literal["red", "blue", "green", "yellow"]
Id = Annotated[str, Field(max_length=200)]  # a component, card or action id
Row = Annotated[list["Cell | None"], Field(min_length=GRID_COLS, max_length=GRID_COLS)]
#: a spied or face-down Combat Card's position ("5": Festival Season's five seasons)
CardPosition = Literal["1", "2", "3", "4", "5"]


class _M(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)


class Cell(_M):
    kind: Literal["tunnel", "room"]
    room: Id | None = None
    conquered: bool = False
    improved: Id = ""


class Monster(_M):
    id: Id
    knocked_out: bool = False
    expertise: Id = ""
    expertise_used: bool = False


class Placement(_M):
    color: Color
    action: Id
    space: Literal["I", "II", "III"] | None
    slot: Annotated[int, Field(ge=-1, le=2)]
    nonplayer: bool = False
    resolved: bool = False
    carried_out: bool = False


class Player(_M):
    color: Color
    name: Annotated[str, Field(max_length=200)]
    gold: Count
    food: Count
    imps: Count
    imps_busy: Count
    trolls_busy: Count
    evil: Evil
    red_marks: Count
    hand: Annotated[list[Id], Field(max_length=8)]
    inaccessible: Annotated[list[Id], Field(max_length=8)]
    setup_draw: Annotated[list[Id], Field(max_length=8)]
    orders: Annotated[list[Id], Field(max_length=3)]
    nonplayer_order: Id | None
    revealed: Annotated[int, Field(ge=0, le=3)]
    dungeon: Annotated[list[Row], Field(min_length=GRID_ROWS, max_length=GRID_ROWS)]
    monsters: list[Monster]
    traps: list[Id]
    party: Annotated[list[Id], Field(max_length=4)]
    prison: list[Id]
    spied: dict[CardPosition, Id]
    room_uses: dict[Id, Count]
    plan: dict[str, Any] | None
    damage: dict[Id, Count]
    fed: list[Id]
    illusion: Count
    gold_invested: Count
    pets: list[Id]
    rented: list[Cell]
    installed: dict[Id, Id]
    mourning: Count
    trained: Count
    pets_used: list[Id]
    pets_active: list[Id]


class NonPlayer(_M):
    color: Color
    inaccessible: list[Id]
    deck: list[Id]
    drawn: list[Id]
    evil: Evil | None
    controller: Color | None


class Paladin(_M):
    id: Id
    holder: Color | None
    damage: Count


Year = Literal["1", "2"]


class Board(_M):
    monster_stack: dict[Year, list[Id]]
    room_stack: dict[Year, list[Id]]
    adventurer_stack: dict[Year, list[Id]]
    adventurer_bottom: list[Id]
    trap_deck: list[Id]
    trap_discard: list[Id]
    unseen_traps: list[Id]
    unseen_drawn: Count
    monster_offer: list[Id]
    room_offer: list[Id]
    incoming: dict[Id, list[Id]]
    event_pool: list[Id]
    event_tiles: dict[Id, Id]
    combat_cards: Annotated[list[Id], Field(max_length=5)]
    next_combat_cards: Annotated[list[Id], Field(max_length=5)]
    special_events: dict[Year, list[Id] | Id]  # one card (not a list): states stored before lists
    special_revealed: dict[Year, Count]
    spaces: dict[Id, Annotated[list[Placement | None], Field(max_length=3)]]
    shut_out: list[Placement]
    discards: dict[Id, list[Id]]
    box: dict[Id, list[Id]]
    opportunity_next: Id
    opportunity: Id
    opportunities_placed: dict[Id, list[Id]]
    rent_gold: Count
    install_offer: list[Id]
    pet_deck: list[Id]
    pet_discard: list[Id]


class Festival(_M):
    prizes: list[Id]
    bids: dict[Color, Count]
    revealed: bool
    order: list[Color]


class PetDraft(_M):
    hands: dict[Color, list[Id]]
    passes: dict[Color, Id]
    exchanged: bool
    discarded: list[Color]


class NewRound(_M):
    kind: Literal["new_round"]
    done: list[Id]


class TrapDraw(_M):
    kind: Literal["trap_draw"]
    color: Color
    count: Annotated[int, Field(ge=1, le=10)]
    discard: bool
    context: Literal["action", "production"]


class TrapDiscard(_M):
    kind: Literal["trap_discard"]
    color: Color
    context: Literal["action", "production"]


class FaceDown(_M):
    kind: Literal["face_down"]
    what: Literal["combat_card"]
    year: Literal[1, 2]
    position: Annotated[int, Field(ge=1, le=5)]
    spy: Color


class Digging(_M):
    kind: Literal["digging"]
    color: Color
    dug: Count


class PetDraw(_M):
    kind: Literal["pet_draw"]
    color: Color
    count: Annotated[int, Field(ge=1, le=10)]


class Handling(_M):
    kind: Literal["payday", "special"]
    color: Color
    handled: list[Id]


SubStep = Annotated[
    NewRound | TrapDraw | TrapDiscard | FaceDown | Digging | PetDraw | Handling, Field(discriminator="kind")
]


class Battle(_M):
    color: Color
    tile: Annotated[list[Annotated[int, Field(ge=-1, le=max(GRID_ROWS, GRID_COLS))]], Field(min_length=2, max_length=2)]
    room: Id | None
    traps: list[Id]
    monsters: list[Id]
    fast_done: bool
    slow_done: bool
    healing_done: bool
    conquest_done: bool
    attacked: bool
    no_conquer: list[Id]
    no_heal: Id
    no_spell: bool
    disarm_used: Count
    shield: Count
    courage: list[Id] | None
    invisible: bool
    rage: bool
    poison: list[Id]
    magic_key: bool
    choice: dict[str, Any] | None
    traps_ordered: bool
    installed: list[Id]
    bard_done: bool
    courage_tokens: dict[Id, Count]
    fatigue_added: Count
    hypnotized: Id
    bites: list[Id]
    training_done: bool


class Position(_M):
    """A whole Dungeon Lords state (``status --json`` without ``--as``)."""

    variant: Literal[VARIANTS]  # type: ignore[valid-type]
    mode: Literal[MODES]  # type: ignore[valid-type]
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None  # fits the read models' BIGINT
    players: Annotated[list[Player], Field(min_length=1, max_length=len(COLORS))]
    nonplayers: Annotated[list[NonPlayer], Field(max_length=len(COLORS) - 1)]
    board: Board
    paladins: Annotated[list[Paladin], Field(max_length=3)]
    paladin_captors: list[Color]
    paladin_nonplayers: list[Color]
    festival: Festival | None
    pet_draft: PetDraft | None
    year: Literal[1, 2]
    season: Annotated[int, Field(ge=0, le=4)]
    phase: Id
    starting_player: Annotated[int, Field(ge=0, le=len(COLORS) - 1)]
    first_starting_player: Annotated[int, Field(ge=0, le=len(COLORS) - 1)]
    awaiting: SubStep | None
    combat_round: Annotated[int, Field(ge=0, le=5)]
    combat_card: Id | None
    battle: Battle | None
    scores: list[dict[str, Any]] | None
    training: bool
    queue: list[Color]
    catalog_hash: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    catalog_overrides: dict[str, Any] | None
    modules: list[Id]
    archived: bool
    version: Annotated[int, Field(ge=0, lt=2**63)]


#: the members of unions in pydantic's error locations (``awaiting.new_round.done``): not fields
_UNION_TAGS = frozenset(
    {"new_round", "trap_draw", "trap_discard", "face_down", "digging", "pet_draw", "payday", "special"}
    | {"list[str]", "str", "Placement", "int", "constrained-int", "constrained-str"}
)


def schema_problem(data: Any) -> str | None:
    """The first way ``data`` does not fit :class:`Position`, as ``path: what is wrong`` (one line), or None.
    Floats are refused wherever they are (a position has no fractions: NaN and Infinity neither)."""
    problem = odd_number_problem(data)
    if problem:
        return problem
    try:
        Position.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        msg = " ".join(str(first["msg"]).split())
        return f"{field_path(tuple(first['loc']), _UNION_TAGS)}: {msg}"
    return None


def cross_problems(data: dict[str, Any]) -> list[str]:
    """What the fields of a position that fits :class:`Position` say of each other, each naming the field:
    the rules modules, the catalog, the Year plan's Year, season, phase and Combat round, the colours."""
    from .registered import playable_catalog
    from .ruleset import canonical, catalog_overlays, modules_problem
    from .year import plan_for

    modules = data.get("modules", [])
    problem = modules_problem(modules) if canonical(modules) == modules else "they are repeated or out of order"
    if problem:
        return [f"modules: {problem}"]
    try:
        cat = playable_catalog(data.get("catalog_overrides"), catalog_overlays(modules))
    except Exception as exc:  # noqa: BLE001  (the overrides are the position's: whatever they break is bad input)
        return [f"catalog_overrides: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"]
    if data["catalog_hash"] != cat.content_hash:  # an older kept version of the base catalog, perhaps
        cat, problem = _kept_catalog(data["catalog_hash"], data.get("catalog_overrides"), modules, cat)
        if problem:
            return [f"catalog_hash: {problem}"]
    out: list[str] = []
    plan = plan_for(tuple(modules))
    players = [p["color"] for p in data["players"]]
    out += _calendar_problems(data, plan) + _seat_problems(data, players) + _colour_references(data, set(players))
    out += _player_component_problems(data, cat, plan) + _unknown_ids(data, cat, plan)
    for season in data["board"].get("incoming", {}):
        if season not in plan.seasons:
            out.append(f"board.incoming.{season}: not a round of the Year ({', '.join(plan.seasons)})")
    return out


def _kept_catalog(
    catalog_hash: str, overrides: dict[str, Any] | None, modules: list[str], today: Any
) -> tuple[Any, str | None]:
    """The catalog a position names when it is not today's: a kept version of the base catalog with the
    position's modules and overrides (:func:`~.catalog.catalog_for`, as a stored game replays), every rule it
    names registered. Returns ``(catalog, None)``, or ``(today, problem)`` naming today's hash."""
    from .catalog import UnknownCatalog, catalog_for
    from .registered import unregistered
    from .ruleset import catalog_overlays

    refused = (
        f"names no catalog this program keeps (the shipped one with these modules and overrides is "
        f"{today.content_hash[:12]}...)"
    )
    if not catalog_hash:
        return today, refused
    try:
        cat = catalog_for(catalog_hash, overrides, catalog_overlays(modules))
    except UnknownCatalog:
        return today, refused
    except ValueError as exc:  # the overrides fit none of the kept versions
        return today, f"{refused}: {str(exc).splitlines()[0]}"
    missing = unregistered(cat)
    return (today, f"its catalog names rules nobody registered: {missing[0]}") if missing else (cat, None)


def _calendar_problems(data: dict[str, Any], plan: Any) -> list[str]:
    """The Year, season, phase and Combat round, against the Year plan."""
    out: list[str] = []
    phases = {"setup", "combat", "year_end", "scoring", "over", *(s.phase for s in plan.round_steps)}
    if data.get("year", 1) not in plan.years:
        out.append(f"year: {data.get('year')} is not a Year of the game ({', '.join(map(str, plan.years))})")
    if not 0 <= data.get("season", 0) < len(plan.seasons):
        out.append(f"season: {data.get('season')} is not a round of the Year (0..{len(plan.seasons) - 1})")
    phase = data.get("phase", "setup")
    if phase not in phases:
        out.append(f"phase: {phase!r} is not a phase of the game ({', '.join(sorted(phases))})")
    rounds = data.get("combat_round", 0)
    if rounds > plan.combat_rounds or (phase == "combat" and rounds < 1):
        out.append(f"combat_round: {rounds} is not a Combat round (1..{plan.combat_rounds})")
    return out


def _seat_problems(data: dict[str, Any], players: list[str]) -> list[str]:
    """The players' colours (once each; 2 to 4, one in Combat Training), the non-player colours, the seats."""
    out: list[str] = []
    if len(set(players)) != len(players):
        out.append(f"players: a colour is taken twice ({', '.join(players)})")
    if len(players) < 2 and not data.get("training"):
        out.append("players: 2 to 4 players (one only in a Combat Training battle)")
    others = [c for c in COLORS if c not in players]
    if [n["color"] for n in data["nonplayers"]] != others:
        out.append(f"nonplayers: the colours nobody plays, in order ({', '.join(others) or 'none'})")
    for field in ("starting_player", "first_starting_player"):
        if data.get(field, 0) >= len(players):
            out.append(f"{field}: {data.get(field)} is not a seat (0..{len(players) - 1})")
    return out


def _player_component_problems(data: dict[str, Any], cat: Any, plan: Any) -> list[str]:
    """A player's spied positions, Pet Cards, Improved Tunnels and Expertise tiles the game does not have."""
    out: list[str] = []
    positions = {str(k) for k in range(1, plan.combat_cards + 1)}
    for k, p in enumerate(data["players"]):
        spied = p.get("spied", {})
        out += [f"players[{k}].spied: no Combat Card at position {pos}" for pos in spied if pos not in positions]
        for field in ("pets", "pets_used", "pets_active"):
            out += [f"players[{k}].{field}: unknown Pet Card {x!r}" for x in p.get(field, []) if x not in cat.pets]
        cells = [(f"dungeon[{r}][{c}]", x) for r, row in enumerate(p["dungeon"]) for c, x in enumerate(row) if x]
        cells += [(f"rented[{j}]", x) for j, x in enumerate(p.get("rented", []))]
        out += [
            f"players[{k}].{where}.improved: unknown Improved Tunnel {cell['improved']!r}"
            for where, cell in cells
            if cell.get("improved", "") not in ("", *cat.improved_tunnels)
        ]
        out += [
            f"players[{k}].monsters[{j}].expertise: unknown Expertise tile {m['expertise']!r}"
            for j, m in enumerate(p.get("monsters", []))
            if m.get("expertise", "") not in ("", *cat.expertise)
        ]
    return out


def _unknown_ids(data: dict[str, Any], cat: Any, plan: Any) -> list[str]:
    """Ids the catalog (or the Year plan) does not have, in the fields the conservation invariants do not
    count: Pet Cards (and a pet in two places), paladins, Event Tiles (each once a Year), Special Event and
    Combat Cards, the opportunity boards, the action spaces and the actions minions are sent to."""
    b = data["board"]
    out = _pet_problems(data, cat)
    for k, pal in enumerate(data.get("paladins", [])):
        if pal["id"] not in cat.paladins:
            out.append(f"paladins[{k}].id: unknown paladin {pal['id']!r} ({', '.join(cat.paladins)})")
    gone = b.get("discards", {}).get("paladins", [])
    out += [f"board.discards.paladins: unknown paladin {x!r}" for x in gone if x not in cat.paladins]
    return out + _event_tile_problems(b, plan) + _card_problems(data, cat) + _board_problems(b, cat)


def _pet_problems(data: dict[str, Any], cat: Any) -> list[str]:
    """Pet Cards the catalog does not have, and a pet in two places (Festival Season › Pets)."""
    b = data["board"]
    out: list[str] = []
    pets: list[tuple[str, str]] = [(f"board.{f}", x) for f in ("pet_deck", "pet_discard") for x in b.get(f, [])]
    for k, p in enumerate(data["players"]):
        pets += [(f"players[{k}].{f}", x) for f in ("pets", "pets_used", "pets_active") for x in p.get(f, [])]
    if data.get("pet_draft"):
        draft = data["pet_draft"]
        pets += [(f"pet_draft.hands.{c}", x) for c, hand in draft.get("hands", {}).items() for x in hand]
        pets += [(f"pet_draft.passes.{c}", x) for c, x in draft.get("passes", {}).items()]
    seen: dict[str, str] = {}
    for where, pet in pets:
        if pet not in cat.pets:
            out.append(f"{where}: unknown Pet Card {pet!r}")
        elif pet in seen and not where.startswith("pet_draft.passes") and not where.endswith("pets_active"):
            # (a card passed is still in its hand; a used pet that fights on is also among the used)
            out.append(f"{where}: Pet Card {pet} is also in {seen[pet]}")
        seen.setdefault(pet, where)
    return out


def _event_tile_problems(b: dict[str, Any], plan: Any) -> list[str]:
    """Event Tiles the Year plan does not have, and more of them than a Year's."""
    tiles = set(plan.event_tiles)
    out = [f"board.event_pool: unknown Event Tile {t!r}" for t in b.get("event_pool", []) if t not in tiles]
    shown = b.get("event_tiles", {}).items()
    out += [f"board.event_tiles.{season}: unknown Event Tile {t!r}" for season, t in shown if t not in tiles]
    if Counter([*b.get("event_pool", []), *(t for _, t in shown)]) - Counter(plan.event_tiles):
        out.append(f"board.event_pool: more Event Tiles, with those turned up, than the Year's {plan.event_tiles}")
    return out


def _card_problems(data: dict[str, Any], cat: Any) -> list[str]:
    """Combat Cards (dealt, next Year's, boxed, this round's, spied) and Special Event Cards the catalog does
    not have."""
    b = data["board"]
    out: list[str] = []
    for field in ("combat_cards", "next_combat_cards"):
        out += [
            f"board.{field}: unknown Combat Card {c!r}" for c in b.get(field, []) if c and c not in cat.combat_cards
        ]
    boxed = b.get("box", {}).get("combat_cards", [])
    out += [f"board.box.combat_cards: unknown Combat Card {c!r}" for c in boxed if c not in cat.combat_cards]
    for y, cards in b.get("special_events", {}).items():
        out += [
            f"board.special_events.{y}: unknown Special Event Card {c!r}"
            for c in ([cards] if isinstance(cards, str) else cards)
            if c and c not in cat.special_events
        ]
    if data.get("combat_card") is not None and data["combat_card"] not in cat.combat_cards:
        out.append(f"combat_card: unknown Combat Card {data['combat_card']!r}")
    for k, p in enumerate(data["players"]):
        out += [
            f"players[{k}].spied.{pos}: unknown Combat Card {c!r}"
            for pos, c in p.get("spied", {}).items()
            if c not in cat.combat_cards
        ]
    return out


def _board_problems(b: dict[str, Any], cat: Any) -> list[str]:
    """Unique Opportunity boards, action spaces and the actions minions are sent to that the catalog does not
    have."""
    out: list[str] = []
    boards = ("", *cat.opportunities)
    for field in ("opportunity", "opportunity_next"):
        if b.get(field, "") not in boards:
            out.append(f"board.{field}: unknown Unique Opportunity board {b[field]!r}")
    for y, placed in b.get("opportunities_placed", {}).items():
        out += [f"board.opportunities_placed.{y}: unknown board {x!r}" for x in placed if x not in boards]
    actions = {a.id for a in cat.actions} | set(cat.opportunities)
    out += [f"board.spaces.{a}: unknown action space" for a in b.get("spaces", {}) if a not in actions]
    minions = [(f"board.spaces.{a}[{k}]", m) for a, ms in b.get("spaces", {}).items() for k, m in enumerate(ms) if m]
    minions += [(f"board.shut_out[{k}]", m) for k, m in enumerate(b.get("shut_out", []))]
    out += [f"{where}.action: unknown action {m['action']!r}" for where, m in minions if m["action"] not in actions]
    out += [  # a minion on a space carries out that space's action (found by the fuzz: one elsewhere waited for ever)
        f"board.spaces.{a}[{k}].action: {m['action']!r}, on the {a} space"
        for a, ms in b.get("spaces", {}).items()
        for k, m in enumerate(ms)
        if m and m["action"] != a and m["action"] in actions
    ]
    return out


def _colour_references(data: dict[str, Any], players: set[str]) -> list[str]:
    """Fields that name a player: each must be one of the players (not a non-player colour)."""
    refs: list[tuple[str, Any]] = [(f"queue[{k}]", c) for k, c in enumerate(data.get("queue", []))]
    refs += [(f"paladin_captors[{k}]", c) for k, c in enumerate(data.get("paladin_captors", []))]
    refs += [(f"paladins[{k}].holder", p.get("holder")) for k, p in enumerate(data.get("paladins", []))]
    for key in ("battle", "awaiting"):
        if data.get(key):
            refs += [(f"{key}.{f}", data[key][f]) for f in ("color", "spy") if f in data[key]]
    if data.get("festival"):
        refs += [("festival.bids", c) for c in data["festival"].get("bids", {})]
        refs += [(f"festival.order[{k}]", c) for k, c in enumerate(data["festival"].get("order", []))]
    if data.get("pet_draft"):
        refs += [("pet_draft.hands", c) for c in data["pet_draft"].get("hands", {})]
    return [f"{where}: {c!r} is not a player" for where, c in refs if c is not None and c not in players]
