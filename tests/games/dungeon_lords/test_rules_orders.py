"""Orders Phase: selecting, revealing and placing orders; 3- and 2-player non-player orders;
Hire Monster as first order (full game); Orders Retrieval; refused order choices."""

from __future__ import annotations

import pytest
from helpers import (
    COLORS,
    assert_refused,
    choose_orders,
    drive,
    drive_to,
    drive_to_action,
    make_scenario,
    orders_round,
    placements,
    start,
    tabletop_game,
)

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import ChooseOrders, Decline, RetrieveOrder, TakeAction

EVERYONE = ["mine_gold", "get_food", "dig_tunnels"]


def _four(starting: str = "red", hands=None, **kw):
    hands = hands or dict.fromkeys(COLORS, EVERYONE)
    return start(make_scenario(4, starting=starting, hands=hands, **kw))


# --- Revealing Orders ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "starting, order",
    [
        ("red", ["red", "blue", "green", "yellow"]),
        ("green", ["green", "yellow", "red", "blue"]),
        ("yellow", ["yellow", "red", "blue", "green"]),
    ],
)
def test_mine_gold_example_spaces_in_play_order_fourth_shut_out(starting, order):
    # Rulebook › Orders Phase › Revealing Orders › Example: all 4 players choose Mine Gold; spaces
    # I, II, III go clockwise from the starting player and the 4th minion sits on the Orders Card.
    t = _four(starting)
    placed = orders_round(t, dict.fromkeys(COLORS, EVERYONE))
    first = [(e.color, e.space) for e in placed if e.slot == 0]
    assert first == [(order[0], "I"), (order[1], "II"), (order[2], "III"), (order[3], None)]
    assert placements(t.state, "mine_gold") == order[:3]
    shut = [(pl.color, pl.action) for pl in t.state.board.shut_out]
    assert (order[3], "mine_gold") in shut


def test_minion_goes_to_lowest_free_space():
    # Rulebook › Orders Phase › Revealing Orders: "the first empty space (the one with the lowest number)"
    hands = {
        "red": ["dig_tunnels", "mine_gold", "get_food"],
        "blue": ["mine_gold", "dig_tunnels", "get_food"],
        "green": ["get_food", "mine_gold", "dig_tunnels"],
        "yellow": ["get_food", "dig_tunnels", "mine_gold"],
    }
    t = _four(hands=hands)
    orders_round(t, hands)
    assert placements(t.state, "dig_tunnels") == ["red", "blue", "yellow"]  # slot 0, 1, 1
    assert placements(t.state, "mine_gold") == ["blue", "red", "green"]
    assert placements(t.state, "get_food") == ["green", "yellow", "red"]  # red's third order is last
    # the third orders find every space taken: those minions sit on their Orders Cards
    assert [(pl.color, pl.action, pl.slot) for pl in t.state.board.shut_out] == [
        ("blue", "get_food", 2),
        ("green", "dig_tunnels", 2),
        ("yellow", "mine_gold", 2),
    ]


def test_placement_goes_slot_by_slot():
    # Rulebook › Orders Phase › Revealing Orders: everyone reveals the first card and places it,
    # clockwise; only then the second card; then the third.
    hands = {
        "red": ["get_food", "mine_gold", "dig_tunnels"],
        "blue": ["dig_tunnels", "get_food", "mine_gold"],
        "green": ["mine_gold", "dig_tunnels", "get_food"],
        "yellow": ["get_food", "dig_tunnels", "mine_gold"],
    }
    t = _four(starting="blue", hands=hands)
    drive_to(t, "choose_orders")
    mark = len(t.events)
    choose_orders(t, hands)
    log = [e for e in t.events[mark:] if isinstance(e, (ev.OrdersRevealed, ev.MinionPlaced))]
    kinds = [("R", e.slot) if isinstance(e, ev.OrdersRevealed) else (e.color, e.slot) for e in log]
    play = ["blue", "green", "yellow", "red"]
    assert kinds == [
        ("R", 0),
        *[(c, 0) for c in play],
        ("R", 1),
        *[(c, 1) for c in play],
        ("R", 2),
        *[(c, 2) for c in play],
    ]
    # yellow's SECOND order takes the last Dig Tunnels space before red's THIRD order is placed
    assert placements(t.state, "dig_tunnels") == ["blue", "green", "yellow"]
    assert placements(t.state, "mine_gold") == ["green", "red", "blue"]
    assert [(pl.color, pl.action) for pl in t.state.board.shut_out] == [
        ("green", "get_food"),
        ("yellow", "mine_gold"),
        ("red", "dig_tunnels"),
    ]


