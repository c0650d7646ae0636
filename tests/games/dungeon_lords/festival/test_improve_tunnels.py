"""Festival Season's Improve Tunnels board and the Improved Tunnel tiles (spec UO-IT-1..UO-IT-7, NC-T0..NC-T5 and the
worked examples T-12, T-13, T-23, T-43): improving and deconquering, and each tile's effect (the Tool Shed's
discount, the Foyer's points, the Dark Tunnel's fatigue, the Secret Passage that nothing counts, the Mithril
Vein's extra miners)."""

from __future__ import annotations

import pytest
from opportunity_games import COLORS, of
from test_opportunities import at_board, waiting_player
from test_rules_combat import Fight, hits, one

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.actions import ACTIONS
from domain.games.dungeon_lords.catalog import base_catalog
from domain.games.dungeon_lords.commands import AddTrainedImp, ImproveTunnels, MineGold, Produce
from domain.games.dungeon_lords.festival.opportunity_actions import free_improved_tunnels
from domain.games.dungeon_lords.phases.actions import current
from domain.games.dungeon_lords.phases.common import catalog
from domain.games.dungeon_lords.phases.event_phase import tax_due
from domain.games.dungeon_lords.phases.production import produce_events
from domain.games.dungeon_lords.scoring import count_conquered, count_tunnels, score
from domain.games.dungeon_lords.state import Cell, Placement
from domain.kernel import RuleViolation

MODULES = ["five_seasons", "unique_opportunities"]
ALL_ON_DIG = dict.fromkeys(COLORS, "dig_tunnels")


def decide(state, cmd, action: str = "improve_tunnels"):
    pl = current(state)
    return ACTIONS[action].decide(state, state.player(pl.color), pl, cmd)


def tunnels_of(p) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(p.dungeon) for c, cell in enumerate(row) if cell and cell.kind == "tunnel"]


def new_state(year: int = 1):
    _, state = GAME.new_game(["A", "B"], seed=3, variant="full", modules=MODULES)
    state.year = year
    return state


@pytest.mark.spec("UO-IT-1", "UO-IT-3")
def test_T_23_III_picks_from_five_then_I_then_II_who_alone_may_take_two():
    _, state = at_board("improve_tunnels", "III", first_orders=ALL_ON_DIG)
    assert len(free_improved_tunnels(state)) == 5
    color = waiting_player(state)
    p = state.player(color)
    p.imps, p.imps_busy = 8, 0
    square = tunnels_of(p)[0]
    (done, *_) = decide(state, ImproveTunnels(player=color, option="improve", squares=[square], tiles=["foyer"]))
    assert done.imps == 2
    with pytest.raises(RuleViolation, match="IMPROVE_COUNT"):  # two only on space II
        decide(
            state,
            ImproveTunnels(player=color, option="improve", squares=tunnels_of(p)[:2], tiles=["foyer", "dark_tunnel"]),
        )
    state = GAME.rules.evolve(state, done)
    assert "foyer" not in free_improved_tunnels(state) and len(free_improved_tunnels(state)) == 4


@pytest.mark.spec("UO-IT-2", "UO-IT-3", "UO-IT-4", "UO-IT-6")
def test_UO_IT_space_II_improves_two_tunnels_or_deconquers_two_but_never_mixes():
    _, state = at_board("improve_tunnels", "II", first_orders=ALL_ON_DIG)
    color = waiting_player(state)
    p = state.player(color)
    p.imps, p.imps_busy = 8, 0
    first, second = tunnels_of(p)[:2]
    left = free_improved_tunnels(state)[:2]  # what spaces III and I left
    (done, *_) = decide(state, ImproveTunnels(player=color, option="improve", squares=[first, second], tiles=left))
    assert done.imps == 4  # 2 a tunnel: they stay on the tiles for the round
    after = GAME.rules.evolve(GAME.rules.clone(state), done)
    q = after.player(color)
    assert (q.dungeon[first[0]][first[1]].improved, q.imps_busy) == (left[0], 4)
    p.dungeon[first[0]][first[1]].conquered = True
    p.dungeon[second[0]][second[1]].conquered = True
    (undone, *_) = decide(state, ImproveTunnels(player=color, option="deconquer_tunnel", squares=[first, second]))
    assert undone.imps == 4
    evil = p.evil
    after = GAME.rules.evolve(GAME.rules.clone(state), undone)
    assert not after.player(color).dungeon[first[0]][first[1]].conquered
    assert after.player(color).evil == evil  # provisional U-41: deconquering moves no Evil


