"""The engine's CPU time per game at another revision and now, measured interleaved in one run (this
machine's speed drifts by tens of percent from minute to minute, and other processes share its cores, so
figures from different runs, or wall-clock figures, do not compare):

    python benchmarks/before_after.py REV [--games 8] [--rounds 5] [--base PATH] [--only random,festival]

REV is checked out into a temporary git worktree (or ``--base`` names a tree already checked out). One
long-lived process per tree plays the fixed-seed bot games; each round asks one tree then the other (the
order alternating round by round) to play each workload's games, timed with ``time.process_time`` in
the playing process (CPU time, not the wall clock), the garbage collector tuned as in a ``simulate`` worker
and a full collection before each batch (untimed). Reported per workload: the median over the rounds of
the CPU milliseconds per game on each side and of the same-round ratio before/now (above 1: now is
faster). Workloads: Dungeon Lords 4 players random bots, strategy bots (balanced, tunneller, evil,
room_builder), Festival Season's ``five_seasons`` random bots, and Monster Inn 4 players random bots.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: run inside the tree under test: only APIs both trees have (games registry, kernel play loop); reads
#: "workload games" lines, answers the CPU seconds per game as one JSON number per line
PROBE = """
import gc, json, sys, time
from domain.games import GAMES
from domain.kernel import play_until_blocked

WORKLOADS = json.loads(sys.argv[1])

def play(game, bots, modules, seed):
    package = GAMES[game]
    options = {"modules": modules} if modules else {}
    events, state = package.new_game([f"p{k}" for k in range(len(bots))], seed=seed, **options)
    seats = {s: package.bots[b] for s, b in zip(package.seats(state), bots)}
    play_until_blocked(package.engine, state, seats, seed=seed, max_commands=50_000)

for w in WORKLOADS.values():  # warm-up: imports, catalogs, caches
    play(*w, seed=10_000)
gc.collect()
gc.freeze()  # the garbage collector tuned as in a `simulate` worker (domain.service.simulation)
gc.set_threshold(10_000, 50, 50)
print("ready", flush=True)
for line in sys.stdin:
    name, games = line.split()
    gc.collect()  # every batch starts from no garbage: a full collection lands in no batch by chance
    start = time.process_time()
    for seed in range(int(games)):
        play(*WORKLOADS[name], seed=seed)
    print(json.dumps((time.process_time() - start) / int(games)), flush=True)
"""

STRATEGIES = ["balanced", "tunneller", "evil", "room_builder"]
WORKLOADS = {  # name: (game, bots, Dungeon Lords' rules modules)
    "random": ("dungeon_lords", ["random"] * 4, []),
    "strategies": ("dungeon_lords", STRATEGIES, []),
    "festival": ("dungeon_lords", ["random"] * 4, ["five_seasons"]),
    "monster_inn": ("monster_inn", ["random"] * 4, []),
}
#: games per round, relative to --games (a Monster Inn game is short, a strategy game long)
SCALE = {"random": 1.0, "strategies": 0.5, "festival": 1.0, "monster_inn": 4.0}


class Tree:
    """A long-lived process playing the probe's games in one tree."""

    def __init__(self, path: Path, workloads: dict[str, tuple[str, list[str], list[str]]]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", PROBE, json.dumps(workloads)],
            cwd=path,
            env={"PYTHONPATH": str(path), "PYTHONHASHSEED": "0"},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout and self.proc.stdout.readline().strip() == "ready", f"{path}: probe did not start"

    def cpu_per_game(self, workload: str, games: int) -> float:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(f"{workload} {games}\n")
        self.proc.stdin.flush()
        return float(json.loads(self.proc.stdout.readline()))

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait()


def compare(before: Path, now: Path, games: int, rounds: int, only: list[str]) -> dict[str, dict[str, float]]:
    """Median CPU ms per game on each side and median same-round ratio before/now, per workload."""
    chosen = {k: WORKLOADS[k] for k in only}
    trees = {"before": Tree(before, chosen), "now": Tree(now, chosen)}
    samples: dict[str, dict[str, list[float]]] = {k: {"before": [], "now": [], "ratio": []} for k in chosen}
    try:
        for r in range(rounds):
            for name in chosen:
                n = max(1, round(games * SCALE[name]))
                order = ("before", "now") if r % 2 == 0 else ("now", "before")
                cpu = {side: trees[side].cpu_per_game(name, n) for side in order}
                samples[name]["before"].append(cpu["before"] * 1000)
                samples[name]["now"].append(cpu["now"] * 1000)
                samples[name]["ratio"].append(cpu["before"] / cpu["now"])
                print(
                    f"  round {r + 1} {name:12s} {cpu['before'] * 1000:8.1f} {cpu['now'] * 1000:8.1f} ms"
                    f"  x{cpu['before'] / cpu['now']:.3f}",
                    file=sys.stderr,
                    flush=True,
                )
    finally:
        for tree in trees.values():
            tree.close()
    return {k: {side: statistics.median(v) for side, v in s.items()} for k, s in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev")
    parser.add_argument("--games", type=int, default=8, help="games per round (x0.5 strategies, x4 Monster Inn)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--base", type=Path, help="a tree of REV already checked out (no temporary worktree)")
    parser.add_argument("--only", default=",".join(WORKLOADS), help="workloads, comma-separated")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    only = args.only.split(",")
    if args.base:
        figures = compare(args.base, ROOT, args.games, args.rounds, only)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            before = Path(tmp) / "before"
            subprocess.run(
                ["git", "worktree", "add", "--detach", str(before), args.rev], cwd=ROOT, check=True, capture_output=True
            )
            try:
                figures = compare(before, ROOT, args.games, args.rounds, only)
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT, check=True)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"CPU ms per game, median of {args.rounds} interleaved rounds ({args.rev} vs the working tree):")
    print(f"  {'workload':12s} {'before':>8s} {'now':>8s}  ratio before/now (>1: now faster)")
    for k, f in figures.items():
        print(f"  {k:12s} {f['before']:8.1f} {f['now']:8.1f}  x{f['ratio']:.3f}")


if __name__ == "__main__":
    main()
