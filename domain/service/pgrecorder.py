"""The PostgreSQL recorder of the store's events: eventsourcing's, its appends sent without psycopg's pipeline.

eventsourcing 9.5 sends an append (table lock, ``NOTIFY``, one ``INSERT ... FROM unnest(array)``) in psycopg's
pipeline mode. psycopg 3.3.9's pipeline loop (``psycopg.generators._pipeline_communicate``, Python and C
alike) stops writing once its queue of commands is empty even when libpq's output buffer is not yet all on the
socket; it then waits to read an answer the server cannot give, as the server is still reading the statement
(``ClientRead``): the append hangs for ever. Whether it does depends on how much one write moves (socket
buffers, how fast the server reads), not on a fixed size: on this project's machine a parameter of up to
10 MB passed, 12 and 16 MB hung, or not (docs/scaling.md). Outside the pipeline psycopg writes until all is
sent, so here an append runs the same statements, in the same one transaction, one after the other: no size
hangs (a 16 MB parameter takes 3 to 4 s). The cost is a round trip per statement (a few on a local server).

The rows go to the server as four arrays (ids, versions, topics, states: ``unnest(a, b, c, d)``) instead of
eventsourcing's one array of its composite type: the same statement otherwise (the same rows, in the same
order, the ids from the same sequence, returned in order), but psycopg writes those arrays in C, where it
escapes a composite array's every field with a regular expression in Python: measured storing 20 simulated
games (18k events, 13 MB) in one append, 0.9 s of CPU and 5.3 s of wall clock the composite way, against
0.2 s and 1.5 s (a loaded machine; docs/performance.md, "Storing finished games"). The arrays are sent in
binary (``%b``): as text, a state is written in hex.

A batch of simulated games (``insert_rows``, the bulk path's columns) goes by ``COPY ... FROM STDIN`` in binary
after the same lock and ``NOTIFY``: the server plans no statement and unpacks no arrays (measured: about 1.5
times the wall-clock events/s of the column arrays, docs/performance.md).

The store selects this class by its topic (``APPLICATION_RECORDER_TOPIC``, ``storage.py``); nothing else here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier


class UnpipelinedRecorder(PostgresApplicationRecorder):
    """eventsourcing's ``PostgresApplicationRecorder`` whose appends do not use psycopg's pipeline mode."""

    #: the rows as four arrays (False: eventsourcing's one composite array, as before; for the benchmark)
    column_arrays = True

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)  # as the method it replaces
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """Store ``stored_events`` in one transaction (all or none) and return their notification ids, in order.

        The statements are eventsourcing's own (table lock, ``NOTIFY``, the insert returning the ids), sent
        one at a time.

        Raises:
            eventsourcing.persistence.IntegrityError: an event's (game, version) is stored already (nothing is).
        """
        if self.datastore.enable_db_functions:  # eventsourcing's insert function: one statement, no pipeline
            ids: Sequence[int] | None = super().insert_events(stored_events, **kwargs)
            return ids
        with self.datastore.get_connection() as conn, conn.transaction(), conn.cursor() as curs:
            self._insert_events(curs, stored_events, **kwargs)
            if not stored_events:
                return None
            self._insert_stored_events(curs, stored_events, **kwargs)
            return self._fetch_ids_after_insert_events(curs, stored_events, **kwargs)

    def _insert_stored_events(self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> None:
        """eventsourcing's insert (after its table lock and ``NOTIFY``), its rows sent as four arrays."""
        if not self.column_arrays:
            super()._insert_stored_events(curs, stored_events, **kwargs)
            return
        self._lock_table(curs)
        self._notify_channel(curs)
        statement = SQL(
            "INSERT INTO {schema}.{table} AS t (originator_id, originator_version, topic, state) "
            "SELECT * FROM unnest(%b::{id_type}[], %b::bigint[], %b::text[], %b::bytea[]) "
            "RETURNING notification_id"
        ).format(
            schema=Identifier(self.datastore.schema),
            table=Identifier(self.events_table_name),
            id_type=Identifier(self.datastore.originator_id_type),
        )
        curs.execute(
            statement,
            (
                [s.originator_id for s in stored_events],
                [s.originator_version for s in stored_events],
                [s.topic for s in stored_events],
                [s.state for s in stored_events],
            ),
        )

    #: how :meth:`insert_rows` sends a batch: "copy" (COPY ... FROM STDIN, binary) or "arrays" (the insert above)
    rows_by = "copy"

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_rows(self, rows: Any) -> Sequence[int]:
        """Insert a batch's rows given as columns (``bulk.Rows``) in one transaction, after the table lock and
        ``NOTIFY`` that :meth:`insert_events` takes: the same rows in the same order, their notification ids
        from the same sequence (the lock keeps them consecutive), returned in order. Sent with ``COPY`` in
        binary (:attr:`rows_by`): no statement to plan, no arrays to unpack on the server.

        Raises:
            eventsourcing.persistence.IntegrityError: a (game, event number) is stored already (nothing is)."""
        if not len(rows):
            return []
        table = SQL("{schema}.{table}").format(
            schema=Identifier(self.datastore.schema), table=Identifier(self.events_table_name)
        )
        columns = (rows.ids(), rows.versions, rows.topics, rows.states)
        with self.datastore.get_connection() as conn, conn.transaction(), conn.cursor() as curs:
            self._lock_table(curs)
            self._notify_channel(curs)
            if self.rows_by == "arrays":
                curs.execute(
                    SQL(
                        "INSERT INTO {table} AS t (originator_id, originator_version, topic, state) "
                        "SELECT * FROM unnest(%b::{id_type}[], %b::bigint[], %b::text[], %b::bytea[]) "
                        "RETURNING notification_id"
                    ).format(table=table, id_type=Identifier(self.datastore.originator_id_type)),
                    columns,
                )
                return [row["notification_id"] for row in curs.fetchall()]
            copying = SQL("COPY {table} (originator_id, originator_version, topic, state) FROM STDIN (FORMAT BINARY)")
            with curs.copy(copying.format(table=table)) as copy:
                copy.set_types([self.datastore.originator_id_type, "int8", "text", "bytea"])
                write = copy.write_row
                for row in zip(*columns, strict=True):
                    write(row)
            curs.execute(SQL("SELECT max(notification_id) AS last FROM {table}").format(table=table))
            found: Any = curs.fetchone()  # (a row: the rows are in the table now)
            last = int(found["last"])
            return list(range(last - len(rows) + 1, last + 1))
