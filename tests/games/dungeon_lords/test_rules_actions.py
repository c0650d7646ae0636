"""Executing Orders and the Description of Actions: each action on each space (cost and reward),
declining, Evil as a cost at the top, digging, mining, rooms, recruited imps, and Production."""

from __future__ import annotations

import pytest
from helpers import (
    COLORS,
    assert_refused,
    drive,
    drive_to,
    drive_to_action,
    drive_to_phase,
    make_scenario,
    orders_round,
    start,
)

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import (
    BuildRoom,
    Decline,
    DigTunnel,
    HireMonster,
    ImproveReputation,
    MineGold,
    Produce,
    RetrieveOrder,
    StopDigging,
    TakeAction,
)
from domain.games.dungeon_lords.phases.common import trolls

AT = {"I": "red", "II": "blue", "III": "green"}  # starting player red; everyone plays the action first
FILL = ["recruit_imps", "improve_reputation", "get_food", "mine_gold"]


def _orders(action: str, first=None) -> list[str]:
    fill = [c for c in FILL if c != action][:2]
    return [action, *fill]


def at_space(action: str, space: str, *, players=None, variant="first_game", year=1, draws=None, **kw):
    """4 players all choose ``action`` first (red I, blue II, green III, yellow shut out); every
    earlier action is declined; returns the Table waiting for the minion on ``space``."""
    hands = {c: _orders(action) for c in COLORS}
    t = start(make_scenario(4, variant=variant, year=year, hands=hands, players=players or {}, **kw), draws=draws)
    orders_round(t, hands)
    drive_to_action(t, action, space)
    return t


def resources(p) -> dict:
    return {
        "gold": p.gold,
        "food": p.food,
        "evil": p.evil,
        "imps": p.imps,
        "traps": len(p.traps),
        "imps_busy": p.imps_busy,
    }


def delta(before: dict, after: dict) -> dict:
    return {k: after[k] - before[k] for k in before if after[k] != before[k]}


# --- simple actions on each space ---------------------------------------------------------------------
SIMPLE = [
    # Rulebook › Description of Actions › Get Food
    ("get_food", "I", {"gold": -1, "food": 2}),
    ("get_food", "II", {"evil": 1, "food": 3}),
    ("get_food", "III", {"evil": 2, "food": 3, "gold": 1}),
    # Rulebook › Description of Actions › Recruit Imps
    ("recruit_imps", "I", {"food": -1, "imps": 1}),
    ("recruit_imps", "II", {"food": -2, "imps": 2}),
    ("recruit_imps", "III", {"food": -1, "gold": -1, "imps": 2}),
    # Rulebook › Description of Actions › Buy Traps
    ("buy_traps", "I", {"gold": -1, "traps": 1}),
    ("buy_traps", "II", {"traps": 1}),
    ("buy_traps", "III", {"gold": -2, "traps": 2}),
]


@pytest.mark.parametrize("action, space, change", SIMPLE)
def test_simple_action_cost_and_reward(action, space, change):
    # Rulebook › Executing Orders: "If you pay that cost, you get the thing the arrow points to."
    t = at_space(action, space)
    color = AT[space]
    before = resources(t.player(color))
    deck = len(t.state.board.trap_deck)
    events = t.do(TakeAction(player=color))
    assert delta(before, resources(t.player(color))) == change
    taken = next(e for e in events if isinstance(e, ev.ActionTaken))
    assert (taken.color, taken.action, taken.space) == (color, action, space)
    if action == "buy_traps":
        drawn = next(e for e in events if isinstance(e, ev.TrapCardsDrawn))
        assert len(drawn.cards) == change["traps"] and len(t.state.board.trap_deck) == deck - change["traps"]
        assert sorted(t.player(color).traps) == sorted(drawn.cards)


@pytest.mark.parametrize(
    "space, change, spy",
    [
        # Rulebook › Description of Actions › Improve Reputation
        ("I", {"evil": -1}, True),
        ("II", {"evil": -2}, False),
        ("III", {"gold": -1, "evil": -2}, True),
    ],
)
def test_improve_reputation_each_space(space, change, spy):
    t = at_space("improve_reputation", space)
    color = AT[space]
    before = resources(t.player(color))
    if not spy:
        assert_refused(t, ImproveReputation(player=color, spy=1), "SPY_NOT_ON_SPACE")
        t.do(ImproveReputation(player=color))
    else:
        events = t.do(ImproveReputation(player=color, spy=3))
        seen = next(e for e in events if isinstance(e, ev.CombatCardSpied))
        assert seen.position == 3 and seen.card == t.state.board.combat_cards[2]
        assert t.player(color).spied == {"3": t.state.board.combat_cards[2]}
    assert delta(before, resources(t.player(color))) == change


