"""Festival Season's new monsters and rooms (the ``new_components`` module; spec SU-08, YR-09, NC-M1..NC-M3,
NC-R1, NC-R3, NC-R4, CB-08, VA-01 and the worked examples T-40..T-42). Battles are Combat Training
situations with the module named in the scenario (the scenario format takes the rules modules, so a question
about a Festival battle is set up like any other)."""

from __future__ import annotations

import pytest
from festival_games import of, whole_game
from test_rules_combat import ENTRANCE, Fight, hits, one

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.actions.hire_monster import hire_cost, hire_variants
from domain.games.dungeon_lords.commands import AddTrainedImp, PayWage, PlanBattle, Produce, ReleaseMonster
from domain.games.dungeon_lords.phases import event_phase
from domain.games.dungeon_lords.phases.combat import legal_targets, line
from domain.games.dungeon_lords.phases.common import catalog, free_imps
from domain.games.dungeon_lords.phases.production import produce_events, produce_options
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.games.dungeon_lords.scoring import score
from domain.games.dungeon_lords.state import Cell, Handling, Monster
from domain.kernel import RuleViolation

NEW = ["five_seasons", "new_components"]
Y1_FIVE = ["graffiti", "fireball", "detect_treasure", "fist_of_justice", "detect_evil"]  # no fast spell
Y2_FIVE = ["create_food", "aura_of_fear", "blind_rage", "magic_key", "illusion"]  # create food: fast


def fight(party, modules=NEW, cards=None, year=1, **kw) -> Fight:
    sc = one(party, cards=cards or (Y1_FIVE if year == 1 else Y2_FIVE), year=year, **kw)
    sc["modules"] = list(modules)
    return Fight(sc)


def new_game(players: int = 4, seed: int = 1, modules=NEW):
    _, state = GAME.new_game([f"P{k}" for k in range(players)], seed=seed, variant="full", modules=list(modules))
    return state


@pytest.mark.spec("SU-08", "YR-09")
def test_SU_08_YR_09_the_new_monsters_fill_fifteen_a_year_three_for_each_of_five_rounds():
    state = new_game()
    b, cat = state.board, catalog(state)
    assert {y: len(stack) for y, stack in b.monster_stack.items()} == {"1": 15, "2": 15}
    assert len(b.room_stack["2"]) == 10  # the Violet Lounge and the Hall of Chaos: 2 rooms for each round
    assert {"bakery", "violet_lounge", "hall_of_chaos"} <= set(cat.rooms)
    new = ("cockatrice", "evil_eye", "elderbeast")
    assert all(m.status == "provisional" for m in cat.monsters.values() if m.kind in new)
    events, _ = whole_game(4, 3, tuple(NEW))
    for year in (1, 2):
        revealed = [e for e in of(events, ev.MonstersRevealed) if e.tiles and f"_y{year}" in e.tiles[0]]
        assert [len(e.tiles) for e in revealed] == [3] * 5  # YR-09: 3 monsters in each of the 5 rounds


@pytest.mark.spec("NC-M1")
def test_NC_M1_the_cockatrice_is_hired_for_food_or_for_evil_at_the_owners_choice():
    state = new_game()
    red = state.player("red")
    state.board.monster_offer = ["cockatrice_y1#1"]
    assert [alt for *_, alt in hire_variants(state, red, ["cockatrice_y1#1"])] == [False, True]
    assert hire_cost(state, red, "cockatrice_y1#1", {}, None, None) == {"food": 1}
    assert hire_cost(state, red, "cockatrice_y1#1", {}, None, None, pay_or=True) == {"evil": 1}
    red.food = 0
    assert hire_cost(state, red, "cockatrice_y1#1", {}, None, None, pay_or=True) == {"evil": 1}
    with pytest.raises(RuleViolation) as info:
        hire_cost(state, red, "cockatrice_y1#1", {}, None, None)
    assert info.value.code == "CANNOT_PAY_FOOD"
    with pytest.raises(RuleViolation) as info:
        hire_cost(state, red, "goblin_y1#1", {}, None, None, pay_or=True)
    assert info.value.code == "NO_OTHER_COST"


