"""Festival Season's ``paladin_pair`` and ``three_paladins`` modules (spec section 7, PA-01..PA-13, and the
worked examples T-28..T-32): where the Year's paladins go as the Evil Markers move, in Combat, at the start
of the Second Year, and what they score. Positions are set on a real game's state and settled by the one
paladin rule (``paladin_step``) folded through the game's own ``evolve``; whole games check the rest."""

from __future__ import annotations

import pytest
from festival_games import whole_game

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.catalog import base_catalog
from domain.games.dungeon_lords.phases.adventurers import paladin_step
from domain.games.dungeon_lords.phases.common import catalog
from domain.games.dungeon_lords.phases.settle import evolve_stored as evolve  # hand-made events: settled as stored ones
from domain.games.dungeon_lords.scoring import _prisoner_points
from domain.games.dungeon_lords.state import GameState, Paladin
from domain.kernel import RuleViolation

PAIR = ("paladin_pair",)
THREE = ("paladin_pair", "three_paladins")


def table(modules: tuple[str, ...] = PAIR, players: int = 3, **overrides) -> GameState:
    """A Building round of a new game with ``modules``: red starts (play order red, blue, green, ...)."""
    _, state = GAME.new_game(
        [f"P{k + 1}" for k in range(players)], seed=0, variant="full", modules=list(modules), **overrides
    )
    state.phase = "actions"
    state.starting_player = 0
    for p in state.players:
        p.evil = 5
    return state


def at(state: GameState, **evil: int) -> GameState:
    for color, value in evil.items():
        state.player(color).evil = value
    return state


def held(state: GameState, **holders: str | None) -> GameState:
    """Put the Year's paladins (by kind: elf, dwarf, paladin) with these players (None: in the tent)."""
    for pal in state.paladins:
        kind = pal.id.split("_")[0]
        if kind in holders:
            pal.holder = holders[kind]
    return state


def settle(state: GameState) -> list[ev.Event]:
    """Apply the paladin rule until nothing moves (it runs after every event in play)."""
    moves: list[ev.Event] = []
    while (found := paladin_step(state)) is not None:
        for e in found:
            state = evolve(state, e)
        moves += found
    return moves


def where(state: GameState) -> dict[str, str | None]:
    return {pal.id.split("_")[0]: pal.holder for pal in state.paladins}


@pytest.mark.spec("PA-01", "SU-03")
def test_PA_01_each_year_brings_an_elf_and_a_dwarf_provisional_tiles() -> None:
    state = table()
    assert [pal.id for pal in state.paladins] == ["elf_y1", "dwarf_y1"]
    cat = catalog(state)
    elf, dwarf, human = cat.paladins["elf_y1"], cat.paladins["dwarf_y1"], cat.paladins["paladin_y1"]
    assert elf.hit_points < human.hit_points < dwarf.hit_points  # the known ordering (spec U-15)
    assert {elf.status, dwarf.status, cat.paladins["elf_y2"].status} == {"provisional"}
    assert elf.name == "Elven paladin (year 1)" and cat.paladins["dwarf_y2"].name == "Dwarven paladin (year 2)"
    assert "elf_y1" not in base_catalog().paladins  # the base game's catalog is untouched


def test_PA_01_a_tables_override_replaces_a_provisional_paladin() -> None:
    elf = catalog(table()).paladins["elf_y1"].model_dump(mode="json") | {"hit_points": 5, "status": "verified"}
    state = table(catalog_overrides={"paladins": [elf]})
    assert catalog(state).paladins["elf_y1"].hit_points == 5
    assert catalog(state).paladins["dwarf_y1"].hit_points == 6  # the rest of the overlay stands


@pytest.mark.spec("PA-02")
def test_PA_02_the_first_on_the_space_gets_the_elf_and_keeps_him_below_it() -> None:
    state = at(table(), red=10)
    assert [(type(e).__name__, e.paladin, e.color) for e in settle(state)] == [("PaladinArrived", "elf_y1", "red")]
    at(state, red=8)
    assert settle(state) == [] and where(state) == {"elf": "red", "dwarf": None}


