"""Domain events: what happened, in the past tense, as frozen structs (``domain.kernel.events``).

Three kinds share one log (architecture §1): ``decision`` (a player's validated choice),
``chance`` (what a draw produced: every outcome is inside the event, so replay never
re-rolls) and ``consequence`` (what the rules made happen). Each class carries
``version`` (its schema version, used by upcasting) and ``kind``.

Units: gold and food are tokens, ``evil`` is Evilometer steps (positive = up, towards
evil), squares are ``[row, col]``.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

import msgspec

from domain.kernel.events import Chance, Decision, Event, GameArchived, InputCorrected, InputUndone

Square = tuple[int, int]
SEED_LIMIT = 2**63  # seeds are 0 <= seed < 2^63: they must fit the read models' BIGINT
Seed = Annotated[int, msgspec.Meta(ge=0, le=SEED_LIMIT - 1)]  # checked when a stored event is read


# --- set-up -------------------------------------------------------------------------------
class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    color: str
    name: str
    bot: str | None = None  # the bot that played this seat (simulated games), else None


ORIGINS = ("simulated", "recorded", "imported", "forked", "scenario", "training")


class GameStarted(Event):
    """A new game: seats clockwise, rules variant, who answers chance, the seed (if any), and where the
    game comes from (``origin``, one of :data:`ORIGINS`; ``forked_from`` is "GAME@N" for a fork)."""

    players: list[Seat]
    variant: str
    mode: str
    seed: Seed | None
    starting_player: str
    catalog_hash: str
    origin: str = "recorded"
    forked_from: str | None = None
    #: the table's catalog overrides, stored whole (None: the shipped catalog), so the game replays
    #: with the same components under any later ``--catalog``
    catalog_overrides: dict[str, Any] | None = None
    #: the rules modules played (an expansion's parts, e.g. Festival Season's ``five_seasons``; see
    #: ``ruleset.MODULES``), in their registration order; [] for the base game
    modules: list[str] = []
    #: settled: the table as set up from the catalog and the Year plan (the state the game starts from,
    #: without the seed)
    setup: dict[str, Any] | None = None
    settled: ClassVar[tuple[str, ...]] = ("setup",)


class ScenarioLoaded(Event):
    """A game that starts from a described situation; ``state`` is the complete validated state."""

    name: str
    description: str
    state: dict[str, Any]
    origin: str = "scenario"  # "scenario" | "training" | "forked" | "imported"
    forked_from: str | None = None


class CombatCardsDealt(Chance):
    """The Year's 4 Combat Cards, top first; the other 5 go back to the box unseen."""

    year: int
    cards: list[str]
    boxed: list[str] | None = None  # settled: the Year's other Combat Cards, back to the box unseen
    settled: ClassVar[tuple[str, ...]] = ("boxed",)


class FaceDownCardSeen(Chance):
    """Tabletop: a face-down card becomes known (spied, or revealed): ``what`` is "combat_card"
    (Year ``year``, position 1..4) or "special_event" (Year ``year``)."""

    what: str
    year: int
    position: int
    card: str


class SpecialEventsDrawn(Chance):
    """Full game: the Special Event Cards of each Year, face down: one a Year, or two (``year1_second``,
    ``year2_second``) when a Year has two Special Event tiles (Festival Season › Events)."""

    year1: str
    year2: str
    year1_second: str | None = None
    year2_second: str | None = None
    boxed: list[str] | None = None  # settled: the Special Event Cards not drawn, in the box
    settled: ClassVar[tuple[str, ...]] = ("boxed",)

    def per_year(self) -> dict[str, list[str]]:
        """Year -> its cards in the order they come up."""
        return {
            "1": [self.year1, *([self.year1_second] if self.year1_second else [])],
            "2": [self.year2, *([self.year2_second] if self.year2_second else [])],
        }

    def drawn(self) -> list[str]:
        """The cards as they were drawn: the first Year's, then the second Year's."""
        return [*self.per_year()["1"], *self.per_year()["2"]]


