"""The read models as a Hive-partitioned Parquet dataset, and the named questions over one (issue #34).

    written = write_dataset(con, "data/", tables, partition_by=("game", "ruleset", "month"),
                            schema_version=SCHEMA_VERSION, engine="dungeon-lords 0.1.0")
    ds = open_dataset("data/", schema_version=SCHEMA_VERSION)   # an in-memory DuckDB, one view per read model
    run_question(ds, "win_rate_by_strategy")                       # the same answer as over the read models

The layout (``DIR/<table>/game=<game>/ruleset=<ruleset>/month=<YYYY-MM>/data_0.parquet``, Spark's
``__HIVE_DEFAULT_PARTITION__`` for a missing value) is what DuckDB's ``read_parquet(..., hive_partitioning=true)``,
Polars' ``scan_parquet(..., hive_partitioning=True)`` and Spark read as one table per folder, pruning the
partitions a filter rules out. Every read model is written, the aggregates (``*_cells``) too: the questions over
the dataset then take the very path they take over the read models (an aggregate when it is fresh and the filters
allow, ``analytics.prepare``), so the answers are the same, and as quick to plan.

The partitions of a row are its game's: ``game`` and ``ruleset`` are the game's (``games.game``,
``games.ruleset``; an aggregate's own columns), ``month`` is the UTC month (``YYYY-MM``) of ``games.started_at``,
the time the game's first event was stored (an aggregate's ``day``, the same day): every row of a game lies in
the same partition, and ``--since``/``--until`` read the same time. A table that has no such column of its own
gets it in the files' paths only (the views of :func:`open_dataset` leave it out; Polars and Spark show it).

``DIR/_dataset.json`` (:data:`MANIFEST`) says what the dataset is: its format version, the read models' schema
version (:func:`open_dataset` refuses another: an answer never mixes two shapes), the event store they were
projected from and up to which notification, the rows and columns of every table, and how it was partitioned.
Times are written as UTC instants (``TIMESTAMP WITH TIME ZONE``), JSON as text; the views give them back in the
read models' own types.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

MANIFEST = "_dataset.json"
#: what :data:`MANIFEST` says the folder is, and the version of this layout
KIND = "dungeon-lords partitioned read models"
DATASET_VERSION = 1
#: the partition keys ``--partition-by`` takes, and what each is for a row
PARTITION_KEYS = {
    "game": "the game's registry name (games.game)",
    "ruleset": "the game's ruleset (games.ruleset)",
    "month": "the UTC month (YYYY-MM) of games.started_at, when the game's first event was stored",
}
#: the small tables the questions read beside the read models (freshness of the aggregates, provenance),
#: kept in the manifest and made again in memory by :func:`open_dataset`
STATE_TABLES = {
    "projection_tracking": "name VARCHAR, position BIGINT",
    "projection_head": (
        "name VARCHAR, position BIGINT, originator_id VARCHAR, originator_version BIGINT, digest VARCHAR"
    ),
    "projection_store": "store_id VARCHAR",
    "rollup_state": "position BIGINT",
}


class NotADataset(ValueError):
    """The folder is missing, or holds no dataset written by ``export-data --partition-by`` (no manifest)."""


class DatasetUnusable(ValueError):
    """The dataset is of another read-model schema or layout version, or its files cannot be read."""


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _columns(con, table: str) -> list[tuple[str, str]]:
    return [
        (r[0], r[1])
        for r in con.execute(
            "SELECT column_name, data_type FROM duckdb_columns() WHERE schema_name = 'main' "
            "AND database_name = current_database() AND table_name = ? ORDER BY column_index",
            [table],
        ).fetchall()
    ]


def _written_as(column: str, kind: str, alias: str = "t") -> str:
    """A column as the files hold it: a ``TIMESTAMP`` (UTC) as an instant, ``JSON`` as text."""
    if kind == "TIMESTAMP":
        return f"timezone('UTC', {alias}.{column}) AS {column}"
    if kind == "JSON":
        return f"CAST({alias}.{column} AS VARCHAR) AS {column}"
    return f"{alias}.{column}"


def _read_as(column: str, kind: str) -> str:
    """A column of the files as the read model holds it (the inverse of :func:`_written_as`)."""
    if kind == "TIMESTAMP":
        return f"timezone('UTC', {column}) AS {column}"
    return f"CAST({column} AS {kind}) AS {column}"


def _partition_query(table: str, columns: list[tuple[str, str]], keys: tuple[str, ...]) -> str:
    """The rows of ``table`` with their partition columns (:data:`PARTITION_KEYS`): the table's own ``game`` and
    ``ruleset`` when it has them, else its game's; ``month`` from its ``day`` (an aggregate) or its game's
    ``started_at``."""
    names = {c for c, _ in columns}
    select = [_written_as(c, k) for c, k in columns if not (c == "month" and "month" in keys)]
    join = ""
    for key in keys:
        if key in ("game", "ruleset") and key in names:
            continue
        if key == "month" and "day" in names:
            select.append("strftime(t.day, '%Y-%m') AS month")
            continue
        if "game_id" not in names:
            raise ValueError(f"{table} has neither its own {key} nor a game_id to find it by")
        join = " LEFT JOIN games AS p ON p.game_id = t.game_id"
        select.append("strftime(p.started_at, '%Y-%m') AS month" if key == "month" else f"p.{key} AS {key}")
    return f"SELECT {', '.join(select)} FROM {table} AS t{join}"


def _state(con) -> dict[str, list[list[Any]]]:
    have = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main'").fetchall()}
    out = {}
    for table, ddl in STATE_TABLES.items():
        if table in have:
            names = ", ".join(c.split()[0] for c in ddl.split(", "))
            out[table] = [list(r) for r in con.execute(f"SELECT {names} FROM {table}").fetchall()]
    return out


def is_dataset(directory: str | Path) -> bool:
    """Whether ``directory`` holds a dataset's manifest."""
    return (Path(directory) / MANIFEST).is_file()