@pytest.mark.spec("PA-03")
@pytest.mark.parametrize(
    ("case", "red", "blue", "expected"),
    [
        ("a: tied with the holder", 10, 10, {"elf": "blue", "dwarf": "red"}),
        ("a: below the holder", 12, 10, {"elf": "blue", "dwarf": "red"}),
        ("b: above the holder", 10, 11, {"elf": "red", "dwarf": "blue"}),
        ("c: the holder dropped below the space", 9, 10, {"elf": "blue", "dwarf": None}),
    ],
)
def test_T_28_a_second_player_reaches_the_paladin_space(case: str, red: int, blue: int, expected: dict) -> None:
    state = held(at(table(), red=max(red, 10)), elf="red")
    at(state, red=red, blue=blue)
    settle(state)
    assert where(state) == expected, case


@pytest.mark.spec("PA-04")
def test_PA_04_the_elf_alone_moves_only_to_a_strictly_more_evil_player_on_the_space() -> None:
    state = held(at(table(), red=8, blue=8), elf="red")
    assert settle(state) == []  # blue is as evil, below the space: the elf stays
    at(state, blue=10)
    settle(state)
    assert where(state) == {"elf": "blue", "dwarf": None}


@pytest.mark.spec("PA-05")
def test_PA_05_a_player_below_the_space_without_a_paladin_never_receives_one() -> None:
    state = held(at(table(), red=13, blue=7, green=9), dwarf="red", elf="blue")
    assert settle(state) == []  # green is more evil than blue but below the space and without a paladin
    at(state, green=10)
    settle(state)
    assert where(state) == {"elf": "green", "dwarf": "red"}


@pytest.mark.spec("PA-06")
def test_T_29_holders_tied_and_a_third_rises_above_both() -> None:
    state = held(at(table(), red=11, blue=11, green=9), dwarf="red", elf="blue")
    assert settle(state) == []  # the holders tied at the top: nothing moves
    at(state, green=12)
    settle(state)
    assert where(state) == {"elf": "red", "dwarf": "green"}


@pytest.mark.spec("PA-06")
def test_T_30_the_holders_swap_places_and_the_paladins_swap() -> None:
    state = held(at(table(), red=12, blue=11), dwarf="red", elf="blue")
    at(state, red=11, blue=12)
    moved = settle(state)
    assert where(state) == {"elf": "red", "dwarf": "blue"}
    assert sorted((e.paladin, e.from_color, e.to_color) for e in moved) == [
        ("dwarf_y1", "red", "blue"),
        ("elf_y1", "blue", "red"),
    ]


@pytest.mark.spec("PA-06")
def test_PA_06_ties_without_a_paladin_go_by_play_order_the_later_is_more_evil() -> None:
    state = at(table(), red=11, blue=11)  # both reach the space at once; red started (the nicest)
    settle(state)
    assert where(state) == {"elf": "red", "dwarf": "blue"}


@pytest.mark.spec("PA-07")
def test_PA_07_the_dwarf_enters_only_when_two_are_on_the_space_at_once() -> None:
    state = at(table(), red=10)
    settle(state)
    at(state, red=9, blue=10)
    settle(state)
    assert where(state) == {"elf": "blue", "dwarf": None}
    at(state, green=10)
    settle(state)
    assert where(state)["dwarf"] is not None


@pytest.mark.spec("PA-08")
def test_T_32_the_second_year_deals_both_paladins_statically() -> None:
    state = at(table(), red=12, blue=11, green=11)
    state.year, state.phase, state.starting_player = 2, "new_round", 1  # blue starts: the nicest of a tie
    state.paladins = [Paladin(id="elf_y2"), Paladin(id="dwarf_y2")]
    settle(state)
    assert where(state) == {"elf": "green", "dwarf": "red"}


@pytest.mark.spec("PA-08")
def test_PA_08_one_player_on_the_space_in_the_second_year_gets_the_elf() -> None:
    state = at(table(), red=12)
    state.year, state.phase = 2, "new_round"
    state.paladins = [Paladin(id="elf_y2"), Paladin(id="dwarf_y2")]
    settle(state)
    assert where(state) == {"elf": "red", "dwarf": None}


@pytest.mark.spec("PA-09")
def test_T_31_in_combat_the_dwarf_ignores_who_eliminated_the_elf() -> None:
    state = held(at(table(), red=12, blue=11, green=9), dwarf="red", elf="blue")
    state.phase = "combat"
    state = evolve(state, ev.AdventurerImprisoned(color="blue", adventurer="elf_y1"))
    at(state, blue=13)  # the captor rises above the dwarf's holder: ignored
    assert settle(state) == [] and where(state) == {"dwarf": "red"}
    at(state, green=13)  # the others by the single-paladin rule
    settle(state)
    assert where(state) == {"dwarf": "green"}


