"""The read models without the engine, when they are already caught up: `stats` on a SQLite store then
opens no event-store library and imports no rule (start-up in a quarter of a second, not most of one).

Taken only when everything is certain: the store is a SQLite file (as ``--store`` / ``DL_STORE`` or the
default) holding a store identity, the read models beside it were projected from that store, in today's
shape, up to the store's last notification. Anything else (PostgreSQL, memory, a store with new events,
a missing or foreign file) returns None and the command takes the usual way, which catches up.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

#: what domain.service.storage accepts as a SQLite file, and the store identity's table
#: (domain.service.application.IDENTITY_TABLE; tests/test_analytics_trust.py keeps them equal)
SQLITE_SUFFIXES = (".sqlite", ".sqlite3", ".db")
IDENTITY_TABLE = "dungeonlords_store"


def sqlite_file(store: str | None) -> Path | None:
    """The SQLite file a store spec names (None: not a SQLite file store)."""
    if store is None:
        import platformdirs

        return Path(platformdirs.user_data_dir("dungeon-lords")) / "games.sqlite"
    spec = store.strip()
    if spec.startswith("sqlite://"):
        spec = spec[len("sqlite://") :]
    elif not spec.lower().endswith(SQLITE_SUFFIXES) or spec.startswith(("postgres", "memory")):
        return None
    return Path(spec).expanduser().resolve() if spec else None


def caught_up(store: str | None):
    """An open DuckDB connection to the read models of ``store`` when they are caught up with it, else None."""
    path = sqlite_file(store)
    if path is None or not path.is_file():
        return None
    models = path.parent / "analytics.duckdb"
    if not models.is_file():
        return None
    try:
        events = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            head = events.execute("SELECT max(rowid) FROM stored_events").fetchall()[0][0] or 0
            identity = events.execute(f"SELECT id FROM {IDENTITY_TABLE}").fetchall()
        finally:
            events.close()
    except sqlite3.Error:
        return None
    if len(identity) != 1:
        return None
    import duckdb

    from projections.schema import SCHEMA_VERSION

    try:
        con = duckdb.connect(str(models))
    except duckdb.Error:
        return None
    try:
        version = con.execute("SELECT version FROM projection_schema").fetchall()
        position = con.execute("SELECT max(position) FROM projection_tracking").fetchall()[0][0]
        bound = con.execute("SELECT store_id FROM projection_store").fetchall()
    except duckdb.Error:
        con.close()
        return None
    if version == [(SCHEMA_VERSION,)] and position == head and bound == [(str(identity[0][0]),)]:
        return con
    con.close()
    return None
