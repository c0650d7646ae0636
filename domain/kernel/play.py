"""Bots and the play loop: policies that choose among ``pending``'s legal options (legal by construction).

A bot is a callable ``(state, pending, actor, rng) -> command``; it sees only the options and the state
its game gives it. Everything here is in-process and pure: process pools live in ``domain.service``.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .engine import Engine
from .models import models_ready
from .pending import Pending

Bot = Callable[[Any, Pending, str, random.Random], Any]
StepHook = Callable[[Any, Any, list[Any]], None]


def random_bot(state: Any, p: Pending, actor: str, rng: random.Random) -> Any:
    """Uniformly random among the legal options."""
    return rng.choice(p.options(actor))


def play_until_blocked(
    engine: Engine,
    state: Any,
    bots: dict[str, Bot],
    seed: int = 0,
    max_commands: int = 5000,
    on_step: StepHook | None = None,
) -> tuple[list[Any], Any, Pending]:
    """Let ``bots`` (actor -> bot) answer every input until the game waits for something no bot can
    give (the end of the game, or a human's turn). Returns (events, final state, the blocking Pending).

    The state passed in is copied once; the bots' moves are then applied in place (fast).
    ``on_step(state, command, events)`` is called after every command.
    """
    state = engine.rules.clone(state)
    rng = random.Random(seed)
    log: list[Any] = []
    for _ in range(max_commands):
        p = engine.pending(state)
        actors = [a for a in p.actors if a in bots]
        if not actors:
            return log, state, p
        actor = actors[0]
        command = bots[actor](state, p, actor, rng)
        events, state = engine.execute(state, command, inplace=True)
        log += events
        if on_step:
            on_step(state, command, events)
    return log, state, engine.pending(state)


def continuation_problem(engine: Engine, state: Any, seed: int = 0, max_commands: int = 5000) -> str | None:
    """Whether a game can be played on from ``state`` (a position set up by hand, say): random legal options
    at every seat, and random draws from the pool at a chance node (tabletop too), on a copy, until the game
    ends or ``max_commands`` inputs were given. Returns None if nothing went wrong, else one line: an actor
    with no legal option, a draw from a pool smaller than the draw, an offered option or draw refused, or
    the rules failing (the exception's type and message).
    """
    rng = random.Random(seed)
    state = engine.rules.clone(state)
    for n in range(max_commands):
        try:
            p = engine.pending(state)
            if not p.actors:
                return None
            actor = p.actors[0]
            if p.is_chance:
                assert p.chance is not None
                pool = list(p.chance.pool)
                if len(pool) < p.chance.count:
                    return f"after {n} inputs, {p.chance.count} to draw from {len(pool)} ({p.prompt})"
                command = engine.rules.draw_command(rng.sample(pool, p.chance.count))
            else:
                options = p.options(actor)
                if not options:
                    return f"after {n} inputs, {actor} has no legal option ({p.prompt})"
                command = rng.choice(options)
            _, state = engine.execute(state, command, inplace=True)
        except Exception as exc:  # noqa: BLE001  (whatever the rules make of the position is the answer)
            text = " ".join(str(exc).split())[:200]
            return f"after {n} inputs, the rules failed: {type(exc).__name__}: {text}"
    return None


#: gen-0 collections after this many new objects instead of 700 (generations 1 and 2 5x rarer too)
BATCH_GC_THRESHOLD = (10_000, 50, 50)


@contextmanager
def batch_gc() -> Iterator[None]:
    """Fewer garbage collections while bots play many games: the objects that exist already (modules, the
    catalog) are frozen out of every collection, and collections come later (a game allocates and frees
    hundreds of thousands of objects, almost none in cycles): about 10% faster on random bots. The games'
    deferred pydantic models are built first (:func:`~.models.models_ready`), so that no game of the batch
    builds one and they are frozen too. Restores the thresholds and unfreezes on exit."""
    before = gc.get_threshold()
    models_ready()
    gc.freeze()
    gc.set_threshold(*BATCH_GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
