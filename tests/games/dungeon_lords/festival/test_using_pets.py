"""Using pets (Festival Season › Using Pets; spec PE-06..PE-08, CB-06 and the worked example T-37): a Combat pet
goes with a battle's plan, once per game; a pet is not a monster (no healing for it, spells on monsters skip
it) but Baby Golem is; Baby Golem and Stareplant fight on until the end of that Year's Combat; Bubl adds
fatigue; Building and Scoring pets follow the effect vocabulary a table's catalog file gives them.

Battles are Combat Training situations (``test_rules_combat``) with the pets module's catalog and the pets
put in red's Pet Box as the position. The named pets' effects are provisional (spec U-17): the tests check
the engine does what the catalog says and the rules the rulebook gives around them."""

from __future__ import annotations

import json
import re

import pytest
from clirun import run
from festival_games import of, whole_game
from test_rules_combat import ENTRANCE, SECOND, Fight, hits, one

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.audit import audit
from domain.games.dungeon_lords.commands import PlanBattle, UsePet
from domain.games.dungeon_lords.festival.pets import CATALOG
from domain.games.dungeon_lords.phases.common import catalog
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.games.dungeon_lords.scoring import score
from domain.kernel import RuleViolation, play_until_blocked

PETS = ["five_seasons", "pets"]
QUIET = ["graffiti", "fireball", "detect_treasure", "fist_of_justice"]  # no wizard: no spell; graffiti 2 fatigue
SUGGESTION = ["suggestion", "fireball", "detect_treasure", "fist_of_justice"]  # fast, on the monsters


def pet_fight(party: list[str], pets: list[str], cards=None, overrides=None, **kw) -> Fight:
    """A training battle for red, with the pets module's catalog and ``pets`` face down in red's Pet Box."""
    f = Fight(one(party, cards=cards, **kw))
    _, festive = GAME.new_game(["A", "B"], seed=1, variant="full", modules=PETS, catalog_overrides=overrides)
    f.state.catalog_hash, f.state.modules = festive.catalog_hash, list(festive.modules)
    f.p().pets = list(pets)
    return f


def plan(f: Fight, monsters=(), pets=(), tile=ENTRANCE) -> list:
    return f.do(PlanBattle(player="red", tile=tile, monsters=list(monsters), pets=list(pets)))


@pytest.mark.spec("PE-06", "PE-07", "CB-06")
def test_PE_06_07_a_combat_pet_goes_with_the_plan_hits_and_is_used_up_and_no_priest_heals_for_it():
    f = pet_fight(["warrior_y1_d", "priest_y1_b"], ["ghosty", "pet_01"])
    refusal = f.refused(PlanBattle(player="red", tile=ENTRANCE, pets=["pet_01"]), "PET_NOT_USABLE")
    assert "Using Pets" in refusal.rule  # a stand-in has no effect: nothing to use
    events = plan(f, pets=["ghosty"])
    assert of(events, ev.BattlePlanned)[0].pets == ["ghosty"]  # announced and revealed with the plan
    assert f.p().pets == ["pet_01"] and f.p().pets_used == ["ghosty"]
    events = f.attack("ghosty", targets=["priest_y1_b"])
    assert hits(events, source="monster") == [("priest_y1_b", 2, 0, "")]
    assert of(events, ev.MonsterAttacked)[0].attacked is False  # PE-07: not sending a monster or ghost
    assert of(events, ev.HealingSkipped)  # CB-06: the priest does not heal for a pet
    assert not of(events, ev.PartyHealed)


@pytest.mark.spec("PE-06")
def test_PE_06_each_pet_is_used_once_per_game():
    f = pet_fight(["warrior_y1_d", "thief_y1_c"], ["ghosty"])
    plan(f, pets=["ghosty"])
    f.attack("ghosty", targets=["thief_y1_c"])
    assert f.pending.kind == "plan_battle" and f.state.combat_round == 2
    f.refused(PlanBattle(player="red", tile=SECOND, pets=["ghosty"]), "PET_NOT_USABLE")
    assert all(not c.pets for c in GAME.engine.pending(f.state).options("red"))


