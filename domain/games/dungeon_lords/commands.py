"""Commands: what a player (or the person recording a draw) asks the engine to do.

Every command is a pydantic model with a ``type`` tag, so the CLI's ``act --json`` takes
exactly this shape, e.g. ``{"type": "dig_tunnel", "player": "red", "square": [1, 1]}``.
``player`` is the colour of the acting player. Validation of shape happens here; the rules
are checked by :func:`domain.decide.decide`, which raises :class:`~domain.games.dungeon_lords.errors.RuleViolation`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter

from domain.kernel.setup import parse_with

from .dungeon import parse_label
from .errors import refuse


def _square(value: object) -> object:
    # a square typed as the page and the option texts name it ("B2": column letter, row number) is
    # read as its [row, column]; a JSON array goes on as the tuple strict reading wants after a validator
    # (its two whole numbers are still checked strictly), anything else is refused by that check
    if isinstance(value, str):
        return parse_label(value)
    return tuple(value) if isinstance(value, list) else value


Square = Annotated[tuple[int, int], BeforeValidator(_square)]  # [row, column], or its label "B2"


class _Cmd(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class ChooseInaccessibleOrders(_Cmd):
    """Full game set-up: keep 2 of the 3 drawn order cards as inaccessible."""

    type: Literal["choose_inaccessible_orders"] = "choose_inaccessible_orders"
    player: str
    cards: list[str]


class ChooseOrders(_Cmd):
    """Orders Phase: 3 different order cards from hand, left (first) to right.
    With 2 players, also the third order of the non-player colour you handle."""

    type: Literal["choose_orders"] = "choose_orders"
    player: str
    orders: list[str]
    nonplayer_order: str | None = None


class TakeAction(_Cmd):
    """Carry out the order on your current space (Get Food, Recruit Imps, Buy Traps), paying its cost."""

    type: Literal["take_action"] = "take_action"
    player: str


class ImproveReputation(_Cmd):
    """Improve Reputation; ``spy`` = position 1..4 (1..5 with five Combat Cards) of the Combat Card to look
    at (spaces I and III)."""

    type: Literal["improve_reputation"] = "improve_reputation"
    player: str
    spy: int | None = None


class HarvestFood(_Cmd):
    """Harvest Food (Festival Season): gather ``food`` food, one imp each, up to the space's limit; the
    space's foreimps go too (space III: 0 food is allowed, for its -1 Evil)."""

    type: Literal["harvest_food"] = "harvest_food"
    player: str
    food: int


class Masquerade(_Cmd):
    """Masquerade (Festival Season): ``spy`` = position of the Combat Card to look at (spaces II and III);
    ``put_back`` = the position it goes back to (space II only; default: where it was)."""

    type: Literal["masquerade"] = "masquerade"
    player: str
    spy: int | None = None
    put_back: int | None = None


class FestivalBid(_Cmd):
    """The Festival (Festival Season): how many of your available imps you send, secretly (0 allowed)."""

    type: Literal["festival_bid"] = "festival_bid"
    player: str
    imps: int


class FestivalPick(_Cmd):
    """The Festival: the opportunity board you take (None: nothing) and what its prize needs: ``square``
    (the tunnel dug, or where the room goes), ``monster`` (hired from the discards, with the golem's
    ``discard_trap`` or the demon's ``feed_monster``) or ``room`` (built from the discards)."""

    type: Literal["festival_pick"] = "festival_pick"
    player: str
    board: str | None = None
    square: Square | None = None
    monster: str | None = None
    discard_trap: str | None = None
    feed_monster: str | None = None
    room: str | None = None
    pay_or: bool = False  # a hired Cockatrice: its other cost


class RentRoom(_Cmd):
    """Rent Rooms (Festival Season): the room of the Bargain Basement you rent, or (space I only, when space
    III paid) ``take_gold`` instead."""

    type: Literal["rent_room"] = "rent_room"
    player: str
    room: str | None = None
    take_gold: bool = False


class InstallTrap(_Cmd):
    """Install Traps (Festival Season): take ``trap`` of the face-up Trap Cards and install it on your
    unconquered dungeon tile ``square``, paying its cost (and 1 gold more on a room)."""

    type: Literal["install_trap"] = "install_trap"
    player: str
    trap: str
    square: Square


class ImproveTunnels(_Cmd):
    """Improve Tunnels (Festival Season): one option: ``improve`` plain unconquered tunnels (``squares``)
    into the Improved Tunnel ``tiles`` (same order), or ``deconquer_tunnel`` / ``deconquer_room`` the
    conquered tiles on ``squares``. Space II may do ``improve`` or ``deconquer_tunnel`` twice."""

    type: Literal["improve_tunnels"] = "improve_tunnels"
    player: str
    option: Literal["improve", "deconquer_tunnel", "deconquer_room"]
    squares: list[Square]
    tiles: list[str] = []


class PassPet(_Cmd):
    """The Pet Phase (Festival Season): the Pet Card you pass to the player on your left (secret)."""

    type: Literal["pass_pet"] = "pass_pet"
    player: str
    card: str


