"""Festival Season scenarios: a scenario with the expansion's modules is built by their Year plan and
components, as ``new_game`` builds a game (the event pool with two Special Event tiles, two Special Event
Cards a Year, five seasons and five Combat Cards, the elf and the dwarf), and plays on to the end in both
modes (issue #32, item 7)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords.engine import from_scenario
from domain.games.dungeon_lords.invariants import problems
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.games.dungeon_lords.scenario import load_position, load_scenario
from domain.games.dungeon_lords.state import GameState, from_dict, to_dict
from domain.kernel import RuleViolation

FESTIVAL = list(RULESETS["festival"])
COLORS = ("red", "blue", "green", "yellow")


def _scenario(players: int, mode: str, **more) -> dict:
    return {
        "name": "festival",
        "variant": "full",
        "mode": mode,
        "seed": 11,
        "modules": FESTIVAL,
        "starting_player": "red",
        "players": [{"color": c, "name": c.title()} for c in COLORS[:players]],
        **more,
    }


def _components(s: GameState) -> dict:
    """What a game holds, wherever each piece lies at the start of the First Year (a stack, an offer)."""
    b = s.board
    return {
        "event tiles": sorted([*b.event_pool, *b.event_tiles.values()]),
        "special events a Year": {y: len(cards) for y, cards in b.special_events.items()},
        "special event cards": len([c for cs in b.special_events.values() for c in cs]) + len(b.box["special_events"]),
        "combat cards a Year": (len(b.combat_cards), len(b.next_combat_cards)),
        "paladins": [p.id for p in s.paladins],
        "monsters": sorted([*(m for st in b.monster_stack.values() for m in st), *b.monster_offer]),
        "rooms": sorted([*(r for st in b.room_stack.values() for r in st), *b.room_offer]),
        "adventurers": sorted([*(a for st in b.adventurer_stack.values() for a in st), *b.adventurer_bottom])
        + sorted(a for line in b.incoming.values() for a in line),
        "traps": sorted([*b.trap_deck, *b.install_offer]),
        "pets": sorted(b.pet_deck),
        "action spaces": sorted(b.spaces),
        "modules": s.modules,
    }


@pytest.mark.parametrize("mode", ["digital", "tabletop"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_festival_scenario_has_the_components_of_a_new_festival_game(players, mode):
    [loaded] = load_scenario(_scenario(players, mode))
    scenario = from_dict(loaded.state)
    events, fresh = GAME.new_game(list(COLORS[:players]), seed=11, variant="full", mode=mode, modules=FESTIVAL)
    started = GAME.engine.replay(events[:1])  # before set-up's draws, for the stacks
    mine, theirs = _components(scenario), _components(started)
    for key in ("monsters", "rooms", "adventurers", "traps", "pets", "action spaces", "modules"):
        assert mine[key] == theirs[key], key
    dealt = _components(fresh)  # set-up dealt the cards and the paladins
    for key in ("special events a Year", "combat cards a Year", "paladins"):
        assert mine[key] == dealt[key], key
    if mode == "digital":  # (at a table the cards not drawn are never recorded)
        assert mine["special event cards"] == dealt["special event cards"]
    assert mine["event tiles"] == theirs["event tiles"] == ["pay_day", "special_event", "special_event", "taxes"]
    assert mine["paladins"] == ["elf_y1", "dwarf_y1"] and mine["combat cards a Year"] == (5, 5)
    assert mine["special events a Year"] == {"1": 2, "2": 2}


@pytest.mark.parametrize("mode", ["digital", "tabletop"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_festival_scenario_plays_to_the_end(players, mode):
    events, state = from_scenario(_scenario(players, mode))
    rng = random.Random(players)
    seen: Counter[str] = Counter(type(e).__name__ for e in events)
    paladins: set[str] = set()
    for _ in range(20_000):
        waiting = GAME.engine.pending(state)
        if not waiting.actors:
            break
        if waiting.is_chance:
            command = GAME.engine.rules.draw_command(rng.sample(list(waiting.chance.pool), waiting.chance.count))
        else:
            command = rng.choice(waiting.options(waiting.actors[0]))
        more, state = GAME.engine.execute(state, command, inplace=True)
        seen.update(type(e).__name__ for e in more)
        paladins |= {e.paladin for e in more if type(e).__name__ in ("PaladinArrived", "PaladinSentAway")}
        paladins |= {p for e in more if type(e).__name__ == "YearBegan" for p in e.paladins}
        found = problems(state)
        assert not found, f"after {command}: {found}"
    assert state.phase == "over" and state.scores
    assert seen["SpecialEventRevealed"] == 4  # two a Year
    assert seen["RoundEnded"] == 10  # five Building rounds a Year
    assert paladins <= {"elf_y1", "dwarf_y1", "elf_y2", "dwarf_y2"} and {"elf_y2", "dwarf_y2"} <= paladins


def test_a_festival_scenario_can_start_in_the_fifth_season_with_both_special_events_known():
    sc = _scenario(
        3,
        "digital",
        season="festival",
        event_tiles={"spring": "special_event", "summer": "taxes", "fall": "special_event"},
        special_events={"1": ["witch_hunt", "provisional_spoiled_food"], "2": ["provisional_quiet_season"] * 2},
    )
    with pytest.raises(RuleViolation, match="2 different card"):
        load_scenario(sc)
    sc["special_events"]["2"] = ["provisional_quiet_season", "provisional_trap_inspection"]
    [loaded] = load_scenario(sc)
    s = from_dict(loaded.state)
    assert s.season == 4 and s.board.event_pool == ["pay_day"]
    assert s.board.special_revealed == {"1": 2}
    events, state = from_scenario(sc)  # and it plays on (a copy to the end)
    assert state.season == 4


def test_a_scenario_names_the_years_paladins_by_its_modules():
    with pytest.raises(RuleViolation, match="elf_y1, dwarf_y1"):
        load_scenario(_scenario(2, "digital", paladin={"id": "paladin_y1"}))
    [loaded] = load_scenario(_scenario(2, "digital", paladins=[{"id": "dwarf_y1", "holder": "blue"}]))
    assert [(p["id"], p["holder"]) for p in loaded.state["paladins"]] == [("dwarf_y1", "blue")]
    with pytest.raises(RuleViolation, match="season 'festival'"):
        load_scenario(dict(_scenario(2, "digital"), modules=[], season="festival"))


@pytest.mark.parametrize("mode", ["digital", "tabletop"])
def test_a_festival_position_in_the_fifth_season_loads_back(mode):
    events, state = from_scenario(_scenario(3, mode, season="festival", event_tiles={"spring": "taxes"}))
    [loaded] = load_position(to_dict(state))
    assert from_dict(loaded.state).season == 4