class InaccessibleOrdersDrawn(Chance):
    """Order cards drawn at random: 2 inaccessible (first game), 3 to choose from (full game),
    or 3 inaccessible for a non-player colour."""

    color: str
    cards: list[str]


class InaccessibleOrdersChosen(Decision):
    color: str
    cards: list[str]


# --- flow --------------------------------------------------------------------------------
class PhaseBegan(Event):
    phase: str
    year: int
    season: str
    season_index: int | None = None  # settled: the season's place in the Year plan (0-based)
    settled: ClassVar[tuple[str, ...]] = ("season_index",)


class OfferDiscarded(Event):
    """Leftover monsters and rooms go to the Distant Lands discard piles."""

    monsters: list[str]
    rooms: list[str]


class MonstersRevealed(Chance):
    tiles: list[str]


class RoomsRevealed(Chance):
    tiles: list[str]


class EventTileRevealed(Chance):
    season: str
    tile: str


class SpecialEventRevealed(Event):
    year: int
    card: str


class AdventurersDrawn(Chance):
    """Drawn for ``season`` (the next round)."""

    season: str
    tiles: list[str]


class AdventurerPutUnder(Event):
    """All drawn adventurers shared one glyph: the last one drawn goes under the stack."""

    season: str
    tile: str


class AdventurersLinedUp(Event):
    """Next round's adventurers, weakest (simplest glyph) first."""

    season: str
    tiles: list[str]


# --- orders ------------------------------------------------------------------------------
class NonPlayerOrdersDrawn(Chance):
    color: str
    cards: list[str]


class OrdersChosen(Decision):
    """Secret until revealed: the 3 orders, left first (and, with 2 players, the non-player's third)."""

    color: str
    orders: list[str]
    nonplayer_order: str | None = None


class OrdersRevealed(Event):
    slot: int
    cards: dict[str, str]


class MinionPlaced(Event):
    """A minion goes to the lowest free space, or onto its order card (space None) if shut out."""

    color: str
    action: str
    space: str | None
    slot: int
    nonplayer: bool = False
    fee_paid: int = 0
    reason: str = ""


class NonPlayerOrdersRotated(Event):
    """The non-player's orders of this round become its inaccessible orders."""

    color: str
    inaccessible: list[str]
    deck: list[str] | None = None  # settled: the non-player's orders to draw from (all but the inaccessible)
    settled: ClassVar[tuple[str, ...]] = ("deck",)


# --- actions -----------------------------------------------------------------------------
class ActionTaken(Decision):
    """An action paid for and carried out (Get Food, Improve Reputation, Recruit Imps, Buy Traps)."""

    color: str
    action: str
    space: str
    paid: dict[str, int]
    gained: dict[str, int]
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    trap_draw: int | None = None  # settled: Trap Cards to draw, the Year plan's extra card included (0: none)
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "trap_draw", "resolves")


class CombatCardSpied(Decision):
    """Seen by ``color`` only: the Combat Card at ``position`` (1 = top)."""

    color: str
    position: int
    card: str


class ActionDeclined(Decision):
    color: str
    action: str
    space: str
    reason: str
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("resolves",)


class TunnelDug(Decision):
    color: str
    square: Square
    foreimp: bool = False
    by_room: bool = False


class DiggingFinished(Decision):
    color: str
    dug: int
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("resolves",)


class GoldMined(Decision):
    color: str
    imps: int
    foreimp: bool
    vein: int = 0  # Festival Season: imps mining the Mithril Vein besides (1 gold each)
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("resolves",)


class TrapCardsDrawn(Chance):
    color: str
    cards: list[str]
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("resolves",)


class TrapDeckReshuffled(Event):
    cards: int


class TrapDiscarded(Decision):
    color: str
    card: str
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("resolves",)


class MonsterHired(Decision):
    color: str
    monster: str
    space: str
    paid: dict[str, int]
    discarded_trap: str | None = None
    fed_monster: str | None = None
    expertise: str = ""  # Festival Season's Hire Expert Monster: the Expertise tile taken with it
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    trolls_busy: int | None = None  # settled: Troll Tokens still at work (a lost troll takes its token back)
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "trolls_busy", "resolves")


