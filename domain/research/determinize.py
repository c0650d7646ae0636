"""Determinization: a game that seat ``seat`` cannot tell from the one being played (for search over what it
cannot see, OpenSpiel's ``resample_from_infostate``).

The game is replayed from its opening, one input at a time (a decision, or a whole draw), beside the game
actually played. At each input the seat's view after it is the target:

- the seat's own decisions are kept;
- a draw is drawn anew (``pick`` chooses each component from the chance outcomes) and an other seat's
  decision is chosen anew among its legal options (uniformly, by ``rng``), up to :data:`TRIES` times, until
  the seat's view after it equals the target; if none does, the input actually played is kept (when it is
  legal in the replayed game and gives the target view). A kind of input (the decision's kind; what is
  drawn, and whose draw it is) none of whose redraws ever gave the target view is taken as one the seat
  sees, and kept as played from then on (a public draw, a decision in the open);
- when an input can be neither redrawn nor kept (a later view shows what an earlier redraw contradicts: a
  secret choice revealed, a face-down card turned up), the replay goes back to the input last drawn anew,
  and keeps it as played.

So after every input the seat's view of the resampled game equals its view of the game played: its
information state is the same, and what it cannot see was redealt (another seat's hand, the deck's order,
another seat's secret choice). After :data:`BUDGET` inputs per input of the game (backtracking included),
or when nothing is left to go back to, the game actually played is returned (a copy), and
:data:`FALLBACKS` counts it: a search then sees the true state. Dungeon Lords shows little that stays hidden
(orders are revealed each round, the combat cards as they are played): there, most resamples end near the
game played.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .table import Table

#: redraws tried per input before the input played is kept
TRIES = 2
#: inputs replayed (backtracking included) per input of the game, before the game played itself is returned
BUDGET = 8
#: how many resamples fell back to the game played (in this process)
FALLBACKS = {"count": 0}

Pick = Callable[[list[tuple[int, float]]], int]


@dataclass(frozen=True)
class _Input:
    mover: int  # a seat index, -1 for a draw
    actions: list[int]
    target: str  # the seat's view after it, as text
    partial: bool  # a draw still under way (the last input)


def _inputs(table: Table, seat: int) -> list[_Input]:
    """The moves of ``table`` grouped by input (one decision, or the components of one draw), with the view
    seat ``seat`` had after each."""
    replay = Table.start(table.game, table.how)
    out: list[_Input] = []
    group: list[int] = []
    for move in table.moves:
        group.append(move.action)
        replay.apply(move.action)
        if not (move.seat == -1 and replay.drawn):
            out.append(_Input(move.seat, group, replay.view_text(seat), False))
            group = []
    if group:
        out.append(_Input(-1, group, replay.view_text(seat), True))
    return out


def _play(table: Table, group: list[int]) -> Table | None:
    """A copy of ``table`` with ``group`` applied, or None if an action is not legal there."""
    out = table.clone()
    for action in group:
        if action not in out.legal():
            return None
        out.apply(action)
    return out


def _redraw(table: Table, pick: Pick) -> Table:
    """A copy of ``table`` with one whole draw drawn by ``pick``."""
    out = table.clone()
    while True:
        out.apply(pick(out.chance_outcomes()))
        if not out.drawn or not out.is_chance:
            return out


def _replay(table: Table, seat: int, inputs: list[_Input], pick: Pick, rng: random.Random) -> Table | None:
    """The replay with redraws, backtracking to the last input drawn anew (then kept as played) when an input
    cannot follow; None when none is left to take back, or after :data:`BUDGET` inputs per input played."""
    new = Table.start(table.game, table.how)
    keep: set[int] = set()
    taken: list[tuple[int, Table]] = []  # (input drawn anew, the game before it): where to come back to
    seen: set[tuple[object, ...]] = set()  # kinds of input whose redraws the seat always told apart
    n, budget = 0, BUDGET * max(1, len(inputs))
    while n < len(inputs):
        budget -= 1
        if budget < 0:
            return None
        step = inputs[n]
        found: Table | None = None
        kind = _kind(new, step)
        if step.mover != seat and not step.partial and n not in keep and kind not in seen:
            options = sorted(new.legal())
            for _ in range(TRIES):
                if step.mover == -1:
                    candidate: Table | None = _redraw(new, pick)
                else:
                    candidate = _play(new, [rng.choice(options)])
                if candidate is not None and candidate.view_text(seat) == step.target:
                    found = candidate
                    break
        if found is None and n not in keep:
            seen.add(kind)
        if found is not None:
            if [m.action for m in found.moves[len(new.moves) :]] != step.actions:
                taken.append((n, new))  # ``new`` is not moved again: ``found`` is a copy
            new, n = found, n + 1
            continue
        if _keep(new, step, seat):
            n += 1
            continue
        if not taken:
            return None
        n, new = taken.pop()
        keep.add(n)
    return new


def _kind(new: Table, step: _Input) -> tuple[object, ...]:
    """What kind of input ``step`` is: the decision's kind, or what is drawn and whose draw it is."""
    p = new.pending
    return (step.mover, p.kind, p.chance.what if p.chance else "", p.chance.color if p.chance else "")


def _keep(new: Table, step: _Input, seat: int) -> bool:
    """Play ``step`` as it was played, on ``new`` itself; False if it cannot be (``new`` is then spoilt)."""
    for action in step.actions:
        if action not in new.legal():
            return False
        new.apply(action)
    return new.view_text(seat) == step.target


def resample(table: Table, seat: int, pick: Pick, rng: random.Random) -> Table:
    """A game seat ``seat`` cannot tell from ``table`` (its view equal after every input), what it cannot see
    drawn anew: ``pick`` chooses a drawn component from ``[(action id, probability), ...]``, ``rng`` an other
    seat's decision (see the module's docstring). Falls back to a copy of ``table`` (counted in
    :data:`FALLBACKS`)."""
    found = _replay(table, seat, _inputs(table, seat), pick, rng)
    if found is not None:
        return found
    FALLBACKS["count"] += 1
    return table.clone()