@pytest.mark.spec("NC-M1", "NC-M3")
def test_T_42_pay_day_the_cockatrice_either_cost_the_elderbeast_needs_an_available_imp_or_leaves():
    state = new_game()
    state.year, state.phase = 2, "event"
    red = state.player("red")
    red.monsters = [Monster("cockatrice_y2#1"), Monster("elderbeast_y2#1")]
    red.food, red.evil, red.imps, red.imps_busy = 3, 5, 3, 3  # every imp worked this round
    state.queue, state.awaiting = ["red"], Handling(kind="payday", color="red")
    options = event_phase._payday(state, red).options("red")
    wages = {(c.monster, c.pay_or) for c in options if isinstance(c, PayWage)}
    assert wages == {("cockatrice_y2#1", False), ("cockatrice_y2#1", True)}  # food or Evil
    assert ReleaseMonster(player="red", monster="elderbeast_y2#1") in options  # it cannot be paid: it leaves
    with pytest.raises(RuleViolation) as info:
        event_phase.wage_event(state, red, "elderbeast_y2#1", None, None)
    assert info.value.code == "NOT_ENOUGH_IMPS"
    red.imps_busy = 2  # one fresh imp: it goes back to the bank with the wage
    paid = event_phase.wage_event(state, red, "elderbeast_y2#1", None, None)
    assert paid.paid == {"food": 1, "evil": 1, "imps": 1}
    after = GAME.rules.evolve(GAME.rules.clone(state), paid)
    assert after.player("red").imps == 2


@pytest.mark.spec("NC-M1", "CB-08")
def test_NC_M1_the_bite_and_the_poison_at_the_end_of_the_round_even_after_courage():
    f = fight(["warrior_y1_d", "thief_y1_c"], monsters=["cockatrice_y1"])
    f.plan(monsters=["cockatrice_y1#1"])
    events = f.attack("cockatrice_y1#1", targets=["thief_y1_c"])
    assert [(h[0], h[1]) for h in hits(events, source="monster")] == [("thief_y1_c", 1)]
    poison = hits(events, source="poison")
    assert poison == [("thief_y1_c", 1, 0, "")]
    assert events.index(of(events, ev.TileConquered)[0]) < index_of_poison(events)  # End of Battle, last
    g = fight(["warrior_y1_d", "bard_y1_b"], modules=[*NEW, "bards"], monsters=["cockatrice_y1"])
    g.plan(monsters=["cockatrice_y1#1"])  # the bard gives each a Courage token
    events = g.attack("cockatrice_y1#1", targets=["bard_y1_b"])
    assert hits(events, source="monster") == [("bard_y1_b", 0, 1, "courage_token")]
    assert hits(events, source="poison") == [("bard_y1_b", 1, 0, "")]  # the poison falls anyway (U-48)


def index_of_poison(events) -> int:
    return next(i for i, e in enumerate(events) if isinstance(e, ev.DamageDealt) and e.source == "poison")


@pytest.mark.spec("NC-M2", "CB-08")
def test_T_40_the_evil_eye_brings_the_priest_to_the_front_the_ghost_hits_the_paladin_then_all_step_back():
    # T-40: "Evil Eye hypnotizes the priest behind a paladin; a ghost is also sent: the priest goes to the
    # front and takes 3; the ghost may hit the paladin; afterwards the paladin is in front again and the
    # priest first of the rest."
    f = fight(["warrior_y1_d", "priest_y1_d"], paladin_damage=0, monsters=["evil_eye_y1", "ghost_y1"])
    f.plan(monsters=["evil_eye_y1#1", "ghost_y1#1"])  # a tunnel: one monster and any number of ghosts
    events = f.attack("evil_eye_y1#1", targets=["priest_y1_d"])
    assert hits(events, source="monster") == [("priest_y1_d", 3, 0, "")]
    assert line(f.state, f.p())[:2] == ["priest_y1_d", "paladin_y1"]
    assert "paladin_y1" in legal_targets(f.state, f.p(), "ghost_y1#1", "A")  # no longer first
    events = f.attack("ghost_y1#1", targets=["paladin_y1"])
    assert hits(events, source="monster") == [("paladin_y1", 2, 0, "")]
    assert f.p().party == ["priest_y1_d", "warrior_y1_d"]  # first of the rest for the rest of Combat
    assert line(f.state, f.p())[:2] == ["paladin_y1", "priest_y1_d"]