class DiscardPet(_Cmd):
    """The Pet Phase: the Pet Card you discard face down (you keep the others)."""

    type: Literal["discard_pet"] = "discard_pet"
    player: str
    card: str


class UsePet(_Cmd):
    """Festival Season › Using Pets: announce and reveal a Pet Card whose time is Building (at any moment
    of Building, whatever the game waits for) and follow its text. Combat pets go with the battle's plan
    (``PlanBattle.pets``); Scoring pets score at the pet show."""

    type: Literal["use_pet"] = "use_pet"
    player: str
    card: str


class DigTunnel(_Cmd):
    """Dig one tunnel (repeat up to the permit, then ``stop_digging``)."""

    type: Literal["dig_tunnel"] = "dig_tunnel"
    player: str
    square: Square


class StopDigging(_Cmd):
    type: Literal["stop_digging"] = "stop_digging"
    player: str


class MineGold(_Cmd):
    """Mine with ``imps`` imps (1 gold each), up to the permit and your unconquered tunnels."""

    type: Literal["mine_gold"] = "mine_gold"
    player: str
    imps: int
    vein: int = 0  # Festival Season: imps sent to your Mithril Vein besides (1 or 2; not on the permit)


class HireMonster(_Cmd):
    """Hire a monster (or ghost) from the Underground Tavern; a golem needs ``discard_trap``,
    a demon needs ``feed_monster`` (one of your monsters, not a ghost)."""

    type: Literal["hire_monster"] = "hire_monster"
    player: str
    monster: str
    discard_trap: str | None = None
    feed_monster: str | None = None
    pay_or: bool = False  # Festival Season's Cockatrice: pay its other cost (1 Evil instead of 1 food)


class BuildRoom(_Cmd):
    """Build a room from the Bargain Basement on one of your unconquered tunnels."""

    type: Literal["build_room"] = "build_room"
    player: str
    room: str
    square: Square


class DiscardTrap(_Cmd):
    """Second Year Buy Traps: send one Trap Card back."""

    type: Literal["discard_trap"] = "discard_trap"
    player: str
    card: str


class Decline(_Cmd):
    """Do not carry out the order: the minion goes onto its order card."""

    type: Literal["decline"] = "decline"
    player: str


class Produce(_Cmd):
    """Use the production room on ``square`` (Tool Shed: ``dig`` = where its tunnel goes)."""

    type: Literal["produce"] = "produce"
    player: str
    square: Square
    dig: Square | None = None
    output: str | None = None  # Festival Season's Bakery: "food" or "reputation" (-1 Evil), the owner's choice
    # ... the imp Training Room: "in" (send available imps in) or "out" (take trained imps out), ``count`` of them
    count: int = Field(default=1, ge=1, le=2)


class RetrieveOrder(_Cmd):
    """End your Production: take back the first order card, or one that was not carried out."""

    type: Literal["retrieve_order"] = "retrieve_order"
    player: str
    card: str


class PayWage(_Cmd):
    """Pay Day: pay this monster's wage (demon: ``feed_monster``; golem: ``discard_trap``)."""

    type: Literal["pay_wage"] = "pay_wage"
    player: str
    monster: str
    feed_monster: str | None = None
    discard_trap: str | None = None
    pay_or: bool = False  # Festival Season's Cockatrice: pay its other cost (1 Evil instead of 1 food)


class ReleaseMonster(_Cmd):
    """Pay Day: let the monster go (you gain 1 Evil)."""

    type: Literal["release_monster"] = "release_monster"
    player: str
    monster: str


class PayTaxes(_Cmd):
    """Taxes: pay ``gold`` (0..due); each unpaid gold is a red mark."""

    type: Literal["pay_taxes"] = "pay_taxes"
    player: str
    gold: int


class ChooseEventOption(_Cmd):
    """A Special Event that offers a choice (e.g. release a monster or gain Evil)."""

    type: Literal["choose_event_option"] = "choose_event_option"
    player: str
    option: str
    target: str | None = None


class PlanBattle(_Cmd):
    """Combat planning: one of the nearest unconquered tiles, traps (1; Labyrinth 2, whose owner orders
    them when they spring: :class:`OrderTraps`) and monsters (tunnel 1, room 2, Labyrinth 1) plus any
    number of ghosts."""

    type: Literal["plan_battle"] = "plan_battle"
    player: str
    tile: Square
    traps: list[str] = []
    monsters: list[str] = []
    pets: list[str] = []  # Festival Season: combat Pet Cards sent too (announced and revealed)


class ReleasePrisoner(_Cmd):
    """No unconquered tile left: let a prisoner go (the paladin last)."""

    type: Literal["release_prisoner"] = "release_prisoner"
    player: str
    prisoner: str


class OrderTraps(_Cmd):
    """The Labyrinth's owner chooses which of its two traps springs first, when they spring (after the
    Combat Card is revealed): ``first`` is that trap (its copy id, e.g. "rolling_stone#1")."""

    type: Literal["order_traps"] = "order_traps"
    player: str
    first: str


