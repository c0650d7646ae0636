"""Festival Season's ``unique_opportunities`` module (spec section 3: SU-01, UO-01..UO-07 and the boards built
so far: Harvest Food UO-HF, Masquerade UO-MQ, Invest Gold UO-IG, Acquire Pet UO-AP).

The tests play tabletop games in which the recorder turns up the boards a test needs; the bots answer every
decision and every other draw."""

from __future__ import annotations

import random

import pytest
from opportunity_games import BUILT, COLORS, chance_bot, execute, of, play, refused

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.catalog import base_catalog
from domain.games.dungeon_lords.commands import Decline, HarvestFood, Masquerade, RecordDraw, TakeAction
from domain.games.dungeon_lords.phases.common import catalog
from domain.games.dungeon_lords.ruleset import modules_problem
from domain.games.dungeon_lords.scoring import score
from domain.games.dungeon_lords.views import HIDDEN, view, visible_log
from domain.kernel import CHANCE

MODULES = ["five_seasons", "unique_opportunities"]


def at_board(board: str, space: str, seed: int = 1, **kw):
    """The first moment a minion waits on ``board``'s ``space`` (Year 1; the board turned up first; the
    first seed from ``seed`` on where that happens). The Year's Combat Cards are known (seen at set-up)."""
    others = [b for b in BUILT if b != board]

    def waiting(state) -> bool:
        if state.phase != "actions" or state.board.opportunity != board:
            return False
        pending = GAME.engine.pending(state)
        place = catalog(state).opportunities[board].replaces
        return pending.kind == "action" and pending.detail == {"action": place, "space": space}

    for attempt in range(seed, seed + 20):
        events, state = play(
            [board, *others, "rent_rooms"], seed=attempt, until=lambda s: waiting(s) or s.season > 1, **kw
        )
        if waiting(state):
            known = [c.id for c in catalog(state).combat_cards.values() if c.year == 1]
            state.board.combat_cards = known[: len(state.board.combat_cards)]
            return events, state
    raise AssertionError(f"no minion reached {board} space {space}")


def waiting_player(state) -> str:
    return GAME.engine.pending(state).actors[0]


# --- the stack and the covered place --------------------------------------------------------------------
@pytest.mark.spec("SU-01")
def test_SU_01_the_module_is_playable_and_needs_the_five_seasons():
    assert modules_problem(MODULES) is None
    assert "without five_seasons" in (modules_problem(["unique_opportunities"]) or "")


@pytest.mark.spec("UO-01")
def test_UO_01_eight_boards_each_replacing_one_place_in_its_printed_order():
    _, state = GAME.new_game(["A", "B", "C"], seed=1, variant="full", modules=MODULES)
    boards = catalog(state).opportunities
    assert len(boards) == 8
    assert sorted(b.replaces for b in boards.values()) == sorted(a.id for a in catalog(state).actions)
    stated = {"masquerade": "I II III", "improve_tunnels": "III I II", "install_traps": "III II I"}
    stated |= {"hire_expert": "III II I", "rent_rooms": "III II I"}
    for board, order in stated.items():
        assert " ".join(boards[board].resolve_order) == order
    provisional = {b.id for b in boards.values() if b.status == "provisional"}
    assert provisional == {
        "harvest_food",
        "improve_tunnels",
        "invest_gold",
        "acquire_pet",
        "install_traps",
        "hire_expert",
    }
    assert all(boards[b].notes for b in provisional)  # each says what it assumes
    assert base_catalog().opportunities == {}  # none in the base game, whose catalog hash predates them


@pytest.mark.spec("UO-02", "UO-03", "UO-04")
def test_UO_02_to_04_a_board_turned_up_in_rounds_1_to_4_and_placed_over_its_place_in_rounds_2_to_5():
    events, state = play(
        ["invest_gold", "harvest_food", "masquerade", "rent_rooms"],
        until=lambda s: s.season == 4 and s.phase == "orders",
    )
    season, seen = 0, []
    for e in events:
        if isinstance(e, ev.PhaseBegan) and e.phase == "new_round":
            season += 1
        if isinstance(e, (ev.OpportunityTurnedUp, ev.OpportunityPlaced)):
            seen.append((season, type(e).__name__, e.board))
    assert seen == [
        (1, "OpportunityTurnedUp", "invest_gold"),
        (2, "OpportunityPlaced", "invest_gold"),
        (2, "OpportunityTurnedUp", "harvest_food"),
        (3, "OpportunityPlaced", "harvest_food"),
        (3, "OpportunityTurnedUp", "masquerade"),
        (4, "OpportunityPlaced", "masquerade"),
        (4, "OpportunityTurnedUp", "rent_rooms"),
        (5, "OpportunityPlaced", "rent_rooms"),  # UO-04: and nothing is turned up in round 5
    ]
    assert state.board.opportunity == "rent_rooms" and state.board.opportunity_next == ""
    assert state.board.opportunities_placed == {"1": ["invest_gold", "harvest_food", "masquerade", "rent_rooms"]}