@pytest.mark.spec("NC-M3", "CB-08")
def test_T_41_the_elderbeast_skips_the_fast_spell_and_hits_three_then_one_on_everyone():
    # T-41: "Elderbeast sent; the card is a fast spell and the party has the magic: no fast spell; the
    # party takes 3 on the first adventurer, then 1 on all."
    f = fight(["warrior_y2_d", "wizard_y2_c", "thief_y2_a"], year=2, monsters=["elderbeast_y2"])
    events = f.plan(monsters=["elderbeast_y2#1"])
    (skipped,) = [e for e in of(events, ev.SpellNotCast) if e.step == "fast"]
    assert skipped.card == "create_food" and "Elderbeast" in skipped.reason
    events = f.attack("elderbeast_y2#1")
    assert [(h[0], h[1]) for h in hits(events, source="monster")] == [
        ("warrior_y2_d", 3),
        ("warrior_y2_d", 1),
        ("wizard_y2_c", 1),
        ("thief_y2_a", 1),
    ]
    g = fight(["warrior_y2_d", "wizard_y2_c"], year=2, monsters=["troll_y2"])
    assert of(g.plan(monsters=["troll_y2#1"]), ev.SpellCast)[0].card == "create_food"  # without it: cast


@pytest.mark.spec("NC-R1")
def test_NC_R1_the_bakery_gives_food_or_one_evil_less_at_each_use():
    state = new_game()
    red = state.player("red")
    red.dungeon[0][1] = Cell(kind="room", room="bakery")
    red.dungeon[1][1] = Cell(kind="tunnel")
    red.food, red.evil, red.imps = 0, 6, 3
    options = [c for c in produce_options(state, red) if tuple(c.square) == (0, 1)]
    assert sorted(str(c.output) for c in options) == ["None", "reputation"]
    food = produce_events(state, red, Produce(player="red", square=(0, 1)))
    evil = produce_events(state, red, Produce(player="red", square=(0, 1), output="reputation"))
    assert (food[0].output, evil[0].output) == ("food", "reputation")
    assert GAME.rules.evolve(GAME.rules.clone(state), evil[0]).player("red").evil == 5
    with pytest.raises(RuleViolation) as info:
        produce_events(state, red, Produce(player="red", square=(0, 1), output="gold"))
    assert info.value.code == "PRODUCE_OUTPUT"


@pytest.mark.spec("NC-R3")
def test_NC_R3_the_violet_lounge_scores_two_per_elderbeast_one_per_cockatrice_and_evil_eye():
    state = new_game()
    red = state.player("red")
    red.dungeon[1][1] = Cell(kind="room", room="violet_lounge")
    red.monsters = [Monster(m) for m in ("elderbeast_y2#1", "cockatrice_y1#1", "evil_eye_y1#1", "troll_y1#1")]
    assert score(state)[0].lines["room_bonus"] == 2 + 1 + 1
    red.dungeon[1][1].conquered = True
    assert score(state)[0].lines["room_bonus"] == 0