@pytest.mark.spec("PE-08", "CB-06")
def test_T_37_baby_golem_alone_the_party_heals_spells_affect_it_it_counts_toward_the_limit():
    # T-37: "Baby Golem sent with no other monster; party has a priest: the party heals; spells affect it;
    # counts toward the limit; cannot feed a demon."
    f = pet_fight(["warrior_y1_d", "priest_y1_b"], ["baby_golem"], monsters=["goblin_y1"])
    f.refused(
        PlanBattle(player="red", tile=ENTRANCE, monsters=["goblin_y1#1"], pets=["baby_golem"]), "TOO_MANY_MONSTERS"
    )
    plan(f, pets=["baby_golem"])
    events = f.attack("baby_golem")
    assert hits(events, source="monster") == [("warrior_y1_d", 2, 0, "")]  # provisional: a standard 2
    assert of(events, ev.MonsterAttacked)[0].attacked is True
    assert of(events, ev.PartyHealed)  # the priest heals for it
    assert "baby_golem" not in [m.id for m in f.p().monsters]  # never in the Monster Lair: no demon's food

    g = pet_fight(["warrior_y1_d", "wizard_y1_b"], ["baby_golem", "ghosty"], cards=SUGGESTION)
    plan(g, pets=["baby_golem"])
    assert g.state.battle.choice["todo"] == ["baby_golem"]  # Suggestion acts on it, as on a monster
    h = pet_fight(["warrior_y1_d", "wizard_y1_b"], ["ghosty"], cards=SUGGESTION)
    plan(h, pets=["ghosty"])
    assert h.state.battle.choice is None  # ... and not on Ghosty (PE-07: "not even Ghosty")


@pytest.mark.spec("PE-08")
def test_PE_08_baby_golem_sent_with_a_golem_does_not_count_toward_the_limit():
    f = pet_fight(["warrior_y2_d", "priest_y2_b"], ["baby_golem"], year=2, monsters=["golem_y2"])
    events = plan(f, monsters=["golem_y2#1"], pets=["baby_golem"])  # a tunnel takes 1 monster: the golem
    assert of(events, ev.BattlePlanned)[0].pets == ["baby_golem"]


@pytest.mark.spec("PE-06")
def test_PE_06_baby_golem_fights_on_until_the_end_of_that_years_combat():
    f = pet_fight(["warrior_y1_d", "thief_y1_c", "priest_y1_a"], ["baby_golem"])
    plan(f, pets=["baby_golem"])
    f.attack("baby_golem")
    assert f.state.combat_round == 2 and f.p().pets_active == ["baby_golem"]
    assert any(c.pets == ["baby_golem"] for c in GAME.engine.pending(f.state).options("red"))
    plan(f, pets=["baby_golem"], tile=SECOND)  # again in round 2
    f.attack("baby_golem")
    assert f.p().pets == [] and f.p().pets_used == ["baby_golem"]


@pytest.mark.spec("PE-06")
def test_PE_10_bubl_adds_one_fatigue_to_the_printed_two():
    f = pet_fight(["warrior_y1_d", "thief_y1_c"], ["bubl"])
    events = plan(f, pets=["bubl"])
    assert [h[0] for h in hits(events, source="fatigue")] == ["warrior_y1_d"] * 3  # graffiti's 2, and Bubl's 1
    g = pet_fight(["warrior_y1_d", "thief_y1_c"], [])
    assert len(hits(plan(g), source="fatigue")) == 2


# --- Building and Scoring pets, from a table's catalog file ---------------------------------------------
KNOWN = {"status": "verified", "sources": ["the table's own Pet Card"]}
FEED = {"id": "pet_01", "name": "Feed Bag", "timing": "building", "gain": {"food": 2, "evil": -1}, **KNOWN}
SHOW = {"id": "pet_02", "name": "Show Poodle", "timing": "scoring", "points": 3, **KNOWN}


