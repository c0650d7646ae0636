"""Event Phase: Pay Day (the rulebook's examples, demon, golem, releasing) and Taxes."""

from __future__ import annotations

import pytest
from helpers import assert_refused, drive, drive_to, make_scenario, start

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import PayTaxes, PayWage, ReleaseMonster
from domain.games.dungeon_lords.phases.common import type_of


def event_game(tile: str, red: dict, *, variant="first_game", year=1, n=4, starting="red", players=None):
    players = dict(players or {})
    players["red"] = red
    sc = make_scenario(
        n,
        phase="orders",
        season="spring",
        year=year,
        variant=variant,
        starting=starting,
        players=players,
        event_tiles={"spring": tile},
    )
    return start(sc)


def settle_wages(t, color: str, choice: dict[str, str]) -> None:
    """Pay Day for ``color``: pay or release each monster type as ``choice`` says."""
    while True:
        p = t.settle()
        if p.kind != "pay_wage" or p.actors != [color]:
            return
        m = p.detail["monsters"][0]  # settled in lair order here; any order is allowed
        if choice[type_of(m)] == "release":
            t.do(ReleaseMonster(player=color, monster=m))
        else:
            t.do(next(o for o in p.options(color) if isinstance(o, PayWage) and o.monster == m))


# --- Pay Day: the rulebook example (vampire, witch and a goblin; the paladin space is 10) ---------------------
PAYDAY_EXAMPLE = {"evil": 7, "food": 3, "monsters": ["vampire_y1", "witch_y1", "goblin_y1"]}


@pytest.mark.parametrize(
    "choice, food, evil, paladin",
    [
        # "you have to pay 2 Food Tokens and move your Evil Counter up 3 spaces ... the paladin will come after you"
        ({"vampire_y1": "pay", "witch_y1": "pay", "goblin_y1": "pay"}, -2, 3, True),
        # "letting the witch go ... paying 1 Food and 2 reputation, but you would also gain 1 Evil"
        ({"vampire_y1": "pay", "witch_y1": "release", "goblin_y1": "pay"}, -1, 3, True),
        # "let the vampire go. You would pay 2 Food and 1 reputation ... and then gain 1 Evil"
        ({"vampire_y1": "release", "witch_y1": "pay", "goblin_y1": "pay"}, -2, 2, False),
    ],
)
def test_pay_day_example(choice, food, evil, paladin):
    # Rulebook › Event Phase › Pay Day › Example
    t = event_game("pay_day", PAYDAY_EXAMPLE)
    drive_to(t, "pay_wage", "red")
    settle_wages(t, "red", choice)
    red = t.player("red")
    assert (red.food - 3, red.evil - 7) == (food, evil)
    kept = sorted(type_of(m.id) for m in red.monsters)
    assert kept == sorted(k for k, v in choice.items() if v == "pay")
    assert (t.state.paladins[0].holder == "red") is paladin
    assert any(isinstance(e, ev.PaladinArrived) and e.color == "red" for e in t.events) is paladin
    released = [k for k, v in choice.items() if v == "release"]
    assert [type_of(m) for m in t.state.board.discards["monsters"] if type_of(m) in released] == released


def test_pay_day_full_game_example_vampire_first():
    # Rulebook › Full Game › Paying a Cost vs. Gaining Evil › Example: "The player ... can only pay 2
    # more, so he must let the witch or the vampire go. He decides to keep the vampire and pays the cost
    # by moving 2 spaces up ... He gains 1 Evil for letting the witch go, but his Evil Counter is already
    # at the top, so it does not go any higher."
    t = event_game("pay_day", {"evil": 13, "monsters": ["vampire_y1", "witch_y1"]}, variant="full")
    p = drive_to(t, "pay_wage", "red")
    assert p.detail["monsters"] == ["vampire_y1#1", "witch_y1#1"]
    t.do(PayWage(player="red", monster="vampire_y1#1"))
    assert t.player("red").evil == 15
    p = t.pending
    assert p.detail["monsters"] == ["witch_y1#1"]
    assert not any(isinstance(o, PayWage) for o in p.options("red"))  # no room left to pay 1 Evil
    assert_refused(t, PayWage(player="red", monster="witch_y1#1"), "EVIL_AT_TOP")
    t.do(ReleaseMonster(player="red", monster="witch_y1#1"))
    red = t.player("red")
    assert red.evil == 15 and [m.id for m in red.monsters] == ["vampire_y1#1"]


