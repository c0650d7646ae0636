"""Fuzz `new --scenario` through the real CLI (issue #29, "Hold under faults, part 2"): N position and
scenario files of both games, each changed in one place (tests/position_mutations.py: a wrong type, out of
range, NaN, a huge int, a removed or extra key, a duplicated colour, a list longer or shorter, an unknown
id...), each loaded by `dungeon-lords new --scenario FILE` in a process of its own:

    python benchmarks/fuzz_positions.py [--files 100] [--seed 29] [--tree DIR] [--out FILE]

Reports the exit codes (0 accepted, 2 refused as a bad scenario, 6 an internal error: the bug this looks
for), the files whose error was more than the three lines of a refusal or showed a traceback, and, for the
files accepted, what random bots made of them in-process (played to the end, or crashed or stuck; this
tree only).
``--tree DIR`` runs the CLI of another source tree (e.g. ``git archive main | tar -x -C DIR``) on the same
files, for a before and after.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from position_mutations import mutate, outcome, positions  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the source tree whose CLI loads the files")
    parser.add_argument("--out", type=Path, help="write the figures and every file's result as JSON")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    exits: collections.Counter[int] = collections.Counter()
    played: collections.Counter[str] = collections.Counter()
    rows, bad = [], []
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "games.sqlite"
        for k in range(args.files):
            game, label, text = rng.choice(positions())
            changed, note = mutate(json.loads(text), rng)
            path = Path(tmp) / f"position-{k}.json"
            path.write_text(json.dumps(changed))  # NaN and Infinity as `json` writes them
            done = subprocess.run(
                [sys.executable, "-c", "from cli.main import main; main()", "new", "--scenario", str(path)]
                + ["--game", game.replace("_", "-"), "--store", str(store)],
                cwd=args.tree,
                capture_output=True,
                text=True,
                timeout=600,
                env={**os.environ, "COLUMNS": "200"},
            )
            exits[done.returncode] += 1
            err = done.stderr.strip().splitlines()
            odd = "Traceback" in done.stderr + done.stdout or len(err) > 3
            # what bots make of an accepted file (this tree's engine: only when its CLI loaded the file)
            then = outcome(game, changed, seed=k) if done.returncode == 0 and args.tree == ROOT else ""
            if then:
                played[then.split(":")[0]] += 1
            row = {"file": k, "from": label, "change": note, "exit": done.returncode, "error": err[:3], "then": then}
            rows.append(row)
            if done.returncode not in (0, 2) or odd or then.startswith(("crash", "stuck")):
                bad.append(row)
                print(json.dumps(row, default=str), flush=True)
    figures = {
        "files": args.files,
        "seed": args.seed,
        "tree": "this tree" if args.tree == ROOT else str(args.tree),
        "exit codes": dict(sorted(exits.items())),
        "exit 6": exits[6],
        "accepted, then in-process with random bots": dict(played),
        "tracebacks or errors of more than 3 lines": sum(
            1 for r in rows if len(r["error"]) > 3 or "Traceback" in " ".join(r["error"])
        ),
        "seconds": math.ceil(time.perf_counter() - start),
    }
    print(json.dumps(figures, indent=1))
    if args.out:
        args.out.write_text(json.dumps({"figures": figures, "files": rows}, indent=1, default=str) + "\n")


if __name__ == "__main__":
    main()
