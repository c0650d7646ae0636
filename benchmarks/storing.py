"""Storing finished games and reading a stored game's state at an event (issue #35), as plain functions that
return a dict of figures (sections of ``bench --suite``), or from the command line:

    python benchmarks/storing.py store [--games 20] [--rounds 3] [--batch 20] [--postgres DSN] [--json]
    python benchmarks/storing.py state-at [--at 1,24,99,420] [--repeat 15] [--interval 25] [--json]

* :func:`storing_finished_games`: fixed-seed 4-player games are played once (not timed), then stored with
  ``create_simulated`` in batches of ``batch`` games (one transaction each, as ``simulate`` stores them) into a
  fresh SQLite file (and, with ``postgres``, a fresh schema of that database, dropped afterwards), through the
  aggregates (``bulk=False``) and through the bulk path, alternating which goes first round by round: events/s
  on the wall clock and per CPU second of this process (PostgreSQL's own work is in its server), medians over
  the rounds, and the same-round ratio bulk/aggregates.
* :func:`state_at_event`: a 4-player game stored as ``simulate`` stores it (one snapshot, at its head), then
  ``state(game, version=N)`` at several N: milliseconds per call (median of ``repeat``), before and after
  ``take_snapshots`` (a snapshot every ``interval`` events).

Nothing here is a test; figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


@contextmanager
def _postgres_store(dsn: str) -> Iterator[Callable[[], str]]:
    """A factory of fresh schemas of ``dsn`` (store specs), all dropped afterwards."""
    import psycopg

    made: list[str] = []

    def fresh() -> str:
        schema = f"bench_store_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(dsn, autocommit=True) as c:
            c.execute(f"CREATE SCHEMA {schema}")
        made.append(schema)
        return urlunsplit(urlsplit(dsn)._replace(query=f"schema={schema}"))

    try:
        yield fresh
    finally:
        with psycopg.connect(dsn, autocommit=True) as c:
            for schema in made:
                c.execute(f"DROP SCHEMA {schema} CASCADE")


def _store_once(store: str, games: list[Any], game: str, batch: int, bulk: bool, own: bool) -> tuple[float, float]:
    """Wall and CPU seconds to store ``games`` into ``store`` (opened first, not timed); ``own`` False: with
    eventsourcing's own recorder, as before issue #35 (SQLite: a row at a time; PostgreSQL: a composite array)."""
    from domain.service.application import GameService
    from domain.service.storage import store_env

    env = store_env(store)
    if not own and env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        del env["APPLICATION_RECORDER_TOPIC"]
    with GameService(env=env) as app:
        app.store_id()
        if hasattr(app.recorder, "column_arrays"):
            app.recorder.column_arrays = own
        wall, cpu = time.perf_counter(), time.process_time()
        for i in range(0, len(games), batch):
            app.create_simulated(games[i : i + batch], game=game, bulk=bulk)
        return time.perf_counter() - wall, time.process_time() - cpu


#: what is compared: name -> (bulk path, the service's own recorders); "before" is the issue's start
VARIANTS = {"before": (False, False), "aggregates": (False, True), "bulk": (True, True)}


