"""Festival Season's ``five_seasons`` module: the spec items it covers, each a test named after its id
(``pytest -m spec --collect-only --spec-items`` lists them), on whole games played by bots with the
invariants checked after every command (tests/festival_games.py)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from festival_games import COLORS, by_year, of, whole_game

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.ruleset import MODULES, Module
from domain.games.dungeon_lords.year import BASE_YEAR, year_plan
from domain.kernel import RuleViolation

FIVE = ("winter", "spring", "summer", "fall", "festival")
GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(2)]


@pytest.mark.spec("YR-01")
@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_YR_01_five_building_rounds_then_combat(players: int, seed: int) -> None:
    events, _ = whole_game(players, seed)
    for year, began in by_year(events, ev.PhaseBegan).items():
        rounds = [e.season for e in began if e.phase == "new_round"]
        assert rounds == list(FIVE), f"Year {year}"
        combat = [e for e in began if e.phase == "combat"]
        assert [e.season for e in combat] == ["festival"]
    ended = [e.season for e in of(events, ev.RoundEnded)]
    assert ended == list(FIVE) * 2


@pytest.mark.spec("SU-02")
@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_SU_02_five_combat_cards_a_year_and_up_to_five_combat_rounds(players: int, seed: int) -> None:
    events, _ = whole_game(players, seed)
    dealt = of(events, ev.CombatCardsDealt)
    assert [(e.year, len(e.cards), len(set(e.cards))) for e in dealt] == [(1, 5, 5), (2, 5, 5)]
    for year, rounds in by_year(events, ev.CombatRoundBegan).items():
        assert [e.round for e in rounds] == list(range(1, len(rounds) + 1)) and len(rounds) <= 5, year
        revealed = [e.card for e in by_year(events, ev.CombatCardRevealed)[year]]
        assert revealed == dealt[year - 1].cards[: len(revealed)]  # round k reveals the k-th card


def test_SU_02_a_battle_can_last_five_rounds() -> None:
    """Over a few games some Combat reaches its fifth round (the base plan stops at four)."""
    longest = max(max((e.round for e in of(whole_game(p, s)[0], ev.CombatRoundBegan)), default=0) for p, s in GAMES)
    assert longest == 5


@pytest.mark.spec("SU-04")
@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_SU_04_four_event_tiles_on_rounds_two_to_five(players: int, seed: int) -> None:
    events, _ = whole_game(players, seed)
    for year, tiles in by_year(events, ev.EventTileRevealed).items():
        assert sorted(e.season for e in tiles) == sorted(FIVE[1:]), year
        assert Counter(e.tile for e in tiles) == {"pay_day": 1, "taxes": 1, "special_event": 2}, year


@pytest.mark.spec("SU-05", "YR-05")
@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_SU_05_YR_05_two_special_events_a_year_in_the_order_drawn(players: int, seed: int) -> None:
    events, _ = whole_game(players, seed)
    (drawn,) = of(events, ev.SpecialEventsDrawn)
    assert len(set(drawn.drawn())) == 4 and drawn.year1_second and drawn.year2_second
    for year, revealed in by_year(events, ev.SpecialEventRevealed).items():
        assert [e.card for e in revealed] == drawn.per_year()[str(year)]  # both, the upper card first
    # every Special Event Phase applies the card its own tile revealed
    current = None
    for e in events:
        if isinstance(e, ev.SpecialEventRevealed):
            current = e.card
        if isinstance(e, ev.SpecialEventApplied):
            assert e.card == current


@pytest.mark.spec("YR-03", "YR-08", "NP-08")
@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_YR_08_every_dungeon_gets_four_adventurers_a_year(players: int, seed: int) -> None:
    events, _ = whole_game(players, seed)
    for year, assigned in by_year(events, ev.AdventurerAssigned).items():
        count = Counter(e.color for e in assigned if not e.tile.startswith("paladin"))
        assert count == dict.fromkeys(COLORS[:players], 4), f"Year {year}"
    forecast = [e.season for e in of(events, ev.AdventurersLinedUp)]
    assert forecast.count("festival") == 2  # round 4 forecasts round 5's adventurers, each Year


@pytest.mark.spec("YR-06")
@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_YR_06_the_token_does_not_pass_after_the_fifth_round(players: int, seed: int) -> None:
    events, _ = whole_game(players, seed)
    ended = of(events, ev.RoundEnded)
    for year in (0, 1):
        rounds = ended[5 * year : 5 * year + 5]
        holders = [e.starting_player for e in rounds]
        assert holders[4] == holders[3]  # kept into Combat
        seats = [COLORS.index(h) for h in holders[:4]]
        assert all((b - a) % players == 1 for a, b in zip(seats, seats[1:]))  # passed left after rounds 1-4


@pytest.mark.spec("YR-07", "NP-06")
@pytest.mark.parametrize(("players", "second"), [(4, "green"), (3, "green"), (2, "blue")])
def test_YR_07_NP_06_T_34_second_year_starting_player(players: int, second: str) -> None:
    """T-34: seats P1-P4, P1 started Year 1: 4 players P3, 3 players P3, 2 players P2."""
    events, _ = whole_game(players, 0)
    (began,) = of(events, ev.YearBegan)
    assert began.starting_player == second
    base, _ = whole_game(players, 0, modules=())
    (base_began,) = of(base, ev.YearBegan)
    assert base_began.starting_player == {4: "green", 3: "blue", 2: "blue"}[players]  # the base rule, unchanged


@pytest.mark.spec("NP-03")
@pytest.mark.parametrize("seed", range(2))
def test_NP_03_T_33_the_nonplayer_evil_counter_through_two_years(seed: int) -> None:
    """T-33: 5 -> 9 by the end of Year 1 -> 6 -> 10 at round 5's Adventurers Phase in Year 2."""
    events, final = whole_game(2, seed)
    (k,) = [i for i, e in enumerate(events) if isinstance(e, ev.YearBegan)]
    assert events[k].nonplayer_evil_steps == -3
    end_of_year_one = GAME.engine.replay(events[:k])
    start_of_year_two = GAME.engine.replay(events[: k + 1])
    assert [n.evil for n in end_of_year_one.nonplayers if n.evil is not None] == [9]
    assert [n.evil for n in start_of_year_two.nonplayers if n.evil is not None] == [6]
    assert [n.evil for n in final.nonplayers if n.evil is not None] == [10]


