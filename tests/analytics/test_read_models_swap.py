"""Issue #31: readers never wait for the writer. Catching up writes a copy of analytics.duckdb and swaps it in
(projections/swap.py), so a notebook holding a read-only connection and a catching-up `stats` both work, in two
processes; a reader that comes while another process catches up answers at once, from the published read
models, saying how far behind they are; two writers at once count every event once."""

from __future__ import annotations

import json
import select
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest
from clirun import run

#: a notebook: a read-only connection held open; each line on standard input asks it again
NOTEBOOK = """
import sys, duckdb
con = duckdb.connect(sys.argv[1], read_only=True)
for line in iter(sys.stdin.readline, ""):
    print(con.execute("SELECT count(*) FROM games").fetchall()[0][0], flush=True)
"""

#: another process catching up: it holds the writers' lock until its standard input closes
WRITER = """
import sys
from projections.swap import take_lock
fd = take_lock(sys.argv[1])
print("writing", flush=True)
sys.stdin.read()
"""


def _exe() -> str:
    return str(Path(sys.executable).with_name("dungeon-lords"))


def _store_games(store: Path, games: int, seed: int) -> None:
    """Store finished bot games without projecting them (the read models fall behind)."""
    from cli.analytics_cmds import simulate_into
    from domain.service.application import GameService

    simulate_into(GameService.open(str(store)), games, 3, None, seed, quiet=True)


