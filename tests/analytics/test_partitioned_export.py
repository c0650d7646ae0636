"""The read models as a Hive-partitioned Parquet dataset (issue #34, "Analytics past one DuckDB file"):
`export-data --partition-by game,ruleset,month` writes one, DuckDB reads it as one table per read model, and
every named question of every registered game answers over it (`stats --data DIR`) as over the read models,
stratified and pooled, with and without filters. Floats are compared to 9 places: a sum over files in parallel
may differ from the one over the database in its last bits."""

from __future__ import annotations

import json
import math
from pathlib import Path
from urllib.parse import unquote

import duckdb
import pytest
from clirun import run as cli

from analytics import QUESTIONS, run_question, scope_of, warnings_for
from analytics.api import provenance
from analytics.dataset import MANIFEST, DatasetUnusable, NotADataset, open_dataset, write_dataset
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.service.application import GameService
from domain.service.simulation import plans, run
from projections import project, rollups
from projections.schema import SCHEMA_VERSION, TABLES

KEYS = ("game", "ruleset", "month")
#: the months some games are moved to (the simulated ones all start now): several month partitions
MONTHS = ("2026-01", "2026-02")


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """Read models of both games, three Dungeon Lords rulesets, every player count, games in three months;
    and their dataset."""
    app = GameService.open("memory")
    for batch in (
        plans(9, seed=21),  # 2, 3, 4 players, both variants
        plans(6, seed=22, modules=RULESETS["festival"]),
        plans(4, seed=23, modules=("five_seasons",)),
    ):
        for log, final in run(batch):
            app.create_from_events(log, final_state=final)
    for log, final in run(plans(6, seed=24, game="monster_inn")):  # 3, 4, 5 players
        app.create_from_events(log, final_state=final, game="monster_inn")
    con = duckdb.connect()
    project(app, con)
    moved = [r[0] for r in con.execute("SELECT game_id FROM games ORDER BY game_id").fetchall()]
    for i, gid in enumerate(moved[::3]):  # a third of the games into earlier months (the aggregates' day too)
        con.execute(
            "UPDATE games SET started_at = CAST(? AS TIMESTAMP) + (started_at - date_trunc('day', started_at)) "
            "WHERE game_id = ?",
            [f"{MONTHS[i % 2]}-1{i % 9}", gid],
        )
    rollups.refresh(con)
    out = tmp_path_factory.mktemp("dataset") / "data"
    written = write_dataset(con, out, list(TABLES), KEYS, SCHEMA_VERSION, "dungeon-lords test")
    yield con, out, written
    con.close()


def _close(x, y) -> bool:
    if isinstance(x, float) or isinstance(y, float):
        return x is not None and y is not None and math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9)
    return x == y


def _same(a: list[tuple], b: list[tuple]) -> bool:
    return len(a) == len(b) and all(len(r) == len(s) and all(map(_close, r, s)) for r, s in zip(a, b))


def _asked(q) -> list[dict]:
    """Every way a question is asked here: each registered game it reads, default and pooled, and filtered."""
    games = ("dungeon_lords", "monster_inn") if q.game == "common" else (q.game,)
    out = []
    for game in games:
        for extra in ({}, {"pooled": True}, {"players": 3}, {"rulesets": ["base"], "pooled": True}):
            out.append({"game": game, **extra})
    out.append({"game": games[0], "since": "2026-02-01", "until": "2026-03-01"})  # months moved: whole days
    out.append({"game": games[0], "since": "2026-02-01 12:00:00"})  # not a whole day: the read models' own SQL
    return out


@pytest.mark.parametrize("name", list(QUESTIONS))
def test_every_question_answers_over_the_dataset_as_over_the_read_models(models, name):
    con, out, _ = models
    ds = open_dataset(out, SCHEMA_VERSION)
    try:
        answered = 0
        for params in _asked(QUESTIONS[name]):
            columns, rows = run_question(con, name, **params)
            got_columns, got = run_question(ds, name, **params)
            assert got_columns == columns and _same(got, rows), (name, params, got, rows)
            assert scope_of(ds, name, **params) == scope_of(con, name, **params)
            assert warnings_for(ds, name, columns, got, **params) == warnings_for(con, name, columns, rows, **params)
            answered += bool(rows)
        assert answered, f"{name}: no answer has a row here; the comparison would prove nothing"
    finally:
        ds.close()


