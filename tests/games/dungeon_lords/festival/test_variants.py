"""Festival Season's variants (spec section 12: VA-02, VA-05, VA-06): the Unique Opportunities without the
Festival, the variant without pets, and the beginners' variant (a playable module)."""

from __future__ import annotations

import pytest
from festival_games import by_year, of, whole_game
from opportunity_games import play

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.ruleset import RULESETS, modules_problem
from domain.games.dungeon_lords.year import plan_for

BEGINNERS = ("five_seasons", "beginners")


@pytest.mark.spec("VA-02")
def test_VA_02_the_opportunities_without_the_festival_but_never_the_festival_without_them():
    assert "cannot be played without unique_opportunities" in modules_problem(["five_seasons", "festival"])
    events, _ = play(
        ["harvest_food", "invest_gold", "masquerade", "rent_rooms"],
        until=lambda s: s.season == 4 and s.phase == "event",
    )
    assert not of(events, ev.FestivalBegan)
    assert "festival" not in [e.phase for e in of(events, ev.PhaseBegan)]


@pytest.mark.spec("VA-05")
def test_VA_05_without_pets_the_acquire_pet_board_is_left_out():
    modules = ("five_seasons", "unique_opportunities", "no_pets")
    assert "cannot be played with pets" in modules_problem([*modules, "pets"])
    assert plan_for(modules).opportunities_left_out == ("acquire_pet",)

    def turning_up(state) -> bool:
        chance = GAME.engine.pending(state).chance
        return chance is not None and chance.what == "opportunities"

    _, state = play([], players=3, modules=modules, until=turning_up)
    pool = GAME.engine.pending(state).chance.pool
    assert "acquire_pet" not in pool and len(pool) == 7


@pytest.mark.spec("VA-06")
def test_VA_06_beginners_four_combat_cards_and_rounds_five_building_rounds():
    plan = plan_for(BEGINNERS)
    assert (len(plan.seasons), plan.combat_cards, plan.combat_rounds) == (5, 4, 4)
    events, state = whole_game(4, 3, BEGINNERS)
    assert [len(e.cards) for e in of(events, ev.CombatCardsDealt)] == [4, 4]
    assert max(e.round for e in of(events, ev.CombatRoundBegan)) <= 4
    assert state.scores is not None  # a whole game, the invariants after every command
    assert "beginners" not in RULESETS["festival"]


@pytest.mark.spec("VA-06")
@pytest.mark.parametrize("players", [2, 4])
def test_VA_06_beginners_receive_adventurers_from_round_3_three_each(players):
    events, _ = whole_game(players, 5, BEGINNERS)
    for year_events in by_year(events, ev.Event).values():
        drawn = {e.season for e in of(year_events, ev.AdventurersDrawn)}
        assert "spring" not in drawn and drawn == {"summer", "fall", "festival"}
        assigned = of(year_events, ev.AdventurerAssigned)
        per_player = {}
        for e in assigned:
            per_player[e.color] = per_player.get(e.color, 0) + 1
        assert set(per_player.values()) == {3}, per_player
