"""Text a person typed, made safe to show: control characters (escape codes, line breaks) are refused in
what is stored from now on and shown escaped wherever text from a log is printed, so a record cannot
drive a terminal (``"\\x1b[2J"`` would clear it) or forge a line of ``log``."""

from __future__ import annotations

import re

#: C0 controls (tab and line feed included), DEL, C1 controls, and the Unicode line and paragraph
#: separators: none belongs in a one-line reason or name.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def control_characters(text: str) -> list[str]:
    """The control characters of ``text`` as they are written escaped (``["\\\\x1b", "\\\\n"]``), in order."""
    return [_escape(m) for m in CONTROL.finditer(text)]


def printable(text: str) -> str:
    """``text`` with each control character written as its Python escape (ESC as ``\\x1b``, a line break as
    ``\\n``); other text unchanged. Idempotent on text without control characters."""
    return CONTROL.sub(_escape, text) if CONTROL.search(text) else text


def _escape(match: re.Match[str]) -> str:
    return repr(match.group())[1:-1]