def test_orders_are_secret_until_revealed_and_others_can_still_choose():
    # Rulebook › Orders Phase › Selecting Orders: all players decide simultaneously
    t = _four()
    drive_to(t, "choose_orders")
    t.do(ChooseOrders(player="blue", orders=EVERYONE))
    p = t.pending
    assert p.kind == "choose_orders" and set(p.actors) == {"red", "green", "yellow"}
    assert not t.of_type(ev.MinionPlaced)


# --- Full Game › Recruiting as First Order ------------------------------------------------------------
def _hire_game(
    variant,
    red_gold=3,
    red_orders=("hire_monster", "get_food", "mine_gold"),
    blue_orders=("hire_monster", "get_food", "mine_gold"),
):
    hands = {"red": list(red_orders), "blue": list(blue_orders), "green": EVERYONE, "yellow": EVERYONE}
    t = start(make_scenario(4, variant=variant, hands=hands, players={"red": {"gold": red_gold}}))
    placed = orders_round(
        t, {"red": list(red_orders), "blue": list(blue_orders), "green": EVERYONE, "yellow": EVERYONE}
    )
    return t, placed


def test_full_game_hire_monster_as_first_order_costs_one_gold():
    # Rulebook › Full Game › Recruiting as First Order: "if you play the card as your first order, it costs you 1 Gold"
    t, placed = _hire_game("full")
    red = next(e for e in placed if e.color == "red" and e.action == "hire_monster")
    assert red.fee_paid == 1 and red.space == "I"
    assert t.player("red").gold == 2 and t.player("blue").gold == 2


def test_full_game_hire_monster_as_later_order_is_free():
    # Rulebook › Full Game › Recruiting as First Order: only the FIRST order pays
    t, placed = _hire_game("full", red_orders=("get_food", "hire_monster", "mine_gold"))
    red = next(e for e in placed if e.color == "red" and e.action == "hire_monster")
    assert red.fee_paid == 0 and t.player("red").gold == 3


def test_full_game_hire_monster_first_with_no_gold_goes_on_the_card_and_leaves_the_space_open():
    # Rulebook › Full Game › Recruiting as First Order: "If you have no Gold ... your Minion Figure is
    # placed directly on the card ... (which leaves the space open for another player to use)"
    t, placed = _hire_game("full", red_gold=0)
    red = next(e for e in placed if e.color == "red" and e.action == "hire_monster")
    assert red.space is None and red.fee_paid == 0
    assert placements(t.state, "hire_monster") == ["blue", None, None]
    assert any(pl.color == "red" and pl.action == "hire_monster" for pl in t.state.board.shut_out)
    assert t.player("red").gold == 0


def test_first_game_hire_monster_first_order_has_no_fee():
    # Rulebook › Orders Phase ("Don't worry about the funny pictogram on this card. It only applies to the full game.")
    t, placed = _hire_game("first_game", red_gold=0)
    red = next(e for e in placed if e.color == "red" and e.action == "hire_monster")
    assert red.space == "I" and red.fee_paid == 0
    assert t.player("red").gold == 0 and t.player("blue").gold == 3


