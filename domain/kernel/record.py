"""The generic part of the game record: a versioned, line-oriented text of a game's inputs.

    <format> <version>              the game's record format and its version, e.g. ``<game>-record 1``
    game <registry name>            which game the record is of
    <key> <value>                   the game's own header lines (set-up, seats, seed...)
    draw <id>,<id>,...              one line per draw, in order
    <seat> <command type> <JSON>    one line per decision (fields other than type and player)
    undo <seat or chance>           an undo (the latest input still standing, by its player)
    correct <event> <JSON command>  a correction of the input behind event N (the inputs it re-applies
                                    are not written again)
    # a comment                     ignored (an export marks what an undo or correction took back)
    hash <hex>                      optional last line: the hash chain's head of the exported log (64
                                    hexadecimal digits; an empty or malformed one is refused)

Consequences are not written: an import re-derives them through the rules, so it is checked exactly
like live play. A game builds its opening event from the header and says how a draw line becomes a
command (``draw_command``); everything else is here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from .errors import RuleViolation
from .history import History
from .pending import CHANCE

_HASH = re.compile(r"[0-9a-f]{64}")  # a sha256 in hex, as export writes it


class RecordError(ValueError):
    """A malformed or illegal record: ``line`` is the 1-based line number, ``reason`` says why."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line, self.reason = line, reason


def refuse_unfinished(waiting: Any, text: str) -> None:
    """Refuse a record that ends while the game still waits for an input (``waiting``: the kernel's
    :class:`~.pending.Pending` at its end): it may have been cut short.

    Raises:
        RecordError: on the record's last line, saying what the game waits for."""
    if waiting.actors:
        raise RecordError(
            len(text.splitlines()),
            f"the record ends before the game is over (the game waits for: {waiting.prompt}); "
            "if that is meant, import it with --allow-unfinished",
        )


@dataclass(frozen=True, slots=True)
class InputLine:
    """One body line: its number, ``actor`` (a seat, ``"chance"``, ``"undo"``, ``"correction"`` or a
    game's marker word), the command as a JSON-native dict (a draw: ``{"cards": [...]}``), and ``kind``:
    ``"input"``, ``"draw"``, ``"undo"``, ``"correction"`` or ``"marker"``."""

    line: int
    actor: str
    command: dict[str, Any]
    kind: str = "input"


@dataclass(slots=True)
class Record:
    """A parsed record: header values (key -> list of (line, value)), input lines, the final hash."""

    version: int
    header: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    inputs: list[InputLine] = field(default_factory=list)
    hash: str | None = None

    def one(self, key: str, default: str | None = None) -> tuple[int, str]:
        """The header line ``key`` as (line, value).

        Raises:
            RecordError: missing (and no default) or given twice."""
        found = self.header.get(key, [])
        if len(found) > 1:
            raise RecordError(found[1][0], f"header {key!r} given twice")
        if not found:
            if default is None:
                raise RecordError(1, f"the header has no {key!r} line")
            return 0, default
        return found[0]


def input_line(actor: str, command: Any) -> str:
    """The record line of one input: ``draw a,b`` or ``<seat> <type> <JSON fields>``."""
    if actor == CHANCE:
        return f"draw {','.join(command.cards)}"
    body = command.model_dump(mode="json", exclude={"type", "player"}, exclude_defaults=True)
    return f"{actor} {command.type} {json.dumps(body, separators=(', ', ': '))}"