@pytest.mark.parametrize("spy", [0, 5, -1])
def test_spy_position_must_be_one_of_the_four_cards(spy):
    # Rulebook › Improve Reputation: "you can look at any one of the four Combat Cards"
    t = at_space("improve_reputation", "I")
    assert_refused(t, ImproveReputation(player="red", spy=spy), "SPY_POSITION_INVALID")


def test_improve_reputation_stops_at_the_bottom():
    # Rulebook › Improve Reputation: "move your Evil Counter down ... (unless you are already at the bottom)"
    t = at_space("improve_reputation", "II", players={"blue": {"evil": 2}})
    t.do(ImproveReputation(player="blue"))
    assert t.player("blue").evil == 1


def test_declining_pays_nothing_and_leaves_the_minion_on_the_card():
    # Rulebook › Executing Orders: "you can decide not to perform that action and move your Minion
    # Figure to your Orders Card"; "If a player does not use an action, the space remains unused."
    t = at_space("get_food", "II")
    before = resources(t.player("blue"))
    events = t.do(Decline(player="blue"))
    assert any(isinstance(e, ev.ActionDeclined) and e.color == "blue" for e in events)
    assert resources(t.player("blue")) == before
    blue = t.state.board.spaces["get_food"][1]
    assert blue.color == "blue" and blue.resolved and not blue.carried_out
    # the minion on III does not move up
    assert t.state.board.spaces["get_food"][2].color == "green"
    assert t.pending.detail == {"action": "get_food", "space": "III"}


def test_unaffordable_action_is_declined_automatically():
    # Rulebook › Executing Orders: "If you do not want to pay or cannot pay, then you cannot use the action."
    hands = {c: _orders("get_food") for c in COLORS}
    t = start(make_scenario(4, hands=hands, players={"red": {"gold": 0}}))
    orders_round(t, hands)
    drive_to_action(t, "get_food", "II")
    declined = [e for e in t.events if isinstance(e, ev.ActionDeclined) and e.color == "red"]
    assert declined and declined[0].action == "get_food" and "gold" in declined[0].reason
    assert t.player("red").food == 3


# --- Evil as a cost (Full Game › Paying a Cost vs. Gaining Evil) ------------------------------------------
@pytest.mark.parametrize(
    "space, evil, allowed",
    [("II", 15, False), ("III", 15, False), ("III", 14, False), ("II", 14, True), ("III", 13, True)],
)
def test_evil_cost_cannot_be_paid_past_the_top(space, evil, allowed):
    # Rulebook › Full Game › Paying a Cost vs. Gaining Evil: "If you are out of spaces to move up to,
    # you cannot pay the cost."
    color = AT[space]
    hands = {c: _orders("get_food") for c in COLORS}
    t = start(make_scenario(4, variant="full", hands=hands, players={color: {"evil": evil}}))
    orders_round(t, hands)
    p = drive(
        t,
        lambda p: (
            p.kind == "action"
            and (p.detail == {"action": "get_food", "space": space} or p.detail["action"] != "get_food")
        ),
    )
    if allowed:
        assert p.detail == {"action": "get_food", "space": space}
        t.do(TakeAction(player=color))
        assert t.player(color).evil == 15
    else:
        declined = [
            e for e in t.events if isinstance(e, ev.ActionDeclined) and e.color == color and e.action == "get_food"
        ]
        assert declined and "Evil" in declined[0].reason
        assert t.player(color).evil == evil and t.player(color).food == 3


def test_hiring_a_ghost_at_the_top_of_the_evilometer_is_refused():
    # Rulebook › Full Game › Paying a Cost vs. Gaining Evil: "2. Hiring certain monsters (and ghosts)."
    t = at_space(
        "hire_monster",
        "II",
        variant="full",
        players={"blue": {"evil": 15}},
        monster_offer=["ghost_y1", "goblin_y1", "slime_y1"],
    )
    err = assert_refused(t, HireMonster(player="blue", monster="ghost_y1#1"), "EVIL_AT_TOP")
    assert "15" in err.message
    assert all(o.monster != "ghost_y1#1" for o in t.pending.options("blue") if isinstance(o, HireMonster))


# --- Dig Tunnels -------------------------------------------------------------------------------------------
DIG_SQUARES = [(3, 2), (0, 1), (0, 3), (0, 0)]


@pytest.mark.parametrize("space, permit, foreimp", [("I", 2, 0), ("II", 3, 0), ("III", 4, 1)])
def test_dig_tunnels_permit_and_foreimp(space, permit, foreimp):
    # Rulebook › Description of Actions › Dig Tunnels: permits for 2, 3, 4 tunnels; one imp per
    # tunnel; on the third space a foreimp supervises.
    color = AT[space]
    t = at_space("dig_tunnels", space, players={color: {"imps": 6}})
    for sq in DIG_SQUARES[:permit]:
        assert t.pending.actors == [color]
        t.do(DigTunnel(player=color, square=sq))
    finished = [e for e in t.events if isinstance(e, ev.DiggingFinished) and e.color == color]
    assert finished and finished[0].dug == permit  # the permit is used up: digging ends by itself
    p = t.player(color)
    assert all(p.dungeon[r][c] is not None and p.dungeon[r][c].kind == "tunnel" for r, c in DIG_SQUARES[:permit])
    assert p.imps_busy == permit + foreimp


