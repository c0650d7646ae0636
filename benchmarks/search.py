"""Playouts per second and seconds per decision of the search bot (``ismcts``, domain/kernel/search.py):

    python benchmarks/search.py [--game dungeon_lords] [--players 4] [--playouts 10] [--opponent balanced]
                                [--games 1] [--seed 1] [--json]

Plays ``--games`` whole games, the search bot (``ismcts:PLAYOUTS`` with no time limit to speak of) in the first
seat and ``--opponent`` in the others, and prints what its searches did: decisions searched (forced moves are
not searched), playouts, seconds of search, playouts/s, seconds per decision, and what 200 games at 1,000
playouts per decision would take on one core at that rate. Wall time: run it on a quiet machine, or read the
load beside it (printed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain.games import GAMES  # noqa: E402
from domain.kernel import play_until_blocked  # noqa: E402
from domain.kernel.search import SearchBot  # noqa: E402


def measure(game: str, players: int, playouts: int, opponent: str, games: int, seed: int) -> dict[str, float]:
    """The search bot's figures over ``games`` games (see the module's docstring)."""
    package = GAMES[game]
    name = f"ismcts:{playouts}:100000"
    bot = package.bots[name]
    assert isinstance(bot, SearchBot)
    start = time.perf_counter()
    for g in range(games):
        lineup = [name] + [opponent] * (players - 1)
        _, state = package.new_game([f"p{k}" for k in range(players)], seed=seed + g, bots=lineup)
        seats = {s: package.bots[b] for s, b in zip(package.seats(state), lineup, strict=True)}
        play_until_blocked(package.engine, state, seats, seed=seed + g, max_commands=50_000)
    s = bot.stats
    per_game = s.decisions / games
    return {
        "games": games,
        "decisions": s.decisions,
        "playouts": s.playouts,
        "search_seconds": round(s.seconds, 1),
        "wall_seconds": round(time.perf_counter() - start, 1),
        "playouts_per_second": round(s.playouts_per_second, 2),
        "seconds_per_decision": round(s.seconds / max(s.decisions, 1), 3),
        "decisions_per_game": round(per_game, 1),
        "core_hours_for_200_games_at_1000": round(200 * per_game * 1000 / max(s.playouts_per_second, 1e-9) / 3600, 1),
        "load_average_1min": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="dungeon_lords")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--playouts", type=int, default=10)
    parser.add_argument("--opponent", default="balanced")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    a = parser.parse_args()
    figures = measure(a.game, a.players, a.playouts, a.opponent, a.games, a.seed)
    if a.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:36s} {v}")


if __name__ == "__main__":
    main()
