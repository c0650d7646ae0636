"""Read models built from the event log into DuckDB (architecture §5).

    from projections import analytics_path, open_analytics, project
    con = open_analytics(analytics_path(env))       # env: the store's eventsourcing env (domain.service.storage)
    result = project(app, con)                       # catch up: ProjectionResult(events, batches, seconds, position)

* :mod:`projections.schema` (fixed): the tables ``events``, ``games``, ``player_results``, ``paladins``,
  ``battles``, ``damage``, ``orders``, ``evil`` and the tracking table ``projection_tracking``.
* :mod:`projections.runner`: :func:`project`, the exactly-once batched pull loop (rows and position
  in one DuckDB transaction; resume from the stored position; a batch that does not start beyond it
  is refused with :class:`~projections.runner.BatchRefused`), and :func:`read_ceiling`, which only
  reads the notification log (the benchmark's ceiling).
* :mod:`projections.staging`: notifications -> NDJSON (the stored JSON as it is, upcast if old).
* :mod:`projections.derive`: every game's projection run on a batch of events, with the aggregates; each
  game's SQL is its module in :mod:`projections.games`, found by its registry name (Dungeon Lords' holds
  ``derive_strategy`` too, the strategy of a player of a recorded game, and the same rule in SQL).
* :mod:`projections.swap`: writing without keeping readers waiting: a copy of the file, projected under a
  writers' lock file and renamed over it; :func:`~projections.swap.read_models` (current, caught up, or the
  published file while another process writes, saying how far behind).
* :mod:`projections.rollups`: the aggregates every question reads when its filters allow (``seat_cells``,
  ``pair_cells`` ...), kept in the same transaction as the rows and the position.

The engine does not depend on this package; it depends on ``domain`` and ``duckdb`` only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .schema import create_all
from .store_identity import ReadModelsOfAnotherStore, bind_to_store

if TYPE_CHECKING:
    import duckdb

    from .runner import BatchRefused, ProjectionResult, Projector, project, read_ceiling

#: names imported on first use (the runner brings the event store's library and the engine with it; a
#: caught-up `stats` never needs them)
_LAZY = {
    "BatchRefused": "runner",
    "ProjectionResult": "runner",
    "Projector": "runner",
    "project": "runner",
    "read_ceiling": "runner",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


ANALYTICS_FILE = "analytics.duckdb"


def analytics_path(env: Mapping[str, str] | str | None = None) -> str:
    """Where the read models of a store live. ``env`` is the store's eventsourcing env
    (``domain.service.storage.store_env``), or a store spec that is turned into one.

    * SQLite file: ``analytics.duckdb`` in the same directory as the event store file;
    * SQLite in memory and the memory store (POPO): ``":memory:"``;
    * PostgreSQL: ``analytics-<host>-<port>-<dbname>[-<schema>].duckdb`` in the user data directory
      (``platformdirs``, created if missing): one file per database, so two databases never share a
      projection position.
    """
    if env is None or isinstance(env, str):
        from domain.service.storage import store_env

        env = store_env(env)
    module = env.get("PERSISTENCE_MODULE", "eventsourcing.popo")
    if module == "eventsourcing.sqlite":
        name = env.get("SQLITE_DBNAME", ":memory:")
        if name == ":memory:" or "mode=memory" in name:
            return ":memory:"
        return str(Path(name).expanduser().resolve().parent / ANALYTICS_FILE)
    if module == "eventsourcing.postgres":
        import platformdirs

        d = Path(platformdirs.user_data_dir("dungeon-lords"))
        d.mkdir(parents=True, exist_ok=True)
        parts = [
            env.get("POSTGRES_HOST", "localhost"),
            env.get("POSTGRES_PORT", "5432"),
            env.get("POSTGRES_DBNAME", ""),
        ]
        if env.get("POSTGRES_SCHEMA"):
            parts.append(env["POSTGRES_SCHEMA"])
        safe = "-".join("".join(ch if ch.isalnum() or ch in "._" else "_" for ch in p) for p in parts)
        return str(d / f"analytics-{safe}.duckdb")
    return ":memory:"


class AnalyticsBusy(RuntimeError):
    """Another process holds the read models' file (DuckDB allows one writer) for longer than we waited."""


