"""Faults (issue "Hold under bad input and faults"): every fault ends with its documented exit code and
a one-line message, and nothing already stored is lost. Runs the real command in subprocesses where the
fault needs a process of its own (a file-size limit for a full disk, kill -9, parallel runs)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clirun import in_a_process as cli
from clirun import run

from domain.service.application import GameService

ROOT = Path(__file__).parent.parent.parent
CLI = [sys.executable, "-c", "from cli.main import main; main()"]


def one_line_error(result) -> None:
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.strip(), "an error says what happened"


@pytest.fixture
def store(tmp_path):
    return str(tmp_path / "games.sqlite")


def _games(store) -> int:
    return len(GameService.open(store).games())


def test_an_empty_store_file_is_refused_unless_init(store):
    Path(store).touch()
    result = run("games", "--store", store, ok=False)
    assert result.exit_code == 5 and "--init" in result.output and "empty file" in result.output
    assert Path(store).stat().st_size == 0  # untouched
    run("--init", "new", "--players", "2", "--store", store)
    assert _games(store) == 1


def test_another_sqlite_database_is_not_taken_for_a_store(store):
    con = sqlite3.connect(store)
    con.execute("CREATE TABLE notes (t TEXT)")
    con.commit()
    con.close()
    result = run("new", "--store", store, ok=False)
    assert result.exit_code == 5 and "not a store of games" in result.output


@pytest.mark.parametrize("damage", ["truncate", "overwrite"])
def test_a_damaged_store_file_is_a_store_error(store, damage):
    run("new", "--players", "2", "--seed", "1", "--store", store)
    data = Path(store).read_bytes()
    Path(store).write_bytes(data[: len(data) // 3] if damage == "truncate" else os.urandom(len(data)))
    result = run("games", "--store", store, ok=False)
    assert result.exit_code == 5 and result.output.startswith("store error:")


def test_a_read_only_store_reads_and_refuses_to_write(store):
    run("new", "--players", "2", "--seed", "1", "--store", store)
    if subprocess.run(["chattr", "+i", store], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available here to make a file read-only for root")
    try:
        assert "1 game(s)" in run("games", "--store", store).output
        result = run("new", "--players", "2", "--store", store, ok=False)
        assert result.exit_code == 5 and "readonly" in result.output.replace("-", "").replace(" ", "")
    finally:
        subprocess.run(["chattr", "-i", store])
    assert _games(store) == 1


def test_an_unreadable_read_model_is_set_aside_and_rebuilt(store, tmp_path):
    run("simulate", "--games", "2", "--players", "2", "--store", store)
    analytics = tmp_path / "analytics.duckdb"
    analytics.write_bytes(b"")  # as a full disk left it
    result = run("stats", "--sql", "SELECT count(*) AS n FROM games", "--json", "--store", store)
    assert json.loads(result.stdout) == [{"n": 2}] and "set aside" in result.output
    assert list(tmp_path.glob("analytics.duckdb.broken-*"))


def test_two_stores_in_one_folder_do_not_mix_their_statistics(tmp_path):
    a, b = str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")
    run("simulate", "--games", "2", "--players", "2", "--store", a)
    run("new", "--players", "2", "--store", b)
    refused = run("stats", "--sql", "SELECT count(*) FROM games", "--store", b, ok=False)
    assert refused.exit_code == 5 and "project --rebuild" in refused.output
    run("project", "--rebuild", "--store", b)
    assert json.loads(run("stats", "--sql", "SELECT count(*) AS n FROM games", "--json", "--store", b).stdout) == [
        {"n": 1}
    ]


def test_a_game_the_projection_cannot_take_is_quarantined_and_the_rest_goes_on(store):
    app = GameService.open(store)
    poisoned = app.create_game(["a", "b"], seed=1)
    app.create_game(["c", "d"], seed=2)
    con = sqlite3.connect(store)  # a Year beyond INTEGER (a seed beyond INT64 no longer reaches the read models)
    (version, state) = con.execute(
        "SELECT originator_version, state FROM stored_events WHERE originator_id = ? AND topic = ? "
        "ORDER BY originator_version LIMIT 1",
        (poisoned.hex, "dl.Game.PhaseBegan"),
    ).fetchone()
    con.execute(
        "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
        (state.replace(b'"year":1,', b'"year":100000000000000000000000000000,'), poisoned.hex, version),
    )
    con.commit()
    con.close()
    first = run("project", "--store", store)
    assert str(poisoned) in first.output and "quarantined" in first.output
    run("simulate", "--games", "2", "--players", "2", "--store", store)  # and later runs keep going
    rows = json.loads(run("stats", "--sql", "SELECT count(*) AS n FROM games", "--json", "--store", store).stdout)
    assert rows == [{"n": 3}]


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT * FROM read_csv('/etc/passwd')",
        "SELECT * FROM read_text('/etc/passwd')",
        "SELECT * FROM read_blob('games.sqlite')",
        "SELECT * FROM glob('/etc/*')",
        "SELECT * FROM read_json('/etc/hostname')",
        "ATTACH '/tmp/x.duckdb' AS x",
        "SET enable_external_access = true",
        "COPY games TO '/tmp/out.csv'",
    ],
)
def test_user_sql_cannot_reach_the_machines_files(store, sql):
    run("new", "--players", "2", "--store", store)
    result = run("stats", "--sql", sql, "--store", store, ok=False)
    assert result.exit_code == 2 and result.output.startswith("error: --sql:")


@pytest.mark.parametrize("sql, words", [("SELEC 1", "the tables:"), ("SELECT * FROM nosuch", "the tables: battles")])
def test_bad_user_sql_lists_the_tables(store, sql, words):
    run("new", "--players", "2", "--store", store)
    result = run("stats", "--sql", sql, "--store", store, ok=False)
    assert result.exit_code == 2 and words in result.output


def test_disk_full_while_simulating_says_how_many_games_were_stored(store):
    run("simulate", "--games", "1", "--players", "2", "--store", store)  # the store exists, with its tables
    size = Path(store).stat().st_size
    result = cli(  # (another seed: the first game of seed 0 is stored already)
        "simulate", "--games", "40", "--players", "2", "--seed", "1", "--store", store, limit_bytes=size + 400_000
    )
    assert result.returncode == 5, result.stderr
    one_line_error(result)
    said = result.stderr.split("stopped after storing ")[1].split(" of 40")[0]
    assert _games(store) == 1 + int(said)  # nothing stored is lost
    assert "store error" in result.stderr and "free space" in result.stderr


def test_disk_full_while_projecting_loses_nothing_and_recovers(store, tmp_path):
    run("simulate", "--games", "6", "--players", "4", "--store", store)
    (tmp_path / "analytics.duckdb").unlink()
    result = cli("project", "--store", store, limit_bytes=300_000)
    assert result.returncode == 5, result.stdout + result.stderr
    one_line_error(result)
    assert _games(store) == 6
    again = run("stats", "--sql", "SELECT count(*) AS n FROM games", "--json", "--store", store)
    assert json.loads(again.stdout) == [{"n": 6}]


def _children(pid: int) -> set[int]:
    out = set()
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                if int((p / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.add(int(p.name))
            except (OSError, IndexError, ValueError):
                pass
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_kill_9_of_simulate_leaves_no_worker_behind(store):
    proc = subprocess.Popen(
        [*CLI, "simulate", "--games", "400", "--store", store],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: set[int] = set()
    deadline = time.monotonic() + 60
    while len(workers) < 1 and time.monotonic() < deadline:
        time.sleep(0.5)
        workers = {c for c in _children(proc.pid) if Path(f"/proc/{c}").exists()}
    assert workers, "simulate started worker processes"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() for w in workers):
        time.sleep(0.2)
    alive = [
        w
        for w in workers
        if Path(f"/proc/{w}").exists() and "Z" not in (Path(f"/proc/{w}/stat").read_text().rsplit(")", 1)[1].split()[0])
    ]
    assert not alive, f"workers still running 5 s after kill -9: {alive}"


def test_four_simulations_at_once_all_store_their_games(store):
    run("new", "--players", "2", "--store", store)
    procs = [
        subprocess.Popen(
            [*CLI, "simulate", "--games", "3", "--players", "2", "--seed", str(k), "--store", store],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for k in range(4)
    ]
    outs = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err
        assert "Traceback" not in out + err
    assert _games(store) == 1 + 12


def test_a_stale_pick_is_a_conflict_unless_it_answers_the_same_simultaneous_decision(store):
    game = run("new", "--players", "2", "--seed", "5", "--store", store).output.strip().splitlines()[-1]
    listed = json.loads(run("options", game, "--json", "--store", store).stdout)["event"]
    run("act", game, "--pick", "1", "--player", "red", "--at-event", listed, "--store", store)  # another writer
    before = run("log", game, "--json", "--store", store).stdout
    stale = run("act", game, "--pick", "2", "--player", "red", "--at-event", listed, "--store", store, ok=False)
    assert stale.exit_code == 3 and "nothing of yours was saved" in stale.output  # red's orders were taken
    assert run("log", game, "--json", "--store", store).stdout == before
    # blue's orders answer the same simultaneous decision as red's: they commute and are stored
    alongside = run("act", game, "--pick", "2", "--player", "blue", "--at-event", listed, "--store", store)
    assert "blue chose 3 orders" in alongside.output