def test_dig_on_space_three_needs_the_foreimp_even_for_one_tunnel():
    # Rulebook › Dig Tunnels: "you must use one imp as a foreimp, even if you only dig one tunnel"
    t = at_space("dig_tunnels", "III", players={"green": {"imps": 2}})
    t.do(DigTunnel(player="green", square=(3, 2)))
    assert t.player("green").imps_busy == 2
    assert any(isinstance(e, ev.DiggingFinished) and e.dug == 1 for e in t.events)  # no free imp left


def test_dig_on_space_three_with_one_imp_is_impossible():
    # Rulebook › Dig Tunnels (foreimp + at least one digging imp)
    hands = {c: _orders("dig_tunnels") for c in COLORS}
    t = start(make_scenario(4, hands=hands, players={"green": {"imps": 1}}))
    orders_round(t, hands)
    drive_to_phase(t, "production")
    declined = [
        e for e in t.events if isinstance(e, ev.ActionDeclined) and e.color == "green" and e.action == "dig_tunnels"
    ]
    assert declined and "imps" in declined[0].reason
    assert t.player("green").imps_busy == 0


def test_stop_digging_early_uses_fewer_imps():
    # Rulebook › Dig Tunnels: "You do not have to dig all of them. You can dig fewer tunnels and use fewer imps."
    t = at_space("dig_tunnels", "II")
    t.do(DigTunnel(player="blue", square=(3, 2)))
    assert t.pending.kind == "digging"
    t.do(StopDigging(player="blue"))
    assert t.player("blue").imps_busy == 1
    pl = t.state.board.spaces["dig_tunnels"][1]
    assert pl.resolved and pl.carried_out


@pytest.mark.parametrize(
    "square, code",
    [
        ((3, 0), "DIG_NOT_ADJACENT"),
        ((1, 2), "DIG_SQUARE_TAKEN"),
        ((4, 2), "DIG_OUTSIDE_SITE"),
        ((-1, 2), "DIG_OUTSIDE_SITE"),
        ((0, 1), "DIG_WOULD_FILL_2X2"),
        ((2, 1), "DIG_WOULD_FILL_2X2"),
    ],
)
def test_dig_placement_rules(square, code):
    # Rulebook › Dig Tunnels: "adjacent to a previously placed Tunnel or Room Tile"; "the Ministry of
    # Dungeons will not let your tunnels make a 2x2 square"
    t = at_space("dig_tunnels", "I", players={"red": {"dungeon": ["..#..", ".##..", "..#..", "....."]}})
    assert_refused(t, DigTunnel(player="red", square=square), code)


def test_no_filled_2x2_block_also_with_tunnels_dug_this_turn():
    # Rulebook › Dig Tunnels: "Your new tunnels can be placed adjacent to each other"; the 2x2 rule
    # still holds for them (and for rooms: "you still are not allowed to fill up any 2x2 block")
    t = at_space(
        "dig_tunnels",
        "II",
        players={"blue": {"dungeon": ["..#..", "..R..", "..#..", "....."], "rooms": {"1,2": "chicken_coop"}}},
    )
    t.do(DigTunnel(player="blue", square=(1, 1)))
    assert_refused(t, DigTunnel(player="blue", square=(0, 1)), "DIG_WOULD_FILL_2X2")
    assert_refused(t, DigTunnel(player="blue", square=(2, 1)), "DIG_WOULD_FILL_2X2")
    t.do(DigTunnel(player="blue", square=(1, 0)))  # next to the new tunnel
    assert t.player("blue").dungeon[1][0].kind == "tunnel"


# --- Mine Gold ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("space, permit, foreimp", [("I", 2, 0), ("II", 3, 0), ("III", 4, 1)])
def test_mine_gold_permit_and_foreimp(space, permit, foreimp):
    # Rulebook › Description of Actions › Mine Gold: permits for 2, 3, 4 imps; foreimp on the third
    color = AT[space]
    big = {"dungeon": ["#.#.#", "#####", "..#..", "....."], "imps": 6}
    t = at_space("mine_gold", space, players={color: big})
    assert_refused(t, MineGold(player=color, imps=permit + 1), "MINE_PERMIT_EXCEEDED")
    gold = t.player(color).gold
    t.do(MineGold(player=color, imps=permit))
    assert t.player(color).gold == gold + permit
    assert t.player(color).imps_busy == permit + foreimp


