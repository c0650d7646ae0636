"""The projection runner: an exactly-once, batched pull loop from the event store's notification
log into DuckDB (architecture §5).

    result = project(app, "analytics.duckdb")         # catch up; returns ProjectionResult
    result = project(app, con, batch_size=1000)       # an open DuckDB connection works too

Each batch:

1. ``position`` = the stored position of projection ``"read_models"`` (0 if none);
2. ``app.recorder.select_notifications(start=position, limit=batch_size, inclusive_of_start=False)``;
3. refuse the batch (:class:`BatchRefused`) unless its first id is beyond ``position``;
4. write its game events as NDJSON to a scratch file (:mod:`projections.staging`: the stored JSON
   as it is; only old-schema events are decoded, for upcasting);
5. ``BEGIN``; insert them into ``events`` and derive every other read model in SQL
   (:mod:`projections.derive`); upsert the tracking row to the batch's last id; ``COMMIT``.

Before the first batch, the last notification applied is checked against the store (:func:`check_head`:
its stream, number and a digest of its stored bytes, recorded in ``projection_head`` with the position):
read models that went on from a copy of the store are refused, never extended with this store's events.

The rows and the position commit in ONE DuckDB transaction, so stopping at any point (a crash,
``stop_after_batches``, an exception before ``COMMIT``) and running again never counts an event
twice or skips one: the tables come out identical to an uninterrupted run. Nothing is cached
between batches: what a batch needs of earlier events it reads back from ``events``.

DuckDB allows one writing process per file, and no reader beside it: the CLI and the notebook API run the
projection on a copy and swap it in (:mod:`projections.swap`), so readers of the file never wait for it.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
from eventsourcing.persistence import IntegrityError

from . import rollups
from .derive import apply_batch
from .games import registry_names
from .schema import create_all
from .staging import OTHER_GAMES, TOPIC_PREFIX, ndjson
from .store_identity import ReadModelsOfAnotherStore, bind_to_store

NAME = "read_models"  # the tracking row of this projection
QUARANTINE = """CREATE TABLE IF NOT EXISTS projection_quarantine (
    game_id VARCHAR PRIMARY KEY, position BIGINT, reason VARCHAR)"""  # games left out, and why
DEFAULT_BATCH = 50_000


class BatchRefused(IntegrityError):
    """A batch that does not start beyond the stored position (it was applied already, or the
    analytics file belongs to another event store)."""


class InjectedFailure(RuntimeError):
    """Raised by the ``fail_before_commit`` test hook, inside the transaction, before COMMIT."""


@dataclass(frozen=True, slots=True)
class ProjectionResult:
    events: int  # notifications applied by this call
    batches: int  # transactions committed by this call
    seconds: float
    position: int  # the stored position afterwards (last notification id applied)

    @property
    def rate(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else 0.0


def stored_position(con: duckdb.DuckDBPyConnection, name: str = NAME) -> int:
    """The last notification id applied (0 if none). Uses ``fetchall`` (duckdb 2.0: a result left
    unfinished by ``fetchone`` makes the next Appender flush fail)."""
    rows = con.execute("SELECT position FROM projection_tracking WHERE name = ?", [name]).fetchall()
    return rows[0][0] if rows else 0


def head_of(notification: Any) -> tuple[str, int, str]:
    """What identifies a stored notification in any copy of its store: ``(originator id, version, sha256 of
    its stored bytes)`` (a game event's bytes hold its chain hash; the id alone is shared by a copy)."""
    state = notification.state
    digest = hashlib.sha256(state if isinstance(state, bytes) else bytes(state)).hexdigest()
    return str(notification.originator_id), int(notification.originator_version), digest


def recorded_head(con: duckdb.DuckDBPyConnection) -> tuple[str, int, str | None] | None:
    """The head the read models recorded (:data:`projections.schema.HEAD`), or None (nothing projected)."""
    rows = con.execute(
        "SELECT originator_id, originator_version, digest FROM projection_head WHERE name = ?", [NAME]
    ).fetchall()
    return (str(rows[0][0]), int(rows[0][1]), rows[0][2]) if rows else None


DIVERGED = (
    "these read models went on from another copy of this store, or the log changed since they were "
    "projected (notification {position} is not the event they applied): they are not used; run "
    "`dungeon-lords project --rebuild` to project this store's games afresh"
)


def check_head(con: duckdb.DuckDBPyConnection, recorder: Any) -> None:
    """Check that the last notification the read models applied is, in the store of ``recorder``, the event
    they applied (same stream, number and stored bytes). Unknown (the game holding it was deleted, or
    nothing was projected): nothing to check.

    Raises:
        ReadModelsOfAnotherStore: another event stands there (a copied store that went on, a changed log).
    """
    position = stored_position(con)
    head = recorded_head(con)
    if not position or head is None or head[2] is None:
        return
    found = recorder.select_notifications(start=position, limit=1)
    here = head_of(found[0]) if found and found[0].id == position else None
    if here is None or (_uuid_str(here[0]), here[1], here[2]) != (_uuid_str(head[0]), head[1], head[2]):
        raise ReadModelsOfAnotherStore(DIVERGED.format(position=position))


def _uuid_str(value: str) -> str:
    from uuid import UUID

    try:
        return str(UUID(str(value)))
    except ValueError:
        return str(value)


def _check_start(position: int, first: int) -> None:
    if first <= position:
        raise BatchRefused(
            f"projection {NAME!r} is at notification {position}; a batch starting at "
            f"{first} was applied already (or comes from another event store)"
        )


#: the registered games in registration order (the first: the default game), for the readers that import no
#: game (analytics.default_game, cli/fast.py)
GAMES = "CREATE TABLE IF NOT EXISTS projection_games (name VARCHAR NOT NULL, rank INTEGER NOT NULL)"


def record_games(con: duckdb.DuckDBPyConnection) -> None:
    """Write the registry's game names in registration order into ``projection_games`` (unless they are there)."""
    names = registry_names()
    con.execute(GAMES)
    if [r[0] for r in con.execute("SELECT name FROM projection_games ORDER BY rank").fetchall()] != names:
        con.execute("DELETE FROM projection_games")
        con.executemany("INSERT INTO projection_games VALUES (?, ?)", [[n, i] for i, n in enumerate(names)])


class Projector:
    """The projection of one application into one DuckDB connection. Long-running services keep
    one and call :meth:`run` whenever they want to catch up."""

    def __init__(self, app: Any, con: duckdb.DuckDBPyConnection):
        """Raises ReadModelsOfAnotherStore: ``con`` holds another store's read models."""
        self.app = app
        self.con = con
        create_all(con)
        con.execute(QUARANTINE)
        self.quarantined = {r[0] for r in con.execute("SELECT game_id FROM projection_quarantine").fetchall()}
        self.newly_quarantined: list[tuple[str, str]] = []  # (game id, reason) found by this projector
        self.aggregates_at_end = False  # run(): the batches leave the aggregates, rebuilt once after them
        if hasattr(app, "store_id"):  # never mix two stores' games in one set of read models
            bind_to_store(con, app.store_id())
        record_games(con)

    def apply(self, notifications: Sequence[Any], fail_before_commit: bool = False) -> None:
        """Apply one batch in one transaction: every row it gives, and the position moved to its
        last id. On any failure nothing is stored.

        Raises:
            BatchRefused: the batch does not start beyond the stored position (nothing is written).
            InjectedFailure: ``fail_before_commit`` (after every row is inserted; rolled back).
        """
        if notifications:
            self._apply(_Batch.of(notifications, self.app.mapper), fail_before_commit)

    def _apply(self, batch: _Batch, fail_before_commit: bool) -> None:
        """Apply ``batch``; a game whose events DuckDB cannot take (a value beyond its types, say) is
        quarantined (:data:`QUARANTINE`) and the batch applied without it, so one game never blocks the
        projection of all the others."""
        batch = batch.without(self.quarantined)
        try:
            self._apply_once(batch, fail_before_commit)
        except duckdb.Error as exc:
            bad = _poisoned_games(batch)
            if not bad:
                raise
            for gid in bad:
                reason = str(exc).splitlines()[0]
                self.con.execute(
                    "INSERT OR REPLACE INTO projection_quarantine VALUES (?, ?, ?)", [gid, batch.first, reason]
                )
                self.quarantined.add(gid)
                self.newly_quarantined.append((gid, reason))
            self._apply_once(batch.without(self.quarantined), fail_before_commit)

    def _apply_once(self, batch: _Batch, fail_before_commit: bool) -> None:
        con = self.con
        _check_start(stored_position(con), batch.first)  # refuse before doing anything
        fd, path = tempfile.mkstemp(prefix="dl-batch-", suffix=".ndjson")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(batch.lines)
            con.execute("BEGIN TRANSACTION")
            try:
                position = stored_position(con)
                _check_start(position, batch.first)
                # the batch keeps the aggregates current if they are (else they stay stale: refreshed later)
                fresh = not self.aggregates_at_end and rollups.position(con) == position
                if batch.count:
                    apply_batch(
                        con,
                        path,
                        batch.first,
                        undo=b'"t":"InputUndone"' in batch.lines or b'"t":"InputCorrected"' in batch.lines,
                        lines=batch.lines,
                        aggregates=not self.aggregates_at_end,
                    )
                if batch.count:
                    _witness(con, batch)
                    _reveal_seeds(con, self.app, batch.first)
                con.execute("INSERT OR REPLACE INTO projection_tracking VALUES (?, ?)", [NAME, batch.last])
                head = [NAME, batch.last, *batch.head]
                con.execute("INSERT OR REPLACE INTO projection_head VALUES (?, ?, ?, ?, ?)", head)
                if fresh:
                    rollups.mark(con, batch.last)
                if fail_before_commit:
                    raise InjectedFailure(
                        f"injected failure before committing notifications {batch.first}..{batch.last}"
                    )
                con.execute("COMMIT")
            except BaseException:
                try:
                    con.execute("ROLLBACK")
                except duckdb.Error:  # the failure ended the transaction already (e.g. in COMMIT)
                    pass
                raise
        finally:
            os.unlink(path)

    def _fetch(self, position: int, batch_size: int) -> _Batch | None:
        recorder = self.app.recorder
        if hasattr(recorder, "notification_rows"):  # the SQLite store's light rows (the same values)
            notifications = recorder.notification_rows(position, batch_size)
        else:
            notifications = recorder.select_notifications(start=position, limit=batch_size, inclusive_of_start=False)
        return _Batch.of(notifications, self.app.mapper) if notifications else None

    def run(
        self,
        batch_size: int = DEFAULT_BATCH,
        stop_after_batches: int | None = None,
        progress: Callable[[ProjectionResult], None] | None = None,
        fail_before_commit: int | None = None,
    ) -> ProjectionResult:
        """Catch up with the notification log (see :func:`project`).

        Reading runs one batch ahead in a second thread: while DuckDB applies batch k (native
        code, the GIL released), the event store is read and batch k+1 is turned into NDJSON. The
        batches are still applied one by one, in order; a failure discards the one read ahead."""
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, not {batch_size}")
        t0 = time.perf_counter()
        events = batches = 0
        position = stored_position(self.con)
        head = self.app.recorder.max_notification_id() or 0
        check_head(self.con, self.app.recorder)  # never go on from another copy's events (nor from a shorter log)
        if position > head:
            raise BatchRefused(
                f"projection {NAME!r} is at notification {position} but the event store ends at "
                f"{head}: this analytics file belongs to another (or a reset) event store"
            )
        # at least as many events to project as projected already (a new store's first catch-up, `simulate` into
        # it): the aggregates rebuilt once at the end cost less than keeping them batch by batch (each batch takes
        # its games out and puts them back); else brought up to date first, then kept so batch by batch
        self.aggregates_at_end = head - position >= max(position, 1)
        if rollups.stale(self.con) and not self.aggregates_at_end:
            rollups.refresh(self.con)
        try:
            with ThreadPoolExecutor(max_workers=1, thread_name_prefix="dl-projection-read") as reader:
                ahead = reader.submit(self._fetch, position, batch_size)
                while stop_after_batches is None or batches < stop_after_batches:
                    batch = ahead.result()
                    if batch is None:
                        break
                    more = batch.size == batch_size and (stop_after_batches is None or batches + 1 < stop_after_batches)
                    if more:
                        ahead = reader.submit(self._fetch, batch.last, batch_size)
                    self._apply(batch, fail_before_commit == batches + 1)
                    batches += 1
                    events += batch.size
                    position = batch.last
                    if progress is not None:
                        progress(ProjectionResult(events, batches, time.perf_counter() - t0, position))
                    if not more:
                        break
        finally:
            self.aggregates_at_end = False
        if rollups.stale(self.con):  # left by the batches, or a batch applied another way (apply on stale ones)
            rollups.refresh(self.con)
        elif events:
            rollups.compact(self.con)  # one row per cell again (each batch appended its games' cells)
        return ProjectionResult(events, batches, time.perf_counter() - t0, position)


@dataclass(frozen=True, slots=True)
class _Batch:
    """Notifications ``first``..``last`` (``size`` of them) as NDJSON ``lines`` (``count`` game events);
    ``witness``: each game's last event in them, ``(game id, number, chain hash)``."""

    first: int
    last: int
    size: int
    lines: bytes
    count: int
    witness: tuple[tuple[str, int, str | None], ...] = ()
    head: tuple[str, int, str] = ("", 0, "")  # the last notification (:func:`head_of`)

    @classmethod
    def of(cls, notifications: Sequence[Any], mapper: Any) -> _Batch:
        lines, count = ndjson(notifications, mapper)
        witness = _last_events(notifications, mapper)
        head = head_of(notifications[-1])
        return cls(notifications[0].id, notifications[-1].id, len(notifications), lines, count, witness, head)

    def games(self) -> set[str]:
        return {
            line[line.index(b'"g":"') + 5 : line.index(b'"', line.index(b'"g":"') + 5)].decode()
            for line in self.lines.splitlines()
            if line
        }

    def without(self, games: set[str]) -> _Batch:
        """The batch less the events of ``games`` (the position still moves past them)."""
        if not games:
            return self
        marks = tuple(b'"g":"%s"' % g.encode() for g in games)
        kept = [line for line in self.lines.splitlines(keepends=True) if not any(m in line for m in marks)]
        witness = tuple(w for w in self.witness if w[0] not in games)
        return _Batch(self.first, self.last, self.size, b"".join(kept), len(kept), witness, self.head)


_GAME_TOPICS = (TOPIC_PREFIX, *OTHER_GAMES)
_CHAIN = b',"chain":"'


def _last_events(notifications: Sequence[Any], mapper: Any) -> tuple[tuple[str, int, str | None], ...]:
    """Each game's last event among ``notifications``: ``(game id, number, chain hash)``. The hash is read
    from the stored JSON where it can be (``..."chain":"HEX"...``), else from the decoded event."""
    last: dict[Any, Any] = {}
    for n in notifications:
        if n.topic.startswith(_GAME_TOPICS):
            last[n.originator_id] = n
    out = []
    for gid, n in last.items():
        state = n.state
        i = state.rfind(_CHAIN) if isinstance(state, bytes) else -1
        j = state.find(b'"', i + len(_CHAIN)) if i >= 0 else -1
        if j > i >= 0:
            chain: str | None = state[i + len(_CHAIN) : j].decode()
        else:  # an encrypted or compressed store
            chain = getattr(mapper.to_domain_event(n), "chain", None) or None
        out.append((str(gid), n.originator_version, chain))
    return tuple(out)


def _witness(con: duckdb.DuckDBPyConnection, batch: _Batch) -> None:
    """Record each game's last projected event (``projection_witness``), in the batch's transaction."""
    if batch.witness:
        gids, seqs, chains = (list(c) for c in zip(*batch.witness, strict=True))
        con.execute(
            "INSERT OR REPLACE INTO projection_witness SELECT unnest($g), unnest($s), unnest($c)",
            {"g": gids, "s": seqs, "c": chains},
        )


def _reveal_seeds(con: duckdb.DuckDBPyConnection, app: Any, first: int) -> None:
    """The seed of each digital game this batch finished (or touched, finished) into ``games.seed``, read from
    the store: staged payloads carry none (:mod:`projections.staging`), since while a game is in progress its
    seed would predict every draw (architecture §4); once it is over the record shows it too."""
    from uuid import UUID

    rows = con.execute(
        "SELECT game_id FROM games WHERE finished AND seed IS NULL AND mode = 'digital' AND game_id IN "
        "(SELECT game_id FROM events WHERE position >= $first "
        "UNION SELECT game_id FROM mi_events WHERE position >= $first)",
        {"first": first},
    ).fetchall()
    found: dict[str, int] = {}
    for (gid,) in rows:
        stored = app.recorder.select_events(UUID(gid), lte=1)
        if not stored:
            continue
        data = app.mapper.to_domain_event(stored[0]).data
        seed = (data.get("state") or {}).get("seed") if "seed" not in data else data["seed"]
        if isinstance(seed, int) and 0 <= seed < 2**63:  # (a BIGINT, as every new game's: SEED_LIMIT)
            found[gid] = seed
    if found:
        con.execute(
            "UPDATE games SET seed = s.seed FROM (SELECT unnest($g) AS game_id, unnest($s) AS seed) AS s "
            "WHERE games.game_id = s.game_id",
            {"g": list(found), "s": list(found.values())},
        )


def _poisoned_games(batch: _Batch) -> list[str]:
    """The games of ``batch`` whose events DuckDB refuses even on their own (tried in a scratch database)."""
    bad = []
    for gid in sorted(batch.games()):
        alone = batch.without(batch.games() - {gid})
        scratch = duckdb.connect(":memory:")
        fd, path = tempfile.mkstemp(prefix="dl-quarantine-", suffix=".ndjson")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(alone.lines)
            create_all(scratch)
            apply_batch(scratch, path, alone.first)
        except duckdb.Error:
            bad.append(gid)
        finally:
            scratch.close()
            os.unlink(path)
    return bad


# --- the public functions ----------------------------------------------------------------------------
def project(
    app: Any,
    con_or_path: duckdb.DuckDBPyConnection | str | Path,
    batch_size: int = DEFAULT_BATCH,
    stop_after_batches: int | None = None,
    progress: Callable[[ProjectionResult], None] | None = None,
    *,
    fail_before_commit: int | None = None,
) -> ProjectionResult:
    """Bring the read models in ``con_or_path`` (a DuckDB connection, or a file path / ":memory:",
    opened and closed here) up to date with ``app``'s notification log.

    Args:
        app: a ``domain.service.application.GameService`` (anything with ``recorder``, ``mapper``, ``events``).
        batch_size: notifications per transaction.
        stop_after_batches: stop after this many committed batches (None: until the log's end).
        progress: called after each committed batch with the running totals.
        fail_before_commit: test hook: in this batch (1-based, counted in this call), raise
            :class:`InjectedFailure` after appending every row, before COMMIT.

    Returns:
        :class:`ProjectionResult` (events and batches applied by this call, seconds, position).

    Raises:
        BatchRefused: the stored position is beyond the store's last notification (the analytics file
            belongs to another event store), or a batch would not start beyond it.
    """
    if isinstance(con_or_path, str | Path):
        con = duckdb.connect(str(con_or_path))
        try:
            return Projector(app, con).run(batch_size, stop_after_batches, progress, fail_before_commit)
        finally:
            con.close()
    return Projector(app, con_or_path).run(batch_size, stop_after_batches, progress, fail_before_commit)


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


__all__ = [
    "BatchRefused",
    "InjectedFailure",
    "NAME",
    "ProjectionResult",
    "Projector",
    "check_head",
    "head_of",
    "project",
    "read_ceiling",
    "stored_position",
]