@pytest.mark.spec("UO-IT-2", "UO-IT-7")
def test_UO_IT_7_no_second_improvement_and_a_room_costs_three_imps_to_deconquer():
    _, state = at_board("improve_tunnels", "I", first_orders=ALL_ON_DIG)
    color = waiting_player(state)
    p = state.player(color)
    p.imps, p.imps_busy = 8, 0
    square = tunnels_of(p)[0]
    p.dungeon[square[0]][square[1]].improved = "dark_tunnel"
    with pytest.raises(RuleViolation, match="IMPROVE_TILE_INVALID"):
        decide(state, ImproveTunnels(player=color, option="improve", squares=[square], tiles=["foyer"]))
    p.dungeon[square[0]][square[1]] = Cell("room", room="chicken_coop", conquered=True)
    (done, *_) = decide(state, ImproveTunnels(player=color, option="deconquer_room", squares=[square]))
    assert done.imps == 3
    p.rented = [Cell("room", room="training_room", conquered=True)]  # a rented combat room counts (U-42)
    (done, *_) = decide(state, ImproveTunnels(player=color, option="deconquer_room", squares=[(-1, 0)]))
    assert GAME.rules.evolve(GAME.rules.clone(state), done).player(color).rented[0].conquered is False


@pytest.mark.spec("UO-IT-5", "UO-IN-5")
def test_UO_IT_5_improving_a_tunnel_discards_the_trap_installed_on_it():
    _, state = at_board("improve_tunnels", "III", first_orders=ALL_ON_DIG)
    color = waiting_player(state)
    p = state.player(color)
    p.imps, p.imps_busy = 8, 0
    square = tunnels_of(p)[0]
    p.installed = {f"{square[0]},{square[1]}": "pendulum#9"}
    events = decide(state, ImproveTunnels(player=color, option="improve", squares=[square], tiles=["foyer"]))
    assert [e.trap for e in of(events, ev.InstalledTrapDiscarded)] == ["pendulum#9"]


@pytest.mark.spec("NC-T1", "NC-T0")
@pytest.mark.parametrize(("year", "uses"), [(1, [2]), (2, [2, 3])])
def test_T_13_the_tool_shed_tunnel_saves_an_imp_on_an_adjacent_room_once_a_round(year, uses):
    state = new_state(year)
    red = state.player("red")
    red.dungeon[1][2] = Cell("room", room="printing_press")  # 3 imps: -1 Evil
    red.dungeon[0][2] = Cell("tunnel", improved="tool_shed_tunnel")
    red.imps, red.imps_busy = 9, 0
    spent = []
    for _ in uses:
        (made, *_) = produce_events(state, red, Produce(player="red", square=(1, 2)))
        spent.append(made.imps + made.trolls)
        state = GAME.rules.evolve(state, made)
        red = state.player("red")
    assert spent == uses
    red.dungeon[0][2].conquered = True  # conquered, it loses its effect (NC-T0)
    red.room_uses = {}
    (made, *_) = produce_events(state, red, Produce(player="red", square=(1, 2)))
    assert made.imps + made.trolls == 3


@pytest.mark.spec("NC-T2", "SC-06")
def test_NC_T2_the_foyer_scores_one_and_one_per_adjacent_unconquered_room():
    state = new_state(2)
    red = state.player("red")
    red.dungeon[1][2] = Cell("tunnel", improved="foyer")
    red.dungeon[2][2] = Cell("room", room="chicken_coop")
    red.dungeon[1][1] = Cell("room", room="mint", conquered=True)
    assert score(state)[0].lines["foyer"] == 2
    red.dungeon[1][2].conquered = True
    assert score(state)[0].lines["foyer"] == 0


CARDS = ["graffiti", "invisibility", "fireball", "detect_treasure"]  # graffiti: 2 fatigue, no spell


@pytest.mark.spec("NC-T3")
def test_NC_T3_the_dark_tunnel_doubles_the_printed_fatigue():
    f = Fight(one(["warrior_y1_d", "priest_y1_c"], cards=CARDS))
    festive = new_state()  # the position: the training battle played with the module's components
    f.state.catalog_hash, f.state.modules = festive.catalog_hash, list(festive.modules)
    f.p().dungeon[0][2].improved = "dark_tunnel"
    events = f.plan()
    fatigue = [(t, a) for t, a, _, _ in hits(events, source="fatigue")]
    assert sum(a for _, a in fatigue) == 4 and len(fatigue) == 4  # graffiti's 2, doubled, one at a time
    plain = Fight(
        one(["warrior_y1_d", "priest_y1_c"], cards=["graffiti", "invisibility", "fireball", "detect_treasure"])
    )
    assert sum(a for _, a, _, _ in hits(plain.plan(), source="fatigue")) == 2


