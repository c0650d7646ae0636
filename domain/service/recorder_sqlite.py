"""The SQLite recorder of the store's events: eventsourcing's, an append's rows inserted in one ``executemany``.

eventsourcing 9.5's ``SQLiteApplicationRecorder`` inserts an append's rows one ``execute`` at a time, to read
each row's ``lastrowid`` (its notification id); storing a batch of simulated games (thousands of rows) spent
about a quarter of its time there. Here the same statement runs once for all the rows (``executemany``) in
the same transaction, and the ids are read after: SQLite gives each new row of the table the next rowid
(the largest plus one; the table has no ``AUTOINCREMENT``), and no other writer can insert while the append
holds the write lock, so the rows of one append are numbered consecutively up to ``last_insert_rowid()``,
as one at a time. The same rows, the same ids (``tests/service/test_bulk_store.py`` compares them).

A batch of simulated games comes as columns (``insert_rows``, the bulk path's): the same statement and rows,
each game's id written once.

The projection reads the log through :meth:`ManyRowsRecorder.notification_rows`: the notifications'
values as light rows, about a third of what eventsourcing's ``select_notifications`` costs (no ``sqlite3.Row``,
each game's id converted once, no frozen dataclass a row).

The store selects this class by its topic (``APPLICATION_RECORDER_TOPIC``, ``storage.py``). The module's name
ends with ``sqlite``: the service tells a SQLite recorder by that (``application.py``, ``tokens.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor


class NotificationRow(NamedTuple):
    """A notification's values, as ``eventsourcing.persistence.Notification`` holds them (its attributes' names)."""

    id: int
    originator_id: UUID | str
    originator_version: int
    topic: str
    state: bytes


class ManyRowsRecorder(SQLiteApplicationRecorder):
    """eventsourcing's ``SQLiteApplicationRecorder`` inserting an append's rows in one ``executemany``."""

    def _insert_events(self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int] | None:
        """Insert the rows (in the caller's transaction) and return their notification ids, in order."""
        if not stored_events:
            return []
        c.executemany(
            self.insert_events_statement,
            [
                (s.originator_id.hex if isinstance(s.originator_id, UUID) else s.originator_id, s.originator_version)
                + (s.topic, s.state)
                for s in stored_events
            ],
        )
        c.execute("SELECT last_insert_rowid()")
        last = int(c.fetchone()[0])
        return list(range(last - len(stored_events) + 1, last + 1))

    def insert_rows(self, rows: Any) -> Sequence[int]:
        """Insert a batch's rows given as columns (``bulk.Rows``) in one transaction, as :meth:`_insert_events`
        would insert them as ``StoredEvent`` objects (the same statement, values and order): each game's id
        written once, not once a row. Returns their notification ids, in order.

        Raises:
            eventsourcing.persistence.IntegrityError: a (game, event number) is stored already (nothing is)."""
        ids = rows.ids(lambda i: i.hex if isinstance(i, UUID) else i)
        with self.datastore.transaction(commit=True) as c:
            if not ids:
                return []
            c.executemany(self.insert_events_statement, zip(ids, rows.versions, rows.topics, rows.states, strict=True))
            c.execute("SELECT last_insert_rowid()")
            last = int(c.fetchone()[0])
            return list(range(last - len(ids) + 1, last + 1))

    def notification_rows(self, start: int, limit: int) -> list[NotificationRow]:
        """The notifications after ``start`` (up to ``limit`` of them, in order) as ``select_notifications(start,
        limit, inclusive_of_start=False)`` selects them, with the same values, as :class:`NotificationRow`."""
        statement = (
            f"SELECT rowid, originator_id, originator_version, topic, state FROM {self.events_table_name} "
            "WHERE rowid>? ORDER BY rowid LIMIT ?"
        )
        with self.datastore.transaction(commit=False) as c:
            c.sqlite_cursor.row_factory = None  # tuples, not the connection's sqlite3.Row
            c.execute(statement, [start, limit])
            rows = c.fetchall()
        ids: dict[str, UUID | str] = {}
        convert, make = self.convert_originator_id, NotificationRow._make
        out = []
        for row in rows:
            gid = ids.get(row[1])
            if gid is None:
                gid = ids[row[1]] = convert(row[1])
            out.append(make((row[0], gid, row[2], row[3], row[4])))
        return out
