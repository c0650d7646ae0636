"""Building in the Second Year, from scenario files: Buy Traps draws one extra and discards one,
First Year rooms produce twice, the gold-backed stacks are drawn."""

from __future__ import annotations

import json

import pytest
from helpers import SCENARIOS, assert_refused, drive, drive_to, drive_to_action, orders_round, start

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import DiscardTrap, Produce, TakeAction
from domain.games.dungeon_lords.invariants import problems

SPRING_3P = SCENARIOS / "year2-spring-3p.json"
BUY = {
    "red": ["buy_traps", "get_food", "mine_gold"],
    "blue": ["buy_traps", "get_food", "mine_gold"],
    "green": ["buy_traps", "get_food", "mine_gold"],
}


def spring(**changes) -> dict:
    sc = json.loads(SPRING_3P.read_text())
    for color, fields in changes.items():
        next(p for p in sc["players"] if p["color"] == color).update(fields)
    return sc


def test_scenario_file_loads_soundly():
    t = start(SPRING_3P)
    assert t.state.year == 2 and t.state.season == 1 and t.state.phase == "orders"
    assert problems(t.state) == []
    assert t.state.paladins[0].id == "paladin_y2"


@pytest.mark.parametrize(
    "space, color, gold, drawn", [("I", "red", 1, 2), ("II", "blue", 0, 2), ("III", "green", 2, 3)]
)
def test_second_year_buy_traps_draws_one_extra_then_discards_one(space, color, gold, drawn):
    # Rulebook › Second Year › Buying Traps in the Second Year: "You draw one extra Trap Card (2 cards on
    # spaces I and II, and 3 cards on space III). After looking at all your Trap Cards, you discard one, face down."
    t = start(
        SPRING_3P, draws={("trap_cards", color): [["wall_of_fire#1", "kamikaze_imp#1", "poisoned_meal#1"][:drawn]]}
    )
    orders_round(t, BUY)
    drive_to_action(t, "buy_traps", space)
    before = t.player(color)
    gold0, traps0 = before.gold, list(before.traps)
    events = t.do(TakeAction(player=color))
    got = next(e for e in events if isinstance(e, ev.TrapCardsDrawn))
    assert len(got.cards) == drawn
    p = t.pending
    assert p.kind == "discard_trap" and p.actors == [color]
    assert sorted(o.card for o in p.options(color)) == sorted(traps0 + got.cards)
    assert t.player(color).gold == gold0 - gold
    t.do(DiscardTrap(player=color, card=got.cards[0]))
    assert sorted(t.player(color).traps) == sorted(traps0 + got.cards[1:])
    assert got.cards[0] in t.state.board.trap_discard


def test_second_year_discard_may_be_a_trap_drawn_earlier():
    # Rulebook › Buying Traps in the Second Year: "Your discard can be one of those that you just drew, or
    # it can be one that you drew earlier."
    t = start(SPRING_3P, draws={("trap_cards", "red"): [["wall_of_fire#1", "kamikaze_imp#1"]]})
    orders_round(t, BUY)
    drive_to_action(t, "buy_traps", "I")
    t.do(TakeAction(player="red"))
    assert_refused(t, DiscardTrap(player="red", card="pendulum#1"), "TRAP_NOT_HELD")  # blue's card
    assert_refused(t, DiscardTrap(player="blue", card="pendulum#1"), "NOT_YOUR_TURN")
    t.do(DiscardTrap(player="red", card="rolling_stone#1"))
    assert sorted(t.player("red").traps) == ["kamikaze_imp#1", "wall_of_fire#1"]
    assert t.state.board.trap_discard == ["rolling_stone#1"]
    # the buy is carried out: the minion does not stay on the card
    assert t.state.board.spaces["buy_traps"][0].carried_out


def test_second_year_workshop_draws_one_card_without_discarding():
    # Rulebook › Buying Traps in the Second Year: "This rule only applies to the Buy Traps action, not to a
    # room that produces traps." (Appendix › Workshop)
    t = start(SPRING_3P)
    drive_to(t, "production", "red")
    events = t.do(Produce(player="red", square=(0, 0)))
    got = [e for e in events if isinstance(e, ev.TrapCardsDrawn)]
    assert len(got) == 1 and len(got[0].cards) == 1
    assert t.pending.kind == "production"
    assert len(t.player("red").traps) == 2


