"""The Year plan as data: the Building rounds (seasons), the phases of a round with the condition each
runs on, the Combat rounds, and what follows Combat. The phases ask the plan what comes next and never
count seasons or rounds themselves (Rulebook › Overview of Play; › First Year; › Combat; › Second Year).

An expansion changes the plan, not the phases: Festival Season's fifth season, its Pet Phase after
Production in the first round, its Festival after the Adventurers Phase of the last round and its five
Combat rounds are a different :class:`YearPlan` (docs/adding-a-module.md).

The types and the base game's plan (:data:`BASE_YEAR`); :mod:`.year` composes a game's plan from the rules
modules it records. Apart from it so that a rules module (:mod:`.ruleset`) can name the plan it edits without
importing the composition, which reads the registered modules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from .game_info import COMBAT_CARDS_PER_YEAR, EVENT_TILES, SEASONS, YEARS
from .state import GameState


def always(state: GameState) -> bool:
    return True


def not_first_round(state: GameState) -> bool:
    """Winter has no Event or Adventurers Phase (Rulebook › First Year: the Progress Board)."""
    return state.season > 0


@dataclass(frozen=True)
class Step:
    """One phase of a Building round and the condition it runs on."""

    phase: str
    when: Callable[[GameState], bool] = always


@dataclass(frozen=True)
class YearPlan:
    """How a Year runs.

    Attributes:
        seasons: the Building rounds, in order (the last one ends in Combat).
        round_steps: the phases of a round, in order (``new_round`` first), each with its condition.
        combat_rounds: how many Combat rounds at most (a battle ends earlier when no party is left).
        years: the Years of the game (after the last one's Combat comes scoring).
        nonplayer_evil_at_new_year: the steps a non-player colour's Evil Marker moves when a new Year
            begins (2 players; Rulebook › Second Year: down 2, "simulating conquering").
        buy_traps_extra: Year -> Trap Cards Buy Traps draws beyond what it gives; when there are any, the
            player then sends one card back (Rulebook › Buying Traps in the Second Year: "an extra
            trap... you choose one to bundle up and take back").
        event_tiles: the Event Tiles shuffled onto the rounds after the first, each Year (Rulebook ›
            Events: Pay Day, Taxes, Special Event).
        combat_cards: Combat Cards dealt per Year (Rulebook › Setup: 4).
        special_events: Special Event Cards per Year in the full game (Rulebook › Full Game: 1), one for
            each ``special_event`` tile.
        second_year_starter: player count -> seats from the First Year's first starting player to the
            Second Year's (Rulebook › Second Year: opposite with 4, the next with 3, the other with 2).
        paladins: Year -> its paladins, weakest first: the first to leave the tent first (Rulebook ›
            Paladin: one a Year; Festival Season › New Paladins: the elf, then the dwarf).
        nonplayer_takes_paladin: 2 players: the non-player Evil Counter is ranked with the players when the
            paladins are dealt (outside Combat); the one it gets goes at once to the Distant Lands, and it
            never gets another (Festival Season › Evilometer for Two Players; the base game: never).
        adventurers_from: the first Building round (0-based) whose Adventurers Phase brings adventurers;
            the round before it forecasts them (Festival Season › Beginners' Variant: from round 3).
        opportunities_left_out: Unique Opportunity boards not in the stack (Festival Season › Pets,
            Combining Variants: without pets, leave out Acquire Pet).
        new_round_steps: a module's own steps of the New Round Phase, run in order after the monsters and
            rooms are revealed; each returns what to do next (events or an input), or None when it has
            nothing (left) to do this round (Festival Season › Revealing Unique Opportunities).
    """

    seasons: tuple[str, ...]
    round_steps: tuple[Step, ...]
    combat_rounds: int
    years: tuple[int, ...]
    nonplayer_evil_at_new_year: int = -2
    buy_traps_extra: Mapping[int, int] = field(default_factory=lambda: {2: 1})
    event_tiles: tuple[str, ...] = EVENT_TILES
    combat_cards: int = COMBAT_CARDS_PER_YEAR
    special_events: int = 1
    second_year_starter: Mapping[int, int] = field(default_factory=lambda: {2: 1, 3: 1, 4: 2})
    paladins: Mapping[int, tuple[str, ...]] = field(default_factory=lambda: {1: ("paladin_y1",), 2: ("paladin_y2",)})
    nonplayer_takes_paladin: bool = False
    adventurers_from: int = 1
    opportunities_left_out: tuple[str, ...] = ()
    new_round_steps: tuple[Callable[[GameState], object], ...] = ()

    def next_phase(self, state: GameState, after: str) -> str | None:
        """The phase that follows ``after`` in this round, or None when the round is over."""
        names = [s.phase for s in self.round_steps]
        for step in self.round_steps[names.index(after) + 1 :]:
            if step.when(state):
                return step.phase
        return None

    def is_last_season(self, state: GameState) -> bool:
        """The round ends in Combat (the fall, in the base game)."""
        return state.season == len(self.seasons) - 1

    def next_season(self, state: GameState) -> str | None:
        """The name of the next Building round, or None in the last one."""
        return None if self.is_last_season(state) else self.seasons[state.season + 1]

    def another_combat_round(self, state: GameState) -> bool:
        """Whether a Combat round may follow the current one."""
        return state.combat_round < self.combat_rounds

    def after_combat(self, state: GameState) -> str:
        """The phase after a Year's Combat: the next Year, scoring, or (Combat Training) the end."""
        if state.training:
            return "over"
        return "year_end" if state.year != self.years[-1] else "scoring"


#: the base game's Year (Rulebook › Overview of Play: two Years of four Building rounds and a Combat)
BASE_YEAR = YearPlan(
    seasons=SEASONS,
    round_steps=(
        Step("new_round"),
        Step("orders"),
        Step("actions"),
        Step("production"),
        Step("event", when=not_first_round),
        Step("adventurers", when=not_first_round),
    ),
    combat_rounds=4,
    years=YEARS,
)


def insert_step(plan: YearPlan, after: str, step: Step) -> YearPlan:
    """``plan`` with ``step`` in each round after the phase ``after`` (a module's edit)."""
    steps = list(plan.round_steps)
    at = [s.phase for s in steps].index(after) + 1
    return replace(plan, round_steps=(*steps[:at], step, *steps[at:]))
