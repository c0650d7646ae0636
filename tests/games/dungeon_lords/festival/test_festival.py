"""Festival Season's ``festival`` module (spec section 4: FE-01..FE-09, NP-01, and the worked examples T-26, T-27):
the Festival of the fifth round, reached in tabletop games of the First Year (the module needs the Unique
Opportunities, which are still being built: see ``opportunity_games``)."""

from __future__ import annotations

import pytest
from opportunity_games import execute, of, play, refused

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import FestivalBid, FestivalPick
from domain.games.dungeon_lords.festival.festival import pick_order
from domain.games.dungeon_lords.state import Festival, Monster
from domain.games.dungeon_lords.views import HIDDEN, view, visible_log

MODULES = ("five_seasons", "unique_opportunities", "festival")
BOARDS = ["harvest_food", "invest_gold", "masquerade", "rent_rooms"]  # placed in rounds 2, 3, 4, 5


def at_festival(players: int = 4, seed: int = 1, **kw):
    """(events, state) as the Festival waits for the bids."""

    def bidding(state) -> bool:
        return state.phase == "festival" and state.festival is not None and not state.festival.revealed

    events, state = play(BOARDS, players=players, seed=seed, modules=MODULES, until=bidding, **kw)
    assert bidding(state), "the game did not reach the Festival"
    return events, state


def picking(state, order: list[str], prizes: list[str] | None = None):
    """The Festival's picks with ``order`` to pick (the bids revealed) and ``prizes`` left (a new state
    object: the engine remembers what the old one waited for)."""
    state = GAME.rules.clone(state)
    state.festival = Festival(prizes=list(prizes or BOARDS), bids=dict.fromkeys(order, 1), revealed=True, order=order)
    return state


@pytest.mark.spec("FE-01", "YR-04")
def test_FE_01_the_festival_is_held_after_the_orders_and_before_production_of_the_fifth_round_only():
    events, _ = play(BOARDS, modules=MODULES, until=lambda s: s.season == 4 and s.phase == "event")
    phases = [(e.season, e.phase) for e in of(events, ev.PhaseBegan)]
    assert [p for p in phases if p[1] == "festival"] == [("festival", "festival")]
    at = phases.index(("festival", "festival"))
    assert phases[at - 1] == ("festival", "actions") and phases[at + 1] == ("festival", "production")
    assert len(of(events, ev.FestivalBegan)) == len(of(events, ev.FestivalEnded)) == 1


@pytest.mark.spec("FE-02", "NP-01", "UO-04")
@pytest.mark.parametrize("players, prizes", [(4, BOARDS), (3, BOARDS[:3]), (2, BOARDS[:2])])
def test_FE_02_NP_01_the_prizes_are_the_year_s_boards_by_player_count(players, prizes):
    events, state = at_festival(players=players)
    assert of(events, ev.FestivalBegan)[0].prizes == prizes
    assert state.board.opportunity == ""  # the fifth round's board is off the central board


@pytest.mark.spec("FE-03", "FE-08")
def test_FE_03_bids_are_secret_simultaneous_and_at_most_the_available_imps():
    _, state = at_festival()
    pending = GAME.engine.pending(state)
    assert sorted(pending.actors) == ["blue", "green", "red", "yellow"]  # everyone at once
    red = state.player("red")
    red.imps, red.imps_busy = 5, 2
    assert [o.imps for o in pending.options("red")] == [0, 1, 2, 3]  # 0 to the 3 not used this round
    assert refused(state, FestivalBid(player="red", imps=4)) == "FESTIVAL_BID_INVALID"
    events, state = GAME.engine.execute(state, FestivalBid(player="red", imps=3))
    assert view(state, "blue")["festival"]["bids"] == {"red": HIDDEN}
    assert view(state, "red")["festival"]["bids"] == {"red": 3}
    assert visible_log(events, "blue")[0]["imps"] == HIDDEN
    assert visible_log(events, "red")[0]["imps"] == 3
    assert refused(state, FestivalBid(player="red", imps=1)) == "NOT_YOUR_TURN"  # one bid each