class RoomBuilt(Decision):
    color: str
    room: str
    square: Square
    paid: dict[str, int]
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "resolves")


# --- production and retrieval ----------------------------------------------------------------
class RoomProduced(Decision):
    color: str
    room: str
    square: Square
    imps: int
    trolls: int
    paid: dict[str, int]
    output: str
    trained: int = 0  # Festival Season's imp Training Room: imps sent in (> 0) or taken out (< 0)
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    settled: ClassVar[tuple[str, ...]] = ("evilometer",)


class TrainedImpAdded(Decision):
    """Festival Season › imp Training Room: ``color`` returns a trained imp to the Imp Den for +1 fatigue
    (``added``), or does not."""

    color: str
    added: bool


class OrdersRetrieved(Decision):
    color: str
    card: str
    inaccessible: list[str]


# --- events ------------------------------------------------------------------------------
class WagePaid(Decision):
    color: str
    monster: str
    paid: dict[str, int]
    fed_monster: str | None = None
    discarded_trap: str | None = None
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    trolls_busy: int | None = None  # settled: Troll Tokens still at work (a lost troll takes its token back)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "trolls_busy")


class MonsterReleased(Decision):
    """Not paid: the monster leaves for the Distant Lands and the lord gains 1 Evil."""

    color: str
    monster: str
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    trolls_busy: int | None = None  # settled: Troll Tokens still at work (a lost troll takes its token back)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "trolls_busy")


class PayDayFinished(Event):
    color: str


class SpecialEventFinished(Event):
    color: str


class TaxesPaid(Decision):
    color: str
    due: int
    paid: int
    red_marks: int


class SpecialEventApplied(Event):
    """A Special Event's effect on one player (``effect`` lists what changed)."""

    color: str
    card: str
    effect: dict[str, Any]
    #: settled: the player's stock after it (gold, food, imps, trained, imps_busy, evil, trolls_busy: none
    #: below 0, imps lost from the Training Room first, the Evil Marker on the track)
    resulting: dict[str, int] | None = None
    settled: ClassVar[tuple[str, ...]] = ("resulting",)


class SpecialEventChoiceMade(Decision):
    color: str
    card: str
    option: str
    target: str | None = None


# --- adventurers, paladin, rounds ------------------------------------------------------------
class NonPlayerEvilMoved(Event):
    color: str
    steps: int
    evilometer: int | None = None  # settled: where the colour's Evil Marker then stands (clamped to the track)
    settled: ClassVar[tuple[str, ...]] = ("evilometer",)


class EvilometerMoved(Event):
    """A player's Evil Marker moved (Rulebook › Evilometer): ``evil`` is its new space, ``steps`` the
    signed move (after the track's ends stop it). The engine records one after every event that moves
    a marker, so the track can be read from the log without re-applying the rules (analytics)."""

    color: str
    evil: int
    steps: int


class AdventurerAssigned(Event):
    color: str
    tile: str
    position: int


class AdventurerDiscarded(Event):
    tile: str
    reason: str


class PaladinArrived(Event):
    color: str
    paladin: str


class PaladinMoved(Event):
    from_color: str
    to_color: str
    paladin: str


class PaladinSentAway(Event):
    """2 players, Festival Season: a paladin dealt to the non-player colour goes at once to the Distant
    Lands (from his tent, or from ``from_color``'s dungeon)."""

    color: str
    paladin: str
    from_color: str | None = None


class OpportunityTurnedUp(Chance):
    """Festival Season: a Unique Opportunity board is turned face up on the stack (next round's)."""

    board: str


class OpportunityPlaced(Event):
    """Festival Season: the face-up board covers its central-board place for this round."""

    board: str


class FoodHarvested(Decision):
    """Harvest Food: ``food`` imps gather a food each; ``foreimps`` supervise; ``evil`` steps (space III: -1)."""

    color: str
    space: str
    food: int
    foreimps: int
    evil: int = 0
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "resolves")


