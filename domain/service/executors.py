"""Where simulated games are played: a pool of processes on this machine, or Ray tasks (issue #34).

One small interface for both (:class:`Executor`): the caller hands over numbered batches of game plans and
gets back each finished batch, as soon as it is finished (any order), as (batch number, [(events in their
JSON form with their hash chains, final state), ...]). The caller stores each batch in one append. Which
games a run holds does not depend on the executor or the number of workers: the plans (and their seeds)
are made before any game is played, and each planned game has its own id (:func:`plan_id`), so a run
stopped part way is resumed by playing the planned games whose ids are not in the store.

Ray is an optional extra (``pip install -e '.[cluster]'``), imported only when a Ray executor is made.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from domain.kernel import batch_gc

from .simulation import GamePlan, _worker_start, play_json

#: the namespace of simulated games' ids (uuid5 of the plan)
SIMULATED = uuid.UUID("5f0c2e8a-9d1b-4c52-8f4e-0b7a3d6e2c91")

Finished = tuple[int, list[tuple[Any, Any]]]  # (batch number, [(events as JSON with chains, final state)])

NO_RAY = "--executor ray needs Ray, an optional extra: pip install -e '.[cluster]' (or pip install 'ray>=2.9')"


class RayMissing(ImportError):
    """Ray is not installed; the message says how to get it."""


class RayUnreachable(ConnectionError):
    """The Ray cluster at the address given cannot be reached (or refuses this driver)."""


def plan_id(plan: GamePlan) -> uuid.UUID:
    """The id of the game ``plan`` plays: a uuid5 of everything the plan holds (game, seed, players,
    variant, bots, modules, rules, catalog), so the same plan is the same game id in every run: a resumed
    run finds the games a stopped one stored, and storing a planned game twice is refused."""
    text = json.dumps(
        [plan.game, plan.seed, plan.players, plan.variant, plan.bots, plan.modules, plan.rules, plan.catalog_overrides],
        sort_keys=True,
        default=str,
    )
    return uuid.uuid5(SIMULATED, text)


def play_batch(batch: Sequence[GamePlan]) -> list[tuple[Any, Any]]:
    """Play a batch of planned games in order; each as (events in their JSON form with chains, final state)."""
    with batch_gc():
        return [play_json(p) for p in batch]


def batches(plans: Sequence[GamePlan], size: int) -> list[list[GamePlan]]:
    """The plans cut into batches of ``size`` (the last one shorter), in plan order."""
    return [list(plans[i : i + size]) for i in range(0, len(plans), max(1, size))]


class Executor(Protocol):
    """Plays numbered batches of plans; yields each finished batch (any order). Leaving the iteration early
    (Ctrl-C, an error while storing) cancels what is not finished."""

    workers: int
    startup_seconds: float

    def start(self) -> None: ...

    def run(self, work: Sequence[Sequence[GamePlan]]) -> Iterator[Finished]: ...


class ProcessExecutor:
    """``workers`` processes of this machine (default: every core); one process, no pool, for one worker."""

    def __init__(self, workers: int | None = None):
        self.workers = workers or os.cpu_count() or 1
        self.startup_seconds = 0.0

    def start(self) -> None:
        """Nothing to start: the pool is made by :meth:`run`."""

    def run(self, work: Sequence[Sequence[GamePlan]]) -> Iterator[Finished]:
        if self.workers == 1 or len(work) < 2:
            for n, batch in enumerate(work):
                yield n, play_batch(batch)
            return
        pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_worker_start, initargs=(os.getpid(),))
        try:
            pending: dict[Future[list[tuple[Any, Any]]], int] = {}
            todo = iter(enumerate(work))
            for n, batch in todo:  # a few batches ahead of the workers, not the whole run in the queue
                pending[pool.submit(play_batch, batch)] = n
                if len(pending) >= 2 * self.workers:
                    break
            with batch_gc():  # the parent unpickles every game and its caller stores it
                while pending:
                    done, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        n = pending.pop(future)
                        for m, batch in todo:
                            pending[pool.submit(play_batch, batch)] = m
                            break
                        yield n, future.result()
        finally:
            pool.shutdown(wait=False, cancel_futures=True)


class RayExecutor:
    """Ray tasks, each a batch of games: on the cluster at ``address`` (``HOST:PORT``, the head's GCS address,
    or ``auto``; ``ray://`` needs ``ray[client]``), or
    on a local Ray started here with ``workers`` CPUs (default: every core), no dashboard and a small object
    store. A task whose worker dies is retried by Ray (``max_retries``) before the run gives up on it.

    Raises:
        RayMissing: Ray is not installed."""

    #: the local Ray's object store: batches of finished games pass through it, a few MB each
    OBJECT_STORE = 200 * 1024 * 1024
    RETRIES = 2

    def __init__(self, workers: int | None = None, address: str | None = None):
        try:
            import ray
        except ImportError as exc:
            raise RayMissing(NO_RAY) from exc
        self.ray = ray
        self.workers = workers or os.cpu_count() or 1
        self.address = address
        self._started = False
        self.startup_seconds = 0.0  # how long ray.init took (0: Ray was running already)

    def start(self) -> None:
        """Start a local Ray, or connect to the cluster at the address (done by :meth:`run` if not before).

        Raises:
            RayUnreachable: the cluster cannot be reached."""
        ray = self.ray
        if ray.is_initialized():
            return
        began = time.perf_counter()
        quiet: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
        if self.address:
            try:
                ray.init(address=self.address, log_to_driver=False, configure_logging=False)
            except (ConnectionError, ray.exceptions.RaySystemError) as exc:
                raise RayUnreachable(f"cannot reach the Ray cluster at {self.address}: {exc}") from exc
        else:
            # "local": a Ray of its own even when `ray start` left a cluster's address on this machine (which
            # ray.init() without an address would join, and refuse num_cpus for)
            ray.init(address="local", num_cpus=self.workers, object_store_memory=self.OBJECT_STORE, **quiet)
        self._started = True
        self.startup_seconds = time.perf_counter() - began

    def run(self, work: Sequence[Sequence[GamePlan]]) -> Iterator[Finished]:
        self.start()
        ray = self.ray
        task = ray.remote(num_cpus=1, max_retries=self.RETRIES)(play_batch)
        pending: dict[Any, int] = {}
        todo = iter(enumerate(work))
        ahead = 2 * self.workers if not self.address else 2 * int(ray.cluster_resources().get("CPU", 1))
        try:
            for n, batch in todo:
                pending[task.remote(batch)] = n
                if len(pending) >= ahead:
                    break
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    n = pending.pop(ref)
                    for m, batch in todo:
                        pending[task.remote(batch)] = m
                        break
                    yield n, ray.get(ref)
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
            self.close()

    def close(self) -> None:
        """Stop the local Ray this executor started (a cluster's Ray is left running)."""
        if self._started:
            self.ray.shutdown()
            self._started = False


def executor(name: str, workers: int | None = None, address: str | None = None) -> Executor:
    """The executor called ``name`` (``process`` or ``ray``).

    Raises:
        ValueError: another name; RayMissing: ``ray`` without Ray installed."""
    if name == "process":
        return ProcessExecutor(workers)
    if name == "ray":
        return RayExecutor(workers, address)
    raise ValueError(f"no executor {name!r} (process or ray)")
