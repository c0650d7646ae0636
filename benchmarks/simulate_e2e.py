"""``simulate`` end to end, as a user runs it, at another revision and now, interleaved in one run:

    python benchmarks/simulate_e2e.py REV [--games 40] [--rounds 3] [--workers 2] [--base PATH] [--json]

Each round runs, in each tree (the order alternating round by round), ``dungeon-lords simulate --games N
--players 4 --bots random --seed 0 --workers W --store DIR/store.sqlite`` into a fresh directory: the games
played on W processes, stored (the parent's appends) and projected into the read models beside the store
(``analytics.duckdb``: the catch-up and the swap), then checks that the read models hold the N games. Timed:
the wall clock and the CPU seconds of the command and every process it started (``RUSAGE_CHILDREN``: the
pool's workers are the command's children, reaped before it ends), start-up included. Reported per tree:
the medians over the rounds of games per CPU second, games per wall second, the CPU seconds, and the
projection's wall seconds as the command prints them; and the median of the same-round ratios now/before of
games per CPU second (above 1: now is faster). A machine shared with other work moves the wall clock;
the CPU figures and the same-round ratio are what compare.

REV is checked out into a temporary git worktree (or ``--base`` names a tree already checked out), as
``before_after.py`` does; both trees run with this interpreter (its installed packages), each on its own code.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECTED = re.compile(r"projected (\d+) events in ([0-9.]+) s")


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _games_projected(path: Path) -> int:
    import duckdb

    con = duckdb.connect(str(path), read_only=True)
    try:
        return int(con.execute("SELECT count(*) FROM games WHERE finished").fetchall()[0][0])
    finally:
        con.close()


def simulate_once(tree: Path, games: int, workers: int) -> dict[str, float]:
    """One ``simulate`` run of ``tree``'s code into a fresh store: wall and CPU seconds, the projection's seconds.

    Raises:
        RuntimeError: the command failed, or its read models do not hold the ``games`` games."""
    with tempfile.TemporaryDirectory(prefix="dl-sim-e2e-") as tmp:
        store = Path(tmp) / "store.sqlite"
        argv = [sys.executable, "-m", "cli.main", "simulate", "--games", str(games), "--players", "4"]
        argv += ["--bots", "random", "--seed", "0", "--workers", str(workers), "--store", str(store)]
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", "COLUMNS": "200"}
        env.pop("DL_STORE", None)
        cpu, wall = _children_cpu(), time.perf_counter()
        done = subprocess.run(argv, cwd=tree, env=env, capture_output=True, text=True)
        wall, cpu = time.perf_counter() - wall, _children_cpu() - cpu
        if done.returncode != 0:
            raise RuntimeError(f"{tree}: simulate exited {done.returncode}: {done.stderr.strip()[-500:]}")
        found = _games_projected(store.parent / "analytics.duckdb")
        if found != games:
            raise RuntimeError(f"{tree}: the read models hold {found} finished games, not {games}")
        projected = PROJECTED.search(done.stdout)
        return {"cpu": cpu, "wall": wall, "project_wall": float(projected.group(2)) if projected else 0.0}


def compare(before: Path, now: Path, games: int, rounds: int, workers: int) -> dict[str, dict[str, float]]:
    """Per tree, medians over the rounds: games per CPU second and per wall second, CPU seconds, the projection's
    wall seconds; and ``ratio``: the median same-round ratio of games per CPU second, now / before."""
    trees = {"before": before, "now": now}
    samples: dict[str, list[dict[str, float]]] = {"before": [], "now": []}
    ratios = []
    for r in range(rounds):
        order = ("before", "now") if r % 2 == 0 else ("now", "before")
        got = {side: simulate_once(trees[side], games, workers) for side in order}
        for side, figures in got.items():
            samples[side].append(figures)
        ratios.append(got["before"]["cpu"] / got["now"]["cpu"])
        print(
            f"  round {r + 1}: CPU {got['before']['cpu']:.2f} s before, {got['now']['cpu']:.2f} s now "
            f"(x{ratios[-1]:.3f}); wall {got['before']['wall']:.2f} s, {got['now']['wall']:.2f} s",
            file=sys.stderr,
            flush=True,
        )
    out: dict[str, dict[str, float]] = {}
    for side, runs in samples.items():
        out[side] = {
            "games_per_cpu_second": statistics.median(games / s["cpu"] for s in runs),
            "games_per_second": statistics.median(games / s["wall"] for s in runs),
            "cpu_seconds": statistics.median(s["cpu"] for s in runs),
            "project_seconds": statistics.median(s["project_wall"] for s in runs),
        }
    out["ratio"] = {"games_per_cpu_second": statistics.median(ratios)}
    return out


def run(rev: str, games: int, rounds: int, workers: int, base: Path | None = None) -> dict[str, dict[str, float]]:
    """:func:`compare` against ``rev`` checked out in a temporary worktree (or the tree at ``base``)."""
    if base is not None:
        return compare(base, ROOT, games, rounds, workers)
    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(before), rev], cwd=ROOT, check=True, capture_output=True
        )
        try:
            return compare(before, ROOT, games, rounds, workers)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev")
    parser.add_argument("--games", type=int, default=40, help="games a simulate run (4 players, random bots)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--base", type=Path, help="a tree of REV already checked out (no temporary worktree)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = run(args.rev, args.games, args.rounds, args.workers, args.base)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"simulate --games {args.games} --workers {args.workers}, medians of {args.rounds} alternated rounds:")
    for side in ("before", "now"):
        f = figures[side]
        print(
            f"  {side:6s} {f['games_per_cpu_second']:6.2f} games per CPU s, {f['games_per_second']:6.2f} games/s wall,"
            f" {f['cpu_seconds']:6.2f} CPU s, projection {f['project_seconds']:.2f} s wall"
        )
    print(f"  now / before, games per CPU second: x{figures['ratio']['games_per_cpu_second']:.3f}")


if __name__ == "__main__":
    main()
