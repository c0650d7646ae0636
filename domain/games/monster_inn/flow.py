"""The flow of a game of Monster Inn: ``step(state)`` says what happens next, the consequence events
to apply or the input the game waits for (a player's decision or a draw)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel import Pending

from . import events as ev
from . import inn, scoring
from .state import GameState

GAME_OVER = Pending(kind="game_over", actors=[], prompt="the game is over", rule="score.winner")


def step(state: GameState) -> Sequence[ev.Event] | Pending:
    """Consequences to apply now, or the Pending input (see the module docstring)."""
    phase = state.phase
    if phase == "bid":
        if state.awaiting == "bonus":
            return inn.bonus(state)
        if state.awaiting == "support":
            return inn.support(state)
        if not state.inn:  # everyone has their creature: the round is over
            if scoring.game_ends(state):
                return [scoring.set_aside(state)]
            return [ev.RoundEnded(round=state.round, last=state.taker, next_starter=state.left_of(state.taker))]
        if len(state.in_round) == 1:  # the last Dungeon Master must Leave (rule leave.last)
            return inn.leave_events(state, state.in_round[0])
        return inn.turn(state)
    if phase == "deal":
        return inn.deal(state)
    if phase == "scoring":
        return scoring.next_reveal(state) or [scoring.score(state)]
    return GAME_OVER
