"""Adventurers Phase, next round's adventurers, the paladin, and the start of the Second Year."""

from __future__ import annotations

import pytest
from helpers import (
    Table,
    assert_refused,
    drive,
    drive_to_action,
    make_scenario,
    orders_round,
    start,
)

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import ImproveReputation, RecordDraw, TakeAction
from domain.games.dungeon_lords.engine import from_scenario, pending

Y1_COMBAT = ["invisibility", "magic_shield", "fireball", "fist_of_justice"]
Y2_COMBAT = ["aura_of_fear", "metamorphosis", "dimensional_gate", "blind_rage"]


def assignment(n: int, incoming: list[str], players: dict, starting="red", **kw) -> Table:
    """Play spring (declining everything) up to the end of its Adventurers Phase."""
    sc = make_scenario(
        n,
        season="spring",
        starting=starting,
        players=players,
        incoming={"spring": incoming},
        event_tiles={"spring": "special_event"},
        **kw,
    )
    t = start(sc)
    drive(t, lambda p: t.state.season != 1)
    return t


def assigned(t: Table) -> list[tuple[str, str]]:
    return [(e.color, e.tile) for e in t.of_type(ev.AdventurerAssigned)]


# --- Adventurers Phase ---------------------------------------------------------------------------------------
INCOMING = ["thief_y1_a", "priest_y1_b", "wizard_y1_c", "thief_y1_d"]  # weakest (simplest glyph) first


def test_weakest_adventurer_goes_to_the_nicest_lord():
    # Rulebook › Adventurers Phase: "This one goes to the nicest dungeon lord, the one lowest on the
    # Evilometer ... The one on the far right (the most powerful) will go to the player highest"
    t = assignment(4, INCOMING, {"red": {"evil": 5}, "blue": {"evil": 3}, "green": {"evil": 8}, "yellow": {"evil": 4}})
    assert assigned(t) == [
        ("blue", "thief_y1_a"),
        ("yellow", "priest_y1_b"),
        ("red", "wizard_y1_c"),
        ("green", "thief_y1_d"),
    ]
    assert t.player("green").party == ["thief_y1_d"]


@pytest.mark.parametrize(
    "starting, order",
    [
        ("red", ["red", "blue", "green", "yellow"]),
        ("green", ["green", "yellow", "red", "blue"]),
    ],
)
def test_ties_are_broken_by_play_order_from_the_starting_player(starting, order):
    # Rulebook › Adventurers Phase: "Among tied players, the starting player is nicest, the one on the
    # starting player's left is next, and so on."
    t = assignment(4, INCOMING, {}, starting=starting)
    assert assigned(t) == list(zip(order, INCOMING))


def test_ties_only_among_equals():
    # Rulebook › Adventurers Phase (evil first, then play order)
    t = assignment(
        4,
        INCOMING,
        {"red": {"evil": 6}, "blue": {"evil": 6}, "green": {"evil": 2}, "yellow": {"evil": 6}},
        starting="yellow",
    )
    assert assigned(t) == [
        ("green", "thief_y1_a"),
        ("yellow", "priest_y1_b"),
        ("red", "wizard_y1_c"),
        ("blue", "thief_y1_d"),
    ]


def test_new_adventurers_line_up_behind_and_warriors_push_to_the_front():
    # Rulebook › Adventurers Phase: "adventurers enter the dungeon in the order in which they come to you.
    # The warrior is the exception ... he pushes his way to the front ... (A new warrior will even push
    # back a warrior from a previous round)."
    incoming = ["warrior_y1_c", "wizard_y1_c", "thief_y1_c", "priest_y1_d"]
    t = assignment(
        4,
        incoming,
        {
            "red": {"evil": 1, "party": ["warrior_y1_a", "thief_y1_a"]},
            "blue": {"evil": 2, "party": ["priest_y1_a"]},
            "green": {"evil": 3},
            "yellow": {"evil": 4},
        },
    )
    assert t.player("red").party == ["warrior_y1_c", "warrior_y1_a", "thief_y1_a"]
    assert t.player("blue").party == ["priest_y1_a", "wizard_y1_c"]
    assert t.player("green").party == ["thief_y1_c"]


def test_a_new_warrior_never_passes_the_paladin():
    # Rulebook › Paladin: "The paladin is a special adventurer that is always at the front of the party.
    # Any new warrior will push ahead of everyone but the paladin."
    incoming = ["thief_y1_a", "priest_y1_b", "wizard_y1_c", "warrior_y1_d"]
    t = assignment(
        4, incoming, {"red": {"evil": 11, "party": ["thief_y1_b"]}}, paladin={"id": "paladin_y1", "holder": "red"}
    )
    red = t.player("red")
    assert red.party == ["warrior_y1_d", "thief_y1_b"]
    assert t.state.paladins[0].holder == "red" and "paladin_y1" not in red.party