@pytest.mark.spec("PA-09")
def test_PA_09_a_first_year_capture_does_not_protect_from_the_second_years_paladins() -> None:
    state = held(at(table(), red=12), elf="red")
    state.phase = "combat"
    state = evolve(state, ev.AdventurerImprisoned(color="red", adventurer="elf_y1"))
    assert state.paladin_captors == ["red"]
    state = evolve(state, ev.CombatEnded(year=1, departed={}))
    assert state.paladin_captors == []
    state = evolve(state, ev.YearBegan(year=2, starting_player="blue", paladins=["elf_y2", "dwarf_y2"]))
    state.phase = "combat"
    settle(state)
    assert where(state) == {"elf": "red", "dwarf": None}


@pytest.mark.spec("PA-09")
def test_PA_09_released_from_prison_the_captor_is_still_ignored() -> None:
    state = held(at(table(), red=12, blue=11), dwarf="blue", elf="red")
    state.phase = "combat"
    state = evolve(state, ev.AdventurerImprisoned(color="red", adventurer="elf_y1"))
    state.player("red").prison.remove("elf_y1")  # as when a prisoner leaves the prison
    at(state, red=14)
    assert settle(state) == []


@pytest.mark.spec("PA-10")
def test_PA_10_no_paladin_moves_once_the_years_combat_is_over() -> None:
    for phase in ("year_end", "scoring", "over"):
        state = at(table(), red=12, blue=12)
        state.phase = phase
        assert paladin_step(state) is None, phase


@pytest.mark.spec("PA-11", "SC-02")
def test_PA_11_a_captured_elf_scores_4_and_a_dwarf_6_the_human_5() -> None:
    state = table(THREE)
    red = state.player("red")
    red.prison = ["elf_y1", "dwarf_y2", "paladin_y1", "warrior_y1_a"]
    assert _prisoner_points(red, catalog(state)) == 4 + 6 + 5 + 2


@pytest.mark.spec("PA-12")
def test_PA_12_three_paladins_leave_the_tent_one_more_per_player_on_the_space() -> None:
    state = at(table(THREE, players=4), red=10)
    assert [pal.id for pal in state.paladins] == ["elf_y1", "paladin_y1", "dwarf_y1"]
    settle(state)
    assert where(state) == {"elf": "red", "paladin": None, "dwarf": None}
    at(state, blue=11)
    settle(state)
    assert where(state) == {"elf": "red", "paladin": "blue", "dwarf": None}
    at(state, green=12)
    settle(state)
    assert where(state) == {"elf": "red", "paladin": "blue", "dwarf": "green"}  # dwarf > paladin > elf


@pytest.mark.spec("PA-13")
@pytest.mark.spec("VA-03")
def test_PA_13_without_the_pair_the_base_paladin_and_rules() -> None:
    state = table(())
    assert [pal.id for pal in state.paladins] == ["paladin_y1"]
    at(state, red=10)
    settle(state)
    at(state, blue=10)  # not strictly more evil: the base paladin stays
    assert settle(state) == [] and where(state) == {"paladin": "red"}


@pytest.mark.spec("PA-07")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_PA_07_whole_games_with_the_pair(players: int) -> None:
    """Bots play five-season games with the pair (invariants after every command): every paladin dealt is
    one of the Year's pair, and none after the Year's Combat."""
    dwarves = 0
    for seed in range(4):
        events, _ = whole_game(players, seed, ("five_seasons", "paladin_pair"))
        year, combat_over = 1, False
        for e in events:
            if isinstance(e, ev.YearBegan):
                year, combat_over = 2, False
                assert e.paladins == ["elf_y2", "dwarf_y2"]
            combat_over = combat_over or isinstance(e, ev.CombatEnded)
            if isinstance(e, (ev.PaladinArrived, ev.PaladinMoved)):
                assert e.paladin in (f"elf_y{year}", f"dwarf_y{year}") and not combat_over
                dwarves += isinstance(e, ev.PaladinArrived) and e.paladin.startswith("dwarf")
    if players < 4:
        assert dwarves, "over four games the dwarf never came out"


@pytest.mark.spec("VA-04")
def test_VA_04_three_paladins_is_refused_without_the_pair() -> None:
    with pytest.raises(RuleViolation) as refused:
        GAME.new_game(["a", "b"], seed=1, modules=["three_paladins"])
    assert refused.value.code == "SETUP_INVALID" and "paladin_pair" in refused.value.message


