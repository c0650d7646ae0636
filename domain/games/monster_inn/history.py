"""Monster Inn's inputs, undo, correction and fork: the kernel's :class:`~domain.kernel.history.History`
bound to this game (a decision is asked in a round, in a phase, about a creature)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Pending
from domain.kernel.history import History

from . import events as ev
from .describe import describe_command
from .game import ENGINE
from .refusals import refuse
from .state import GameState, to_dict


def chance_cards(e: ev.Event) -> list[str]:
    """The cards a chance event says came up (a record's ``draw`` line)."""
    if isinstance(e, ev.InnDealt):
        return list(e.cards)
    if isinstance(e, ev.HumanoidRevealed):
        return [e.card]
    raise ValueError(f"{e.type} is not a chance event")


def decision_key(state: GameState, p: Pending, actor: str) -> tuple[Any, ...]:
    """Which decision an input answered: the round and phase, what was decided (and about which creature
    or which humanoid) and who answered."""
    about = p.detail.get("card") or p.detail.get("position", "")
    return (state.round, state.phase, p.kind, str(about), actor)


def describe_key(key: tuple[Any, ...] | None) -> str:
    """A decision key in words: "round 3, bid: p2 (turn about m7)"."""
    if not key:
        return "no decision"
    rnd, phase, kind, about, actor = key
    return f"round {rnd}, {phase}: {actor} ({kind}{' about ' + about if about else ''})"


def _marker(e: ev.Event) -> tuple[str, Any, bool] | None:
    """Archiving is Monster Inn's own marker: folded as it is, not an input."""
    return ("archive", e, False) if isinstance(e, ev.GameArchived) else None


HISTORY = History(
    engine=ENGINE,
    chance_cards=chance_cards,
    describe_command=describe_command,
    to_dict=to_dict,
    refuse=refuse,
    decision_key=decision_key,
    describe_key=describe_key,
    marker=_marker,
    not_counted=(ev.GameArchived,),
)
