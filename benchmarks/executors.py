"""Where simulated games are played, without storing them: the process pool against Ray (issue #34).

    python benchmarks/executors.py [--games 400] [--players 2] [--rounds 3] [--json]

``simulate`` plays on its executor's workers and stores every finished batch in the parent; on two cores
the parent's storing competes with the workers, so ``simulate``'s games/s says little about the executors.
This plays the same planned games (same seeds, same batches as ``simulate`` makes) on each executor and
worker count, in alternating rounds, and only receives the finished games (unpickled or fetched from Ray's
object store, as ``simulate`` receives them): the executors' own scaling and Ray's overhead per game.

Each row's games/s is the marginal rate: ``--games`` games and a third as many are played, and the games
between them are divided by the time between them, so what a run pays once (a local Ray's ``ray.init``,
reported apart; workers importing the engine; the last batch's tail) is left out. Ray's tasks are batches
of ``RAY_BATCH`` games, the pool's one game each, as ``simulate`` sends them.

Nothing here is a test; it prints figures (docs/scaling.md, "Measured").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cli.simulating import RAY_BATCH  # noqa: E402
from domain.service.executors import batches, executor  # noqa: E402
from domain.service.simulation import plans  # noqa: E402

CONFIGS = (("process", 1), ("process", 2), ("ray", 1), ("ray", 2))


def one_run(kind: str, workers: int, games: int, players: int, seed: int) -> dict[str, float]:
    """Play ``games`` planned games on ``kind`` with ``workers``; games/s after the executor's start."""
    runner = executor(kind, workers)
    work = batches(plans(games, players=players, seed=seed), RAY_BATCH if kind == "ray" else 1)
    runner.start()
    began = time.perf_counter()
    played = sum(len(batch) for _, batch in runner.run(work))
    seconds = time.perf_counter() - began
    assert played == games, (played, games)
    return {"games_per_second": games / seconds, "seconds": seconds, "start_seconds": runner.startup_seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows: dict[str, list[float]] = {f"{k} {w}": [] for k, w in CONFIGS}
    starts: list[float] = []
    short = max(1, args.games // 3)
    for r in range(args.rounds):
        for kind, workers in CONFIGS:
            # the marginal rate: (long run - short run) leaves out what a run pays once (a pool's or Ray's
            # workers importing the engine, the last batch's tail), which is not a cost per game
            long_run = one_run(kind, workers, args.games, args.players, args.seed)
            short_run = one_run(kind, workers, short, args.players, args.seed)
            rate = (args.games - short) / (long_run["seconds"] - short_run["seconds"])
            rows[f"{kind} {workers}"].append(rate)
            if kind == "ray":
                starts.append(long_run["start_seconds"])
            load = os.getloadavg()[0]
            print(f"round {r + 1} {kind} {workers}: {rate:.2f} games/s (load {load:.2f})", file=sys.stderr)
    med = {k: statistics.median(v) for k, v in rows.items()}
    report = {
        "games": args.games,
        "players": args.players,
        "rounds": args.rounds,
        "median_games_per_second": med,
        "scaling_process_1_to_2": med["process 2"] / med["process 1"],
        "scaling_ray_1_to_2": med["ray 2"] / med["ray 1"],
        "ray_overhead_per_game_2_workers": med["process 2"] / med["ray 2"] - 1,
        "ray_overhead_per_game_1_worker": med["process 1"] / med["ray 1"] - 1,
        "ray_start_seconds_median": statistics.median(starts) if starts else None,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for k, v in med.items():
        print(f"{k:<10} {v:8.2f} games/s (median of {args.rounds})")
    r = report
    print(f"scaling 1 -> 2 workers: process x{r['scaling_process_1_to_2']:.2f}, ray x{r['scaling_ray_1_to_2']:.2f}")
    print(
        f"Ray's time per game over the pool: {r['ray_overhead_per_game_1_worker']:+.1%} (1 worker), "
        f"{r['ray_overhead_per_game_2_workers']:+.1%} (2 workers); Ray's start {r['ray_start_seconds_median']:.1f} s"
    )


if __name__ == "__main__":
    main()
