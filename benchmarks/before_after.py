"""The engine's speed at another revision and now, measured alternately in one run (this machine's speed
drifts by tens of percent from minute to minute, so figures from different runs do not compare):

    python benchmarks/before_after.py REV [--games 30] [--rounds 3]

REV is checked out into a temporary git worktree; each round times the same fixed-seed bot games in a
fresh process on each tree (complete games per second, best round reported): Dungeon Lords 4 players
random bots and strategy bots, Monster Inn 4 players random bots.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: run inside the tree under test: only APIs both trees have (games registry, kernel play loop)
PROBE = """
import json, sys, time
from domain.games import GAMES
from domain.kernel import play_until_blocked

def rate(game, bots, games):
    package = GAMES[game]
    start = time.perf_counter()
    for seed in range(games):
        events, state = package.new_game([f"p{k}" for k in range(len(bots))], seed=seed)
        seats = {s: package.bots[b] for s, b in zip(package.seats(state), bots)}
        play_until_blocked(package.engine, state, seats, seed=seed, max_commands=50_000)
    return games / (time.perf_counter() - start)

n = int(sys.argv[1])
mix = ["balanced", "tunneller", "evil", "room_builder"]
print(json.dumps({
    "dungeon_lords random 4p": rate("dungeon_lords", ["random"] * 4, n),
    "dungeon_lords strategies 4p": rate("dungeon_lords", mix, max(4, n // 3)),
    "monster_inn random 4p": rate("monster_inn", ["random"] * 4, n * 5),
}))
"""


def measure(tree: Path, games: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(games)],
        cwd=tree,
        env={"PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(before), args.rev], cwd=ROOT, check=True, capture_output=True
        )
        try:
            best: dict[str, dict[str, float]] = {"before": {}, "now": {}}
            for _ in range(args.rounds):
                for label, tree in (("before", before), ("now", ROOT)):
                    for k, v in measure(tree, args.games).items():
                        best[label][k] = max(best[label].get(k, 0.0), v)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT, check=True)
    print(f"complete games per second, best of {args.rounds} rounds ({args.rev} vs the working tree):")
    for k in best["now"]:
        b, n = best["before"][k], best["now"][k]
        print(f"  {k:30s} {b:8.1f} -> {n:8.1f}  (x{n / b:.2f})")


if __name__ == "__main__":
    main()