def write_dataset(
    con,
    directory: str | Path,
    tables: list[str],
    partition_by: tuple[str, ...],
    schema_version: str,
    engine: str,
) -> dict[str, int]:
    """Write every read model of ``tables`` (in ``con``) under ``directory`` as Hive-partitioned Parquet
    (DuckDB's ``COPY ... PARTITION_BY``), with the manifest; returns the rows written per table.

    The dataset is written beside ``directory`` and put in its place when whole: a dataset there before is
    replaced, a reader never sees half of one, and a failed export leaves what was there.

    Raises:
        ValueError: a partition key not in :data:`PARTITION_KEYS`, or given twice; ``directory`` is a file, or a
            folder holding files and no dataset (nothing is overwritten that this did not write).
        duckdb.Error: a file cannot be written.
    """
    unknown = [k for k in partition_by if k not in PARTITION_KEYS]
    if unknown or not partition_by or len(set(partition_by)) != len(partition_by):
        raise ValueError(
            f"--partition-by takes some of {', '.join(PARTITION_KEYS)} (each once), not {','.join(partition_by)!r}"
        )
    target = Path(directory)
    if target.exists() and (not target.is_dir() or (any(target.iterdir()) and not is_dataset(target))):
        raise ValueError(f"{target} holds files that are not a dataset written here; give a new or empty folder")
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent))
    try:
        con.execute("SET TimeZone = 'UTC'")
        manifest: dict[str, Any] = {"tables": {}}
        for table in tables:
            columns = _columns(con, table)
            query = _partition_query(table, columns, partition_by)
            rows = con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0]
            if rows:
                options = f"FORMAT parquet, PARTITION_BY ({', '.join(partition_by)})"
                con.execute(f"COPY ({query}) TO {_literal(str(work / table))} ({options})")
            manifest["tables"][table] = {"rows": int(rows), "columns": [list(c) for c in columns]}
        state = _state(con)
        head = (state.get("projection_head") or [[None, 0, None, None, ""]])[0]
        manifest = {
            "kind": KIND,
            "dataset_version": DATASET_VERSION,
            "schema_version": schema_version,
            "partition_by": list(partition_by),
            "partitions": {k: PARTITION_KEYS[k] for k in partition_by},
            "store_id": (state.get("projection_store") or [[""]])[0][0],
            "head_notification": head[1],
            "head_digest": head[4] or "",
            "engine": engine,
            "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "state": state,
            **manifest,
        }
        (work / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        _swap_in(work, target)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return {t: v["rows"] for t, v in manifest["tables"].items()}


def _swap_in(work: Path, target: Path) -> None:
    """Put the written folder ``work`` at ``target``; the dataset there before (if any) is removed after."""
    old = None
    if target.exists():
        old = target.parent / f".{target.name}.{work.name}.old"
        target.rename(old)
    work.rename(target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def manifest(directory: str | Path) -> dict[str, Any]:
    """The manifest of the dataset in ``directory``.

    Raises:
        NotADataset: no such folder, or no readable manifest of this kind in it.
    """
    path = Path(directory)
    if not path.is_dir():
        raise NotADataset(f"{path} is not a folder")
    try:
        found = json.loads((path / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        found = None
    if not isinstance(found, dict) or found.get("kind") != KIND:
        raise NotADataset(f"{path} holds no dataset written by `export-data --partition-by` (no {MANIFEST})")
    return found


def open_dataset(directory: str | Path, schema_version: str, database: str = ":memory:"):
    """An in-memory DuckDB connection over the dataset in ``directory``: one view per read model over its
    Parquet files (``read_parquet(..., hive_partitioning = true)``), in the read models' column order and types,
    and the small state tables (:data:`STATE_TABLES`) from the manifest, so that ``analytics.run_question``,
    ``scope_of``, ``warnings_for`` and ``analytics.api.provenance`` answer as over the read models.

    Raises:
        NotADataset: see :func:`manifest`.
        DatasetUnusable: another layout version or read-model schema version (export the store again with this
            engine), or a table's files are missing or cannot be read.
    """
    import duckdb

    found = manifest(directory)
    if found.get("dataset_version") != DATASET_VERSION or found.get("schema_version") != schema_version:
        raise DatasetUnusable(
            f"{directory} holds read models of schema {found.get('schema_version')} (layout "
            f"{found.get('dataset_version')}); this engine reads schema {schema_version} (layout {DATASET_VERSION}): "
            "export the store again with `export-data --partition-by`"
        )
    root = Path(directory).resolve()
    con = duckdb.connect(database)
    try:
        _views(con, root, found)
    except DatasetUnusable:
        con.close()
        raise
    except duckdb.Error as exc:
        con.close()
        raise DatasetUnusable(f"{directory}: {str(exc).splitlines()[0]}") from None
    return con


def _views(con, root: Path, found: dict[str, Any]) -> None:
    hive = "{" + ", ".join(f"'{k}': 'VARCHAR'" for k in found["partition_by"]) + "}"
    for table, info in found["tables"].items():
        columns = [(c, k) for c, k in info["columns"]]
        if info["rows"]:
            files = _literal(str(root / table / "**" / "*.parquet"))
            source = f"read_parquet({files}, hive_partitioning = true, hive_types = {hive})"
            select = ", ".join(_read_as(c, k) for c, k in columns)
        else:  # no row, no file: the table's shape only
            source = "(SELECT 1) WHERE false"
            select = ", ".join(f"CAST(NULL AS {k}) AS {c}" for c, k in columns)
        if info["rows"]:  # every file's footer read (a damaged one is refused here), the rows counted
            held = con.execute(f"SELECT sum(num_rows) FROM parquet_file_metadata({files})").fetchall()[0][0]
            if held != info["rows"]:
                raise DatasetUnusable(
                    f"{root}: {table} holds {held} rows in its files, the manifest {info['rows']}: "
                    "the files were changed after the export; export the store again"
                )
        con.execute(f"CREATE VIEW {table} AS SELECT {select} FROM {source}")
    for table, ddl in STATE_TABLES.items():
        if table in found.get("state", {}):
            con.execute(f"CREATE TABLE {table} ({ddl})")
            for row in found["state"][table]:
                con.execute(f"INSERT INTO {table} VALUES ({', '.join('?' for _ in row)})", row)


__all__ = [
    "DATASET_VERSION",
    "MANIFEST",
    "PARTITION_KEYS",
    "DatasetUnusable",
    "NotADataset",
    "is_dataset",
    "manifest",
    "open_dataset",
    "write_dataset",
]
