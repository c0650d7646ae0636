"""Combat rules, step by step (Rulebook › Combat Training; › Combat: Planning Phase, Revealing Combat
Card Phase, Battle Phase and its steps, End of Combat, Moving Paladin, Notes on Selected Traps;
› Paladin; › Appendix: monsters and combat rooms).

Each test starts from a small combat situation (a scenario with ``phase: "combat"``) and plays the
commands a dungeon lord would give, then checks the events and the state against the rulebook.
Where a component's values are PROVISIONAL in the catalog (second-Year Combat Cards, several
second-Year trap values, some first-Year card speeds), the test checks that the engine does what the
catalog defines and says so.

Combat Cards used to steer fatigue and spells (catalog, Year 1): graffiti (2 fatigue, no spell: a
PROVISIONAL engine stand-in, used here only as a 2-fatigue card),
fireball (1 fatigue, no spell), invisibility (0 fatigue, fast), magic_shield (1, fast),
fist_of_justice (1, slow), detect_treasure (1, slow), detect_evil (2, slow), word_of_peace (2, fast),
suggestion (2, fast). A party casts only with wizards or the paladin, whose magic must reach the round.
"""

from __future__ import annotations

import copy
import json

import pytest
from helpers import SCENARIOS

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import Attack, OrderTraps, PlanBattle, ReleasePrisoner, SpellChoice, TargetTrap
from domain.games.dungeon_lords.engine import execute, from_scenario, pending
from domain.games.dungeon_lords.errors import RuleViolation
from domain.games.dungeon_lords.state import to_dict

ENTRANCE, SECOND, THIRD = (0, 2), (1, 2), (2, 2)
QUIET = ["graffiti", "fireball", "detect_treasure", "fist_of_justice"]  # no wizard: no spell at all
Y2_CARDS = ["create_food", "aura_of_fear", "blind_rage", "magic_key"]  # no wizard: no spell at all


# --- building situations ---------------------------------------------------------------------------
def player(color="red", **kw) -> dict:
    p = {"color": color, "name": color.title(), "inaccessible": ["mine_gold", "get_food"]}
    p.update(kw)
    return p


def scenario(*players, cards=None, round=1, year=1, paladin=None, training=True, starting="red") -> dict:
    sc = {
        "name": "combat-test",
        "variant": "first_game",
        "mode": "digital",
        "seed": 1,
        "year": year,
        "season": "fall",
        "phase": "combat",
        "combat_round": round,
        "training": training,
        "starting_player": starting,
        "players": [copy.deepcopy(p) for p in (players or [player()])],
        "combat_cards": list(cards or (QUIET if year == 1 else Y2_CARDS)),
    }
    if paladin is not None:
        sc["paladin"] = paladin
    return sc


def one(party=(), cards=None, round=1, year=1, paladin_damage=None, training=True, **kw) -> dict:
    """A one-dungeon situation for red; ``paladin_damage`` puts the paladin of that Year at red's
    entrance with that damage (red is then on space 10 of the Evilometer unless told otherwise)."""
    pal = None
    if paladin_damage is not None:
        pal = {"id": f"paladin_y{year}", "holder": "red", "damage": paladin_damage}
        kw.setdefault("evil", 10)
    return scenario(
        player(party=list(party), **kw), cards=cards, round=round, year=year, paladin=pal, training=training
    )


def load(name: str) -> dict:
    return json.loads((SCENARIOS / f"{name}.json").read_text())


class Fight:
    """A live combat: ``state`` and the whole event log."""

    def __init__(self, sc: dict, catalog_overrides: dict | None = None):
        self.log, self.state = from_scenario(sc, catalog_overrides)
        self.log = list(self.log)

    def do(self, *commands) -> list:
        out = []
        for cmd in commands:
            events, self.state = execute(self.state, cmd)
            out += events
        self.log += out
        return out

    def plan(self, tile=ENTRANCE, traps=(), monsters=(), color="red") -> list:
        return self.do(PlanBattle(player=color, tile=tile, traps=list(traps), monsters=list(monsters)))

    def attack(self, monster, option="A", targets=(), color="red") -> list:
        return self.do(Attack(player=color, monster=monster, option=option, targets=list(targets)))

    def aim(self, target, color="red") -> list:
        return self.do(TargetTrap(player=color, target=target))

    def choose(self, option, target=None, color="red") -> list:
        return self.do(SpellChoice(player=color, option=option, target=target))

    @property
    def pending(self):
        return pending(self.state)

    def p(self, color="red"):
        return self.state.player(color)

    def monster(self, mid, color="red"):
        return next(m for m in self.p(color).monsters if m.id == mid)

    def refused(self, command, code: str) -> RuleViolation:
        before, version = to_dict(self.state), self.state.version
        with pytest.raises(RuleViolation) as info:
            execute(self.state, command)
        assert info.value.code == code, f"expected {code}, got {info.value.code}: {info.value.message}"
        assert self.state.version == version and to_dict(self.state) == before
        return info.value


