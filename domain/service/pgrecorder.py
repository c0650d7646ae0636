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

The store selects this class by its topic (``APPLICATION_RECORDER_TOPIC``, ``storage.py``); nothing else here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.utils import retry


class UnpipelinedRecorder(PostgresApplicationRecorder):
    """eventsourcing's ``PostgresApplicationRecorder`` whose appends do not use psycopg's pipeline mode."""

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
