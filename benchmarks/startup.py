"""Start-up of the commands a recorder types, and where ``import cli.main`` spends its time (the code:
:mod:`cli.bench_startup`; ``dungeon-lords bench --suite --only startup,imports`` prints the same):

    python benchmarks/startup.py [--runs 5] [--top 12] [--tree PATH] [--json]

``--tree`` measures another checkout with this one's Python (e.g. a worktree of the commit before).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cli.bench_startup import ROOT, commands, import_times  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {"commands": commands(args.runs, args.tree), "import": import_times(args.top, tree=args.tree)}
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    for row in figures["commands"]:
        print(
            f"  {row['command']:8s} median {row['median_s']:.3f} s  min {row['min_s']:.3f} s  cpu {row['cpu_s']:.3f} s"
        )
    for row in figures["import"]:
        print(f"  {row['self_ms']:8.1f} ms  {row['package']}")


if __name__ == "__main__":
    main()
