"""Text a person typed, made safe to show: control characters (escape codes, line breaks) are refused in
what is stored from now on and shown escaped wherever text from a log is printed, so a record cannot
drive a terminal (``"\\x1b[2J"`` would clear it) or forge a line of ``log``. Also: names listed in the
order a person reads them (:func:`natural_key`)."""

from __future__ import annotations

import re

#: C0 controls (tab and line feed included), DEL, C1 controls, and the Unicode line and paragraph
#: separators: none belongs in a one-line reason or name.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_NUMBERS = re.compile(r"(\d+)")


def control_characters(text: str) -> list[str]:
    """The control characters of ``text`` as they are written escaped (``["\\\\x1b", "\\\\n"]``), in order."""
    return [_escape(m) for m in CONTROL.finditer(text)]


def printable(text: str) -> str:
    """``text`` with each control character written as its Python escape (ESC as ``\\x1b``, a line break as
    ``\\n``); other text unchanged. Idempotent on text without control characters."""
    return CONTROL.sub(_escape, text) if CONTROL.search(text) else text


def _escape(match: re.Match[str]) -> str:
    return repr(match.group())[1:-1]


def natural_key(text: str) -> tuple[list[str | int], str]:
    """A sort key that orders the numbers inside names by value, as a table reads them: ``m2`` before
    ``m10``, ``h6-10`` before ``h11-15``, ``Warrior 3`` before ``Warrior 10``; letters without regard to
    case (the text itself breaks ties)."""
    # split() alternates text and digits (text first, possibly empty), so equal positions hold equal types
    parts: list[str | int] = [int(p) if i % 2 else p.casefold() for i, p in enumerate(_NUMBERS.split(text))]
    return parts, text