@pytest.mark.spec("NC-R4")
def test_NC_R4_the_hall_of_chaos_takes_a_disarm_a_heal_and_a_magic_and_adds_a_fatigue():
    dungeon, rooms = ["..#..", "..R..", "..#..", "....."], {"1,2": "hall_of_chaos"}
    party = ["thief_y2_a", "priest_y2_a"]  # 2 disarm, 2 heal; the rolling stone: 4 to the first
    f = fight(party, year=2, traps=["rolling_stone"], monsters=["ghost_y2"], dungeon=dungeon, rooms=rooms)
    f.p().dungeon[0][2].conquered = True  # the position: the battle is in the Hall
    f.do(PlanBattle(player="red", tile=(1, 2), traps=["rolling_stone#1"], monsters=["ghost_y2#1"]))
    g = fight(party, year=2, traps=["rolling_stone"], monsters=["ghost_y2"])
    g.do(PlanBattle(player="red", tile=ENTRANCE, traps=["rolling_stone#1"], monsters=["ghost_y2#1"]))
    printed = catalog(f.state).combat_cards["create_food"].fatigue
    results = []
    for battle in (f, g):
        events = battle.attack("ghost_y2#1", targets=["priest_y2_a"])  # 2 on the priest: the party heals
        trap = [e for e in battle.log if isinstance(e, ev.DamageDealt) and e.source.startswith("trap")]
        healed = sum(sum(e.healed.values()) for e in of(events, ev.PartyHealed))
        results.append((sum(e.prevented for e in trap), healed, len(hits(events, source="fatigue"))))
    hall, tunnel = results
    assert tunnel[0] == 2 and hall[0] == 1  # the thief's 2 disarm, 1 in the Hall
    assert tunnel[1] == 2 and hall[1] == 1  # the priest's 2 heal, 1 in the Hall
    assert tunnel[2] == printed and hall[2] == printed + 1  # +1 fatigue, an addition


@pytest.mark.spec("VA-01")
def test_VA_01_four_seasons_the_base_year_with_the_new_components_and_bards():
    assert set(RULESETS["four_seasons"]) == {"new_components", "bards"}
    events, final = whole_game(3, 4, RULESETS["four_seasons"])
    assert max(e.round for e in of(events, ev.CombatRoundBegan)) == 4  # the base Year: four of everything
    assert of(events, ev.BardStepTaken) and final.scores
    hired = {e.monster.split("#")[0].rsplit("_", 1)[0] for e in of(events, ev.MonsterHired)}
    revealed = {t.split("#")[0].rsplit("_", 1)[0] for e in of(events, ev.MonstersRevealed) for t in e.tiles}
    assert {"cockatrice", "evil_eye"} & revealed and hired
    # Mourning counts the captures of this Combat, never the 4th space the three adventurers leave empty
    f = fight(["warrior_y1_d", "priest_y1_c", "bard_y1_b"], modules=RULESETS["four_seasons"], cards=Y1_FIVE[:4])
    (step,) = of(f.plan(), ev.BardStepTaken)
    assert step.tokens == {"warrior_y1_d": 1, "priest_y1_c": 1}


# --- the imp Training Room (NC-R2, SC-07) ------------------------------------------------------------
def training_game(year: int = 1):
    state = new_game()
    state.year, state.phase = year, "production"
    red = state.player("red")
    red.dungeon[0][0] = Cell(kind="room", room="imp_training_room")  # the edge of the dungeon
    red.dungeon[0][1] = Cell(kind="tunnel")
    red.imps, red.imps_busy = 4, 1
    return state, red


def apply(state, events):
    for e in events:
        state = GAME.rules.evolve(state, e)
    return state


