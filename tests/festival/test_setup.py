"""Festival Season's set-up and the items that cut across its modules (spec SU-06, SU-07, SU-09, SU-10, YR-10,
UO-07, UO-HE-4..6): what a new game with the expansion holds, what each player may see of it, and how the
non-player colours and the base rules meet the new boards."""

from __future__ import annotations

import pytest
from festival_games import whole_game
from opportunity_games import COLORS, of, play

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.evolve import evolve
from domain.games.dungeon_lords.phases.common import catalog
from domain.games.dungeon_lords.ruleset import MODULES
from domain.games.dungeon_lords.scoring import score
from domain.games.dungeon_lords.state import Monster
from domain.games.dungeon_lords.views import HIDDEN, view

ALL_BUILT = ["five_seasons", "unique_opportunities", "festival", "pets", "paladin_pair"]


@pytest.mark.spec("SU-06")
def test_SU_06_the_far_distant_lands_hide_the_pet_deck_and_show_the_expertise_tiles():
    _, state = GAME.new_game(["A", "B", "C"], seed=2, variant="full", modules=ALL_BUILT)
    seen = view(state, "red")["board"]
    assert seen["pet_deck"] == [HIDDEN] * 20 and seen["pet_discard"] == []
    assert set(catalog(state).expertise) == {"extra_clever", "extra_cruel", "extra_large"}  # public data


@pytest.mark.spec("SU-07", "SU-10")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_SU_07_SU_10_the_same_starting_stock_and_an_empty_pet_box(players):
    names = [f"P{k}" for k in range(players)]
    _, festive = GAME.new_game(names, seed=4, variant="full", modules=["five_seasons", "pets", "paladin_pair"])
    _, base = GAME.new_game(names, seed=4, variant="full")
    for p, q in zip(festive.players, base.players, strict=True):
        assert (p.gold, p.food, p.imps, p.evil) == (q.gold, q.food, q.imps, q.evil)
        assert p.pets == [] and len(p.setup_draw) == len(q.setup_draw) == 3  # 2 of 3 drawn stay inaccessible


@pytest.mark.spec("SU-09")
def test_SU_09_minions_bearing_gifts_is_out_of_scope():
    assert not [m for m in MODULES if "gift" in m or "bonus" in m]


@pytest.mark.spec("YR-10")
def test_YR_10_the_first_year_pair_left_in_the_tent_goes_to_the_distant_lands():
    events, _ = whole_game(3, 8, ("five_seasons", "paladin_pair"))
    began = of(events, ev.YearBegan)[0]
    assert began.paladins == ["elf_y2", "dwarf_y2"]
    at = events.index(began)
    state = GAME.engine.replay(events[:at])
    free = [pal.id for pal in state.paladins]
    after = evolve(state, began)
    assert all(pal in after.board.discards["paladins"] for pal in free)
    assert [pal.id for pal in after.paladins] == ["elf_y2", "dwarf_y2"]


@pytest.mark.spec("UO-07")
def test_UO_07_non_player_minions_stand_on_a_board_and_are_never_carried_out():
    boards = ["harvest_food", "invest_gold", "masquerade", "acquire_pet"]
    events, state = play(boards, players=2, seed=3, until=lambda s: s.season == 4 and s.phase == "orders")
    nonplayers = {np.color for np in state.nonplayers}
    placed = [e for e in of(events, ev.MinionPlaced) if e.nonplayer and e.space]
    assert placed and {e.color for e in placed} <= nonplayers
    carried = of(events, ev.FoodHarvested) + of(events, ev.GoldInvested) + of(events, ev.MasqueradeHeld)
    assert not [e for e in carried if e.color in nonplayers]


@pytest.mark.spec("UO-HE-4", "UO-HE-5")
def test_UO_HE_4_5_the_tile_leaves_with_its_monster_and_an_expert_scores_like_any_monster():
    _, state = GAME.new_game(["A", "B"], seed=1, variant="full", modules=ALL_BUILT)
    red = state.player("red")
    red.monsters = [Monster("goblin_y1#1", expertise="extra_clever")]
    expert = score(state)[0].lines["monsters"]
    red.monsters = [Monster("goblin_y1#1")]
    assert score(state)[0].lines["monsters"] == expert
    red.monsters = [Monster("goblin_y1#1", expertise="extra_clever")]
    state.phase = "event"
    after = evolve(state, ev.MonsterReleased(color="red", monster="goblin_y1#1"))
    assert after.player("red").monsters == [] and "goblin_y1#1" in after.board.discards["monsters"]


@pytest.mark.spec("UO-HE-6")
def test_UO_HE_6_the_first_order_fee_applies_when_the_card_sends_a_minion_to_the_board():
    boards = ["hire_expert", "harvest_food", "invest_gold", "masquerade"]
    events, _ = play(boards, seed=5, first_orders=dict.fromkeys(COLORS, "hire_monster"), until=lambda s: s.season == 2)
    season, first = 0, []
    for e in events:
        if isinstance(e, ev.PhaseBegan) and e.phase == "new_round":
            season += 1
        placed = isinstance(e, ev.MinionPlaced) and e.action == "hire_monster" and not e.nonplayer
        if placed and season == 2 and e.slot == 0:
            first.append(e)
    assert first, "nobody played Hire Monster first under the board"
    for e in first:  # the card's fee, paid before the minion stands on the board (or it is shut out)
        assert e.fee_paid == 1 or (e.space is None and "fee" in e.reason)