def parse_record(
    text: str,
    format_name: str,
    versions: tuple[int, ...] = (1,),
    header_keys: Collection[str] | None = None,
    json_markers: Collection[str] = (),
) -> Record:
    """Split a record into header, input lines and hash (no rules are checked here).

    Args:
        header_keys: the header lines a game reads (None: any); another key before the first input is
            refused.
        json_markers: a game's own body lines ``<word> <JSON object>`` (e.g. ``ruling``,
            ``archive``), returned as input lines whose actor is the word.

    Raises:
        RecordError: the first line is not ``<format_name> <version>``, a line is malformed, the ``hash``
            line is not 64 hexadecimal digits (an empty one would otherwise pass unchecked), or a line
            follows the ``hash`` line.
    """
    lines = text.removeprefix("\ufeff").splitlines()  # a byte-order mark, as some editors write
    start = next((k for k, raw in enumerate(lines) if raw.strip() and not raw.strip().startswith("#")), 0)
    first = lines[start].split() if lines else []
    if len(first) != 2 or first[0] != format_name or not first[1].isdigit() or int(first[1]) not in versions:
        raise RecordError(start + 1, f"a record starts with '{format_name} {versions[-1]}'")
    parser = _Parser(Record(version=int(first[1])), header_keys, json_markers)
    for n, raw in enumerate(lines[start + 1 :], start + 2):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if parser.rec.hash is not None:
            raise RecordError(n, "nothing may follow the hash line")
        parser.add(n, line)
    return parser.rec


@dataclass(slots=True)
class _Parser:
    """The lines of a record after its first, one at a time (see :func:`parse_record`): ``in_body`` once
    the first input line is read."""

    rec: Record
    header_keys: Collection[str] | None
    json_markers: Collection[str]
    in_body: bool = False

    def add(self, n: int, line: str) -> None:
        """Read line ``n`` (stripped, not blank, not a comment). Raises RecordError as parse_record."""
        key, _, rest = line.partition(" ")
        rest = rest.strip()
        if key == "hash":
            if not _HASH.fullmatch(rest.lower()):
                raise RecordError(
                    n,
                    f"the hash line must be 'hash' and 64 hexadecimal digits, not {line[:80]!r} "
                    "(to import without checking the hash, give --no-hash-check)",
                )
            self.rec.hash = rest.lower()
        elif not self._marker(n, key, rest):
            self._header_or_input(n, key, rest, line)

    def _marker(self, n: int, key: str, rest: str) -> bool:
        """A line that begins with its word: ``draw``, ``undo`` and ``correct`` (in the body), a game's
        JSON marker. Whether the line was one."""
        inputs = self.rec.inputs
        if key == "draw":
            self.in_body = True
            inputs.append(InputLine(n, CHANCE, {"cards": [c.strip() for c in rest.split(",") if c.strip()]}, "draw"))
        elif key == "undo" and self.in_body:
            inputs.append(InputLine(n, "undo", {"player": rest}, "undo"))
        elif key == "correct" and self.in_body:
            number, _, body = rest.partition(" ")
            fields = _json_object(n, body, "the corrected command")
            if not number.isdigit():
                raise RecordError(n, "correct <event number> <the command as a JSON object>")
            inputs.append(InputLine(n, "correction", {"event": int(number), "command": fields}, "correction"))
        elif key in self.json_markers:
            self.in_body = True
            inputs.append(InputLine(n, key, _json_object(n, rest, f"the {key} line"), "marker"))
        else:
            return False
        return True

    def _header_or_input(self, n: int, key: str, rest: str, line: str) -> None:
        """A header line ``<key> <value>`` (before the first input) or a decision ``<seat> <type> <JSON>``."""
        keys = self.header_keys
        if not self.in_body and keys is not None and key in keys:
            self.rec.header.setdefault(key, []).append((n, rest))
        elif rest.partition(" ")[2].lstrip().startswith("{") or (self.in_body and " " in rest):
            self.in_body = True
            ctype, _, body = rest.partition(" ")
            fields = _json_object(n, body, "the command's fields")
            self.rec.inputs.append(InputLine(n, key, {**fields, "type": ctype, "player": key}))
        elif self.in_body and keys is not None and key in keys:
            first_input = self.rec.inputs[0].line if self.rec.inputs else n
            raise RecordError(
                first_input,
                f"an input before the end of the header (line {n} is {key!r}): inputs come after the whole header",
            )
        elif self.in_body:
            raise RecordError(n, f"expected an input line ('draw ...' or '<seat> <command> {{...}}'), not {line!r}")
        elif keys is not None and key not in keys:
            raise RecordError(n, f"unknown header line {key!r} (the header has: {', '.join(sorted(keys))})")
        else:
            self.rec.header.setdefault(key, []).append((n, rest))