class GoldInvested(Decision):
    """Invest Gold: ``paid`` gold now, ``returns`` gold when the Orders Phase ends."""

    color: str
    space: str
    paid: int
    returns: int
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("resolves",)


class InvestmentReturned(Event):
    """Invest Gold: the gold invested this round comes back with its return as the Orders Phase ends."""

    color: str
    gold: int


class MasqueradeHeld(Decision):
    """Masquerade: what ``color`` paid and gained on ``space``, and every Evil change it makes at once
    (colour -> evil steps; every other player gains)."""

    color: str
    space: str
    paid: dict[str, int] = {}
    gained: dict[str, int] = {}
    evil: dict[str, int] = {}
    evilometers: dict[str, int] | None = None  # settled: colour -> where its Evil Marker then stands
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("evilometers", "resolves")


class CombatCardMoved(Decision):
    """Masquerade space II: the spied Combat Card put back at another position (announced: public)."""

    color: str
    from_position: int
    to_position: int


class FestivalBegan(Event):
    """The Festival: ``prizes`` are the Year's opportunity boards offered (by player count); the fifth
    round's board comes off the central board."""

    prizes: list[str]


class FestivalBid(Decision):
    """``color`` sends ``imps`` imps to the Festival (SECRET to the others until the bids are revealed)."""

    color: str
    imps: int


class FestivalBidsRevealed(Event):
    """Every bid at once, and the order the bidders pick in (0 imps: no pick); every imp sent is used."""

    bids: dict[str, int]
    pick_order: list[str]


class FestivalPrizeTaken(Decision):
    """``color`` takes the ``board`` and its ``prize``: what was paid and gained (gold, food, evil steps,
    imps, Trap Cards to draw) and what the prize put in the dungeon (a tunnel or a room on ``square``, a
    hired ``monster`` with the golem's ``discarded_trap`` or the demon's ``fed_monster``, a ``room``)."""

    color: str
    board: str
    prize: str
    paid: dict[str, int] = {}
    gained: dict[str, int] = {}
    square: tuple[int, int] | None = None
    monster: str | None = None
    discarded_trap: str | None = None
    fed_monster: str | None = None
    room: str | None = None
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    trolls_busy: int | None = None  # settled: Troll Tokens still at work (a lost troll takes its token back)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "trolls_busy")


class FestivalPrizeDeclined(Decision):
    """``color`` takes nothing at the Festival."""

    color: str


class FestivalEnded(Event):
    """The Festival is over; the boards go to the box."""


class PetsDealt(Chance):
    """The Pet Phase: ``cards`` dealt to ``color`` (SECRET to the others); in the Second Year the player's
    unused pets join them in the hand."""

    color: str
    cards: list[str]


class PetDeckReshuffled(Event):
    """The Pet deck ran out: the ``cards`` discarded so far become the new deck (provisional, spec U-18)."""

    cards: int


class PetPassChosen(Decision):
    """``color`` chooses the Pet Card to pass left (SECRET to the others)."""

    color: str
    card: str


class PetsExchanged(Event):
    """Every chosen Pet Card goes to the player on the passer's left: passer -> receiver."""

    to: dict[str, str]


class PetDiscarded(Decision):
    """``color`` discards ``card`` face down (SECRET to the others) and keeps the rest face down."""

    color: str
    card: str


class PetUsed(Decision):
    """Festival Season › Using Pets: ``color`` reveals and uses the Building pet ``card``, gaining ``gain``
    (gold, food, imps; ``evil`` in evil steps, negative lowers it). Used up: it scores nothing."""

    color: str
    card: str
    gain: dict[str, int] = {}
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    settled: ClassVar[tuple[str, ...]] = ("evilometer",)


class PetsAcquired(Decision):
    """Acquire Pet: ``color`` paid (gold, food) and gained ``imps`` on ``space``; ``pets`` Pet Cards to draw."""

    color: str
    space: str
    paid: dict[str, int] = {}
    imps: int = 0
    pets: int = 0
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "resolves")


