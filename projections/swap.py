"""Writing the read models without keeping their readers waiting (issue #31): a writer projects into a copy of
the file and renames it over the file when it is done (``os.replace``).

    with writer_lock(path, wait=60):        # one writer at a time (a lock file beside the read models)
        with draft(path) as con:            # a copy of analytics.duckdb: analytics.next.duckdb
            Projector(app, con).run()       # committed batch by batch, as ever
    # closed (checkpointed) and renamed over analytics.duckdb: a reader that opens it now gets the new file

    reading = read_models(app, path, catch_up)   # what `stats` and a notebook use: read-only, current or
                                                 # caught up; from the last state if another process writes

DuckDB lets one process write a file and no other open it meanwhile, not even read-only; a read-only connection
keeps every writer out in turn. A writer that never opens the file readers use sidesteps both: a reader holding
the old file keeps reading it (on Linux and macOS an open file outlives its name; its lock is on that file, not
on the name), one that opens the path after the swap gets the new file, whole.

**Exactly once.** The copy carries the tracking row, the head, the witness and the store binding
(:mod:`projections.runner`): each batch commits its rows and its position in one transaction of the copy, and
the swap publishes every committed batch at once. A writer that dies before the swap leaves a copy nobody
reads (the next writer deletes it and copies the published file again); nothing is counted twice or skipped.
A writer stopped by an error publishes what it committed, as it did in place (a damaged or unwritable copy
is deleted instead: the published file stays as it was).

**Two writers.** The lock file (``analytics.duckdb.lock``, ``flock``, never deleted; let go when the process
ends however it ends) lets one writer at a time copy, project and swap. Another writer waits for it
(:func:`writer_lock`), then copies what the first published and goes on from its position: no work is lost.
A reader never takes the lock: while a writer holds it, :func:`read_models` answers from the published file
and says how far behind it is.

**Damage.** A copy DuckDB cannot open (the published file is truncated, a block's checksum fails, it is
empty ...) sets the published file aside as ``PATH.broken-<time>`` and starts from an empty file, as
:func:`projections.open_analytics` does in place.

**In place, when that is cheaper and blocks no one** (:func:`writable`). The copy reads and writes the whole
file: 0.03-0.05 s for the 50 MB of 2,000 games, but 1.2-8 s per GiB on this project's shared machine
(docs/performance.md, "Catching up beside a reader"), paid by every catch-up however few games it adds. So a
file of at least :data:`IN_PLACE_FROM_BYTES` with a backlog of at most :data:`IN_PLACE_UP_TO` notifications
(a second or two of projection) is written in place, if nobody has it open (DuckDB refuses at once a writer
beside a reader; then it is the copy): a reader that comes meanwhile waits that second or two (the CLI's
readers wait for the writers' lock; a raw DuckDB connection is refused, and can try again).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

from . import AnalyticsBusy, _read_every_block, damaged, open_analytics, open_current, rebuild_analytics
from .schema import create_all

Say = Callable[[str], None] | None

#: a catch-up writes the file in place, not a copy, when the file is at least this large (bytes) ...
IN_PLACE_FROM_BYTES = 256 * 2**20
#: ... the backlog at most this many notifications (a second or two of projection) and nobody has the file open
IN_PLACE_UP_TO = 20_000

#: what a reader is told when it reads the published read models while another process writes the next ones
BEHIND = (
    "the read models are {n} events behind the store: another process is bringing them up to date now, so this "
    "answer stands on the games projected before it started (ask again when it has finished)"
)


def draft_path(path: str | Path) -> Path:
    """Where a writer projects before the swap: ``analytics.duckdb`` -> ``analytics.next.duckdb`` (beside it,
    so that the rename stays on one file system; its name still ends in ``.duckdb``)."""
    p = Path(path)
    return p.with_name(f"{p.stem}.next{p.suffix or '.duckdb'}")


def lock_path(path: str | Path) -> Path:
    """The writers' lock file beside the read models: ``analytics.duckdb.lock``."""
    return Path(f"{path}.lock")


def _wal(path: str | Path) -> Path:
    return Path(f"{path}.wal")


