"""Game state: plain slotted dataclasses, folded from events by :mod:`domain.games.dungeon_lords.evolve`.

Per-player secrets (chosen orders before the reveal, trap cards, spied combat cards)
live in that player's own record so :mod:`domain.games.dungeon_lords.views` can strip them mechanically.
Component instances have unique ids: ``"goblin_y1#2"`` (monster tile), ``"rolling_stone#3"``
(trap card); rooms, adventurers, combat cards and special events have one copy each and
use the catalog id. Squares are ``[row, col]`` with row 0 nearest the surface.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from domain.kernel.plain import asdict

from .game_info import GRID_COLS, GRID_ROWS


@dataclass(slots=True)
class Cell:
    """One built square: a tunnel or a room (``room`` = room tile id)."""

    kind: str  # "tunnel" | "room"
    room: str | None = None
    conquered: bool = False
    improved: str = ""  # Festival Season: the Improved Tunnel tile this tunnel is ("" a plain tunnel)


@dataclass(slots=True)
class Monster:
    id: str  # instance id, e.g. "troll_y1#1"
    knocked_out: bool = False
    expertise: str = ""  # Festival Season: its Expertise tile (part of its cost; +2 on a first attack)
    expertise_used: bool = False  # the tile turned face down: its bonus used in this Combat


@dataclass(slots=True)
class Placement:
    """A minion sent by an order: on an action space, or on its order card if shut out."""

    color: str
    action: str
    space: str | None  # "I" | "II" | "III"; None = on the order card
    slot: int  # order position 0..2 (non-player minions: -1)
    nonplayer: bool = False
    resolved: bool = False
    carried_out: bool = False


@dataclass(slots=True)
class Player:
    color: str
    name: str
    gold: int = 3
    food: int = 3
    imps: int = 3  # imps owned (figures); troll tokens are derived from trolls
    imps_busy: int = 0  # imps that did a job this round (dig, mine, foreimp, production)
    trolls_busy: int = 0  # troll tokens used in production this round
    evil: int = 5
    red_marks: int = 0
    hand: list[str] = field(default_factory=list)  # order cards in hand
    inaccessible: list[str] = field(default_factory=list)  # face-up inaccessible order cards
    setup_draw: list[str] = field(default_factory=list)  # full game: 3 drawn, 2 to choose
    orders: list[str] = field(default_factory=list)  # SECRET until revealed: chosen 3, left first
    nonplayer_order: str | None = None  # 2 players: SECRET third order for the NP colour
    revealed: int = 0  # how many of `orders` are face up
    dungeon: list[list[Cell | None]] = field(default_factory=list)
    monsters: list[Monster] = field(default_factory=list)
    traps: list[str] = field(default_factory=list)  # SECRET: trap cards in hand
    party: list[str] = field(default_factory=list)  # adventurers at the entrance, front first
    prison: list[str] = field(default_factory=list)
    spied: dict[str, str] = field(default_factory=dict)  # SECRET: combat card position "1".."4" -> card id
    room_uses: dict[str, int] = field(default_factory=dict)  # "r,c" -> productions this round
    plan: dict[str, Any] | None = None  # Combat: this round's plan (traps SECRET until sprung)
    damage: dict[str, int] = field(default_factory=dict)  # Combat: adventurer (or paladin) id -> damage counters
    fed: list[str] = field(default_factory=list)  # Combat: adventurers with a Create Food token (+1 hp)
    illusion: int = 0  # Combat: an imaginary 1-hp adventurer at the front
    gold_invested: int = 0  # Invest Gold (Festival Season): gold paid out when the Orders Phase ends
    pets: list[str] = field(default_factory=list)  # SECRET: Festival Season's face-down, unused Pet Cards
    # Festival Season's rented rooms, beside the player board (never in the dungeon): the "rental shelf",
    # addressed as squares (-1, k) by production and Combat (phases.common.cell_at)
    rented: list[Cell] = field(default_factory=list)
    # Festival Season's installed traps: square "r,c" -> Trap Card, face up beside the board (public)
    installed: dict[str, str] = field(default_factory=dict)
    mourning: int = 0  # Festival Season: adventurers (not paladins) captured from this party this Combat
    trained: int = 0  # Festival Season: imps in the imp Training Room (owned, not available, kept each round)
    pets_used: list[str] = field(default_factory=list)  # Festival Season: pets used (face up, score nothing)
    pets_active: list[str] = field(default_factory=list)  # ... used pets that fight on until Combat ends


@dataclass(slots=True)
class NonPlayer:
    """A non-player colour (2- and 3-player games)."""

    color: str
    inaccessible: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)  # this round's random orders
    evil: int | None = None  # 2 players: the non-player Evil Counter
    controller: str | None = None  # 2 players: the player who chooses its third order


@dataclass(slots=True)
class Paladin:
    id: str  # "paladin_y1" | "paladin_y2"
    holder: str | None = None  # player colour, or None while in his tent
    damage: int = 0


@dataclass(slots=True)
class Board:
    """Central board, Progress Board and Distant Lands."""

    monster_stack: dict[str, list[str]] = field(default_factory=dict)  # year "1"/"2" -> remaining tiles
    room_stack: dict[str, list[str]] = field(default_factory=dict)
    adventurer_stack: dict[str, list[str]] = field(default_factory=dict)
    adventurer_bottom: list[str] = field(default_factory=list)  # put back under the stack, in order
    trap_deck: list[str] = field(default_factory=list)
    trap_discard: list[str] = field(default_factory=list)
    # tabletop: trap cards drawn face down and not yet identified ("unseen_trap#k" in hands, plans
    # and the discard pile); their real cards are still counted in trap_deck (which ones is unknown)
    unseen_traps: list[str] = field(default_factory=list)
    unseen_drawn: int = 0
    monster_offer: list[str] = field(default_factory=list)  # Underground Tavern
    room_offer: list[str] = field(default_factory=list)  # Bargain Basement
    incoming: dict[str, list[str]] = field(default_factory=dict)  # season -> its adventurers, weakest first
    event_pool: list[str] = field(default_factory=list)  # this Year's unrevealed Event Tiles
    event_tiles: dict[str, str] = field(default_factory=dict)  # season -> revealed Event Tile
    combat_cards: list[str] = field(default_factory=list)  # this Year's 4, top first (hidden)
    next_combat_cards: list[str] = field(default_factory=list)  # Second Year's 4 (hidden)
    # year -> its Special Event Cards in the order they come up (one a Year in the base game; "" while face
    # down at a table), hidden until revealed; special_revealed: year -> how many are revealed
    special_events: dict[str, list[str]] = field(default_factory=dict)
    special_revealed: dict[str, int] = field(default_factory=dict)
    spaces: dict[str, list[Placement | None]] = field(default_factory=dict)  # action -> [I, II, III]
    shut_out: list[Placement] = field(default_factory=list)  # minions left on order cards
    discards: dict[str, list[str]] = field(default_factory=dict)  # Distant Lands: kind -> ids
    box: dict[str, list[str]] = field(default_factory=dict)  # returned to the box unseen
    # Festival Season's Unique Opportunity boards: the one face up on the stack (next round's), the one
    # covering its place this round, and those placed so far by Year (the Year's are the Festival's prizes)
    opportunity_next: str = ""
    opportunity: str = ""
    opportunities_placed: dict[str, list[str]] = field(default_factory=dict)
    rent_gold: int = 0  # Rent Rooms: the gold space III paid this round (space I may take it)
    install_offer: list[str] = field(default_factory=list)  # Install Traps: the Trap Cards dealt face up
    pet_deck: list[str] = field(default_factory=list)  # Festival Season's Pet deck (hidden)
    pet_discard: list[str] = field(default_factory=list)  # face down (hidden)


@dataclass(slots=True, kw_only=True)
class Festival:
    """Festival Season's Festival, while it lasts: the prizes (opportunity boards) left, the imps each player
    sent (SECRET until every bid is in and revealed) and who still picks, in pick order."""

    prizes: list[str] = field(default_factory=list)
    bids: dict[str, int] = field(default_factory=dict)
    revealed: bool = False
    order: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class PetDraft:
    """Festival Season's Pet Phase draft, while it lasts: each player's hand (SECRET), the card each passes
    left (SECRET until passed; the receiver sees it), whether the cards have been passed, who has discarded."""

    hands: dict[str, list[str]] = field(default_factory=dict)
    passes: dict[str, str] = field(default_factory=dict)
    exchanged: bool = False
    discarded: list[str] = field(default_factory=list)


# --- sub-steps: what a phase waits for inside itself (``GameState.awaiting``) ---------------------------
@dataclass(slots=True, kw_only=True)
class NewRound:
    """The New Round Phase: which of its draws are done (monsters, rooms, event, special, adventurers)."""

    kind: Literal["new_round"] = "new_round"
    done: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class TrapDraw:
    """Trap Cards to draw for ``color`` (Buy Traps or the Workshop); ``discard``: then discard one."""

    kind: Literal["trap_draw"] = "trap_draw"
    color: str
    count: int
    discard: bool
    context: str  # "action" (an order is resolved afterwards) or "production"


@dataclass(slots=True, kw_only=True)
class TrapDiscard:
    """``color`` discards one Trap Card (Second Year Buy Traps)."""

    kind: Literal["trap_discard"] = "trap_discard"
    color: str
    context: str


@dataclass(slots=True, kw_only=True)
class FaceDown:
    """Tabletop: a spy looked at a face-down card; the recorder enters it."""

    kind: Literal["face_down"] = "face_down"
    what: str  # "combat_card"
    year: int
    position: int
    spy: str


@dataclass(slots=True, kw_only=True)
class Digging:
    """Dig Tunnels goes on, one tunnel at a time, up to the permit."""

    kind: Literal["digging"] = "digging"
    color: str
    dug: int


@dataclass(slots=True, kw_only=True)
class PetDraw:
    """Festival Season's Acquire Pet: ``count`` Pet Cards to draw for ``color`` (then the order is done)."""

    kind: Literal["pet_draw"] = "pet_draw"
    color: str
    count: int


