"""Festival Season's Combat as a whole (spec CB-01, CB-04, CB-09, CB-10) and the components whose texts the
rulebook never printed (NC-A1, NC-C1..NC-C3): five Combat rounds, the Trap Step's order with an installed
trap, disarm and Courage, releasing prisoners, the paladins moving during Combat, and the catalog's defaults
for the unknown cards."""

from __future__ import annotations

import json

import pytest
from clirun import run
from festival_games import of, whole_game
from test_rules_combat import ENTRANCE, Fight, hits, one, player

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.audit import explain
from domain.games.dungeon_lords.catalog import base_catalog
from domain.games.dungeon_lords.commands import OrderTraps, PlanBattle, ReleasePrisoner
from domain.games.dungeon_lords.phases.common import catalog
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.games.dungeon_lords.state import Cell

FIVE = ["graffiti", "fireball", "detect_treasure", "fist_of_justice", "detect_evil"]  # detect_evil: slow


def fight(party, modules=("five_seasons",), cards=FIVE, **kw) -> Fight:
    sc = one(party, cards=cards, **kw)
    sc["modules"] = list(modules)
    return Fight(sc)


@pytest.mark.spec("CB-01")
def test_CB_01_five_combat_rounds_five_cards_and_round_five_needs_five_magic():
    events, _ = whole_game(3, 6, RULESETS["festival"])
    for year in (1, 2):
        rounds = [e.round for e in of(events, ev.CombatRoundBegan) if e.year == year]
        assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) <= 5
    assert max(e.round for e in of(events, ev.CombatRoundBegan)) == 5  # a party lasted the five
    assert all(len(e.cards) == 5 for e in of(events, ev.CombatCardsDealt))
    # round 5: a party with 4 magic (two wizards of 2) cannot cast, round 4 it can
    for rnd, cast in ((5, False), (4, True)):
        f = fight(["wizard_y1_b", "wizard_y1_d"], round=rnd)  # round 4: Fist of Justice, 5: Detect Evil (slow)
        planned = f.plan()
        slow = [e for e in of(planned, ev.SpellNotCast) if e.step == "slow"]
        assert bool(of(planned, ev.SpellCast)) is cast
        if not cast:
            assert "round 5 needs 5" in slow[0].reason


@pytest.mark.spec("CB-04")
def test_CB_04_the_installed_trap_goes_off_the_owner_orders_disarm_first_then_courage():
    f = fight(["thief_y1_c", "bard_y1_b"], modules=("five_seasons", "bards"), traps=["pendulum"])
    f.p().installed = {"0,2": "rolling_stone#9"}  # it must go off: no plan leaves it out
    planned = f.plan(traps=["pendulum#1"])
    assert of(planned, ev.BattleBegan)[0].installed == ["rolling_stone#9"]
    assert of(planned, ev.BardStepTaken)[0].tokens == {"thief_y1_c": 1, "bard_y1_b": 1}
    assert f.pending.kind == "labyrinth_order"  # the owner orders them
    events = f.do(OrderTraps(player="red", first="rolling_stone#9"))
    # the installed Rolling Stone first (3 to the thief), then the Pendulum (3 to the second in line)
    assert [(e.trap, e.disarm_used) for e in of(events, ev.TrapSprung)] == [("rolling_stone#9", 1), ("pendulum#1", 0)]
    # the thief's 1 disarm goes first (shared: none left for the Pendulum); Courage then takes one counter each
    assert hits(events, source="trap") == [("thief_y1_c", 1, 2, "disarm"), ("bard_y1_b", 2, 1, "courage_token")]
    assert [e.courage_used for e in of(events, ev.DamageDealt)][:2] == [1, 1]


@pytest.mark.spec("CB-09")
def test_CB_09_with_no_tile_left_a_prisoner_is_released_up_to_five_times_but_a_rented_combat_room_is_a_tile():
    dungeon = ["..x..", "..x..", "..x..", "....."]  # every tile conquered
    prisoners = ["warrior_y1_a", "thief_y1_a", "priest_y1_a", "wizard_y1_a", "warrior_y1_b"]
    f = fight(["warrior_y1_d"], dungeon=dungeon, prison=prisoners)
    for rnd in range(1, 6):
        assert f.state.combat_round == rnd and f.pending.kind == "plan_battle"
        f.refused(PlanBattle(player="red", tile=ENTRANCE), "NO_TILE_LEFT")
        f.do(ReleasePrisoner(player="red", prisoner=f.p().prison[0]))
    assert f.p().prison == [] and f.pending.kind == "game_over"  # five releases, five rounds
    g = fight(["warrior_y1_d"], dungeon=dungeon, prison=prisoners[:1])
    g.p().rented = [Cell(kind="room", room="dark_room")]  # provisional U-35: a battle option
    g.refused(ReleasePrisoner(player="red", prisoner=prisoners[0]), "PRISONER_NOT_NEEDED")


