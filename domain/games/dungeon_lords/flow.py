"""The Building flow: which phase module answers "what happens next" (architecture §2).

``step(state)`` returns either the consequence events to apply next, or the
:class:`~domain.kernel.pending.Pending` input the game waits for. The paladin is checked first, at
every step (after the events of the last), because he moves "immediately" (Rulebook › Paladin): a phase
joins the events of several of its steps into one only where the earlier ones cannot send him anywhere (a
revealed slot and its placements; a battle's steps that only mark themselves done).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Pending
from domain.kernel.errors import Phrase

from .phases import actions, adventurers, combat, event_phase, orders, production, rounds
from .state import FaceDown, GameState

PHASES = {
    "setup": rounds.setup_step,
    "new_round": rounds.new_round_step,
    "orders": orders.step,
    "actions": actions.step,
    "production": production.step,
    "event": event_phase.step,
    "adventurers": adventurers.step,
    "combat": combat.step,
    "year_end": rounds.year_end_step,
    "scoring": rounds.scoring_step,
    "over": rounds.game_over_step,
}


def register_phase(name: str, phase_step) -> None:
    """Add a rules module's own phase (Festival Season's Festival) under ``name``, the name its Year plan
    step gives. Raises ValueError if the name is taken."""
    if name in PHASES:
        raise ValueError(f"phase {name!r} is registered twice")
    PHASES[name] = phase_step


#: commands taken whatever the game waits for, by a rules module (Festival Season's Building pets):
#: command type -> handler(state, command) -> events (raises RuleViolation)
OUTSIDE_TURN: dict[type, Callable[[GameState, Any], list[Any]]] = {}


def register_outside_turn(command: type, handler: Callable[[GameState, Any], list[Any]]) -> None:
    """Let ``command`` be taken at any moment (:meth:`.engine.DungeonLordsRules.outside_turn`), decided by
    ``handler``. Raises ValueError if the command type is registered twice."""
    if command in OUTSIDE_TURN:
        raise ValueError(f"{command.__name__} is registered twice")
    OUTSIDE_TURN[command] = handler


def step(state: GameState):
    moved = adventurers.paladin_step(state)
    if moved:
        return moved
    aw = state.awaiting
    if isinstance(aw, FaceDown):  # tabletop: a spy records the card he looked at
        return rounds.face_down(
            state,
            aw.what,
            aw.year,
            aw.position,
            Phrase("{color} looks at Combat Card #{n}: record it", color=aw.spy, n=aw.position),
        )
    return PHASES[state.phase](state)


def is_pending(result) -> bool:
    return isinstance(result, Pending)
