"""The line of inputs behind a log: which events each input caused, which decision it answered,
and which inputs still stand after undos and corrections.

A log is a sequence of events; an *input* is one decision or one draw, and the events from it up to
the next input point are its *span*. Undo (:class:`~domain.games.dungeon_lords.events.InputUndone`) and correction
(:class:`~domain.games.dungeon_lords.events.InputCorrected`) are markers in the log: they take events back without
deleting them, and the events after a marker continue from the state it carries.

    spans_of(log)      -> [Span, ...]            every input and marker, in log order
    standing(log)      -> [Span, ...]            the inputs not taken back, oldest first
    taken_back(log)    -> {event number: why}    every event an undo or a correction took back
    decision_key(state, pending, actor)          the decision an input answered (who, what, where)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.kernel import Pending

from . import events as ev
from .commands import RecordDraw, TableRuling
from .engine import advance, execute_pure, pending
from .errors import RuleViolation
from .evolve import evolve
from .game_info import SEASONS
from .state import GameState

MARKERS = ("undo", "correction", "ruling", "archive")
DRAW_FIELDS = ("cards", "tiles", "tile")


@dataclass(frozen=True, slots=True)
class Span:
    """One input (or marker) of a log.

    ``actor``: a colour, ``"chance"`` for a draw, or a marker: ``"undo"`` (command = the player),
    ``"correction"`` (command = the InputCorrected event), ``"ruling"`` (command = the TableRuling),
    ``"archive"`` (command = the GameArchived event).
    ``first``/``last``: the 1-based numbers of the events it caused. ``key``: the decision it answered
    (:func:`decision_key`; None for markers and rulings)."""

    actor: str
    command: Any
    first: int
    last: int
    key: tuple | None = None

    @property
    def is_input(self) -> bool:
        return self.actor not in MARKERS


def decision_key(state: GameState, p: Pending, actor: str) -> tuple:
    """Which decision an input answers: where (Year, season or Combat round, phase, sub-step), what
    (the kind of decision; for a draw, what is drawn and for whom) and who. A correction re-applies a
    later input only where the game asks the same decision again."""
    where = (
        state.year,
        SEASONS[state.season] if state.phase != "combat" else f"combat {state.combat_round}",
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
        return [e.year1, e.year2]
    if isinstance(e, ev.EventTileRevealed):
        return [e.tile]
    if isinstance(e, ev.FaceDownCardSeen):
        return [e.card]
    for name in DRAW_FIELDS:
        if hasattr(e, name):
            return list(getattr(e, name))
    raise ValueError(f"{e.type} is not a chance event")


def same(a: list[ev.Event], b: list[ev.Event]) -> bool:
    return [x.to_json() for x in a] == [y.to_json() for y in b]


def spans_of(log: list[ev.Event]) -> list[Span]:
    """Every input and marker of ``log`` (a game that starts with GameStarted or ScenarioLoaded), in
    order: at each input point, the legal option whose events are the log's next events.

    Raises:
        ValueError: the log does not follow from its first event under the current rules, or no legal
            input reproduces some event (the message names it).
    """
    if not log or not isinstance(log[0], (ev.GameStarted, ev.ScenarioLoaded)):
        raise ValueError("a game starts with GameStarted or ScenarioLoaded")
    state = evolve(None, log[0])
    i = 1
    out: list[Span] = []
    auto, state = advance(state)
    if not same(auto, log[i : i + len(auto)]):
        raise ValueError("the log does not follow from its first event under the current rules")
    i += len(auto)
    while i < len(log):
        e = log[i]
        if isinstance(e, (ev.InputUndone, ev.InputCorrected)):
            out.append(
                Span(
                    "undo" if isinstance(e, ev.InputUndone) else "correction",
                    e.player if isinstance(e, ev.InputUndone) else e,
                    i + 1,
                    i + 1,
                )
            )
            state, i = evolve(state, e), i + 1
            continue
        if isinstance(e, ev.TableRulingApplied):
            ruling = TableRuling(reason=e.reason, changes=e.changes)
            events, state = execute_pure(state, ruling)
            out.append(Span("ruling", ruling, i + 1, i + len(events)))
            i += len(events)
            continue
        if isinstance(e, ev.GameArchived):
            out.append(Span("archive", e, i + 1, i + 1))
            state, i = evolve(state, e), i + 1
            continue
        p = pending(state)
        if p.is_chance:
            candidates: list[tuple[str, Any]] = [("chance", RecordDraw(cards=draw_cards(e)))]
        else:
            candidates = [(a, o) for a in p.actors for o in p.options(a)]
        best = None  # the input that reproduces the longest run of the log's next events
        target = e.to_json()
        for actor, command in candidates:
            try:
                if not p.is_chance and p.handle is not None:  # cheap first: the decision event itself
                    decided = p.handle(state, command)  # (pure: validates, applies nothing)
                    if decided and decided[0].to_json() != target:
                        continue
                events, after = execute_pure(state, command)
            except RuleViolation:
                continue
            if same(events, log[i : i + len(events)]) and (best is None or len(events) > best[2]):
                best = (actor, command, len(events), after)
        if best is None:
            raise ValueError(f"no legal input reproduces event {i + 1} ({e.type})")
        out.append(Span(best[0], best[1], i + 1, i + best[2], decision_key(state, p, best[0])))
        state, i = best[3], i + best[2]
    return out


def standing(spans: list[Span]) -> list[Span]:
    """The inputs (and rulings) not taken back, oldest first: an undo takes back the latest one, a
    correction every one from the corrected input on (its kept inputs follow it again)."""
    line: list[Span] = []
    for s in spans:
        if s.actor == "undo":
            line.pop()
        elif s.actor == "correction":
            line = [x for x in line if x.first < s.command.first]
        elif s.actor != "archive":
            line.append(s)
    return line


def taken_back(log: list[ev.Event]) -> dict[int, str]:
    """Event number -> why it no longer counts ("undone by event 40", "superseded by the correction at
    event 90"). Read from the markers alone: no replay."""
    out: dict[int, str] = {}
    for n, e in enumerate(log, 1):
        if isinstance(e, ev.InputUndone):
            for k in range(e.first, e.last + 1):
                out.setdefault(k, f"undone by event {n}")
        elif isinstance(e, ev.InputCorrected) and e.first:
            for k in range(e.first, n):
                out.setdefault(k, f"superseded by the correction at event {n}")
    return out


def state_before(log: list[ev.Event], number: int) -> GameState:
    """The state just before event ``number`` (1-based): the fold of the events before it."""
    state = None
    for e in log[: number - 1]:
        state = evolve(state, e)
    if state is None:
        raise ValueError("there is no state before the first event")
    return state
