"""Refusal codes as enums: the kernel's (:class:`KernelRefusal`) and one per game, each member with a
plain summary and the rule id it usually rests on.

A code is the stable part of a refusal: clients match on its name (``exc.code == "DIG_WOULD_FILL_2X2"``).
The message of a refusal gives the particulars (squares, numbers); the summary says what the code means
in general, for the list generated into ``docs/refusals.md`` (:func:`refusals_markdown`).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum


class RefusalCode(Enum):
    """Base of the refusal enums: ``NAME = ("summary", "rule.id")``; ``code`` is the name."""

    def __init__(self, summary: str, rule_id: str) -> None:
        self.summary = summary
        self.rule_id = rule_id
        #: the stable code clients match on: the member's name (a plain attribute: refusals are asked
        #: for often while options are worked out, and Enum's ``name`` is a slow descriptor)
        self.code: str = self._name_

    def __str__(self) -> str:
        return self.code


class KernelRefusal(RefusalCode):
    """Refusals of the kernel: about taking input at all, the same in every game."""

    UNEXPECTED_COMMAND = ("the game waits for another kind of input (see `options`)", "flow.turn")
    NOT_YOUR_TURN = ("the game waits for another player", "flow.not_your_turn")
    DRAW_IMPOSSIBLE = ("the recorded draw cannot come from the components that remain", "input.chance")
    COMMAND_MALFORMED = ("the input is not a command of this game (JSON and its fields)", "input.schema")
    UNDO_NOTHING = ("there is no input left to take back", "record.undo")
    UNDO_NOT_AN_INPUT = ("the latest event is not an input that can be taken back", "record.undo")
    UNDO_CHANCE = ("a draw of a digital game cannot be taken back (it would be a re-roll)", "record.undo")
    UNDO_NOT_YOURS = ("the latest input is another player's", "record.undo")
    UNDO_REVEALED = ("the input revealed something; correct it instead", "record.undo")
    CORRECTION_NOT_AN_INPUT = ("the event named is not an input (consequences follow from inputs)", "record.correction")
    CORRECTION_TAKEN_BACK = ("the input named was already taken back or superseded", "record.correction")
    CORRECTION_DIGITAL_DRAW = (
        "a draw of a digital game cannot be corrected (it would be a re-roll)",
        "record.correction",
    )
    CORRECTION_WRONG_KIND = ("the correction answers another decision than the input it replaces", "record.correction")
    RECORD_INVALID = ("a line of the record is malformed or refused (nothing is stored)", "record.format")
    EVENT_UNKNOWN = ("no event of the game has that number", "record.event_number")
    SEAT_UNKNOWN = ("no seat of this game has that name", "input.seat")
    REQUEST_INVALID = ("a field of the request is missing or does not fit (the message names it)", "input.schema")


def refusals_markdown(title: str, enums: Iterable[type[RefusalCode]], cite: dict[str, str]) -> str:
    """A Markdown section listing every code of ``enums``: code, what it means, the rule (``cite``:
    rule id -> citation)."""
    lines = [f"## {title}", "", "| code | meaning | rule |", "|---|---|---|"]
    for enum in enums:
        for member in enum:
            rule = cite.get(member.rule_id, member.rule_id).replace("|", "/")
            lines.append(f"| `{member.code}` | {member.summary} | {rule} |")
    return "\n".join(lines) + "\n"