@pytest.mark.spec("NC-R2")
def test_NC_R2_one_available_imp_goes_in_or_out_each_production_two_in_the_second_year():
    state, red = training_game()
    assert catalog(state).rooms["training_room"].category == "combat"  # the base game's keeps its id
    options = {(c.output, c.count) for c in produce_options(state, red) if tuple(c.square) == (0, 0)}
    assert options == {("in", 1)}  # Year 1: one imp; none trained yet to take out
    sent = produce_events(state, red, Produce(player="red", square=(0, 0), output="in"))
    assert (sent[0].trained, sent[0].imps, sent[0].trolls) == (1, 0, 0)  # no Troll Token works here
    with pytest.raises(RuleViolation) as info:
        produce_events(state, red, Produce(player="red", square=(0, 0), output="in", count=2))
    assert info.value.code == "TRAINING_INVALID"
    state = apply(state, sent)
    red = state.player("red")
    assert (red.imps, red.trained) == (4, 1) and free_imps(red) == 2
    with pytest.raises(RuleViolation) as info:  # once each Production Phase, never in and out
        produce_events(state, red, Produce(player="red", square=(0, 0), output="out"))
    assert info.value.code == "PRODUCE_ROOM_USED"
    state = apply(state, [ev.RoundEnded(season="winter", starting_player="blue")])
    red = state.player("red")
    assert (red.trained, red.imps_busy) == (1, 0) and free_imps(red) == 3  # it stays in the room
    state.year = 2
    options = {(c.output, c.count) for c in produce_options(state, red) if tuple(c.square) == (0, 0)}
    assert options == {("in", 1), ("in", 2), ("out", 1)}
    state = apply(state, produce_events(state, red, Produce(player="red", square=(0, 0), output="out")))
    assert free_imps(state.player("red")) == 4  # available at once


@pytest.mark.spec("NC-R2")
def test_NC_R2_a_trained_imp_adds_one_fatigue_and_the_room_conquered_frees_them():
    f = fight(["warrior_y1_d", "thief_y1_c"])
    f.p().trained, f.p().imps = 2, 4
    events = f.plan()
    assert f.pending.kind == "add_trained_imp" and not of(events, ev.TileConquered)
    events = f.do(AddTrainedImp(player="red", add=True))
    printed = catalog(f.state).combat_cards["graffiti"].fatigue
    assert len(hits(events, source="fatigue")) == printed + 1
    assert (f.p().trained, f.p().imps) == (1, 4)  # back in the Imp Den, still owned
    dungeon, rooms = [".R#..", "..#..", "..#..", "....."], {"0,1": "imp_training_room"}  # at the edge
    g = fight(["warrior_y1_d", "thief_y1_c"], dungeon=dungeon, rooms=rooms)
    g.p().trained, g.p().imps = 2, 4
    g.p().dungeon[0][2].conquered = True
    g.do(PlanBattle(player="red", tile=(0, 1)))
    events = g.do(AddTrainedImp(player="red", add=False))
    assert of(events, ev.TileConquered) and g.p().trained == 0  # its imps go back to the Imp Den at once


@pytest.mark.spec("SC-07")
def test_SC_07_trained_imps_count_for_the_lord_of_imps_and_are_lost_last():
    state, red = training_game()
    red.imps_busy, red.trained = 0, 3
    for p in state.players:
        if p.color != "red":
            p.imps = 4
    red.imps = 5
    assert "imps" in score(state)[0].titles
    state = apply(state, [ev.SpecialEventApplied(color="red", card="x", effect={"imps": -1})])
    assert (state.player("red").imps, state.player("red").trained) == (4, 3)  # the Imp Den's imp first


@pytest.mark.spec("NC-M1")
def test_U_48_a_dart_and_a_bite_on_one_adventurer_poison_him_once_and_the_bite_is_lost_when_he_is_gone():
    f = fight(["warrior_y1_d", "wizard_y1_a"], traps=["poisoned_dart"], monsters=["cockatrice_y1"])  # 3 hp
    f.plan(traps=["poisoned_dart#1"], monsters=["cockatrice_y1#1"])
    f.aim("wizard_y1_a")  # 1, and 2 more at the end of the round
    events = f.attack("cockatrice_y1#1", targets=["wizard_y1_a"])  # 1, and 1 more at the end of the round
    assert hits(events, target="wizard_y1_a", source="poison") == [("wizard_y1_a", 2, 0, "")]  # 4 of 3: gone
    assert [e.adventurer for e in of(events, ev.AdventurerImprisoned)] == ["wizard_y1_a"]  # once
    assert f.p().prison == ["wizard_y1_a"]