def test_mining_only_in_unconquered_tunnels():
    # Rulebook › Mine Gold: "Imps only mine gold in unconquered tunnels ... Imps cannot mine gold in rooms."
    t = at_space(
        "mine_gold",
        "III",
        players={
            "green": {"dungeon": ["..x..", "..R..", "..#..", "..#.."], "rooms": {"1,2": "chicken_coop"}, "imps": 6}
        },
    )
    assert_refused(t, MineGold(player="green", imps=3), "MINE_NOT_ENOUGH_TUNNELS")
    assert {o.imps for o in t.pending.options("green") if isinstance(o, MineGold)} == {1, 2}
    t.do(MineGold(player="green", imps=2))
    assert t.player("green").imps_busy == 3


@pytest.mark.parametrize("imps", [0, -2])
def test_mining_with_no_imps_is_refused(imps):
    t = at_space("mine_gold", "I")
    assert_refused(t, MineGold(player="red", imps=imps), "MINE_NEEDS_IMPS")


def test_mining_on_space_three_counts_the_foreimp():
    # Rulebook › Mine Gold: "If you get the last permit, you need to put a foreimp at the dungeon entrance"
    t = at_space("mine_gold", "III")  # green has 3 imps and 3 tunnels
    assert_refused(t, MineGold(player="green", imps=3), "NOT_ENOUGH_IMPS")
    t.do(MineGold(player="green", imps=2))
    assert t.player("green").imps_busy == 3 and t.player("green").gold == 5


def test_imps_that_dug_cannot_mine():
    # Rulebook › Mine Gold: "Imps that were used during digging cannot be re-used during mining."
    hands = {"red": ["dig_tunnels", "mine_gold", "get_food"]}
    hands.update({c: ["get_food", "improve_reputation", "recruit_imps"] for c in COLORS[1:]})
    t = start(make_scenario(4, hands=hands))
    orders_round(t, hands)
    drive_to_action(t, "dig_tunnels", "I")
    t.do(DigTunnel(player="red", square=(3, 2)))
    t.do(DigTunnel(player="red", square=(0, 1)))
    assert t.pending.detail == {"action": "mine_gold", "space": "I"}
    assert {o.imps for o in t.pending.options("red") if isinstance(o, MineGold)} == {1}
    assert_refused(t, MineGold(player="red", imps=2), "NOT_ENOUGH_IMPS")


# --- Recruit Imps ------------------------------------------------------------------------------------------
def test_recruited_imps_come_after_digging_and_mining_but_help_in_production():
    # Rulebook › Recruit Imps: "New imps will not be available for digging or mining this round because
    # those actions have already been dealt with, but they can still help out during the Production Phase"
    others = ["recruit_imps", "get_food", "improve_reputation"]
    hands = {
        "red": ["recruit_imps", "dig_tunnels", "mine_gold"],
        "green": others,
        "yellow": others,
        "blue": ["get_food", "improve_reputation", "buy_traps"],
    }
    sc = make_scenario(
        4,
        starting="green",
        hands=hands,
        players={"red": {"imps": 0, "dungeon": ["..#..", "..#..", "..#..", "..T.."], "rooms": {"3,2": "tool_shed"}}},
    )
    t = start(sc)
    orders_round(t, hands)
    assert t.state.board.spaces["recruit_imps"][2].color == "red"  # red's FIRST order, space III

    def policy(state, p, actor):
        if actor == "red" and p.kind == "action":
            return TakeAction(player="red")
        return None

    p = drive_to(t, "production", "red", policy=policy)
    red_log = [
        e for e in t.events if getattr(e, "color", None) == "red" and isinstance(e, (ev.ActionDeclined, ev.ActionTaken))
    ]
    assert [(type(e).__name__, e.action) for e in red_log] == [
        ("ActionDeclined", "dig_tunnels"),
        ("ActionDeclined", "mine_gold"),
        ("ActionTaken", "recruit_imps"),
    ]
    assert t.player("red").imps == 2 and t.player("red").imps_busy == 0
    # the two new imps can work in the Tool Shed
    assert any(isinstance(o, Produce) for o in p.options("red"))
    t.do(Produce(player="red", square=(3, 2), dig=(3, 1)))
    assert t.player("red").dungeon[3][1].kind == "tunnel" and t.player("red").imps_busy == 2