class AddTrainedImp(_Cmd):
    """Festival Season › imp Training Room: as the party is about to take fatigue, return one trained imp to
    the Imp Den for +1 fatigue (``add``), or not."""

    type: Literal["add_trained_imp"] = "add_trained_imp"
    player: str
    add: bool


class TargetTrap(_Cmd):
    """The adventurer a Poisoned Dart or Anti-Magic Dart is aimed at."""

    type: Literal["target_trap"] = "target_trap"
    player: str
    target: str


class Attack(_Cmd):
    """A monster (or ghost) attacks: ``option`` "A"/"B" (the tile's upper/lower attack) and, for
    attacks on anyone, ``targets`` (two for the witch's double attack)."""

    type: Literal["attack"] = "attack"
    player: str
    monster: str
    option: str = "A"
    targets: list[str] = []


class SpellChoice(_Cmd):
    """A choice a spell leaves to the lord: e.g. Suggestion "pay"/"withdraw" a monster, Word of Peace
    "withdraw_all"/"gain_evil", or the monster a spell targets."""

    type: Literal["spell_choice"] = "spell_choice"
    player: str
    option: str
    target: str | None = None


Step = Annotated[int, Field(strict=True, ge=-99, le=99)]  # tokens or steps to add (negative: take)
Cell = Annotated[int, Field(strict=True, ge=0, le=4)]
GridSquare = tuple[Cell, Cell]  # [row 0..3, col 0..4], checked on the grid


class RulingChange(BaseModel):
    """What a table ruling changes for one player. Every number is a whole number of tokens, Evilometer
    steps or damage counters to add (negative to take away); the engine checks the results against
    the game (no negative stock, the Evil Marker stays on the Evilometer, damage on adventurers who
    are there, tiles that exist and are or are not conquered)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    gold: Step = 0
    food: Step = 0
    imps: Step = 0
    evil: Step = 0
    red_marks: Step = 0
    damage: dict[str, Step] = {}
    conquered: list[GridSquare] = []
    restored: list[GridSquare] = []


class TableRuling(_Cmd):
    """The table ruled differently from the engine (or the engine does not know a card's text): apply
    the table's outcome explicitly, with the reason. ``changes``: colour -> :class:`RulingChange`
    ({"gold", "food", "imps", "evil", "red_marks": steps to add, "damage": {adventurer: counters to
    add}, "conquered": [[row, col], ...] tiles the table says were conquered, "restored": [[row, col],
    ...] tiles it says were not})."""

    type: Literal["table_ruling"] = "table_ruling"
    reason: Annotated[str, Field(min_length=1, max_length=500)]
    changes: dict[str, RulingChange]
    player: None = None

    def plain_changes(self) -> dict[str, dict]:
        """The changes as the event stores them: only what changes."""
        return {c: ch.model_dump(mode="json", exclude_defaults=True) for c, ch in self.changes.items()}


class StoredRuling(TableRuling):
    """A table ruling already in the log, re-applied as it was taken (undo, correction, audit, explain): only
    the game's ranges are checked again, so a log stored before a rule about new rulings (a plain reason,
    something changed, not after the game's end) still reads. Never parsed from outside."""


class RecordDraw(_Cmd):
    """Chance: what came up (tile, card or order ids). At a real table the person recording enters it; in
    digital play the engine's seeded RNG draws the outcome itself (``Engine.random_draw`` gives it as
    this command)."""

    type: Literal["record_draw"] = "record_draw"
    cards: list[str]
    player: None = None


Command = Annotated[
    ChooseInaccessibleOrders
    | ChooseOrders
    | TakeAction
    | ImproveReputation
    | HarvestFood
    | Masquerade
    | FestivalBid
    | FestivalPick
    | RentRoom
    | InstallTrap
    | ImproveTunnels
    | PassPet
    | DiscardPet
    | UsePet
    | DigTunnel
    | StopDigging
    | MineGold
    | HireMonster
    | BuildRoom
    | DiscardTrap
    | Decline
    | Produce
    | RetrieveOrder
    | PayWage
    | ReleaseMonster
    | PayTaxes
    | ChooseEventOption
    | PlanBattle
    | ReleasePrisoner
    | OrderTraps
    | TargetTrap
    | AddTrainedImp
    | Attack
    | SpellChoice
    | TableRuling
    | RecordDraw,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter = TypeAdapter(Command, config=ConfigDict(defer_build=True))  # built on first use (start-up)


def parse_command(data: dict | str) -> _Cmd:
    """Validate a command from JSON text or a dict.

    Raises:
        RuleViolation: code ``COMMAND_MALFORMED`` with pydantic's reasons in the message.
    """
    example = '{"type": "dig_tunnel", "player": "red", "square": [1, 1]}'
    command: _Cmd = parse_with(_ADAPTER, data, refuse, example)
    return command