def test_the_layout_is_hive_partitioned_by_game_ruleset_and_month(models):
    """One folder per table, then game=/ruleset=/month=; a row's partition is its game's; the files are read as
    one table by DuckDB on its own (no view), the partition keys as columns."""
    con, out, written = models
    assert written == {t: con.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0] for t in TABLES}
    expected = {
        (g, r, m)
        for g, r, m in con.execute("SELECT game, ruleset, strftime(started_at, '%Y-%m') FROM games").fetchall()
    }
    assert {m for *_, m in expected} >= set(MONTHS) and len({r for _, r, _ in expected}) >= 3
    for table in ("games", "player_results", "events", "seat_cells", "pair_cells", "mi_takes", "take_cells"):
        paths = {p.parent.relative_to(out / table).parts for p in (out / table).rglob("*.parquet")}
        assert {tuple(part.split("=")[0] for part in p) for p in paths} == {KEYS}, table
        found = {tuple(unquote(part.split("=", 1)[1]) for part in p) for p in paths}
        assert found and found <= expected, table
    assert {unquote(p.parent.name.split("=")[1]) for p in (out / "games").rglob("*.parquet")} == {
        m for *_, m in expected
    }
    raw = duckdb.connect()
    glob = str(out / "player_results" / "**" / "*.parquet")
    rows = raw.execute(
        "SELECT p.game_id, p.month, p.ruleset FROM read_parquet(?, hive_partitioning = true) AS p", [glob]
    ).fetchall()
    months = dict(con.execute("SELECT game_id, strftime(started_at, '%Y-%m') || '|' || ruleset FROM games").fetchall())
    assert rows and all(months[gid] == f"{month}|{ruleset}" for gid, month, ruleset in rows)


def test_the_manifest_says_the_schema_the_store_and_the_rows(models):
    con, out, written = models
    said = json.loads((out / MANIFEST).read_text())
    assert said["schema_version"] == SCHEMA_VERSION and said["partition_by"] == list(KEYS)
    assert {t: v["rows"] for t, v in said["tables"].items()} == written
    ds = open_dataset(out, SCHEMA_VERSION)
    try:
        mine, theirs = provenance(ds, "e"), provenance(con, "e")
        for key in ("store_id", "head_notification", "head_digest"):
            assert mine[key] == theirs[key], key
        for table in TABLES:  # the read models' own column names and types, in their order
            shape = [r[:2] for r in con.execute(f"DESCRIBE {table}").fetchall()]
            assert [r[:2] for r in ds.execute(f"DESCRIBE {table}").fetchall()] == shape, table
    finally:
        ds.close()


def test_another_schema_version_a_missing_folder_or_changed_files_are_refused(models, tmp_path):
    _, out, _ = models
    with pytest.raises(NotADataset):
        open_dataset(tmp_path / "nowhere", SCHEMA_VERSION)
    with pytest.raises(NotADataset):
        open_dataset(tmp_path, SCHEMA_VERSION)
    with pytest.raises(DatasetUnusable, match="schema"):
        open_dataset(out, "another")
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    next((copy / "games").rglob("*.parquet")).unlink()
    with pytest.raises(DatasetUnusable, match="games holds"):
        open_dataset(copy, SCHEMA_VERSION)
    next((copy / "events").rglob("*.parquet")).write_bytes(b"not parquet")
    with pytest.raises(DatasetUnusable):
        open_dataset(copy, SCHEMA_VERSION)


