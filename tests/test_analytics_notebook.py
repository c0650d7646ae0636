"""Issue #31, analytics right by default: read models bound to one store for real (a copy that went on is
refused), readers that never wait for a writer when nothing is new (a notebook's read-only connection and
`stats` at once, in two processes), the notebook API (Arrow tables with their warnings and scope) and exports
that carry their provenance."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clirun import run

HOLD = """
import sys, time, duckdb
con = duckdb.connect(sys.argv[1], read_only=True)   # a notebook's connection, held open
con.execute("SELECT count(*) FROM games").fetchall()
print("holding", flush=True)
time.sleep(float(sys.argv[2]))
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    """A SQLite store of three finished bot games (3 players), projected."""
    path = tmp_path_factory.mktemp("notebook") / "games.sqlite"
    run("simulate", "--games", "3", "--players", "3", "--seed", "11", "--store", path)
    return path


def _game_ids(store: Path) -> set[str]:
    return {json.loads(line)["id"] for line in run("games", "--json", "--store", store).output.splitlines()}


def _projected(store: Path) -> set[str]:
    rows = run("stats", "--sql", "SELECT game_id FROM games", "--json", "--store", store).output
    return {r["game_id"] for r in json.loads(rows)}


def test_a_copy_of_the_store_that_went_on_is_refused_never_answered(tmp_path):
    # the case: copy games.sqlite to copy.sqlite in the same folder (one analytics.duckdb for both), a
    # game added to the copy, then two to the original
    original, copy = tmp_path / "games.sqlite", tmp_path / "copy.sqlite"
    run("simulate", "--games", "1", "--players", "3", "--seed", "1", "--store", original)
    shutil.copyfile(original, copy)
    run("simulate", "--games", "1", "--players", "3", "--seed", "2", "--store", copy)
    copy_game = _game_ids(copy) - _game_ids(original)
    assert len(copy_game) == 1 and copy_game <= _projected(copy)
    # the original's two new games are stored; projecting them onto the copy's read models is refused
    stored = run("simulate", "--games", "2", "--players", "3", "--seed", "3", "--store", original, ok=False)
    assert stored.exit_code == 5 and "stored 2 games" in stored.output
    for args in (["win_rate_by_strategy"], ["win_rate_by_strategy", "--json"], ["--sql", "SELECT 1"]):
        refused = run("stats", *args, "--store", original, ok=False)
        assert refused.exit_code == 5, refused.output
        assert "project --rebuild" in refused.output and next(iter(copy_game)) not in refused.output
        assert len(refused.output.strip().splitlines()) == 1  # one line, no answer
    # the way out: the original's three games, and only those
    run("project", "--rebuild", "--store", original)
    assert _projected(original) == _game_ids(original) and len(_game_ids(original)) == 3


def test_a_copy_at_the_same_length_is_refused_by_the_fast_way_too(tmp_path):
    """The copy and the original hold as many events: the position matches, the event there does not."""
    from cli.fast import caught_up

    original, copy = tmp_path / "games.sqlite", tmp_path / "copy.sqlite"
    run("simulate", "--games", "1", "--players", "3", "--seed", "1", "--store", original)
    shutil.copyfile(original, copy)
    run("simulate", "--games", "1", "--players", "3", "--seed", "2", "--store", copy)
    # the same game (seed) into the original: as many events, other ids
    same = run("simulate", "--games", "1", "--players", "3", "--seed", "2", "--store", original, ok=False)
    assert same.exit_code == 5
    assert caught_up(str(original)) is None and caught_up(str(copy)) is not None  # the read models are the copy's
    refused = run("stats", "win_rate_by_strategy", "--store", original, ok=False)
    assert refused.exit_code == 5 and "project --rebuild" in refused.output


def _cli(*args: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess, float]:
    exe = Path(sys.executable).with_name("dungeon-lords")
    t0 = time.monotonic()
    done = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=timeout)
    return done, time.monotonic() - t0


def test_a_notebook_holding_the_read_models_and_stats_both_work(store):
    """Two processes: a read-only DuckDB connection held on analytics.duckdb (a notebook) and `stats` on
    read models that are current; it used to wait 60 s for a write lock and fail with exit 5."""
    models = store.parent / "analytics.duckdb"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(models), "120"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        for args in (
            ["win_rate_by_strategy", "--json"],  # the fast way (before typer)
            ["win_rate_by_strategy", "--pooled"],  # typer's way
            ["--schema", "--json"],
        ):
            done, seconds = _cli("stats", *args, "--store", str(store))
            assert done.returncode == 0, done.stderr
            assert "waiting for another process" not in done.stderr and seconds < 30
        assert holder.poll() is None  # the notebook still has its connection
    finally:
        holder.kill()
        holder.wait()