# --- Hire Monster ------------------------------------------------------------------------------------------
def test_hire_monster_goes_three_two_one_and_space_three_pays_a_food():
    # Rulebook › Hire Monster: "Begin with the minion on space III ... and proceed to II and then I";
    # "The one whose minion is on space III must pay an extra food, but ... gets to choose from all 3"
    t = at_space("hire_monster", "III")
    p = t.pending
    assert p.actors == ["green"]
    assert {o.monster for o in p.options("green") if isinstance(o, HireMonster)} == {
        "goblin_y1#1",
        "slime_y1#1",
        "troll_y1#1",
    }
    t.do(HireMonster(player="green", monster="troll_y1#1"))
    assert t.player("green").food == 0  # 2 (troll) + 1 (space III)
    assert t.pending.actors == ["blue"]
    assert_refused(t, HireMonster(player="blue", monster="troll_y1#1"), "MONSTER_NOT_OFFERED")
    t.do(HireMonster(player="blue", monster="goblin_y1#1"))
    assert t.player("blue").food == 2
    assert t.pending.actors == ["red"]
    assert {o.monster for o in t.pending.options("red") if isinstance(o, HireMonster)} == {"slime_y1#1"}
    t.do(HireMonster(player="red", monster="slime_y1#1"))
    hired = t.of_type(ev.MonsterHired)
    assert [(e.color, e.space) for e in hired] == [("green", "III"), ("blue", "II"), ("red", "I")]
    assert [m.id for m in t.player("green").monsters] == ["troll_y1#1"]
    assert t.state.board.monster_offer == []


def test_hire_on_space_three_cannot_skip_the_extra_food():
    # Rulebook › Hire Monster: "(or if you can't pay the extra cost on space III) you cannot use the action"
    t = at_space("hire_monster", "III", players={"green": {"food": 2}})
    assert_refused(t, HireMonster(player="green", monster="troll_y1#1"), "CANNOT_PAY_FOOD")
    assert {o.monster for o in t.pending.options("green") if isinstance(o, HireMonster)} == {
        "goblin_y1#1",
        "slime_y1#1",
    }


def test_hiring_a_troll_gives_a_troll_token():
    # Rulebook › Hire Monster: "When you hire a troll, take a Troll Token from the bank and put it in your Imp Den."
    t = at_space("hire_monster", "II")
    assert trolls(t.state, t.player("blue")) == 0
    t.do(HireMonster(player="blue", monster="troll_y1#1"))
    assert trolls(t.state, t.player("blue")) == 1


def test_golem_costs_a_trap_card():
    # Rulebook › Appendix › Golem: "You must discard a trap when you hire the golem"
    t = at_space(
        "hire_monster",
        "II",
        year=2,
        players={"blue": {"traps": ["rolling_stone"]}},
        monster_offer=["golem_y2", "demon_y2", "dragon_y2"],
    )
    assert_refused(t, HireMonster(player="blue", monster="golem_y2#1"), "GOLEM_NEEDS_TRAP")
    assert_refused(t, HireMonster(player="blue", monster="golem_y2#1", discard_trap="pendulum#1"), "GOLEM_NEEDS_TRAP")
    t.do(HireMonster(player="blue", monster="golem_y2#1", discard_trap="rolling_stone#1"))
    blue = t.player("blue")
    assert blue.traps == [] and blue.gold == 2 and "rolling_stone#1" in t.state.board.trap_discard


def test_golem_cannot_be_hired_without_a_trap_card():
    # Rulebook › Appendix › Golem: "If you do not have a Trap Card, you cannot pay his cost."
    t = at_space(
        "hire_monster",
        "II",
        year=2,
        monster_offer=["golem_y2", "demon_y2", "dragon_y2"],
        players={"blue": {"monsters": ["goblin_y1"]}},
    )
    assert all(o.monster != "golem_y2#1" for o in t.pending.options("blue") if isinstance(o, HireMonster))


def test_demon_eats_a_monster_but_not_a_ghost():
    # Rulebook › Appendix › Demon: "you must discard a monster when you hire ... the demon";
    # "don't think you can get away with feeding me ghosts"
    t = at_space(
        "hire_monster",
        "II",
        year=2,
        players={"blue": {"monsters": ["ghost_y1", "troll_y1"]}},
        monster_offer=["golem_y2", "demon_y2", "dragon_y2"],
    )
    demon = [o for o in t.pending.options("blue") if isinstance(o, HireMonster) and o.monster == "demon_y2#1"]
    assert [o.feed_monster for o in demon] == ["troll_y1#1"]
    assert_refused(
        t, HireMonster(player="blue", monster="demon_y2#1", feed_monster="ghost_y1#1"), "DEMON_NEEDS_MONSTER"
    )
    assert_refused(t, HireMonster(player="blue", monster="demon_y2#1"), "DEMON_NEEDS_MONSTER")
    t.do(HireMonster(player="blue", monster="demon_y2#1", feed_monster="troll_y1#1"))
    blue = t.player("blue")
    assert sorted(m.id for m in blue.monsters) == ["demon_y2#1", "ghost_y1#1"]
    assert blue.evil == 6 and trolls(t.state, blue) == 0  # the troll token goes back with the troll
    assert "troll_y1#1" in t.state.board.discards["monsters"]