def test_first_year_rooms_produce_twice_in_the_second_year():
    # Rulebook › Second Year › Rooms and Monsters: "you can make your First Year rooms produce twice (e.g.,
    # use 3 imps to produce 1 Food or 6 imps to produce 2 Food)"
    t = start(SPRING_3P)
    drive_to(t, "production", "red")
    food = t.player("red").food
    t.do(Produce(player="red", square=(1, 2)))
    t.do(Produce(player="red", square=(1, 2)))
    assert t.player("red").food == food + 2
    err = assert_refused(t, Produce(player="red", square=(1, 2)), "PRODUCE_ROOM_USED")
    assert "2" in err.message
    # 2 x 3 workers: the troll token and 5 of the 8 imps
    assert t.player("red").imps_busy == 5 and t.player("red").trolls_busy == 1


def test_second_year_double_production_needs_twice_the_imps():
    # Rulebook › Rooms and Monsters in the Second Year ("If you have enough imps")
    t = start(spring(blue={"imps": 4}))
    drive_to(t, "production", "blue")
    gold = t.player("blue").gold
    t.do(Produce(player="blue", square=(2, 3)))
    assert t.player("blue").gold == gold + 1
    assert_refused(t, Produce(player="blue", square=(2, 3)), "NOT_ENOUGH_IMPS")


def test_magic_room_twice_in_the_second_year():
    # Rulebook › Appendix › Magic Room + Second Year (produce twice); the new imps can work at once
    t = start(spring(green={"imps": 3, "food": 2}))
    drive_to(t, "production", "green")
    t.do(Produce(player="green", square=(1, 2)))
    t.do(Produce(player="green", square=(1, 2)))  # 4 imps now, 2 busy: 1 idle + the new one
    green = t.player("green")
    assert green.imps == 5 and green.imps_busy == 4 and green.food == 0


def test_second_year_rooms_do_not_produce():
    # Rulebook › Rooms and Monsters in the Second Year: "The Second Year rooms do not produce anything."
    t = start(
        spring(
            red={
                "dungeon": ["W.#..", "#.C#.", "#.#..", "xTx.."],
                "rooms": {"0,0": "workshop", "1,2": "chicken_coop", "3,1": "dark_room"},
            }
        )
    )
    p = drive_to(t, "production", "red")
    assert not any(isinstance(o, Produce) and tuple(o.square) == (3, 1) for o in p.options("red"))
    assert_refused(t, Produce(player="red", square=(3, 1)), "PRODUCE_NOT_PRODUCTION")


def test_second_year_new_round_draws_gold_backed_tiles():
    # Rulebook › Second Year: "You will draw new Adventurer, Monster, and Room Tiles from the gold-backed stacks."
    t = start(SPRING_3P)
    drive(t, lambda p: t.state.season == 2 and t.state.phase == "orders")
    after_spring = [(what, cards) for what, cards in t.recorded if what in ("monsters", "rooms", "adventurers")]
    kinds = {what for what, _ in after_spring}
    assert kinds == {"monsters", "rooms", "adventurers"}
    for what, cards in after_spring:
        assert cards
        if what == "monsters":
            assert all("_y2#" in c for c in cards)
        elif what == "adventurers":
            assert all("_y2_" in c for c in cards)
        else:
            assert all(
                c
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
                for c in cards
            )
    assert problems(t.state) == []


def test_shipped_year2_scenario_draws_from_the_second_year_stacks():
    # Rulebook › Second Year (the example scenario shipped with the engine, played at a table)
    from pathlib import Path

    import domain

    sc = json.loads(
        (Path(domain.__file__).parent / "games" / "dungeon_lords" / "scenarios" / "year2-winter-4p.json").read_text()
    )
    sc["mode"] = "tabletop"
    t = start(sc)
    assert t.pending.kind == "choose_orders"
    monsters = next(cards for what, cards in t.recorded if what == "monsters")
    assert len(monsters) == 3 and all("_y2#" in m for m in monsters)
    assert problems(t.state) == []
