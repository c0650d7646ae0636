"""The projection runner: an exactly-once, batched pull loop from the event store's notification
log into DuckDB (design §5; notes/stack.md §3 recommendation 4).

    result = project(app, "analytics.duckdb")         # catch up; returns ProjectionResult
    result = project(app, con, batch_size=1000)       # an open DuckDB connection works too

Each batch:

1. ``position`` = the stored position of projection ``"read_models"`` (0 if none);
2. ``app.recorder.select_notifications(start=position, limit=batch_size, inclusive_of_start=False)``;
3. refuse the batch (:class:`BatchRefused`) unless its first id is beyond ``position``;
4. decode each notification (``app.mapper.to_domain_event``: upcasting runs), fold it into its
   game's :class:`~projections.context.GameContext` and collect the rows;
5. ``BEGIN``; append the rows with DuckDB Appenders (the ``games`` rows as an upsert, one per game
   touched); upsert the tracking row to the batch's last id; ``COMMIT``.

The view rows and the position commit in ONE DuckDB transaction, so stopping at any point (a
crash, ``stop_after_batches``, an exception before ``COMMIT``) and running again never counts an
event twice or skips one: the tables come out identical to an uninterrupted run.

Per-game contexts are cached (LRU, ``max_games``; finished games are dropped). When an event is
not the next one of its cached game (after a restart, an eviction or a failed batch), the context
is rebuilt by folding the game's earlier events from the event store through the same code.
Notifications whose topic is not a ``dl.Game.*`` event are skipped (the position still advances).

DuckDB allows one writing process per file: run the projection and the queries in one process,
or open the file read-only while nothing projects.
"""
from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import duckdb
from eventsourcing.persistence import IntegrityError

from domain.aggregate import TOPIC_PREFIX

from .context import GameContext, Rows
from .schema import create_all

NAME = "read_models"         # the tracking row of this projection
DEFAULT_BATCH = 5000
DEFAULT_MAX_GAMES = 1000


class BatchRefused(IntegrityError):
    """A batch that does not start beyond the stored position (it was applied already, or the
    analytics file belongs to another event store)."""


class InjectedFailure(RuntimeError):
    """Raised by the ``fail_before_commit`` test hook, inside the transaction, before COMMIT."""


