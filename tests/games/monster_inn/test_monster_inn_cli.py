"""Monster Inn from the command line: the same commands as Dungeon Lords, chosen with ``--game``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import run, runner_input


@pytest.fixture()
def store(tmp_path):
    return str(tmp_path / "games.sqlite")


def new(store, *extra) -> str:
    return run("new", "--store", store, "--game", "monster-inn", *extra).output.strip().splitlines()[-1]


def test_a_tabletop_game_is_recorded_draw_by_draw_and_a_seat_sees_only_its_own_supply(store) -> None:
    gid = new(store, "--players", "3", "--mode", "tabletop", "--names", "Ann,Bob,Cat")
    out = run("options", gid, "--store", store).output
    assert "record the 3 cards dealt to the Inn" in out and "h16-20" in out
    refused = run("act", gid, "--store", store, "--draw", "m1,m1,m2", ok=False)
    assert refused.exit_code == 4 and "DRAW_IMPOSSIBLE" in refused.output
    out = run("act", gid, "--store", store, "--draw", "m7,h6-10,m2").output
    said = " ".join(out.split())  # as words: the terminal wraps long lines
    assert "Round 1: the Inn is dealt, left to right: a face-down humanoid (h6-10), m2 and m7" in said
    run("act", gid, "--store", store, "--json", '{"type": "remain", "player": "p1", "treasure": "gem"}')
    seen = json.loads(run("status", gid, "--store", store, "--as", "p2", "--json").output)
    assert seen["players"][0]["gold"] == "hidden" and seen["players"][1]["gem"] == 3
    refused = run(
        "act", gid, "--store", store, "--json", '{"type": "remain", "player": "p2", "treasure": "gold"}', ok=False
    )
    assert refused.exit_code == 4 and "WRONG_TREASURE_TYPE" in refused.output
    log = run("log", gid, "--store", store, "--json").output.splitlines()
    assert [json.loads(line)["type"] for line in log] == ["GameStarted", "InnDealt", "Remained"]


def test_bots_play_a_whole_game_and_the_record_round_trips(store, tmp_path) -> None:
    out = run(
        "play", "--store", store, "--game", "monster-inn", "--players", "4", "--bots", "budgeted,random", ok=False
    )
    assert out.exit_code == 2 and "1 or 4 names" in out.output
    out = run(
        "play", "--store", store, "--game", "monster-inn", "--players", "4", "--bots", "budgeted", "--seed", "2"
    ).output
    assert "Final scores (Fame)" in out and "Winner(s)" in out
    games = [json.loads(line) for line in run("games", "--store", store, "--json").output.splitlines()]
    assert games[0]["game"] == "monster_inn" and games[0]["status"] == "finished"
    audited = run("audit", games[0]["id"], "--store", store).output
    assert "clean" in audited and "rule exchange = to_supply (the default)" in audited
    record = tmp_path / "game.rec"
    run("export", games[0]["id"], "--store", store, "--out", record)
    assert record.read_text().startswith("monster-inn-record 1\ngame monster_inn\n")
    run("import", record, "--store", store)
    first, second = (json.loads(line) for line in run("games", "--store", store, "--json").output.splitlines())
    assert second["origin"] == "imported" and second["events"] == first["events"]


def test_undo_correct_and_fork_at_the_table(store) -> None:
    gid = new(store, "--players", "3", "--mode", "tabletop")
    run("act", gid, "--store", store, "--draw", "m1,m2,m3")
    run("act", gid, "--store", store, "--json", '{"type": "remain", "player": "p1", "treasure": "gem"}')
    run("act", gid, "--store", store, "--json", '{"type": "remain", "player": "p2", "treasure": "gem"}')
    assert "p2 took back event 4 (remains with a Gem)" in run("undo", gid, "--store", store).output  # as `log` says it
    out = run(
        "correct",
        gid,
        "--store",
        store,
        "--event",
        "3",
        "--json",
        '{"type": "remain", "player": "p1", "treasure": "gold"}',
    ).output
    assert "p1: remains with a Gem -> remains with a Gold Coin" in out
    state = json.loads(run("status", gid, "--store", store, "--json").output)
    assert (state["pool"], state["pool_type"]) == (1, "gold")
    log = [json.loads(line) for line in run("log", gid, "--store", store, "--json").output.splitlines()]
    assert [e["type"] for e in log] == [
        "GameStarted",
        "InnDealt",
        "Remained",
        "Remained",
        "InputUndone",
        "InputCorrected",
        "Remained",
    ]
    assert [n for n, e in enumerate(log, 1) if "taken_back" in e] == [3, 4, 5]  # they stay, marked
    assert "superseded by the correction at event 6" in run("log", gid, "--store", store).output
    forked = run("fork", gid, "--store", store, "--at", "2").output.strip()
    assert len(run("log", forked, "--store", store, "--json").output.splitlines()) == 2
    why = run("explain", gid, "7", "--store", store).output
    assert "It is p1's input at event 7: remains with a Gold Coin" in why
    assert "Legal for p1 then (3): remains with a Gold Coin; remains with a Gem; leaves" in why
    assert "It no longer counts: undone by event 5" in run("explain", gid, "4", "--store", store).output
    compared = run("diff", gid, forked, "--store", store).output
    assert "the lines share their first 2 events; then 1 and 0 events differ" in compared
    refused = run("fork", gid, "--store", store, "--at", "99", ok=False)
    assert refused.exit_code == 2 and "fork at 1..7" in refused.output


def test_an_archived_game_leaves_the_statistics_and_its_record_keeps_the_line(store, tmp_path) -> None:
    run("simulate", "--store", store, "--game", "monster-inn", "--games", "3")
    gid = json.loads(run("games", "--store", store, "--json").output.splitlines()[0])["id"]
    run("games", "archive", gid, "--store", store, "--reason", "a test game")
    again = run("games", "archive", gid, "--store", store, "--reason", "twice", ok=False)
    assert again.exit_code == 2 and "archived already" in again.output
    assert [
        json.loads(line)["id"]
        for line in run("games", "--status", "archived", "--store", store, "--json").output.splitlines()
    ] == [gid]
    rows = json.loads(run("stats", "win_rate_by_strategy", "--game", "monster-inn", "--json", "--store", store).stdout)
    assert sum(r["games"] for r in rows) == sum(
        len(json.loads(line)["seats"])
        for line in run("games", "--status", "finished", "--store", store, "--json").output.splitlines()
    )
    record = tmp_path / "archived.mir"
    run("export", gid, "--store", store, "--out", record)
    assert 'archive {"reason": "a test game"}' in record.read_text()
    copy = run("import", record, "--store", store).output.strip().splitlines()[-1]
    assert json.loads(run("status", copy, "--store", store, "--json").output)["archived"] is True


def test_simulate_stores_monster_inn_games_with_every_player_count(store) -> None:
    out = run("simulate", "--store", store, "--game", "monster-inn", "--games", "6").output
    assert "stored 6 games" in out
    games = [json.loads(line) for line in run("games", "--store", store, "--json").output.splitlines()]
    assert {g["game"] for g in games} == {"monster_inn"} and {len(g["seats"]) for g in games} == {3, 4, 5}
    assert all(g["status"] == "finished" and g["origin"] == "simulated" for g in games)
    bad = run("simulate", "--store", store, "--game", "monster-inn", "--bots", "tunneller", ok=False)
    assert bad.exit_code == 2 and "budgeted" in bad.output


def test_the_record_loop_takes_a_tabletop_game_line_by_line(store) -> None:
    gid = new(store, "--players", "3", "--mode", "tabletop")
    typed = "\n".join(["m1 m2 m3", "1", "undo", "3", "status", "quit"]) + "\n"
    out = runner_input(["record", gid, "--store", store], typed)
    assert "draw 3 of:" in out and "1. remains with a Gold Coin" in out
    assert "p1 took back event 3 (remains with a Gold Coin)" in out and "Inn (left to right)" in out
    log = [json.loads(line)["type"] for line in run("log", gid, "--store", store, "--json").output.splitlines()]
    assert log == ["GameStarted", "InnDealt", "Remained", "InputUndone", "Left"]


GOLDEN = Path(__file__).resolve().parents[2] / "golden"


def test_a_5_player_table_recorded_through_the_record_loop_is_the_golden_record(store, tmp_path) -> None:
    """The typed lines of a 5-player game at a table (tests/golden/make_monster_inn_5p.py: each deal as it
    lay, each choice by its number) go through `record`; the export is the golden record, which imports
    and audits clean."""
    gid = new(store, "--players", "5", "--mode", "tabletop", "--names", "Ann,Bob,Cat,Dan,Eve", "--starting-player", "3")
    typed = (GOLDEN / "monster-inn-5p.typed").read_text()
    out = runner_input(["record", gid, "--store", store], typed + "quit\n")
    assert "refused" not in out and "the game is over" in out
    record = tmp_path / "game.mir"
    run("export", gid, "--store", store, "--out", record)
    golden = (GOLDEN / "monster-inn-5p.mir").read_text()
    assert record.read_text() == golden
    imported = run("import", GOLDEN / "monster-inn-5p.mir", "--store", store).output.strip().splitlines()[-1]
    audit = run("audit", imported, "--store", store).output
    assert "clean" in audit
    scored = json.loads(run("status", imported, "--store", store, "--json").output)["results"]
    assert len(scored) == 5 and sum(r["winner"] for r in scored) >= 1
    # recorded before forced draws were entered by the service (the recorder typed them): still imports
    older = run("import", GOLDEN / "monster-inn-5p-typed-forced-draws.mir", "--store", store).output
    assert "clean" in run("audit", older.strip().splitlines()[-1], "--store", store).output


def test_a_position_is_set_up_from_a_file_and_a_bad_one_is_one_line(store, tmp_path) -> None:
    scenario = Path(__file__).resolve().parents[3] / "domain/games/monster_inn/scenarios/last-round-4p.json"
    gid = new(store, "--scenario", scenario)
    out = run("options", gid, "--store", store).output
    assert "Round 10: record the 4 cards dealt to the Inn" in out
    bad = tmp_path / "bad.json"
    bad.write_text(scenario.read_text().replace('"gold": ', '"gold": 1', 1))
    refused = run("new", "--store", store, "--game", "monster-inn", "--scenario", bad, ok=False)
    assert refused.exit_code == 2 and "SCENARIO_INVALID" in refused.output
