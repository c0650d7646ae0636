"""Instructions (valgrind's callgrind) of replay's two parts on stored logs: the decode (JSON and the event
classes) and the fold (the decoded log folded into a state), the figure that does not drift with the machine:

    python benchmarks/replay_instructions.py [--games 5]

The probe plays ``--games`` fixed-seed 4-player random-bot Dungeon Lords games (seeds 0..N-1, as ``bench``
plays them) and stores their events as JSON, uncounted; one warm replay, uncounted; then callgrind counts only
inside ``itertools.starmap`` (``--toggle-collect=starmap_next``): the decode of every log, or the fold of every
log decoded beforehand. ``replay / ceiling`` is decode / (decode + fold): what ``bench``'s replay row against
its decode row approaches.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import itertools
import json
import sys
from cli.bench import play_games
from domain.games import default

part, games = sys.argv[1], int(sys.argv[2])
package = default()
stored = [[json.dumps(e.to_json()) for e in log] for log, _ in play_games(games, 4, ["random"] * 4, 0)]


def decode(log):
    return [package.event_from_json(json.loads(text)) for text in log]


package.engine.replay(decode(stored[0]))  # uncounted: what the event classes and the fold build on first use
if part == "fold":
    logs = [decode(log) for log in stored]
    list(itertools.starmap(package.engine.replay, [(log,) for log in logs]))  # counted
else:
    list(itertools.starmap(decode, [(log,) for log in stored]))  # counted
"""


def instructions(part: str, games: int) -> int:
    """Instructions callgrind counts in ``part`` ("decode" or "fold") over ``games`` games' logs."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--toggle-collect=starmap_next", f"--callgrind-out-file={out}"]
            + [sys.executable, "-c", PROBE, part, str(games)],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            capture_output=True,
            text=True,
            check=True,
        )
        found = re.search(r"Collected : (\d+)", run.stderr)
        if found is None:
            raise SystemExit(f"callgrind gave no count:\n{run.stderr[-2000:]}")
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="N: games whose logs are counted")
    args = parser.parse_args()
    decode, fold = instructions("decode", args.games), instructions("fold", args.games)
    print(f"decode: {decode / 1e6:.1f} M instructions ({args.games} games)")
    print(f"fold: {fold / 1e6:.1f} M instructions ({args.games} games)")
    print(f"replay / ceiling: {decode / (decode + fold):.1%}")


if __name__ == "__main__":
    main()
