"""The line of inputs behind a Dungeon Lords log: the kernel's :class:`~domain.kernel.history.History`
bound to this game (where a decision is asked: Year, season or Combat round, phase, sub-step; what a
draw line is; table rulings and archiving as markers of its own).

    spans_of(log)      -> [Span, ...]            every input and marker, in log order
    standing(log)      -> [Span, ...]            the inputs not taken back, oldest first
    taken_back(log)    -> {event number: why}    every event an undo or a correction took back
    decision_key(state, pending, actor)          the decision an input answered (who, what, where)
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Pending
from domain.kernel.history import MARKERS, History, Span

from . import events as ev
from .commands import StoredRuling
from .describe import describe_command
from .engine import ENGINE
from .errors import refuse
from .phases.common import season_name
from .state import GameState, to_dict

DRAW_FIELDS = ("cards", "tiles", "tile")
REVEALS = (
    ev.OrdersRevealed,
    ev.CombatCardRevealed,
    ev.CombatCardSpied,
    ev.SpecialEventRevealed,
    ev.FestivalBidsRevealed,  # Festival Season: the bids, secret until the last one is in
    ev.PetsExchanged,  # ... a passed Pet Card, seen by its receiver
)


def decision_key(state: GameState, p: Pending, actor: str) -> tuple:
    """Which decision an input answers: where (Year, season or Combat round, phase, sub-step), what
    (the kind of decision; for a draw, what is drawn and for whom) and who. A correction re-applies a
    later input only where the game asks the same decision again."""
    where = (
        state.year,
        season_name(state) if state.phase != "combat" else f"combat {state.combat_round}",
        state.phase,
        state.awaiting.kind if state.awaiting is not None else "",
    )
    what = (p.kind, p.chance.what, p.chance.color) if p.is_chance and p.chance else (p.kind,)
    return (*where, *what, actor)


def describe_key(key: tuple | None) -> str:
    """A decision key in words: "Year 1, spring, actions: red, action"."""
    if not key:
        return "no decision"
    year, season, phase, sub, kind, *rest = key
    actor = rest[-1]
    step = f"{phase}/{sub}" if sub else phase
    return f"Year {year}, {season}, {step}: {actor if actor != 'chance' else 'the draw'} ({kind})"


def draw_cards(e: ev.Event) -> list[str]:
    """The component ids a chance event says came up (the record's ``draw`` line)."""
    if isinstance(e, ev.SpecialEventsDrawn):
        return e.drawn()
    if isinstance(e, ev.EventTileRevealed):
        return [e.tile]
    if isinstance(e, ev.FaceDownCardSeen):
        return [e.card]
    if isinstance(e, ev.OpportunityTurnedUp):
        return [e.board]
    for name in DRAW_FIELDS:
        if hasattr(e, name):
            return list(getattr(e, name))
    raise ValueError(f"{e.type} is not a chance event")


def _marker(e: ev.Event) -> tuple[str, Any, bool] | None:
    """Dungeon Lords' own markers: a table ruling (re-applied to get its events) and archiving."""
    if isinstance(e, ev.TableRulingApplied):
        return "ruling", StoredRuling(reason=e.reason, changes=e.changes), True
    if isinstance(e, ev.GameArchived):
        return "archive", e, False
    return None


HISTORY = History(
    engine=ENGINE,
    chance_cards=draw_cards,
    describe_command=describe_command,
    to_dict=to_dict,
    refuse=refuse,
    decision_key=decision_key,
    describe_key=describe_key,
    marker=_marker,
    reveals=REVEALS,
    not_counted=(ev.GameArchived,),
)

spans_of = HISTORY.spans_of
standing = HISTORY.standing
taken_back = HISTORY.taken_back


def state_before(log: list[ev.Event], number: int) -> GameState:
    """The state just before event ``number`` (1-based). Raises ValueError for the first event."""
    state: GameState = HISTORY.state_before(log, number)
    return state


__all__ = [
    "MARKERS",
    "HISTORY",
    "Span",
    "decision_key",
    "describe_key",
    "draw_cards",
    "spans_of",
    "standing",
    "state_before",
    "taken_back",
]
