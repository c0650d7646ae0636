"""The inputs behind a log: which decision or draw produced which events (its *span*).

A log holds inputs and their consequences; a record (export) keeps only the inputs and re-derives the
rest. :func:`inputs_of` recovers the inputs of any game whose consequences follow from its inputs:
at each input point it tries the legal options (or, at a chance node, the draw the event names) and
keeps the one whose events are the log's next events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .engine import Engine
from .errors import RuleViolation
from .pending import CHANCE


@dataclass(frozen=True, slots=True)
class Input:
    """One input of a log: ``actor`` (a seat, or ``"chance"`` for a draw), the ``command`` that gave
    it, and the 1-based numbers of the first and last event it caused."""

    actor: str
    command: Any
    first: int
    last: int


def _same(a: Sequence[Any], b: Sequence[Any]) -> bool:
    return len(a) == len(b) and all(x.to_json() == y.to_json() for x, y in zip(a, b, strict=True))


def inputs_of(engine: Engine, log: Sequence[Any], chance_cards: Callable[[Any], list[str]]) -> list[Input]:
    """Every input of ``log`` in order (``log[0]`` is the game's opening event).

    Args:
        engine: the game's engine (its rules decide what each input caused).
        chance_cards: a chance event -> the components it says came up.

    Raises:
        ValueError: the log does not follow from its first event, or no legal input reproduces an
            event (the message names it).
    """
    state = engine.replay(log[:1])
    auto, state = engine.advance(state)
    i = 1 + len(auto)
    if not _same(auto, log[1:i]):
        raise ValueError("the log does not follow from its first event under the current rules")
    out: list[Input] = []
    while i < len(log):
        p = engine.pending(state)
        if p.is_chance:
            candidates = [(CHANCE, engine.rules.draw_command(chance_cards(log[i])))]
        else:
            candidates = [(a, o) for a in p.actors for o in p.options(a)]
        best: tuple[str, Any, int, Any] | None = None
        for actor, command in candidates:
            try:
                events, after = engine.execute_pure(state, command)
            except RuleViolation:
                continue
            if _same(events, log[i : i + len(events)]) and (best is None or len(events) > best[2]):
                best = (actor, command, len(events), after)
        if best is None:
            raise ValueError(f"no legal input reproduces event {i + 1} ({log[i].type})")
        out.append(Input(best[0], best[1], i + 1, i + best[2]))
        state, i = best[3], i + best[2]
    return out