def _stats(store: Path, *args: str) -> tuple[subprocess.CompletedProcess, float]:
    t0 = time.monotonic()
    done = subprocess.run(
        [_exe(), "stats", "win_rate_by_strategy", "--pooled", "--json", *args, "--store", str(store)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done, time.monotonic() - t0


def _games_in_scope(done: subprocess.CompletedProcess) -> int:
    (line,) = [x for x in done.stderr.splitlines() if x.startswith("scope: ")]
    return json.loads(line[len("scope: ") :])["games"]


@pytest.fixture
def store(tmp_path) -> Path:
    path = tmp_path / "games.sqlite"
    run("simulate", "--games", "2", "--players", "3", "--seed", "1", "--store", path)
    return path


def test_a_notebook_holding_the_file_and_a_catching_up_stats_both_work(store):
    models = store.parent / "analytics.duckdb"
    notebook = subprocess.Popen(
        [sys.executable, "-c", NOTEBOOK, str(models)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert notebook.stdin is not None and notebook.stdout is not None
        notebook.stdin.write("\n")
        notebook.stdin.flush()
        assert notebook.stdout.readline().strip() == "2"
        _store_games(store, 2, seed=7)  # new games: `stats` catches up while the notebook holds the file
        done, seconds = _stats(store)
        assert done.returncode == 0, done.stderr
        assert _games_in_scope(done) == 4  # with the new games
        assert "waiting" not in done.stderr and "behind" not in done.stderr and seconds < 120
        # the notebook's connection still works: on the file it opened (the new one took its name)
        notebook.stdin.write("\n")
        notebook.stdin.flush()
        assert notebook.stdout.readline().strip() == "2" and notebook.poll() is None
        # a connection opened now reads the new file, beside the held one
        with duckdb.connect(str(models), read_only=True) as now:
            assert now.execute("SELECT count(*) FROM games").fetchall() == [(4,)]
        # and a rebuild works beside it too
        rebuilt = subprocess.run(
            [_exe(), "project", "--rebuild", "--store", str(store)], capture_output=True, text=True
        )
        assert rebuilt.returncode == 0 and "projected" in rebuilt.stdout, rebuilt.stderr
        notebook.stdin.write("\n")
        notebook.stdin.flush()
        assert notebook.stdout.readline().strip() == "2" and notebook.poll() is None
    finally:
        notebook.kill()
        notebook.wait()
    assert sorted(p.name for p in store.parent.iterdir() if "analytics" in p.name) == [
        "analytics.duckdb",
        "analytics.duckdb.lock",
    ]  # no copy left behind, no write-ahead log


def test_a_reader_during_another_catch_up_answers_at_once_saying_it_is_behind(store):
    models = store.parent / "analytics.duckdb"
    _store_games(store, 1, seed=9)
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(models)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "writing"
        done, seconds = _stats(store)
        assert done.returncode == 0, done.stderr
        assert _games_in_scope(done) == 2  # what is published: the 2 games projected before
        (warning,) = [x for x in done.stderr.splitlines() if "behind" in x]
        behind = int(warning.split(" events behind")[0].rsplit(" ", 1)[1])
        assert warning.startswith("warning: the read models are ") and behind > 100  # a game's events
        assert "waiting" not in done.stderr and seconds < 60
        # a command that must write waits for the writer, and says so
        assert writer.stdin is not None
        project = subprocess.Popen(
            [_exe(), "project", "--store", str(store)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        assert project.stderr is not None
        ready, _, _ = select.select([project.stderr], [], [], 120)
        assert ready and "waiting for another process to finish writing" in project.stderr.readline()
        assert project.poll() is None  # it waits for the lock
        writer.stdin.close()  # the other writer is done
        out, err = project.communicate(timeout=300)
        assert project.returncode == 0, err
        assert f"projected {behind} new events" in out
    finally:
        writer.kill()
        writer.wait()
    done, _ = _stats(store)
    assert done.returncode == 0 and _games_in_scope(done) == 3 and "behind" not in done.stderr


def test_two_writers_at_once_count_every_event_once(store):
    _store_games(store, 3, seed=11)
    both = [
        subprocess.Popen([_exe(), *args, "--store", str(store)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for args in (["project"], ["stats", "--sql", "SELECT count(*) FROM games"])
    ]
    for p in both:
        p.communicate(timeout=300)
        assert p.returncode == 0
    sql = "SELECT count(*) AS n, count(DISTINCT position) AS d FROM events"
    (counted,) = json.loads(run("stats", "--sql", sql, "--json", "--store", store).stdout)
    run("project", "--rebuild", "--store", store)
    (rebuilt,) = json.loads(run("stats", "--sql", sql, "--json", "--store", store).stdout)
    assert counted == rebuilt and counted["n"] == counted["d"] > 0


def test_a_dead_writers_copy_is_thrown_away(store):
    from projections.swap import draft_path

    models = store.parent / "analytics.duckdb"
    draft_path(models).write_bytes(b"half a file, its writer killed")
    _store_games(store, 1, seed=13)
    done, _ = _stats(store)
    assert done.returncode == 0 and _games_in_scope(done) == 3, done.stderr
    assert not draft_path(models).exists() and "set aside" not in done.stderr


def test_an_error_while_writing_publishes_what_was_committed(tmp_path):
    from projections.swap import draft

    path = tmp_path / "analytics.duckdb"
    with pytest.raises(RuntimeError), draft(path) as con:
        con.execute("CREATE TABLE kept AS SELECT 1 AS x")
        con.execute("BEGIN TRANSACTION")
        con.execute("INSERT INTO kept VALUES (2)")
        raise RuntimeError("stopped before COMMIT")
    with duckdb.connect(str(path), read_only=True) as con:
        assert con.execute("SELECT x FROM kept").fetchall() == [(1,)]


def test_ask_in_a_process_holding_the_old_file_reads_the_new_one(store):
    """DuckDB hands a process the database it has open for a path: after the swap, `ask` must not answer from
    the file a notebook's own connection still holds."""
    from cli.notebook import ask, meta

    held = duckdb.connect(str(store.parent / "analytics.duckdb"), read_only=True)
    try:
        _store_games(store, 1, seed=15)
        table = ask("win_rate_by_strategy", store=str(store), pooled=True)
        assert meta(table)["scope"]["games"] == 3
        assert held.execute("SELECT count(*) FROM games").fetchall() == [(2,)]
    finally:
        held.close()


def test_ask_during_another_catch_up_says_it_is_behind(store):
    from cli.notebook import ask, meta
    from projections.swap import take_lock, unlock

    _store_games(store, 1, seed=17)
    fd = take_lock(store.parent / "analytics.duckdb")
    try:
        table = ask("win_rate_by_strategy", store=str(store), pooled=True)
    finally:
        unlock(fd)
    info = meta(table)
    assert info["scope"]["games"] == 2 and "events behind the store" in info["warnings"][0]


def test_a_large_file_is_caught_up_in_place_when_nobody_reads_it_else_on_a_copy(store, monkeypatch):
    from domain.service.application import GameService
    from projections import swap
    from projections.runner import Projector

    monkeypatch.setattr(swap, "IN_PLACE_FROM_BYTES", 0)  # every file is "large"
    models = store.parent / "analytics.duckdb"
    app = GameService.open(str(store))

    def catch_up(con):
        return Projector(app, con).run()

    inode = models.stat().st_ino
    _store_games(store, 1, seed=19)
    found = swap.read_models(app, models, catch_up)
    found.con.close()
    assert found.caught_up.events > 0 and models.stat().st_ino == inode  # the same file, written in place
    notebook = subprocess.Popen(
        [sys.executable, "-c", NOTEBOOK, str(models)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert notebook.stdin is not None and notebook.stdout is not None
        notebook.stdin.write("\n")
        notebook.stdin.flush()
        assert notebook.stdout.readline().strip() == "3"
        _store_games(store, 1, seed=21)
        found = swap.read_models(app, models, catch_up)  # someone reads it: a copy, swapped in
        assert found.con.execute("SELECT count(*) FROM games").fetchall() == [(4,)]
        found.con.close()
        assert models.stat().st_ino != inode
        notebook.stdin.write("\n")
        notebook.stdin.flush()
        assert notebook.stdout.readline().strip() == "3"
    finally:
        notebook.kill()
        notebook.wait()
    monkeypatch.setattr(swap, "IN_PLACE_UP_TO", 10)  # a long backlog: a copy, though nobody reads
    inode = models.stat().st_ino
    _store_games(store, 1, seed=23)
    swap.read_models(app, models, catch_up).con.close()
    assert models.stat().st_ino != inode