# --- Build Room --------------------------------------------------------------------------------------------
def test_build_room_goes_three_two_one_and_nothing_is_left_for_space_one():
    # Rulebook › Build Room: "players buy rooms in reverse order, beginning with the minion on space III";
    # "if the players on spaces II and III buy rooms (for 1 Gold) then nothing will be left"
    t = at_space("build_room", "III")
    assert t.pending.actors == ["green"]
    t.do(BuildRoom(player="green", room="chicken_coop", square=(1, 2)))
    assert t.pending.actors == ["blue"]
    t.do(BuildRoom(player="blue", room="mushroom_bed", square=(2, 2)))
    assert t.player("green").gold == 2 and t.player("blue").gold == 2
    built = t.of_type(ev.RoomBuilt)
    assert [(e.color, e.room, e.paid) for e in built] == [
        ("green", "chicken_coop", {"gold": 1}),
        ("blue", "mushroom_bed", {"gold": 1}),
    ]
    red = [e for e in t.events if isinstance(e, ev.ActionDeclined) and e.color == "red" and e.action == "build_room"]
    assert red and red[0].space == "I"
    pl = t.state.board.spaces["build_room"][0]
    assert pl.color == "red" and not pl.carried_out
    assert t.player("green").dungeon[1][2].room == "chicken_coop"


def test_build_room_on_space_one_is_free():
    # Rulebook › Build Room: "The player on space I does not have to pay anything"
    t = at_space("build_room", "III")
    t.do(Decline(player="green"))
    t.do(Decline(player="blue"))
    assert t.pending.actors == ["red"]
    t.do(BuildRoom(player="red", room="mushroom_bed", square=(2, 2)))
    assert t.player("red").gold == 3
    assert t.player("red").dungeon[2][2].room == "mushroom_bed"


@pytest.mark.parametrize(
    "room, square, code",
    [
        ("chicken_coop", (1, 1), "ROOM_NEEDS_TUNNEL"),  # empty square
        ("chicken_coop", (0, 2), "ROOM_ON_CONQUERED"),  # conquered tunnel
        ("mushroom_bed", (1, 2), "ROOM_OUTSIDE_ZONE"),  # deep room near the surface
        ("chicken_coop", (2, 2), "ROOM_OUTSIDE_ZONE"),  # surface room in the deep
        ("mushroom_bed", (3, 3), "ROOM_ADJACENT_ROOM"),  # next to the Mint
        ("chicken_coop", (7, 7), "ROOM_OUTSIDE_SITE"),
        ("workshop", (1, 2), "ROOM_NOT_OFFERED"),
        ("castle", (1, 2), "ROOM_NOT_OFFERED"),
    ],
)
def test_room_placement_rules(room, square, code):
    # Rulebook › Build Room: a room replaces an unconquered Tunnel Tile; a First Year room goes in its
    # zone; "Two rooms cannot be adjacent."
    t = at_space(
        "build_room",
        "II",
        players={"blue": {"dungeon": ["..x..", "..#..", "..#..", "..M#."], "rooms": {"3,2": "mint"}}},
    )
    assert_refused(t, BuildRoom(player="blue", room=room, square=square), code)


def test_rooms_may_share_a_corner():
    # Rulebook › Build Room: "it is acceptable for two rooms to share a corner or to be connected by a Tunnel Tile"
    t = at_space(
        "build_room",
        "II",
        players={"blue": {"dungeon": ["..#..", "..#..", "..##.", "...M."], "rooms": {"3,3": "mint"}}},
    )
    t.do(BuildRoom(player="blue", room="mushroom_bed", square=(2, 2)))
    assert t.player("blue").dungeon[2][2].room == "mushroom_bed"


def test_second_year_rooms_have_no_zone():
    # Rulebook › Second Year › Rooms and Monsters: "Second Year rooms have no zone restrictions."
    t = at_space("build_room", "II", year=2, players={"blue": {"dungeon": ["..#..", "..#..", "..#..", "..#.."]}})
    squares = {
        tuple(o.square) for o in t.pending.options("blue") if isinstance(o, BuildRoom) and o.room == "training_room"
    }
    assert squares == {(0, 2), (1, 2), (2, 2), (3, 2)}
    t.do(BuildRoom(player="blue", room="training_room", square=(0, 2)))
    assert t.player("blue").dungeon[0][2].room == "training_room"


