"""Instructions per game (valgrind's callgrind), the figure that does not drift with the machine:

    python benchmarks/instructions.py [--games 4] [--only random,strategies,monster_inn,five_seasons,festival,...]

Each line-up is run once under ``valgrind --tool=callgrind``: the first fixed-seed game (seed 0) warms the
process (imports, the catalog, caches) uncounted, then games 1..N are played inside ``itertools.starmap``
and callgrind counts only there (``--toggle-collect=starmap_next``: start-up and exit are left out exactly,
and one run per line-up instead of two: the same figure the earlier "N + 1 games minus the first" gave,
at half the time, which matters on a loaded machine where callgrind gets a tenth of a core). The games are
those of ``before_after.py`` (4 players; the strategy line-up balanced, tunneller, evil, room_builder), with
``PYTHONHASHSEED=0`` so that two runs of one tree count the same.
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
import sys
from domain.games import GAMES
from domain.kernel import play_until_blocked

game, bots, games = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])
options = {"modules": sys.argv[4].split(",")} if len(sys.argv) > 4 else {}
package = GAMES[game]


def play(seed):
    events, state = package.new_game([f"p{k}" for k in range(len(bots))], seed=seed, **options)
    seats = {s: package.bots[b] for s, b in zip(package.seats(state), bots)}
    play_until_blocked(package.engine, state, seats, seed=seed, max_commands=50_000)


play(0)  # uncounted: start-up's caches
list(itertools.starmap(play, [(seed,) for seed in range(1, games + 1)]))  # counted: inside starmap_next only
"""

FESTIVAL = ["five_seasons", "unique_opportunities", "festival", "pets", "bards", "paladin_pair"]
LINEUPS = {  # name: (game, bots, Dungeon Lords' rules modules)
    "random": ("dungeon_lords", ["random"] * 4, []),
    "strategies": ("dungeon_lords", ["balanced", "tunneller", "evil", "room_builder"], []),
    "monster_inn": ("monster_inn", ["random"] * 4, []),
    "festival": ("dungeon_lords", ["random"] * 4, FESTIVAL),  # Festival Season, every part (first game)
    "five_seasons": ("dungeon_lords", ["random"] * 4, ["five_seasons"]),  # as before_after.py's "festival"
    "festival_strategies": ("dungeon_lords", ["balanced", "tunneller", "evil", "room_builder"], FESTIVAL),
}


def instructions(game: str, bots: list[str], games: int, modules: list[str]) -> int:
    """Instructions callgrind counts while the probe plays ``games`` games (after an uncounted first one)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--toggle-collect=starmap_next",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                PROBE,
            ]
            + [game, ",".join(bots), str(games)]
            + ([",".join(modules)] if modules else []),
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"},
            check=True,
            capture_output=True,
        )
        totals = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        assert totals, "callgrind wrote no totals"
        return int(totals.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="N: games counted (after one uncounted)")
    parser.add_argument("--only", default=",".join(LINEUPS), help="line-ups, comma-separated")
    args = parser.parse_args()
    for name in args.only.split(","):
        game, bots, modules = LINEUPS[name]
        counted = instructions(game, bots, args.games, modules)
        print(f"{name}: {counted / args.games / 1e6:.1f} M instructions per game ({args.games} games)", flush=True)


if __name__ == "__main__":
    main()