def try_lock(path: str | Path) -> int | None:
    """Take the writers' lock of the read models at ``path`` if nobody holds it: its file descriptor (give it to
    :func:`unlock`), else None. Never waits."""
    import fcntl

    try:
        fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    except PermissionError:  # another user's lock file: flock takes a descriptor opened to read too
        fd = os.open(lock_path(path), os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except BaseException:
        os.close(fd)
        raise
    return fd


def unlock(fd: int) -> None:
    """Let go of the writers' lock (closing its descriptor releases the ``flock``)."""
    os.close(fd)


def take_lock(path: str | Path, wait: float = 0.0, say: Say = None) -> int:
    """The writers' lock of the read models at ``path``, waiting up to ``wait`` seconds for another writer
    (``say`` is told once that it waits).

    Raises:
        AnalyticsBusy: another process still writes them after ``wait`` seconds.
    """
    deadline = time.monotonic() + wait
    told = False
    while True:
        fd = try_lock(path)
        if fd is not None:
            return fd
        if time.monotonic() >= deadline:
            raise AnalyticsBusy(f"another dungeon-lords process is writing {path}; try again when it has finished")
        if say and not told:
            say(f"waiting for another process to finish writing {path} ...")
            told = True
        time.sleep(0.1)


@contextmanager
def writer_lock(path: str | Path, wait: float = 0.0, say: Say = None) -> Iterator[None]:
    """Hold the writers' lock of the read models at ``path`` (:func:`take_lock`) for the ``with`` block."""
    fd = take_lock(path, wait, say)
    try:
        yield
    finally:
        unlock(fd)


def _remove(*paths: Path) -> None:
    for p in paths:
        with suppress(FileNotFoundError):
            p.unlink()


def _set_aside(path: Path, text: str, say: Say) -> None:
    """Rename a damaged published file (and its write-ahead log) to ``PATH.broken-<time>``."""
    aside = f"{path}.broken-{time.strftime('%Y%m%d-%H%M%S')}"
    path.rename(aside)
    if _wal(path).exists():
        _wal(path).rename(f"{aside}.wal")
    if say:
        say(
            f"the read models in {path} could not be read ({text.splitlines()[0]}); set aside as "
            f"{aside} and projected again from the event log"
        )


def _open_draft(path: Path, nxt: Path, say: Say, rebuild: bool) -> duckdb.DuckDBPyConnection:
    """A writable connection to ``nxt``, the copy of ``path`` (read every block and emptied with ``rebuild``);
    a copy DuckDB cannot read sets ``path`` aside and starts empty."""
    con = None
    try:
        con = duckdb.connect(str(nxt))
        create_all(con)
        if rebuild:  # every block read first: a damaged one is then found, and the published file set aside
            _read_every_block(con)
            rebuild_analytics(con)
        return con
    except duckdb.Error as exc:
        if con is not None:
            con.close()
        if not (isinstance(exc, duckdb.IOException) or damaged(exc)) or not path.exists():
            raise
        _remove(nxt, _wal(nxt))
        _set_aside(path, str(exc), say)
        con = duckdb.connect(str(nxt))
        create_all(con)
        return con


@contextmanager
def draft(path: str | Path, say: Say = None, rebuild: bool = False) -> Iterator[duckdb.DuckDBPyConnection]:
    """A writable copy of the read models at ``path`` (:func:`draft_path`), swapped in when the block ends: a
    checkpoint, then ``os.replace``. Hold the writers' lock (:func:`writer_lock`) around it. An error in the
    block publishes what was committed, unless the copy cannot be checkpointed (then it is deleted).

    Raises:
        duckdb.Error: the copy cannot be written (a full disk ...); the published file is untouched.
        OSError: the file cannot be copied (a full disk, permissions).
    """
    target, nxt = Path(path), draft_path(path)
    _remove(nxt, _wal(nxt))  # a dead writer's
    try:
        if target.exists():
            shutil.copyfile(target, nxt)
            if _wal(target).exists():  # (a writer of an older version died): replayed into the copy
                shutil.copyfile(_wal(target), _wal(nxt))
        con = _open_draft(target, nxt, say, rebuild)
    except BaseException:
        _remove(nxt, _wal(nxt))
        raise
    try:
        yield con
    except BaseException:
        _publish(con, target, nxt, quiet=True)
        raise
    _publish(con, target, nxt)


def _publish(con: duckdb.DuckDBPyConnection, target: Path, nxt: Path, quiet: bool = False) -> None:
    """Checkpoint and close the copy, then rename it over ``target`` (its old write-ahead log first removed:
    replayed into the new file it would damage it). ``quiet``: a failure deletes the copy and says nothing."""
    try:
        if quiet:  # (stopped inside a transaction: what it did is not committed)
            with suppress(duckdb.Error):
                con.execute("ROLLBACK")
        con.execute("FORCE CHECKPOINT")
        con.close()
    except BaseException:
        with suppress(Exception):
            con.close()
        _remove(nxt, _wal(nxt))
        if quiet:
            return
        raise
    if _wal(nxt).exists():  # (never after a checkpoint; a copy that needs it is not published)
        _remove(nxt, _wal(nxt))
        return
    _remove(_wal(target))
    os.replace(nxt, target)


def _in_place(path: Path, backlog: int | None) -> duckdb.DuckDBPyConnection | None:
    """The file itself, opened to write, when copying it would cost more than the catch-up keeps anyone out: it
    is large (:data:`IN_PLACE_FROM_BYTES`), the backlog short (:data:`IN_PLACE_UP_TO`) and nobody has it open
    (DuckDB refuses at once a writer beside a reader). Else None (a damaged file too: the copy's way)."""
    if backlog is None or backlog > IN_PLACE_UP_TO or not path.is_file() or path.stat().st_size < IN_PLACE_FROM_BYTES:
        return None
    try:
        con = duckdb.connect(str(path))
    except duckdb.Error:  # a reader holds it (or it is damaged)
        return None
    try:
        create_all(con)
    except duckdb.Error:
        con.close()
        return None
    return con


@contextmanager
def writable(
    path: str | Path, say: Say = None, rebuild: bool = False, backlog: int | None = None
) -> Iterator[duckdb.DuckDBPyConnection]:
    """The read models at ``path`` to write: in place when that is cheaper and blocks no one (:func:`_in_place`;
    ``backlog``: the notifications to project, None: unknown), else a :func:`draft`. Hold the writers' lock."""
    con = None if rebuild else _in_place(Path(path), backlog)
    if con is None:
        with draft(path, say, rebuild) as copy:
            yield copy
        return
    try:
        yield con
    finally:
        con.close()


def backlog(app: Any, path: str | Path) -> int | None:
    """How many notifications of ``app``'s store the read models at ``path`` lack (None: no usable file)."""
    con = open_current(app, path, behind=True)
    if con is None:
        return None
    try:
        return (app.recorder.max_notification_id() or 0) - _position(con)
    finally:
        con.close()


def update(
    path: str | Path,
    work: Callable[[duckdb.DuckDBPyConnection], Any],
    wait: float = 0.0,
    say: Say = None,
    rebuild: bool = False,
    app: Any = None,
) -> Any:
    """``work(con)`` on a copy of the read models at ``path``, swapped in (in place when cheaper and nobody reads:
    :func:`writable`, given ``app`` to measure the backlog); under the writers' lock (waited for up to ``wait``
    seconds). ``":memory:"``: on an in-memory database, dropped afterwards. Returns ``work``'s value.

    Raises:
        AnalyticsBusy: another writer held the lock for ``wait`` seconds; the errors of :func:`draft`.
    """
    if str(path) == ":memory:":
        con = open_analytics(path, rebuild=rebuild)
        try:
            return work(con)
        finally:
            con.close()
    with writer_lock(path, wait, say):
        behind = backlog(app, path) if app is not None and not rebuild else None
        with writable(path, say, rebuild, behind) as con:
            return work(con)


@dataclass
class Reading:
    """Read models to read: ``con`` (read-only, for a file), ``behind`` (notifications of the store they do
    not hold yet: another process is writing them now; 0 when current), ``caught_up`` (what the catch-up
    returned, None when it did not run)."""

    con: duckdb.DuckDBPyConnection
    behind: int = 0
    caught_up: Any = None


def read_models(
    app: Any,
    path: str | Path,
    catch_up: Callable[[duckdb.DuckDBPyConnection], Any],
    wait: float = 60.0,
    say: Say = None,
) -> Reading:
    """The read models of ``app``'s store at ``path``, to read, never waiting for a writer when there is
    something to read:

    * current: opened read-only, nothing written (a reader holding the file keeps it);
    * behind, nobody writing: ``catch_up(con)`` on a copy, swapped in (:func:`update`), then opened read-only;
    * behind, another process writing: the published file, read-only, ``behind`` saying by how much;
    * nothing to read yet (no file, another shape, damaged): the writers' lock is waited for (``wait``
      seconds, ``say`` told) and the read models caught up.

    ``":memory:"``: an in-memory database, caught up (the caller closes it).

    Raises:
        AnalyticsBusy: another process kept writing them for ``wait`` seconds and there was nothing to read.
        projections.ReadModelsOfAnotherStore: they belong to another store, or went on from a copy of it.
    """
    if str(path) == ":memory:":
        con = open_analytics(path)
        return Reading(con, 0, catch_up(con))
    con = open_current(app, path)
    if con is not None:
        return Reading(con)
    fd = try_lock(path)
    if fd is None:
        con = open_current(app, path, behind=True)
        if con is not None:
            head = app.recorder.max_notification_id() or 0
            return Reading(con, head - _position(con))
        fd = take_lock(path, wait, say)
    try:
        con = open_current(app, path)  # (another writer may have just finished)
        if con is not None:
            return Reading(con)
        with writable(path, say, backlog=backlog(app, path)) as w:
            result = catch_up(w)
            done = _position(w)
    finally:
        unlock(fd)
    con = open_current(app, path, behind=True)  # (what this call projected; new events may have come since)
    if con is None or _position(con) != done:  # this process holds the old file: DuckDB gave its instance again
        if con is not None:
            con.close()
        con = fresh(path)
    return Reading(con, 0, result)


def _position(con: duckdb.DuckDBPyConnection) -> int:
    return int(con.execute("SELECT coalesce(max(position), 0) FROM projection_tracking").fetchall()[0][0])


def fresh(path: str | Path) -> duckdb.DuckDBPyConnection:
    """A read-only connection to the file at ``path`` now, even in a process that still holds a file renamed
    away from there: DuckDB hands a process the database it already has open for a path (``duckdb.connect``),
    so the file is attached to an in-memory database instead (``USE``: its tables by their names)."""
    con = duckdb.connect()
    try:
        con.execute("ATTACH ? AS read_models (READ_ONLY)", [str(path)])
        con.execute("USE read_models")
    except BaseException:
        con.close()
        raise
    return con


__all__ = [
    "BEHIND",
    "Reading",
    "draft",
    "draft_path",
    "fresh",
    "lock_path",
    "read_models",
    "take_lock",
    "try_lock",
    "unlock",
    "backlog",
    "update",
    "writable",
    "writer_lock",
]
