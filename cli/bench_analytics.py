"""``dungeon-lords bench --analytics``: simulate-and-store, the projection against the read ceiling, and the
latency of every question over many games of copied rows (real games of every kind :func:`kinds` names, their
read-model rows copied: docs/performance.md says why)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

#: what the figure at ``target_games`` is, said in the output, the ``--help`` and docs/performance.md
COPIED_ROWS = (
    "copied rows: {real} real games ({mix}) projected, then their read-model rows copied under new game ids "
    "to {games:,} games; the copies keep their days and strata, so the aggregates hold as many cells as for "
    "{real} games: not {games:,} real games"
)


def kinds() -> dict[str, tuple[str, tuple[str, ...]]]:
    """The kinds of game ``bench --analytics`` simulates, by name: (registry name, rules modules). The
    registry's default game in its base rules (``"base"``) and each of its named rulesets (by its name), then
    every other registered game that has questions of its own (by the game's name), in its base rules."""
    from analytics import QUESTIONS

    from .analytics_games import default_game, registered

    first = default_game()
    out: dict[str, tuple[str, tuple[str, ...]]] = {"base": (first, ())}
    out.update({name: (first, tuple(m)) for name, m in registered()[first].rulesets.items()})
    own = {q.game for q in QUESTIONS.values()}
    out.update({name: (name, ()) for name in registered() if name != first and name in own})
    return out


def seed_mix(games: int, names: list[str] | None = None) -> dict[str, int]:
    """How many of ``games`` real games ``bench --analytics`` simulates of each kind (``names``, default
    :func:`kinds`; the first is the default game's base rules): the others share half of them evenly (a
    quarter each with three kinds), the first takes the rest (variants and player counts as ``plans`` cycles
    them); at least one of each, so that every question is timed over its own games. Returns ``{kind: n}``."""
    names = names if names is not None else list(kinds())
    each = max(1, games // (2 * max(1, len(names) - 1)))
    others = dict.fromkeys(names[1:], each)
    return {names[0]: max(1, games - sum(others.values())), **others}


def run_analytics(games: int, target_games: int = 100_000, repeats: int = 15, rounds: int = 3) -> dict:
    """The analytics figures: simulate-and-store games/s, projection events/s against the read
    ceiling (the notification log read alone, same run, same batch size; ``rounds`` alternating rounds, medians
    reported), and the latency of every question over ``target_games`` games of copied rows. ``games`` real games
    are simulated and stored (:func:`seed_mix`: the default game's base rules and named rulesets, and every other
    game with questions of its own), and projected for real; to reach ``target_games`` their read-model rows are
    then copied under new game ids (``target_games / games`` times, the same days and strata), because simulating
    100,000 games would take hours on 2 cores. The output says so (``questions.rows``, :data:`COPIED_ROWS`); the
    flattened ``events`` tables are not copied (no question reads them). Each question is asked of its own game (a
    common one of each game, ``name@GAME`` for a game other than the default), with no filter and with one (3
    players; the default game also its last variant, the full game), ``repeats`` times each after a warm-up; medians
    in ms, the rows of the answer (0 would time an empty answer: the test holds every question above it), and the
    table each answer was read from (its aggregate, or the read models).
    """
    import statistics

    import duckdb

    from analytics import QUESTIONS, prepare, run_question
    from domain.service.application import GameService
    from domain.service.simulation import plans
    from domain.service.simulation import run as play_all
    from domain.service.storage import store_env
    from projections import open_analytics, project, read_ceiling, rollups
    from projections.runner import DEFAULT_BATCH
    from projections.schema import TABLES

    from .analytics_games import registered, stored

    out: dict = {}
    kind = kinds()
    mix = seed_mix(games, list(kind))
    games = sum(mix.values())
    first = kind["base"][0]
    seeds = [
        plan
        for k, (name, (game, modules)) in enumerate(kind.items(), 1)
        for plan in plans(mix[name], seed=k, game=game, modules=modules)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        app = GameService(env=store_env(f"sqlite:///{Path(tmp) / 'events.sqlite'}"))
        start = time.perf_counter()
        events = 0
        for plan, (log, final) in zip(seeds, play_all(seeds)):
            app.create_from_events(log, final_state=final, game=plan.game)
            events += len(log)
        seconds = time.perf_counter() - start
        out["simulate_and_store"] = {
            "games": games,
            "mix": mix,
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
        others = list(dict.fromkeys(g for g, _ in kind.values() if g != first))
        asked = [(name, q.game if q.game != "common" else first) for name, q in QUESTIONS.items()]
        asked += [(name, g) for g in others for name, q in QUESTIONS.items() if q.game == "common"]
        variant = registered()[first].info.variants[-1:]  # the default game's last variant (its full game)
        for name, game in asked:
            figures = {}
            filtered = {"players": 3, **({"variants": list(variant)} if game == first else {})}
            for label, params in (("all", {}), ("filtered", filtered)):
                rows = run_question(con, name, game=game, **params)[1]  # warm-up
                figures[f"rows_{label}"] = len(rows)
                times = []
                for _ in range(repeats):
                    t0 = time.perf_counter()
                    run_question(con, name, game=game, **params)
                    times.append(time.perf_counter() - t0)
                figures[label] = round(statistics.median(times) * 1000, 1)
            sql = prepare(name, con=con, game=game)[0]
            via = next((t for t in rollups.TABLES if t in sql), "read models")
            key = name if game == first or QUESTIONS[name].game == game else f"{name}@{game}"
            latencies[key] = {
                "ms": figures["all"],
                "ms_filtered": figures["filtered"],
                "answer_rows": figures["rows_all"],
                "answer_rows_filtered": figures["rows_filtered"],
                "via": via,
            }
        by_kind: dict[str, int] = {}
        for game, ruleset, n in con.execute("SELECT game, ruleset, count(*) FROM games GROUP BY ALL").fetchall():
            named = next(k for k, (g, m) in kind.items() if g == game and stored(registered()[g], m) == ruleset)
            by_kind[named] = by_kind.get(named, 0) + n
        by_kind = dict(sorted(by_kind.items()))
        out["questions"] = {
            "games": n_games,
            "rows": COPIED_ROWS.format(
                real=games, mix=", ".join(f"{v} {k.replace('_', ' ')}" for k, v in mix.items()), games=n_games
            ),
            "real_games": games,
            "copies_of_each_real_game": copies,
            "games_by_kind": by_kind,
            "under_10_ms": sorted(n for n, f in latencies.items() if max(f["ms"], f["ms_filtered"]) < 10),
            "latency": latencies,
        }
        con.close()
        del duckdb
    return out