# --- The Orders Phase with 3 Players -----------------------------------------------------------------
def test_three_players_nonplayer_orders_occupy_space_two():
    # Rulebook › The Orders Phase with 3 Players: 3 random non-player orders go on space II; "the first
    # player there gets space I and the second player gets space III"; a third player is shut out.
    hands = dict.fromkeys(COLORS[:3], EVERYONE)
    sc = make_scenario(3, hands=hands)
    t = start(sc, draws={("order_cards", "yellow"): [["mine_gold", "dig_tunnels", "get_food"]]})
    drive_to(t, "choose_orders")
    for action in ("mine_gold", "dig_tunnels", "get_food"):
        assert placements(t.state, action) == [None, "yellow", None]
    choose_orders(t, hands)
    for action in ("mine_gold", "dig_tunnels", "get_food"):
        assert placements(t.state, action) == ["red", "yellow", "blue"]
    assert {(pl.color, pl.action) for pl in t.state.board.shut_out} == {
        ("green", "mine_gold"),
        ("green", "dig_tunnels"),
        ("green", "get_food"),
    }
    # the 3 drawn orders become the non-player's inaccessible orders; the other 5 form its deck
    np = t.state.nonplayers[0]
    assert sorted(np.inaccessible) == sorted(["mine_gold", "dig_tunnels", "get_food"])
    # "When it comes time for a non-player minion action, simply return the Minion Figure"
    drive(t, lambda p: t.state.phase == "production")
    assert not [e for e in t.events if isinstance(e, (ev.ActionTaken, ev.ActionDeclined)) and e.color == "yellow"]
    assert sorted(np.deck) == sorted(["improve_reputation", "recruit_imps", "buy_traps", "hire_monster", "build_room"])


def test_three_players_nonplayer_draws_from_its_five_accessible_cards():
    # Rulebook › The Orders Phase with 3 Players: "Shuffle the remaining 5 cards and choose 3 at random"
    t = start(make_scenario(3, hands=dict.fromkeys(COLORS[:3], EVERYONE)), draws={})
    what, cards = t.recorded[0]  # the Table recorded the default draw from the pool offered
    assert what == "order_cards" and len(cards) == 3
    assert not set(cards) & {"buy_traps", "build_room", "recruit_imps"}  # the NP's inaccessible cards


def test_three_player_draw_of_an_inaccessible_nonplayer_card_is_impossible():
    # Rulebook › The Orders Phase with 3 Players (the 3 inaccessible cards are not shuffled in)
    from domain.games.dungeon_lords.commands import RecordDraw
    from domain.games.dungeon_lords.engine import from_scenario

    _, state = from_scenario(make_scenario(3))
    assert_refused(state, RecordDraw(cards=["buy_traps", "get_food", "mine_gold"]), "DRAW_IMPOSSIBLE")
    assert_refused(state, RecordDraw(cards=["get_food", "mine_gold"]), "DRAW_IMPOSSIBLE")


# --- The Orders Phase with 2 Players -----------------------------------------------------------------
def _two(draw_green, draw_yellow):
    sc = make_scenario(
        2,
        hands={"red": EVERYONE + ["recruit_imps"], "blue": EVERYONE + ["recruit_imps"]},
        nonplayers=[
            {"color": "green", "inaccessible": ["buy_traps", "build_room", "hire_monster"]},
            {"color": "yellow", "inaccessible": ["buy_traps", "build_room", "hire_monster"]},
        ],
    )
    return start(sc, draws={("order_cards", "green"): [draw_green], ("order_cards", "yellow"): [draw_yellow]})


def test_two_players_random_nonplayer_orders_on_space_two_then_three():
    # Rulebook › The Orders Phase with 2 Players: random non-player orders go on space II; "If both
    # non-player colors choose the same Orders Card, one will go on space II and the other on space III."
    t = _two(["mine_gold", "dig_tunnels"], ["mine_gold", "get_food"])
    drive_to(t, "choose_orders")
    assert placements(t.state, "mine_gold") == [None, "green", "yellow"]
    assert placements(t.state, "dig_tunnels") == [None, "green", None]
    assert placements(t.state, "get_food") == [None, "yellow", None]


