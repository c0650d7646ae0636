"""``dungeon-lords bench --analytics``: simulate-and-store, the projection against the read ceiling, and the
latency of every question over many games."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path


def run_analytics(games: int, target_games: int = 100_000, repeats: int = 15, rounds: int = 3) -> dict:
    """The analytics figures: simulate-and-store games/s, projection events/s against the read
    ceiling (the notification log read alone, same run, same batch size; ``rounds`` alternating
    rounds, medians reported), and the latency of every question over ``target_games`` games.

    The ``games`` simulated games are projected for real; to reach ``target_games`` the read-model
    rows are then copied under new game ids (the same distribution, ``target_games / games`` times),
    because simulating 100,000 games would take hours on 2 cores. The copy is stated in the output; the
    flattened ``events`` tables are not copied (no question reads them). Each question is asked with no
    filter and with two (players and variant), ``repeats`` times each after a warm-up; medians in ms, and
    the table each answer was read from (its aggregate, or the read models).
    """
    import statistics

    import duckdb

    from analytics import QUESTIONS, prepare, run_question
    from domain.service.application import DungeonLords
    from domain.service.simulation import plans
    from domain.service.simulation import run as play_all
    from domain.service.storage import store_env
    from projections import open_analytics, project, read_ceiling, rollups
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
        con.execute("SET enable_progress_bar = false")  # DuckDB's own bar would go into the --json output
        for table in TABLES:
            if table in ("events", "mi_events", *rollups.TABLES):
                continue
            cols = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()]
            select = ", ".join("game_id || '~' || k AS game_id" if c == "game_id" else c for c in cols)
            con.execute(
                f"CREATE TABLE big_{table} AS SELECT {select} FROM {table}, range(1, {copies}) t(k) "
                f"UNION ALL SELECT * FROM {table}"
            )
            con.execute(f"DROP TABLE {table}")
            con.execute(f"ALTER TABLE big_{table} RENAME TO {table}")
        rollups.refresh(con)  # the aggregates of the copied rows, as the projection keeps them
        n_games = con.execute("SELECT count(*) FROM games").fetchall()[0][0]
        latencies = {}
        for name, q in QUESTIONS.items():
            game = q.game if q.game != "common" else "dungeon_lords"
            figures = {}
            for label, params in (("all", {}), ("filtered", {"players": 3, "variants": ["full"]})):
                run_question(con, name, game=game, **params)  # warm-up
                times = []
                for _ in range(repeats):
                    t0 = time.perf_counter()
                    run_question(con, name, game=game, **params)
                    times.append(time.perf_counter() - t0)
                figures[label] = round(statistics.median(times) * 1000, 1)
            sql = prepare(name, con=con, game=game)[0]
            via = next((t for t in rollups.TABLES if t in sql), "read models")
            latencies[name] = {"ms": figures["all"], "ms_filtered": figures["filtered"], "via": via}
        out["questions"] = {
            "games": n_games,
            "copies_of_each_simulated_game": copies,
            "under_10_ms": sorted(n for n, f in latencies.items() if max(f["ms"], f["ms_filtered"]) < 10),
            "latency": latencies,
        }
        con.close()
        del duckdb
    return out