def test_a_tunnel_dug_this_round_can_become_a_room():
    # Rulebook › Build Room: "A tunnel can be turned into a room even if it was newly dug earlier in the round."
    hands = {"red": ["dig_tunnels", "build_room", "get_food"]}
    hands.update({c: ["get_food", "improve_reputation", "recruit_imps"] for c in COLORS[1:]})
    t = start(make_scenario(4, hands=hands))
    orders_round(t, hands)
    drive_to_action(t, "dig_tunnels", "I")
    t.do(DigTunnel(player="red", square=(1, 1)))
    t.do(StopDigging(player="red"))
    drive_to_action(t, "build_room", "I")
    t.do(BuildRoom(player="red", room="chicken_coop", square=(1, 1)))
    assert t.player("red").dungeon[1][1].room == "chicken_coop"


# --- Production (Production and Orders Retrieval Phase) --------------------------------------------------------
def production_for(red: dict, year: int = 1, **kw):
    t = start(make_scenario(4, year=year, players={"red": red}, **kw))
    p = drive_to(t, "production", "red")
    return t, p


def test_production_once_per_room_per_round_in_the_first_year():
    # Rulebook › Production: "in the First Year, it is only possible to use each room once per round"
    t, _ = production_for(
        {"imps": 6, "dungeon": ["..#..", "..C..", "..#..", "....."], "rooms": {"1,2": "chicken_coop"}}
    )
    t.do(Produce(player="red", square=(1, 2)))
    assert t.player("red").food == 4 and t.player("red").imps_busy == 3
    assert not any(isinstance(o, Produce) for o in t.pending.options("red"))
    assert_refused(t, Produce(player="red", square=(1, 2)), "PRODUCE_ROOM_USED")


def test_troll_tokens_count_as_imps_in_production():
    # Rulebook › Production: "A Troll Token can take the place of an Imp Figure during production."
    t, _ = production_for(
        {
            "imps": 2,
            "monsters": ["troll_y1"],
            "dungeon": ["..#..", "..C..", "..#..", "....."],
            "rooms": {"1,2": "chicken_coop"},
        }
    )
    events = t.do(Produce(player="red", square=(1, 2)))
    made = next(e for e in events if isinstance(e, ev.RoomProduced))
    assert (made.imps, made.trolls) == (2, 1) and t.player("red").food == 4


def test_not_enough_imps_for_a_room():
    # Rulebook › Production: "If you have that many imps left in your Imp Den, you can move them to the room"
    t, p = production_for(
        {"imps": 2, "dungeon": ["..#..", "..C..", "..#..", "....."], "rooms": {"1,2": "chicken_coop"}}
    )
    assert not any(isinstance(o, Produce) for o in p.options("red"))
    assert_refused(t, Produce(player="red", square=(1, 2)), "NOT_ENOUGH_IMPS")


def test_magic_room_imp_can_work_at_once():
    # Rulebook › Appendix › Magic Room: "The new Imp Figure shows up in your Imp Den immediately, so it
    # can also be used in production."
    red = {
        "imps": 3,
        "food": 1,
        "dungeon": ["..#..", "..M..", "..#..", "..T.."],
        "rooms": {"1,2": "magic_room", "3,2": "tool_shed"},
    }
    t, p = production_for(red)
    t.do(Produce(player="red", square=(1, 2)))
    assert t.player("red").imps == 4 and t.player("red").food == 0
    t.do(Produce(player="red", square=(3, 2), dig=(3, 1)))  # 2 imps: only possible with the new one
    assert t.player("red").imps_busy == 4 and t.player("red").dungeon[3][1].kind == "tunnel"


def test_magic_room_needs_its_food():
    # Rulebook › Appendix › Magic Room: "Send in two imps and a romantic dinner"
    t, _ = production_for(
        {"imps": 3, "food": 0, "dungeon": ["..#..", "..M..", "..#..", "....."], "rooms": {"1,2": "magic_room"}}
    )
    assert_refused(t, Produce(player="red", square=(1, 2)), "CANNOT_PAY_FOOD")


def test_conquered_room_produces_nothing():
    # Rulebook › Combat › Conquering (a conquered room loses its function); Production
    t, p = production_for(
        {"imps": 6, "dungeon": ["..#..", "..c..", "..#..", "....."], "rooms": {"1,2": "chicken_coop"}}
    )
    assert not any(isinstance(o, Produce) for o in p.options("red"))
    assert_refused(t, Produce(player="red", square=(1, 2)), "PRODUCE_CONQUERED")


def test_produce_needs_a_production_room():
    t, _ = production_for({"imps": 6})
    assert_refused(t, Produce(player="red", square=(3, 3)), "PRODUCE_NO_ROOM")
    assert_refused(t, Produce(player="red", square=(1, 2)), "PRODUCE_NO_ROOM")


