"""Festival Season's ``bards`` module (spec AD-01..AD-08, CB-02, CB-03, CB-07 and the worked examples T-05, T-38,
T-39): where a bard stands, the Bard Step's Courage tokens, Mourning, Courage cancelling damage counters and
its removal before the Conquering Step. Battles are Combat Training situations (``test_rules_combat``) played
with the module's catalog, the bards put in the party as the position."""

from __future__ import annotations

import pytest
from clirun import run
from festival_games import of, whole_game
from test_rules_combat import Fight, hits, one

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.phases import adventurers
from domain.games.dungeon_lords.phases.common import catalog, season_name
from domain.games.dungeon_lords.phases.settle import evolve_stored as evolve  # hand-made events: settled as stored ones
from domain.games.dungeon_lords.state import Paladin

BARDS = ["five_seasons", "bards"]
CARDS = ["graffiti", "invisibility", "fireball", "detect_treasure"]  # graffiti: 2 fatigue, no spell


def bards_game(players: int = 3):
    _, state = GAME.new_game([f"P{k}" for k in range(players)], seed=5, variant="full", modules=BARDS)
    return state


def fight(party: list[str], cards=CARDS, **kw) -> Fight:
    """A training battle for red with ``party`` (bards allowed) and the module's catalog."""
    f = Fight(one(["warrior_y1_d"], cards=cards, **kw))
    festive = bards_game()
    f.state.catalog_hash, f.state.modules = festive.catalog_hash, list(festive.modules)
    f.p().party = list(party)
    return f


@pytest.mark.spec("AD-01", "AD-02", "AD-04")
def test_AD_02_bards_come_in_the_stacks_and_play_whole_games():
    state = bards_game()
    cat = catalog(state)
    bards = [a for a in cat.adventurers.values() if a.profession == "bard"]
    assert len(bards) == 8 and all(b.status == "provisional" and 1 <= b.lutes <= 3 for b in bards)
    assert sum(1 for t in state.board.adventurer_stack["1"] if t.startswith("bard_")) == 4
    events, final = whole_game(4, 2, tuple(BARDS))
    assert of(events, ev.BardStepTaken) and final.scores
    assert max(len(p.party) for p in final.players) <= 4  # four spaces (and the paladin's)


@pytest.mark.spec("AD-03")
def test_T_38_a_bard_takes_the_last_space_the_others_fill_ahead_a_warrior_goes_first():
    state = bards_game()
    state.phase, state.season = "adventurers", 1
    for p in state.players:
        p.evil = 9 if p.color != "red" else 1  # red is the nicest: he gets the weakest (the only) one
    for tile in ["bard_y1_a", "priest_y1_a", "bard_y1_b", "warrior_y1_a"]:
        state.board.incoming = {season_name(state): [tile]}
        (assigned,) = [e for e in adventurers.step(state) if isinstance(e, ev.AdventurerAssigned)]
        state = evolve(state, assigned)
    assert state.player("red").party == ["warrior_y1_a", "priest_y1_a", "bard_y1_a", "bard_y1_b"]


@pytest.mark.spec("AD-04", "AD-08", "CB-02")
def test_AD_04_each_bard_gives_tokens_front_to_back_from_the_front_again_skipping_the_paladin():
    f = fight(["warrior_y1_d", "priest_y1_c", "bard_y1_b", "bard_y1_a"])  # lutes 2 and 1
    f.state.paladins = [Paladin(id="paladin_y1", holder="red")]
    f.p().evil = 10
    events = f.plan()
    (step,) = of(events, ev.BardStepTaken)
    assert step.tokens == {"warrior_y1_d": 2, "priest_y1_c": 1}  # the paladin gets none
    assert events.index(step) < events.index(of(events, ev.SpellNotCast)[0])  # the Bard Step comes first


@pytest.mark.spec("AD-04")
def test_U_28_lutes_beyond_the_adventurers_are_lost():
    f = fight(["bard_y2_c"], year=2, cards=["create_food", "aura_of_fear", "blind_rage", "magic_key"])  # 3 lutes
    (step,) = of(f.plan(), ev.BardStepTaken)
    assert step.tokens == {"bard_y2_c": 1}  # she sings to herself; the other two lutes are lost


@pytest.mark.spec("AD-05", "AD-08")
def test_T_39_mourning_each_bard_has_a_lute_fewer_per_adventurer_captured_this_combat():
    f = fight(["warrior_y1_d", "priest_y1_c", "bard_y1_b", "bard_y1_d"])  # lutes 2 and 2
    f.p().mourning = 1  # one adventurer captured from this party earlier this Combat (paladins do not count)
    (step,) = of(f.plan(), ev.BardStepTaken)
    assert step.tokens == {"warrior_y1_d": 2}


@pytest.mark.spec("AD-05")
def test_AD_05_a_captured_adventurer_is_mourned_a_captured_paladin_is_not_and_combat_ends_it():
    state = bards_game()
    red = state.player("red")
    red.party = ["warrior_y1_a"]
    state = evolve(state, ev.AdventurerImprisoned(color="red", adventurer="warrior_y1_a"))
    assert state.player("red").mourning == 1
    state.paladins = [Paladin(id="paladin_y1", holder="red")]
    state = evolve(state, ev.AdventurerImprisoned(color="red", adventurer="paladin_y1"))
    assert state.player("red").mourning == 1
    state = evolve(state, ev.CombatEnded(year=1, departed={}))
    assert state.player("red").mourning == 0


@pytest.mark.spec("AD-06", "AD-07", "CB-03", "CB-07")
def test_T_05_courage_cancels_counters_then_is_removed_before_the_conquering_step():
    f = fight(["warrior_y1_d", "bard_y1_b"], traps=["rolling_stone"])  # 2 lutes: a token each, front to back
    events = f.plan(traps=["rolling_stone#1"])
    assert of(events, ev.BardStepTaken)[0].tokens == {"warrior_y1_d": 1, "bard_y1_b": 1}
    assert hits(events, source="trap") == [("warrior_y1_d", 2, 1, "courage_token")]  # 3 damage, 1 cancelled
    assert [e.courage_used for e in of(events, ev.DamageDealt) if e.source.startswith("trap")] == [1]
    (removed,) = of(events, ev.CourageRemoved)  # the bard's own token was left: removed before conquering
    fatigue = hits(events, source="fatigue")
    assert fatigue and all(h[2] == 0 for h in fatigue)  # fatigue meets no courage
    assert events.index(removed) < events.index(of(events, ev.TileConquered)[0])


@pytest.mark.spec("AD-06", "AD-07")
def test_AD_07_tokens_left_are_removed_before_conquering_and_fatigue_hits_in_full():
    f = fight(["warrior_y1_d", "priest_y1_c", "bard_y1_b"])  # 2 tokens: warrior and priest, no trap, no monster
    events = f.plan()
    (removed,) = of(events, ev.CourageRemoved)
    fatigue = hits(events, source="fatigue")
    assert fatigue and all(prevented == 0 for _, _, prevented, _ in fatigue)  # graffiti's 2 in full
    assert events.index(removed) < events.index(of(events, ev.DamageDealt)[0])


def test_the_whole_expansion_is_playable_with_new_ruleset_festival(tmp_path):
    store = str(tmp_path / "games.sqlite")
    game = run("new", "--store", store, "--players", "4", "--variant", "full", "--seed", "3", "--ruleset", "festival")
    gid = game.output.strip().splitlines()[-1]
    shown = run("status", gid, "--json", "--store", store).output
    for module in ("five_seasons", "unique_opportunities", "festival", "pets", "bards", "paladin_pair"):
        assert f'"{module}"' in shown