def test_pay_day_full_game_example_whatever_the_hiring_order():
    # Rulebook › Full Game › Paying a Cost vs. Gaining Evil › Example (same as above, but the witch was
    # hired first). The rulebook lets the lord keep the vampire: pay it (13 -> 15), then let the witch go.
    t = event_game("pay_day", {"evil": 13, "monsters": ["witch_y1", "vampire_y1"]}, variant="full")
    drive_to(t, "pay_wage", "red")
    t.do(PayWage(player="red", monster="vampire_y1#1"))
    t.do(ReleaseMonster(player="red", monster="witch_y1#1"))
    red = t.player("red")
    assert red.evil == 15 and [m.id for m in red.monsters] == ["vampire_y1#1"]


def test_release_gains_one_evil_and_stops_at_the_top():
    # Rulebook › Pay Day: "When a monster (or ghost) leaves you this way, you gain 1 Evil." and
    # Full Game › Paying a Cost vs. Gaining Evil: "you simply remain on the space on that end"
    t = event_game("pay_day", {"evil": 15, "food": 0, "monsters": ["goblin_y1", "troll_y1"]}, variant="full")
    p = drive_to(t, "pay_wage", "red")
    assert {type(o).__name__ for o in p.options("red")} == {"ReleaseMonster"}  # no food for either
    assert_refused(t, PayWage(player="red", monster="goblin_y1#1"), "CANNOT_PAY_FOOD")
    t.do(ReleaseMonster(player="red", monster="goblin_y1#1"))
    assert t.player("red").evil == 15
    t.do(ReleaseMonster(player="red", monster="troll_y1#1"))
    red = t.player("red")
    assert red.evil == 15 and red.monsters == []
    assert {"goblin_y1#1", "troll_y1#1"} <= set(t.state.board.discards["monsters"])


def test_release_below_the_top_gains_exactly_one_evil():
    # Rulebook › Pay Day: "you gain 1 Evil. Move your Evil Counter one space up the Evilometer."
    t = event_game("pay_day", {"evil": 5, "monsters": ["ghost_y1"]})
    drive_to(t, "pay_wage", "red")
    t.do(ReleaseMonster(player="red", monster="ghost_y1#1"))
    assert t.player("red").evil == 6


def test_ghost_wage_is_one_evil():
    # Rulebook › Pay Day ("Ghosts need to haunt"): the wage in the corner of the tile
    t = event_game("pay_day", {"evil": 5, "monsters": ["ghost_y1"]})
    drive_to(t, "pay_wage", "red")
    t.do(PayWage(player="red", monster="ghost_y1#1"))
    assert t.player("red").evil == 6 and len(t.player("red").monsters) == 1