def test_two_players_chosen_third_nonplayer_orders_go_on_space_one_then_two():
    # Rulebook › The Orders Phase with 2 Players: the chosen third non-player order goes on space I;
    # "If both players chose the same order, put one on space I and the other on space II"
    t = _two(["mine_gold", "dig_tunnels"], ["get_food", "improve_reputation"])
    drive_to(t, "choose_orders")
    mark = len(t.events)
    choose_orders(
        t,
        {
            "red": (["recruit_imps", "get_food", "dig_tunnels"], "recruit_imps"),
            "blue": (["recruit_imps", "mine_gold", "get_food"], "recruit_imps"),
        },
    )
    placed = t.of_type(ev.MinionPlaced, mark)
    # the non-player minions are placed before any player order is revealed
    assert [(e.color, e.space, e.nonplayer) for e in placed[:2]] == [("green", "I", True), ("yellow", "II", True)]
    assert placements(t.state, "recruit_imps") == ["green", "yellow", "red"]
    assert any(pl.color == "blue" and pl.action == "recruit_imps" for pl in t.state.board.shut_out)
    # the player minions take the first unoccupied space around the non-player ones
    assert placements(t.state, "get_food") == ["red", "yellow", "blue"]
    assert placements(t.state, "mine_gold") == ["blue", "green", None]
    # the non-player's 2 random + 1 chosen orders become its inaccessible orders
    green = next(np for np in t.state.nonplayers if np.color == "green")
    assert sorted(green.inaccessible) == sorted(["mine_gold", "dig_tunnels", "recruit_imps"])
    assert len(green.deck) == 5


def test_two_players_must_choose_a_nonplayer_order_from_the_three_left():
    # Rulebook › The Orders Phase with 2 Players: "Each player will be left with a hand of 3 non-player
    # Orders Cards. ... you will also choose a third order for your non-player color"
    t = _two(["mine_gold", "dig_tunnels"], ["get_food", "improve_reputation"])
    drive_to(t, "choose_orders")
    mine = ["recruit_imps", "get_food", "dig_tunnels"]
    assert_refused(t, ChooseOrders(player="red", orders=mine), "NONPLAYER_ORDER_REQUIRED")
    assert_refused(t, ChooseOrders(player="red", orders=mine, nonplayer_order="mine_gold"), "NONPLAYER_ORDER_REQUIRED")
    assert_refused(
        t, ChooseOrders(player="red", orders=mine, nonplayer_order="hire_monster"), "NONPLAYER_ORDER_REQUIRED"
    )
    green_hand = {o.nonplayer_order for o in t.pending.options("red")}
    assert green_hand == {"get_food", "improve_reputation", "recruit_imps"}


def test_nonplayer_order_is_refused_with_three_or_four_players():
    # Rulebook › The Orders Phase with 3 Players (non-player orders are all random)
    t = start(make_scenario(3, hands=dict.fromkeys(COLORS[:3], EVERYONE)))
    drive_to(t, "choose_orders")
    assert_refused(
        t, ChooseOrders(player="red", orders=EVERYONE, nonplayer_order="get_food"), "NONPLAYER_ORDER_UNEXPECTED"
    )


# --- Orders Retrieval --------------------------------------------------------------------------------
OTHERS = ["improve_reputation", "recruit_imps", "buy_traps"]


def _retrieval_game():
    hands = {"red": EVERYONE, "blue": OTHERS, "green": OTHERS, "yellow": OTHERS}
    t = _four(hands=hands)
    orders_round(
        t, {"red": ["get_food", "dig_tunnels", "mine_gold"], "blue": OTHERS, "green": OTHERS, "yellow": OTHERS}
    )
    old_inaccessible = list(t.player("red").inaccessible)
    old_hand = list(t.player("red").hand)

    def policy(state, p, actor):
        if p.kind == "action" and actor == "red" and p.detail["action"] in ("get_food", "mine_gold"):
            return TakeAction(player="red") if p.detail["action"] == "get_food" else p.options("red")[0]
        return None

    p = drive_to(t, "production", "red", policy=policy)
    return t, p, old_inaccessible, old_hand