@pytest.mark.spec("FE-04", "FE-08")
def test_T_26_bids_3_3_1_0_the_3s_at_evil_5_and_7():
    _, state = at_festival()
    evil = {"red": 5, "blue": 7, "green": 3, "yellow": 9}
    bids = {"red": 3, "blue": 3, "green": 1, "yellow": 0}
    for color, value in evil.items():
        p = state.player(color)
        p.evil, p.imps, p.imps_busy = value, 4, 0
    assert pick_order(state, bids) == ["blue", "red", "green"]  # 0 imps: no pick
    events: list = []
    for color, imps in bids.items():
        new, state = GAME.engine.execute(state, FestivalBid(player=color, imps=imps))
        events += new
    revealed = of(events, ev.FestivalBidsRevealed)[0]
    assert revealed.pick_order == ["blue", "red", "green"]
    assert {c: state.player(c).imps_busy for c in bids} == bids  # every imp sent is used, prize or not


@pytest.mark.spec("FE-04")
def test_FE_04_an_evil_tie_goes_to_the_later_player_in_play_order():
    _, state = at_festival()
    state.starting_player = 0  # red starts: the nicest of equals
    for p in state.players:
        p.evil = 6
    assert pick_order(state, {"red": 2, "blue": 2, "green": 2, "yellow": 2}) == ["yellow", "green", "blue", "red"]


@pytest.mark.spec("FE-05", "FE-09")
def test_FE_05_the_simple_prizes_food_gold_and_lose_evil_and_a_taken_board_is_gone():
    _, state = at_festival()
    state = picking(state, ["red", "blue", "green"], ["harvest_food", "invest_gold", "masquerade", "acquire_pet"])
    state.player("green").evil = 7

    def stocks():
        return {p.color: (p.food, p.gold, p.evil) for p in state.players}

    before = stocks()
    _, state = execute(state, FestivalPick(player="red", board="harvest_food"))
    assert refused(state, FestivalPick(player="blue", board="harvest_food")) == "FESTIVAL_BOARD_GONE"
    _, state = execute(state, FestivalPick(player="blue", board="invest_gold"))
    _, state = execute(state, FestivalPick(player="green", board="masquerade"))
    after = stocks()
    food, gold, evil = before["red"]
    assert after["red"] == (food + 1, gold, evil)
    food, gold, evil = before["blue"]
    assert after["blue"] == (food, gold + 1, evil)
    food, gold, evil = before["green"]
    assert after["green"] == (food, gold, 6)
    assert after["yellow"] == before["yellow"]


@pytest.mark.spec("FE-05")
def test_FE_05_acquire_pet_s_prize_is_an_imp_available_from_production():
    _, state = at_festival()
    state = picking(state, ["red"], ["acquire_pet"])
    imps = state.player("red").imps
    events, state = execute(state, FestivalPick(player="red", board="acquire_pet"))
    assert state.player("red").imps == imps + 1 and state.phase == "production"


@pytest.mark.spec("FE-05")
def test_FE_05_improve_tunnels_prize_digs_one_tunnel_by_the_usual_rules_without_an_imp():
    _, state = at_festival()
    state = picking(state, ["red"], ["improve_tunnels"])
    red = state.player("red")
    busy = red.imps_busy
    options = GAME.engine.pending(state).options("red")
    squares = [tuple(o.square) for o in options if o.board == "improve_tunnels"]
    assert squares, "no square to dig"
    taken = next((r, c) for r, row in enumerate(red.dungeon) for c, cell in enumerate(row) if cell is not None)
    assert (
        refused(state, FestivalPick(player="red", board="improve_tunnels", square=taken)) == "FESTIVAL_SQUARE_INVALID"
    )
    events, state = execute(state, FestivalPick(player="red", board="improve_tunnels", square=squares[0]))
    r, c = squares[0]
    assert state.player("red").dungeon[r][c].kind == "tunnel"
    assert state.player("red").imps_busy == busy


@pytest.mark.spec("FE-05")
def test_FE_05_install_traps_prize_draws_one_trap_card_not_buy_traps_extra():
    _, state = at_festival()
    state = picking(state, ["red"], ["install_traps"])
    held = len(state.player("red").traps)
    events, state = execute(state, FestivalPick(player="red", board="install_traps"))
    assert len(of(events, ev.TrapCardsDrawn)) == 1 and len(of(events, ev.TrapCardsDrawn)[0].cards) == 1
    assert len(state.player("red").traps) == held + 1 and not of(events, ev.TrapDiscarded)


