"""Fixing the record honestly: undo, correction and fork. Nothing is deleted: each is an event (or,
for a fork, a new game) and the events it takes back stay in the log, marked (see
:func:`domain.games.dungeon_lords.history.taken_back`).

    undo_event(log, player)             -> InputUndone         the latest input still standing
    correct(log, number, command)       -> Correction          a plan: the events to append, what is
                                                                kept, what is superseded (dry run = do
                                                                not store it)
    fork(log, at)                       -> [Event, ...]        the start of a new game
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import events as ev
from .commands import RecordDraw
from .describe import describe_command
from .engine import execute_pure, pending, resolve_chance
from .errors import RuleViolation, refuse
from .history import Span, decision_key, describe_key, spans_of, standing, state_before, taken_back
from .state import clone, to_dict

REVEALS = (ev.OrdersRevealed, ev.CombatCardRevealed, ev.CombatCardSpied, ev.SpecialEventRevealed)


def label(span: Span) -> str:
    """An input in words, with its event number: "event 67: red: dig a tunnel on [1, 2]"."""
    if span.actor == "chance":
        what = "draw " + ",".join(span.command.cards)
    elif span.actor == "ruling":
        what = f"table ruling: {span.command.reason}"
    else:
        what = f"{span.actor}: {describe_command(span.command)}"
    return f"event {span.first}: {what}"


# --- undo ---------------------------------------------------------------------------------------
def undo_event(log: list[ev.Event], player: str | None = None) -> ev.InputUndone:
    """The event that takes back the latest input still standing. Undoing again takes back the input
    before that one, and so on. ``player`` is whose input it must be (None: whoever gave it, as the
    recorder at the table; ``"chance"`` for a draw).

    In a tabletop game a draw is the recorder's input and can be taken back; in a digital game the
    engine drew it, and taking it back would be a re-roll.

    Raises:
        RuleViolation: UNDO_NOTHING (no input left), UNDO_NOT_YOURS (another player's input came
            after), UNDO_CHANCE (a digital game's draw), UNDO_REVEALED (the input revealed a card),
            UNDO_NOT_AN_INPUT (the latest entry is a table ruling).
    """
    line = standing(spans_of(log))
    if not line:
        raise refuse("UNDO_NOTHING", "no input is left to take back", "record.undo")
    last = line[-1]
    if last.actor == "ruling":
        raise refuse(
            "UNDO_NOT_AN_INPUT",
            "the latest entry is a table ruling, not an input: enter a correcting ruling instead",
            "record.undo",
        )
    mode = state_before(log, 2).mode
    if last.actor == "chance" and mode != "tabletop":
        raise refuse(
            "UNDO_CHANCE",
            f"the latest input was the engine's draw ({', '.join(last.command.cards)}): "
            "in a digital game a draw cannot be taken back (it would be a re-roll)",
            "record.undo",
        )
    if player is not None and player != last.actor:
        raise refuse(
            "UNDO_NOT_YOURS",
            f"the latest input is {label(last)}; only the latest input can be undone, by its player",
            "record.undo",
        )
    caused = log[last.first - 1 : last.last]
    if last.actor != "chance":
        what = next((e for e in caused if e.kind == "chance" or isinstance(e, REVEALS)), None)
        if what is not None:
            raise refuse(
                "UNDO_REVEALED",
                f"that input revealed something ({what.type}): it cannot be taken back; correct it instead",
                "record.undo",
            )
    description = ("draw " + ",".join(last.command.cards)) if last.actor == "chance" else describe_command(last.command)
    return ev.InputUndone(
        player=last.actor,
        first=last.first,
        last=last.last,
        description=description,
        state=to_dict(state_before(log, last.first)),
    )


# --- correction ---------------------------------------------------------------------------------
@dataclass
class Correction:
    """What a correction does, before it is stored: ``events`` (the InputCorrected marker, the new
    input's events, the re-applied inputs' events) and, for people, ``kept``/``superseded``."""

    marker: ev.InputCorrected
    events: list[ev.Event] = field(default_factory=list)

    @property
    def kept(self) -> list[str]:
        return self.marker.kept

    @property
    def superseded(self) -> list[str]:
        return self.marker.superseded

    @property
    def divergence(self) -> str:
        return self.marker.divergence


def correct(log: list[ev.Event], number: int, command: Any, roll: bool = True) -> Correction:
    """Replace the input that produced event ``number`` with ``command`` and re-apply every later input
    that still stands, in order, each only to the same decision it originally answered (who was asked
    what, where: :func:`~domain.games.dungeon_lords.history.decision_key`). The re-derivation stops at the first input
    whose decision no longer arises or that the rules now refuse; that input and every one after it
    are superseded, and the game waits there. A draw can be corrected in a tabletop game (it is
    checked against the components that remain, like any draw). ``roll``: in a digital game, let the
    engine draw where the line stopped (a record's import does not: its draw lines follow).

    Raises:
        RuleViolation: CORRECTION_NOT_AN_INPUT (event ``number`` belongs to no input or to a ruling),
            CORRECTION_TAKEN_BACK (it was already undone or superseded), CORRECTION_DIGITAL_DRAW (a
            digital game's draw), CORRECTION_WRONG_KIND (a draw for a decision or the reverse), or the
            new input's own rule violation (it must be legal where the old one was).
    """
    rule = "record.correction"
    if not 1 <= number <= len(log):
        raise refuse("CORRECTION_NOT_AN_INPUT", f"the game has events 1..{len(log)}, not {number}", rule)
    gone = taken_back(log)
    if number in gone:
        raise refuse(
            "CORRECTION_TAKEN_BACK",
            f"event {number} no longer counts ({gone[number]}): correct the input that stands in its place",
            rule,
        )
    line = standing(spans_of(log))
    index = next((k for k, s in enumerate(line) if s.first <= number <= s.last), None)
    if index is None or line[index].actor == "ruling":
        raise refuse(
            "CORRECTION_NOT_AN_INPUT", f"event {number} is not part of a player's input or a draw (see `log`)", rule
        )
    target = line[index]
    start = state_before(log, target.first)
    if target.actor == "chance" and start.mode != "tabletop":
        raise refuse(
            "CORRECTION_DIGITAL_DRAW", "in a digital game the engine drew this; correcting it would be a re-roll", rule
        )
    if (target.actor == "chance") != isinstance(command, RecordDraw):
        raise refuse(
            "CORRECTION_WRONG_KIND",
            f"event {number} was {'a draw' if target.actor == 'chance' else 'a decision'}"
            f": correct it with {'a draw' if target.actor == 'chance' else 'a decision'}",
            rule,
        )
    work = clone(start)
    work.version = len(log) + 1  # as it will be once the marker is folded (the RNG reads it)
    events, work = execute_pure(work, command)  # the new input must be legal (raises if not)
    kept: list[str] = []
    superseded: list[str] = []
    divergence = ""
    for span in line[index + 1 :]:
        if divergence:
            superseded.append(label(span))
            continue
        try:
            if span.actor == "ruling":
                more, work = execute_pure(work, span.command)
            else:
                p = pending(work)
                actor = "chance" if p.is_chance else span.actor
                now = decision_key(work, p, actor)
                if now != span.key:
                    raise _Diverged(
                        f"{label(span)} answered {describe_key(span.key)}; the game now asks "
                        f"{describe_key(decision_key(work, p, p.actors[0] if p.actors else ''))}"
                    )
                more, work = execute_pure(work, span.command)
        except RuleViolation as exc:
            divergence = f"{label(span)}: refused {exc.code}: {exc.message}"
        except _Diverged as exc:
            divergence = str(exc)
        else:
            kept.append(label(span))
            events += more
            continue
        superseded.append(label(span))
    rolled, work = resolve_chance(work) if roll else ([], work)  # digital: the engine draws where it stopped
    old = line[index]
    was = label(old).split(": ", 1)[1]
    marker = ev.InputCorrected(
        event=number,
        first=target.first,
        was=was,
        now=("draw " + ",".join(command.cards)) if isinstance(command, RecordDraw) else describe_command(command),
        command=command.model_dump(mode="json"),
        kept=kept,
        superseded=superseded,
        divergence=divergence,
        reapplied=len(kept),
        state=to_dict(start),
    )
    return Correction(marker, [marker, *events, *rolled])


class _Diverged(Exception):
    """A later input's decision no longer arises at its place in the corrected line."""


# --- fork ---------------------------------------------------------------------------------------
def input_points(log: list[ev.Event]) -> list[int]:
    """The event numbers after which the game waited for an input (where a fork may start)."""
    spans = spans_of(log)
    points = {s.first - 1 for s in spans} | {len(log)}
    return sorted(points)


def fork(log: list[ev.Event], at: int, source: str = "") -> list[ev.Event]:
    """The first ``at`` events of a game as the start of a new game (a disputed line replayed
    differently). The new game's first event says ``origin "forked"`` and ``forked_from`` =
    ``"SOURCE@AT"``; seats, bots, seed and catalog are kept.

    Raises:
        ValueError: ``at`` is outside the log, or inside the consequences of one input (the message
            names the nearest input points before and after it).
    """
    if not 1 <= at <= len(log):
        raise ValueError(f"fork at 1..{len(log)}, not {at}")
    points = input_points(log)
    if at not in points:
        before = max((k for k in points if k < at), default=None)
        after = min((k for k in points if k > at), default=None)
        near = " or ".join(str(k) for k in (before, after) if k is not None)
        raise ValueError(f"event {at} is in the middle of what one input caused; fork at {near} (an input point)")
    first = log[0].model_copy(update={"origin": "forked", "forked_from": f"{source}@{at}" if source else f"@{at}"})
    return [first, *log[1:at]]


def effective(log: list[ev.Event]) -> list[ev.Event]:
    """The events that still count: without the undone and superseded ones and the markers (the
    corrected line as if it had been played so)."""
    gone = taken_back(log)
    return [
        e
        for n, e in enumerate(log, 1)
        if n not in gone and not isinstance(e, (ev.InputUndone, ev.InputCorrected, ev.GameArchived))
    ]
