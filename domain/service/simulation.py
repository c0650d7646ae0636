"""Simulation: many complete games played by bots, in memory, on every core.

Each game runs the same decider as any other (every move is legal by construction) and comes
back as its whole event log plus its final state, so the caller can store it in ONE append
(``GameService.create_from_events(events, final_state=...)``).
"""

from __future__ import annotations

import gc
import os
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from domain.kernel import GamePackage, batch_gc, models_ready, play_until_blocked
from domain.kernel.play import BATCH_GC_THRESHOLD
from domain.kernel.registry import default, get
from domain.kernel.setup import SEED_LIMIT

from .games import load_games


def get_game(name: str) -> GamePackage:
    """The registered game ``name``, the games named by the settings loaded first (a worker process that
    was spawned, not forked, starts with an empty registry). Raises KeyError, GameLoadError."""
    load_games()
    return get(name)


@dataclass(frozen=True)
class GamePlan:
    """One simulated game: its seed, player count, variant and the bot in each seat (clockwise), of ``game``."""

    seed: int
    players: int
    variant: str
    bots: tuple[str, ...]
    catalog_overrides: dict[str, Any] | None = None  # the table's catalog, recorded in every game
    game: str = ""  # the registry name ("" before plans() fills it in)
    modules: tuple[str, ...] = ()  # the game's rules modules (Festival Season's), recorded in every game
    rules: tuple[tuple[str, str], ...] = ()  # provisional rule choices (Monster Inn's), recorded in every game
    # how the game is stored, not what is played (``plan_id`` leaves it out): the worker hands over the state
    # every so many events for the store's snapshots (``play_json``; 0: none, the store takes its head one)
    snapshot_every: int = 0