def table_game():
    """A game with the table's own pets in red's Pet Box, as the bots reach the first Orders Phase."""
    overrides = {"pets": [FEED, SHOW]}
    _, state = GAME.new_game(["A", "B"], seed=2, variant="full", modules=PETS, catalog_overrides=overrides)
    bots = dict.fromkeys(GAME.seats(state), GAME.bots["random"])
    while state.phase != "orders":
        _, state, _ = play_until_blocked(GAME.engine, state, bots, seed=2, max_commands=1)
    state.player("red").pets = ["pet_01", "pet_02", "pet_03"]
    state.player("red").evil = 5
    return state


@pytest.mark.spec("PE-06")
def test_PE_06_a_building_pet_is_used_at_any_moment_of_building_once():
    state = table_game()
    waiting = GAME.engine.pending(state)  # the orders: whatever the game waits for, a pet can be used
    food = state.player("red").food
    events, after = GAME.engine.execute_pure(state, UsePet(player="red", card="pet_01"))
    assert of(events, ev.PetUsed)[0].gain == {"food": 2, "evil": -1}
    red = after.player("red")
    assert red.food == food + 2 and red.evil == 4 and red.pets == ["pet_02", "pet_03"]
    still = GAME.engine.pending(after)  # the game still waits for the same input
    assert (still.kind, still.actors) == (waiting.kind, waiting.actors)
    for card, why in (("pet_01", "not face down"), ("pet_02", "at the pet show"), ("pet_03", "no effect")):
        with pytest.raises(RuleViolation) as info:
            GAME.engine.execute_pure(after, UsePet(player="red", card=card))
        assert info.value.code == "PET_NOT_USABLE" and why in info.value.message
    after.phase = "combat"
    after.player("red").pets.append("pet_01")
    with pytest.raises(RuleViolation, match="during Building"):
        GAME.engine.execute_pure(after, UsePet(player="red", card="pet_01"))


@pytest.mark.spec("PE-09", "PE-06")
def test_PE_09_a_scoring_pet_scores_its_points_unused_pets_one_used_pets_nothing():
    state = table_game()
    _, state = GAME.engine.execute_pure(state, UsePet(player="red", card="pet_01"))
    assert score(state)[0].lines["pets"] == 3 + 1  # the poodle's 3, the stand-in's 1, the used bag's 0
    assert catalog(state).pets["pet_02"].name == "Show Poodle"


def test_a_pet_effect_that_does_not_fit_its_timing_is_refused_at_set_up():
    with pytest.raises(RuleViolation) as info:
        GAME.new_game(
            ["A", "B"],
            seed=2,
            modules=PETS,
            catalog_overrides={"pets": [{"id": "pet_01", "name": "Pup", "points": 2, **KNOWN}]},
        )
    assert info.value.code == "SETUP_INVALID" and "scoring" in info.value.message


def test_a_table_override_of_a_provisional_pet_changes_a_replayed_game_exactly_where_the_pet_acts():
    events, _ = whole_game(3, 1, RULESETS["festival"])  # a game in which the Stareplant attacks
    plant = next(p for p in CATALOG["pets"] if p["id"] == "stareplant")
    harder = {**plant, "attacks": [{**plant["attacks"][0], "damage": 2}], "status": "verified"}
    assert audit(events).clean
    report = audit(events, catalog_overrides={"pets": [harder]})
    first = report.findings[0]
    bite = next(i for i, e in enumerate(events) if isinstance(e, ev.DamageDealt) and e.source == "monster:stareplant")
    assert first.event == bite + 1  # the first event the rules now give otherwise: the Stareplant's damage
    assert "audited under another" in report.catalog


def test_every_provisional_value_of_the_expansion_names_the_spec_item_it_comes_from():
    rows = json.loads(run("catalog", "--ruleset", "festival", "--provisional", "--json").output)
    base = {r["id"] for r in json.loads(run("catalog", "--provisional", "--json").output)}
    added = [r for r in rows if r["id"] not in base]
    kinds = {r["kind"] for r in added}
    assert {"pet", "monster", "room", "adventurer", "paladin", "opportunity"} <= kinds
    assert all(re.search(r"U-\d+", r["notes"]) for r in added), [r["id"] for r in added if "U-" not in r["notes"]]