@dataclass(slots=True, kw_only=True)
class Handling:
    """Pay Day or a Special Event, handled item by item for ``color`` (``kind`` "payday" or "special")."""

    kind: str
    color: str
    handled: list[str] = field(default_factory=list)


SubStep = NewRound | TrapDraw | TrapDiscard | FaceDown | Digging | PetDraw | Handling
#: the typed sub-steps by ``kind`` (any other kind is a Handling)
SUB_STEPS: dict[str, type] = {
    "new_round": NewRound,
    "trap_draw": TrapDraw,
    "trap_discard": TrapDiscard,
    "pet_draw": PetDraw,
    "face_down": FaceDown,
    "digging": Digging,
}


@dataclass(slots=True)
class Battle:
    """The battle being fought (one at a time, in play order): the dungeon lord, the tile, the defence
    planned, which steps are done, and what the round's spells and traps left behind (Rulebook › Combat)."""

    color: str
    tile: list[int]
    room: str | None = None
    traps: list[str] = field(default_factory=list)
    monsters: list[str] = field(default_factory=list)
    fast_done: bool = False
    slow_done: bool = False
    healing_done: bool = False
    conquest_done: bool = False
    attacked: bool = False
    no_conquer: list[str] = field(default_factory=list)  # who may not conquer this round
    no_heal: str = ""  # the priest an Anti-Magic Dart hit
    no_spell: bool = False  # an Anti-Magic Dart hit a wizard
    disarm_used: int = 0  # the party's anti-trap symbols used up (shared by the Labyrinth's traps)
    shield: int = 0  # Magic Shield
    courage: list[str] | None = None  # Song of Courage: who is protected (None: no song)
    invisible: bool = False
    rage: bool = False
    poison: list[str] = field(default_factory=list)
    magic_key: bool = False
    choice: dict[str, Any] | None = None  # a spell's pending choice: {"card", "todo"}
    traps_ordered: bool = False  # the owner has said which of the traps left springs next
    installed: list[str] = field(default_factory=list)  # Festival Season: traps installed on this tile
    bard_done: bool = False  # Festival Season: the Bard Step is over
    courage_tokens: dict[str, int] = field(default_factory=dict)  # adventurer -> Courage tokens (bards)
    fatigue_added: int = 0  # Festival Season: fatigue the pets sent add when the party conquers
    hypnotized: str = ""  # Festival Season: who an Evil Eye brought to the very front (Monsters Step)
    bites: list[str] = field(default_factory=list)  # Festival Season: who a Cockatrice poisoned (1 more)
    training_done: bool = False  # Festival Season: the owner said whether a trained imp adds fatigue


