"""Read models built from the event log into DuckDB (architecture §5).

    from projections import analytics_path, open_analytics, project
    con = open_analytics(analytics_path(env))       # env: the store's eventsourcing env (domain.storage)
    result = project(app, con)                       # catch up: ProjectionResult(events, batches, seconds, position)

* :mod:`projections.schema` (fixed): the tables ``events``, ``games``, ``player_results``, ``paladins``,
  ``battles``, ``damage``, ``orders``, ``evil`` and the tracking table ``projection_tracking``.
* :mod:`projections.runner`: :func:`project`, the exactly-once batched pull loop (rows and position
  in one DuckDB transaction; resume from the stored position; a batch that does not start beyond it
  is refused with :class:`~projections.runner.BatchRefused`), and :func:`read_ceiling`, which only
  reads the notification log (the benchmark's ceiling).
* :mod:`projections.staging`: notifications -> NDJSON (the stored JSON as it is, upcast if old).
* :mod:`projections.derive`: the SQL that derives every read model from a batch of events.
* :mod:`projections.strategy`: :func:`derive_strategy` (and the same rule in SQL), the strategy of a
  player of a recorded game.

The engine does not depend on this package; it depends on ``domain`` and ``duckdb`` only.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import duckdb

from .runner import BatchRefused, ProjectionResult, Projector, project, read_ceiling
from .schema import create_all
from .strategy import derive_strategy

ANALYTICS_FILE = "analytics.duckdb"


def analytics_path(env: Mapping[str, str] | str | None = None) -> str:
    """Where the read models of a store live. ``env`` is the store's eventsourcing env
    (``domain.storage.store_env``), or a store spec that is turned into one.

    * SQLite file: ``analytics.duckdb`` in the same directory as the event store file;
    * SQLite in memory and the memory store (POPO): ``":memory:"``;
    * PostgreSQL: ``analytics-<host>-<port>-<dbname>[-<schema>].duckdb`` in the user data directory
      (``platformdirs``, created if missing): one file per database, so two databases never share a
      projection position.
    """
    if env is None or isinstance(env, str):
        from domain.storage import store_env
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
        parts = [env.get("POSTGRES_HOST", "localhost"), env.get("POSTGRES_PORT", "5432"),
                 env.get("POSTGRES_DBNAME", "")]
        if env.get("POSTGRES_SCHEMA"):
            parts.append(env["POSTGRES_SCHEMA"])
        safe = "-".join("".join(ch if ch.isalnum() or ch in "._" else "_" for ch in p) for p in parts)
        return str(d / f"analytics-{safe}.duckdb")
    return ":memory:"


def open_analytics(path: str | Path = ":memory:", read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """A DuckDB connection to the read models at ``path``, with every table created (unless
    ``read_only``: then the file must exist, and nothing is created)."""
    if read_only:
        return duckdb.connect(str(path), read_only=True)
    con = duckdb.connect(str(path))
    create_all(con)
    return con


__all__ = ["ANALYTICS_FILE", "BatchRefused", "ProjectionResult", "Projector", "analytics_path", "create_all",
           "derive_strategy", "open_analytics", "project", "read_ceiling"]