@pytest.mark.spec("CB-10")
def test_CB_10_conquering_lowers_evil_and_the_paladins_move_during_combat():
    events, _ = whole_game(4, 5, RULESETS["festival"])  # a game in which a paladin moves during a Combat
    in_combat, moved = False, []
    for e in events:
        in_combat = isinstance(e, ev.CombatRoundBegan) or (in_combat and not isinstance(e, ev.CombatEnded))
        if in_combat and isinstance(e, ev.PaladinMoved):
            moved.append(e)
    assert moved
    for i, e in enumerate(events):
        if isinstance(e, ev.TileConquered):
            assert isinstance(events[i + 1], ev.EvilometerMoved) and events[i + 1].steps == -1


@pytest.mark.spec("NC-A1")
def test_NC_A1_the_bards_and_the_elf_and_dwarf_paladins_are_catalog_tiles():
    _, state = GAME.new_game(["A", "B", "C"], seed=1, variant="full", modules=list(RULESETS["festival"]))
    cat = catalog(state)
    bards = [a for a in cat.adventurers.values() if a.profession == "bard"]
    assert sorted((b.year, b.id) for b in bards) == sorted((y, f"bard_y{y}_{x}") for y in (1, 2) for x in "abcd")
    pair = {p.id for p in cat.paladins.values()} - set(base_catalog().paladins)
    assert len(pair) == 4 and all(cat.paladins[p].status == "provisional" for p in pair)  # elf, dwarf x 2 Years


@pytest.mark.spec("NC-C1", "NC-C2", "NC-C3")
def test_NC_C1_C3_no_new_trap_combat_or_event_card_is_invented_the_base_decks_serve():
    # spec U-19..U-22: the new cards' names, counts and texts were never printed; by default none is added
    # (no Monster Catapult stand-in), and Install Traps and five Combat rounds use the base decks
    _, state = GAME.new_game(["A", "B"], seed=1, variant="full", modules=list(RULESETS["festival"]))
    cat, base = catalog(state), base_catalog()
    assert set(cat.traps) == set(base.traps) and "monster_catapult" not in cat.traps
    assert set(cat.combat_cards) == set(base.combat_cards)
    assert set(cat.special_events) == set(base.special_events)
    assert all(len(cards) == 5 for cards in (state.board.combat_cards, state.board.next_combat_cards))


def test_explain_says_which_rule_stopped_which_damage_the_bard_step_and_the_installed_trap():
    party, installed = ["thief_y1_c", "bard_y1_b"], {"0,2": "rolling_stone"}  # the scenario's installed trap
    f = fight(party, modules=("five_seasons", "bards"), traps=["pendulum"], installed=installed)
    f.plan(traps=["pendulum#1"])
    f.do(OrderTraps(player="red", first="rolling_stone#1"))
    log = f.log

    def number(cls, **match) -> int:
        return 1 + next(
            i for i, e in enumerate(log) if isinstance(e, cls) and all(getattr(e, k) == v for k, v in match.items())
        )

    thief = explain(log, number(ev.DamageDealt, target="thief_y1_c"))
    assert "3 damage came from trap:rolling_stone#1; 1 went on" in thief
    assert "1 stopped by the party's disarm" in thief and "1 stopped by Courage tokens" in thief
    assert "Festival Season › Bards" in thief and "Trap Step" in thief
    assert "Mourning" in explain(log, number(ev.BardStepTaken))
    assert "installed on this tile" in explain(log, number(ev.TrapSprung, trap="rolling_stone#1"))
    assert "installed" not in explain(log, number(ev.TrapSprung, trap="pendulum#1"))


def test_a_festival_battle_set_up_from_a_scenario_file_and_its_combat_view(tmp_path):
    sc = one(
        ["warrior_y1_d", "priest_y1_c", "bard_y1_b"], cards=FIVE, traps=["pendulum"], installed={"0,2": "rolling_stone"}
    )
    sc["modules"] = ["five_seasons", "bards", "pets"]
    sc["players"][0]["pets"] = ["ghosty", "pet_03"]
    sc["players"].append(player("blue"))
    path = tmp_path / "festival-battle.json"
    path.write_text(json.dumps(sc))
    store = str(tmp_path / "s.sqlite")
    game = run("new", "--scenario", path, "--store", store).output.split()[-1]
    status = run("status", game, "--store", store).output
    assert "pets: ghosty, pet_03" in status and "installed traps: Rolling Stone at 0,2" in status
    assert "Battle" not in status  # planning: no battle yet
    run(
        "act",
        game,
        "--json",
        '{"type": "plan_battle", "player": "red", "tile": [0, 2], "pets": ["ghosty"]}',
        "--store",
        store,
    )
    status = run("status", game, "--store", store).output
    assert "Battle (Combat round 1)" in status and "Bard Step done" in status and "Courage" in status
    assert "used: ghosty" in status
    blue = run("status", game, "--as", "blue", "--store", store).output
    assert "pets: 1 face down   used: ghosty" in blue and "pet_03" not in blue  # red's Pet Box is secret
    refused = run("new", "--scenario", _bad(tmp_path, sc), "--store", store, ok=False)
    assert refused.exit_code != 0 and "unknown rules module" in refused.output


def _bad(tmp_path, sc) -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**sc, "modules": ["autumn"]}))
    return str(path)
