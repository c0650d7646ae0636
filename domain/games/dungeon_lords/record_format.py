"""The game record format: a versioned, line-oriented text record of a game's inputs.

A record holds header lines (format version, engine rule-set, catalog hash, the table's catalog
overrides if any, variant, mode, seed, origin, starting player, the players) and then ONE line per
input: every decision and every chance outcome, in order. Consequences are not written: :func:`rebuild`
re-derives them through the rules, so an import is checked exactly like live play. The format is
documented in docs/record-format.md.

    dungeon-lords-record 1
    engine base-2009/1
    catalog a6ce4d509e02...
    variant first_game
    mode digital
    seed 7
    origin recorded
    starting red
    player red "Ann"
    player blue "Bob" bot=random
    draw combat_cards word_of_peace,detect_treasure,invisibility,graffiti
    red choose_orders {"orders": ["mine_gold", "dig_tunnels", "build_room"]}
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from . import events as ev
from . import invariants
from .chain import final_hash
from .commands import RecordDraw, parse_command
from .corrections import correct, fork, undo_event  # noqa: F401  (the record's undo/correct lines; fork re-exported)
from .engine import execute_pure, pending
from .errors import RuleViolation
from .evolve import evolve
from .game_info import RULESET_VERSION
from .history import spans_of, state_before, taken_back
from .state import GameState

FORMAT = "dungeon-lords-record"
VERSION = 1
DRAW_FIELDS = ("cards", "tiles", "tile")


class RecordError(ValueError):
    """A malformed or illegal record: ``line`` is the 1-based line number, ``reason`` says why."""

    def __init__(self, line: int, reason: str):
        super().__init__(f"line {line}: {reason}")
        self.line, self.reason = line, reason


# --- export -------------------------------------------------------------------------------------
def inputs_of(log: list[ev.Event]) -> list[tuple[str, Any]]:
    """The inputs that produced ``log`` as (actor, command) pairs, markers included (see
    :func:`domain.games.dungeon_lords.history.spans_of`)."""
    return [(s.actor, s.command) for s in spans_of(log)]


def export(log: list[ev.Event]) -> str:
    """The record of a game (its inputs); consequences are left out.

    A game that started from a scenario has the header lines ``scenario NAME``, ``description
    TEXT`` (both JSON strings) and ``state JSON`` (the whole starting state on one line) instead of
    the set-up lines.
    """
    start = log[0]
    assert isinstance(start, (ev.GameStarted, ev.ScenarioLoaded)), "a log begins with its first event"
    final = state_before(log, len(log) + 1)
    over = not pending(final).actors  # a digital game's seed predicts its draws: withheld until the end
    lines = [f"{FORMAT} {VERSION}", f"engine {RULESET_VERSION}"]
    if isinstance(start, ev.ScenarioLoaded):
        lines += [
            f"scenario {json.dumps(start.name)}",
            f"description {json.dumps(start.description)}",
            f"state {json.dumps(start.state, separators=(',', ':'))}",
        ]
    else:
        lines += [
            f"catalog {start.catalog_hash}",
            *(
                [f"overrides {json.dumps(start.catalog_overrides, separators=(',', ':'))}"]
                if start.catalog_overrides
                else []
            ),
            f"variant {start.variant}",
            f"mode {start.mode}",
            f"seed {start.seed if start.seed is not None and over else '-'}",
            f"origin {start.origin}",
            f"starting {start.starting_player}",
        ]
        for s in start.players:
            lines.append(f"player {s.color} {shlex.quote(s.name)}" + (f" bot={s.bot}" if s.bot else ""))
    gone = taken_back(log)
    skip = 0  # the new input and the kept inputs that follow a correction line
    for span in spans_of(log):
        actor, command = span.actor, span.command
        if skip:
            skip -= 1
            continue
        if span.first in gone and actor != "correction":
            lines.append(f"# {gone[span.first]}")
        if actor == "chance":
            lines.append(f"draw {','.join(command.cards)}")
        elif actor == "undo":
            lines.append(f"undo {command}")
        elif actor == "correction":
            lines.append(f"correct {command.event} {json.dumps(command.command)}")
            skip = 1 + command.reapplied if command.follows else 0
        elif actor == "ruling":
            lines.append(f"ruling {json.dumps({'reason': command.reason, 'changes': command.plain_changes()})}")
        elif actor == "archive":
            lines.append(f"archive {json.dumps({'reason': command.reason})}")
        else:
            body = command.model_dump(mode="json", exclude={"type", "player"}, exclude_defaults=True)
            lines.append(f"{actor} {command.type} {json.dumps(body, separators=(', ', ': '))}")
    lines.append(f"hash {final_hash((e.type, e.model_dump(mode='json')) for e in log)}")
    return "\n".join(lines) + "\n"


# --- import -------------------------------------------------------------------------------------
def _setup_start(
    header: dict[str, str], where: dict[str, int], seats: list[tuple[int, ev.Seat]], line: int
) -> ev.GameStarted:
    """The first event of a game recorded from set-up, every header field checked (the line named)."""
    from .bots import BOTS
    from .game_info import COLORS, MAX_PLAYERS, MIN_PLAYERS, MODES, VARIANTS
    from .strategies import STRATEGIES

    missing = [k for k in ("engine", "catalog", "variant", "mode", "seed", "origin", "starting") if k not in header]
    if missing:
        raise RecordError(line, f"the header lacks {', '.join(missing)} (inputs come after the whole header)")

    def check(key: str, ok: bool, why: str) -> None:
        if not ok:
            raise RecordError(where[key], f"{key} {header[key]!r}: {why}")

    check("engine", header["engine"] == RULESET_VERSION, f"this engine reads records of {RULESET_VERSION}")
    check(
        "catalog",
        len(header["catalog"]) == 64 and all(c in "0123456789abcdef" for c in header["catalog"]),
        "a catalog hash is 64 hexadecimal digits",
    )
    check("variant", header["variant"] in VARIANTS, f"use one of {', '.join(VARIANTS)}")
    check("mode", header["mode"] in MODES, f"use one of {', '.join(MODES)}")
    check("origin", header["origin"] in ev.ORIGINS, f"use one of {', '.join(ev.ORIGINS)}")
    check(
        "seed",
        header["seed"] == "-" or (header["seed"].isdigit() and int(header["seed"]) < ev.SEED_LIMIT),
        "a seed is a whole number from 0 to 2^63 - 1, or -",
    )
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise RecordError(line, f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} player lines, not {len(seats)}")
    for k, (n, seat) in enumerate(seats):
        if seat.color != COLORS[k]:
            raise RecordError(
                n,
                f"player {k + 1} plays {COLORS[k]} (seats are {', '.join(COLORS[: len(seats)])}, "
                f"clockwise), not {seat.color!r}",
            )
        if not seat.name.strip():
            raise RecordError(n, "a player needs a name")
        if seat.bot is not None and seat.bot not in {**BOTS, **STRATEGIES}:
            raise RecordError(n, f"unknown bot {seat.bot!r}: use one of {', '.join({**BOTS, **STRATEGIES})}")
    check(
        "starting",
        header["starting"] in COLORS[: len(seats)],
        f"the starting player is one of the seats ({', '.join(COLORS[: len(seats)])})",
    )
    try:
        return ev.GameStarted(
            players=[seat for _, seat in seats],
            variant=header["variant"],
            mode=header["mode"],
            seed=None if header["seed"] == "-" else int(header["seed"]),
            starting_player=header["starting"],
            catalog_hash=header["catalog"],
            origin=header["origin"],
            catalog_overrides=_overrides(header, where),
        )
    except (ValueError, TypeError) as exc:
        raise RecordError(line, f"bad header: {exc}") from None


def _overrides(header: dict[str, str], where: dict[str, int]) -> dict[str, Any] | None:
    """The ``overrides`` header line: the table's catalog overrides, one JSON object (optional)."""
    if "overrides" not in header:
        return None
    try:
        value = json.loads(header["overrides"])
    except json.JSONDecodeError as exc:
        raise RecordError(where["overrides"], f"overrides: not JSON: {exc.msg}") from None
    if not isinstance(value, dict) or not value:
        raise RecordError(where["overrides"], "overrides: one JSON object in the catalog's schema")
    return value


