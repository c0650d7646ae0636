"""The rulebook's Combat Training: each training dungeon replayed with its published solution
(Rulebook › Combat Training › Solutions, and › Combat in Rooms › Training Scenario).

Each solution must conquer exactly one tile and deal exactly the damage the rulebook narrates.
The dungeons are reconstructed in domain/games/dungeon_lords/scenarios/training-*.json (see docs/training.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import Attack, PlanBattle, TargetTrap
from domain.games.dungeon_lords.engine import execute, from_scenario, pending
from domain.games.dungeon_lords.errors import RuleViolation

TUNNEL_1, TUNNEL_2 = (0, 2), (1, 2)


def start(n):
    events, state = from_scenario(Path(f"domain/games/dungeon_lords/scenarios/training-{n}.json").read_text())
    return state


def run(state, *commands):
    """Play the commands; return the events and the final state."""
    log = []
    for cmd in commands:
        events, state = execute(state, cmd)
        log += events
    return log, state


def plan(tile=TUNNEL_1, traps=(), monsters=()):
    return PlanBattle(player="red", tile=tile, traps=list(traps), monsters=list(monsters))


def attack(monster, option="A", targets=()):
    return Attack(player="red", monster=monster, option=option, targets=list(targets))


def damage(log, target):
    return [e.amount for e in log if isinstance(e, ev.DamageDealt) and e.target == target]


def imprisoned(log):
    return [e.adventurer for e in log if isinstance(e, ev.AdventurerImprisoned)]


def conquered(log):
    return [tuple(e.tile) for e in log if isinstance(e, ev.TileConquered)]


def finished(state):
    p = pending(state)
    return p.kind == "game_over" and not state.players[0].party


def test_first_scenario_simplest_solution():
    # "use the Rolling Stone and the troll in round 1, paying the troll 1 Food to use his bigger attack.
    # This eliminates both warriors. The priest has no one to heal, and he takes 2 damage during
    # Conquering. ... the goblin ... can easily eliminate the priest next round."
    s = start(1)
    log, s = run(s, plan(traps=["rolling_stone#1"], monsters=["troll_y1#1"]), attack("troll_y1#1", "B"))
    assert damage(log, "warrior_y1_a") == [3] and damage(log, "warrior_y1_b") == [4]
    assert imprisoned(log) == ["warrior_y1_a", "warrior_y1_b"]
    assert s.players[0].food == 0  # the troll's bigger attack cost 1 food
    assert any(isinstance(e, ev.PartyHealed) and e.healed == {} for e in log)  # no one to heal
    assert damage(log, "priest_y1_a") == [1, 1]  # fatigue, one point at a time
    assert conquered(log) == [TUNNEL_1]
    log2, s = run(s, plan(TUNNEL_2, monsters=["goblin_y1#1"]), attack("goblin_y1#1"))
    assert imprisoned(log2) == ["priest_y1_a"] and conquered(log2) == []
    assert finished(s) and s.players[0].prison == ["warrior_y1_a", "warrior_y1_b", "priest_y1_a"]


def test_first_scenario_leave_the_priest_alone():
    # "Or we can leave the priest alone. Without an attack, he will not heal and then he will be
    # eliminated by fatigue before he can conquer the next tile."
    s = start(1)
    _, s = run(s, plan(traps=["rolling_stone#1"], monsters=["troll_y1#1"]), attack("troll_y1#1", "B"))
    log, s = run(s, plan(TUNNEL_2))
    assert any(isinstance(e, ev.HealingSkipped) for e in log)
    assert imprisoned(log) == ["priest_y1_a"] and conquered(log) == []
    assert finished(s)


def test_first_scenario_alternative_solution_saves_the_food():
    # "use the troll's free attack, after the trap eliminates the first warrior. This will not be enough to
    # eliminate the second warrior, and the priest will heal one point of damage, but the warrior will then
    # be eliminated by fatigue. To eliminate the priest in the next round, attack with the goblin for 2.
    # Even though the priest heals one, he is still eliminated by fatigue ... we have saved one Food Token."
    s = start(1)
    log, s = run(s, plan(traps=["rolling_stone#1"], monsters=["troll_y1#1"]), attack("troll_y1#1", "A"))
    assert damage(log, "warrior_y1_b") == [3, 1, 1]  # troll 3, then two points of fatigue
    assert [e.healed for e in log if isinstance(e, ev.PartyHealed)] == [{"warrior_y1_b": 1}]
    assert imprisoned(log) == ["warrior_y1_a", "warrior_y1_b"] and conquered(log) == [TUNNEL_1]
    log2, s = run(s, plan(TUNNEL_2, monsters=["goblin_y1#1"]), attack("goblin_y1#1"))
    assert damage(log2, "priest_y1_a") == [2, 1, 1][: len(damage(log2, "priest_y1_a"))]
    assert [e.healed for e in log2 if isinstance(e, ev.PartyHealed)] == [{"priest_y1_a": 1}]
    assert imprisoned(log2) == ["priest_y1_a"] and conquered(log2) == []
    assert s.players[0].food == 1  # the food token was saved
    assert finished(s)


def test_second_scenario():
    # "let's save the trap for next round and just send the witch and the ghost ... we'll send the ghost
    # into battle first ... to attack the thief in the middle. Then the warrior is eliminated by the witch,
    # and the wounded thief falls from fatigue. ... Now we prepare the Poisoned Meal. ... the thief takes a
    # little bite (1 damage). She is eliminated by fatigue before she can conquer the second tile."
    s = start(2)
    log, s = run(
        s,
        plan(monsters=["witch_y1#1", "ghost_y1#1"]),
        attack("ghost_y1#1", targets=["thief_y1_c"]),
        attack("witch_y1#1", "A"),
    )
    assert damage(log, "thief_y1_c")[0] == 2 and damage(log, "warrior_y1_c") == [4]
    assert imprisoned(log) == ["warrior_y1_c", "thief_y1_c"] and conquered(log) == [TUNNEL_1]
    log2, s = run(s, plan(TUNNEL_2, traps=["poisoned_meal#1"]))
    meal = [e for e in log2 if isinstance(e, ev.DamageDealt) and e.source.startswith("trap")]
    assert [(e.amount, e.prevented) for e in meal] == [(1, 2)]  # 3 hit points, 2 stopped by her disarm
    assert imprisoned(log2) == ["thief_y1_b"] and conquered(log2) == []
    assert s.players[0].food == 0 and finished(s)


def test_second_scenario_the_meal_first_is_worse():
    # "It looks like the trap can take out the first adventurer, but the thieves will reduce the damage
    # down to 1."
    s = start(2)
    log, _ = run(s, plan(traps=["poisoned_meal#1"]))
    meal = [e for e in log if isinstance(e, ev.DamageDealt) and e.source.startswith("trap")]
    assert [(e.target, e.amount, e.prevented) for e in meal] == [("warrior_y1_c", 1, 3)]


def test_third_scenario():
    s = start(3)
    # Round 1: "we send the vampire and the Cursed Ring. The ring only damages the thief ... we have the
    # vampire attack for 2 and return face up. The priest heals 1, so the thief ends the round with 2 Damage
    # Counters. The ring prevents Conquering and the adventurers take no damage from fatigue."
    log, s = run(
        s, plan(traps=["cursed_ring#1"], monsters=["vampire_y1#1"]), attack("vampire_y1#1", "B", ["thief_y1_d"])
    )
    ring = [e for e in log if isinstance(e, ev.DamageDealt) and e.source.startswith("trap")]
    assert [(e.target, e.amount) for e in ring] == [("warrior_y1_d", 0), ("priest_y1_c", 0), ("thief_y1_d", 1)]
    assert s.players[0].gold == 0 and s.players[0].damage == {"thief_y1_d": 2}
    assert not any(isinstance(e, ev.TileConquered) for e in log)
    assert not [e for e in log if isinstance(e, ev.DamageDealt) and e.source == "fatigue"]
    assert not s.players[0].monsters[0].knocked_out  # eat and run: back face up
    # Round 2: "fought in the same place. We just send the vampire to finish off the thief. ... The priest
    # has no one to heal. During Conquering, the warrior takes 2 damage from fatigue."
    log, s = run(s, plan(TUNNEL_1, monsters=["vampire_y1#1"]), attack("vampire_y1#1", "B", ["thief_y1_d"]))
    assert imprisoned(log) == ["thief_y1_d"]
    assert damage(log, "warrior_y1_d") == [1, 1] and conquered(log) == [TUNNEL_1]
    # Round 3: "we finally send the Pendulum with the vampire. The pendulum does 3 damage to the priest. We'll
    # use the vampire's bigger attack on the warrior. This eliminates the warrior. ... The priest heals 1
    # damage. ... The priest is eliminated by fatigue before he can conquer the second tile."
    log, s = run(
        s,
        plan(TUNNEL_2, traps=["pendulum#1"], monsters=["vampire_y1#1"]),
        attack("vampire_y1#1", "A", ["warrior_y1_d"]),
    )
    assert damage(log, "priest_y1_c")[0] == 3
    assert [e.healed for e in log if isinstance(e, ev.PartyHealed)] == [{"priest_y1_c": 1}]
    assert imprisoned(log) == ["warrior_y1_d", "priest_y1_c"] and conquered(log) == []
    assert s.players[0].monsters[0].knocked_out is False  # turned face up after Combat
    assert finished(s)


def test_third_scenario_the_vampire_never_bites_a_priest():
    s = start(3)
    _, s = run(s, plan(monsters=["vampire_y1#1"]))
    targets = {t for o in pending(s).options("red") for t in o.targets}
    assert "priest_y1_c" not in targets and targets == {"warrior_y1_d", "thief_y1_d"}


def test_fourth_scenario():
    s = start(4)
    # Round 1: "We'll hold back the slime and just send out the Wall of Fire. The weak thief can only reduce
    # damage to the first priest. The thief takes 1 damage, and the priest in the rear takes 2. The priests
    # heal no one because nothing attacked. The party conquers the first tile after the first priest
    # accumulates 2 damage from fatigue."
    log, s = run(s, plan(traps=["wall_of_fire#1"]))
    fire = [(e.target, e.amount) for e in log if isinstance(e, ev.DamageDealt) and e.source.startswith("trap")]
    assert fire == [("priest_y1_b", 0), ("thief_y1_a", 1), ("priest_y1_d", 2)]
    assert any(isinstance(e, ev.HealingSkipped) for e in log)
    assert damage(log, "priest_y1_b")[1:] == [1, 1] and conquered(log) == [TUNNEL_1]
    # Round 2: "the Anti-Magic Dart and the Slime. Because of the thief, the dart does not wound the priest
    # that we target, but its special effect (skip Healing) still works. The slime ... eliminates the first
    # priest. ... the first point of fatigue eliminates the thief and the second point eliminates the priest"
    log, s = run(
        s,
        plan(TUNNEL_2, traps=["anti_magic_dart#1"], monsters=["slime_y1#1"]),
        TargetTrap(player="red", target="priest_y1_b"),
        attack("slime_y1#1", "A"),
    )
    dart = [
        (e.target, e.amount, e.prevented) for e in log if isinstance(e, ev.DamageDealt) and e.source.startswith("trap")
    ]
    assert dart == [("priest_y1_b", 0, 1)]
    assert any(isinstance(e, ev.HealingSkipped) and "Anti-Magic" in e.reason for e in log)
    assert imprisoned(log) == ["priest_y1_b", "thief_y1_a", "priest_y1_d"] and conquered(log) == []
    assert finished(s)


def test_combat_in_rooms_wins_in_the_first_round():
    # "if you get to use one trap and two monsters, you can win in the first round, but it will cost you
    # 1 Food (for the troll's bigger attack) and 1 Gold (for baiting a trap)."
    s = start("room")
    log, s = run(
        s,
        plan(traps=["rolling_stone#1"], monsters=["troll_y1#1", "goblin_y1#1"]),
        attack("troll_y1#1", "B"),
        attack("goblin_y1#1"),
    )
    assert imprisoned(log) == ["warrior_y1_a", "warrior_y1_b", "priest_y1_a"]
    assert conquered(log) == [] and (s.players[0].gold, s.players[0].food) == (0, 0)
    assert finished(s)


def test_a_tunnel_takes_one_monster_and_a_room_two():
    # Rulebook › Combat in Rooms: "You can send up to 2 monsters into battle"; in a tunnel only 1.
    s = start(1)
    with pytest.raises(RuleViolation) as refused:
        execute(s, plan(monsters=["troll_y1#1", "goblin_y1#1"]))
    assert refused.value.code == "TOO_MANY_MONSTERS"
    s = start("room")
    events, _ = execute(s, plan(monsters=["troll_y1#1", "goblin_y1#1"]))
    assert any(isinstance(e, ev.BattlePlanned) for e in events)


def test_the_trap_in_a_room_costs_a_gold():
    # Rulebook › Combat in Rooms: "in a room you must pay 1 Gold"; a trap that cannot be paid cannot be chosen.
    s = start("room")
    s.players[0].gold = 0
    with pytest.raises(RuleViolation) as refused:
        execute(s, plan(traps=["rolling_stone#1"]))
    assert refused.value.code == "TRAP_COST_UNPAYABLE"
