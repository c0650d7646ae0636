"""``dungeon-lords bench``: complete games per second, measured on this machine.

Figures for the same seeded games (4 players, random bots unless told otherwise; the default game
unless ``--game``): the engine alone in memory, then each finished game also saved in ONE append to an in-memory
store (POPO) and to a SQLite file (what `simulate` does); the bots play with the garbage collector tuned as
`simulate` tunes it (``batch_gc``). Two more rows on the same logs as stored JSON:
``replay`` decodes and folds them (what loading a game without a snapshot costs) and ``decode`` only
decodes them (JSON and event classes), the ceiling a replay can approach, measured in the same run.
``bench --suite FILE`` runs every figure the project tracks (both games, random and strategy bots,
replay, simulate on 1 and 2 processes) and writes them to FILE as JSON (docs/performance.md keeps them,
before and after).
"""

from __future__ import annotations

import json
import os
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

from domain.games import GAMES, default
from domain.games import get as get_game
from domain.kernel import batch_gc, play_until_blocked

#: rounds of replay and decode alone, alternated (the fastest of each is reported)
ROUNDS = 3


def play_games(games: int, players: int, bot_names: list[str], seed: int, game: str | None = None, **options: Any):
    """Yield (events, final state) for ``games`` complete games of ``game`` (None: the default game), bots by
    name, seat by seat; ``options`` go to the game's ``new_game`` (e.g. ``modules``: its rules modules)."""
    package = get_game(game) if game else default()
    with batch_gc():  # as `simulate` plays them
        yield from _play(package, games, players, bot_names, seed, options)


def _play(package: Any, games: int, players: int, bot_names: list[str], seed: int, options: dict[str, Any]):
    for i in range(games):
        names = [f"{b} {k}" for k, b in enumerate(bot_names)]
        events, state = package.new_game(names, seed=seed + i, starting_player=i % players, **options)
        bots = {seat: package.bots[b] for seat, b in zip(package.seats(state), bot_names, strict=True)}
        more, state, _ = play_until_blocked(package.engine, state, bots, seed=seed + i, max_commands=50_000)
        yield events + more, state


def _row(mode: str, games: int, events: int, seconds: float) -> dict[str, Any]:
    return {
        "mode": mode,
        "games": games,
        "seconds": round(seconds, 2),
        "games_per_second": round(games / seconds, 2),
        "events_per_game": round(events / games, 1),
        "events_per_second": round(events / seconds),
    }


def run(
    games: int, players: int, bot_names: list[str], seed: int = 0, game: str | None = None, **options: Any
) -> list[dict]:
    """The bench's rows: engine only, with each store, replay, and the JSON-decode ceiling (``options``
    as for ``play_games``)."""
    from domain.service.application import GameService
    from domain.service.storage import store_env

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        stores = [
            ("engine only, in memory", None),
            ("+ one append each, memory store", "memory"),
            ("+ one append each, SQLite file", f"sqlite:///{Path(tmp) / 'bench.sqlite'}"),
        ]
        for label, store in stores:
            app = GameService(env=store_env(store)) if store else None
            events_total = 0
            start = time.perf_counter()
            for log, final in play_games(games, players, bot_names, seed, game, **options):
                events_total += len(log)
                if app is not None:
                    app.create_from_events(log, final_state=final, game=game)
            rows.append(_row(label, games, events_total, time.perf_counter() - start))
    rows += replay_rows(games, players, bot_names, seed, game, **options)
    return rows


