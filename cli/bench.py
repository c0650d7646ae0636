"""``dungeon-lords bench``: complete games per second, measured on this machine.

Three figures for the same seeded games (4 players, random bots unless told otherwise): the engine
alone in memory, then each finished game also saved in ONE append to an in-memory store (POPO) and
to a SQLite file (what `simulate` will do). Events per game and per second are reported too. A fourth
row folds the same logs again (``replay``: what loading a game without a snapshot costs).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from domain.games.dungeon_lords.bots import play_until_blocked
from domain.games.dungeon_lords.engine import new_game, replay


def play_games(games: int, players: int, bot_names: list[str], bots: dict, seed: int):
    """Yield (events, final state) for ``games`` complete games."""
    for i in range(games):
        events, state = new_game(
            [f"{b} {k}" for k, b in enumerate(bot_names)], seed=seed + i, starting_player=i % players, bots=bot_names
        )
        more, state, _ = play_until_blocked(
            state, {p.color: bots[b] for p, b in zip(state.players, bot_names)}, seed=seed + i, max_commands=50_000
        )
        yield events + more, state


def run(games: int, players: int, bot_names: list[str], bots: dict, seed: int = 0) -> list[dict]:
    from domain.service.application import DungeonLords
    from domain.service.storage import store_env

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        stores = [
            ("engine only, in memory", None),
            ("+ one append each, memory store", "memory"),
            ("+ one append each, SQLite file", f"sqlite:///{Path(tmp) / 'bench.sqlite'}"),
        ]
        for label, store in stores:
            app = DungeonLords(env=store_env(store)) if store else None
            events_total = 0
            start = time.perf_counter()
            for log, final in play_games(games, players, bot_names, bots, seed):
                events_total += len(log)
                if app is not None:
                    app.create_from_events(log, final_state=final)
            seconds = time.perf_counter() - start
            rows.append(
                {
                    "mode": label,
                    "games": games,
                    "seconds": round(seconds, 2),
                    "games_per_second": round(games / seconds, 2),
                    "events_per_game": round(events_total / games, 1),
                    "events_per_second": round(events_total / seconds),
                }
            )
    logs = [log for log, _ in play_games(games, players, bot_names, bots, seed)]
    events_total = sum(len(log) for log in logs)
    start = time.perf_counter()
    for log in logs:
        replay(log)
    seconds = time.perf_counter() - start
    rows.append(
        {
            "mode": "replay: fold the stored logs",
            "games": games,
            "seconds": round(seconds, 2),
            "games_per_second": round(games / seconds, 2),
            "events_per_game": round(events_total / games, 1),
            "events_per_second": round(events_total / seconds),
        }
    )
    return rows


def run_analytics(games: int, target_games: int = 10_000, repeats: int = 5, rounds: int = 3) -> dict:
    """The analytics figures: simulate-and-store games/s, projection events/s against the read
    ceiling (the notification log read alone, same run, same batch size; ``rounds`` alternating
    rounds, medians reported), and the latency of the headline questions over ``target_games`` games.

    The ``games`` simulated games are projected for real; to reach ``target_games`` the read-model
    rows are then copied under new game ids (the same distribution, ``target_games / games`` times),
    because simulating 10,000 games would take ~20 minutes on 2 cores. The copy is stated in the output.
    """
    import statistics

    import duckdb

    from analytics import QUESTIONS, run_question
    from domain.service.application import DungeonLords
    from domain.service.simulation import plans
    from domain.service.simulation import run as play_all
    from domain.service.storage import store_env
    from projections import open_analytics, project, read_ceiling
    from projections.runner import DEFAULT_BATCH
    from projections.schema import TABLES

    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        app = DungeonLords(env=store_env(f"sqlite:///{Path(tmp) / 'events.sqlite'}"))
        start = time.perf_counter()
        events = 0
        for log, final in play_all(plans(games, seed=1)):
            app.create_from_events(log, final_state=final)
            events += len(log)
        seconds = time.perf_counter() - start
        out["simulate_and_store"] = {
            "games": games,
            "events": events,
            "seconds": round(seconds, 2),
            "games_per_second": round(games / seconds, 2),
        }
        # the ceiling and the projection, alternated (this machine's speed drifts by tens of percent
        # from minute to minute): each round reads the log alone, then projects into a fresh file
        ratios, reads, projected = [], [], []
        for k in range(rounds):
            read_events, read_seconds = read_ceiling(app, DEFAULT_BATCH)
            con = open_analytics(str(Path(tmp) / f"analytics-{k}.duckdb"))
            result = project(app, con)
            reads.append(read_events / read_seconds)
            projected.append(result.events / result.seconds)
            ratios.append(projected[-1] / reads[-1])
            if k < rounds - 1:
                con.close()
        out["projection"] = {
            "events": result.events,
            "batch_size": DEFAULT_BATCH,
            "rounds": rounds,
            "events_per_second": round(statistics.median(projected)),
            "read_ceiling_events_per_second": round(statistics.median(reads)),
            "share_of_ceiling": round(statistics.median(ratios), 3),
            "share_of_ceiling_each_round": [round(r, 3) for r in ratios],
        }
        copies = max(1, target_games // games)
        for table in TABLES:
            cols = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()]
            select = ", ".join("game_id || '~' || k AS game_id" if c == "game_id" else c for c in cols)
            con.execute(
                f"CREATE TABLE big_{table} AS SELECT {select} FROM {table}, range(1, {copies}) t(k) "
                f"UNION ALL SELECT * FROM {table}"
            )
            con.execute(f"DROP TABLE {table}")
            con.execute(f"ALTER TABLE big_{table} RENAME TO {table}")
        n_games = con.execute("SELECT count(*) FROM games").fetchall()[0][0]
        latencies = {}
        for name, q in QUESTIONS.items():
            times = []
            for _ in range(repeats):
                t0 = time.perf_counter()
                run_question(con, name)
                times.append(time.perf_counter() - t0)
            latencies[name] = {"ms": round(statistics.median(times) * 1000, 1), "headline": q.headline}
        out["questions"] = {"games": n_games, "copies_of_each_simulated_game": copies, "latency": latencies}
        con.close()
        del duckdb
    return out