@pytest.mark.spec("FE-05", "FE-06", "FE-07")
def test_FE_06_a_monster_from_the_discard_pile_for_one_food_more_than_its_cost():
    _, state = at_festival()
    state = picking(state, ["red"], ["hire_expert"])
    state.board.discards["monsters"] = ["goblin_y1#1"]  # an earlier round's unchosen monster
    red = state.player("red")
    red.food, red.gold, red.evil = 1, 5, 5
    # the goblin costs 1 food: 2 with the Festival's extra food
    assert not [o for o in GAME.engine.pending(state).options("red") if o.board == "hire_expert"]
    assert refused(state, FestivalPick(player="red", board="hire_expert", monster="goblin_y1#1")) == "CANNOT_PAY_FOOD"
    red.food = 2
    events, state = execute(state, FestivalPick(player="red", board="hire_expert", monster="goblin_y1#1"))
    taken = of(events, ev.FestivalPrizeTaken)[0]
    assert taken.paid == {"food": 2} and taken.monster == "goblin_y1#1"
    assert state.player("red").food == 0 and Monster("goblin_y1#1") in state.player("red").monsters
    assert state.board.discards["monsters"] == []


@pytest.mark.spec("FE-05", "FE-06", "FE-07")
def test_FE_06_a_room_from_the_discard_pile_for_one_gold_by_the_placement_rules():
    _, state = at_festival()
    state = picking(state, ["red"], ["rent_rooms"])
    red = state.player("red")
    room = "chicken_coop"  # a First Year room of an earlier offer, discarded
    state.board.discards["rooms"] = [room]
    red.gold = 2
    options = [o for o in GAME.engine.pending(state).options("red") if o.board == "rent_rooms"]
    assert options, "no square for the room"
    assert all(o.room == room for o in options)
    red.gold = 0
    assert not [o for o in GAME.engine.pending(state).options("red") if o.board == "rent_rooms"]
    assert refused(state, options[0]) == "CANNOT_PAY_GOLD"
    red.gold = 2
    events, state = execute(state, options[0])
    r, c = options[0].square
    assert state.player("red").dungeon[r][c].room == room and state.player("red").gold == 1
    assert state.board.discards["rooms"] == []


@pytest.mark.spec("FE-05")
def test_FE_05_taking_nothing_is_always_allowed_and_changes_nothing_but_the_turn():
    _, state = at_festival()
    state = picking(state, ["red", "blue"], ["harvest_food"])
    food = state.player("red").food
    events, state = execute(state, FestivalPick(player="red"))
    assert of(events, ev.FestivalPrizeDeclined) and state.player("red").food == food
    assert GAME.engine.pending(state).actors == ["blue"]


@pytest.mark.spec("FE-06")
def test_T_27_a_monster_hired_at_the_festival_is_paid_again_on_that_round_s_pay_day():
    _, state = at_festival()
    state = GAME.rules.clone(state)
    state.board.event_tiles["festival"] = "pay_day"  # the position: Pay Day in the fifth round
    color = "red"
    state = picking(state, [color], ["hire_expert"])
    state.board.discards["monsters"] = ["goblin_y1#1"]
    p = state.player(color)
    p.food, p.gold = 6, 6
    events, state = execute(state, FestivalPick(player=color, board="hire_expert", monster="goblin_y1#1"))
    assert of(events, ev.FestivalPrizeTaken)[0].paid == {"food": 2}
    # on to that round's Pay Day (the first option of every decision): the goblin's wage is asked for
    seen: list = []
    while state.phase in ("festival", "production", "event"):
        pending = GAME.engine.pending(state)
        new, state = execute(state, pending.options(pending.actors[0])[0])
        seen += new
    wages = [e for e in of(seen, ev.WagePaid) + of(seen, ev.MonsterReleased) if e.monster == "goblin_y1#1"]
    assert wages, "the goblin was not paid on Pay Day"