def test_two_players_nonplayer_counter_moves_up_and_is_nicer_on_ties():
    # Rulebook › Assigning Adventurers to 2 Players: "move the non-player Evil Counter one space toward Evil
    # ... (In case of ties, the non-player is nicer than the players.) The adventurer assigned to the
    # non-player should be discarded"
    incoming = ["thief_y1_a", "priest_y1_b", "wizard_y1_d"]
    t = assignment(
        2,
        incoming,
        {"red": {"evil": 5}, "blue": {"evil": 7}},
        nonplayers=[{"color": "green", "evil": 4}, {"color": "yellow"}],
    )
    moved = t.of_type(ev.NonPlayerEvilMoved)
    assert [(e.color, e.steps) for e in moved] == [("green", 1)]
    assert t.events.index(moved[0]) < t.events.index(t.of_type(ev.AdventurerAssigned)[0])
    assert next(np for np in t.state.nonplayers if np.color == "green").evil == 5
    assert [(e.tile, e.reason) for e in t.of_type(ev.AdventurerDiscarded)][0][0] == "thief_y1_a"
    assert "thief_y1_a" in t.state.board.discards["adventurers"]
    assert assigned(t) == [("red", "priest_y1_b"), ("blue", "wizard_y1_d")]


def test_two_players_nonplayer_between_the_players():
    # Rulebook › Assigning Adventurers to 2 Players ("as though it were a 3-player game")
    incoming = ["thief_y1_a", "priest_y1_b", "wizard_y1_d"]
    t = assignment(
        2,
        incoming,
        {"red": {"evil": 5}, "blue": {"evil": 7}},
        nonplayers=[{"color": "green", "evil": 6}, {"color": "yellow"}],
    )
    assert assigned(t) == [("red", "thief_y1_a"), ("blue", "wizard_y1_d")]
    assert [e.tile for e in t.of_type(ev.AdventurerDiscarded)] == ["priest_y1_b"]


# --- Next Round's Adventurers -----------------------------------------------------------------------------------
def new_round(n: int, adventurer_draws: list[list[str]]) -> Table:
    sc = make_scenario(n, phase="new_round", season="winter")
    return start(sc, draws={"adventurers": adventurer_draws, "event_tile": [["taxes"]]})


def test_adventurers_are_lined_up_weakest_first_keeping_draw_order_among_equals():
    # Rulebook › New Round Phase › Next Round's Adventurers: "rearrange them so that the weaker adventurers
    # ... are on the left ... Tiles with the same glyph and shade should stay in order."
    t = new_round(3, [["wizard_y1_c", "thief_y1_d", "priest_y1_a"]])
    assert t.state.board.incoming["spring"] == ["priest_y1_a", "wizard_y1_c", "thief_y1_d"]
    t = new_round(4, [["thief_y1_b", "wizard_y1_c", "warrior_y1_a", "priest_y1_b"]])
    assert t.state.board.incoming["spring"] == ["warrior_y1_a", "thief_y1_b", "wizard_y1_c", "priest_y1_b"]


def test_four_adventurers_with_four_players_three_otherwise():
    # Rulebook › Next Round's Adventurers: "In a two- or three-player game, you only draw 3 adventurers."
    for n, count in ((2, 3), (3, 3), (4, 4)):
        sc = make_scenario(n, phase="new_round", season="winter")
        _, state = from_scenario(sc)
        t = Table([], state, draws={"event_tile": [["taxes"]]}, settle=False)
        while not (t.pending.is_chance and t.pending.chance.what == "adventurers"):
            t.do(RecordDraw(cards=t.pending.chance.pool[: t.pending.chance.count]), settle=False)
        assert t.pending.chance.count == count


def test_all_same_glyph_the_last_one_goes_under_the_stack_and_another_is_drawn():
    # Rulebook › Next Round's Adventurers: "If all the adventurers have the same glyph, place the last one
    # drawn at the bottom of the stack and draw a new one. Keep doing this until you get a different glyph."
    t = new_round(3, [["warrior_y1_a", "thief_y1_a", "priest_y1_a"], ["wizard_y1_a"], ["wizard_y1_b"]])
    under = [e.tile for e in t.of_type(ev.AdventurerPutUnder)]
    assert under == ["priest_y1_a", "wizard_y1_a"]
    assert t.state.board.adventurer_bottom == ["priest_y1_a", "wizard_y1_a"]
    assert t.state.board.incoming["spring"] == ["warrior_y1_a", "thief_y1_a", "wizard_y1_b"]
    draws = [cards for what, cards in t.recorded if what == "adventurers"]
    assert [len(c) for c in draws] == [3, 1, 1]