# --- the commands --------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """A small store of both games, two player counts of Dungeon Lords."""
    path = tmp_path_factory.mktemp("parq") / "games.sqlite"
    spec = f"sqlite:///{path}"
    cli("simulate", "--games", "2", "--players", "2", "--seed", "1", "--store", spec)
    cli("simulate", "--games", "2", "--players", "3", "--seed", "2", "--ruleset", "festival", "--store", spec)
    cli("simulate", "--games", "2", "--players", "3", "--game", "monster-inn", "--seed", "3", "--store", spec)
    return spec


def _json(result) -> list:
    return json.loads(result.stdout)


def test_stats_data_answers_as_stats_over_the_store(store, tmp_path):
    out = tmp_path / "data"
    said = cli("export-data", "--out", out, "--partition-by", "game,ruleset,month", "--store", store)
    assert "partitioned by game,ruleset,month" in " ".join(said.stdout.split()) and (out / MANIFEST).is_file()
    for args in (
        ("win_rate_by_strategy",),
        ("win_rate_by_strategy", "--pooled"),
        ("seat_advantage", "--game", "monster-inn"),
        ("who_leaves_first", "--players", "3"),
        ("score_breakdown", "--ruleset", "base"),
    ):
        over_store = _json(cli("stats", *args, "--json", "--store", store))
        over_data = cli("stats", *args, "--json", "--data", out)
        assert over_store and _same(
            [tuple(r.values()) for r in _json(over_data)], [tuple(r.values()) for r in over_store]
        )
        assert "note: the dataset" in over_data.stderr and "store " in over_data.stderr
    again = cli("export-data", "--out", out, "--partition-by", "month", "--store", store)  # a dataset is replaced
    assert (
        "partitioned by month" in " ".join(again.stdout.split()) and not (out / "games" / "game=dungeon_lords").exists()
    )
    by_month = _json(cli("stats", "head_to_head", "--json", "--data", out))
    assert _same(
        [tuple(r.values()) for r in by_month],
        [tuple(r.values()) for r in _json(cli("stats", "head_to_head", "--json", "--store", store))],
    )


def _refused(code: int, *args) -> str:
    result = cli(*args, ok=False)
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


def test_the_refusals_are_one_line_with_their_exit_code(store, tmp_path):
    out = tmp_path / "data"
    cli("export-data", "--out", out, "--partition-by", "game,ruleset,month", "--store", store)
    assert "not a folder" in _refused(2, "stats", "win_rate_by_strategy", "--data", tmp_path / "none")
    assert "no dataset" in _refused(2, "stats", "win_rate_by_strategy", "--data", tmp_path)
    assert "--players 5" in _refused(2, "stats", "win_rate_by_strategy", "--players", "5", "--data", out)
    assert "--sql" in _refused(2, "stats", "--sql", "SELECT 1", "--data", out)
    manifest = json.loads((out / MANIFEST).read_text())
    (out / MANIFEST).write_text(json.dumps({**manifest, "schema_version": "0000"}))
    assert "schema 0000" in _refused(5, "stats", "win_rate_by_strategy", "--data", out)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    assert "not a dataset" in _refused(
        2, "export-data", "--out", tmp_path / "other", "--partition-by", "game", "--store", store
    )
    assert (tmp_path / "other" / "notes.txt").read_text() == "mine"
    assert "game,ruleset,month" in _refused(2, "export-data", "--out", out, "--partition-by", "year", "--store", store)
    assert "Parquet only" in _refused(
        2, "export-data", "--out", out, "--partition-by", "game", "--format", "csv", "--store", store
    )
    assert "every game" in _refused(
        2, "export-data", "--out", out, "--partition-by", "game", "--players", "2", "--store", store
    )


def test_polars_scans_the_dataset_as_one_table(models):
    """The read shown in docs/analytics.md (Polars is not a dependency: skipped without it)."""
    pl = pytest.importorskip("polars")
    con, out, _ = models
    frame = pl.scan_parquet(Path(out) / "games" / "**" / "*.parquet", hive_partitioning=True).collect()
    assert frame.height == con.execute("SELECT count(*) FROM games").fetchall()[0][0]
    assert {"game", "ruleset", "month"} <= set(frame.columns)
