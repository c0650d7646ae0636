"""``dungeon-lords bench``: complete games per second, measured on this machine.

Three figures for the same seeded games (4 players, random bots unless told otherwise): the engine
alone in memory, then each finished game also saved in ONE append to an in-memory store (POPO) and
to a SQLite file (what `simulate` will do). Events per game and per second are reported too.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

from domain.bots import play_until_blocked
from domain.engine import new_game


def play_games(games: int, players: int, bot_names: list[str], bots: dict, seed: int):
    """Yield (events, final state) for ``games`` complete games."""
    for i in range(games):
        events, state = new_game([f"{b} {k}" for k, b in enumerate(bot_names)], seed=seed + i,
                                 starting_player=i % players, bots=bot_names)
        more, state, _ = play_until_blocked(state, {p.color: bots[b] for p, b in zip(state.players, bot_names)},
                                            seed=seed + i, max_commands=50_000)
        yield events + more, state


def run(games: int, players: int, bot_names: list[str], bots: dict, seed: int = 0) -> list[dict]:
    from domain.application import DungeonLords
    from domain.storage import store_env
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        stores = [("engine only, in memory", None), ("+ one append each, memory store", "memory"),
                  ("+ one append each, SQLite file", f"sqlite:///{Path(tmp) / 'bench.sqlite'}")]
        for label, store in stores:
            app = DungeonLords(env=store_env(store)) if store else None
            events_total = 0
            start = time.perf_counter()
            for log, final in play_games(games, players, bot_names, bots, seed):
                events_total += len(log)
                if app is not None:
                    app.create_from_events(log, final_state=final)
            seconds = time.perf_counter() - start
            rows.append({"mode": label, "games": games, "seconds": round(seconds, 2),
                         "games_per_second": round(games / seconds, 2),
                         "events_per_game": round(events_total / games, 1),
                         "events_per_second": round(events_total / seconds)})
    return rows