def test_tool_shed_digs_by_the_usual_rules():
    # Rulebook › Appendix › Tool Shed: "This room allows you to dig 1 tunnel, according to the usual rules."
    t, _ = production_for({"imps": 2, "dungeon": ["..#..", ".##..", "..#..", "..T.."], "rooms": {"3,2": "tool_shed"}})
    assert_refused(t, Produce(player="red", square=(3, 2)), "PRODUCE_DIG_SQUARE")
    assert_refused(t, Produce(player="red", square=(3, 2), dig=(0, 1)), "DIG_WOULD_FILL_2X2")
    assert_refused(t, Produce(player="red", square=(3, 2), dig=(0, 4)), "DIG_NOT_ADJACENT")
    t.do(Produce(player="red", square=(3, 2), dig=(3, 3)))
    assert t.player("red").dungeon[3][3].kind == "tunnel"


def test_retrieve_ends_production():
    # Rulebook › Production and Orders Retrieval Phase (the phase goes on with the next player)
    t, p = production_for(
        {"imps": 6, "dungeon": ["..#..", "..C..", "..#..", "....."], "rooms": {"1,2": "chicken_coop"}}
    )
    card = next(o for o in p.options("red") if isinstance(o, RetrieveOrder))
    t.do(card)
    assert "red" not in t.state.queue
    assert_refused(t, Produce(player="red", square=(1, 2)), "NOT_YOUR_TURN")


def test_an_imp_can_mine_a_tunnel_dug_this_round():
    # Rulebook › Mine Gold: "an imp can mine gold in a tunnel that was dug this round"
    hands = {"red": ["dig_tunnels", "mine_gold", "get_food"]}
    hands.update({c: ["get_food", "improve_reputation", "recruit_imps"] for c in COLORS[1:]})
    t = start(make_scenario(4, hands=hands, players={"red": {"dungeon": ["..x..", "..x..", "..#..", "....."]}}))
    orders_round(t, hands)
    drive_to_action(t, "dig_tunnels", "I")
    t.do(DigTunnel(player="red", square=(3, 2)))
    t.do(StopDigging(player="red"))
    assert t.pending.detail == {"action": "mine_gold", "space": "I"}
    assert {o.imps for o in t.pending.options("red") if isinstance(o, MineGold)} == {1, 2}
    t.do(MineGold(player="red", imps=2))
    assert t.player("red").gold == 5 and t.player("red").imps_busy == 3


@pytest.mark.parametrize("space, evil, food, gold", [("II", 15, 3, 0), ("III", 14, 3, 1)])
def test_first_game_evil_cost_at_the_top_moves_the_counter_as_far_as_it_goes(space, evil, food, gold):
    # Rulebook › Executing Orders (first game): "you move your Evil Counter one space up the Evilometer
    # toward the evil face (unless you are already at the top)"; Rulebook › Full Game: "There are only a
    # few differences: ... Paying a Cost vs. Gaining Evil ... If you are out of spaces to move up to, you
    # cannot pay the cost."
    color = AT[space]
    hands = {c: _orders("get_food") for c in COLORS}
    t = start(make_scenario(4, hands=hands, players={color: {"evil": evil}}))
    orders_round(t, hands)

    def policy(state, p, actor):
        if actor == color and p.kind == "action" and p.detail == {"action": "get_food", "space": space}:
            return TakeAction(player=color)
        return None

    drive_to_phase(t, "production", policy=policy)
    p = t.player(color)
    assert not [e for e in t.events if isinstance(e, ev.ActionDeclined) and e.color == color and e.action == "get_food"]
    assert (p.evil, p.food - 3, p.gold - 3) == (15, food, gold)


def test_actions_are_carried_out_in_board_order():
    # Rulebook › Executing Orders: "You start with the Get Food action in the upper left corner and move from
    # left to right along the top row. Then you do the actions in the second row"; at each place from the
    # shortest space (I, II, III), but Hire Monster and Build Room go III, II, I.
    hands = {
        "red": ["build_room", "get_food", "hire_monster"],
        "blue": ["hire_monster", "mine_gold", "build_room"],
        "green": ["buy_traps", "improve_reputation", "hire_monster"],
        "yellow": ["recruit_imps", "dig_tunnels", "get_food"],
    }
    t = start(make_scenario(4, hands=hands))
    orders_round(t, hands)
    seen = []

    def policy(state, p, actor):
        if p.kind == "action":
            seen.append((p.detail["action"], p.detail["space"], actor))
        return None

    drive_to_phase(t, "production", policy=policy)
    assert seen == [
        ("get_food", "I", "red"),
        ("get_food", "II", "yellow"),
        ("improve_reputation", "I", "green"),
        ("dig_tunnels", "I", "yellow"),
        ("mine_gold", "I", "blue"),
        ("recruit_imps", "I", "yellow"),
        ("buy_traps", "I", "green"),
        ("hire_monster", "III", "green"),
        ("hire_monster", "II", "red"),
        ("hire_monster", "I", "blue"),
        ("build_room", "II", "blue"),
        ("build_room", "I", "red"),
    ]
