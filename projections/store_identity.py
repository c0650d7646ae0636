"""Which event store a set of read models comes from: recorded once, checked every time (a copy of the read
models must not mix two stores' games). Apart from the package so that the runner, which the package imports,
can use it without importing the package back (no import circle); the package re-exports both names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import duckdb


class ReadModelsOfAnotherStore(ValueError):
    """The read models were projected from another event store (two stores in one folder, or a store
    that was recreated): mixing them would give wrong statistics."""


def bind_to_store(con: duckdb.DuckDBPyConnection, store_id: str) -> None:
    """Record which event store these read models come from, or check that it is this one.

    Raises:
        ReadModelsOfAnotherStore: they come from another store; ``dungeon-lords project --rebuild``.
    """
    con.execute("CREATE TABLE IF NOT EXISTS projection_store (store_id VARCHAR NOT NULL)")
    rows = [r[0] for r in con.execute("SELECT store_id FROM projection_store").fetchall()]
    if not rows:
        has_rows = con.execute("SELECT count(*) FROM projection_tracking").fetchall()[0][0]
        if has_rows:
            raise ReadModelsOfAnotherStore(
                "these read models carry no store identity (projected before stores "
                "had one), so they may mix stores: run `dungeon-lords project --rebuild`"
            )
        con.execute("INSERT INTO projection_store VALUES (?)", [store_id])
    elif rows[0] != store_id:
        raise ReadModelsOfAnotherStore(
            "these read models were projected from another event store (two stores in "
            "one folder, or a store that was recreated): run `dungeon-lords project "
            "--rebuild` to project this store's games afresh"
        )
