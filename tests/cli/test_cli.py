"""The dungeon-lords command, used the way a person at the table would (typer's CliRunner)."""

from __future__ import annotations

import json

import pytest
from clirun import run, runner_input


@pytest.fixture()
def store(tmp_path):
    return str(tmp_path / "games.sqlite")


def new_game(store, *extra):
    return run("new", "--store", store, *extra).output.strip().splitlines()[-1]


def test_new_status_options_and_log(store):
    game = new_game(store, "--players", "3", "--seed", "4")
    out = run("status", game, "--store", store).output
    assert "Year 1, winter - phase: orders" in out
    assert "non-player yellow" in out  # 3 players: one non-player colour
    assert "Choose 3 orders" in out
    log = run("log", game, "--store", store, "--json").output.splitlines()
    events = [json.loads(line) for line in log]
    assert events[0]["type"] == "GameStarted" and events[0]["n"] == 1
    assert any(e["type"] == "MonstersRevealed" for e in events)


def test_orders_then_pick_through_the_winter(store):
    game = new_game(store, "--players", "2", "--seed", "9")
    state = json.loads(run("status", game, "--store", store, "--json").output)
    for p in state["players"]:
        np_hand = next(n for n in state["nonplayers"] if n["controller"] == p["color"])
        third = [c for c in np_hand["deck"] if c not in np_hand["drawn"]][0]
        run("orders", game, p["color"], *p["hand"][:3], "--nonplayer", third, "--store", store)
    before = len(run("log", game, "--store", store, "--json").output.splitlines())
    run("act", game, "--pick", "1", "--store", store)
    after = len(run("log", game, "--store", store, "--json").output.splitlines())
    assert after > before  # an accepted input is stored at once


def test_refused_command_prints_the_rule_and_stores_nothing(store):
    game = new_game(store, "--players", "4", "--seed", "1")
    state = json.loads(run("status", game, "--store", store, "--json").output)
    red = state["players"][0]
    before = run("log", game, "--store", store, "--json").output
    bad = run("orders", game, "red", red["inaccessible"][0], *red["hand"][:2], "--store", store, ok=False)
    assert bad.exit_code == 4  # refused by the rules
    assert "refused: ORDER_NOT_IN_HAND" in bad.output
    assert "rule: Rulebook" in bad.output
    assert run("log", game, "--store", store, "--json").output == before


def test_malformed_json_is_refused_without_traceback(store):
    game = new_game(store, "--players", "2", "--seed", "2")
    bad = run("act", game, "--json", '{"type": "dig_tunnel", "player": "red"}', "--store", store, ok=False)
    assert bad.exit_code == 2 and "COMMAND_MALFORMED" in bad.output  # malformed input


def test_unknown_game_and_bad_usage(store):
    assert run("status", "nope", "--store", store, ok=False).exit_code == 2
    game = new_game(store, "--players", "2", "--seed", "2")
    assert run("act", game, "--pick", "1", "--draw", "x", "--store", store, ok=False).exit_code == 2


def test_view_as_player_hides_secrets(store):
    game = new_game(store, "--players", "3", "--seed", "4")
    state = json.loads(run("status", game, "--store", store, "--json").output)
    run("orders", game, "red", *state["players"][0]["hand"][:3], "--store", store)
    blue_view = json.loads(run("status", game, "--as", "blue", "--json", "--store", store).output)
    red_in_blue = blue_view["players"][0]
    assert red_in_blue["orders"] == ["hidden"] * 3  # chosen, not yet revealed
    assert blue_view["seed"] == "hidden"
    assert all(c == "hidden" for c in blue_view["board"]["combat_cards"])
    red_view = json.loads(run("status", game, "--as", "red", "--json", "--store", store).output)
    assert red_view["players"][0]["orders"] == state["players"][0]["hand"][:3]


def test_status_at_an_earlier_event(store):
    game = new_game(store, "--players", "2", "--seed", "3")
    early = json.loads(run("status", game, "--at", "1", "--json", "--store", store).output)
    assert early["phase"] == "setup" and early["version"] == 1


def test_play_runs_a_complete_game_and_prints_scores(store):
    out = run("play", "--players", "3", "--seed", "5", "--bots", "tunneller,evil,room_builder", "--store", store).output
    assert "Final scores" in out and "Winner(s):" in out
    games = [json.loads(line)["id"] for line in run("games", "--json", "--store", store).output.splitlines()]
    assert len(games) == 1
    log = [json.loads(line) for line in run("log", games[0], "--store", store, "--json").output.splitlines()]
    assert log[-1]["type"] == "GameScored"
    assert {s["color"] for s in log[-1]["scores"]} == {"red", "blue", "green"}


def test_training_sets_up_a_dungeon_to_play(store):
    out = run("training", "1", "--store", store).output
    game = out.strip().splitlines()[-1].split()[-1]
    assert "plan_battle" in run("options", game, "--json", "--store", store).output
    plan = {
        "type": "plan_battle",
        "player": "red",
        "tile": [0, 2],
        "traps": ["rolling_stone#1"],
        "monsters": ["troll_y1#1"],
    }
    run("act", game, "--json", json.dumps(plan), "--store", store)
    out = run(
        "act",
        game,
        "--json",
        json.dumps({"type": "attack", "player": "red", "monster": "troll_y1#1", "option": "B"}),
        "--store",
        store,
    ).output
    assert "conquered" in out.lower()


def test_scenario_new_and_refused_scenario(store, tmp_path):
    out = run("new", "--scenario", "domain/games/dungeon_lords/scenarios/year2-winter-4p.json", "--store", store).output
    game = out.strip().splitlines()[-1]
    assert "Year 2, winter" in run("status", game, "--store", store).output
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "name": "x",
                "starting_player": "red",
                "players": [
                    {"color": "red", "name": "A", "dungeon": ["##...", "##...", ".....", "....."]},
                    {"color": "blue", "name": "B"},
                ],
            }
        )
    )
    refused = run("new", "--scenario", bad, "--store", store, ok=False)
    assert refused.exit_code == 2 and "SCENARIO_INVALID" in refused.output
    # the command line reads the file (a game reads none): a missing one is one line, exit 2
    missing = run("new", "--scenario", tmp_path / "missing.json", "--store", store, ok=False)
    assert missing.exit_code == 2 and "cannot read the scenario file" in missing.output
    assert "missing.json" in missing.output and len(missing.output.strip().splitlines()) == 1


def test_catalog_lists_statuses():
    out = run("catalog", "--json").output
    rows = json.loads(out)
    statuses = {r["status"] for r in rows}
    assert statuses == {"verified", "partial", "provisional"}
    assert any(r["id"] == "graffiti" and r["status"] == "provisional" for r in rows)


def test_record_loop_takes_numbered_answers_and_can_be_resumed(store):
    # Recording at the table: numbered choices, each accepted input stored before the next prompt.
    game = new_game(store, "--players", "2", "--seed", "6")
    before = len(run("log", game, "--store", store, "--json").output.splitlines())
    out = runner_input(["record", game, "--store", store], "help\n9999\n1\n1\n1\n1\nquit\n")
    assert "choose 1.." in out  # 9999 is not an option
    assert "left the game after 4 input(s)" in out
    after = len(run("log", game, "--store", store, "--json").output.splitlines())
    assert after > before
    out = runner_input(["record", game, "--store", store], '{"type": "decline", "player": "nobody"}\nquit\n')
    assert "refused:" in out and "left the game after 0 input(s)" in out
    assert len(run("log", game, "--store", store, "--json").output.splitlines()) == after