def plans(
    games: int,
    players: int | None = None,
    bots: list[str] | None = None,
    seed: int = 0,
    variant: str | None = None,
    catalog_overrides: dict[str, Any] | None = None,
    game: str | None = None,
    modules: tuple[str, ...] = (),
    rules: tuple[tuple[str, str], ...] = (),
) -> list[GamePlan]:
    """The games to play. Player counts cycle over the game's range (Dungeon Lords 2, 3, 4; Monster Inn
    3, 4, 5) unless ``players`` is given; bots are drawn from ``bots``;
    variants cycle over the game's unless ``variant`` is given; the line-up is rotated game by game so
    that no bot always sits first (default bots: the game's ``default_bots``, else every bot of it).
    ``game`` None: the default game. ``modules``: the rules modules every game plays; ``rules``:
    the provisional rule choices every game plays with (option, value).

    Raises:
        KeyError: no such game."""
    package = get_game(game) if game else (load_games(), default())[1]
    info = package.info
    pool = list(bots or package.default_bots or tuple(package.bots))
    counts = tuple(range(info.min_players, info.max_players + 1))
    out = []
    for i in range(games):
        n = players or counts[i % len(counts)]
        rng = random.Random((seed * 1_000_003 + i) % SEED_LIMIT)
        lineup = rng.sample(pool, n) if len(pool) >= n else [rng.choice(pool) for _ in range(n)]
        k = i % n
        lineup = lineup[k:] + lineup[:k]
        out.append(
            GamePlan(
                seed=(seed * 1_000_003 + i) % SEED_LIMIT,
                players=n,
                variant=variant or info.variants[(i // len(counts)) % len(info.variants)],
                bots=tuple(lineup),
                catalog_overrides=catalog_overrides,
                game=info.name,
                modules=tuple(modules),
                rules=tuple(rules),
            )
        )
    return out


def play(plan: GamePlan) -> tuple[list[Any], Any]:
    """Play one planned game to its end; returns (events, final state)."""
    package = get_game(plan.game)
    names = [f"{b} {k + 1}" for k, b in enumerate(plan.bots)]
    more_rules: dict[str, Any] = {"modules": list(plan.modules)} if plan.modules else {}  # (Dungeon Lords)
    if plan.rules:  # (a game with rule options: Monster Inn)
        more_rules["rules"] = dict(plan.rules)
    events, state = package.new_game(
        names,
        variant=plan.variant,
        seed=plan.seed,
        bots=list(plan.bots),
        catalog_overrides=plan.catalog_overrides,
        **more_rules,
    )
    seats = package.seats(state)
    more, state, _ = play_until_blocked(
        package.engine,
        state,
        {seat: package.bots[b] for seat, b in zip(seats, plan.bots, strict=True)},
        seed=plan.seed,
        max_commands=50_000,
    )
    return events + more, state


class HandedOver(list):  # type: ignore[type-arg]
    """A simulated game's events in their JSON form (``{"type", **fields}``), with ``chains``: the hash
    chain of each event, worked out in the worker process that played the game (the parent, which
    stores every game, is what limits `simulate`; it trusts the worker's final state in the same way), and
    ``stored``: each event's payload as the store writes it (``bulk.stored_payload``; None for the first
    event and where the store's transcoder writes it its own way), and ``states``: event number -> the
    state just after it in its JSON form (``package.to_dict``), every ``GamePlan.snapshot_every`` events
    (empty without), for the store's snapshots. A plain list otherwise: it pickles with those three.
    Whoever changes an event changes the list it is in: a copy (``HandedOver(list(...))``) has none of them,
    and the store works them out."""

    chains: list[str]
    stored: list[bytes | None]
    states: dict[int, dict[str, Any]]


def play_json(plan: GamePlan) -> tuple[HandedOver, Any]:
    """:func:`play`, its events in their JSON form with their hash chain (:class:`HandedOver`): plain data
    crosses from a worker process to its parent faster than event objects, and is what the store writes
    anyway. With ``plan.snapshot_every`` N, also the state after every N-th event (the game's events folded
    again with its rules' ``evolve``, as a stored game is replayed). Returns (events, final state)."""
    events, state = play(plan)
    package = get_game(plan.game)
    chain = package.chain
    from .bulk import stored_payload

    out, chains, stored, link = HandedOver(), [], [], ""
    for n, e in enumerate(events, 1):
        whole = e.to_json()
        data = dict(whole)
        del data["type"]
        link = chain.link(link, n, e.type, data)
        out.append(whole)
        chains.append(link)
        stored.append(stored_payload(data) if n > 1 else None)
    out.chains, out.stored = chains, stored
    out.states = states_every(package, events, plan.snapshot_every) if plan.snapshot_every else {}
    return out, state


def states_every(package: GamePackage, events: list[Any], interval: int) -> dict[int, dict[str, Any]]:
    """The state after every ``interval``-th of ``events`` (domain events, from the first), in its JSON form
    (``package.to_dict``: taken at once, as the fold goes on changing the state), by event number."""
    evolve, to_dict = package.rules.evolve, package.to_dict
    out: dict[int, dict[str, Any]] = {}
    state = None
    for n, e in enumerate(events, 1):
        state = evolve(state, e)
        if n % interval == 0:
            out[n] = to_dict(state)
    return out


def run(
    game_plans: list[GamePlan], workers: int | None = None, as_json: bool = False
) -> Iterator[tuple[list[Any], Any]]:
    """Play the games on ``workers`` processes (default: every core), yielding (events, final state) in
    order; with ``as_json`` the events come in their JSON form (``GameService.create_from_events`` stores
    them as they are)."""
    workers = workers or os.cpu_count() or 1
    one = play_json if as_json else play
    if workers == 1 or len(game_plans) < 4:
        with batch_gc():
            yield from map(one, game_plans)
        return
    with (
        ProcessPoolExecutor(max_workers=workers, initializer=_worker_start, initargs=(os.getpid(),)) as pool,
        batch_gc(),  # the parent unpickles every game and its caller stores it: tuned as a worker is
    ):
        # one game a task: a game is ~30 ms of work, its hand-over well under 1 ms, and the last tasks
        # end together (with 4 a task, short runs waited on one worker's last chunk)
        yield from pool.map(one, game_plans, chunksize=1)


def _worker_start(parent: int) -> None:
    """A worker plays games until its parent is gone, with the garbage collector tuned for it."""
    _end_with_parent(parent)
    models_ready()  # as batch_gc does: every model built once, before the first game, and frozen
    gc.freeze()  # as batch_gc does, for the worker's whole life: it does nothing else
    gc.set_threshold(*BATCH_GC_THRESHOLD)


def _end_with_parent(parent: int) -> None:
    """A worker ends when its parent does, even when the parent is killed (kill -9 leaves no chance to
    shut the pool down): Linux sends it SIGKILL (prctl PR_SET_PDEATHSIG); elsewhere a watchdog thread
    notices that the parent is gone."""
    import signal
    import sys
    import threading
    import time

    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG
        except OSError:
            pass
    if os.getppid() != parent:  # the parent died before the call above took effect
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()