@pytest.mark.spec("NC-T4", "SC-04")
def test_T_43_the_secret_passage_is_taxed_and_counted_as_nothing():
    state = new_state(2)
    red = state.player("red")
    for sq in [(1, 2), (2, 2), (3, 2)]:
        red.dungeon[sq[0]][sq[1]] = Cell("tunnel")
    red.dungeon[1][1] = Cell("tunnel")
    red.dungeon[1][3] = Cell("tunnel", improved="secret_passage", conquered=True)
    tiles = sum(1 for row in red.dungeon for c in row if c)
    assert tiles == 6 and tax_due(state, red) == 3  # taxed on 5 tiles (rounded up)
    assert count_conquered(red, catalog(state)) == 0 and score(state)[0].lines["conquered"] == 0  # no -2
    assert count_tunnels(red, catalog(state)) == count_tunnels(red) - 1  # never toward the Tunnellord


@pytest.mark.spec("NC-T5")
def test_T_12_the_mithril_vein_adds_one_or_two_miners_beyond_the_permit():
    _, state = at_board("harvest_food", "I")  # a game of the module with Mine Gold uncovered
    red = state.player("red")
    red.dungeon = [[None] * 5 for _ in range(4)]
    for sq in [(0, 2), (1, 2), (2, 2)]:
        red.dungeon[sq[0]][sq[1]] = Cell("tunnel")
    red.dungeon[1][3] = Cell("tunnel", improved="mithril_vein")
    red.imps, red.imps_busy = 8, 0
    pl = Placement("red", "mine_gold", "I", 0)  # a 2-imp permit
    mine = ACTIONS["mine_gold"].decide
    (mined,) = mine(state, red, pl, MineGold(player="red", imps=2, vein=2))
    assert (mined.imps, mined.vein) == (2, 2)
    after = GAME.rules.evolve(GAME.rules.clone(state), mined)
    assert after.player("red").gold == red.gold + 4
    with pytest.raises(RuleViolation, match="MINE_VEIN_LIMIT"):
        mine(state, red, pl, MineGold(player="red", imps=1, vein=3))
    red.dungeon[1][3].conquered = True
    with pytest.raises(RuleViolation, match="MINE_NO_VEIN"):
        mine(state, red, pl, MineGold(player="red", imps=1, vein=1))


@pytest.mark.spec("CB-07", "NC-T3", "NC-R2")
def test_T_15_dark_tunnel_card_fatigue_two_and_a_trained_imp_make_five_one_at_a_time():
    # T-15: "Dark Tunnel; card fatigue 2; one trained imp added: (2x2) + 1 = 5 fatigue, dealt one at a time."
    sc = one(["warrior_y1_d", "priest_y1_c"], cards=CARDS)
    sc["modules"] = ["five_seasons", "unique_opportunities", "new_components"]
    sc["combat_cards"] = [*CARDS, "fist_of_justice"]
    f = Fight(sc)
    f.p().dungeon[0][2].improved = "dark_tunnel"
    f.p().trained = 1
    f.plan()
    events = f.do(AddTrainedImp(player="red", add=True))
    fatigue = hits(events, source="fatigue")
    assert [a for _, a, _, _ in fatigue] == [1] * 5


@pytest.mark.spec("CB-07")
def test_CB_07_U_23_the_doubling_and_halving_hooks_apply_in_that_order_before_the_additions():
    sc = one(["warrior_y2_d", "priest_y2_c"], year=2)
    sc["modules"] = ["five_seasons", "unique_opportunities", "new_components"]
    sc["combat_cards"] = ["blind_rage", "create_food", "aura_of_fear", "magic_key", "illusion"]  # blind rage: 3
    for doubled, halved, expected in ((True, False, 6), (False, True, 1), (True, True, 3)):
        card = {**base_card("blind_rage"), "fatigue_doubled": doubled, "fatigue_halved": halved}
        f = Fight(sc, catalog_overrides={"combat_cards": [card]})  # a table's card that uses the hooks
        f.p().trained = 1  # and an addition after them
        f.plan()
        events = f.do(AddTrainedImp(player="red", add=True))
        assert len(hits(events, source="fatigue")) == expected + 1, (doubled, halved)


def base_card(card_id: str) -> dict:
    return base_catalog().combat_cards[card_id].model_dump(mode="json")
