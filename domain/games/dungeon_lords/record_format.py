"""The game record format: a versioned, line-oriented text record of a game's inputs.

A record holds header lines (format version, engine rule-set, catalog hash, the table's catalog
overrides if any, variant, rules modules if any, mode, seed, origin, starting player, the players) and then ONE line per
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

from domain.kernel.record import RecordError, apply_line, body_lines, parse_record, refuse_unfinished

from . import events as ev
from . import invariants
from .chain import final_hash
from .commands import parse_command
from .corrections import correct, fork, undo_event  # noqa: F401  (re-exported, as before)
from .engine import pending
from .game_info import RULESET_VERSION
from .history import HISTORY, spans_of, state_before
from .phases.settle import evolve_stored as evolve
from .phases.settle import settle
from .state import GameState

FORMAT = "dungeon-lords-record"
VERSION = 1
DRAW_FIELDS = ("cards", "tiles", "tile")


HEADER_KEYS = (
    "engine",
    "catalog",
    "overrides",
    "variant",
    "modules",
    "mode",
    "seed",
    "origin",
    "starting",
    "player",
    "scenario",
    "description",
    "state",
)


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
            *([f"modules {' '.join(start.modules)}"] if start.modules else []),
            f"mode {start.mode}",
            f"seed {start.seed if start.seed is not None and over else '-'}",
            f"origin {start.origin}",
            f"starting {start.starting_player}",
        ]
        for s in start.players:
            lines.append(f"player {s.color} {shlex.quote(s.name)}" + (f" bot={s.bot}" if s.bot else ""))
    lines += body_lines(HISTORY, log, marker_line=_marker_line)
    lines.append(f"hash {final_hash((e.type, e.payload()) for e in log)}")
    return "\n".join(lines) + "\n"


def _marker_line(span: Any) -> str:
    """A table ruling's or an archiving's record line."""
    if span.actor == "ruling":
        return f"ruling {json.dumps({'reason': span.command.reason, 'changes': span.command.plain_changes()})}"
    return f"archive {json.dumps({'reason': span.command.reason})}"


def _marker(word: str, data: dict[str, Any]) -> tuple[str, Any]:
    """A ``ruling`` line is a command the rules apply; an ``archive`` line an event folded as it is."""
    if word == "ruling":
        return "command", parse_command({"type": "table_ruling", **data})
    return "event", ev.GameArchived(**data)


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
            modules=_modules(header, where),
        )
    except (ValueError, TypeError) as exc:
        raise RecordError(line, f"bad header: {exc}") from None


def _modules(header: dict[str, str], where: dict[str, int]) -> list[str]:
    """The ``modules`` header line: the rules modules played, separated by spaces (optional: none)."""
    from .ruleset import canonical, modules_problem

    if "modules" not in header:
        return []
    modules = canonical(header["modules"].split())
    problem = modules_problem(modules)
    if problem:
        raise RecordError(where["modules"], f"modules: {problem}")
    return modules


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
    rec = parse_record(text, FORMAT, (VERSION,), header_keys=HEADER_KEYS, json_markers=("ruling", "archive"))
    header = {key: found[0][1] for key, found in rec.header.items() if key != "player"}
    where = {key: found[0][0] for key, found in rec.header.items() if key != "player"}
    seats: list[tuple[int, ev.Seat]] = []  # (line number, seat)
    for n, rest in rec.header.get("player", []):
        try:
            parts = shlex.split(rest)
        except ValueError as exc:
            raise RecordError(n, f"bad player line: {exc}") from None
        if len(parts) < 2:
            raise RecordError(n, "a player line is: player COLOUR NAME [bot=BOT]")
        bot = next((p[4:] for p in parts[2:] if p.startswith("bot=")), None)
        seats.append((n, ev.Seat(color=parts[0], name=parts[1], bot=bot)))
    lines = text.splitlines()
    body_start = rec.inputs[0].line if rec.inputs else None
    start: ev.GameStarted | ev.ScenarioLoaded
    if "scenario" in header:
        start, state = _scenario_start(header, where)
    else:
        setup = _setup_start(header, where, seats, body_start or len(lines))
        if setup.mode == "digital" and setup.seed is None:  # withheld while the game was in progress:
            import random  # it goes on with draws nobody can predict

            setup = setup.replace(seed=random.SystemRandom().randrange(2**63))
        start = settle(None, setup)  # the table laid out, as a new game's (phases/settle.py)
        state = evolve(None, start)
    from .engine import advance

    log, state = advance(state)
    log = [start, *log]
    for line in rec.inputs:
        state = apply_line(HISTORY, log, state, line, parse_command, markers=_marker)
    if rec.hash and final_hash((e.type, e.payload()) for e in log) != rec.hash:
        raise RecordError(
            next(n for n, raw in enumerate(lines, 1) if raw.strip().startswith("hash ")),
            "the record does not match its hash: a line was changed after it was "
            "exported (or the record comes from another engine version)",
        )
    if not allow_unfinished:
        from .engine import pending

        refuse_unfinished(pending(state), text)
    return log, state
