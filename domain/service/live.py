"""Word of new events across processes: which game got events, as soon as they are stored.

On PostgreSQL a trigger on the events table (:func:`install_notify`) sends ``NOTIFY dl_game, '<game id>'``
for every game an ``INSERT`` appends to, whoever appends (a server process, the CLI, a simulation). It
runs inside the append's own transaction, so PostgreSQL delivers it when, and only if, that transaction
commits (a conflict, 409 / exit 3, rolls back and tells nobody), and one append of many events is one
notice per game (a statement-level trigger; identical notices of one transaction are folded into one).
One process holds one ``LISTEN`` connection (:class:`Listener`) and fans the notices out to its pages.

SQLite and memory stores have no such channel: a process hears its own appends
(:meth:`~domain.service.application.GameService.on_saved`) and must look at the store now and then for
other processes' (the CLI beside a server).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Mapping
from typing import Any

CHANNEL = "dl_game"
TRIGGER = "dungeonlords_notify"
RETRY = 1.0  # s between attempts to (re)connect a listener whose connection failed
LEGACY_SCHEMA = "public"  # where the tokens and the identity of every store went before they had its schema


def schema_lock_key(schema: str) -> int:
    """The key of the advisory lock under which a schema's tables, types and triggers are created (one
    key per schema: every process creating them holds it, so their creations never interleave)."""
    return int.from_bytes(hashlib.sha256(f"dungeonlords:{schema}".encode()).digest()[:8], "big", signed=True)


def connect(env: Mapping[str, str]) -> Any:
    """A new autocommit psycopg connection to the PostgreSQL store of ``env`` (``store_env``'s keys).

    Raises:
        psycopg.Error: the server cannot be reached or refuses the login."""
    import psycopg

    return psycopg.connect(
        host=env.get("POSTGRES_HOST", "localhost"),
        port=int(env.get("POSTGRES_PORT", "5432")),
        dbname=env["POSTGRES_DBNAME"],
        user=env.get("POSTGRES_USER"),
        password=env.get("POSTGRES_PASSWORD", ""),
        connect_timeout=int(float(env.get("POSTGRES_CONNECT_TIMEOUT", "10"))),
        autocommit=True,
    )


def is_postgres(recorder: Any) -> bool:
    """Whether ``recorder`` (an eventsourcing recorder) keeps its events in PostgreSQL."""
    return any(c.__module__ == "eventsourcing.postgres" for c in type(recorder).__mro__)  # or a subclass (pgrecorder)


def table_of(recorder: Any, table: str) -> str:
    """The name by which ``table``, a table of our own beside ``recorder``'s events (tokens, the store's
    identity), is written in SQL: on PostgreSQL qualified with the store's schema (``?schema=``; the
    connection's current schema is ``public`` whatever the store's is), elsewhere as it is."""
    if not is_postgres(recorder):
        return table
    return '"' + str(recorder.datastore.schema).replace('"', '""') + '".' + table


def adopt_from_public(cursor: Any, recorder: Any, table: str, rows_of_this_store: str) -> None:
    """Before the tokens and the identity table went to the store's schema they were made in ``public``
    (one table for the stores of every schema): when a store outside ``public`` first gets its own
    ``table`` (just created, empty), copy into it the rows of ``public.table`` that are this store's
    (``rows_of_this_store``: a condition on the columns of ``public.table``; the events of the store are
    ``{events}``). Call in the creating transaction, under the schema's advisory lock."""
    if not is_postgres(recorder) or str(recorder.datastore.schema) == LEGACY_SCHEMA:
        return
    legacy = f'"{LEGACY_SCHEMA}".{table}'
    cursor.execute("SELECT to_regclass(%s) IS NOT NULL AS found", (legacy,))
    found = cursor.fetchone()
    if not (found and found["found"]):
        return
    mine = table_of(recorder, table)
    cursor.execute(f"SELECT count(*) AS n FROM {mine}")
    here = cursor.fetchone()
    if here and here["n"]:
        return
    events = table_of(recorder, recorder.events_table_name)
    condition = rows_of_this_store.format(events=events)
    cursor.execute(f"INSERT INTO {mine} SELECT * FROM {legacy} WHERE {condition}")


def install_notify(recorder: Any) -> None:
    """Create the ``dl_game`` trigger on a PostgreSQL recorder's events table, if missing (under the
    schema's advisory lock, in one transaction: processes starting together create it once).

    Raises:
        eventsourcing's PersistenceError: the store cannot be reached or the trigger not created."""
    from psycopg.sql import SQL, Identifier, Literal

    schema = recorder.datastore.schema
    names = {
        "schema": Identifier(schema),
        "table": Identifier(recorder.events_table_name),
        "function": Identifier(TRIGGER),
        "trigger": Identifier(TRIGGER),
        "channel": Literal(CHANNEL),
    }
    exists = SQL(
        "SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE t.tgname = %s AND c.relname = %s AND n.nspname = %s"
    )
    function = SQL(
        "CREATE OR REPLACE FUNCTION {schema}.{function}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        " PERFORM pg_notify({channel}, g::text) FROM (SELECT DISTINCT originator_id AS g FROM appended) s;"
        " RETURN NULL; END $$"
    ).format(**names)
    trigger = SQL(
        "CREATE TRIGGER {trigger} AFTER INSERT ON {schema}.{table} REFERENCING NEW TABLE AS appended"
        " FOR EACH STATEMENT EXECUTE FUNCTION {schema}.{function}()"
    ).format(**names)
    with recorder.datastore.transaction(commit=True) as c:
        c.execute(exists, (TRIGGER, recorder.events_table_name, schema))
        if c.fetchone() is not None:
            return
        c.execute("SELECT pg_advisory_xact_lock(%s)", (schema_lock_key(schema),))
        c.execute(exists, (TRIGGER, recorder.events_table_name, schema))  # made while we waited?
        if c.fetchone() is None:
            c.execute(function)
            c.execute(trigger)


class Listener(threading.Thread):
    """One process's ``LISTEN dl_game`` connection, on a thread of its own: ``on_game(game_id)`` for each
    notice (on this thread), and ``on_gap()`` each time it starts listening (at first and after a lost
    connection, when notices may have been missed: look at the store once). ``listening`` is set while it
    listens; :meth:`stop` ends it within a second."""

    def __init__(self, env: Mapping[str, str], on_game: Callable[[str], None], on_gap: Callable[[], None]) -> None:
        super().__init__(name="dl-listener", daemon=True)
        self.env, self.on_game, self.on_gap = env, on_game, on_gap
        self.listening = threading.Event()
        self.stopping = threading.Event()
        self.backend: int | None = None  # the server process of the LISTEN connection (PostgreSQL's pid)

    def run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with connect(self.env) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.backend = conn.info.backend_pid
                    self.listening.set()
                    self.on_gap()
                    while not self.stopping.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            self.on_game(notice.payload)
            except psycopg.Error:
                pass  # the server went away: the pages fall back to looking (see on_gap), then we retry
            self.listening.clear()
            self.on_gap()
            self.stopping.wait(RETRY)

    def stop(self) -> None:
        """Stop listening (the thread ends within a second; the connection closes with it)."""
        self.stopping.set()