def replay_rows(
    games: int, players: int, bot_names: list[str], seed: int = 0, game: str | None = None, **options: Any
) -> list[dict]:
    """Two rows on the same games' logs as stored JSON: ``replay`` (decode and fold) and ``decode`` only
    (JSON and event classes), the ceiling a replay can approach (``options`` as for ``play_games``)."""
    package = get_game(game) if game else default()
    played = play_games(games, players, bot_names, seed, game, **options)
    stored = [[json.dumps(e.to_json()) for e in log] for log, _ in played]
    events_total = sum(len(log) for log in stored)

    def replay() -> None:
        for log_json in stored:
            package.engine.replay([package.event_from_json(json.loads(text)) for text in log_json])

    def decode() -> None:
        for log_json in stored:
            [package.event_from_json(json.loads(text)) for text in log_json]

    for log_json in stored[:1]:  # untimed: the event classes and the fold build what they build on first use
        package.engine.replay([package.event_from_json(json.loads(text)) for text in log_json])
    best = {replay: float("inf"), decode: float("inf")}
    for _ in range(ROUNDS):  # alternated, the fastest of each: a round lasts a tenth of a second
        for fn in best:
            start = time.perf_counter()
            fn()
            best[fn] = min(best[fn], time.perf_counter() - start)
    return [
        _row("replay: decode and fold the stored logs", games, events_total, best[replay]),
        _row("decode only: the ceiling of replay", games, events_total, best[decode]),
    ]


def simulate_scaling(games: int, game: str | None = None) -> dict[str, Any]:
    """Complete games per second of `simulate` (bots drawn as it draws them) on 1 process and on every
    core, the same games (best of two alternating rounds), with the CPU a game cost in each fastest round
    (parent and workers, milliseconds); and storing them into SQLite (events per second of the appends
    alone, with the garbage collector tuned as `simulate` stores them)."""
    from domain.service.application import GameService
    from domain.service.simulation import plans
    from domain.service.simulation import run as play_all
    from domain.service.storage import store_env

    game = game or default().info.name
    out: dict[str, Any] = {"games": games, "cores": os.cpu_count()}
    played: list[Any] = []
    cores = os.cpu_count() or 1
    best = {1: 0.0, cores: 0.0}
    cpu = {1: 0.0, cores: 0.0}  # CPU seconds a game, parent and workers, in the fastest round
    for _ in range(2):  # alternate, best of two: the machine's speed drifts from minute to minute
        for workers in best:
            start, spent = time.perf_counter(), _cpu_seconds()
            played = list(play_all(plans(games, seed=7, game=game), workers=workers, as_json=True))
            rate = games / (time.perf_counter() - start)
            if rate > best[workers]:
                best[workers], cpu[workers] = rate, (_cpu_seconds() - spent) / games
    for workers, rate in best.items():
        out[f"games_per_second_{workers}_process"] = round(rate, 2)
        out[f"cpu_ms_per_game_{workers}_process"] = round(cpu[workers] * 1000, 1)
    # the work a game costs on every core against one process: above 1, the pool's hand-over or a
    # machine whose cores slow each other down; the scaling is at most cores / this
    out["scaling"] = round(best[cores] / best[1], 2)
    out["cpu_per_game_ratio"] = round(cpu[cores] / cpu[1], 2)
    with tempfile.TemporaryDirectory() as tmp, batch_gc():  # as `simulate` stores (simulation.run tunes it)
        app = GameService(env=store_env(f"sqlite:///{Path(tmp) / 'store.sqlite'}"))
        events = sum(len(log) for log, _ in played)
        start = time.perf_counter()
        for log, final in played:
            app.create_from_events(log, final_state=final, game=game)
        out["store_events_per_second"] = round(events / (time.perf_counter() - start))
    return out


def _cpu_seconds() -> float:
    """CPU seconds (user and system) of this process and of its children that have ended."""
    import resource

    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def suite(games: int = 40) -> dict[str, Any]:
    """Every tracked figure, as one JSON-native dict (the machine described): each registered game's own
    runs (``ui.extras["bench"]``: ``(figure, games factor, players, bots, new_game options, every row)``;
    figures ``<game>_<figure>``), then `simulate`'s scaling on the default game."""
    out: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%d %H:%M:%S"),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
    }
    for name, package in GAMES.items():
        for figure, factor, players, bots, options, every_row in package.ui.extras.get("bench", ()):
            n = int(games * factor) if factor >= 1 else max(10, int(games * factor))
            rows = run(n, players, list(bots), game=name, **options)
            out[f"{name}_{figure}"] = rows if every_row else rows[:1]
    # five times the games (100 by default): on 20 the pool's start-up and the last game's tail (one
    # worker idle) weigh ~10% of a 0.35 s run, and the ratio wandered 1.47-1.81 from run to run
    out[f"simulate_{default().info.name}"] = simulate_scaling(games * 5)
    return out