#: words of DuckDB's messages that say a read-models file is damaged (a checksum that does not match, a
#: file shorter than its own metadata says)
DAMAGED = ("Corrupt database file", "Could not read enough bytes")


def damaged(exc: BaseException) -> bool:
    """``exc`` is DuckDB saying that a database file is damaged (truncated, or a block's checksum fails)."""
    import duckdb

    return isinstance(exc, duckdb.Error) and any(word in str(exc) for word in DAMAGED)


def open_analytics(
    path: str | Path = ":memory:",
    read_only: bool = False,
    wait: float = 0.0,
    say: Callable[[str], None] | None = None,
    rebuild: bool = False,
) -> duckdb.DuckDBPyConnection:
    """A DuckDB connection to the read models at ``path``, with every table created (unless
    ``read_only``: then the file must exist, and nothing is created).

    The read models are disposable (they are derived from the log): a file DuckDB cannot read (empty,
    truncated, garbage, a block whose checksum fails, left half-written by a full disk) is renamed aside to
    ``PATH.broken-<time>`` (its write-ahead log beside it, as ``PATH.broken-<time>.wal``) and a new one is
    started, and ``say`` is told. With ``rebuild`` every read model is dropped first (``project
    --rebuild``), and a file damaged where only that reads it is set aside the same way. A file locked by
    another process is waited for up to ``wait`` seconds (``say`` is told once).

    Raises:
        AnalyticsBusy: still locked after ``wait`` seconds.
        duckdb.Error: the file cannot be opened for another reason (permissions, a read-only file ...).
    """
    import time

    import duckdb

    deadline = time.monotonic() + wait
    told = False
    while True:
        con = None
        try:
            if read_only:
                return duckdb.connect(str(path), read_only=True)
            con = duckdb.connect(str(path))
            create_all(con)
            if rebuild:  # read every block first: a damaged one is then found, and the file set aside whole
                _read_every_block(con)
                rebuild_analytics(con)
            return con
        except duckdb.Error as exc:
            if con is not None:  # let go of the file: DuckDB keeps one instance per path while it is open
                con.close()
            text = str(exc)
            if isinstance(exc, duckdb.IOException) and "lock" in text.lower():
                if time.monotonic() >= deadline:
                    raise AnalyticsBusy(
                        f"another dungeon-lords process is using {path}; try again when it has finished"
                    ) from None
                if say and not told:
                    say(f"waiting for another process to finish with {path} ...")
                    told = True
                time.sleep(0.5)
                continue
            unreadable = isinstance(exc, duckdb.IOException) or damaged(exc)
            if str(path) == ":memory:" or read_only or not Path(path).exists() or not unreadable:
                raise
            aside = f"{path}.broken-{time.strftime('%Y%m%d-%H%M%S')}"
            Path(path).rename(aside)
            wal = Path(f"{path}.wal")
            if wal.exists():  # it belongs to the damaged file: replayed into a new one it would damage that too
                wal.rename(f"{aside}.wal")
            if say:
                say(
                    f"the read models in {path} could not be read ({text.splitlines()[0]}); set aside as "
                    f"{aside} and projected again from the event log"
                )