def test_adventurer_put_under_cannot_be_redrawn_from_the_top():
    # Rulebook › Next Round's Adventurers ("place the last one drawn at the bottom of the stack and draw a new one")
    _, state = from_scenario(make_scenario(3, phase="new_round", season="winter"))
    t = Table(
        [],
        state,
        draws={"adventurers": [["warrior_y1_a", "thief_y1_a", "priest_y1_a"]], "event_tile": [["taxes"]]},
        settle=False,
    )
    while not (t.pending.is_chance and t.pending.chance.what == "adventurers" and t.pending.chance.count == 1):
        t.do(RecordDraw(cards=t._draw_for(t.pending)), settle=False)
    assert t.state.board.incoming["spring"] == ["warrior_y1_a", "thief_y1_a"]
    assert "priest_y1_a" not in t.pending.chance.pool
    assert_refused(t, RecordDraw(cards=["priest_y1_a"]), "DRAW_IMPOSSIBLE")


# --- Paladin ---------------------------------------------------------------------------------------------------
def test_paladin_arrives_at_once_and_never_returns_to_his_tent():
    # Rulebook › Paladin: "If you cross the line, you attract the paladin immediately ... you cannot avoid
    # him by improving your reputation ... Once the paladin sets out, there is no way to return him to his tent."
    hands = {
        "red": ["get_food", "improve_reputation", "recruit_imps"],
        "blue": ["get_food", "mine_gold", "dig_tunnels"],
        "green": ["mine_gold", "dig_tunnels", "recruit_imps"],
        "yellow": ["mine_gold", "dig_tunnels", "recruit_imps"],
    }
    t = start(make_scenario(4, starting="blue", hands=hands, players={"red": {"evil": 9}}))
    orders_round(t, hands)
    drive_to_action(t, "get_food", "II")
    assert t.state.paladins[0].holder is None
    events = t.do(TakeAction(player="red"))
    assert t.player("red").evil == 10
    arrived = [e for e in events if isinstance(e, ev.PaladinArrived)]
    assert [(e.color, e.paladin) for e in arrived] == [("red", "paladin_y1")]
    assert t.state.paladins[0].holder == "red"
    assert t.pending.detail == {"action": "improve_reputation", "space": "I"}
    t.do(ImproveReputation(player="red"))
    assert t.player("red").evil == 9 and t.state.paladins[0].holder == "red"
    drive(t, lambda p: t.state.season != 0)
    assert t.state.paladins[0].holder == "red"


def test_paladin_moves_only_to_a_strictly_more_evil_player():
    # Rulebook › Paladin: "That player's Evil Counter is higher than the Evil Counter of the player who
    # currently has the paladin. (It must be higher. Being on the same space is not evil enough.)"
    hands = {c: ["get_food", "mine_gold", "dig_tunnels"] for c in ("red", "blue", "green", "yellow")}
    t = start(
        make_scenario(
            4,
            hands=hands,
            players={"red": {"evil": 11}, "blue": {"evil": 10}, "green": {"evil": 10}},
            paladin={"id": "paladin_y1", "holder": "red"},
        )
    )
    orders_round(t, hands)
    drive_to_action(t, "get_food", "II")
    events = t.do(TakeAction(player="blue"))  # blue: 10 -> 11, level with red
    assert t.player("blue").evil == 11
    assert not [e for e in events if isinstance(e, (ev.PaladinMoved, ev.PaladinArrived))]
    assert t.state.paladins[0].holder == "red"
    events = t.do(TakeAction(player="green"))  # green: 10 -> 12
    moved = [e for e in events if isinstance(e, ev.PaladinMoved)]
    assert [(e.from_color, e.to_color) for e in moved] == [("red", "green")]
    assert t.state.paladins[0].holder == "green"


def test_paladin_does_not_move_to_a_player_below_his_space():
    # Rulebook › Paladin: "That player's Evil Counter is at or above the paladin space."
    hands = {c: ["get_food", "mine_gold", "dig_tunnels"] for c in ("red", "blue", "green", "yellow")}
    t = start(
        make_scenario(
            4,
            hands=hands,
            players={"red": {"evil": 7}, "blue": {"evil": 8}},
            paladin={"id": "paladin_y1", "holder": "red"},
        )
    )
    orders_round(t, hands)
    drive_to_action(t, "get_food", "II")
    t.do(TakeAction(player="blue"))  # blue: 8 -> 9, above red but below 10
    assert t.player("blue").evil == 9 and t.state.paladins[0].holder == "red"