@dataclass(slots=True)
class GameState:
    variant: str  # "first_game" | "full"
    mode: str  # "digital" | "tabletop"
    seed: int | None
    players: list[Player]
    nonplayers: list[NonPlayer]
    board: Board
    # the Year's paladins still free, weakest first: in the tent (no holder) or in a dungeon (base: one;
    # Festival Season: the elf and the dwarf); a captured or departed paladin leaves the list
    paladins: list[Paladin] = field(default_factory=list)
    # who imprisoned one of the Year's paladins in this Combat (the others ignore them for the rest of it:
    # Festival Season › Paladins in Combat), even if he has left the prison since
    paladin_captors: list[str] = field(default_factory=list)
    # 2 players, Festival Season: the non-player colours that were dealt a paladin (never another)
    paladin_nonplayers: list[str] = field(default_factory=list)
    festival: Festival | None = None  # Festival Season: the Festival of the fifth round, while it lasts
    pet_draft: PetDraft | None = None  # Festival Season: the Pet Phase's draft, while it lasts
    year: int = 1
    season: int = 0  # index into SEASONS
    phase: str = "setup"
    starting_player: int = 0  # index into players
    first_starting_player: int = 0
    awaiting: SubStep | None = None  # a sub-step inside a phase (trap draw, digging, pay day...)
    combat_round: int = 0  # 1..4 during Combat
    combat_card: str | None = None  # this round's revealed Combat Card
    battle: Battle | None = None  # the battle being fought (one at a time, in play order)
    scores: list[dict[str, Any]] | None = None  # the final score breakdown, once scored
    training: bool = False  # a Combat Training battle: the game ends with its Combat
    queue: list[str] = field(default_factory=list)  # players still to act in a sequential phase
    catalog_hash: str = ""
    catalog_overrides: dict[str, Any] | None = None  # the table's overrides recorded at the start
    modules: list[str] = field(default_factory=list)  # the rules modules played (GameStarted.modules)
    archived: bool = False  # the game left the statistics (GameArchived)
    version: int = 0  # events folded so far

    # --- lookups -------------------------------------------------------------------
    def player(self, color: str) -> Player:
        for p in self.players:
            if p.color == color:
                return p
        raise KeyError(color)

    def play_order(self) -> list[Player]:
        """Players clockwise from the starting player."""
        n = len(self.players)
        return [self.players[(self.starting_player + i) % n] for i in range(n)]


