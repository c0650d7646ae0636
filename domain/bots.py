"""Bots: policies that choose among ``pending``'s legal options, so they are legal by construction.

A bot is a callable ``(state, pending, actor, rng) -> command``; it sees only the options.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .engine import execute, pending
from .pending import Pending
from .state import GameState, clone

Bot = Callable[[GameState, Pending, str, random.Random], object]


def random_bot(state: GameState, p: Pending, actor: str, rng: random.Random):
    """Uniformly random among the legal options."""
    return rng.choice(p.options(actor))


BOTS: dict[str, Bot] = {"random": random_bot}


def play_until_blocked(
    state: GameState, bots: dict[str, Bot], seed: int = 0, max_commands: int = 5000, on_step: Callable | None = None
) -> tuple[list, GameState, Pending]:
    """Let ``bots`` (colour -> bot) answer every input until the game waits for something no bot
    can give (the end of the game). Returns (events, final state, the blocking Pending).
    The state passed in is copied once; the bots' moves are then applied in place (fast)."""
    state = clone(state)
    rng = random.Random(seed)
    log: list = []
    for _ in range(max_commands):
        p = pending(state)
        actors = [a for a in p.actors if a in bots]
        if not actors:
            return log, state, p
        actor = actors[0]
        command = bots[actor](state, p, actor, rng)
        events, state = execute(state, command, inplace=True)
        log += events
        if on_step:
            on_step(state, command, events)
    return log, state, pending(state)