def test_a_monster_fed_to_the_demon_is_not_paid():
    # Rulebook › Appendix › Demon: "you must discard a monster when you hire or pay the demon. On the plus
    # side, a monster fed to the demon on Pay Day does not need to be paid."
    t = event_game("pay_day", {"evil": 5, "food": 3, "monsters": ["troll_y1", "ghost_y1", "demon_y2"]}, year=2)
    p = drive_to(t, "pay_wage", "red")
    assert "demon_y2#1" in p.detail["monsters"]
    assert {o.feed_monster for o in p.options("red") if isinstance(o, PayWage) and o.monster == "demon_y2#1"} == {
        "troll_y1#1"
    }
    assert_refused(t, PayWage(player="red", monster="demon_y2#1", feed_monster="ghost_y1#1"), "DEMON_NEEDS_MONSTER")
    assert_refused(t, PayWage(player="red", monster="demon_y2#1"), "DEMON_NEEDS_MONSTER")
    assert_refused(t, PayWage(player="red", monster="demon_y2#1", feed_monster="demon_y2#1"), "DEMON_NEEDS_MONSTER")
    t.do(PayWage(player="red", monster="demon_y2#1", feed_monster="troll_y1#1"))
    # the troll is gone and nobody asks for its 2 food; the ghost is still to be paid
    p = t.pending
    assert p.detail["monsters"] == ["ghost_y1#1"]
    t.do(PayWage(player="red", monster="ghost_y1#1"))
    red = t.player("red")
    assert red.food == 3 and red.evil == 7
    assert sorted(m.id for m in red.monsters) == ["demon_y2#1", "ghost_y1#1"]
    assert "troll_y1#1" in t.state.board.discards["monsters"]
    assert any(isinstance(e, ev.PayDayFinished) and e.color == "red" for e in t.events)


def test_golem_wage_costs_a_trap_card():
    # Rulebook › Appendix › Golem: "you must discard another trap to pay him on Pay Day"
    t = event_game("pay_day", {"gold": 3, "monsters": ["golem_y2"], "traps": ["pendulum"]}, year=2)
    p = drive_to(t, "pay_wage", "red")
    pays = [o for o in p.options("red") if isinstance(o, PayWage)]
    assert [o.discard_trap for o in pays] == ["pendulum#1"]
    assert_refused(t, PayWage(player="red", monster="golem_y2#1"), "GOLEM_NEEDS_TRAP")
    t.do(PayWage(player="red", monster="golem_y2#1", discard_trap="pendulum#1"))
    red = t.player("red")
    assert red.gold == 2 and red.traps == [] and "pendulum#1" in t.state.board.trap_discard
    assert [m.id for m in red.monsters] == ["golem_y2#1"]


def test_golem_without_a_trap_card_must_go():
    # Rulebook › Appendix › Golem: "If you do not have a Trap Card, you cannot pay his cost."
    t = event_game("pay_day", {"gold": 3, "evil": 5, "monsters": ["golem_y2"]}, year=2)
    p = drive_to(t, "pay_wage", "red")
    assert [type(o).__name__ for o in p.options("red")] == ["ReleaseMonster"]
    t.do(ReleaseMonster(player="red", monster="golem_y2#1"))
    assert t.player("red").evil == 6 and t.player("red").gold == 3


def test_pay_day_in_play_order_from_the_starting_player():
    # Rulebook › Event Phase: "If players must make a decision ... they decide in order, beginning with
    # the starting player."
    t = event_game(
        "pay_day",
        {"monsters": ["goblin_y1"]},
        starting="green",
        players={"blue": {"monsters": ["slime_y1"]}, "yellow": {"monsters": ["ghost_y1"]}},
    )
    seen = []

    def policy(state, p, actor):
        if p.kind == "pay_wage":
            seen.append(actor)
        return None

    drive(t, lambda p: t.state.phase == "adventurers" or t.state.season != 1, policy=policy)
    assert seen == ["yellow", "red", "blue"]


def test_wage_for_a_monster_not_due_is_refused():
    t = event_game("pay_day", {"monsters": ["goblin_y1", "slime_y1"]})
    drive_to(t, "pay_wage", "red")
    assert_refused(t, PayWage(player="red", monster="troll_y1#1"), "WAGE_NOT_DUE")
    t.do(PayWage(player="red", monster="slime_y1#1"))  # any order: the slime first
    assert_refused(t, PayWage(player="red", monster="slime_y1#1"), "WAGE_NOT_DUE")  # not twice
    assert_refused(t, ReleaseMonster(player="blue", monster="goblin_y1#1"), "NOT_YOUR_TURN")