@pytest.mark.spec("UO-05", "SU-01")
def test_UO_05_the_second_year_draws_from_the_four_boards_left():
    _, state = play(
        ["invest_gold", "harvest_food", "masquerade", "rent_rooms"],
        until=lambda s: s.season == 4 and s.phase == "orders",
    )
    state = GAME.rules.evolve(state, ev.YearBegan(year=2, starting_player="red", nonplayer_evil_steps=-2, paladins=[]))
    state = GAME.rules.evolve(state, ev.PhaseBegan(phase="new_round", year=2, season="winter"))
    assert state.board.opportunity == ""  # the First Year's boards are in the box
    pending = GAME.engine.pending(state)
    while pending.chance.what != "opportunities":  # the monsters and rooms come first
        _, state = GAME.engine.execute(state, RecordDraw(cards=pending.chance.pool[: pending.chance.count]))
        pending = GAME.engine.pending(state)
    assert sorted(pending.chance.pool) == ["acquire_pet", "hire_expert", "improve_tunnels", "install_traps"]
    assert refused(state, RecordDraw(cards=["masquerade"])) == "DRAW_IMPOSSIBLE"  # once a game


@pytest.mark.spec("UO-06")
def test_UO_06_the_covering_board_is_reached_with_the_place_s_orders_card_and_answers_by_its_own_rules():
    _, state = at_board("harvest_food", "I")
    pending = GAME.engine.pending(state)
    assert pending.detail["action"] == "get_food"  # the minion stands on Get Food's space
    assert "Harvest Food" in pending.prompt
    color = waiting_player(state)
    assert {type(o) for o in pending.options(color)} <= {HarvestFood, Decline}
    assert refused(state, TakeAction(player=color)) == "WRONG_COMMAND_FOR_ACTION"  # Get Food's own action


@pytest.mark.spec("UO-01", "UO-06")
def test_UO_06_a_board_resolves_in_its_own_order():
    _, state = GAME.new_game(["A", "B"], seed=1, variant="full", modules=MODULES)
    cat = catalog(state)
    order = [(a, i) for a, i in cat.resolution_order_with("improve_tunnels") if a == "dig_tunnels"]
    assert order == [("dig_tunnels", 2), ("dig_tunnels", 0), ("dig_tunnels", 1)]  # III, I, II
    assert [x for x in cat.resolution_order if x[0] == "dig_tunnels"] == [("dig_tunnels", i) for i in (0, 1, 2)]


# --- Harvest Food ---------------------------------------------------------------------------------
@pytest.mark.spec("UO-HF-1", "UO-HF-2", "UO-HF-3")
def test_T_45_harvest_food_III_with_only_the_two_foreimps():
    _, state = at_board(
        "harvest_food", "III", first_orders=dict.fromkeys(("red", "blue", "green", "yellow"), "get_food")
    )
    color = waiting_player(state)
    p = state.player(color)
    p.imps, p.imps_busy, p.evil = 5, 0, 6
    food = p.food
    events, after = execute(state, HarvestFood(player=color, food=0))
    harvested = of(events, ev.FoodHarvested)[0]
    assert (harvested.food, harvested.foreimps, harvested.evil) == (0, 2, -1)
    q = after.player(color)
    assert (q.food, q.imps_busy, q.evil) == (food, 2, 5)


@pytest.mark.spec("UO-HF-1", "UO-HF-2", "UO-HF-3")
def test_UO_HF_space_I_one_imp_a_food_up_to_its_limit_with_a_foreimp_and_nothing_is_declining():
    _, state = at_board("harvest_food", "I", first_orders=dict.fromkeys(COLORS, "get_food"))
    color = waiting_player(state)
    p = state.player(color)
    p.imps, p.imps_busy = 6, 0
    assert refused(state, HarvestFood(player=color, food=0)) == "HARVEST_NEEDS_IMPS"  # U-49: decline instead
    assert refused(state, HarvestFood(player=color, food=3)) == "HARVEST_LIMIT_EXCEEDED"  # U-01: up to 2
    p.imps = 2
    assert refused(state, HarvestFood(player=color, food=2)) == "NOT_ENOUGH_IMPS"  # 2 gatherers + the foreimp
    p.imps = 6
    food, evil = p.food, p.evil
    _, after = execute(state, HarvestFood(player=color, food=2))
    q = after.player(color)
    assert (q.food, q.imps_busy, q.evil) == (food + 2, 3, evil)  # the imps are used for the round