def without_hash(text: str) -> str:
    """``text`` with its ``hash`` lines blanked (line numbers kept): a record imported without its hash
    checked (``import --no-hash-check``)."""
    lines = text.split("\n")
    return "\n".join("" if line.strip().partition(" ")[0] == "hash" else line for line in lines)


def _json_object(n: int, text: str, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as exc:
        raise RecordError(n, f"{what}: not JSON ({exc.msg})") from None
    if not isinstance(value, dict):
        raise RecordError(n, f"{what} must be a JSON object")
    return value


def body_lines(history: History, log: list[Any], marker_line: Callable[[Any], str] | None = None) -> list[str]:
    """The input lines of a log: every input still in it, undos and corrections as their own lines,
    and a comment before each input an undo or a correction took back. ``marker_line``: a span of a
    game's own marker (a ruling) -> its line."""
    gone = history.taken_back(log)
    lines: list[str] = []
    skip = 0  # the new input and the kept inputs that follow a correction line (it re-applies them)
    for span in history.spans_of(log):
        if skip:
            skip -= 1
            continue
        if span.first in gone and span.actor != "correction":
            lines.append(f"# {gone[span.first]}")
        if span.actor == "undo":
            lines.append(f"undo {span.command}")
        elif span.actor == "correction":
            lines.append(f"correct {span.command.event} {json.dumps(span.command.command)}")
            skip = 1 + span.command.reapplied if span.command.follows else 0
        elif not span.is_input and marker_line is not None:
            lines.append(marker_line(span))
        else:
            lines.append(input_line(span.actor, span.command))
    return lines


Marker = Callable[[str, dict[str, Any]], tuple[str, Any]]


def apply_line(
    history: History, log: list[Any], state: Any, line: InputLine, parse: Any, markers: Marker | None = None
) -> Any:
    """Apply one input line to a game being rebuilt (``log`` grows in place); returns the new state.
    ``parse``: the game's ``parse_command``; ``markers``: a game's own marker line ``(word, JSON)`` ->
    ``("command", command)`` (run through the engine) or ``("event", event)`` (folded as it is).

    Raises:
        RecordError: the line is refused (its code, message and rule), or is not what the game waits for.
    """
    engine = history.engine
    try:
        if line.kind == "undo":
            events = [history.undo_event(log, line.command["player"])]
        elif line.kind == "correction":
            events = history.correct(log, line.command["event"], parse(line.command["command"]), roll=False).events
        elif line.kind == "marker":
            if markers is None:
                raise RecordError(line.line, f"this game has no {line.actor!r} lines")
            kind, value = markers(line.actor, line.command)
            if kind == "event":
                events = [value]
            else:
                events, state = engine.execute_pure(state, value)
                log += events
                return state
        else:
            p = engine.pending(state)
            if p.is_chance != (line.actor == CHANCE):
                raise RecordError(line.line, f"the game waits for: {p.prompt}")
            command = engine.rules.draw_command(line.command["cards"]) if p.is_chance else parse(line.command)
            events, state = engine.execute_pure(state, command)
            log += events
            return state
    except RuleViolation as exc:
        raise RecordError(line.line, f"refused {exc.code}: {exc.message} [{exc.rule}]") from None
    except ValueError as exc:  # a marker line whose fields do not fit
        raise RecordError(line.line, f"bad {line.actor} line: {str(exc).splitlines()[0]}") from None
    for e in events:
        log.append(e)
        state = engine.rules.evolve(state, e)
    return state
