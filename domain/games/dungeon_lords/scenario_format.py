"""The scenario file's format: what a described situation may say (``docs/scenarios.md``), checked for types
strictly before anything is built (:mod:`.scenario_build` builds the state, :mod:`.scenario` loads files)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .errors import RuleViolation, refuse
from .position import CardPosition, Count

SCENARIO_PHASES = ("new_round", "orders", "year_end", "combat")
Square = Annotated[str, Field(pattern=r"^[0-3],[0-4]$")]  # "row,col" of the dungeon's 4 rows of 5 squares
#: a Building round: the base game's four, and Festival Season's fifth ("festival", module five_seasons)
Season = Literal["winter", "spring", "summer", "fall", "festival"]


def invalid(message: str) -> RuleViolation:
    """SCENARIO_INVALID with ``message`` (one line: the first problem found)."""
    return refuse("SCENARIO_INVALID", message, "scenario.valid")


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
    spied: dict[CardPosition, str] = Field(default_factory=dict)  # "1".."5" -> combat card id
    damage: dict[str, Count] = Field(default_factory=dict)  # combat: adventurer id -> damage counters
    pets: list[str] = Field(default_factory=list)  # Festival Season: Pet Cards face down in the Pet Box
    installed: dict[Square, str] = Field(default_factory=dict)  # Festival Season: "r,c" -> trap type installed there


class ScenarioNonPlayer(_M):
    color: Literal["red", "blue", "green", "yellow"]
    inaccessible: list[str] | None = None
    evil: int | None = Field(None, ge=1, le=15)


class ScenarioPaladin(_M):
    id: str  # one of the Year's paladins by its Year plan: "paladin_y1"; with paladin_pair "elf_y1", "dwarf_y1"
    holder: str | None = None
    damage: Count = 0


class Scenario(_M):
    name: str
    description: str = ""
    variant: Literal["first_game", "full"] = "first_game"
    mode: Literal["digital", "tabletop"] = "digital"
    seed: int = Field(0, ge=0, lt=2**63)  # fits the read models' BIGINT
    year: Literal[1, 2] = 1
    season: Season = "winter"  # a round of the Year plan ("festival" only with five_seasons)
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
    # "1"/"2" -> the Year's card (full game), or its cards in the order they come up (five_seasons: 2 a Year)
    special_events: dict[str, str | list[str]] | None = None
    paladin: ScenarioPaladin | None = None  # the Year's one paladin (the base game's), or:
    paladins: list[ScenarioPaladin] | None = None  # the Year's free paladins (paladin_pair: the elf and the dwarf)
    discards: dict[str, list[str]] = Field(default_factory=dict)  # "monsters"/"rooms"/"adventurers" (type ids)
    trap_discard: list[str] = Field(default_factory=list)