def test_retrieval_offers_the_first_card_or_one_not_carried_out():
    # Rulebook › Production and Orders Retrieval Phase › Orders Retrieval
    t, p, _, _ = _retrieval_game()
    cards = {o.card for o in p.options("red") if isinstance(o, RetrieveOrder)}
    assert cards == {"get_food", "dig_tunnels"}  # mine_gold was carried out
    assert_refused(t, RetrieveOrder(player="red", card="mine_gold"), "RETRIEVE_NOT_ALLOWED")
    assert_refused(t, RetrieveOrder(player="red", card="recruit_imps"), "RETRIEVE_NOT_ALLOWED")


def test_retrieval_the_other_two_become_inaccessible_and_the_hand_is_six_again():
    # Rulebook › Orders Retrieval: "Take back the two inaccessible Orders Cards ... you may only take back
    # 1 of the 3 cards you chose for this round. The other 2 become inaccessible."
    t, p, old_inaccessible, old_hand = _retrieval_game()
    t.do(RetrieveOrder(player="red", card="dig_tunnels"))
    red = t.player("red")
    assert sorted(red.inaccessible) == ["get_food", "mine_gold"]
    assert len(red.hand) == 6
    assert sorted(red.hand) == sorted(old_hand + old_inaccessible + ["dig_tunnels"])
    assert red.orders == []


def test_retrieval_of_a_shut_out_order():
    # Rulebook › Orders Retrieval: a minion on the Orders Card (shut out) marks an order not carried out
    t = _four()
    orders_round(t, dict.fromkeys(COLORS, EVERYONE))
    p = drive_to(t, "production", "yellow")
    cards = {o.card for o in p.options("yellow") if isinstance(o, RetrieveOrder)}
    assert cards == set(EVERYONE)  # all three of yellow's minions were shut out


def test_retrieval_is_automatic_when_only_the_first_card_can_come_back():
    # Rulebook › Orders Retrieval (every order carried out: only the first card can come back)
    t = _four()
    orders_round(
        t, {"red": ["mine_gold", "get_food", "dig_tunnels"], "blue": EVERYONE, "green": EVERYONE, "yellow": EVERYONE}
    )

    def policy(state, p, actor):
        if actor == "red" and p.kind in ("action", "digging"):
            return p.options("red")[0]  # carry out everything (dig as much as possible)
        return None

    drive(t, lambda p: any(e.color == "red" for e in t.of_type(ev.OrdersRetrieved)), policy=policy)
    assert not any(isinstance(e, ev.ActionDeclined) and e.color == "red" for e in t.events)
    got = next(e for e in t.of_type(ev.OrdersRetrieved) if e.color == "red")
    assert got.card == "mine_gold" and sorted(got.inaccessible) == ["dig_tunnels", "get_food"]


# --- refusals ------------------------------------------------------------------------------------------
def test_choosing_an_inaccessible_card_is_refused():
    # Rulebook › Orders Phase › Selecting Orders: you choose from the 6 cards in your hand
    t = _four()
    drive_to(t, "choose_orders")
    bad = t.player("red").inaccessible[0]
    err = assert_refused(t, ChooseOrders(player="red", orders=[bad, "get_food", "mine_gold"]), "ORDER_NOT_IN_HAND")
    assert "inaccessible" in err.message


@pytest.mark.parametrize(
    "orders",
    [["get_food", "mine_gold"], ["get_food"], [], ["get_food", "mine_gold", "dig_tunnels", "improve_reputation"]],
)
def test_choosing_other_than_three_orders_is_refused(orders):
    # Rulebook › Orders Phase › Selecting Orders: "Choose 3 orders"
    t = _four()
    drive_to(t, "choose_orders")
    assert_refused(t, ChooseOrders(player="red", orders=orders), "ORDERS_NEED_THREE")