def of(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


def hits(events, target=None, source=None) -> list[tuple]:
    """(target, amount, prevented, prevented_by) of every DamageDealt, filtered."""
    return [
        (e.target, e.amount, e.prevented, e.prevented_by)
        for e in of(events, ev.DamageDealt)
        if (target is None or e.target == target) and (source is None or e.source.startswith(source))
    ]


def amounts(events, target, source=None) -> list[int]:
    return [h[1] for h in hits(events, target, source)]


def imprisoned(events) -> list[str]:
    return [e.adventurer for e in of(events, ev.AdventurerImprisoned)]


def conquered(events) -> list[tuple]:
    return [tuple(e.tile) for e in of(events, ev.TileConquered)]


def index(events, cls, **match) -> int:
    for i, e in enumerate(events):
        if isinstance(e, cls) and all(getattr(e, k) == v for k, v in match.items()):
            return i
    raise AssertionError(f"no {cls.__name__} {match} in the events")


def tiles_offered(f: Fight, color="red") -> set:
    return {tuple(o.tile) for o in f.pending.options(color) if isinstance(o, PlanBattle)}


# =====================================================================================================
# Planning Phase
# =====================================================================================================
def test_the_tile_is_one_of_the_unconquered_tiles_nearest_the_entrance_by_walking_distance():
    # Planning Phase › Choosing a Dungeon Tile: "You must choose among the unconquered tiles nearest the
    # entrance. Distance is measured as though you were walking through the dungeon. ... there may be
    # several unconquered tiles that are all nearest. In this case, you will choose among them."
    sc = load("combat-branching")
    f = Fight(sc)
    assert tiles_offered(f) == {(2, 1), (2, 3)}
    for tile in [(2, 1), (2, 3)]:
        g = Fight(sc)
        assert [tuple(e.tile) for e in of(g.plan(tile), ev.BattlePlanned)] == [tile]
    # (0,0) is 2 squares from the entrance as the crow flies, but 5 steps on foot; (0,2) is conquered.
    for tile in [(0, 0), (1, 0), (2, 0), ENTRANCE, (3, 3)]:
        f.refused(PlanBattle(player="red", tile=tile), "TILE_NOT_NEAREST")


def test_conquered_tiles_are_still_walked_through_to_the_next_nearest():
    # Planning Phase: "It does not matter where the previous round's battle was fought. ... They always
    # attack one of the nearest unconquered tiles." Conquered tiles stay part of the dungeon (Conquering
    # Step: "it remains a tile in your dungeon"), so the party walks through them.
    f = Fight(load("combat-branching"))  # fatigue 1 a round (fireball, fist_of_justice, detect_treasure)
    f.plan((2, 1))
    assert conquered(f.log) == [(2, 1)]
    assert tiles_offered(f) == {(2, 3)}
    f.plan((2, 3))
    # (2,0) is now the nearest: 4 steps, through the conquered (1,2), (2,2) and (2,1).
    assert tiles_offered(f) == {(2, 0)}
    f.refused(PlanBattle(player="red", tile=(0, 0)), "TILE_NOT_NEAREST")
    f.plan((2, 0))
    assert conquered(f.log) == [(2, 1), (2, 3), (2, 0)]


def test_a_tunnel_takes_one_trap_one_monster_and_any_number_of_ghosts():
    # Combat in Tunnels: "For a battle in a tunnel, you can use only 1 trap and 1 monster. You can use as
    # many ghosts as you want." Appendix › Ghost: "The limits on the number of monsters allowed in a
    # battle do not apply to ghosts."
    f = Fight(
        one(
            ["warrior_y1_d", "thief_y1_c", "priest_y1_c"],
            monsters=["troll_y1", "goblin_y1", "ghost_y1", "ghost_y1"],
            traps=["rolling_stone", "pendulum"],
        )
    )
    f.refused(PlanBattle(player="red", tile=ENTRANCE, traps=["rolling_stone#1", "pendulum#1"]), "TOO_MANY_TRAPS")
    f.refused(PlanBattle(player="red", tile=ENTRANCE, monsters=["troll_y1#1", "goblin_y1#1"]), "TOO_MANY_MONSTERS")
    planned = of(
        f.plan(traps=["rolling_stone#1"], monsters=["troll_y1#1", "ghost_y1#1", "ghost_y1#2"]), ev.BattlePlanned
    )
    assert planned[0].monsters == ["troll_y1#1", "ghost_y1#1", "ghost_y1#2"]


def test_nothing_at_all_may_be_sent():
    # Combat Training › Planning: "You can also choose to use a trap with no monster (or ghost), a monster
    # (or ghost) with no trap, or nothing at all."
    f = Fight(one(["warrior_y1_d"], monsters=["troll_y1"], traps=["rolling_stone"]))
    events = f.plan()
    assert of(events, ev.BattlePlanned) and not of(events, ev.TrapSprung) and not of(events, ev.MonsterAttacked)
    assert conquered(events) == [ENTRANCE]
    assert f.p().traps == ["rolling_stone#1"] and not f.monster("troll_y1#1").knocked_out


def test_a_room_takes_one_trap_for_one_gold_and_two_monsters():
    # Combat in Rooms: "For a battle in a room, you can use only 1 trap, and it will cost you 1 Gold to do
    # so. ... You can use up to 2 monsters and as many ghosts as you want."
    sc = one(
        ["warrior_y1_d", "thief_y1_c", "priest_y1_c"],
        dungeon=["..C..", "..#..", "..#..", "....."],
        rooms={"0,2": "chicken_coop"},
        gold=1,
        monsters=["troll_y1", "goblin_y1", "witch_y1", "ghost_y1"],
        traps=["rolling_stone", "pendulum"],
    )
    f = Fight(sc)
    f.refused(
        PlanBattle(player="red", tile=ENTRANCE, monsters=["troll_y1#1", "goblin_y1#1", "witch_y1#1"]),
        "TOO_MANY_MONSTERS",
    )
    f.refused(PlanBattle(player="red", tile=ENTRANCE, traps=["rolling_stone#1", "pendulum#1"]), "TOO_MANY_TRAPS")
    events = f.plan(traps=["rolling_stone#1"], monsters=["troll_y1#1", "goblin_y1#1", "ghost_y1#1"])
    sprung = of(events, ev.TrapSprung)
    assert sprung[0].paid == {"gold": 1} and f.p().gold == 0
    assert f.state.board.trap_discard[-1] == "rolling_stone#1" and f.p().traps == ["pendulum#1"]
    # With no gold left, a trap cannot be chosen for a room.
    g = Fight(dict(sc, players=[dict(sc["players"][0], gold=0)]))
    g.refused(PlanBattle(player="red", tile=ENTRANCE, traps=["rolling_stone#1"]), "TRAP_COST_UNPAYABLE")
    assert all(not o.traps for o in g.pending.options("red"))


def test_the_labyrinth_takes_two_traps_without_gold_and_one_monster():
    # Appendix › Labyrinth: "you can put 2 traps here and you don't have to pay gold for them as you do in
    # other rooms. However, you can only play one monster here." The trap's own cost is still due.
    sc = one(
        ["warrior_y2_d", "priest_y2_b"],
        year=2,
        dungeon=["..L..", "..#..", "..#..", "....."],
        rooms={"0,2": "labyrinth"},
        gold=0,
        monsters=["troll_y2", "goblin_y2", "ghost_y2"],
        traps=["rolling_stone", "pendulum", "cursed_ring"],
    )
    f = Fight(sc)
    f.refused(PlanBattle(player="red", tile=ENTRANCE, monsters=["troll_y2#1", "goblin_y2#1"]), "TOO_MANY_MONSTERS")
    f.refused(
        PlanBattle(player="red", tile=ENTRANCE, traps=["rolling_stone#1", "pendulum#1", "cursed_ring#1"]),
        "TOO_MANY_TRAPS",
    )
    f.refused(PlanBattle(player="red", tile=ENTRANCE, traps=["cursed_ring#1"]), "TRAP_COST_UNPAYABLE")
    f.plan(traps=["rolling_stone#1", "pendulum#1"], monsters=["troll_y2#1", "ghost_y2#1"])
    events = f.do(OrderTraps(player="red", first="rolling_stone#1"))
    assert [(e.trap, e.paid) for e in of(events, ev.TrapSprung)] == [("rolling_stone#1", {}), ("pendulum#1", {})]
    assert f.p().gold == 0


def test_knocked_out_monsters_cannot_be_sent():
    # Monsters (and Ghosts) Step: "Whether it attacks or not, it is then knocked out for the rest of the
    # Year." Combat Training: "It will not be usable in later rounds."
    f = Fight(one(["warrior_y1_d"], round=2, monsters=["troll_y1", "goblin_y1"], knocked_out=["troll_y1"]))
    f.refused(PlanBattle(player="red", tile=ENTRANCE, monsters=["troll_y1#1"]), "MONSTER_KNOCKED_OUT")
    sent = {m for o in f.pending.options("red") for m in o.monsters}
    assert sent == {"goblin_y1#1"}


@pytest.mark.parametrize(
    "trap, lack", [("cursed_ring", {"gold": 0}), ("poisoned_meal", {"food": 0}), ("kamikaze_imp", {"imps": 0})]
)
def test_a_trap_whose_cost_cannot_be_paid_cannot_be_chosen(trap, lack):
    # Trap Step: "If the Trap Card has a cost to use, you must pay this cost. ... It is not legal to choose a
    # Trap Card that you cannot pay for." (Cursed Ring's 1-gold cost is catalog data, medium confidence.)
    f = Fight(one(["warrior_y1_d"], traps=[trap], **lack))
    f.refused(PlanBattle(player="red", tile=ENTRANCE, traps=[f"{trap}#1"]), "TRAP_COST_UNPAYABLE")
    assert all(not o.traps for o in f.pending.options("red"))


def test_with_no_unconquered_tile_a_prisoner_is_released_each_round_and_the_paladin_may_be_saved_for_last():
    # End of Combat: "No unconquered tiles are left. ... Each time you are supposed to pick a tile, you must
    # let a prisoner go instead. (Move one Adventurer Tile from your Prison to the Distant Lands Board. You
    # can save the paladin for last.)"
    f = Fight(
        one(
            ["warrior_y1_d"],
            round=2,
            paladin_damage=3,
            cards=QUIET,
            prison=["thief_y1_a"],
            dungeon=["..x..", "..x..", "..#..", "....."],
            monsters=["troll_y1"],
        )
    )
    # Round 2 (fireball: no spell, 1 fatigue): the troll finishes the paladin, the warrior conquers the last tile.
    events = f.plan(THIRD, monsters=["troll_y1#1"])
    f.attack("troll_y1#1")
    assert imprisoned(f.log) == ["paladin_y1"] and conquered(f.log) == [THIRD]
    assert f.p().prison == ["thief_y1_a", "paladin_y1"]
    # Round 3: no tile left: a prisoner goes; the owner may save the paladin for last, or not ("can")
    assert f.pending.options("red") == [
        ReleasePrisoner(player="red", prisoner="thief_y1_a"),
        ReleasePrisoner(player="red", prisoner="paladin_y1"),
    ]
    f.refused(PlanBattle(player="red", tile=THIRD), "NO_TILE_LEFT")
    from domain.games.dungeon_lords.engine import execute_pure

    paladin_first, _ = execute_pure(f.state, ReleasePrisoner(player="red", prisoner="paladin_y1"))
    assert of(paladin_first, ev.PrisonerReleased)[0].prisoner == "paladin_y1"  # allowed: not forced last
    events = f.do(ReleasePrisoner(player="red", prisoner="thief_y1_a"))
    assert of(events, ev.PrisonerReleased)[0].prisoner == "thief_y1_a"
    assert "thief_y1_a" in f.state.board.discards["adventurers"]
    assert not of(events, ev.BattleBegan)
    # Round 4: the paladin is the last prisoner, so now he goes.
    events = f.do(ReleasePrisoner(player="red", prisoner="paladin_y1"))
    assert f.p().prison == [] and "paladin_y1" in f.state.board.discards["paladins"]
    assert of(events, ev.CombatEnded)[0].departed == {"red": ["warrior_y1_d"]}


def test_with_only_paladins_in_prison_either_may_go():
    # End of Combat: "You can save the paladin for last." With both Years' paladins and nobody else in
    # prison, either paladin may be released (found by a 2-player simulated game, seed 1171).
    f = Fight(
        one(
            ["warrior_y2_d"],
            year=2,
            round=2,
            cards=["aura_of_fear", "blind_rage", "illusion", "magic_key"],
            prison=["paladin_y1", "paladin_y2"],
            dungeon=["..x..", "..x..", "..x..", "....."],
        )
    )
    assert {o.prisoner for o in f.pending.options("red")} == {"paladin_y1", "paladin_y2"}
    events = f.do(ReleasePrisoner(player="red", prisoner="paladin_y2"))
    assert of(events, ev.PrisonerReleased)[0].prisoner == "paladin_y2" and f.p().prison == ["paladin_y1"]


# =====================================================================================================
# Trap Step
# =====================================================================================================
def test_thieves_reduce_trap_damage_to_those_in_front_first():
    # Combat Training, Example 4: "The Wall of Fire does 1 damage to the warrior and 1 to the priest, but the
    # thief can prevent both of these. That is the limit of her ability, so she gets 2 Damage Counters."
    f = Fight(one(["warrior_y1_a", "priest_y1_a", "thief_y1_b"], traps=["wall_of_fire"]))
    events = f.plan(traps=["wall_of_fire#1"])
    assert hits(events, source="trap") == [
        ("warrior_y1_a", 0, 1, "disarm"),
        ("priest_y1_a", 0, 1, "disarm"),
        ("thief_y1_b", 2, 0, ""),
    ]
    assert of(events, ev.TrapSprung)[0].disarm_used == 2


def test_a_thief_reduces_the_rolling_stone_and_thieves_add_up():
    # Combat Training, Example 3: "The Rolling Stone does 3 damage, but the thief reduces it by 2. Put 1
    # Damage Counter on the warrior." Example 5: "All 3 points of damage are prevented by the thieves."
    f = Fight(one(["warrior_y1_b", "thief_y1_b"], traps=["rolling_stone"]))
    assert hits(f.plan(traps=["rolling_stone#1"]), source="trap") == [("warrior_y1_b", 1, 2, "disarm")]
    f = Fight(one(["warrior_y1_b", "thief_y1_a", "thief_y1_b"], traps=["rolling_stone"]))
    assert hits(f.plan(traps=["rolling_stone#1"]), source="trap") == [("warrior_y1_b", 0, 3, "disarm")]


def test_the_paladin_disarms_traps_like_a_thief():
    # Trap Step: "Damage is reduced by 1 for each globe symbol on the paladin and thief tiles in the party.
    # Priority is given to reducing damage to the adventurers in front." (First-Year paladin: 2 symbols.)
    f = Fight(one(["warrior_y1_d"], paladin_damage=0, traps=["rolling_stone"]))
    events = f.plan(traps=["rolling_stone#1"])
    assert hits(events, source="trap") == [("paladin_y1", 1, 2, "disarm")]


def test_the_pendulum_hits_the_second_in_line_who_is_behind_the_paladin():
    # Catalog (Pendulum, year 1 verified): "3 damage to the second adventurer in line (the first one behind
    # a paladin)". The paladin's disarm protects the one the trap hits.
    f = Fight(one(["warrior_y1_d", "priest_y1_a"], traps=["pendulum"]))
    events = f.plan(traps=["pendulum#1"])
    assert hits(events, source="trap") == [("priest_y1_a", 3, 0, "")] and imprisoned(events) == ["priest_y1_a"]
    f = Fight(one(["warrior_y1_d", "priest_y1_a"], paladin_damage=0, traps=["pendulum"]))
    events = f.plan(traps=["pendulum#1"])
    assert hits(events, source="trap") == [("warrior_y1_d", 1, 2, "disarm")]


def test_the_trap_door_stops_conquering_even_when_its_damage_is_prevented():
    # Combat Training, Example 6: "Both points of damage are prevented, but the special effect (skip
    # Conquering) still applies." Trap Step: "Traps may also have additional effects. These cannot be prevented."
    f = Fight(one(["warrior_y1_b", "thief_y1_b"], traps=["trap_door"], evil=6))
    events = f.plan(traps=["trap_door#1"])
    assert hits(events, source="trap") == [("warrior_y1_b", 0, 2, "disarm")]
    assert of(events, ev.ConquestPrevented) and not conquered(events)
    assert not hits(events, source="fatigue")  # no fatigue either
    assert not f.p().dungeon[0][2].conquered and f.p().evil == 6


def test_the_anti_magic_dart_on_a_priest_stops_healing_even_by_the_paladin():
    # Notes on Selected Traps › Anti-Magic Dart: "If a priest is targeted, not even the paladin can heal the
    # party." Combat Training, 4th scenario: "the dart does not wound the priest that we target, but its
    # special effect (skip Healing) still works."
    f = Fight(one(["priest_y1_d"], paladin_damage=0, traps=["anti_magic_dart"], monsters=["goblin_y1"]))
    f.plan(traps=["anti_magic_dart#1"], monsters=["goblin_y1#1"])
    events = f.aim("priest_y1_d") + f.attack("goblin_y1#1")
    assert hits(events, source="trap") == [("priest_y1_d", 0, 1, "disarm")]
    assert amounts(events, "paladin_y1", "monster") == [2]
    assert of(events, ev.HealingSkipped) and "Anti-Magic" in of(events, ev.HealingSkipped)[0].reason
    assert not of(events, ev.PartyHealed)
    # Aimed at the paladin instead: no special effect, the party heals.
    g = Fight(one(["priest_y1_d"], paladin_damage=0, traps=["anti_magic_dart"], monsters=["goblin_y1"]))
    g.plan(traps=["anti_magic_dart#1"], monsters=["goblin_y1#1"])
    events = g.aim("paladin_y1") + g.attack("goblin_y1#1")
    assert of(events, ev.TrapSprung)[0].effects == ["anti_magic_no_effect"]
    assert of(events, ev.PartyHealed)[0].healed == {"paladin_y1": 2}


@pytest.mark.parametrize("card", ["magic_shield", "fist_of_justice"])  # a fast and a slow spell
def test_the_anti_magic_dart_on_a_wizard_stops_the_spell_even_of_the_paladin(card):
    # Notes on Selected Traps › Anti-Magic Dart: "If a wizard is targeted, not even the paladin can cast
    # spells. ... If the paladin is targeted, however, there is no special effect."
    cards = [card] + [c for c in QUIET if c != card][:3]
    f = Fight(one(["wizard_y1_a"], paladin_damage=0, cards=cards, traps=["anti_magic_dart"], imps=3))
    f.plan(traps=["anti_magic_dart#1"])
    events = f.aim("wizard_y1_a")
    assert hits(events, source="trap") == [("wizard_y1_a", 0, 1, "disarm")]  # prevented, yet no spell
    assert not of(events, ev.SpellCast)
    assert any("Anti-Magic" in e.reason for e in of(events, ev.SpellNotCast))
    assert f.p().imps == 3
    g = Fight(one(["wizard_y1_a"], paladin_damage=0, cards=cards, traps=["anti_magic_dart"], imps=3))
    g.plan(traps=["anti_magic_dart#1"])
    events = g.aim("paladin_y1")
    assert [e.card for e in of(events, ev.SpellCast)] == [card]


def test_the_poisoned_dart_deals_two_more_after_conquering_that_cannot_be_prevented():
    # Notes on Selected Traps › Poisoned Dart: "The additional 2 damage at the end of the round cannot be
    # prevented by the ability. It is dealt to the dart's target even if the initial 1 damage was prevented."
    f = Fight(one(["warrior_y1_d", "thief_y1_b"], traps=["poisoned_dart"]))
    f.plan(traps=["poisoned_dart#1"])
    events = f.aim("thief_y1_b")
    assert hits(events, "thief_y1_b") == [("thief_y1_b", 0, 1, "disarm"), ("thief_y1_b", 2, 0, "")]
    assert index(events, ev.TileConquered) < index(events, ev.DamageDealt, source="poison")
    assert f.p().damage == {"warrior_y1_d": 2, "thief_y1_b": 2}  # graffiti: 2 fatigue on the warrior


def test_the_poisoned_dart_can_finish_its_target_after_the_tile_is_conquered():
    # Notes on Selected Traps › Poisoned Dart: the 2 damage comes "at the end of the round", after Conquering:
    # the tile is already conquered when the target falls.
    f = Fight(one(["warrior_y1_d", "thief_y1_a"], damage={"thief_y1_a": 1}, traps=["poisoned_dart"], evil=6))
    f.plan(traps=["poisoned_dart#1"])
    events = f.aim("thief_y1_a")
    assert hits(events, "thief_y1_a") == [("thief_y1_a", 0, 1, "disarm"), ("thief_y1_a", 2, 0, "")]
    assert conquered(events) == [ENTRANCE] and imprisoned(events) == ["thief_y1_a"]
    assert index(events, ev.TileConquered) < index(events, ev.AdventurerImprisoned)
    assert f.p().evil == 5


def test_the_poisoned_dart_is_lost_if_its_target_is_eliminated_first():
    # Catalog (Poisoned Dart): "he takes 2 more that cannot be prevented, unless already eliminated" - the
    # poison does not pass to anyone else.
    f = Fight(one(["warrior_y1_a", "priest_y1_c"], traps=["poisoned_dart"], monsters=["troll_y1"]))
    f.plan(traps=["poisoned_dart#1"], monsters=["troll_y1#1"])
    events = f.aim("warrior_y1_a") + f.attack("troll_y1#1")
    assert imprisoned(events) == ["warrior_y1_a"]
    assert not hits(events, source="poison")
    assert f.p().damage == {"priest_y1_c": 2}  # graffiti fatigue only: he had nothing to heal


@pytest.mark.parametrize(
    "order, expect",
    [
        (["rolling_stone#1", "pendulum#1"], {"warrior_y2_d": (2, 2), "thief_y2_a": (3, 0)}),
        (["pendulum#1", "rolling_stone#1"], {"thief_y2_a": (1, 2), "warrior_y2_d": (4, 0)}),
    ],
)
def test_the_labyrinths_owner_orders_its_two_traps_when_they_spring_and_they_share_the_disarm(order, expect):
    # CGE FAQ (Labyrinth): the order is chosen when the traps spring, after the Combat Card is revealed.
    # Appendix › Labyrinth: "If you play 2 traps, you can use them in either order. To reduce damage from the
    # second trap, the party can only use as many symbols as they have left over after dealing with the
    # first trap." Year-2 Rolling Stone 4 is catalog data (partial); year-2 Pendulum is PROVISIONAL (assumed
    # equal to year 1: 3 to the second in line) - the test checks the catalog's values.
    f = Fight(
        one(
            ["warrior_y2_d", "thief_y2_a"],
            year=2,
            dungeon=["..L..", "..#..", "..#..", "....."],
            rooms={"0,2": "labyrinth"},
            traps=["rolling_stone", "pendulum"],
        )
    )
    planned = f.plan(traps=list(reversed(order)))  # the order at planning does not count
    assert of(planned, ev.CombatCardRevealed) and not of(planned, ev.TrapSprung)
    assert f.pending.kind == "labyrinth_order" and {o.first for o in f.pending.options("red")} == set(order)
    events = f.do(OrderTraps(player="red", first=order[0]))  # chosen when they spring, the card known
    got = {t: (a, p) for t, a, p, _ in hits(events, source="trap")}
    assert got == expect and list(got) == list(expect)  # sprung in the chosen order
    assert [e.disarm_used for e in of(events, ev.TrapSprung)] == [2, 0]


def test_the_kamikaze_imp_costs_an_imp():
    # Catalog (Kamikaze Imp, year 1 verified): "Costs 1 imp; 3 damage to the first adventurer and 1 to each
    # other adventurer." Trap Step: "If the Trap Card has a cost to use, you must pay this cost."
    f = Fight(one(["warrior_y1_d", "priest_y1_c", "thief_y1_c"], imps=3, traps=["kamikaze_imp"]))
    events = f.plan(traps=["kamikaze_imp#1"])
    assert of(events, ev.TrapSprung)[0].paid == {"imps": 1} and f.p().imps == 2
    assert hits(events, source="trap") == [
        ("warrior_y1_d", 2, 1, "disarm"),
        ("priest_y1_c", 1, 0, ""),
        ("thief_y1_c", 1, 0, ""),
    ]


def test_a_second_year_poisoned_meal_costs_two_food():
    # Catalog (Poisoned Meal, year-2 values known): "Costs food (1 in year 1, 2 in year 2); deals the first
    # adventurer damage equal to his hit points (disarm still reduces it)."
    f = Fight(one(["warrior_y2_a", "thief_y2_a"], year=2, food=1, traps=["poisoned_meal"]))
    f.refused(PlanBattle(player="red", tile=ENTRANCE, traps=["poisoned_meal#1"]), "TRAP_COST_UNPAYABLE")
    f = Fight(one(["warrior_y2_a", "thief_y2_a"], year=2, food=2, traps=["poisoned_meal"]))
    events = f.plan(traps=["poisoned_meal#1"])
    assert of(events, ev.TrapSprung)[0].paid == {"food": 2} and f.p().food == 0
    assert hits(events, source="trap") == [("warrior_y2_a", 3, 2, "disarm")]  # 5 hit points, 2 prevented


def test_in_the_labyrinth_the_second_trap_is_not_sprung_once_everyone_is_eliminated():
    # End of Combat: "All adventurers are eliminated. This ends your Combat immediately. You skip any steps
    # remaining in the Battle". The Cursed Ring is never revealed, so its gold is not paid.
    f = Fight(
        one(
            ["warrior_y2_a"],
            year=2,
            damage={"warrior_y2_a": 2},
            gold=1,
            dungeon=["..L..", "..#..", "..#..", "....."],
            rooms={"0,2": "labyrinth"},
            traps=["rolling_stone", "cursed_ring"],
        )
    )
    f.plan(traps=["rolling_stone#1", "cursed_ring#1"])
    events = f.do(OrderTraps(player="red", first="rolling_stone#1"))
    assert [e.trap for e in of(events, ev.TrapSprung)] == ["rolling_stone#1"]
    assert imprisoned(events) == ["warrior_y2_a"] and f.p().gold == 1 and f.p().traps == ["cursed_ring#1"]


# =====================================================================================================
# Spells
# =====================================================================================================
@pytest.mark.parametrize(
    "wizard, rnd, card, cast",
    [
        ("wizard_y1_a", 1, "magic_shield", True),  # 1 magic reaches round 1
        ("wizard_y1_a", 2, "magic_shield", False),  # 1 magic does not reach round 2
        ("wizard_y1_b", 2, "magic_shield", True),  # 2 magic reaches round 2
        ("wizard_y1_b", 1, "graffiti", False),  # enough magic, but not a fast spell
    ],
)
def test_a_fast_spell_needs_a_fast_card_and_magic_reaching_the_round(wizard, rnd, card, cast):
    # Fast Spells Step: "This step occurs only if ... The Combat Card for this round has the fast spell icon.
    # The party has enough magic points. ... The round 1 spell only requires 1 point. The round 2 spell
    # requires 2." Magic Shield (verified): the first point of damage this round is absorbed.
    others = [c for c in ["fireball", "detect_treasure", "fist_of_justice", "graffiti", "magic_shield"] if c != card]
    cards = others[: rnd - 1] + [card] + others[rnd - 1 : 3]
    f = Fight(one(["warrior_y1_d", wizard], round=rnd, cards=cards, monsters=["troll_y1"]))
    f.plan(monsters=["troll_y1#1"])
    events = f.attack("troll_y1#1")
    fast = [e for e in f.log if isinstance(e, (ev.SpellCast, ev.SpellNotCast)) and e.step == "fast"]
    assert isinstance(fast[0], ev.SpellCast) is cast
    assert hits(events, "warrior_y1_d", "monster") == (
        [("warrior_y1_d", 2, 1, "shield")] if cast else [("warrior_y1_d", 3, 0, "")]
    )


def test_a_slow_spell_takes_effect_after_the_monsters():
    # Slow Spells Step follows the Monsters Step: "If it's fast, it happens after traps but before monsters.
    # If it's slow, it happens after monsters." Fist of Justice (catalog, partial): "The dungeon lord loses
    # 1 imp."
    f = Fight(
        one(
            ["warrior_y1_d", "wizard_y1_a"],
            cards=["fist_of_justice", "graffiti", "fireball", "detect_treasure"],
            imps=3,
            monsters=["troll_y1"],
        )
    )
    f.plan(monsters=["troll_y1#1"])
    assert f.p().imps == 3 and not of(f.log, ev.SpellCast)  # nothing yet: the troll waits to attack
    events = f.attack("troll_y1#1")
    assert index(events, ev.MonsterAttacked) < index(events, ev.SpellCast, step="slow")
    assert of(events, ev.SpellCast)[0].card == "fist_of_justice" and f.p().imps == 2


def test_fist_of_justice_with_no_imp_takes_nothing():
    # Catalog (Fist of Justice): the lord loses 1 imp - with none, there is nothing to lose.
    f = Fight(
        one(
            ["warrior_y1_d", "wizard_y1_a"],
            cards=["fist_of_justice", "graffiti", "fireball", "detect_treasure"],
            imps=0,
        )
    )
    events = f.plan()
    assert of(events, ev.SpellCast) and f.p().imps == 0


def test_a_monster_can_stop_a_slow_spell_by_eliminating_the_wizard():
    # Slow Spells Step: "A monster can't stop a fast spell, but it might be able to eliminate a wizard before
    # he can cast a slow spell."
    f = Fight(
        one(
            ["warrior_y1_d", "wizard_y1_a"],
            cards=["fist_of_justice", "graffiti", "fireball", "detect_treasure"],
            imps=3,
            monsters=["vampire_y1"],
        )
    )
    f.plan(monsters=["vampire_y1#1"])
    events = f.attack("vampire_y1#1", "A", ["wizard_y1_a"])
    assert imprisoned(events) == ["wizard_y1_a"]
    assert not of(events, ev.SpellCast) and of(events, ev.SpellNotCast)[0].step == "slow"
    assert f.p().imps == 3


def test_a_trap_that_eliminates_the_wizard_stops_the_fast_spell():
    # Slow Spells Step: "You don't check for magic points until the spell is ready to take effect. So a trap
    # that eliminates a wizard might keep the party from casting a fast spell."
    cards = ["magic_shield", "graffiti", "fireball", "detect_treasure"]
    f = Fight(one(["warrior_y1_d", "wizard_y1_a"], cards=cards, traps=["pendulum"], monsters=["troll_y1"]))
    f.plan(traps=["pendulum#1"], monsters=["troll_y1#1"])
    assert imprisoned(f.log) == ["wizard_y1_a"]
    assert not of(f.log, ev.SpellCast) and "magic" in of(f.log, ev.SpellNotCast)[0].reason
    events = f.attack("troll_y1#1")
    assert hits(events, "warrior_y1_d", "monster") == [("warrior_y1_d", 3, 0, "")]  # no shield


@pytest.mark.parametrize("card, step", [("create_food", "fast"), ("regeneration", "slow")])
def test_the_anti_magic_room_skips_both_spell_steps(card, step):
    # Appendix › Anti-Magic Room: "This is a room where the party cannot cast any spells. For a battle in this
    # room, skip the Fast Spell Step and the Slow Spell Step." The second-Year Combat Cards are PROVISIONAL
    # stand-ins: Create Food (fast) and Regeneration (slow) as the catalog defines them; the control battle
    # in a tunnel shows that the same party casts them there.
    cards = [card] + [c for c in Y2_CARDS if c != card][:3]
    room = one(
        ["warrior_y2_d", "wizard_y2_a"],
        year=2,
        cards=cards,
        damage={"warrior_y2_d": 2},
        dungeon=["..A..", "..#..", "..#..", "....."],
        rooms={"0,2": "anti_magic_room"},
    )
    events = Fight(room).plan()
    assert not of(events, ev.SpellCast)
    assert [e.reason for e in of(events, ev.SpellNotCast) if e.step == step] == ["Anti-Magic Room"]
    tunnel = one(["warrior_y2_d", "wizard_y2_a"], year=2, cards=cards, damage={"warrior_y2_d": 2})
    events = Fight(tunnel).plan()
    assert [(e.card, e.step) for e in of(events, ev.SpellCast)] == [(card, step)]


def test_magic_shield_absorbs_the_first_point_of_damage_only():
    # Catalog (Magic Shield, verified): "The first point of damage dealt to the party this round is absorbed
    # (ghost damage too)."
    f = Fight(
        one(
            ["warrior_y1_d", "wizard_y1_c"],
            cards=["magic_shield", "graffiti", "fireball", "detect_treasure"],
            monsters=["troll_y1", "ghost_y1"],
        )
    )
    f.plan(monsters=["troll_y1#1", "ghost_y1#1"])
    events = f.attack("ghost_y1#1", targets=["wizard_y1_c"]) + f.attack("troll_y1#1")
    assert hits(events, source="monster") == [("wizard_y1_c", 1, 1, "shield"), ("warrior_y1_d", 3, 0, "")]
    assert amounts(events, "warrior_y1_d", "fatigue") == [1]


def test_magic_shield_unused_by_monsters_absorbs_the_first_point_of_fatigue():
    # Catalog (Magic Shield, verified): "The first point of damage dealt to the party this round is absorbed";
    # Conquering Step: "Fatigue is damage dealt by the effort of conquering."
    f = Fight(one(["warrior_y1_d", "wizard_y1_a"], cards=["magic_shield", "graffiti", "fireball", "detect_treasure"]))
    events = f.plan()
    assert hits(events, source="fatigue") == [("warrior_y1_d", 0, 1, "shield")]
    assert conquered(events) == [ENTRANCE] and f.p().damage == {}


def test_invisibility_sends_the_wizards_to_the_back_unharmed():
    # Catalog (Invisibility, partial; fast, 0 fatigue): "All wizards move to the back of the party and cannot
    # be harmed this round (ghosts included)."
    f = Fight(
        one(
            ["wizard_y1_a", "warrior_y1_d", "priest_y1_c"],
            dungeon=["..C..", "..#..", "..#..", "....."],
            rooms={"0,2": "chicken_coop"},
            cards=["invisibility", "graffiti", "fireball", "detect_treasure"],
            monsters=["troll_y1", "witch_y1"],
        )
    )
    f.plan(monsters=["troll_y1#1", "witch_y1#1"])
    assert of(f.log, ev.SpellCast)[0].card == "invisibility"
    witch_targets = {t for o in f.pending.options("red") if o.monster == "witch_y1#1" for t in o.targets}
    assert witch_targets == {"warrior_y1_d", "priest_y1_c"}
    events = f.attack("troll_y1#1")
    assert hits(events, source="monster") == [("warrior_y1_d", 3, 0, "")]  # the first is now the warrior
    f.refused(
        Attack(player="red", monster="witch_y1#1", option="B", targets=["wizard_y1_a", "wizard_y1_a"]),
        "ATTACK_TARGET_INVALID",
    )
    f.attack("witch_y1#1", "A")
    assert f.p().damage.get("wizard_y1_a", 0) == 0 and conquered(f.log) == [ENTRANCE]


def test_word_of_peace_withdraw_all_monsters_but_not_the_ghosts():
    # Fast Spells Step: "If the spell talks about "withdrawing" a monster, that means you return it to your
    # Monster Lair and leave it face up, as though you had never sent it into battle." Word of Peace (catalog,
    # partial): "Withdraw all your monsters (not ghosts) from this battle, or gain 2 evil."
    cards = ["word_of_peace", "graffiti", "fireball", "detect_treasure"]
    f = Fight(one(["warrior_y1_d", "wizard_y1_c"], cards=cards, evil=5, monsters=["troll_y1", "ghost_y1"]))
    f.plan(monsters=["troll_y1#1", "ghost_y1#1"])
    assert f.pending.kind == "spell_choice"
    assert {o.option for o in f.pending.options("red")} == {"withdraw_all", "gain_evil"}
    f.choose("withdraw_all")
    assert {o.monster for o in f.pending.options("red")} == {"ghost_y1#1"}
    events = f.attack("ghost_y1#1", targets=["wizard_y1_c"])
    assert not any(e.monster == "troll_y1#1" for e in of(f.log, ev.MonsterAttacked))
    assert not f.monster("troll_y1#1").knocked_out and f.monster("ghost_y1#1").knocked_out
    assert conquered(events) == [ENTRANCE] and f.p().evil == 4  # no Evil gained; -1 for the conquest


def test_word_of_peace_gain_two_evil_and_keep_the_monsters():
    # Word of Peace (catalog, partial; fast): "Withdraw all your monsters (not ghosts) from this battle, or
    # gain 2 evil." Choosing Evil, the troll still attacks.
    cards = ["word_of_peace", "graffiti", "fireball", "detect_treasure"]
    f = Fight(one(["warrior_y1_d", "wizard_y1_c"], cards=cards, evil=5, monsters=["troll_y1"]))
    f.plan(monsters=["troll_y1#1"])
    f.choose("gain_evil")
    assert f.p().evil == 7
    events = f.attack("troll_y1#1")
    assert amounts(events, "warrior_y1_d", "monster") == [3] and f.p().evil == 6  # 7, then -1 for the conquest


def test_suggestion_pay_each_monster_again_or_withdraw_it():
    # Catalog (Suggestion, partial; fast): "For each monster (not ghost) in this battle pay its wage again
    # (evil paid here is a cost) or withdraw it face up." Troll wage: 2 food; goblin: 1 food.
    cards = ["suggestion", "graffiti", "fireball", "detect_treasure"]
    f = Fight(
        one(
            ["warrior_y1_d", "wizard_y1_c"],
            cards=cards,
            food=2,
            dungeon=["..C..", "..#..", "..#..", "....."],
            rooms={"0,2": "chicken_coop"},
            monsters=["troll_y1", "goblin_y1", "ghost_y1"],
        )
    )
    f.plan(monsters=["troll_y1#1", "goblin_y1#1", "ghost_y1#1"])
    assert f.pending.options("red") == [
        SpellChoice(player="red", option="pay", target="troll_y1#1"),
        SpellChoice(player="red", option="withdraw", target="troll_y1#1"),
    ]
    events = f.choose("pay", "troll_y1#1")
    assert of(events, ev.SpellChoiceMade)[0].paid == {"food": 2} and f.p().food == 0
    # Now the goblin's wage (1 food) cannot be paid: it can only be withdrawn.
    f.refused(SpellChoice(player="red", option="pay", target="goblin_y1#1"), "SPELL_CHOICE_INVALID")
    f.choose("withdraw", "goblin_y1#1")
    assert {o.monster for o in f.pending.options("red")} == {"troll_y1#1", "ghost_y1#1"}
    f.attack("troll_y1#1")
    f.attack("ghost_y1#1", targets=["wizard_y1_c"])
    assert not f.monster("goblin_y1#1").knocked_out and f.monster("troll_y1#1").knocked_out


def test_detect_evil_gains_two_evil_and_may_draw_the_paladin():
    # Detect Evil (catalog, partial; slow): "The dungeon lord gains 2 evil." Moving Paladin: "Because
    # players change positions on the Evilometer during Combat, it is possible that the paladin will move.
    # When he does, he keeps any Damage Counters." The paladin then stands first in red's party.
    cards = ["detect_evil", "graffiti", "fireball", "detect_treasure"]
    sc = scenario(
        player("red", evil=9, party=["warrior_y1_d", "wizard_y1_a"]),
        player("blue", evil=10, party=["warrior_y1_c"]),
        cards=cards,
        paladin={"id": "paladin_y1", "holder": "blue", "damage": 1},
    )
    f = Fight(sc)
    f.plan(color="red")
    f.plan(color="blue")
    moved = of(f.log, ev.PaladinMoved)
    assert [(e.from_color, e.to_color) for e in moved] == [("blue", "red")]
    assert index(f.log, ev.SpellCast, card="detect_evil") < index(f.log, ev.PaladinMoved)
    # He kept his 1 damage and, first in line, took red's 2 fatigue.
    assert amounts(f.log, "paladin_y1", "fatigue") == [1, 1] and f.state.paladins[0].damage == 3
    assert f.state.paladins[0].holder == "red" and f.p("red").evil == 10  # 9 + 2, then -1 for the conquest
    assert not any(e.target == "paladin_y1" for e in of(f.log, ev.DamageDealt) if e.color == "blue")


# =====================================================================================================
# Monsters (and Ghosts) Step
# =====================================================================================================
def test_a_standard_attack_hits_the_first_and_excess_damage_does_not_spill():
    # Combat Training › Standard Attack: "All the damage is applied to the first adventurer even if damage
    # exceeds hit points. ... The excess damage does not go to the next in line."
    f = Fight(
        one(
            ["warrior_y1_b", "thief_y1_c", "priest_y1_c"],
            damage={"warrior_y1_b": 2},
            cards=["invisibility", "graffiti", "fireball", "detect_treasure"],
            monsters=["witch_y1"],
        )
    )
    f.plan(monsters=["witch_y1#1"])
    events = f.attack("witch_y1#1", "A")
    assert hits(events, source="monster") == [("warrior_y1_b", 4, 0, "")]
    assert imprisoned(events) == ["warrior_y1_b"] and "thief_y1_c" not in f.p().damage


def test_an_attack_on_anyone_hits_the_chosen_adventurer():
    # Combat Training › Attack Anyone: "you get to choose the target ... to give the one in the middle 3 Damage
    # Counters." (invisibility card: 0 fatigue, no wizard to cast it.)
    f = Fight(
        one(
            ["warrior_y1_a", "thief_y1_c", "wizard_y1_a"],
            cards=["graffiti", "invisibility", "fireball", "detect_treasure"],
            round=2,
            monsters=["vampire_y1"],
        )
    )
    f.plan(monsters=["vampire_y1#1"])
    events = f.attack("vampire_y1#1", "A", ["thief_y1_c"])
    assert hits(events, source="monster") == [("thief_y1_c", 3, 0, "")] and f.p().damage == {"thief_y1_c": 3}


def test_an_attack_on_everyone_hits_each_adventurer():
    # Combat Training › Attack Everyone: "If you use the slime to attack everyone for 1, each adventurer will
    # get 1 Damage Counter. This is enough to eliminate the warrior."
    f = Fight(
        one(
            ["warrior_y1_a", "thief_y1_c", "wizard_y1_c"],
            damage={"warrior_y1_a": 2},
            cards=["graffiti", "invisibility", "fireball", "detect_treasure"],
            round=2,
            monsters=["slime_y1"],
        )
    )
    f.plan(monsters=["slime_y1#1"])
    events = f.attack("slime_y1#1", "A")
    assert [(t, a) for t, a, _, _ in hits(events, source="monster")] == [
        ("warrior_y1_a", 1),
        ("thief_y1_c", 1),
        ("wizard_y1_c", 1),
    ]
    assert imprisoned(events) == ["warrior_y1_a"]


@pytest.mark.parametrize(
    "wounded, expect",
    [
        (1, [("warrior_y1_a", 2), ("priest_y1_c", 1)]),  # 1 + 2 eliminates him: the next in line takes 1
        (0, [("warrior_y1_a", 2)]),  # he survives: no follow-up
    ],
)
def test_the_goblin_attacks_the_next_in_line_only_when_it_eliminates_the_first(wounded, expect):
    # Appendix › Goblin: "if its standard attack of 2 manages to eliminate the lead adventurer, it gets so
    # excited that it also attacks the next adventurer in line for 1."
    damage = {"warrior_y1_a": wounded} if wounded else {}
    f = Fight(one(["warrior_y1_a", "priest_y1_c"], damage=damage, monsters=["goblin_y1"]))
    f.plan(monsters=["goblin_y1#1"])
    events = f.attack("goblin_y1#1")
    assert [(t, a) for t, a, _, _ in hits(events, source="monster")] == expect


def test_the_trolls_bigger_attack_costs_one_food():
    # Appendix › Troll: "A troll has a standard attack for 3. If you pay 1 Food, it will attack for 4."
    f = Fight(one(["warrior_y1_d", "priest_y1_c"], food=1, monsters=["troll_y1"]))
    f.plan(monsters=["troll_y1#1"])
    events = f.attack("troll_y1#1", "B")
    assert of(events, ev.MonsterAttacked)[0].paid == {"food": 1} and f.p().food == 0
    assert amounts(events, "warrior_y1_d", "monster") == [4]
    g = Fight(one(["warrior_y1_d", "priest_y1_c"], food=0, monsters=["troll_y1"]))
    g.plan(monsters=["troll_y1#1"])
    assert {o.option for o in g.pending.options("red")} == {"A"}
    g.refused(Attack(player="red", monster="troll_y1#1", option="B"), "CANNOT_PAY_FOOD")


@pytest.mark.parametrize("targets", [["priest_y1_c", "priest_y1_c"], ["warrior_y1_d", "priest_y1_c"]])
def test_the_witch_makes_two_attacks_of_one_on_anyone(targets):
    # Appendix › Witch: "two smaller spells (two attacks on anyone for 1 each). The two attacks can be on the
    # same adventurer or on two different adventurers."
    f = Fight(one(["warrior_y1_d", "priest_y1_c"], monsters=["witch_y1"]))
    f.plan(monsters=["witch_y1#1"])
    events = f.attack("witch_y1#1", "B", targets)
    assert [(t, a) for t, a, _, _ in hits(events, source="monster")] == [(t, 1) for t in targets]
    f2 = Fight(one(["warrior_y1_d", "priest_y1_c"], monsters=["witch_y1"]))
    f2.plan(monsters=["witch_y1#1"])
    f2.refused(
        Attack(player="red", monster="witch_y1#1", option="B", targets=["warrior_y1_d"]), "ATTACK_TARGET_INVALID"
    )


def test_the_vampire_never_bites_a_priest_but_may_bite_the_paladin():
    # Appendix › Vampire: "A vampire cannot attack priests (but it doesn't mind the taste of paladins)."
    f = Fight(one(["priest_y1_c", "thief_y1_c"], paladin_damage=0, monsters=["vampire_y1"]))
    f.plan(monsters=["vampire_y1#1"])
    assert {t for o in f.pending.options("red") for t in o.targets} == {"paladin_y1", "thief_y1_c"}
    f.refused(
        Attack(player="red", monster="vampire_y1#1", option="A", targets=["priest_y1_c"]), "ATTACK_TARGET_INVALID"
    )
    events = f.attack("vampire_y1#1", "A", ["paladin_y1"])
    assert amounts(events, "paladin_y1", "monster") == [3]


def test_the_vampires_eat_and_run_returns_face_up_for_a_later_round():
    # Appendix › Vampire: "Or it can eat and run: attack any adventurer for 2 and then return to the Monster
    # Lair face up, ready to be used in a later battle."
    f = Fight(
        one(
            ["warrior_y1_d", "thief_y1_c"],
            cards=["fireball", "fist_of_justice", "graffiti", "detect_treasure"],
            monsters=["vampire_y1"],
        )
    )
    f.plan(monsters=["vampire_y1#1"])
    events = f.attack("vampire_y1#1", "B", ["thief_y1_c"])
    assert of(events, ev.MonsterAttacked)[0].knocked_out is False and not f.monster("vampire_y1#1").knocked_out
    assert amounts(events, "thief_y1_c", "monster") == [2]
    f.plan(SECOND, monsters=["vampire_y1#1"])  # round 2: sent again
    events = f.attack("vampire_y1#1", "A", ["thief_y1_c"])
    assert imprisoned(events) == ["thief_y1_c"] and f.monster("vampire_y1#1").knocked_out


def test_a_vampire_facing_only_priests_cannot_attack_but_may_still_return_face_up():
    # Appendix › Vampire: "If the party has only priests left, the vampire cannot attack, but it can still
    # return to the Monster Lair face up." With no attack, the priests do not heal.
    f = Fight(
        one(
            ["priest_y1_c"],
            damage={"priest_y1_c": 1},
            cards=["fireball", "graffiti", "fist_of_justice", "detect_treasure"],
            monsters=["vampire_y1"],
        )
    )
    f.plan(monsters=["vampire_y1#1"])
    assert {(o.option, tuple(o.targets)) for o in f.pending.options("red")} == {("A", ()), ("B", ())}
    events = f.attack("vampire_y1#1", "B")
    attacked = of(events, ev.MonsterAttacked)[0]
    assert attacked.attacked is False and attacked.knocked_out is False
    assert of(events, ev.HealingSkipped) and not of(events, ev.PartyHealed)
    assert not f.monster("vampire_y1#1").knocked_out


def test_the_ghost_never_attacks_the_first_adventurer():
    # Appendix › Ghost: "A ghost cannot attack the first adventurer in line, but it can attack any other
    # adventurer for 2."
    f = Fight(one(["warrior_y1_d", "thief_y1_c"], monsters=["ghost_y1"]))
    f.plan(monsters=["ghost_y1#1"])
    assert [o.targets for o in f.pending.options("red")] == [["thief_y1_c"]]
    f.refused(Attack(player="red", monster="ghost_y1#1", targets=["warrior_y1_d"]), "ATTACK_TARGET_INVALID")
    assert amounts(f.attack("ghost_y1#1", targets=["thief_y1_c"]), "thief_y1_c", "monster") == [2]


def test_a_ghost_facing_a_lone_adventurer_cannot_attack_and_is_still_knocked_out():
    # Appendix › Ghost: "If there is only one adventurer, the ghost cannot attack at all." Monsters Step: "If
    # you sent a monster (or ghost) it must attack if possible. Whether it attacks or not, it is then knocked
    # out". Healing: no attack, no healing.
    f = Fight(
        one(
            ["priest_y1_c"],
            damage={"priest_y1_c": 1},
            cards=["fireball", "graffiti", "fist_of_justice", "detect_treasure"],
            monsters=["ghost_y1"],
        )
    )
    f.plan(monsters=["ghost_y1#1"])
    assert [o.targets for o in f.pending.options("red")] == [[]]
    events = f.attack("ghost_y1#1")
    assert of(events, ev.MonsterAttacked)[0].attacked is False and not hits(events, source="monster")
    assert f.monster("ghost_y1#1").knocked_out
    assert of(events, ev.HealingSkipped) and amounts(events, "priest_y1_c", "fatigue") == [1]


def test_the_golem_returns_face_up():
    # Appendix › Golem: "It has a standard attack of 4, but it is not knocked out after battle. It returns to
    # the Monster Lair face up and can be used in a later round."
    f = Fight(one(["warrior_y2_d", "priest_y2_b"], year=2, monsters=["golem_y2"]))
    f.plan(monsters=["golem_y2#1"])
    events = f.attack("golem_y2#1")
    assert amounts(events, "warrior_y2_d", "monster") == [4] and not f.monster("golem_y2#1").knocked_out
    f.plan(SECOND, monsters=["golem_y2#1"])
    assert amounts(f.attack("golem_y2#1"), "warrior_y2_d", "monster") == [4]


def test_the_dragon_burns_everyone_for_two_and_the_party_skips_healing():
    # Appendix › Dragon: "A dragon's fiery breath does 2 damage to each adventurer. In addition the party skips
    # the Healing Step for this round of Combat."
    f = Fight(one(["warrior_y2_d", "priest_y2_c"], year=2, monsters=["dragon_y2"]))
    f.plan(monsters=["dragon_y2#1"])
    events = f.attack("dragon_y2#1")
    assert [(t, a) for t, a, _, _ in hits(events, source="monster")] == [("warrior_y2_d", 2), ("priest_y2_c", 2)]
    assert of(events, ev.HealingSkipped) and not of(events, ev.PartyHealed)
    assert f.p().damage == {"warrior_y2_d": 3, "priest_y2_c": 2}  # + 1 fatigue (create_food), unhealed


def test_the_demon_attacks_anyone_for_seven_and_the_party_does_not_conquer():
    # Appendix › Demon: "It can attack anyone for 7 points of damage. The party is so shocked that they forget
    # to conquer this round. Skip conquering and fatigue."
    f = Fight(one(["warrior_y2_d", "priest_y2_c"], year=2, evil=6, monsters=["demon_y2"]))
    f.plan(monsters=["demon_y2#1"])
    events = f.attack("demon_y2#1", "A", ["priest_y2_c"])
    assert amounts(events, "priest_y2_c", "monster") == [7] and imprisoned(events) == ["priest_y2_c"]
    assert of(events, ev.ConquestPrevented) and not hits(events, source="fatigue")
    assert not f.p().dungeon[0][2].conquered and f.p().evil == 6


def test_the_slimes_hold_stops_conquering_and_is_not_an_attack():
    # Appendix › Slime: "If you choose the second option, the party does not conquer (or accumulate fatigue)
    # this round. The slime will still be knocked out, but it does not count as an attack. Priests will not
    # heal the party unless a different monster (or ghost) attacked this round."
    f = Fight(one(["warrior_y1_d", "priest_y1_c"], damage={"warrior_y1_d": 1}, evil=6, monsters=["slime_y1"]))
    f.plan(monsters=["slime_y1#1"])
    events = f.attack("slime_y1#1", "B")
    assert of(events, ev.MonsterAttacked)[0].attacked is False and f.monster("slime_y1#1").knocked_out
    assert of(events, ev.HealingSkipped) and of(events, ev.ConquestPrevented)
    assert not hits(events) and f.p().damage == {"warrior_y1_d": 1} and f.p().evil == 6


def test_with_the_slimes_hold_the_party_still_heals_if_another_monster_attacked():
    # Appendix › Slime: "Priests will not heal the party unless a different monster (or ghost) attacked."
    f = Fight(one(["warrior_y1_d", "priest_y1_c"], monsters=["slime_y1", "ghost_y1"]))
    f.plan(monsters=["slime_y1#1", "ghost_y1#1"])
    events = f.attack("slime_y1#1", "B") + f.attack("ghost_y1#1", targets=["priest_y1_c"])
    assert of(events, ev.PartyHealed)[0].healed == {"priest_y1_c": 1} and of(events, ev.ConquestPrevented)


@pytest.mark.parametrize(
    "monster, option, targets, expect",
    [
        ("goblin_y2#1", "A", [], [("warrior_y2_a", 3), ("warrior_y2_d", 2)]),  # 3, and 2 after eliminating
        ("troll_y2#1", "A", [], [("warrior_y2_a", 4)]),
        ("troll_y2#1", "B", [], [("warrior_y2_a", 5)]),
        ("vampire_y2#1", "A", ["warrior_y2_d"], [("warrior_y2_d", 3)]),  # no bonus for a vampire here
    ],
)
def test_the_training_room_gives_trolls_and_goblins_one_more_damage(monster, option, targets, expect):
    # Appendix › Training Room: "In this room, trolls and goblins have +1 damage to each attack: A troll can
    # attack for 4 (or 5 with Food) and a goblin can attack for 3 and then again for 2 if the first attack
    # eliminates the lead adventurer."
    f = Fight(
        one(
            ["warrior_y2_a", "warrior_y2_d"],
            year=2,
            damage={"warrior_y2_a": 2},
            dungeon=["..T..", "..#..", "..#..", "....."],
            rooms={"0,2": "training_room"},
            monsters=[monster.split("#")[0]],
        )
    )
    f.plan(monsters=[monster])
    events = f.attack(monster, option, targets)
    assert [(t, a) for t, a, _, _ in hits(events, source="monster")] == expect


@pytest.mark.parametrize(
    "monster, option, targets, expect",
    [
        ("vampire_y2#1", "A", ["warrior_y2_d"], [("warrior_y2_d", 4)]),
        ("vampire_y2#1", "B", ["warrior_y2_d"], [("warrior_y2_d", 3)]),
        ("witch_y2#1", "A", [], [("warrior_y2_d", 5)]),
        ("witch_y2#1", "B", ["warrior_y2_d", "priest_y2_d"], [("warrior_y2_d", 2), ("priest_y2_d", 2)]),
        ("troll_y2#1", "A", [], [("warrior_y2_d", 3)]),  # no bonus for a troll here
    ],
)
def test_the_dark_room_gives_vampires_and_witches_one_more_damage(monster, option, targets, expect):
    # Appendix › Dark Room: "In this room, vampires and witches have +1 damage to each attack. A vampire can
    # either attack for 4, or attack for 3 and then escape. A witch can make a standard attack for 5, or she
    # can make two attacks for 2 on anyone."
    f = Fight(
        one(
            ["warrior_y2_d", "priest_y2_d"],
            year=2,
            dungeon=["..D..", "..#..", "..#..", "....."],
            rooms={"0,2": "dark_room"},
            monsters=[monster.split("#")[0]],
        )
    )
    f.plan(monsters=[monster])
    events = f.attack(monster, option, targets)
    assert [(t, a) for t, a, _, _ in hits(events, source="monster")] == expect


def test_monsters_that_attacked_stay_face_down_until_combat_ends():
    # Combat Training: "After attacking, the monster (or ghost) is automatically knocked out. ... It will not
    # be usable in later rounds. However, you don't lose it forever. It turns face up again after the last
    # round of Combat." End of Combat: "After all players are done with Combat, turn your monsters (and
    # ghosts) face up again".
    f = Fight(
        one(
            ["warrior_y1_d", "priest_y1_c"],
            round=3,
            cards=["graffiti", "detect_treasure", "fireball", "fist_of_justice"],
            monsters=["troll_y1", "ghost_y1", "goblin_y1"],
            knocked_out=["goblin_y1"],
        )
    )
    f.plan(monsters=["troll_y1#1", "ghost_y1#1"])
    f.attack("troll_y1#1")
    f.attack("ghost_y1#1", targets=["priest_y1_c"])
    assert f.monster("troll_y1#1").knocked_out and f.monster("ghost_y1#1").knocked_out
    f.refused(PlanBattle(player="red", tile=SECOND, monsters=["troll_y1#1"]), "MONSTER_KNOCKED_OUT")
    f.refused(PlanBattle(player="red", tile=SECOND, monsters=["ghost_y1#1"]), "MONSTER_KNOCKED_OUT")
    events = f.plan(SECOND)
    assert of(events, ev.CombatEnded)
    assert [m.knocked_out for m in f.p().monsters] == [False, False, False]


# =====================================================================================================
# Healing Step
# =====================================================================================================
def test_priests_heal_only_if_a_monster_or_ghost_attacked():
    # Healing Step: "This step occurs only if ... At least one monster (or ghost) attacked." Combat Training:
    # "if no monster (or ghost) damaged the party this round, the priests do not heal, even if the adventurers
    # have damage from traps or from previous rounds."
    cards = ["fireball", "graffiti", "fist_of_justice", "detect_treasure"]  # 1 fatigue
    f = Fight(one(["warrior_y1_d", "priest_y1_d"], damage={"priest_y1_d": 1}, cards=cards, traps=["rolling_stone"]))
    events = f.plan(traps=["rolling_stone#1"])
    assert of(events, ev.HealingSkipped) and not of(events, ev.PartyHealed)
    assert f.p().damage == {"warrior_y1_d": 4, "priest_y1_d": 1}  # 3 (trap) + 1 (fatigue)
    g = Fight(one(["warrior_y1_d", "priest_y1_d"], damage={"priest_y1_d": 1}, cards=cards, monsters=["ghost_y1"]))
    g.plan(monsters=["ghost_y1#1"])
    events = g.attack("ghost_y1#1", targets=["priest_y1_d"])
    assert of(events, ev.PartyHealed)[0].healed == {"priest_y1_d": 2}


def test_healing_starts_at_the_front_and_a_priest_heals_himself_when_those_in_front_are_unhurt():
    # Combat Training › Healing, Example 3: "The party is already wounded when the goblin attacks. It does 2
    # damage to the first priest. During Healing, the priests heal 4 damage. This removes both Damage Counters
    # from the first priest, the Damage Counter from the thief, and one of the Damage Counters from the last
    # priest." - "A priest will heal himself, if all those in front of him have no damage."
    f = Fight(
        one(
            ["priest_y1_b", "thief_y1_c", "priest_y1_d"],
            damage={"thief_y1_c": 1, "priest_y1_d": 2},
            monsters=["goblin_y1"],
        )
    )
    f.plan(monsters=["goblin_y1#1"])
    events = f.attack("goblin_y1#1")
    assert amounts(events, "priest_y1_b", "monster") == [2]
    healed = of(events, ev.PartyHealed)[0].healed
    assert healed == {"priest_y1_b": 2, "thief_y1_c": 1, "priest_y1_d": 1} and list(healed) == [
        "priest_y1_b",
        "thief_y1_c",
        "priest_y1_d",
    ]


def test_the_priest_heals_those_in_front_of_him_before_himself():
    # Healing Step: "Take Damage Counters off the adventurers in front first." The ghost wounds the priest and
    # the warrior in front of him is also wounded: the warrior is healed first.
    f = Fight(
        one(
            ["warrior_y1_d", "priest_y1_d"],
            damage={"warrior_y1_d": 1},
            monsters=["ghost_y1"],
            cards=["fireball", "graffiti", "fist_of_justice", "detect_treasure"],
        )
    )
    f.plan(monsters=["ghost_y1#1"])
    events = f.attack("ghost_y1#1", targets=["priest_y1_d"])
    assert of(events, ev.PartyHealed)[0].healed == {"warrior_y1_d": 1, "priest_y1_d": 1}


def test_eliminated_adventurers_stay_in_prison_through_healing():
    # Healing Step: "Adventurers that take maximum damage are eliminated immediately. It is not possible to
    # bring them back from Prison during the Healing Step."
    f = Fight(
        one(
            ["warrior_y1_a", "priest_y1_d"],
            damage={"priest_y1_d": 1},
            monsters=["troll_y1"],
            cards=["fireball", "graffiti", "fist_of_justice", "detect_treasure"],
        )
    )
    f.plan(monsters=["troll_y1#1"])
    events = f.attack("troll_y1#1")
    assert imprisoned(events) == ["warrior_y1_a"]
    assert of(events, ev.PartyHealed)[0].healed == {"priest_y1_d": 1}
    assert f.p().prison == ["warrior_y1_a"] and f.p().party == ["priest_y1_d"]


# =====================================================================================================
# Conquering Step
# =====================================================================================================
def test_fatigue_is_dealt_one_point_at_a_time_and_spills_to_the_next_in_line():
    # Conquering Step: "The damage is dealt to the first adventurer, but it is dealt one point at a time. If
    # the first adventurer is eliminated, the remaining damage will fall on the next in line." "If there is
    # still at least one adventurer left ... the tile is conquered." Battle Phase: "Each time the adventurers
    # conquer a tile, you move your Evil Counter down one space on the Evilometer."
    f = Fight(one(["warrior_y1_a", "priest_y1_c"], damage={"warrior_y1_a": 2}, evil=7))
    events = f.plan()
    assert hits(events, source="fatigue") == [("warrior_y1_a", 1, 0, ""), ("priest_y1_c", 1, 0, "")]
    assert imprisoned(events) == ["warrior_y1_a"] and conquered(events) == [ENTRANCE]
    assert f.p().dungeon[0][2].conquered and f.p().evil == 6


def test_if_fatigue_eliminates_everyone_the_tile_is_not_conquered_and_combat_is_over():
    # Combat Training › Fatigue and Conquering: "If all adventurers have been eliminated after accumulating
    # fatigue (or earlier) then Combat is over and the adventurers do not conquer that tile."
    f = Fight(one(["warrior_y1_a", "priest_y1_a"], damage={"warrior_y1_a": 2, "priest_y1_a": 2}, evil=7))
    events = f.plan()
    assert imprisoned(events) == ["warrior_y1_a", "priest_y1_a"]
    assert not conquered(events) and f.p().evil == 7
    assert of(events, ev.CombatEnded) and not of(events, ev.CombatRoundBegan)


def test_when_all_adventurers_are_eliminated_the_remaining_steps_and_rounds_are_skipped():
    # End of Combat: "All adventurers are eliminated. This ends your Combat immediately. You skip any steps
    # remaining in the Battle, and you will not battle in the remaining rounds."
    sc = scenario(
        player(
            "red",
            party=["warrior_y1_a", "wizard_y1_a"],
            damage={"wizard_y1_a": 2},
            traps=["kamikaze_imp"],
            monsters=["troll_y1"],
        ),
        player("blue", party=["warrior_y1_d"]),
        cards=["fist_of_justice", "graffiti", "fireball", "detect_treasure"],
    )
    f = Fight(sc)
    f.plan(traps=["kamikaze_imp#1"], monsters=["troll_y1#1"], color="red")
    f.plan(color="blue")
    red = [e for e in f.log if getattr(e, "color", None) == "red"]
    assert imprisoned(red) == ["warrior_y1_a", "wizard_y1_a"]
    assert not [
        e
        for e in red
        if isinstance(
            e,
            (
                ev.SpellCast,
                ev.SpellNotCast,
                ev.MonsterAttacked,
                ev.PartyHealed,
                ev.HealingSkipped,
                ev.TileConquered,
                ev.ConquestPrevented,
            ),
        )
    ]
    assert isinstance(red[-1], ev.BattleEnded)
    assert not f.monster("troll_y1#1").knocked_out and f.p().imps == 2
    # Round 2 goes on for blue only; red plans no more.
    assert of(f.log, ev.CombatRoundBegan)[-1].round == 2 and f.pending.actors == ["blue"]
    f.plan(SECOND, color="blue")
    assert not any(e.color == "red" for e in of(f.log, ev.BattleBegan)[1:])


def test_when_the_first_monster_eliminates_everyone_the_second_does_not_attack():
    # End of Combat: "All adventurers are eliminated. This ends your Combat immediately. You skip any steps
    # remaining in the Battle".
    f = Fight(
        one(
            ["warrior_y1_a"],
            dungeon=["..C..", "..#..", "..#..", "....."],
            rooms={"0,2": "chicken_coop"},
            monsters=["troll_y1", "goblin_y1"],
        )
    )
    f.plan(monsters=["troll_y1#1", "goblin_y1#1"])
    events = f.attack("troll_y1#1")
    assert imprisoned(events) == ["warrior_y1_a"]
    assert [e.monster for e in of(f.log, ev.MonsterAttacked)] == ["troll_y1#1"]
    assert not of(events, ev.PartyHealed) and not of(events, ev.HealingSkipped) and of(events, ev.CombatEnded)


def test_everyone_plans_then_battles_are_fought_from_the_starting_player():
    # Planning Phase › Choosing Defense: "Everyone can make these decisions simultaneously". Battle Phase:
    # "Players will fight their battles in order, beginning with the starting player."
    sc = scenario(player("red", party=["warrior_y1_d"]), player("blue", party=["warrior_y1_c"]), starting="blue")
    f = Fight(sc)
    assert f.pending.kind == "plan_battle" and f.pending.actors == ["blue", "red"]
    f.plan(color="red")
    assert not of(f.log, ev.CombatCardRevealed) and f.pending.actors == ["blue"]
    f.plan(color="blue")
    assert index(f.log, ev.CombatCardRevealed) < index(f.log, ev.BattleBegan)
    assert [e.color for e in of(f.log, ev.BattleBegan)] == ["blue", "red"]


# =====================================================================================================
# Paladin
# =====================================================================================================
def test_the_paladin_is_always_first_in_line():
    # Paladin: "The paladin is a special adventurer that is always at the front of the party."
    f = Fight(one(["warrior_y1_d", "priest_y1_c"], paladin_damage=0, traps=["rolling_stone"], monsters=["troll_y1"]))
    f.plan(traps=["rolling_stone#1"], monsters=["troll_y1#1"])
    events = f.attack("troll_y1#1")
    assert [t for t, *_ in hits(f.log, source="trap")] == ["paladin_y1"]
    assert [t for t, *_ in hits(events, source="monster")] == ["paladin_y1"]


def test_the_goblin_that_eliminates_the_paladin_attacks_the_next_in_line():
    # Appendix › Goblin: "if its standard attack of 2 manages to eliminate the lead adventurer, it ... also
    # attacks the next adventurer in line for 1." The paladin is the lead adventurer.
    f = Fight(one(["warrior_y1_d"], paladin_damage=3, monsters=["goblin_y1"]))
    f.plan(monsters=["goblin_y1#1"])
    events = f.attack("goblin_y1#1")
    assert [(t, a) for t, a, _, _ in hits(events, source="monster")] == [("paladin_y1", 2), ("warrior_y1_d", 1)]
    assert imprisoned(events) == ["paladin_y1"] and f.p().prison == ["paladin_y1"]


def test_the_paladin_leaves_his_tent_as_soon_as_a_lord_reaches_his_space_during_combat():
    # Paladin: "If you cross the line, you attract the paladin immediately." Detect Evil (catalog, partial;
    # slow): +2 Evil takes red from 8 to 10; the paladin joins red's party at once and takes the fatigue.
    f = Fight(
        one(["warrior_y1_d", "wizard_y1_a"], evil=8, cards=["detect_evil", "graffiti", "fireball", "detect_treasure"])
    )
    assert f.state.paladins[0].holder is None
    events = f.plan()
    assert [e.color for e in of(events, ev.PaladinArrived)] == ["red"]
    assert index(events, ev.SpellCast) < index(events, ev.PaladinArrived) < index(events, ev.TileConquered)
    assert amounts(events, "paladin_y1", "fatigue") == [1, 1] and f.state.paladins[0].damage == 2


def test_the_paladin_moves_mid_combat_keeps_his_damage_and_fights_again_the_same_round():
    # Paladin: "The paladin will move to another player's dungeon if ... That player's Evil Counter is at or
    # above the paladin space ... [and] higher than the Evil Counter of the player who currently has the
    # paladin." Battle Phase: "The paladin will move immediately (along with any Damage Counters that are on
    # him) so it is possible that the paladin will fight in multiple dungeons in the same round."
    f = Fight(load("combat-paladin-2p"))
    assert not of(f.log, ev.PaladinMoved)  # blue on 10 is not above red on 10
    f.plan(color="red")
    f.plan(monsters=["troll_y1#1"], color="blue")
    red_fatigue = [e for e in of(f.log, ev.DamageDealt) if e.color == "red"]
    assert [(e.target, e.amount) for e in red_fatigue] == [("paladin_y1", 1), ("paladin_y1", 1)]
    assert conquered(f.log) == [ENTRANCE] and f.p("red").evil == 9
    moved = of(f.log, ev.PaladinMoved)
    assert [(e.from_color, e.to_color) for e in moved] == [("red", "blue")]
    assert index(f.log, ev.TileConquered, color="red") < index(f.log, ev.PaladinMoved)
    assert f.state.paladins[0].damage == 3 and f.state.paladins[0].holder == "blue"
    # In blue's battle he stands first: the troll's 3 finish him (3 + 3 >= 5 hit points).
    events = f.attack("troll_y1#1", color="blue")
    assert hits(events, source="monster") == [("paladin_y1", 3, 0, "")]
    assert imprisoned(events) == ["paladin_y1"] and f.p("blue").prison == ["paladin_y1"]
    assert f.state.paladins == []


def test_the_paladin_moves_only_to_a_strictly_more_evil_player():
    # Paladin: "(It must be higher. Being on the same space is not evil enough.)"
    sc = load("combat-paladin-2p")
    sc["players"][0]["evil"] = 11
    f = Fight(sc)
    f.plan(color="red")
    f.plan(color="blue")
    assert conquered(f.log) == [ENTRANCE, ENTRANCE] and f.p("red").evil == 10
    assert not of(f.log, ev.PaladinMoved) and f.state.paladins[0].holder == "red"


def test_a_paladin_arriving_in_a_cleared_dungeon_restarts_its_combat_next_round():
    # Moving Paladin: "If the paladin moves to a dungeon where all adventurers have been eliminated, Combat in
    # that dungeon will start up again next round."
    sc = load("combat-paladin-2p")
    sc["players"][1]["party"] = []
    f = Fight(sc)
    assert f.pending.actors == ["red"]  # blue has nobody to fight
    f.plan(color="red")
    assert [(e.from_color, e.to_color) for e in of(f.log, ev.PaladinMoved)] == [("red", "blue")]
    assert not any(e.color == "blue" for e in of(f.log, ev.BattleBegan))
    assert of(f.log, ev.CombatRoundBegan)[-1].round == 2 and set(f.pending.actors) == {"red", "blue"}
    f.plan(SECOND, color="red")
    f.plan(color="blue")
    assert [e.color for e in of(f.log, ev.BattleBegan)] == ["red", "red", "blue"]
    blue = [(e.target, e.amount, e.source) for e in of(f.log, ev.DamageDealt) if e.color == "blue"]
    assert blue == [("paladin_y1", 1, "fatigue")]  # fireball: 1 fatigue, on the paladin
    assert conquered(f.log) == [ENTRANCE, SECOND, ENTRANCE] and f.state.paladins[0].damage == 4


def test_a_paladin_arriving_in_a_cleared_dungeon_in_round_4_does_not_restart_combat():
    # Moving Paladin: "(If the paladin arrives in round 4, his arrival will not re-start Combat.)" After the
    # fourth round he leaves with the survivors.
    sc = load("combat-paladin-2p")
    sc["players"][1]["party"] = []
    sc["combat_round"] = 4
    f = Fight(sc)
    events = f.plan(color="red")
    assert [(e.from_color, e.to_color) for e in of(events, ev.PaladinMoved)] == [("red", "blue")]
    assert not any(e.color == "blue" for e in of(events, ev.BattleBegan))
    assert of(events, ev.CombatEnded)[0].departed == {"red": ["warrior_y1_d"], "blue": ["paladin_y1"]}
    assert "paladin_y1" in f.state.board.discards["paladins"]


def test_once_imprisoned_the_paladin_moves_no_more():
    # Battle Phase: "Once the paladin is eliminated, however, he will move no more, regardless of the
    # Evilometer." The conquest drops red to 9 below blue's 10, but the paladin stays in red's prison.
    sc = load("combat-paladin-2p")
    sc["paladin"]["damage"] = 3
    sc["players"][0]["monsters"] = ["goblin_y1"]
    f = Fight(sc)
    f.plan(monsters=["goblin_y1#1"], color="red")
    f.plan(color="blue")
    events = f.attack("goblin_y1#1", color="red")
    assert imprisoned(events)[0] == "paladin_y1" and conquered(events)[0] == ENTRANCE
    assert f.p("red").evil == 9 and not of(f.log, ev.PaladinMoved)
    assert f.p("red").prison == ["paladin_y1"] and f.state.paladins == []
    assert not any(e.target == "paladin_y1" for e in of(f.log, ev.DamageDealt) if e.color == "blue")


def test_the_poisoned_darts_two_damage_follow_the_paladin_who_moved_after_the_conquest():
    # Notes on Selected Traps › Poisoned Dart: "The additional 2 damage at the end of the round cannot be
    # prevented ... It is dealt to the dart's target even if the initial 1 damage was prevented." Moving
    # Paladin: "When he does, he keeps any Damage Counters." Red's conquest (red 10 -> 9) sends the paladin
    # to blue before the end of red's battle; he was not eliminated, so the poison still reaches him
    # (engine choice documented in combat._poison: the 2 damage follow him to blue's dungeon).
    sc = load("combat-paladin-2p")
    sc["paladin"]["damage"] = 0
    sc["players"][0]["traps"] = ["poisoned_dart"]
    f = Fight(sc)
    f.plan(traps=["poisoned_dart#1"], color="red")
    f.plan(color="blue")
    events = f.aim("paladin_y1")
    assert of(events, ev.PaladinMoved)
    assert [(e.target, e.amount, e.prevented) for e in of(events, ev.DamageDealt) if e.source == "poison"] == [
        ("paladin_y1", 2, 0)
    ]


# =====================================================================================================
# End of Combat
# =====================================================================================================
def test_after_round_4_the_survivors_leave_for_the_distant_lands_and_monsters_turn_face_up():
    # Battle Phase: "Combat lasts 4 rounds. Any adventurers that are not eliminated after the fourth round leave
    # your dungeon and head off to Distant Lands." End of Combat: "turn your monsters (and ghosts) face up".
    f = Fight(
        one(
            ["warrior_y1_d", "priest_y1_c"],
            round=4,
            paladin_damage=0,
            cards=QUIET,
            monsters=["troll_y1", "ghost_y1"],
            knocked_out=["ghost_y1"],
        )
    )
    f.plan(monsters=["troll_y1#1"])
    events = f.attack("troll_y1#1")
    assert of(events, ev.CombatEnded)[0].departed == {"red": ["paladin_y1", "warrior_y1_d", "priest_y1_c"]}
    assert f.p().party == [] and f.p().prison == [] and f.p().damage == {}
    assert {"warrior_y1_d", "priest_y1_c"} <= set(f.state.board.discards["adventurers"])
    assert "paladin_y1" in f.state.board.discards["paladins"] and f.state.paladins == []
    assert [m.knocked_out for m in f.p().monsters] == [False, False]
    assert f.pending.kind == "game_over"


def test_after_the_first_years_combat_the_second_year_begins():
    # Second Year: "After Combat, the Second Year begins. ... In the Second Year, you use only the stronger
    # paladin". Turned-up monsters go with the lord into the new Year.
    f = Fight(one(["warrior_y1_d"], round=4, cards=QUIET, training=False, monsters=["troll_y1"]))
    f.plan(monsters=["troll_y1#1"])
    f.attack("troll_y1#1")
    assert of(f.log, ev.CombatEnded) and of(f.log, ev.YearBegan)
    assert f.state.year == 2 and f.state.paladins[0].id == "paladin_y2"
    assert not f.monster("troll_y1#1").knocked_out and "warrior_y1_d" in f.state.board.discards["adventurers"]


def test_create_food_feeds_the_illusion_when_it_is_first_in_line():
    # CGE FAQ (Create Food): the food token goes on the first adventurer of the party, even when the first
    # is an Illusion; the fed Illusion then has 2 hit points, so 1 fatigue does not make it vanish.
    from domain.games.dungeon_lords.phases.combat import ILLUSION, stats

    f = Fight(
        one(
            ["wizard_y2_a", "warrior_y2_d"],
            year=2,
            round=1,
            cards=["create_food", "aura_of_fear", "blind_rage", "magic_key"],
        )
    )
    f.state.player("red").illusion = 1  # an Illusion from an earlier round stands in front
    events = f.plan()
    assert of(events, ev.SpellCast)[0].card == "create_food"
    red = f.p()
    assert red.fed == [ILLUSION] and stats(f.state, red, ILLUSION)[0] == 2
    assert [h[0] for h in hits(events)] == [ILLUSION] and not of(events, ev.IllusionVanished)
