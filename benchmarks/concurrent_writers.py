"""Where the time of a CLI input goes when many people record at once (issue #29, item 8).

Launches N processes at the same moment, each on a game of its own in one store, for three kinds of
process, so that their differences say where the time goes:

- ``import``: ``python -c "import cli.main"``, the start-up alone (the interpreter and the modules);
- ``status``: start-up, opening the store, loading the game (snapshot and replay), printing it;
- ``act``: all of that, plus deciding an input and appending it (the write and its lock).

For each kind and N it reports the median and the slowest wall time, and the median CPU time of a process
(user + system, from ``wait4``), so that a slow median can be told apart: CPU contention (N processes x CPU
each / cores), lock waits (wall far above that), or work per input (CPU of ``act`` over ``status``).

    python benchmarks/concurrent_writers.py [--store sqlite|postgresql://...] [--n 1,2,4,8,16] [--json]

Nothing here is a test; it prints figures (docs/performance.md, "Many recorders at once").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = [sys.executable, "-c"]
MAIN = "from cli.main import main; main()"
# As a user runs it: with the bytecode cache. Some shells here set PYTHONDONTWRITEBYTECODE, which makes
# every start-up compile the project's ~130 modules again (about twice the CPU of a start-up).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _cli(store: str, *args: str) -> str:
    result = subprocess.run(
        [*PY, MAIN, *args, "--store", store], cwd=ROOT, env=ENV, capture_output=True, text=True, check=True
    )
    return result.stdout.strip()


def _argv(kind: str, store: str, game: str) -> list[str]:
    if kind == "import":
        return [*PY, "import cli.main"]
    if kind == "status":
        return [*PY, MAIN, "status", game, "--store", store]
    # the first legal option of whoever acts: each game is at its own orders decision
    return [*PY, MAIN, "act", game, "--pick", "1", "--player", "red", "--store", store]


def _launch(argvs: list[list[str]]) -> list[tuple[float, float, int]]:
    """Start every process at once; (wall s, CPU s, exit code) for each."""
    started = time.perf_counter()
    procs = {
        subprocess.Popen(argv, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).pid: None
        for argv in argvs
    }
    results = []
    while procs:
        pid, status, usage = os.wait4(-1, 0)
        if pid not in procs:
            continue
        del procs[pid]
        cpu = usage.ru_utime + usage.ru_stime
        results.append((time.perf_counter() - started, cpu, os.waitstatus_to_exitcode(status)))
    return results


def measure(store: str, n: int, kind: str) -> dict:
    games = [_cli(store, "new", "--players", "4", "--seed", str(i)) for i in range(n)]
    results = _launch([_argv(kind, store, g) for g in games])
    walls = sorted(r[0] for r in results)
    return {
        "kind": kind,
        "n": n,
        "median_s": round(statistics.median(walls), 3),
        "max_s": round(walls[-1], 3),
        "cpu_median_s": round(statistics.median(r[1] for r in results), 3),
        "failed": sum(1 for r in results if r[2] != 0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default="sqlite", help="sqlite (a fresh file) or a postgresql:// URL")
    parser.add_argument("--n", default="1,2,4,8,16")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.store == "sqlite":
        store = str(Path(tempfile.mkdtemp()) / "games.sqlite")
    else:  # a schema of its own, so that the run starts from an empty store
        import psycopg

        schema = "bench_" + uuid.uuid4().hex[:8]
        with psycopg.connect(args.store, autocommit=True) as con:
            con.execute(f"CREATE SCHEMA {schema}")
        store = f"{args.store}?schema={schema}"
    rows = [measure(store, n, kind) for n in map(int, args.n.split(",")) for kind in ("import", "status", "act")]
    if args.json:
        print(json.dumps({"cores": os.cpu_count(), "store": args.store, "rows": rows}, indent=1))
        return
    print(f"{os.cpu_count()} cores, store {args.store}")
    print(f"{'kind':8} {'N':>3} {'median s':>9} {'max s':>7} {'CPU s each':>11} {'N*CPU/cores':>12} {'failed':>7}")
    for r in rows:
        ideal = r["n"] * r["cpu_median_s"] / (os.cpu_count() or 1)
        print(
            f"{r['kind']:8} {r['n']:>3} {r['median_s']:>9.2f} {r['max_s']:>7.2f} {r['cpu_median_s']:>11.2f}"
            f" {ideal:>12.2f} {r['failed']:>7}"
        )


if __name__ == "__main__":
    main()
