"""How long a reader waits while the read models catch up (issue #31: readers never wait for the writer).

Given a store of many games, it publishes read models holding only the first ``--published`` notifications,
then starts ``dungeon-lords project`` (the catch-up of the rest) and, while it runs, one reader after another:

- ``stats``: ``dungeon-lords stats win_rate_by_strategy --pooled --json`` (wall time, exit code, and whether
  it said the read models were behind);
- ``notebook``: ``duckdb.connect(analytics.duckdb, read_only=True)`` and a count in a fresh Python process
  (wall time, or the error DuckDB gave).

Then the copy that a catch-up pays: ``shutil.copyfile`` of the read models (MB/s), and ``project`` of one new
game into the full read models.

    python benchmarks/reader_wait.py STORE [--published 50000] [--code DIR] [--json]

``--code DIR``: run the CLI of another checkout (``PYTHONPATH=DIR``, and run from another folder than this
checkout: ``python -c`` puts the current folder first), e.g. the code before the swap, for a before/after.
The store's analytics.duckdb is rebuilt, and one game added to the store. Nothing here is a test; it prints
figures (docs/performance.md, "Catching up beside a reader").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
NOTEBOOK = "import sys, duckdb; c = duckdb.connect(sys.argv[1], read_only=True); c.sql('SELECT count(*) FROM games')"


def _cli(env: dict, *args: str) -> list[str]:
    return [sys.executable, "-c", "from cli.main import main; main()", *args]


def _timed(cmd: list[str], env: dict) -> tuple[float, int, str]:
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    return time.perf_counter() - t0, done.returncode, done.stderr


def _publish_first(store: Path, notifications: int) -> None:
    """Read models holding the store's first ``notifications`` notifications (the rest to catch up)."""
    from domain.service.application import GameService
    from projections.runner import project

    models = store.parent / "analytics.duckdb"
    for p in store.parent.glob("analytics*.duckdb*"):
        p.unlink()
    project(GameService.open(str(store)), models, batch_size=notifications, stop_after_batches=1)


def readers_during_catch_up(store: Path, published: int, env: dict) -> dict:
    _publish_first(store, published)
    models = store.parent / "analytics.duckdb"
    t0 = time.perf_counter()
    writer = subprocess.Popen(
        _cli(env, "project", "--store", str(store)), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    stats, notebook = [], []
    while writer.poll() is None:
        started = time.perf_counter() - t0
        seconds, code, err = _timed(
            _cli(env, "stats", "win_rate_by_strategy", "--pooled", "--json", "--store", str(store)), env
        )
        stats.append({"at": round(started, 2), "seconds": round(seconds, 2), "exit": code, "behind": "behind" in err})
        started = time.perf_counter() - t0
        seconds, code, err = _timed([sys.executable, "-c", NOTEBOOK, str(models)], env)
        notebook.append(
            {
                "at": round(started, 2),
                "seconds": round(seconds, 2),
                "ok": code == 0,
                "error": err.strip()[-90:] if code else "",
            }
        )
    writer.wait()
    catch_up = time.perf_counter() - t0
    during = [s for s in stats if s["at"] < catch_up]
    return {
        "catch_up_seconds": round(catch_up, 1),
        "stats": stats,
        "notebook": notebook,
        "stats_median_seconds": statistics.median(s["seconds"] for s in during) if during else None,
        "stats_max_seconds": max(s["seconds"] for s in during) if during else None,
        "notebook_failures": sum(not n["ok"] for n in notebook),
    }


def copy_cost(store: Path, env: dict) -> dict:
    models = store.parent / "analytics.duckdb"
    size = models.stat().st_size
    t0 = time.perf_counter()
    shutil.copyfile(models, store.parent / "copy.duckdb")
    seconds = time.perf_counter() - t0
    (store.parent / "copy.duckdb").unlink()
    # one new game, caught up by `project` (with the CLI of ``env``)
    from cli.analytics_cmds import simulate_into
    from domain.service.application import GameService

    simulate_into(GameService.open(str(store)), 1, 4, None, int(time.time()), quiet=True)
    one, code, err = _timed(_cli(env, "project", "--store", str(store)), env)
    assert code == 0, err
    return {
        "file_mb": round(size / 1e6, 1),
        "copy_seconds": round(seconds, 2),
        "copy_mb_per_second": round(size / 1e6 / seconds),
        "project_one_game_seconds": round(one, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("--published", type=int, default=50_000, help="notifications in the published read models")
    parser.add_argument("--code", type=Path, help="the checkout whose CLI runs (default: this one)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    env = dict(ENV)
    if args.code:
        env["PYTHONPATH"] = str(args.code.resolve())
        if Path.cwd().resolve() == Path(__file__).resolve().parent.parent:
            parser.error("run it from another folder with --code (python -c imports the current folder first)")
    figures = {"load": os.getloadavg(), **readers_during_catch_up(args.store.resolve(), args.published, env)}
    figures["copy"] = copy_cost(args.store.resolve(), env)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"catch-up {figures['catch_up_seconds']} s (load {figures['load'][0]:.1f})")
    for s in figures["stats"]:
        print(
            f"  stats at {s['at']:6.1f} s: {s['seconds']:5.2f} s, exit {s['exit']}"
            + (" (behind)" if s["behind"] else "")
        )
    for n in figures["notebook"]:
        print(f"  notebook at {n['at']:6.1f} s: {n['seconds']:5.2f} s " + ("ok" if n["ok"] else n["error"]))
    print(f"copy: {figures['copy']}")


if __name__ == "__main__":
    main()