@pytest.mark.parametrize("starting, holder", [("red", "blue"), ("blue", "red"), ("yellow", "blue"), ("green", "blue")])
def test_paladin_tie_goes_to_the_later_player_in_play_order(starting, holder):
    # Rulebook › Paladin: "2 players have simultaneously become the most evil ... The paladin will go to
    # the one who plays later in clockwise play order."
    t = start(make_scenario(4, starting=starting, players={"red": {"evil": 11}, "blue": {"evil": 11}}))
    assert t.state.paladins[0].holder == holder
    assert [(e.color) for e in t.of_type(ev.PaladinArrived)] == [holder]


def test_paladin_goes_to_the_most_evil_when_several_cross_at_once():
    # Rulebook › Paladin (he moves on to anyone more evil than his host)
    t = start(make_scenario(4, players={"red": {"evil": 12}, "blue": {"evil": 10}, "green": {"evil": 14}}))
    assert t.state.paladins[0].holder == "green"


# --- The Second Year -----------------------------------------------------------------------------------------------
def year_end(n: int, first: str, fall_starter: str | None = None, players=None, **kw):
    from helpers import COLORS

    colors = COLORS[:n]
    fall = fall_starter or colors[(colors.index(first) + 3) % n]
    sc = make_scenario(
        n,
        phase="year_end",
        season="fall",
        starting=fall,
        first_starting=first,
        players=players or {},
        combat_cards=Y1_COMBAT,
        next_combat_cards=Y2_COMBAT,
        **kw,
    )
    events, state = from_scenario(sc)
    return events, state


@pytest.mark.parametrize(
    "n, first, new",
    [
        (4, "red", "green"),
        (4, "blue", "yellow"),
        (4, "yellow", "blue"),  # opposite the First Year's starter
        (3, "red", "blue"),
        (3, "green", "red"),  # the starter of the First Year's spring
        (2, "red", "blue"),
        (2, "blue", "red"),  # the starter of the First Year's fall
    ],
)
def test_second_year_starting_player(n, first, new):
    # Rulebook › Second Year › Choosing a New Starting Player
    events, state = year_end(n, first)
    began = [e for e in events if isinstance(e, ev.YearBegan)]
    assert [(e.year, e.starting_player) for e in began] == [(2, new)]
    assert state.players[state.starting_player].color == new
    assert state.year == 2 and state.season == 0 and state.phase == "new_round"


def test_second_year_two_players_nonplayer_counter_moves_down_two():
    # Rulebook › Second Year: "In a two-player game, you also need to move the non-player Evil Counter 2
    # spaces down the Evilometer toward the happy face."
    _, state = year_end(2, "red", nonplayers=[{"color": "green", "evil": 6}, {"color": "yellow"}])
    assert next(np for np in state.nonplayers if np.color == "green").evil == 4
    _, state = year_end(2, "red", nonplayers=[{"color": "green", "evil": 2}, {"color": "yellow"}])
    assert next(np for np in state.nonplayers if np.color == "green").evil == 1


def test_second_year_paladin_and_combat_cards():
    # Rulebook › Second Year: "Return the 4 used Combat Cards to the box. Take the 4 gold-backed Combat
    # Cards ..."; "If the paladin for the First Year is still in his tent, move him to the Distant Lands
    # Board. In the Second Year, you use only the stronger paladin"
    _, state = year_end(4, "red")
    assert state.board.combat_cards == Y2_COMBAT
    assert set(Y1_COMBAT) <= set(state.board.box["combat_cards"])
    assert state.paladins[0].id == "paladin_y2" and state.paladins[0].holder is None
    assert state.board.discards["paladins"] == ["paladin_y1"]


def test_second_year_paladin_goes_at_once_to_an_evil_lord():
    # Rulebook › Second Year: "Now check the Evilometer. If any player is at or above the paladin's limit
    # of tolerance, the paladin moves to that player's dungeon."
    # yellow (at 10) had the First Year's paladin: having survived Combat he leaves for the Distant Lands
    # (Rulebook › End of Combat: "Any adventurers remaining leave the dungeons and go to the Distant Lands")
    events, state = year_end(
        4, "red", players={"yellow": {"evil": 10}}, paladin={"id": "paladin_y1", "holder": "yellow"}
    )
    arrived = [e for e in events if isinstance(e, ev.PaladinArrived)]
    assert [(e.color, e.paladin) for e in arrived] == [("yellow", "paladin_y2")]
    assert events.index(arrived[0]) > events.index(next(e for e in events if isinstance(e, ev.YearBegan)))
    assert state.paladins[0].holder == "yellow" and state.board.discards["paladins"] == ["paladin_y1"]