@dataclass(frozen=True, slots=True)
class ProjectionResult:
    events: int          # notifications applied by this call
    batches: int         # transactions committed by this call
    seconds: float
    position: int        # the stored position afterwards (last notification id applied)

    @property
    def rate(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else 0.0


# --- the DuckDB side --------------------------------------------------------------------------------
def stored_position(con: duckdb.DuckDBPyConnection, name: str = NAME) -> int:
    """The last notification id applied (0 if none). Uses ``fetchall`` (duckdb 2.0: a result left
    unfinished by ``fetchone`` makes the next Appender flush fail)."""
    rows = con.execute("SELECT position FROM projection_tracking WHERE name = ?", [name]).fetchall()
    return rows[0][0] if rows else 0


def _append(con: duckdb.DuckDBPyConnection, table: str, rows: Sequence[tuple], **kw: Any) -> None:
    if rows:
        appender = con.appender(table, **kw)
        appender.append_rows(rows)
        appender.flush()


def write_batch(con: duckdb.DuckDBPyConnection, rows: Rows, first: int, last: int,
                fail_before_commit: bool = False) -> None:
    """Append ``rows`` and move the tracking position to ``last`` in ONE transaction.

    Raises:
        BatchRefused: ``first`` is not beyond the stored position (nothing is written).
        InjectedFailure: ``fail_before_commit`` (after every row is appended; rolled back).
    """
    con.execute("BEGIN TRANSACTION")
    try:
        _check_start(stored_position(con), first)
        for table in Rows.APPENDED:
            _append(con, table, getattr(rows, table))
        _append(con, "games", list(rows.games.values()), action="upsert")
        _append(con, "projection_tracking", [(NAME, last)], action="upsert")
        if fail_before_commit:
            raise InjectedFailure(f"injected failure before committing notifications {first}..{last}")
        con.execute("COMMIT")
    except BaseException:
        try:
            con.execute("ROLLBACK")
        except duckdb.Error:        # the failure ended the transaction already (e.g. in COMMIT)
            pass
        raise


def _check_start(position: int, first: int) -> None:
    if first <= position:
        raise BatchRefused(f"projection {NAME!r} is at notification {position}; a batch starting at "
                           f"{first} was applied already (or comes from another event store)")


# --- the projector ------------------------------------------------------------------------------------
class Projector:
    """The projection of one application into one DuckDB connection, with its game-context cache.
    Long-running services keep one and call :meth:`run` whenever they want to catch up."""

    def __init__(self, app: Any, con: duckdb.DuckDBPyConnection, max_games: int = DEFAULT_MAX_GAMES):
        self.app = app
        self.con = con
        self.max_games = max_games
        self.games: OrderedDict[UUID, GameContext] = OrderedDict()
        self.rebuilds = 0              # contexts rebuilt from the event store (for tests and stats)
        create_all(con)

    # one game ------------------------------------------------------------------------------------
    def context(self, game_id: UUID, seq: int) -> GameContext:
        """The context of ``game_id`` ready for event ``seq`` (cached, or rebuilt by folding events
        1..seq-1 from the event store)."""
        ctx = self.games.get(game_id)
        if ctx is not None and ctx.seq == seq - 1:
            self.games.move_to_end(game_id)
            return ctx
        ctx = GameContext(str(game_id))
        if seq > 1:
            self.rebuilds += 1
            for stored in self.app.events.get(game_id, lte=seq - 1):
                ctx.apply(stored.to_domain(), stored.data, stored.originator_version, None, None)
        self.games[game_id] = ctx
        return ctx

    # one batch -----------------------------------------------------------------------------------
    def rows(self, notifications: Sequence[Any]) -> Rows:
        """Fold the notifications into their games' contexts and collect the rows."""
        rows = Rows()
        touched: dict[str, GameContext] = {}
        to_domain_event = self.app.mapper.to_domain_event
        for n in notifications:
            if not n.topic.startswith(TOPIC_PREFIX):
                continue
            stored = to_domain_event(n)
            seq = stored.originator_version
            ctx = self.context(stored.originator_id, seq)
            ctx.apply(stored.to_domain(), stored.data, seq, n.id, rows)
            touched[ctx.game_id] = ctx
        rows.games = {k: c.games_row() for k, c in touched.items()}
        return rows

    def apply(self, notifications: Sequence[Any], fail_before_commit: bool = False) -> None:
        """Apply one batch in one transaction (see :func:`write_batch`). On any failure nothing is
        stored and the context cache is dropped (the contexts may have folded the failed batch).

        Raises:
            BatchRefused: the batch does not start beyond the stored position.
        """
        if not notifications:
            return
        first, last = notifications[0].id, notifications[-1].id
        _check_start(stored_position(self.con), first)      # refuse before folding anything
        try:
            rows = self.rows(notifications)
            write_batch(self.con, rows, first, last, fail_before_commit)
        except BaseException:
            self.games.clear()
            raise
        self._trim()

    def _trim(self) -> None:
        for key in [k for k, c in self.games.items() if c.finished]:
            del self.games[key]
        while len(self.games) > self.max_games:
            self.games.popitem(last=False)

    # the loop ------------------------------------------------------------------------------------
    def run(self, batch_size: int = DEFAULT_BATCH, stop_after_batches: int | None = None,
            progress: Callable[[ProjectionResult], None] | None = None,
            fail_before_commit: int | None = None) -> ProjectionResult:
        """Catch up with the notification log (see :func:`project`)."""
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, not {batch_size}")
        t0 = time.perf_counter()
        events = batches = 0
        position = stored_position(self.con)
        head = self.app.recorder.max_notification_id() or 0
        if position > head:
            raise BatchRefused(f"projection {NAME!r} is at notification {position} but the event store ends at "
                               f"{head}: this analytics file belongs to another (or a reset) event store")
        while stop_after_batches is None or batches < stop_after_batches:
            batch = self.app.recorder.select_notifications(start=position, limit=batch_size,
                                                           inclusive_of_start=False)
            if not batch:
                break
            self.apply(batch, fail_before_commit=fail_before_commit == batches + 1)
            batches += 1
            events += len(batch)
            position = batch[-1].id
            if progress is not None:
                progress(ProjectionResult(events, batches, time.perf_counter() - t0, position))
            if len(batch) < batch_size:
                break
        return ProjectionResult(events, batches, time.perf_counter() - t0, position)


# --- the public functions ----------------------------------------------------------------------------
def project(app: Any, con_or_path: duckdb.DuckDBPyConnection | str | Path, batch_size: int = DEFAULT_BATCH,
            stop_after_batches: int | None = None, progress: Callable[[ProjectionResult], None] | None = None,
            *, fail_before_commit: int | None = None, max_games: int = DEFAULT_MAX_GAMES) -> ProjectionResult:
    """Bring the read models in ``con_or_path`` (a DuckDB connection, or a file path / ":memory:",
    opened and closed here) up to date with ``app``'s notification log.

    Args:
        app: a ``domain.application.DungeonLords`` (anything with ``recorder``, ``mapper``, ``events``).
        batch_size: notifications per transaction.
        stop_after_batches: stop after this many committed batches (None: until the log's end).
        progress: called after each committed batch with the running totals.
        fail_before_commit: test hook: in this batch (1-based, counted in this call), raise
            :class:`InjectedFailure` after appending every row, before COMMIT.
        max_games: bound of the per-game context cache.

    Returns:
        :class:`ProjectionResult` (events and batches applied by this call, seconds, position).

    Raises:
        BatchRefused: the stored position is beyond the store's last notification (the analytics file
            belongs to another event store), or a batch would not start beyond it.
    """
    if isinstance(con_or_path, str | Path):
        con = duckdb.connect(str(con_or_path))
        try:
            return Projector(app, con, max_games).run(batch_size, stop_after_batches, progress, fail_before_commit)
        finally:
            con.close()
    return Projector(app, con_or_path, max_games).run(batch_size, stop_after_batches, progress, fail_before_commit)


def read_ceiling(app: Any, batch_size: int = DEFAULT_BATCH) -> tuple[int, float]:
    """Read the whole notification log in pages of ``batch_size``, the way :func:`project` does,
    and do nothing else: (notifications read, seconds). The ceiling for projection throughput."""
    t0 = time.perf_counter()
    position = count = 0
    while True:
        batch = app.recorder.select_notifications(start=position, limit=batch_size, inclusive_of_start=False)
        if not batch:
            break
        count += len(batch)
        position = batch[-1].id
        if len(batch) < batch_size:
            break
    return count, time.perf_counter() - t0


__all__ = ["BatchRefused", "InjectedFailure", "NAME", "ProjectionResult", "Projector", "project", "read_ceiling",
           "stored_position", "write_batch"]
