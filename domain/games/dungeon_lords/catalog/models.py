"""Pydantic v2 models for the Dungeon Lords base-game component catalog.

The shipped data lives in ``domain/games/dungeon_lords/catalog/data/base.json``; this module only
describes and validates its shape.  All models are frozen: the catalog is
loaded once (and cached) and shared by the whole engine.

Status of an entry (``status`` field on every card / tile / board entry):

* ``verified``    -- confidence high and the facts we need are complete.
* ``partial``     -- some numbers/effects are known, others are gaps that the
                     engine fills with a documented default (see ``notes``).
* ``provisional`` -- the printed text is unknown; the engine defines a
                     stand-in.  ``notes`` must say what is assumed.

Special-event ``effect_spec`` vocabulary
----------------------------------------
An ``effect_spec`` is a dict with exactly ONE of these keys:

* ``{"none": true}`` -- the event does nothing.
* ``{"each_player": OP}`` -- every player, in turn order starting with the
  starting player, applies ``OP``.
* ``{"each_player_choice": [OP, OP, ...]}`` -- every player, in turn order,
  chooses ONE of the listed ops that he can carry out in full.  ``gain_*`` and
  ``lose_*`` ops can always be carried out; ``pay_*`` ops and
  ``release_monster`` only if the player has what they need.  If no option can
  be carried out, nothing happens to that player.

``OP`` is a string ``name`` or ``name:N`` (N a positive integer):

* ``lose_half_gold_round_down`` -- lose floor(gold / 2) gold.
* ``lose_gold:N`` / ``lose_food:N`` / ``lose_imps:N`` / ``lose_trap_cards:N``
  -- lose up to N (as many as you have; never below 0).  Trap cards are
  chosen by their owner; imps are taken from the Imp Den (troll tokens are
  not imps).
* ``gain_evil:N`` -- move N spaces up the Evilometer ("gaining evil", not a
  cost: it clamps at the top and is always possible).
* ``pay_gold:N`` / ``pay_food:N`` -- pay exactly N (only possible if you have
  N).
* ``release_monster`` -- discard one of your monsters of your choice (never a
  ghost); no evil is gained for it.  Only possible if you own a monster.
* ``remove_tunnels:N`` -- remove up to N of your unconquered Tunnel tiles
  (not rooms, never the entrance square), chosen by the owner, such that the
  remaining dungeon stays orthogonally connected to the entrance; remove as
  many as the rule allows.
* ``pay_wages_or_knock_out`` -- for each of your monsters (never ghosts) pay
  its wage once more or turn it face down (knocked out until the end of the
  year's combat).

Monster attack ``kind``:

* ``standard``  -- hits the first adventurer.
* ``anyone``    -- hits an adventurer the owner chooses.
* ``everyone``  -- hits each adventurer.
* ``anyone_x2`` -- two separate attacks on anyone (same or different target).
* ``special``   -- not an attack at all (slime option B); see ``tags``.

Monster / attack tags (``MonsterType.abilities`` hold for the monster whatever
option is used; ``Attack.tags`` hold only when that option is chosen):

``goblin_follow_up``, ``troll_token``, ``not_on_priests``, ``not_first``,
``not_a_monster`` (ghost), ``returns_face_up``, ``no_conquer`` (no fatigue and
no conquering this round), ``no_healing`` (skip the Healing Step),
``not_an_attack`` (does not trigger healing), ``feeds_on_monster`` (demon),
``consumes_trap_card`` (golem). Festival Season's: ``skips_fast_spells``
(Elderbeast: sent into a battle, the Fast Spells Step is skipped),
``then_1_to_everyone`` (Elderbeast: after the attack, 1 damage to each
adventurer), ``hypnotize`` (Evil Eye: the target first moves to the very front,
ahead of the paladin, until the Monsters Step ends, and stays first of the
adventurers for the rest of that Combat), ``poison_1`` (Cockatrice: 1 more
damage to the same target at the end of the round, like the Poisoned Dart).

A monster's ``cost_or`` (Cockatrice: 1 food or 1 Evil) is a second cost the
owner may pay instead, chosen at each payment (hiring, Pay Day).

Trap ``targeting`` values: ``first``, ``second`` (second in line, i.e. the
first one behind a paladin), ``anyone``, ``everyone``, ``everyone_plus_last``
(``damage`` to each, one more to the last), ``first_plus_others`` (``damage``
to the first, 1 to each other adventurer).  Trap ``special`` values:
``no_conquer``, ``poison_2`` (2 unpreventable damage to the same target at the
end of the round, after conquering), ``anti_magic`` (wizard hit: no spell this
round; priest hit: no healing this round), ``damage_equals_hit_points``
(``damage`` is None; the target takes damage equal to his hit points).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Status = Literal["verified", "partial", "provisional"]
Square = tuple[int, int]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Entry(_Model):
    """Common provenance fields of every catalog entry."""

    status: Status
    sources: list[str] = Field(min_length=1)
    notes: str = ""

    @model_validator(mode="after")
    def _provisional_needs_note(self) -> Entry:
        if self.status == "provisional" and not self.notes.strip():
            raise ValueError("a provisional entry must say in `notes` what is assumed")
        if any(not s.strip() for s in self.sources):
            raise ValueError("empty source string")
        return self


# --------------------------------------------------------------------------- costs


class Cost(_Model):
    """A cost, used both for board actions and for monster wages.

    ``evil`` is a cost in Evilometer steps (cannot be paid at the top space).
    ``foreimp``: one imp must supervise (Dig Tunnels / Mine Gold space III).
    ``monster_cost``: pay the cost printed on the hired monster (Hire Monster).
    ``monsters``: discard that many of your monsters (never ghosts) -- demon.
    """

    food: int = Field(default=0, ge=0)
    gold: int = Field(default=0, ge=0)
    evil: int = Field(default=0, ge=0)
    imps: int = Field(default=0, ge=0)
    trap_cards: int = Field(default=0, ge=0)
    monsters: int = Field(default=0, ge=0)
    foreimp: int = Field(default=0, ge=0)
    monster_cost: bool = False

    def is_free(self) -> bool:
        return self == Cost()


class Reward(_Model):
    """What a central-board space gives.  ``evil`` negative = lose evil."""

    food: int = 0
    gold: int = 0
    evil: int = 0
    imps: int = 0
    trap_cards: int = 0
    spy: int = 0
    tunnels_up_to: int = 0
    gold_up_to: int = 0
    monster: int = 0
    room: int = 0


# --------------------------------------------------------------------------- monsters

AttackKind = Literal["standard", "anyone", "everyone", "anyone_x2", "special"]


class Attack(_Model):
    option: Literal["A", "B"]
    kind: AttackKind
    damage: int | None
    extra_cost: Cost = Cost()
    effect: str = ""
    tags: list[str] = []

    @model_validator(mode="after")
    def _damage_matches_kind(self) -> Attack:
        if self.kind == "special":
            if self.damage is not None:
                raise ValueError("a special (non-attack) option has damage None")
        elif self.damage is None or self.damage < 0:
            raise ValueError(f"attack kind {self.kind!r} needs a damage value >= 0")
        return self


class MonsterType(Entry):
    id: str
    kind: str  # species without year, e.g. "goblin"
    name: str
    year: Literal[1, 2]
    copies: int = Field(ge=0)
    is_ghost: bool
    cost: Cost
    cost_or: Cost | None = None  # Festival Season's Cockatrice: the other cost, chosen at each payment
    attacks: list[Attack] = Field(min_length=1)
    abilities: list[str] = []

    @field_validator("attacks")
    @classmethod
    def _options_unique(cls, v: list[Attack]) -> list[Attack]:
        opts = [a.option for a in v]
        if len(set(opts)) != len(opts):
            raise ValueError("duplicate attack option")
        return v


# --------------------------------------------------------------------------- adventurers

Profession = Literal["warrior", "thief", "priest", "wizard", "bard"]  # the bard: Festival Season


class AdventurerType(Entry):
    id: str
    year: Literal[1, 2]
    profession: Profession
    hit_points: int = Field(gt=0)
    disarm: int = Field(ge=0)
    heal: int = Field(ge=0)
    magic: int = Field(ge=0)
    glyph_rank: int = Field(ge=1)
    lutes: int = Field(default=0, ge=0)  # Festival Season's bard: Courage tokens given in the Bard Step

    @property
    def name(self) -> str:
        return f"{self.profession.capitalize()} (year {self.year}, glyph {self.glyph_rank})"


class PaladinType(Entry):
    id: str
    year: Literal[1, 2]
    hit_points: int = Field(gt=0)
    disarm: int = Field(ge=0)
    heal: int = Field(ge=0)
    magic: int = Field(ge=0)
    score_points: int

    @property
    def name(self) -> str:
        # Festival Season's pair are "elf_y1", "dwarf_y2", ... (no new field: the base catalog's hash stays)
        kind = {"elf": "Elven paladin", "dwarf": "Dwarven paladin"}.get(self.id.split("_")[0], "Paladin")
        return f"{kind} (year {self.year})"


# --------------------------------------------------------------------------- traps

# Who a trap hits and its special rule name functions registered in ``effects/traps.py`` (a table's
# catalog may name new ones that a module registers; a game refuses to start if one is missing).
TrapTargeting = str  # first, second, anyone, everyone, everyone_plus_last, first_plus_others
TrapSpecial = str  # no_conquer, poison_2, anti_magic, damage_equals_hit_points


class TrapYearValues(_Model):
    damage: int | None
    targeting: TrapTargeting
    use_cost: Cost = Cost()
    special: TrapSpecial | None = None
    known: bool = True

    @model_validator(mode="after")
    def _damage(self) -> TrapYearValues:
        if self.damage is None and self.special != "damage_equals_hit_points":
            raise ValueError("damage None is only allowed with damage_equals_hit_points")
        return self


class TrapType(Entry):
    id: str
    name: str
    copies: int = Field(ge=0)
    year1: TrapYearValues
    year2: TrapYearValues
    effect: str = ""

    def values(self, year: int) -> TrapYearValues:
        return self.year1 if year == 1 else self.year2


# --------------------------------------------------------------------------- combat cards


class CombatCard(Entry):
    id: str
    name: str
    year: Literal[1, 2]
    fatigue: int = Field(ge=0)
    speed: Literal["fast", "slow", "none"]
    effect: str
    # Festival Season's fatigue modifiers (spec U-23: the hooks; no known card uses them yet): the fatigue
    # doubled ("A Scout at the Entrance!") or halved, rounded down (U-24); doubling first, then halving
    fatigue_doubled: bool = False
    fatigue_halved: bool = False


# --------------------------------------------------------------------------- special events

EFFECT_OPS: dict[str, bool] = {
    # op name -> takes a ":N" argument
    "lose_half_gold_round_down": False,
    "lose_gold": True,
    "lose_food": True,
    "lose_imps": True,
    "lose_trap_cards": True,
    "gain_evil": True,
    "pay_gold": True,
    "pay_food": True,
    "release_monster": False,
    "remove_tunnels": True,
    "pay_wages_or_knock_out": False,
}
EFFECT_FORMS = ("none", "each_player", "each_player_choice")


def parse_effect_op(op: str) -> tuple[str, int | None]:
    """``"lose_imps:1"`` -> ``("lose_imps", 1)``; ``"release_monster"`` -> ``(.., None)``."""
    name, sep, arg = op.partition(":")
    if name not in EFFECT_OPS:
        raise ValueError(f"unknown effect op {name!r}")
    if EFFECT_OPS[name]:
        if not sep or not arg.isdigit() or int(arg) <= 0:
            raise ValueError(f"effect op {name!r} needs a positive ':N' argument")
        return name, int(arg)
    if sep:
        raise ValueError(f"effect op {name!r} takes no argument")
    return name, None


def validate_effect_spec(spec: dict[str, Any]) -> dict[str, Any]:
    if len(spec) != 1:
        raise ValueError(f"effect_spec must have exactly one key of {EFFECT_FORMS}")
    ((form, value),) = spec.items()
    if form == "none":
        if value is not True:
            raise ValueError('use {"none": true}')
    elif form == "each_player":
        if not isinstance(value, str):
            raise ValueError("each_player takes one op string")
        parse_effect_op(value)
    elif form == "each_player_choice":
        if not isinstance(value, list) or len(value) < 2:
            raise ValueError("each_player_choice takes a list of at least 2 op strings")
        for op in value:
            if not isinstance(op, str):
                raise ValueError("ops are strings")
            parse_effect_op(op)
    else:
        raise ValueError(f"unknown effect_spec form {form!r}; expected one of {EFFECT_FORMS}")
    return spec


class SpecialEvent(Entry):
    id: str
    name: str
    effect: str
    effect_spec: dict[str, Any]

    @field_validator("effect_spec")
    @classmethod
    def _spec(cls, v: dict[str, Any]) -> dict[str, Any]:
        return validate_effect_spec(v)


# --------------------------------------------------------------------------- rooms


class Production(_Model):
    imps: int = Field(gt=0)
    food_input: int = Field(default=0, ge=0)
    # "training": Festival Season's imp Training Room (imps sent in or taken out: ``Produce.output``)
    output: Literal["food", "gold", "trap", "dig", "reputation", "imp", "training"]
    amount: int = Field(default=1, gt=0)
    # Festival Season's Bakery: each use gives ``output`` or this, the owner's choice (``Produce.output``)
    or_output: Literal["food", "gold", "reputation"] | None = None


class RoomType(Entry):
    id: str
    name: str
    year: Literal[1, 2]
    category: Literal["production", "combat", "scoring"]
    production: Production | None = None
    allowed_squares: list[Square] | None = None  # None = anywhere; (row, col)
    effect: str = ""
    # Machine-readable parameters of combat/scoring rooms (empty for production):
    monster_kinds: list[str] = []  # kinds affected / scored, e.g. ["troll", "goblin"]
    bonus: int = 0  # +damage per attack (combat) or points per monster/title (scoring)
    kind_bonus: dict[str, int] = {}  # scoring: points per monster of each kind (Festival Season's Violet Lounge)
    # combat (Festival Season's Hall of Chaos): the party has this much less disarm, heal and magic in a
    # battle here (minimum 0), and takes this much more fatigue when it conquers (never doubled or halved)
    party_symbols_minus: int = Field(default=0, ge=0)
    conquer_fatigue: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _production_iff_category(self) -> RoomType:
        if (self.category == "production") != (self.production is not None):
            raise ValueError("production rooms (and only they) have a `production` block")
        return self


# --------------------------------------------------------------------------- boards


class DungeonSpec(Entry):
    rows: int = Field(gt=0)
    cols: int = Field(gt=0)
    entrance: Square
    starting_tunnels: list[Square]
    zones: dict[str, list[Square]]
    starting_resources: dict[str, int] = {}

    def in_grid(self, sq: Square) -> bool:
        r, c = sq
        return 0 <= r < self.rows and 0 <= c < self.cols

    @model_validator(mode="after")
    def _squares_in_grid(self) -> DungeonSpec:
        squares = [self.entrance, *self.starting_tunnels]
        for z in self.zones.values():
            squares.extend(z)
        bad = [s for s in squares if not self.in_grid(s)]
        if bad:
            raise ValueError(f"squares outside the {self.rows}x{self.cols} grid: {bad}")
        return self


class EvilometerSpec(Entry):
    spaces: int = Field(gt=0)  # numbered 1 (nicest) .. spaces (most evil)
    start: int
    paladin: int

    @model_validator(mode="after")
    def _range(self) -> EvilometerSpec:
        if not (1 <= self.start <= self.spaces and 1 <= self.paladin <= self.spaces):
            raise ValueError("start/paladin must be between 1 and spaces")
        return self


class SpaceSpec(_Model):
    cost: Cost = Cost()
    reward: Reward = Reward()
    note: str = ""


class OpportunityReward(Reward):
    """What a Unique Opportunity board's space gives beyond a base space (Festival Season › Unique
    Opportunities): ``food_up_to`` food, one imp each (Harvest Food); ``gold_later`` gold paid when the
    Orders Phase ends (Invest Gold); ``others_evil`` Evil steps every other player gains and ``reposition``
    (the spied card may be put back anywhere) (Masquerade); ``pets`` Pet Cards; ``expertise`` the Expertise
    tile printed on the space; ``rent``: a room rented beside the player board; ``take_renters_gold``: this
    space may take what space III paid instead of a room (Rent Rooms)."""

    food_up_to: int = 0
    gold_later: int = 0
    others_evil: int = 0
    reposition: bool = False
    pets: int = 0
    expertise: str = ""
    rent: int = 0
    take_renters_gold: bool = False


class OpportunitySpace(SpaceSpec):
    reward: OpportunityReward = OpportunityReward()


SpaceId = Literal["I", "II", "III"]


class ActionSpec(Entry):
    id: str
    name: str
    resolve_order: list[SpaceId]
    spaces: dict[SpaceId, SpaceSpec]
    # Extra machine-readable rules (defaults = none):
    first_order_cost: Cost | None = None  # paid when revealed as the FIRST order of a round
    year2_extra_trap_cards: int = 0  # draw this many more in year 2, then discard 1 trap card

    @model_validator(mode="after")
    def _spaces(self) -> ActionSpec:
        if sorted(self.resolve_order) != ["I", "II", "III"]:
            raise ValueError("resolve_order must be a permutation of I, II, III")
        if set(self.spaces) != {"I", "II", "III"}:
            raise ValueError("spaces must have keys I, II, III")
        return self


class OpportunitySpec(ActionSpec):
    """A Unique Opportunity board (Festival Season › Unique Opportunities): for the round it is live it
    covers the central-board place ``replaces`` (reached with that place's Orders Card, its minions on
    that place's spaces) and is carried out by its own rules, in its own ``resolve_order``; ``prize`` is
    what taking it at the Festival gives (Festival Season › Festival!)."""

    spaces: dict[SpaceId, OpportunitySpace]  # type: ignore[assignment]  # the board's richer spaces
    replaces: str
    prize: str


class ExpertiseTile(Entry):
    """An Expertise tile (Festival Season › Hire Expert Monster): its ``surcharge`` becomes part of its
    monster's cost for the rest of the game (at hire, every Pay Day, any wage paid again); its monster has +2
    on its first attack in each Year's Combat."""

    id: str
    name: str
    surcharge: Cost


class ImprovedTunnel(Entry):
    """An Improved Tunnel tile (Festival Season › Appendix › Improved Tunnels): still a tunnel, with an
    ``effect`` (registered by its id: tool_shed, foyer, dark_tunnel, secret_passage, mithril_vein) that it
    loses when conquered, but for the Secret Passage (``works_conquered``)."""

    id: str
    name: str
    effect: str
    works_conquered: bool = False


class PetType(Entry):
    """A Pet Card (Festival Season › Using Pets; spec PE-06..PE-08). An unused pet scores 1 at the pet show;
    a used one scores nothing. Its effect, in data (the card texts were never printed: spec U-17), by
    ``timing``:

    - ``combat``: sent into a battle with the battle's plan (``PlanBattle.pets``). ``attacks`` (the monster
      attack format) attack in the Monsters Step; ``fatigue`` adds that many fatigue when the party tries
      to conquer (an addition: never doubled or halved). A pet is not a monster (spells on monsters skip
      it, it does not trigger healing) unless ``counts_as_monster`` (Baby Golem, PE-08: spells affect it,
      priests heal, it counts toward the monster limit unless sent with a golem). ``lasts`` "combat": once
      used it can be sent again in every battle until the end of that Year's Combat (Baby Golem,
      Stareplant); "once": one battle.
    - ``building``: used at any time during Building (``UsePet``): ``gain`` is gold, food, imps (each >= 0)
      and evil (evil steps, negative lowers it).
    - ``scoring``: at the pet show it scores ``points`` instead of the 1 of an unused pet.
    - ``none``: a stand-in with no effect.
    """

    id: str
    name: str
    timing: Literal["building", "combat", "scoring", "none"] = "none"
    effect: str = ""  # the printed text, when known
    attacks: list[Attack] = []
    fatigue: int = Field(default=0, ge=0)
    counts_as_monster: bool = False
    lasts: Literal["once", "combat"] = "once"
    gain: dict[Literal["gold", "food", "imps", "evil"], int] = {}
    points: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _effect_fits_timing(self) -> PetType:
        combat = bool(self.attacks or self.fatigue or self.counts_as_monster or self.lasts != "once")
        if combat and self.timing != "combat":
            raise ValueError("attacks, fatigue, counts_as_monster and lasts belong to a pet used in combat")
        if self.gain and self.timing != "building":
            raise ValueError("gain belongs to a pet used during building")
        if any(v < 0 for k, v in self.gain.items() if k != "evil"):
            raise ValueError("a pet's gain of gold, food or imps cannot be negative")
        if self.points and self.timing != "scoring":
            raise ValueError("points belong to a pet used at scoring")
        return self


# --------------------------------------------------------------------------- catalog

# Sections stored as lists of entries with an ``id`` in the JSON file and exposed
# as dicts keyed by id.  Override files match entries by this id.
KEYED_SECTIONS = (
    "monsters",
    "adventurers",
    "paladins",
    "traps",
    "combat_cards",
    "special_events",
    "rooms",
    "opportunities",
    "pets",
    "expertise",
    "improved_tunnels",
)


class Catalog(_Model):
    """The whole validated base-game catalog (see ``load_catalog``)."""

    schema_version: int
    game: str
    content_hash: str = ""  # filled in by the loader
    monsters: dict[str, MonsterType]
    adventurers: dict[str, AdventurerType]
    paladins: dict[str, PaladinType]
    traps: dict[str, TrapType]
    combat_cards: dict[str, CombatCard]
    special_events: dict[str, SpecialEvent]
    rooms: dict[str, RoomType]
    dungeon: DungeonSpec
    evilometer: EvilometerSpec
    actions: list[ActionSpec]  # central-board actions in board (resolution) order
    order_cards: list[str]
    # Festival Season's Unique Opportunity boards (none in the base game; a module's overlay adds them)
    opportunities: dict[str, OpportunitySpec] = {}
    pets: dict[str, PetType] = {}  # Festival Season's Pet deck (none in the base game)
    expertise: dict[str, ExpertiseTile] = {}  # Festival Season's Expertise tiles (none in the base game)
    improved_tunnels: dict[str, ImprovedTunnel] = {}  # Festival Season's Improved Tunnel tiles

    @model_validator(mode="before")
    @classmethod
    def _lists_to_dicts(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for key in KEYED_SECTIONS:
            section = data.get(key)
            if isinstance(section, list):
                keyed: dict[str, Any] = {}
                for entry in section:
                    eid = entry.get("id") if isinstance(entry, dict) else getattr(entry, "id", None)
                    if not eid:
                        raise ValueError(f"{key}: entry without an id")
                    if eid in keyed:
                        raise ValueError(f"{key}: duplicate id {eid!r}")
                    keyed[eid] = entry
                data[key] = keyed
        return data

    @model_validator(mode="after")
    def _cross_checks(self) -> Catalog:
        for key in KEYED_SECTIONS:
            for k, v in getattr(self, key).items():
                if k != v.id:
                    raise ValueError(f"{key}: key {k!r} != entry id {v.id!r}")
        ids = [a.id for a in self.actions]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate action id")
        if self.order_cards != ids:
            raise ValueError("order_cards must equal the action ids in board order")
        for board in self.opportunities.values():
            if board.replaces not in ids:
                raise ValueError(f"opportunity {board.id}: it replaces {board.replaces!r}, not a central-board place")
        for room in self.rooms.values():
            for sq in room.allowed_squares or []:
                if not self.dungeon.in_grid(sq):
                    raise ValueError(f"room {room.id}: square {sq} outside the dungeon grid")
        kinds = {m.kind for m in self.monsters.values()}
        for room in self.rooms.values():
            unknown = set(room.monster_kinds) - kinds
            if unknown:
                raise ValueError(f"room {room.id}: unknown monster kinds {sorted(unknown)}")
        return self

    # ------------------------------------------------------------------ helpers

    def action(self, action_id: str) -> ActionSpec:
        """The action ``action_id`` (a central-board place or a Unique Opportunity board). Raises
        KeyError if there is none."""
        found = self._actions_by_id.get(action_id) or self.opportunities.get(action_id)
        if found is None:
            raise KeyError(action_id)
        return found

    @cached_property
    def _actions_by_id(self) -> dict[str, ActionSpec]:
        return {a.id: a for a in self.actions}  # the catalog is frozen: worked out once

    @cached_property
    def resolution_order(self) -> tuple[tuple[str, int], ...]:
        """Every order space as (action id, index of the space in I, II, III), in the order minions act:
        the board's actions in turn, each in its own ``resolve_order`` (Rulebook › Executing Orders)."""
        spaces = ["I", "II", "III"]
        return tuple((a.id, spaces.index(space)) for a in self.actions for space in a.resolve_order)

    def resolution_order_with(self, board: str) -> tuple[tuple[str, int], ...]:
        """:attr:`resolution_order` while the opportunity ``board`` covers its place: that place's
        minions act in the board's own order (Festival Season › Using Unique Opportunities)."""
        cached = self._orders_with.get(board)
        if cached is None:
            spec = self.opportunities[board]
            spaces = ["I", "II", "III"]
            cached = tuple(
                (a.id, spaces.index(space))
                for a in self.actions
                for space in (spec.resolve_order if a.id == spec.replaces else a.resolve_order)
            )
            self._orders_with[board] = cached
        return cached

    @cached_property
    def bards(self) -> frozenset[str]:
        """Festival Season's bards among the adventurers (none in the base game): the Bard Step's test."""
        return frozenset(a.id for a in self.adventurers.values() if a.profession == "bard")

    @cached_property
    def fast_spell_skippers(self) -> frozenset[str]:
        """Monster types whose presence in a battle skips the Fast Spells Step (Festival Season's Elderbeast)."""
        return frozenset(m.id for m in self.monsters.values() if "skips_fast_spells" in m.abilities)

    @cached_property
    def pet_fighters(self) -> dict[str, MonsterType]:
        """Festival Season: each combat pet as the battle sees it, a fighter with its attacks (or none: a pet
        that only adds fatigue), marked ``not_a_monster`` unless it counts as one (Baby Golem, PE-08)."""
        return {
            pet.id: MonsterType.model_construct(
                id=pet.id,
                kind="pet",
                name=pet.name,
                year=1,
                copies=0,
                is_ghost=False,
                cost=Cost(),
                attacks=list(pet.attacks),
                abilities=[] if pet.counts_as_monster else ["not_a_monster"],
                status=pet.status,
                sources=pet.sources,
            )
            for pet in self.pets.values()
            if pet.timing == "combat"
        }

    @cached_property
    def _orders_with(self) -> dict[str, tuple[tuple[str, int], ...]]:
        return {}

    def canonical_dict(self) -> dict[str, Any]:
        """JSON-ready dict of the catalog content (without ``content_hash``; without the
        Festival Season's sections when they are empty, so the base catalog's hash predates the section)."""
        exclude = {"content_hash"} | {
            k for k in ("opportunities", "pets", "expertise", "improved_tunnels") if not getattr(self, k)
        }
        data = self.model_dump(mode="json", exclude=exclude)
        for adventurer in data["adventurers"].values():  # no lutes: as before the bards came
            if not adventurer["lutes"]:
                del adventurer["lutes"]
        # ... nor the other fields Festival Season's components brought, where they are unused
        for monster in data["monsters"].values():
            if monster["cost_or"] is None:
                del monster["cost_or"]
        for card in data["combat_cards"].values():
            for k in ("fatigue_doubled", "fatigue_halved"):
                if not card[k]:
                    del card[k]
        for room in data["rooms"].values():
            for k, unused in (("kind_bonus", {}), ("party_symbols_minus", 0), ("conquer_fatigue", 0)):
                if room[k] == unused:
                    del room[k]
            if room["production"] and room["production"]["or_output"] is None:
                del room["production"]["or_output"]
        return data

    def all_components(self) -> list[tuple[str, str, str, str, str]]:
        """Rows ``(kind, id, name, status, notes)`` for a catalog listing."""
        rows: list[tuple[str, str, str, str, str]] = []
        sections: list[tuple[str, dict[str, Any]]] = [
            ("monster", self.monsters),
            ("adventurer", self.adventurers),
            ("paladin", self.paladins),
            ("trap", self.traps),
            ("combat_card", self.combat_cards),
            ("special_event", self.special_events),
            ("room", self.rooms),
        ]
        for kind, section in sections:
            for e in section.values():
                rows.append((kind, e.id, e.name, e.status, e.notes))
        for a in self.actions:
            rows.append(("action", a.id, a.name, a.status, a.notes))
        for o in self.opportunities.values():
            rows.append(("opportunity", o.id, o.name, o.status, o.notes))
        for t in self.improved_tunnels.values():
            rows.append(("improved_tunnel", t.id, t.name, t.status, t.notes))
        for tile in self.expertise.values():
            rows.append(("expertise", tile.id, tile.name, tile.status, tile.notes))
        for pet in self.pets.values():
            rows.append(("pet", pet.id, pet.name, pet.status, pet.notes))
        rows.append(("board", "dungeon", "Dungeon construction site", self.dungeon.status, self.dungeon.notes))
        rows.append(("board", "evilometer", "Evilometer", self.evilometer.status, self.evilometer.notes))
        return rows
