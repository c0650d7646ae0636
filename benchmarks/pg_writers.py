"""Many writers on one PostgreSQL store, and the projection that follows them (issue #34).

    python benchmarks/pg_writers.py measure --store postgresql://user@host:port/db [--writers 1,2,4]
        [--inputs 150] [--games 60] [--json]
    python benchmarks/pg_writers.py write --store SPEC --inputs N --seed S [--rollback-every R] [--go FILE]
    python benchmarks/pg_writers.py conflict --store SPEC --game ID --command JSON --expected N --go FILE

``measure`` runs, on a schema of its own (created, then dropped; the store URL must carry no ``?schema=``):

* appends: N ``write`` processes at once (each a game of its own, random bots, one ``execute`` per input,
  that is one atomic append per input, as the service and the CLI store them): inputs/s and events/s of
  all of them together, from the moment they are told to go to the last one's end;
* bulk: ``--games`` finished simulated games played first (not timed), then stored with
  ``create_simulated`` (one transaction per batch of games, as ``simulate`` stores a batch) at batch sizes
  1, 10 and 20: events/s of the storing alone;
* projection: the whole store projected into a fresh DuckDB file (``project``): events/s, and the ceiling
  (reading the log alone, ``read_ceiling``).

``write`` is one writer process (its figures as one JSON line). Every ``--rollback-every`` inputs it also
runs a transaction that takes the events table's lock, inserts a row and rolls back: a notification id
taken and never used (a gap in the log, as a failed or refused append leaves). ``conflict`` enters one
command with ``expected`` once ``--go`` exists and prints ``stored`` or ``conflict`` (the tests use both).

Nothing here is a test; it prints figures (docs/scaling.md, "Projection from PostgreSQL").
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
NAMES = ["Ann", "Bob", "Cid"]
# as a user runs it: with the bytecode cache (some shells here set PYTHONDONTWRITEBYTECODE: a slow start-up)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
COLORS = ["red", "blue", "green"]


def rolled_back(app: Any) -> None:
    """A transaction that takes the events table's lock (as every append does), inserts a row and rolls back:
    the notification id it took is never used."""
    recorder = app.recorder
    table = f'"{recorder.datastore.schema}".{recorder.events_table_name}'
    with recorder.datastore.transaction(commit=False) as c:  # force_rollback
        c.execute(f"LOCK TABLE {table} IN EXCLUSIVE MODE")
        c.execute(
            f"INSERT INTO {table} (originator_id, originator_version, topic, state) VALUES (%s, 1, %s, %s)",
            (uuid.uuid4(), "rolled.back", b"{}"),
        )
        time.sleep(0.002)  # other writers wait on the lock meanwhile


def _wait_for(go: str | None) -> None:
    while go and not os.path.exists(go):
        time.sleep(0.005)


def write(store: str, inputs: int, seed: int, rollback_every: int = 0, go: str | None = None) -> dict[str, Any]:
    """One writer: random bots enter ``inputs`` inputs into games of its own (a new game when one ends)."""
    from domain.games.dungeon_lords import engine
    from domain.games.dungeon_lords.bots import random_bot
    from domain.service.application import GameService

    app = GameService.open(store)
    rng = random.Random(seed)
    in_store: list[float] = []  # seconds in the store's append (its lock wait, insert, commit) per append
    insert = app.recorder.insert_events

    def timed(*args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        try:
            return insert(*args, **kwargs)
        finally:
            in_store.append(time.perf_counter() - t)

    app.recorder.insert_events = timed
    _wait_for(go)
    t0, cpu0 = time.perf_counter(), time.process_time()
    done = events = rollbacks = games = 0
    latencies: list[float] = []
    gid, live = None, None
    while done < inputs:
        if gid is None:
            gid = app.create_game(NAMES, seed=rng.randrange(2**31))
            live = app.state(gid)
            games += 1
            events += len(app.log(gid))  # its opening events
        p = engine.pending(live)
        actors = [a for a in p.actors if a in COLORS]
        if not actors or not p.options(actors[0]):
            gid = None
            continue
        cmd = random_bot(live, p, actors[0], rng)
        _, live = engine.execute(live, cmd)
        t = time.perf_counter()
        events += len(app.execute(gid, cmd))
        latencies.append(time.perf_counter() - t)
        done += 1
        if rollback_every and done % rollback_every == 0:
            rolled_back(app)
            rollbacks += 1
    seconds, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    app.close()
    latencies.sort()
    return {
        "inputs": done,
        "events": events,
        "games": games,
        "rollbacks": rollbacks,
        "seconds": seconds,
        "p50_ms": 1000 * latencies[len(latencies) // 2],
        "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))],
        "cpu_ms_per_input": 1000 * cpu / max(1, done),
        "store_ms_per_append": 1000 * statistics.median(in_store) if in_store else 0.0,
    }


def conflict(store: str, game: str, command: str, expected: int, go: str) -> str:
    """Enter ``command`` into ``game`` as seen at event ``expected``, once ``go`` exists: "stored" or "conflict"."""
    from domain.service.application import GameConflict, GameService

    app = GameService.open(store)
    app.state(game)  # loaded and warm before the start
    _wait_for(go)
    try:
        app.execute(game, json.loads(command), expected=expected)
        return "stored"
    except GameConflict:
        return "conflict"
    finally:
        app.close()


def writers(
    store: str, count: int, inputs: int, rollback_every: int = 0, go: bool = True
) -> list[subprocess.Popen[str]]:
    """``count`` ``write`` processes on ``store``, started; with ``go`` waiting for their go file (``.go``,
    :func:`release`), else writing at once."""
    where = os.path.join(tempfile.mkdtemp(prefix="dl-pgw-"), "go")
    procs = [
        subprocess.Popen(
            [sys.executable, __file__, "write", "--store", store, "--inputs", str(inputs), "--seed", str(i)]
            + ["--rollback-every", str(rollback_every)]
            + (["--go", where] if go else []),
            stdout=subprocess.PIPE,
            text=True,
            env=ENV,
        )
        for i in range(count)
    ]
    for p in procs:
        p.go = where  # type: ignore[attr-defined]
    return procs


def release(procs: list[subprocess.Popen[str]]) -> float:
    """Tell the writers to go (after giving them time to open the store); returns the start time."""
    time.sleep(3.0 + len(procs))  # start-up: the interpreter, the modules, the store
    Path(procs[0].go).touch()  # type: ignore[attr-defined]
    return time.perf_counter()


def _schema_store(dsn: str) -> tuple[str, Any]:
    import psycopg

    schema = f"bench_pgw_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(dsn, autocommit=True) as c:
        c.execute(f"CREATE SCHEMA {schema}")

    def drop() -> None:
        with psycopg.connect(dsn, autocommit=True) as c:
            c.execute(f"DROP SCHEMA {schema} CASCADE")

    return urlunsplit(urlsplit(dsn)._replace(query=f"schema={schema}")), drop


def measure_appends(dsn: str, counts: list[int], inputs: int) -> list[dict[str, Any]]:
    out = []
    for n in counts:
        store, drop = _schema_store(dsn)
        try:
            from domain.service.application import GameService

            GameService.open(store).close()  # the tables, made once
            procs = writers(store, n, inputs)
            t0 = release(procs)
            results = [json.loads(p.communicate()[0]) for p in procs]
            wall = time.perf_counter() - t0
        finally:
            drop()
        total = sum(r["inputs"] for r in results)
        evs = sum(r["events"] for r in results)
        out.append(
            {
                "writers": n,
                "inputs": total,
                "inputs_per_s": round(total / wall, 1),
                "events_per_s": round(evs / wall, 1),
                "p50_ms": round(statistics.median(r["p50_ms"] for r in results), 1),
                "p99_ms": round(max(r["p99_ms"] for r in results), 1),
                "cpu_ms_per_input": round(statistics.median(r["cpu_ms_per_input"] for r in results), 1),
                "store_ms_per_append": round(statistics.median(r["store_ms_per_append"] for r in results), 2),
            }
        )
        print(json.dumps(out[-1]), file=sys.stderr)
    return out


def measure_bulk_and_projection(dsn: str, games: int) -> dict[str, Any]:
    import duckdb

    from domain.service.application import GameService
    from domain.service.executors import play_batch
    from domain.service.simulation import plans
    from projections.runner import project, read_ceiling

    todo = plans(games, seed=7)
    played = play_batch(todo)  # not timed: the games, as a simulation worker hands them over
    out: dict[str, Any] = {"games": games, "bulk": []}
    store, drop = _schema_store(dsn)
    try:
        for size in (1, 10, 20):  # 50 games (38k events) in one append hang in psycopg (docs/scaling.md)
            app = GameService.open(store)
            t0 = time.perf_counter()
            fresh = [(log, final, uuid.uuid4()) for log, final in played]  # new ids: the same games again
            for i in range(0, len(fresh), size):
                app.create_simulated(fresh[i : i + size], game=todo[0].game)
            seconds = time.perf_counter() - t0
            events = sum(len(log) for log, _ in played)
            out["bulk"].append({"batch": size, "events": events, "events_per_s": round(events / seconds)})
            print(json.dumps(out["bulk"][-1]), file=sys.stderr)
            app.close()
        app = GameService.open(store)
        head = app.recorder.max_notification_id() or 0
        with tempfile.TemporaryDirectory() as d:
            con = duckdb.connect(os.path.join(d, "analytics.duckdb"))
            result = project(app, con)
            con.close()
        count, secs = read_ceiling(app)
        out["projection"] = {
            "notifications": head,
            "events_per_s": round(result.rate),
            "read_ceiling_per_s": round(count / secs),
        }
        app.close()
    finally:
        drop()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    w = sub.add_parser("write")
    w.add_argument("--store", required=True)
    w.add_argument("--inputs", type=int, default=100)
    w.add_argument("--seed", type=int, default=0)
    w.add_argument("--rollback-every", type=int, default=0)
    w.add_argument("--go")
    c = sub.add_parser("conflict")
    c.add_argument("--store", required=True)
    c.add_argument("--game", required=True)
    c.add_argument("--command", required=True)
    c.add_argument("--expected", type=int, required=True)
    c.add_argument("--go", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--store", required=True, help="postgresql://user@host:port/db (no ?schema=)")
    m.add_argument("--writers", default="1,2,4")
    m.add_argument("--inputs", type=int, default=150)
    m.add_argument("--games", type=int, default=60)
    m.add_argument("--json", action="store_true")
    a = parser.parse_args()
    if a.what == "write":
        print(json.dumps(write(a.store, a.inputs, a.seed, a.rollback_every, a.go)))
    elif a.what == "conflict":
        print(conflict(a.store, a.game, a.command, a.expected, a.go))
    else:
        counts = [int(x) for x in a.writers.split(",")]
        report = {
            "machine": f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at start",
            "appends": measure_appends(a.store, counts, a.inputs),
            **measure_bulk_and_projection(a.store, a.games),
        }
        print(json.dumps(report, indent=None if a.json else 2))


if __name__ == "__main__":
    main()
