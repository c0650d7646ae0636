"""simulate's engine room: plan the games, play them on an executor (processes or Ray), store the finished
games in appends of up to 20 games, with a progress bar; a stopped run says what is missing and ``--resume`` plays it.

Each planned game has its own id (``executors.plan_id``): a run with the same --seed and set-up is the same
games with the same ids, whichever executor and however many workers played them.
"""

from __future__ import annotations

import time
from contextlib import closing
from dataclasses import replace
from typing import Any


class SimulationStopped(Exception):
    """Simulation stopped part way: ``stored`` complete games are in the store (each batch one append)."""

    def __init__(self, stored: int, wanted: int, cause: BaseException):
        missing = wanted - stored
        super().__init__(
            f"stopped after storing {stored} of {wanted} games (each complete, in one append); "
            f"{missing} missing: the same command with --resume plays exactly those"
        )
        self.stored, self.wanted, self.cause = stored, wanted, cause


PROGRESS_AFTER = 1.0  # seconds of simulation after which a bar is worth showing
RAY_BATCH = 20  # games a Ray task: a game is ~30 ms, a task's overhead a few ms
# finished games are stored together, one append (one transaction, one commit) for up to STORE_GAMES games or
# what finished within STORE_SECONDS: a commit a game cost the storing process a disk flush a game
STORE_GAMES, STORE_SECONDS = 20, 0.5


def simulate_into(
    application,
    games: int,
    players: int | None,
    bots: list[str] | None,
    seed: int,
    variant: str | None = None,
    quiet: bool = False,
    game: str | None = None,  # None: the default game
    progress_after: float = PROGRESS_AFTER,
    bar_console=None,
    executor: str = "process",
    workers: int | None = None,
    address: str | None = None,
    resume: bool = False,
    snapshot_every: int | None = None,
    **options: Any,
) -> dict:
    """Play ``games`` bot games on ``executor`` (``process``: ``workers`` processes, default every core;
    ``ray``: Ray tasks of :data:`RAY_BATCH` games, on the cluster at ``address`` or a local Ray) and store
    the finished games in appends of up to :data:`STORE_GAMES` games (or what finished within
    :data:`STORE_SECONDS`; with ``snapshot_every`` N, a snapshot every N events of each game,
    from the states its worker hands over); returns figures (``skipped``: planned games stored already, with
    ``resume``). Once it has taken ``progress_after`` seconds with games still to come, a progress bar (on
    standard error, gone when done; unless ``quiet``). ``options``: each game's set-up, for ``plans``
    (catalog: the root ``--catalog``).

    Raises:
        UserError: (exit 3) some planned games are stored already and ``resume`` is not asked; (exit 2) Ray
            asked for and not installed. SimulationStopped: anything that stopped the run part way."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from domain.service.executors import RayMissing, RayUnreachable, batches, plan_id
    from domain.service.executors import executor as make_executor
    from domain.service.simulation import plans

    from .consoles import err_console
    from .context import OPTIONS
    from .errors import CONFLICT, UserError  # (here: `stats`' fast path imports this module, not typer)

    todo = plans(games, players, bots, seed, variant, game=game, **{"catalog_overrides": OPTIONS["catalog"], **options})
    if snapshot_every:  # (how the games are stored: their ids stay the same, ``plan_id``)
        todo = [replace(p, snapshot_every=snapshot_every) for p in todo]
    ids = [plan_id(p) for p in todo]
    have = set(application.games()) & set(ids)
    if have and not resume:
        raise UserError(
            f"{len(have)} of the {games} planned games (this --seed and set-up) are stored already: "
            "--resume plays only the missing ones, or choose another --seed",
            CONFLICT,
        )
    left = [(p, i) for p, i in zip(todo, ids, strict=True) if i not in have]
    try:
        runner = make_executor(executor, workers, address)
        runner.start()
    except (RayMissing, RayUnreachable) as exc:
        raise UserError(str(exc).splitlines()[0]) from None
    size = RAY_BATCH if executor == "ray" else 1
    work = batches([p for p, _ in left], size)
    events = stored = 0
    start = time.perf_counter()
    bar = Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=bar_console or err_console,
        transient=bar_console is None,
    )
    task = bar.add_task("games", total=len(left))
    try:
        with closing(runner.run(work)) as done:  # left early: what is not finished is cancelled, now
            ready: list[Any] = []
            last = time.perf_counter()
            for k, (n, finished) in enumerate(done, 1):
                ready += [(log, final, left[n * size + j][1]) for j, (log, final) in enumerate(finished)]
                bar.advance(task, len(finished))  # a game played (stored with its append, within STORE_SECONDS)
                if (
                    not (quiet or bar.live.is_started)
                    and k < len(work)
                    and time.perf_counter() - start >= progress_after
                ):
                    bar.start()
                if len(ready) < STORE_GAMES and k < len(work) and time.perf_counter() - last < STORE_SECONDS:
                    continue
                application.create_simulated(ready, game=left[0][0].game)
                events += sum(len(log) for log, _, _ in ready)
                stored += len(ready)
                ready, last = [], time.perf_counter()
    except BaseException as exc:  # disk full, Ctrl-C, a lost store or worker: say what is safe
        raise SimulationStopped(_stored(application, ids, len(have) + stored), games, exc) from exc
    finally:
        if bar.live.is_started:
            bar.stop()
    seconds = time.perf_counter() - start
    return {
        "games": stored,
        "skipped": len(have),
        "events": events,
        "seconds": round(seconds, 2),
        "startup_seconds": round(runner.startup_seconds, 2),  # before ``seconds``: Ray's start or connection
        "games_per_second": round(stored / seconds, 2) if seconds else None,
    }


def _stored(application, ids: list, counted: int) -> int:
    """How many of the planned games (``ids``) are in the store, asked again after a stop: Ctrl-C may come
    after an append was committed and before it was counted. ``counted`` when the store cannot be asked."""
    try:
        return len(set(application.games()) & set(ids))
    except Exception:  # the store is what failed (disk full, a lost connection)
        return counted