class PetsDrawn(Chance):
    """Acquire Pet: the Pet Cards drawn for ``color``, face down into the Pet Box (SECRET to the others)."""

    color: str
    cards: list[str]
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("resolves",)


class RoomRented(Decision):
    """Rent Rooms: ``color`` rents ``room`` on ``space`` (beside the player board), paying ``paid``."""

    color: str
    space: str
    room: str
    paid: dict[str, int] = {}
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "resolves")


class RentGoldTaken(Decision):
    """Rent Rooms space I: instead of a room, ``color`` takes the ``gold`` space III paid."""

    color: str
    gold: int
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("resolves",)


class TrapsDealtForInstalling(Chance):
    """Install Traps: Trap Cards dealt face up beside the central board for this round (public)."""

    cards: list[str]


class TrapInstalled(Decision):
    """Install Traps: ``color`` installs ``trap`` on ``square`` (face up, marked with a Gold token from the
    bank), paying ``paid`` (gold, food, imps) now."""

    color: str
    space: str
    trap: str
    square: Square
    paid: dict[str, int] = {}
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "resolves")


class InstallOfferDiscarded(Event):
    """The Trap Cards nobody installed are discarded face down as the Orders Phase ends."""

    cards: list[str]


class InstalledTrapDiscarded(Event):
    """An installed trap is discarded without springing: its tile was altered (``reason``)."""

    color: str
    square: Square
    trap: str
    reason: str


class TunnelsImproved(Decision, kw_only=True):  # (kw_only: for mypy; every event is)
    """Improve Tunnels: ``color``'s ``imps`` work on ``squares`` (and stay there for the round): plain
    tunnels become the Improved Tunnel ``tiles`` (``option`` improve), or conquered tiles are turned dark
    side up again (deconquer_tunnel, deconquer_room)."""

    color: str
    space: str
    option: str
    squares: list[Square]
    tiles: list[str] = []
    imps: int
    resolves: str | None = None  # settled: the minion it resolves ("action:space", space 0-based; "" none)
    settled: ClassVar[tuple[str, ...]] = ("resolves",)


class PetDraftEnded(Event):
    """The Pet Phase is over."""


class RoundEnded(Event):
    """Imps return to their dens; the Starting Player Token passes (not in fall)."""

    season: str
    starting_player: str


class YearBegan(Event):
    """The Second Year: new combat cards, the stronger paladin, a new starting player, and the steps a
    non-player colour's Evil Marker moves (2 players: down 2, "simulating conquering": Rulebook › Second
    Year; added later, so events stored before it read as -2)."""

    year: int
    starting_player: str
    nonplayer_evil_steps: int = -2
    #: the Second Year's paladins, weakest first (added later: the base game's one paladin)
    paladins: list[str] = msgspec.field(default_factory=lambda: ["paladin_y2"])
    nonplayer_evilometers: dict[str, int] | None = None  # settled: non-player colour -> its Evil Marker then
    event_pool: list[str] | None = None  # settled: the Year's event tiles (the Year plan's)
    settled: ClassVar[tuple[str, ...]] = ("nonplayer_evilometers", "event_pool")


# --- recording --------------------------------------------------------------------------------
# InputUndone and InputCorrected are the kernel's (every game records undo and correction alike)


class TableRulingApplied(Decision):
    """The table's own ruling, applied as entered (see :class:`domain.games.dungeon_lords.commands.TableRuling`)."""

    reason: str
    changes: dict[str, dict[str, Any]]
    evilometers: dict[str, int] | None = None  # settled: colour -> where its Evil Marker then stands
    settled: ClassVar[tuple[str, ...]] = ("evilometers",)


# --- combat -------------------------------------------------------------------------------
class CombatRoundBegan(Event):
    year: int
    round: int