# --- Masquerade ---------------------------------------------------------------------------------------
@pytest.mark.spec("UO-MQ-1", "UO-MQ-2", "UO-MQ-4", "UO-MQ-5")
def test_T_24_masquerade_spaces_I_II_III_in_a_4_player_game():
    players = ("red", "blue", "green")
    _, state = at_board("masquerade", "I", first_orders=dict.fromkeys(players, "improve_reputation"))
    on = {pl.space: pl.color for pl in state.board.spaces["improve_reputation"] if pl}
    assert len(on) == 3 and "yellow" not in on.values()
    for p in state.players:
        p.evil, p.gold = 4, 3
    before = {p.color: p.evil for p in state.players}
    gold_i, gold_iii = state.player(on["I"]).gold, state.player(on["III"]).gold
    for space in ("I", "II", "III"):  # I, II, III: the printed order
        assert GAME.engine.pending(state).detail["space"] == space
        color = waiting_player(state)
        command = Masquerade(player=color, spy=None if space == "I" else 1)
        events, state = execute(state, command)
        assert len(of(events, ev.MasqueradeHeld)) == 1  # every Evil change at once
    gained = {p.color: p.evil - before[p.color] for p in state.players}
    assert gained == {on["I"]: 2, on["II"]: 2, on["III"]: 1, "yellow": 3}
    assert state.player(on["I"]).gold == gold_i + 1
    assert state.player(on["III"]).gold == gold_iii - 1


@pytest.mark.spec("UO-MQ-5")
def test_UO_MQ_5_gaining_evil_at_the_masquerade_stops_at_the_top():
    _, state = at_board("masquerade", "I")
    color = waiting_player(state)
    for p in state.players:
        p.evil = 15 if p.color != color else 5
    events, after = execute(state, Masquerade(player=color))
    assert all(q.evil <= 15 for q in after.players)
    assert [q.evil for q in after.players if q.color != color] == [15] * 3


@pytest.mark.spec("UO-MQ-3")
def test_T_25_masquerade_II_puts_the_card_back_anywhere_and_spied_knowledge_follows_the_card():
    _, state = at_board(
        "masquerade", "II", first_orders=dict.fromkeys(("red", "blue", "green", "yellow"), "improve_reputation")
    )
    color = waiting_player(state)
    cards = list(state.board.combat_cards)
    other = next(p for p in state.players if p.color != color)
    other.spied = {"1": cards[0], "4": cards[3]}  # what another player saw earlier
    events, after = execute(state, Masquerade(player=color, spy=4, put_back=1))
    moved = of(events, ev.CombatCardMoved)[0]
    assert (moved.from_position, moved.to_position) == (4, 1)  # announced: public
    assert after.board.combat_cards == [cards[3], *cards[:3], *cards[4:]]
    assert after.player(other.color).spied == {"2": cards[0], "1": cards[3]}
    assert after.player(color).spied["1"] == cards[3]


@pytest.mark.spec("UO-MQ-3", "UO-MQ-4")
def test_UO_MQ_4_space_III_returns_the_card_to_the_same_position_and_must_spy():
    _, state = at_board(
        "masquerade", "III", first_orders=dict.fromkeys(("red", "blue", "green", "yellow"), "improve_reputation")
    )
    color = waiting_player(state)
    state.player(color).gold = 3
    assert refused(state, Masquerade(player=color, spy=2, put_back=1)) == "SPY_PUT_BACK_IN_PLACE"
    assert refused(state, Masquerade(player=color)) == "SPY_REQUIRED"
    options = GAME.engine.pending(state).options(color)
    assert all(o.put_back is None for o in options if isinstance(o, Masquerade))
    state.player(color).gold = 0
    assert refused(state, Masquerade(player=color, spy=1)) == "CANNOT_PAY_GOLD"


