"""Issue #31, analytics right by default: read models bound to one store for real (a copy that went on is
refused), readers that never wait for a writer when nothing is new (a notebook's read-only connection and
`stats` at once, in two processes), the notebook API (Arrow tables with their warnings and scope) and exports
that carry their provenance."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
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
    """A SQLite store of four finished bot games (4 players), projected."""
    path = tmp_path_factory.mktemp("notebook") / "games.sqlite"
    run("simulate", "--games", "4", "--players", "4", "--seed", "11", "--store", path)
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


def test_a_copy_that_went_further_than_the_original_is_refused_too(tmp_path):
    original, copy = tmp_path / "games.sqlite", tmp_path / "copy.sqlite"
    run("simulate", "--games", "1", "--players", "2", "--seed", "1", "--store", original)
    shutil.copyfile(original, copy)
    run("simulate", "--games", "2", "--players", "2", "--seed", "2", "--store", copy)
    assert (
        run("simulate", "--games", "1", "--players", "2", "--seed", "4", "--store", original, ok=False).exit_code == 5
    )
    refused = run("stats", "win_rate_by_strategy", "--store", original, ok=False)
    assert refused.exit_code == 5 and "project --rebuild" in refused.output


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


def test_the_example_notebook_runs_and_draws_two_plots(store):
    nbformat = pytest.importorskip("nbformat")
    from nbclient import NotebookClient

    docs = Path(__file__).parents[2] / "docs"
    nb = nbformat.read(docs / "notebook.ipynb", as_version=4)
    stored = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert stored, "docs/notebook.ipynb keeps its outputs"
    old = os.environ.get("DL_STORE")
    os.environ["DL_STORE"] = str(store)  # the kernel inherits it
    try:
        NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(docs)}}).execute()
    finally:
        if old is None:
            del os.environ["DL_STORE"]
        else:
            os.environ["DL_STORE"] = old
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    plots = [o for o in outputs if "application/vnd.plotly.v1+json" in o.get("data", {})]
    assert len(plots) == 2 and all(p["data"]["application/vnd.plotly.v1+json"]["data"] for p in plots)
    assert "{'games': 4, 'seats': 16}" in "".join(o.get("text", "") for o in outputs)


def test_ask_answers_as_stats_does_with_warnings_and_scope(store):
    from cli.notebook import ask, meta, read_model

    table = ask("win_rate_by_strategy", store=str(store), players=4, origin=["simulated"])
    rows = json.loads(run("stats", "win_rate_by_strategy", "--players", "4", "--json", "--store", store).stdout)
    assert table.to_pylist() == rows
    info = meta(table)
    assert info["question"] == "win_rate_by_strategy" and info["scope"] == {"games": 4, "seats": 16}
    assert info["filters"] == {"game": "dungeon_lords", "players": 4, "origins": ["simulated"]}
    assert any("fewer than 30 games" in w for w in info["warnings"])
    assert info["head_notification"] == str(_head(store)) and info["store_id"] == _store_id(store)
    seats = read_model("player_results", store=str(store))
    assert seats.num_rows == 16 and {"finished", "archived"} <= set(seats.column_names)
    with pytest.raises(ValueError, match="--since"):
        ask("win_rate_by_strategy", store=str(store), since="yesterday")
    with pytest.raises(TypeError, match="colour"):
        ask("win_rate_by_strategy", store=str(store), colour="red")


def _head(store: Path) -> int:
    with sqlite3.connect(store) as db:
        return db.execute("SELECT max(rowid) FROM stored_events").fetchall()[0][0]


def _store_id(store: Path) -> str:
    with sqlite3.connect(store) as db:
        return db.execute("SELECT id FROM dungeonlords_store").fetchall()[0][0]


def test_exports_carry_their_provenance_filters_zones_text_and_flags(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "games.sqlite"
    run("simulate", "--games", "3", "--players", "3", "--seed", "21", "--store", path)
    archived = json.loads(run("games", "--json", "--store", path).output.splitlines()[0])["id"]
    run("games", "archive", archived, "--store", path)
    everything, some = tmp_path / "all", tmp_path / "some"
    run("export-data", "--out", everything, "--store", path)
    run("export-data", "--out", some, "--players", "3", "--origin", "simulated", "--store", path)
    # Parquet key-value metadata, read back by pyarrow: the table, the filters, the store, the head
    info = pq.read_metadata(some / "events.parquet").metadata
    assert info[b"table"] == b"events" and info[b"store_id"].decode() == _store_id(path)
    assert json.loads(info[b"filters"]) == {"players": 3, "origins": ["simulated"]}
    assert int(info[b"head_notification"]) == _head(path) and info[b"engine"].startswith(b"dungeon-lords ")
    assert info[b"created_at"].endswith(b"+00:00")
    # filtered: the games `stats` counts (the archived one is out), and no aggregate
    kept = pq.read_table(some / "games.parquet").column("game_id").to_pylist()
    assert len(kept) == 2 and archived not in kept and not (some / "seat_cells.parquet").exists()
    # whole: times with their zone, payloads as text, archived games' seats flagged
    events = pq.read_table(everything / "events.parquet")
    assert str(events.schema.field("recorded_at").type) == "timestamp[us, tz=UTC]"
    assert str(events.schema.field("payload").type) == "string"
    assert str(pq.read_table(everything / "games.parquet").schema.field("started_at").type).endswith("tz=UTC]")
    seats = pq.read_table(everything / "player_results.parquet").to_pylist()
    assert sorted(r["game_id"] for r in seats if r["archived"]) == [archived] * 3 and all(r["finished"] for r in seats)
    # an answer's file names its question, filters, warnings and scope
    answer = tmp_path / "answer.parquet"
    run("stats", "win_rate_by_strategy", "--players", "3", "--format", "parquet", "--out", answer, "--store", path)
    meta = pq.read_metadata(answer).metadata
    assert meta[b"question"] == b"win_rate_by_strategy"
    assert json.loads(meta[b"filters"]) == {"game": "dungeon_lords", "players": 3}
    assert json.loads(meta[b"scope"]) == {"games": 2, "seats": 6} and json.loads(meta[b"warnings"])


@pytest.mark.skipif(not os.environ.get("DL_TEST_POSTGRES"), reason="PostgreSQL: set DL_TEST_POSTGRES")
def test_on_postgresql_a_notebook_holding_the_read_models_does_not_block_stats(tmp_path):
    from urllib.parse import urlsplit, urlunsplit

    from helpers import postgres_schema as _postgres_schema

    env, drop = _postgres_schema(os.environ["DL_TEST_POSTGRES"])
    url = urlunsplit(urlsplit(os.environ["DL_TEST_POSTGRES"])._replace(query=f"schema={env['POSTGRES_SCHEMA']}"))
    os.environ["XDG_DATA_HOME"], old = str(tmp_path), os.environ.get("XDG_DATA_HOME")  # the read models' folder
    try:
        done, _ = _cli("simulate", "--games", "1", "--players", "2", "--store", url)
        assert done.returncode == 0, done.stderr
        (models,) = (tmp_path / "dungeon-lords").glob("analytics-*.duckdb")
        holder = subprocess.Popen([sys.executable, "-c", HOLD, str(models), "120"], stdout=subprocess.PIPE, text=True)
        try:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
            done, seconds = _cli("stats", "win_rate_by_strategy", "--store", url)
            assert done.returncode == 0 and "waiting for another process" not in done.stderr and seconds < 30
        finally:
            holder.kill()
            holder.wait()
    finally:
        if old is None:
            del os.environ["XDG_DATA_HOME"]
        else:
            os.environ["XDG_DATA_HOME"] = old
        drop()


def test_a_game_is_named_one_way_in_output_and_either_way_on_input(store):
    listing = run("stats", "--store", store).stdout + run("games", "--store", store).stdout
    games = listing.replace("dungeon-lords stats", "the command")  # (the command's name is another thing)
    assert "dungeon_lords" in games and "dungeon-lords" not in games  # the game as the data says it
    answers = [
        run("stats", "win_rate_by_strategy", "--game", game, "--json", "--store", store).stdout
        for game in ("dungeon-lords", "dungeon_lords")
    ]
    assert answers[0] == answers[1] and json.loads(answers[0])