class BattlePlanned(Decision):
    """Planning: the tile, traps (face down) and monsters (face up) for this round."""

    color: str
    tile: Square
    traps: list[str]
    monsters: list[str]
    pets: list[str] = []  # Festival Season: Pet Cards used in this battle (revealed)
    lasting: list[str] | None = None  # settled: the pets used that fight on for the rest of the Combat
    settled: ClassVar[tuple[str, ...]] = ("lasting",)


class PrisonerReleased(Decision):
    """No unconquered tile is left: a prisoner goes to the Distant Lands instead of a battle."""

    color: str
    prisoner: str
    pile: str | None = None  # settled: the discard pile he goes to ("paladins" or "adventurers")
    settled: ClassVar[tuple[str, ...]] = ("pile",)


class CombatCardRevealed(Event):
    round: int
    card: str


class BattleBegan(Event):
    color: str
    tile: Square
    room: str | None
    installed: list[str] = []  # Festival Season: the trap installed on the tile springs in this battle too
    pets_fighting: list[str] | None = None  # settled: the pets sent that fight as monsters
    fatigue: int | None = None  # settled: the fatigue the pets sent add
    settled: ClassVar[tuple[str, ...]] = ("pets_fighting", "fatigue")


class TrapsOrdered(Decision):
    """The owner says which of the battle's traps springs next: the Labyrinth's two (CGE FAQ: chosen then,
    not at planning) and an installed trap (Festival Season)."""

    color: str
    traps: list[str]


class TrapSprung(Decision):
    """A trap is revealed, paid for (``paid``) and discarded; ``target`` for traps that choose one."""

    color: str
    trap: str
    paid: dict[str, int]
    target: str | None = None
    effects: list[str] = []
    disarm_used: int = 0


class DamageDealt(Event):
    """``amount`` damage counters on ``target`` (after prevention); ``prevented`` were stopped."""

    color: str
    target: str
    amount: int
    source: str
    prevented: int = 0
    prevented_by: str = ""  # "disarm", "shield" (Magic Shield), "courage", "invisible", "courage_token"
    courage_used: int = 0  # Festival Season: Courage tokens removed instead of counters


class BardStepTaken(Event):
    """Festival Season's Bard Step: the Courage tokens the bards gave (adventurer -> tokens; may be empty)."""

    color: str
    tokens: dict[str, int] = {}


class CourageRemoved(Event):
    """Festival Season: every Courage token left is removed before the Conquering Step."""

    color: str


class AdventurerImprisoned(Event):
    color: str
    adventurer: str


class IllusionVanished(Event):
    color: str


class SpellCast(Event):
    """The round's spell takes effect (``step`` "fast" or "slow")."""

    color: str
    card: str
    step: str
    effect: dict[str, Any] = {}
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    imps_trained: int | None = None  # settled: imps left in the Training Room (Festival Season, U-44)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "imps_trained")


class SpellNotCast(Event):
    color: str
    card: str
    step: str
    reason: str


class SpellChoiceMade(Decision):
    color: str
    card: str
    option: str
    target: str | None = None
    paid: dict[str, int] = {}
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    staying: list[str] | None = None  # settled: "withdraw_all": the fighters that stay (ghosts and pets)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "staying")


class MonsterAttacked(Decision):
    color: str
    monster: str
    option: str
    targets: list[str]
    paid: dict[str, int] = {}
    attacked: bool = True
    knocked_out: bool = True
    effects: list[str] = []
    expert_bonus: bool = False  # Festival Season: the Expertise tile's +2 went into this attack
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    settled: ClassVar[tuple[str, ...]] = ("evilometer",)


class PartyHealed(Event):
    color: str
    healed: dict[str, int]


class HealingSkipped(Event):
    color: str
    reason: str


class TileConquered(Event):
    """The party conquers the tile; the lord loses 1 Evil."""

    color: str
    tile: Square
    evilometer: int | None = None  # settled: where the player's Evil Marker then stands (clamped to the track)
    imps_trained: int | None = None  # settled: imps left in the Training Room (Festival Season, U-44)
    settled: ClassVar[tuple[str, ...]] = ("evilometer", "imps_trained")