def test_choosing_the_same_card_twice_is_refused():
    # Rulebook › Orders Phase › Selecting Orders (3 different cards)
    t = _four()
    drive_to(t, "choose_orders")
    assert_refused(t, ChooseOrders(player="red", orders=["get_food", "get_food", "mine_gold"]), "ORDERS_NEED_THREE")


def test_unknown_order_card_is_refused():
    t = _four()
    drive_to(t, "choose_orders")
    assert_refused(t, ChooseOrders(player="red", orders=["nap", "get_food", "mine_gold"]), "ORDER_NOT_IN_HAND")


def test_acting_for_another_player_is_refused():
    # Rulebook › Executing Orders: "When it is your minion's turn, you perform the indicated action"
    t = _four()
    orders_round(t, dict.fromkeys(COLORS, EVERYONE))
    p = drive_to_action(t, "get_food", "I")
    assert p.actors == ["red"]
    assert_refused(t, TakeAction(player="blue"), "NOT_YOUR_TURN")
    assert_refused(t, Decline(player="green"), "NOT_YOUR_TURN")
    assert_refused(t, TakeAction(player="purple"), "NOT_YOUR_TURN")


def test_choosing_orders_twice_is_refused():
    # Rulebook › Orders Phase › Selecting Orders (each player places 3 cards once)
    t = _four()
    drive_to(t, "choose_orders")
    t.do(ChooseOrders(player="red", orders=EVERYONE))
    assert_refused(
        t, ChooseOrders(player="red", orders=["improve_reputation", "get_food", "mine_gold"]), "NOT_YOUR_TURN"
    )


def test_orders_refused_outside_the_orders_phase():
    t = _four()
    orders_round(t, dict.fromkeys(COLORS, EVERYONE))
    assert_refused(
        t, ChooseOrders(player="red", orders=["improve_reputation", "recruit_imps", "buy_traps"]), "UNEXPECTED_COMMAND"
    )


def test_full_game_set_up_choose_two_of_three_drawn_inaccessible_orders():
    # Rulebook › Full Game › Choosing Initial Inaccessible Orders: draw three, choose two
    from domain.games.dungeon_lords.commands import ChooseInaccessibleOrders

    t = tabletop_game(3, variant="full", inaccessible={"red": ["get_food", "mine_gold", "dig_tunnels"]})
    p = t.pending
    assert p.kind == "choose_inaccessible_orders"
    assert_refused(
        t, ChooseInaccessibleOrders(player="red", cards=["get_food", "build_room"]), "INACCESSIBLE_CHOICE_INVALID"
    )
    assert_refused(
        t, ChooseInaccessibleOrders(player="red", cards=["get_food", "get_food"]), "INACCESSIBLE_CHOICE_INVALID"
    )
    assert_refused(
        t,
        ChooseInaccessibleOrders(player="red", cards=["get_food", "mine_gold", "dig_tunnels"]),
        "INACCESSIBLE_CHOICE_INVALID",
    )
    t.do(ChooseInaccessibleOrders(player="red", cards=["get_food", "mine_gold"]))
    red = t.player("red")
    assert sorted(red.inaccessible) == ["get_food", "mine_gold"]
    assert "dig_tunnels" in red.hand and len(red.hand) == 6


def test_first_game_set_up_two_random_inaccessible_orders():
    # Rulebook › Setup › Player Board: "Shuffle your deck of Orders Cards and choose 2 at random"
    t = tabletop_game(4, inaccessible={"blue": ["hire_monster", "build_room"]})
    blue = t.player("blue")
    assert sorted(blue.inaccessible) == ["build_room", "hire_monster"] and len(blue.hand) == 6
    assert t.pending.kind == "choose_orders"