def storing_finished_games(
    games: int = 20, rounds: int = 3, batch: int = 20, postgres: str | None = None, seed: int = 7
) -> dict[str, Any]:
    """Events/s storing ``games`` finished 4-player simulated games: as at the issue's start (``before``: the
    aggregates, eventsourcing's recorders), through the aggregates with the service's recorders
    (``aggregates``: SQLite ``recorder_sqlite``, PostgreSQL column arrays), and through the bulk path
    (``bulk``), in turn, the order rotating round by round.

    Returns ``{"games", "events", "batch", "load", "sqlite": {...}, "postgresql": {...}}`` (PostgreSQL only with
    ``postgres``, a DSN without ``?schema=``); each
    store's figures: ``<variant>_events_per_s`` (wall clock, median over the rounds), ``<variant>_events_per_cpu_s``
    (this process's CPU; PostgreSQL's own work is in its server), and ``bulk_ratio``: the median of the
    same-round wall-clock ratios bulk/before."""
    import gc

    from domain.service.executors import play_batch
    from domain.service.simulation import plans

    todo = plans(games, players=4, seed=seed)
    played = play_batch(todo)  # not timed: as a simulation worker hands them over
    events = sum(len(log) for log, _ in played)
    out: dict[str, Any] = {"games": games, "events": events, "batch": batch, "load": round(os.getloadavg()[0], 1)}
    with tempfile.TemporaryDirectory() as d, ExitStack() as stack:
        kinds: list[tuple[str, Callable[[], str], list[str]]] = [
            ("sqlite", lambda: os.path.join(d, f"{uuid.uuid4().hex}.sqlite"), list(VARIANTS))
        ]
        if postgres:
            kinds.append(("postgresql", stack.enter_context(_postgres_store(postgres)), list(VARIANTS)))
        for name, fresh, variants in kinds:
            runs: dict[str, list[tuple[float, float]]] = {v: [] for v in variants}
            for r in range(rounds):
                for v in variants[r % len(variants) :] + variants[: r % len(variants)]:
                    stored = [(log, final, uuid.uuid4()) for log, final in played]
                    gc.collect()
                    runs[v].append(_store_once(fresh(), stored, todo[0].game, batch, *VARIANTS[v]))
            figures: dict[str, Any] = {}
            for v in variants:
                figures[f"{v}_events_per_s"] = round(events / statistics.median(w for w, _ in runs[v]))
                figures[f"{v}_events_per_cpu_s"] = round(events / statistics.median(c for _, c in runs[v]))
            base = runs[variants[0]]
            figures["bulk_ratio"] = round(
                statistics.median(b[0] / k[0] for b, k in zip(base, runs["bulk"], strict=True)), 2
            )
            out[name] = figures
    return out


def state_at_event(
    at: tuple[int, ...] = (1, 24, 99, 100, 199, 420, 630, 799),
    repeat: int = 15,
    seed: int = 7,
    interval: int | None = None,
) -> dict[str, Any]:
    """Milliseconds for ``state(game, version=N)`` on a stored fixed-seed 4-player game (random bots), at each
    N of ``at`` (a number past the game's end is left out): stored in bulk as ``simulate`` stores it (one
    snapshot, at its head: N below it replays from event 1), then with a snapshot every ``interval`` events
    (``take_snapshots``; default ``HISTORY_INTERVAL``). Each figure is the median of ``repeat`` calls on a
    warmed-up application (process start and the first load left out).

    Returns ``{"events", "interval", "load", "snapshots_taken", "at": {N: {"replay_ms", "snapshots_ms"}},
    "worst_snapshots_ms"}``."""
    from domain.service.application import HISTORY_INTERVAL, GameService

    interval = interval or HISTORY_INTERVAL
    from domain.service.executors import plan_id, play_batch
    from domain.service.simulation import plans

    todo = plans(1, players=4, bots=["random"], seed=seed)
    ((log, final),) = play_batch(todo)
    out: dict[str, Any] = {"events": len(log), "interval": interval, "load": round(os.getloadavg()[0], 1)}
    points = [n for n in at if 1 <= n <= len(log)]

    def timed(app: GameService, gid: uuid.UUID, n: int) -> float:
        app.state(gid, version=n)  # warm
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            app.state(gid, version=n)
            times.append(time.perf_counter() - t)
        return round(statistics.median(times) * 1000, 2)

    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "state_at.sqlite")
        with GameService.open(path, init=True) as app:
            gid = plan_id(todo[0])
            app.create_simulated([(log, final, gid)], game=todo[0].game)
            replay = {n: timed(app, gid, n) for n in points}
            out["snapshots_taken"] = app.take_snapshots(gid, interval)
            snap = {n: timed(app, gid, n) for n in points}
    out["at"] = {n: {"replay_ms": replay[n], "snapshots_ms": snap[n]} for n in points}
    out["worst_snapshots_ms"] = max(snap.values())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("store")
    s.add_argument("--games", type=int, default=20)
    s.add_argument("--rounds", type=int, default=3)
    s.add_argument("--batch", type=int, default=20)
    s.add_argument("--postgres")
    s.add_argument("--json", action="store_true")
    t = sub.add_parser("state-at")
    t.add_argument("--at", default="1,99,100,199,420,630,799")
    t.add_argument("--repeat", type=int, default=15)
    t.add_argument("--interval", type=int)
    t.add_argument("--json", action="store_true")
    a = parser.parse_args()
    if a.what == "store":
        report = storing_finished_games(a.games, a.rounds, a.batch, a.postgres)
    else:
        report = state_at_event(tuple(int(n) for n in a.at.split(",")), a.repeat, interval=a.interval)
    print(json.dumps(report, indent=None if a.json else 2))


if __name__ == "__main__":
    main()
