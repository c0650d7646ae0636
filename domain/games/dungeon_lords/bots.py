"""Bots for Dungeon Lords: the kernel's play loop bound to this game's engine.

A bot is a callable ``(state, pending, actor, rng) -> command`` (:data:`domain.kernel.Bot`); it sees only
the options, so it is legal by construction. The strategies live in :mod:`.strategies`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Bot, Pending, random_bot
from domain.kernel import play_until_blocked as _play

from .engine import ENGINE
from .state import GameState

BOTS: dict[str, Bot] = {"random": random_bot}


def play_until_blocked(
    state: GameState,
    bots: dict[str, Bot],
    seed: int = 0,
    max_commands: int = 5000,
    on_step: Callable[[Any, Any, list[Any]], None] | None = None,
) -> tuple[list[Any], GameState, Pending]:
    """Let ``bots`` (colour -> bot) answer every input until the game waits for something no bot
    can give (the end of the game). Returns (events, final state, the blocking Pending)."""
    return _play(ENGINE, state, bots, seed=seed, max_commands=max_commands, on_step=on_step)


__all__ = ["BOTS", "Bot", "play_until_blocked", "random_bot"]