@pytest.mark.spec("UO-MQ-5", "NP-02")
def test_UO_MQ_5_the_two_player_non_player_counter_never_gains_at_the_masquerade():
    events, state2 = play(
        ["masquerade", "harvest_food", "invest_gold", "rent_rooms"],
        players=2,
        seed=2,
        first_orders={"red": "improve_reputation", "blue": "improve_reputation"},
        until=lambda s: s.season == 2,
    )
    held = of(events, ev.MasqueradeHeld)
    assert held, "nobody went to the Masquerade"
    nonplayers = {np.color for np in state2.nonplayers}
    assert all(not (set(h.evil) & nonplayers) for h in held)


# --- Invest Gold -----------------------------------------------------------------------------------------
@pytest.mark.spec("UO-IG-1")
def test_T_44_invest_gold_then_build_room_in_the_same_round_the_return_cannot_pay():
    _, state = at_board("invest_gold", "I", first_orders=dict.fromkeys(COLORS, "mine_gold"))
    color = waiting_player(state)
    state.player(color).gold = 1
    events, state = execute(state, TakeAction(player=color))
    invested = of(events, ev.GoldInvested)[0]
    assert (invested.paid, invested.returns) == (1, 2)  # provisional, spec U-02
    assert state.player(color).gold == 0 and state.player(color).gold_invested == 2
    # until the Orders Phase ends the return pays for nothing: every later order of this player meets 0 gold
    while state.phase == "actions":
        pending = GAME.engine.pending(state)
        actor = pending.actors[0]
        if actor == color:
            assert state.player(color).gold == 0
        command = (
            chance_bot([])(state, pending, actor, random.Random(0)) if actor == CHANCE else pending.options(actor)[-1]
        )
        events, state = execute(state, command)
        if state.phase != "actions":
            returned = of(events, ev.InvestmentReturned)
            assert [(r.color, r.gold) for r in returned if r.color == color] == [(color, 2)]
    assert state.phase == "production" and state.player(color).gold >= 2 and state.player(color).gold_invested == 0


@pytest.mark.spec("UO-IG-1")
def test_UO_IG_1_investing_costs_the_space_s_gold_in_full():
    _, state = at_board(
        "invest_gold", "III", first_orders=dict.fromkeys(("red", "blue", "green", "yellow"), "mine_gold")
    )
    color = waiting_player(state)
    state.player(color).gold = 2
    assert refused(state, TakeAction(player=color)) == "CANNOT_PAY_GOLD"  # space III: 3 gold


# --- Acquire Pet -------------------------------------------------------------------------------------------
@pytest.mark.spec("UO-AP-1", "UO-AP-2", "PE-05")
def test_UO_AP_space_II_pays_a_food_for_an_imp_and_a_pet_drawn_face_down():
    _, state = at_board("acquire_pet", "II", first_orders=dict.fromkeys(COLORS, "recruit_imps"))
    color = waiting_player(state)
    p = state.player(color)
    p.food = 2
    imps, free, deck = p.imps, p.imps - p.imps_busy, len(state.board.pet_deck)
    events, after = execute(state, TakeAction(player=color))
    acquired = of(events, ev.PetsAcquired)[0]
    assert (acquired.paid, acquired.imps, acquired.pets) == ({"food": 1}, 1, 1)  # provisional, spec U-03
    (drawn,) = of(events, ev.PetsDrawn)
    q = after.player(color)
    assert q.pets == drawn.cards and len(drawn.cards) == 1 and len(after.board.pet_deck) == deck - 1
    assert (q.food, q.imps, q.imps - q.imps_busy) == (1, imps + 1, free + 1)  # the new imp did no job
    other = next(c for c in COLORS if c != color)
    assert visible_log(events, other)[-1]["cards"] == [HIDDEN]  # face down: only the drawer sees it
    assert view(after, other)["players"][COLORS.index(color)]["pets"] == [HIDDEN]


@pytest.mark.spec("UO-AP-1", "PE-05", "PE-09")
def test_UO_AP_space_I_is_free_and_the_pet_scores_at_the_show_without_the_pets_module():
    _, state = at_board("acquire_pet", "I", first_orders=dict.fromkeys(COLORS, "recruit_imps"))
    color = waiting_player(state)
    p = state.player(color)
    food, imps = p.food, p.imps
    _, after = execute(state, TakeAction(player=color))
    q = after.player(color)
    assert (q.food, q.imps, len(q.pets)) == (food, imps, 1)
    assert "pets" not in after.modules  # the beasts sneak in through the opportunity
    assert score(after)[COLORS.index(color)].lines["pets"] == 1