def _read_every_block(con: duckdb.DuckDBPyConnection) -> None:
    """Read every column of every table (DuckDB checks each block's checksum as it reads it).

    Raises:
        duckdb.Error: a block is damaged (:func:`damaged`).
    """
    tables = [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() WHERE NOT temporary").fetchall()]
    for table in tables:
        con.execute(f'SELECT sum(hash(COLUMNS(*))) FROM "{table}"').fetchall()


def witnessed(path: str | Path, store_id: str, game_id: Any) -> tuple[int, str | None] | None:
    """The last event of ``game_id`` the read models at ``path`` projected: ``(its number, its chain hash)``
    (``projection_witness``, written in the projection's transaction); None when there are no read models
    there, they come from another store than ``store_id``, are older than the witness, or never saw the game.
    The file is opened read-only and let go at once.

    Raises:
        duckdb.Error: the file is held by another process that is writing it, or is damaged.
    """
    import duckdb

    if str(path) == ":memory:" or not Path(path).is_file():
        return None
    con = duckdb.connect(str(path), read_only=True)
    try:
        tables = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
        if not {"projection_witness", "projection_store"} <= tables:
            return None
        if con.execute("SELECT store_id FROM projection_store").fetchall() != [(store_id,)]:
            return None
        rows = con.execute("SELECT seq, chain FROM projection_witness WHERE game_id = ?", [str(game_id)]).fetchall()
    finally:
        con.close()
    return (int(rows[0][0]), rows[0][1]) if rows else None


def open_current(app: Any, path: str | Path, behind: bool = False) -> duckdb.DuckDBPyConnection | None:
    """A read-only connection to the read models at ``path`` when they are current for ``app``'s store (today's
    shape, this store's, every notification applied, the last one the event they applied), else None. Read-only,
    it waits for nobody and blocks nobody: a notebook's read-only connection and `stats` coexist, and a writer
    works on a copy (:mod:`projections.swap`). ``behind``: also when they hold only the store's first
    notifications (another process is catching them up).

    Raises:
        ReadModelsOfAnotherStore: they went on from a copy of this store (``projections.runner.check_head``).
    """
    import duckdb

    from .runner import check_head, stored_position
    from .schema import SCHEMA_VERSION

    if str(path) == ":memory:" or not Path(path).is_file():
        return None
    try:
        con = duckdb.connect(str(path), read_only=True)
    except duckdb.Error:  # held by a writer (or damaged): the caller takes the writing way, which says so
        return None
    try:
        tables = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
        current = (
            {"projection_schema", "projection_store", "projection_head", "projection_tracking"} <= tables
            and con.execute("SELECT version FROM projection_schema").fetchall() == [(SCHEMA_VERSION,)]
            and con.execute("SELECT store_id FROM projection_store").fetchall() == [(app.store_id(),)]
            and _caught_up(stored_position(con), app.recorder.max_notification_id() or 0, behind)
        )
        if current:
            check_head(con, app.recorder)
            return con
    except duckdb.Error:  # damaged where these read: the writing way sets the file aside, or says what to run
        con.close()
        return None
    except BaseException:
        con.close()
        raise
    con.close()
    return None


def _caught_up(position: int, head: int, behind: bool) -> bool:
    return position <= head if behind else position == head


def rebuild_analytics(con: duckdb.DuckDBPyConnection) -> None:
    """Drop every read model in ``con`` (they are derived: ``project`` builds them again from the log)."""
    tables = [
        r[0]
        for r in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_type = 'BASE TABLE'"
        ).fetchall()
    ]
    for table in tables:
        con.execute(f'DROP TABLE IF EXISTS "{table}"')
    create_all(con)


def forget_game(con: duckdb.DuckDBPyConnection, game_id: Any) -> int:
    """Remove every read-model row of a deleted game; returns how many rows went."""
    gid = str(game_id)
    total = 0
    tables = [
        r[0]
        for r in con.execute(
            "SELECT table_name FROM information_schema.columns WHERE column_name = 'game_id' AND table_schema = 'main'"
        ).fetchall()
    ]
    from . import rollups

    def delete() -> None:
        nonlocal total
        for table in tables:
            total += con.execute(f"SELECT count(*) FROM {table} WHERE game_id = ?", [gid]).fetchall()[0][0]
            con.execute(f"DELETE FROM {table} WHERE game_id = ?", [gid])

    rollups.forget_games(con, [gid], delete)  # the aggregates without it, in the same transaction
    # the last notification applied may have been this game's: gone from the store, it can no longer be checked
    con.execute("UPDATE projection_head SET digest = NULL WHERE originator_id = ?", [gid])
    return total


__all__ = [
    "ANALYTICS_FILE",
    "AnalyticsBusy",
    "BatchRefused",
    "ProjectionResult",
    "Projector",
    "ReadModelsOfAnotherStore",
    "analytics_path",
    "bind_to_store",
    "create_all",
    "damaged",
    "forget_game",
    "open_analytics",
    "open_current",
    "project",
    "read_ceiling",
    "rebuild_analytics",
    "witnessed",
]