@pytest.mark.parametrize("n, holder", [(4, "blue"), (3, "red")])
def test_second_year_paladin_tie_uses_the_new_starting_player(n, holder):
    # Rulebook › Second Year: "(In case of ties, don't forget that the new starting player is the nicest.)"
    # 4 players: green starts (green, yellow, red, blue): blue is later; 3 players: blue starts (blue, green,
    # red): red is later.
    events, state = year_end(
        n, "red", players={"red": {"evil": 11}, "blue": {"evil": 11}}, paladin={"id": "paladin_y1", "holder": "red"}
    )
    assert state.paladins[0].holder == holder and state.paladins[0].id == "paladin_y2"


def test_second_year_draws_from_the_gold_backed_stacks():
    # Rulebook › Second Year: "You will draw new Adventurer, Monster, and Room Tiles from the gold-backed stacks."
    _, state = year_end(3, "red")
    p = pending(state)
    assert p.is_chance and p.chance.what == "monsters"
    assert p.chance.pool and all("_y2#" in m for m in p.chance.pool)
    assert_refused(state, RecordDraw(cards=["goblin_y1#1", "slime_y2#1", "troll_y2#1"]), "DRAW_IMPOSSIBLE")
    t = Table([], state, draws={"event_tile": [["pay_day"]]})
    y2 = {k for k, v in t.recorded}
    assert {"monsters", "rooms", "adventurers"} <= y2
    for what, cards in t.recorded:
        if what == "rooms":
            assert all(
                r
                in (
                    "training_room",
                    "dark_room",
                    "labyrinth",
                    "anti_magic_room",
                    "cafeteria",
                    "chapel",
                    "pandemonium",
                    "hall_of_fame",
                )
                for r in cards
            )
        if what == "adventurers":
            assert all("_y2_" in a for a in cards)


def test_second_year_keeps_the_inaccessible_orders_of_fall():
    # Rulebook › Second Year: "Your inaccessible Orders Cards for winter will be the two that you put there
    # at the end of fall in the First Year."
    _, state = year_end(
        4,
        "red",
        players={
            "red": {
                "inaccessible": ["mine_gold", "hire_monster"],
                "hand": ["get_food", "improve_reputation", "dig_tunnels", "recruit_imps", "buy_traps", "build_room"],
            }
        },
    )
    assert sorted(state.player("red").inaccessible) == ["hire_monster", "mine_gold"]
    assert sorted(state.board.event_pool) == ["pay_day", "special_event", "taxes"]


# --- End of the Round ---------------------------------------------------------------------------------------------
def test_end_of_round_token_passes_left_and_imps_come_home():
    # Rulebook › End of the Round: "At the end of each of the first three rounds, the Starting Player Token
    # moves one player to the left ... you move all your Imp Figures back to your Imp Den."
    hands = {c: ["mine_gold", "get_food", "dig_tunnels"] for c in ("red", "blue", "green", "yellow")}
    t = start(make_scenario(4, starting="yellow", hands=hands))
    orders_round(t, hands)

    def policy(state, p, actor):
        if p.kind == "action" and p.detail["action"] == "mine_gold":
            return p.options(actor)[0]
        return None

    drive(t, lambda p: t.state.phase == "production", policy=policy)
    assert t.player("yellow").imps_busy == 1
    drive(t, lambda p: t.state.season == 1)
    ended = t.of_type(ev.RoundEnded)
    assert [(e.season, e.starting_player) for e in ended] == [("winter", "red")]
    assert t.state.players[t.state.starting_player].color == "red"
    assert all(q.imps_busy == 0 for q in t.state.players)
    assert all(all(s is None for s in slots) for slots in t.state.board.spaces.values())


def test_the_token_does_not_move_after_fall():
    # Rulebook › End of the Round: "At the end of the last round (fall) the token does not move.
    # Instead, Combat begins."
    t = start(make_scenario(3, season="fall", starting="green"))
    drive(t, lambda p: t.state.phase == "combat" or t.state.year == 2)
    # nobody has adventurers in this scenario, so Combat ends at once and the Second Year begins
    ended = [(e.season, e.starting_player) for e in t.of_type(ev.RoundEnded)]
    assert ended[0] == ("fall", "green")
    assert "combat" in [e.phase for e in t.of_type(ev.PhaseBegan)]