# --- what the state's ids and squares mean (read by the rules and the fold alike) ------------------------
SPACES = ("I", "II", "III")  # an action's three spaces, in order
UNSEEN_TRAP = "unseen_trap"  # tabletop: a Trap Card drawn face down, identified when sprung
UNSEEN_DRAW = "?"  # what the recorder enters for such a card
RENTED_ROW = -1  # Festival Season's rented rooms: square (-1, k) is the k-th room rented


def is_unseen(instance_id: str) -> bool:
    """A Trap Card drawn face down at a real table (``unseen_trap#N``), not identified yet."""
    return instance_id.startswith(UNSEEN_TRAP + "#")


def cell_at(p: Player, square) -> Cell | None:
    """The tile on ``square``: the dungeon's, or a rented room's (row :data:`RENTED_ROW`); None if none."""
    r, c = square[0], square[1]
    if r == RENTED_ROW:
        return p.rented[c] if 0 <= c < len(p.rented) else None
    return p.dungeon[r][c] if 0 <= r < len(p.dungeon) and 0 <= c < len(p.dungeon[r]) else None


def paladin(state: GameState, who: str) -> Paladin | None:
    """The free paladin ``who`` (in his tent or in a dungeon), or None (not a paladin, or not free)."""
    for pal in state.paladins:  # a loop, not next(generator): the rules ask this often
        if pal.id == who:
            return pal
    return None


