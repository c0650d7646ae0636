"""Festival Season's Hire Expert Monster board and the Expertise tiles (spec UO-HE-1..UO-HE-6, NC-E1, CB-05 and the
worked examples T-06, T-07, T-08, T-10): the hire with the tile's surcharge, the surcharge in every later wage,
and the +2 on the monster's first attack in each Year's Combat. Battles are the Combat Training situations of
``test_rules_combat`` with an Expertise tile given to the monster."""

from __future__ import annotations

import pytest
from opportunity_games import COLORS, execute, of
from test_opportunities import at_board, waiting_player
from test_rules_combat import Fight, hits, one

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.actions import ACTIONS
from domain.games.dungeon_lords.commands import HireMonster
from domain.games.dungeon_lords.phases.actions import current
from domain.games.dungeon_lords.phases.combat import expert_bonus
from domain.games.dungeon_lords.phases.common import catalog, cost_dict, type_of, wage
from domain.games.dungeon_lords.phases.settle import evolve_stored as evolve  # hand-made events: settled as stored ones
from domain.games.dungeon_lords.state import Monster
from domain.kernel import RuleViolation

MODULES = ["five_seasons", "unique_opportunities"]


def expert_fight(party, monster: str, tile: str = "extra_cruel", **kw) -> Fight:
    """A Combat Training battle in which red's ``monster`` carries the Expertise ``tile``."""
    f = Fight(one(party, monsters=[monster], **kw))
    f.monster(f"{monster}#1").expertise = tile
    return f


def monster_hits(events):
    return [(t, a) for t, a, _, _ in hits(events, source="monster")]


@pytest.mark.spec("CB-05", "NC-E1")
def test_T_06_an_expert_slime_attacking_everyone_deals_3_to_the_first_and_1_to_the_others():
    f = expert_fight(
        ["warrior_y1_a", "thief_y1_c", "wizard_y1_c"],
        "slime_y1",
        round=2,
        cards=["graffiti", "invisibility", "fireball", "detect_treasure"],
    )
    f.plan(monsters=["slime_y1#1"])
    events = f.attack("slime_y1#1", "A")
    assert monster_hits(events) == [("warrior_y1_a", 3), ("thief_y1_c", 1), ("wizard_y1_c", 1)]
    assert of(events, ev.MonsterAttacked)[0].expert_bonus
    assert f.monster("slime_y1#1").expertise_used  # the tile is turned face down


@pytest.mark.spec("CB-05")
@pytest.mark.parametrize(
    ("option", "targets", "expect"),
    [
        ("A", [], [("warrior_y1_d", 6)]),
        ("B", ["priest_y1_c", "warrior_y1_d"], [("priest_y1_c", 3), ("warrior_y1_d", 1)]),
    ],
)
def test_T_07_an_expert_witch_standard_6_or_anyone_3_then_1(option, targets, expect):
    f = expert_fight(["warrior_y1_d", "priest_y1_c"], "witch_y1")
    f.plan(monsters=["witch_y1#1"])
    assert monster_hits(f.attack("witch_y1#1", option, targets)) == expect


@pytest.mark.spec("CB-05")
def test_the_slime_holding_the_party_is_no_attack_and_keeps_the_bonus():
    f = expert_fight(
        ["warrior_y1_a", "thief_y1_c"],
        "slime_y1",
        round=2,
        cards=["graffiti", "invisibility", "fireball", "detect_treasure"],
    )
    f.plan(monsters=["slime_y1#1"])
    events = f.attack("slime_y1#1", "B")
    assert not of(events, ev.MonsterAttacked)[0].expert_bonus and not f.monster("slime_y1#1").expertise_used


@pytest.mark.spec("CB-05", "NC-E1")
def test_T_08_T_10_the_bonus_once_a_combat_and_face_up_again_after_it():
    f = expert_fight(["warrior_y1_d", "priest_y1_c"], "witch_y1")
    f.plan(monsters=["witch_y1#1"])
    f.attack("witch_y1#1", "A")
    p = f.p()
    assert expert_bonus(f.state, p, "witch_y1#1") == 0  # a later attack in this Combat: the usual damage
    after = evolve(f.state, ev.CombatEnded(year=1, departed={}))
    assert not after.player("red").monsters[0].expertise_used  # the next Year's Combat: +2 again
    assert expert_bonus(after, after.player("red"), "witch_y1#1") == 2


@pytest.mark.spec("UO-HE-3", "NC-E1")
def test_T_10_the_surcharge_is_part_of_every_wage():
    _, state = GAME.new_game(["A", "B"], seed=1, variant="full", modules=MODULES)
    p = state.player("red")
    p.monsters = [Monster("witch_y1#1", expertise="extra_cruel"), Monster("witch_y1#2")]
    assert wage(state, p, "witch_y1#1") == {"food": 1, "evil": 2}  # the witch's, and the tile's 1 Evil (U-07)
    assert wage(state, p, "witch_y1#2") == {"food": 1, "evil": 1}


def decide(state, cmd):
    """The board's own rules for ``cmd`` on the waiting minion (without the flow around them)."""
    pl = current(state)
    return ACTIONS["hire_expert"].decide(state, state.player(pl.color), pl, cmd)


@pytest.mark.spec("UO-HE-1", "UO-HE-2", "UO-HE-3")
def test_UO_HE_space_III_pays_one_evil_and_the_extra_large_surcharge_and_keeps_the_tile():
    _, state = at_board("hire_expert", "III", first_orders=dict.fromkeys(COLORS, "hire_monster"))
    color = waiting_player(state)
    p = state.player(color)
    cat = catalog(state)
    b = state.board

    def simple(m: str) -> bool:  # no Trap Card or monster to name
        cost = cat.monsters[type_of(m)].cost
        return not (cost.trap_cards or cost.monsters)

    monster = next((m for m in b.monster_offer if simple(m)), None)
    if monster is None:  # the position: a monster of the stack on offer instead
        monster = next(m for m in b.monster_stack["1"] if simple(m))
        b.monster_stack["1"].remove(monster)
        b.monster_offer.append(monster)
    own = cost_dict(cat.monsters[type_of(monster)].cost)
    p.gold, p.food = 9, 9
    events, after = execute(state, HireMonster(player=color, monster=monster))
    hired = of(events, ev.MonsterHired)[0]
    expect = dict(own)
    expect["evil"] = expect.get("evil", 0) + 1  # space III: 1 Evil, a cost (no extra food: inferred)
    expect["food"] = expect.get("food", 0) + 1  # the Extra large tile's food (provisional U-06, U-07)
    assert hired.paid == expect and hired.expertise == "extra_large"
    kept = next(m for m in after.player(color).monsters if m.id == monster)
    assert kept.expertise == "extra_large" and not kept.expertise_used
    p.food = expect["food"] - 1  # everything but the surcharge
    with pytest.raises(RuleViolation, match="CANNOT_PAY_FOOD"):
        decide(state, HireMonster(player=color, monster=monster))
    p.food, p.evil = 9, 15  # the space's Evil is a cost: not past the top (full game)
    with pytest.raises(RuleViolation, match="EVIL_AT_TOP"):
        decide(state, HireMonster(player=color, monster=monster))