def test_a_game_with_the_pair_exports_imports_and_audits_clean() -> None:
    events, _ = whole_game(3, 2, ("five_seasons", "paladin_pair"))
    text = GAME.export(events)
    assert "\nmodules five_seasons paladin_pair\n" in text
    rebuilt, _ = GAME.rebuild(text)
    digest = GAME.chain.final_hash
    assert digest((e.type, e.payload()) for e in rebuilt) == digest((e.type, e.payload()) for e in events)
    assert [e for e in rebuilt if isinstance(e, ev.PaladinArrived)] == [
        e for e in events if isinstance(e, ev.PaladinArrived)
    ]


def test_catalog_lists_the_pairs_provisional_values_by_ruleset() -> None:
    import json

    from clirun import run

    rows = json.loads(run("catalog", "--ruleset", "festival", "--provisional", "--kind", "paladin", "--json").output)
    assert [r["id"] for r in rows] == ["elf_y1", "dwarf_y1", "elf_y2", "dwarf_y2"]
    assert all("U-15" in r["notes"] for r in rows)
    base = json.loads(run("catalog", "--kind", "paladin", "--json").output)
    assert [r["id"] for r in base] == ["paladin_y1", "paladin_y2"]
    refused = run("catalog", "--ruleset", "autumn", ok=False)
    assert refused.exit_code == 2 and "--ruleset takes base, festival" in refused.output


def two_players(modules: tuple[str, ...] = ("five_seasons", "paladin_pair"), green: int = 9) -> GameState:
    """A 2-player Building round (red, blue) with the non-player counter (green) at ``green``."""
    state = table(modules, players=2)
    (np,) = [n for n in state.nonplayers if n.evil is not None]
    assert np.color == "green"
    np.evil = green
    return state


@pytest.mark.spec("NP-04")
def test_NP_04_a_paladin_dealt_to_the_non_player_goes_to_the_distant_lands() -> None:
    state = two_players(green=10)
    moved = settle(state)
    assert [(type(e).__name__, e.paladin, e.color) for e in moved] == [("PaladinSentAway", "elf_y1", "green")]
    assert "elf_y1" in state.board.discards["paladins"] and where(state) == {"dwarf": None}
    at(state, red=10)  # the remaining paladin behaves as a single paladin; green never gets another
    settle(state)
    assert where(state) == {"dwarf": "red"} and state.paladin_nonplayers == ["green"]


@pytest.mark.spec("NP-04")
def test_NP_04_the_non_player_gets_neither_paladin_when_both_players_are_more_evil() -> None:
    state = at(two_players(green=10), red=12, blue=11)
    settle(state)
    assert where(state) == {"elf": "blue", "dwarf": "red"} and state.paladin_nonplayers == []


@pytest.mark.spec("NP-04")
def test_NP_04_in_a_tie_the_non_player_is_the_nicer_provisional() -> None:
    state = at(two_players(green=11), red=11)
    settle(state)
    assert where(state) == {"dwarf": "red"} and state.paladin_nonplayers == ["green"]  # elf sent away


@pytest.mark.spec("NP-05")
def test_NP_05_in_combat_the_paladins_ignore_the_non_player() -> None:
    state = two_players(green=12)
    state.phase, state.combat_round = "combat", 1
    assert settle(state) == []


@pytest.mark.spec("XC-03")
def test_XC_03_the_base_game_never_deals_a_paladin_to_the_non_player() -> None:
    state = two_players((), green=12)
    assert settle(state) == [] and where(state) == {"paladin": None}


@pytest.mark.spec("NP-04")
def test_NP_04_in_whole_two_player_games_the_counter_takes_a_paladin_in_the_second_year() -> None:
    """T-33's counter reaches the space at round 5's Adventurers Phase of Year 2: a paladin still in his
    tent (or the weaker of two out) is dealt to it and sent away, before the first Combat round."""
    sent = []
    for seed in range(6):
        events, state = whole_game(2, seed, ("five_seasons", "paladin_pair"))
        away = [(n, e) for n, e in enumerate(events) if isinstance(e, ev.PaladinSentAway)]
        assert len(away) <= 1 and state.paladin_nonplayers == [e.color for _, e in away]
        for n, e in away:
            first_round = next(k for k, x in enumerate(events) if isinstance(x, ev.CombatRoundBegan) and x.year == 2)
            assert e.paladin.endswith("_y2") and n < first_round
        sent += away
    assert sent, "over six games the counter never took a paladin"