def empty_grid() -> list[list[Cell | None]]:
    return [[None] * GRID_COLS for _ in range(GRID_ROWS)]


def clone(state: GameState) -> GameState:
    """A deep copy (pickle is several times faster than copy.deepcopy for slotted dataclasses)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


# --- JSON-native conversion (snapshots, scenarios, `status --json`) -----------------------


def to_dict(state: GameState) -> dict[str, Any]:
    """The state as a JSON-native dict (``dataclasses.asdict``'s result, made faster: every snapshot makes one)."""
    return asdict(state)


def _cell(d: dict | None) -> Cell | None:
    return None if d is None else Cell(**d)


def _placement(d: dict | None) -> Placement | None:
    return None if d is None else Placement(**d)


def player_from_dict(d: dict[str, Any]) -> Player:
    d = dict(d)
    d["dungeon"] = [[_cell(c) for c in row] for row in d["dungeon"]]
    d["monsters"] = [Monster(**m) for m in d["monsters"]]
    d["rented"] = [Cell(**c) for c in d.get("rented", [])]
    return Player(**d)


def battle_from_dict(d: dict[str, Any] | None) -> Battle | None:
    """A battle from its JSON form (snapshots and positions of every version: unknown keys are ignored,
    missing ones take their defaults)."""
    if d is None:
        return None
    known = {f.name for f in fields(Battle)}
    return Battle(**{k: v for k, v in d.items() if k in known})


def sub_step_from_dict(d: dict[str, Any] | None) -> SubStep | None:
    """A sub-step from its JSON form (snapshots and positions of every version)."""
    if d is None:
        return None
    cls = SUB_STEPS.get(d.get("kind", ""), Handling)
    known = {f.name for f in fields(cls)}
    step: SubStep = cls(**{k: v for k, v in d.items() if k in known})
    return step


def from_dict(d: dict[str, Any]) -> GameState:
    d = dict(d)
    d["awaiting"] = sub_step_from_dict(d.get("awaiting"))
    d["battle"] = battle_from_dict(d.get("battle"))
    d["festival"] = Festival(**d["festival"]) if d.get("festival") else None
    d["pet_draft"] = PetDraft(**d["pet_draft"]) if d.get("pet_draft") else None
    d["players"] = [player_from_dict(p) for p in d["players"]]
    d["nonplayers"] = [NonPlayer(**n) for n in d["nonplayers"]]
    b = dict(d["board"])
    b["spaces"] = {k: [_placement(s) for s in v] for k, v in b["spaces"].items()}
    b["shut_out"] = [Placement(**s) for s in b["shut_out"]]
    # states stored before a Year could have two Special Event Cards: one card, revealed or not
    b["special_events"] = {y: [c] if isinstance(c, str) else list(c) for y, c in b.get("special_events", {}).items()}
    b["special_revealed"] = {y: int(n) for y, n in b.get("special_revealed", {}).items()}
    d["board"] = Board(**b)
    if "paladin" in d:  # states stored when a Year had one paladin
        one = d.pop("paladin")
        d["paladins"] = [] if one is None else [one]
    d["paladins"] = [Paladin(**x) for x in d["paladins"]]
    return GameState(**d)