def _scenario_start(header: dict[str, str], where: dict[str, int]) -> tuple[ev.ScenarioLoaded, GameState]:
    """The first event of a game that started from a scenario, and its state (checked: every
    component is somewhere, exactly once; see :mod:`domain.games.dungeon_lords.invariants`)."""
    if "state" not in header:
        raise RecordError(where["scenario"], "a scenario record needs a 'state' header line")
    line = where["state"]
    try:
        start = ev.ScenarioLoaded(
            name=json.loads(header["scenario"]),
            description=json.loads(header.get("description", '""')),
            state=json.loads(header["state"]),
        )
        state = evolve(None, start)
    except json.JSONDecodeError as exc:
        raise RecordError(line, f"the scenario's name, description or state is not JSON: {exc.msg}") from None
    except (ValueError, TypeError, IndexError, KeyError) as exc:
        raise RecordError(line, f"the state is not a game state: {exc!r}") from None
    problems = invariants.problems(state)
    if problems:
        raise RecordError(line, f"impossible starting state: {problems[0]}")
    return start, state


def rebuild(text: str, allow_unfinished: bool = True) -> tuple[list[ev.Event], GameState]:
    """Rebuild a game from its record through the rules. ``allow_unfinished=False``: a record that ends
    before the game is over is refused (it may have been cut short).

    Raises:
        RecordError: the first malformed or illegal line, with its number and the reason (a refused
            input gives the rule violation's code, message and rule).
    """
    header: dict[str, str] = {}
    where: dict[str, int] = {}  # header key -> its line number
    seats: list[tuple[int, ev.Seat]] = []  # (line number, seat)
    lines = text.removeprefix("\ufeff").splitlines()  # a byte-order mark, as some editors write
    body_start = None
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, rest = line.partition(" ")
        if n == 1 or not header:
            if key != FORMAT or rest.strip() != str(VERSION):
                raise RecordError(n, f"a record starts with '{FORMAT} {VERSION}'")
            header["format"] = rest
            continue
        if key in (
            "engine",
            "catalog",
            "overrides",
            "variant",
            "mode",
            "seed",
            "origin",
            "starting",
            "scenario",
            "description",
            "state",
        ):
            header[key] = rest.strip()
            where[key] = n
        elif key == "player":
            try:
                parts = shlex.split(rest)
            except ValueError as exc:
                raise RecordError(n, f"bad player line: {exc}") from None
            if len(parts) < 2:
                raise RecordError(n, "a player line is: player COLOUR NAME [bot=BOT]")
            bot = next((p[4:] for p in parts[2:] if p.startswith("bot=")), None)
            seats.append((n, ev.Seat(color=parts[0], name=parts[1], bot=bot)))
        else:
            body_start = n
            break
    start: ev.GameStarted | ev.ScenarioLoaded
    if "scenario" in header:
        start, state = _scenario_start(header, where)
    else:
        setup = _setup_start(header, where, seats, body_start or len(lines))
        if setup.mode == "digital" and setup.seed is None:  # withheld while the game was in progress:
            import random  # it goes on with draws nobody can predict

            setup = setup.model_copy(update={"seed": random.SystemRandom().randrange(2**63)})
        start = setup
        state = evolve(None, start)
    from .engine import advance

    log, state = advance(state)
    log = [start, *log]
    expected_hash, hash_line = "", 0
    for n in range(body_start or len(lines) + 1, len(lines) + 1):
        if lines[n - 1].strip().startswith("correct "):
            _, number, payload = lines[n - 1].strip().split(" ", 2)
            try:
                fixed = correct(log, int(number), parse_command(json.loads(payload)), roll=False).events
            except (RuleViolation, ValueError) as exc:
                raise RecordError(n, f"bad correction: {getattr(exc, 'message', exc)}") from None
            for e in fixed:
                log.append(e)
                state = evolve(state, e)
            continue
        if lines[n - 1].strip().startswith("hash "):
            expected_hash = (expected_hash or lines[n - 1].split()[1:2] or [""])[0]
            hash_line = n
            continue
        if lines[n - 1].strip().startswith("archive "):
            try:
                log.append(ev.GameArchived(**json.loads(lines[n - 1].strip()[len("archive ") :])))
            except (ValueError, TypeError) as exc:
                raise RecordError(n, f"bad archive line: {exc}") from None
            state = evolve(state, log[-1])
            continue
        if lines[n - 1].strip().startswith("undo "):
            try:
                log.append(undo_event(log, lines[n - 1].split()[1]))
            except RuleViolation as exc:
                raise RecordError(n, f"refused {exc.code}: {exc.message} [{exc.rule}]") from None
            state = evolve(state, log[-1])
            continue
        line = lines[n - 1].strip()
        if not line or line.startswith("#"):
            continue
        who, _, rest = line.partition(" ")
        try:
            command: Any
            if who == "draw":
                command = RecordDraw(cards=[c for c in rest.strip().split(",") if c])
            elif who == "ruling":
                command = parse_command({"type": "table_ruling", **json.loads(rest)})
            else:
                kind, _, payload = rest.partition(" ")
                data = json.loads(payload) if payload.strip() else {}
                if not isinstance(data, dict):
                    raise RecordError(n, "the command's fields must be a JSON object")
                command = parse_command({"type": kind, "player": who, **data})
            events, state = execute_pure(state, command)
        except json.JSONDecodeError as exc:
            raise RecordError(n, f"not JSON: {exc.msg}") from None
        except RuleViolation as exc:
            raise RecordError(n, f"refused {exc.code}: {exc.message} [{exc.rule}]") from None
        log += events
    if expected_hash and final_hash((e.type, e.model_dump(mode="json")) for e in log) != expected_hash:
        raise RecordError(
            hash_line,
            "the record does not match its hash: a line was changed after it was "
            "exported (or the record comes from another engine version)",
        )
    if not allow_unfinished:
        from .engine import pending

        waiting = pending(state)
        if waiting.actors:
            raise RecordError(
                len(lines),
                f"the record ends before the game is over (the game waits for: "
                f"{waiting.prompt}); if that is meant, import it with --allow-unfinished",
            )
    return log, state