class ConquestPrevented(Event):
    color: str
    reason: str


class BattleEnded(Event):
    color: str


class CombatRoundEnded(Event):
    round: int


class CombatEnded(Event):
    """Surviving adventurers (and the paladin) leave for the Distant Lands; monsters turn face up."""

    year: int
    departed: dict[str, list[str]]
    paladins: list[str] | None = None  # settled: the departed who are paladins
    settled: ClassVar[tuple[str, ...]] = ("paladins",)


class GameScored(Event):
    """The final score card of every player, line by line, with titles, ranks and winners."""

    scores: list[dict[str, Any]]


ALL_EVENTS: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in list[type[Event]](
        [
            GameStarted,
            ScenarioLoaded,
            CombatCardsDealt,
            SpecialEventsDrawn,
            InaccessibleOrdersDrawn,
            InaccessibleOrdersChosen,
            PhaseBegan,
            OfferDiscarded,
            MonstersRevealed,
            RoomsRevealed,
            EventTileRevealed,
            SpecialEventRevealed,
            AdventurersDrawn,
            AdventurerPutUnder,
            AdventurersLinedUp,
            NonPlayerOrdersDrawn,
            OrdersChosen,
            OrdersRevealed,
            MinionPlaced,
            NonPlayerOrdersRotated,
            ActionTaken,
            CombatCardSpied,
            ActionDeclined,
            TunnelDug,
            DiggingFinished,
            GoldMined,
            TrapCardsDrawn,
            TrapDeckReshuffled,
            TrapDiscarded,
            MonsterHired,
            RoomBuilt,
            RoomProduced,
            OrdersRetrieved,
            WagePaid,
            MonsterReleased,
            PayDayFinished,
            SpecialEventFinished,
            TaxesPaid,
            SpecialEventApplied,
            SpecialEventChoiceMade,
            NonPlayerEvilMoved,
            AdventurerAssigned,
            AdventurerDiscarded,
            PaladinArrived,
            PaladinMoved,
            PaladinSentAway,
            OpportunityTurnedUp,
            OpportunityPlaced,
            FoodHarvested,
            GoldInvested,
            InvestmentReturned,
            MasqueradeHeld,
            CombatCardMoved,
            FestivalBegan,
            FestivalBid,
            FestivalBidsRevealed,
            FestivalPrizeTaken,
            FestivalPrizeDeclined,
            FestivalEnded,
            PetsDealt,
            PetDeckReshuffled,
            PetPassChosen,
            PetsExchanged,
            PetDiscarded,
            PetDraftEnded,
            PetUsed,
            TrainedImpAdded,
            PetsAcquired,
            RoomRented,
            TrapsDealtForInstalling,
            TrapInstalled,
            InstallOfferDiscarded,
            InstalledTrapDiscarded,
            TunnelsImproved,
            BardStepTaken,
            CourageRemoved,
            RentGoldTaken,
            PetsDrawn,
            RoundEnded,
            YearBegan,
            CombatRoundBegan,
            BattlePlanned,
            PrisonerReleased,
            CombatCardRevealed,
            BattleBegan,
            TrapSprung,
            DamageDealt,
            AdventurerImprisoned,
            IllusionVanished,
            SpellCast,
            SpellNotCast,
            SpellChoiceMade,
            MonsterAttacked,
            PartyHealed,
            HealingSkipped,
            TileConquered,
            ConquestPrevented,
            BattleEnded,
            CombatRoundEnded,
            CombatEnded,
            GameScored,
            InputUndone,
            TableRulingApplied,
            InputCorrected,
            FaceDownCardSeen,
            EvilometerMoved,
            GameArchived,
            TrapsOrdered,
        ]
    )
}


def event_from_json(data: dict[str, Any]) -> Event:
    """Rebuild (and validate) a domain event from its JSON form ``{"type": ..., **fields}``."""
    return ALL_EVENTS[data["type"]].from_payload(data)  # (the struct's tag: "type" is checked, not a field)