@pytest.mark.spec("XC-05")
def test_XC_05_modules_are_recorded_and_chosen_at_set_up() -> None:
    events, state = GAME.new_game(["a", "b", "c"], seed=1, modules=["five_seasons"])
    assert events[0].modules == ["five_seasons"] and state.modules == ["five_seasons"]
    assert year_plan(state).seasons == FIVE and year_plan(state).combat_rounds == 5
    base_events, base = GAME.new_game(["a", "b", "c"], seed=1)
    assert base_events[0].modules == [] and year_plan(base) is BASE_YEAR


@pytest.mark.parametrize(
    ("modules", "why"),
    [
        (["six_seasons"], "unknown rules module(s) six_seasons"),
        (["five_seasons", "festival"], "festival cannot be played without unique_opportunities"),
        (["five_seasons", "being_built"], "not playable yet"),
        (["five_seasons", "unique_opportunities", "pets", "no_pets"], "no_pets cannot be played with pets"),
    ],
)
def test_a_module_that_cannot_be_played_is_refused_at_set_up(modules: list[str], why: str, monkeypatch) -> None:
    # a module registered before its rules are built (none is, today: every Festival Season module plays)
    monkeypatch.setitem(MODULES, "being_built", Module("being_built", "a module being built", "-", playable=False))
    with pytest.raises(RuleViolation) as refused:
        GAME.new_game(["a", "b"], seed=1, modules=modules)
    assert refused.value.code == "SETUP_INVALID" and why in refused.value.message


@pytest.mark.parametrize("variant", ["first_game", "full"])
@pytest.mark.parametrize("bot", ["random", "balanced"])
def test_whole_five_season_games_keep_every_invariant(variant: str, bot: str) -> None:
    for players in (2, 3, 4):
        events, state = whole_game(players, 7, variant=variant, bot=bot)
        assert state.phase == "over" and state.scores


def test_a_five_season_record_exports_imports_and_audits_clean() -> None:
    events, _ = whole_game(3, 1)
    text = GAME.export(events)
    assert "\nmodules five_seasons\n" in text
    rebuilt, _ = GAME.rebuild(text)
    assert GAME.chain.final_hash((e.type, e.payload()) for e in rebuilt) == GAME.chain.final_hash(
        (e.type, e.payload()) for e in events
    )


def test_a_record_naming_an_unknown_module_is_refused_at_its_line() -> None:
    events, _ = whole_game(3, 1)
    text = GAME.export(events).replace("\nmodules five_seasons\n", "\nmodules five_season\n")
    line = text.splitlines().index("modules five_season") + 1
    with pytest.raises(ValueError, match=f"line {line}.*unknown rules module"):
        GAME.rebuild(text)


@pytest.mark.spec("SU-05")
def test_SU_05_at_a_table_each_special_event_card_is_recorded_when_its_tile_comes_up() -> None:
    """Tabletop: the five Combat Cards and the Year's two Special Event Cards lie face down; each Special
    Event Card is recorded when its tile turns up (the second one cannot repeat the first)."""
    _, state = GAME.new_game(["a", "b", "c"], mode="tabletop", variant="full", modules=["five_seasons"])
    assert state.board.combat_cards == [""] * 5 and state.board.special_events == {"1": ["", ""], "2": ["", ""]}
    engine, bot = GAME.engine, GAME.bots["random"]
    rng, recorded = random.Random(3), []
    for _ in range(20_000):
        p = engine.pending(state)
        if not p.actors:
            break
        if p.is_chance:
            if p.chance.what == "special_events":
                recorded.append((state.year, list(p.chance.pool)))
            command = engine.random_draw(state, p)
        else:
            command = bot(state, p, p.actors[0], rng)
        _, state = engine.execute(state, command)
    assert state.phase == "over"
    assert [y for y, _ in recorded] == [1, 1, 2, 2]
    assert all(len(state.board.special_events[y]) == 2 and "" not in state.board.special_events[y] for y in "12")
    first, second = state.board.special_events["1"]
    assert first != second
    assert first not in recorded[1][1]  # the Year's first card is not offered again for its second