# --- Taxes ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "dungeon, rooms, due",
    [
        (["..#..", "..#..", "..#..", "....."], {}, 2),  # "3 tunnels would cost 2 Gold"
        (["..#..", "..#..", "..#..", "..#.."], {}, 2),
        (["..#..", ".##..", "..#..", "..#.."], {}, 3),
        (["..x..", "..x..", "..#..", "....."], {}, 2),  # conquered tiles are taxed too
        (["..x..", "..C#.", "..x..", "..#.."], {"1,2": "chicken_coop"}, 3),  # rooms count, conquered or not
        (["..#..", "..c..", "..#..", "..##."], {"1,2": "chicken_coop"}, 3),
    ],
)
def test_taxes_one_gold_per_two_tiles_rounded_up(dungeon, rooms, due):
    # Rulebook › Event Phase › Taxes: "For every 2 dungeon tiles (tunnels and rooms) you pay 1 Gold.
    # (Round up ...)"; "the Ministry taxes you whether the tiles are conquered or not"
    t = event_game("taxes", {"gold": 9, "dungeon": dungeon, "rooms": rooms})
    p = drive_to(t, "taxes", "red")
    assert p.detail["due"] == due
    t.do(PayTaxes(player="red", gold=due))
    assert t.player("red").gold == 9 - due and t.player("red").red_marks == 0


def test_taxes_unpaid_gold_is_a_red_mark():
    # Rulebook › Taxes: "For each Gold that you choose not to pay, the Ministry of Dungeons gives you a ... red mark"
    t = event_game("taxes", {"gold": 1, "dungeon": ["..#..", ".##..", "..#..", "..#.."]})
    p = drive_to(t, "taxes", "red")
    assert sorted(o.gold for o in p.options("red")) == [0, 1]
    assert_refused(t, PayTaxes(player="red", gold=2), "TAX_AMOUNT_INVALID")
    t.do(PayTaxes(player="red", gold=1))
    assert t.player("red").gold == 0 and t.player("red").red_marks == 2


def test_taxes_voluntary_non_payment():
    # Rulebook › Taxes: "You choose how much to pay. Even if you have enough, you do not have to pay the full tax."
    t = event_game("taxes", {"gold": 5, "red_marks": 1})
    drive_to(t, "taxes", "red")
    t.do(PayTaxes(player="red", gold=0))
    assert t.player("red").gold == 5 and t.player("red").red_marks == 3


@pytest.mark.parametrize("gold", [-1, 3, 100])
def test_taxes_amount_out_of_range_is_refused(gold):
    # Rulebook › Taxes (pay between nothing and the tax due)
    t = event_game("taxes", {"gold": 5})
    drive_to(t, "taxes", "red")
    assert_refused(t, PayTaxes(player="red", gold=gold), "TAX_AMOUNT_INVALID")


def test_taxes_with_no_gold_are_all_red_marks():
    # Rulebook › Taxes: "Gain 1 red mark ... for each Gold you cannot or will not pay" (Full Rules Summary)
    t = event_game("taxes", {"gold": 0})

    def policy(state, p, actor):
        assert not (p.kind == "taxes" and actor == "red"), "a lord with no gold has nothing to decide"
        return None

    drive(t, lambda p: t.state.phase == "adventurers" or t.state.season != 1, policy=policy)
    paid = next(e for e in t.events if isinstance(e, ev.TaxesPaid) and e.color == "red")
    assert (paid.due, paid.paid, paid.red_marks) == (2, 0, 2)
    assert t.player("red").red_marks == 2


def test_first_game_special_event_tile_does_nothing():
    # Rulebook › Event Phase › Special Events: "This Event Tile has no effect in your first game."
    t = event_game("special_event", {"gold": 3, "monsters": ["goblin_y1"]})
    drive(t, lambda p: t.state.season != 1)
    red = t.player("red")
    assert red.gold == 3 and len(red.monsters) == 1 and red.red_marks == 0
    assert not t.of_type(ev.SpecialEventApplied)
