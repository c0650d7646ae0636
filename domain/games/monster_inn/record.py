"""Monster Inn's record: the kernel's record format (:mod:`domain.kernel.record`) with this game's header.

monster-inn-record 1
game monster_inn
engine monster-inn-2022/1
catalog 1f0c...                    the card list's content hash
overrides {"monsters": ...}        only when the table changed the card list
rules {"exchange": "to_supply", ...}
variant standard
mode digital
seed 7                             "-" while a digital game is in progress (it predicts the draws)
origin recorded
starting p2
player p1 "Ann" bot=random
draw h6-10,m2,m9,m15
p2 remain {"treasure": "gem"}
hash 5e3a...
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from domain.kernel.chain import HashChain
from domain.kernel.record import RecordError, apply_line, body_lines, parse_record

from . import events as ev
from .catalog import UnknownCatalog, catalog_for, catalog_with, override_problem
from .commands import parse_command
from .game import ENGINE, INFO, RULESET_VERSION
from .history import HISTORY
from .options import DEFAULT_RULES, rules_problem
from .state import GameState

FORMAT = INFO.record_format
HEADER_KEYS = (
    "game",
    "engine",
    "catalog",
    "overrides",
    "rules",
    "variant",
    "mode",
    "seed",
    "origin",
    "starting",
    "player",
    "scenario",
    "description",
    "state",
)
CHAIN = HashChain(
    first_events=("GameStarted", "ScenarioLoaded"), state_carriers=("ScenarioLoaded", "InputUndone", "InputCorrected")
)


def _archive_line(span: Any) -> str:
    return f"archive {json.dumps({'reason': span.command.reason})}"


def _archive(word: str, data: dict[str, Any]) -> tuple[str, Any]:
    return "event", ev.GameArchived(**data)


def log_hash(log: list[ev.Event]) -> str:
    """The hash chain's head of ``log``: identifies the whole game."""
    return CHAIN.final_hash((e.type, e.payload()) for e in log)


def export(log: list[ev.Event]) -> str:
    """The record of a game: its header and one line per input; consequences are left out."""
    start = log[0]
    final = ENGINE.replay(log)
    lines = [f"{FORMAT} 1", f"game {INFO.name}", f"engine {RULESET_VERSION}"]
    if isinstance(start, ev.ScenarioLoaded):  # the position, whole (its seed withheld while in progress)
        position = start.state if final.phase == "over" else {**start.state, "seed": None}
        lines += [
            f"scenario {json.dumps(start.name)}",
            f"description {json.dumps(start.description)}",
            f"state {json.dumps(position, separators=(',', ':'))}",
            *body_lines(HISTORY, log, marker_line=_archive_line),
            f"hash {log_hash(log)}",
        ]
        return "\n".join(lines) + "\n"
    assert isinstance(start, ev.GameStarted), "a Monster Inn log begins with GameStarted or ScenarioLoaded"
    over = final.phase == "over"
    lines.append(f"catalog {start.catalog_hash}")
    if start.catalog_overrides:
        lines.append(f"overrides {json.dumps(start.catalog_overrides, separators=(',', ':'))}")
    lines += [
        f"rules {json.dumps(start.rules, sort_keys=True)}",
        f"variant {start.variant}",
        f"mode {start.mode}",
        f"seed {start.seed if start.seed is not None and (over or start.mode == 'tabletop') else '-'}",
        f"origin {start.origin}",
        f"starting {start.starting_player}",
    ]
    for s in start.players:
        lines.append(f"player {s.seat} {shlex.quote(s.name)}" + (f" bot={s.bot}" if s.bot else ""))
    lines += body_lines(HISTORY, log, marker_line=_archive_line)
    lines.append(f"hash {log_hash(log)}")
    return "\n".join(lines) + "\n"


def _json_line(rec: Any, key: str, default: str) -> tuple[int, Any]:
    n, text = rec.one(key, default)
    try:
        return n, json.loads(text)
    except json.JSONDecodeError:
        raise RecordError(n, f"{key}: not JSON") from None


def _start(rec: Any) -> ev.GameStarted:
    n, game = rec.one("game", INFO.name)
    if game != INFO.name:
        raise RecordError(n, f"this is a record of {game!r}, not {INFO.name}")
    seats: list[ev.Seat] = []
    for n, text in rec.header.get("player", []):
        try:
            seat, name, *more = shlex.split(text)
        except ValueError:
            raise RecordError(n, "player <seat> <name> [bot=<bot>]") from None
        bot = more[0].removeprefix("bot=") if more else None
        seats.append(ev.Seat(seat=seat, name=name, bot=bot))
    _, overrides = _json_line(rec, "overrides", "null")
    n_rules, rules = _json_line(rec, "rules", "{}")
    if not isinstance(rules, dict) or rules_problem(rules):
        raise RecordError(
            n_rules, (rules_problem(rules) if isinstance(rules, dict) else None) or "rules: a JSON object"
        )
    rules = {**DEFAULT_RULES, **rules}  # a rule the record leaves out is played by default, as in a new game
    n_cat, claimed = rec.one("catalog")
    try:
        cat = catalog_for(claimed, overrides)  # the kept version it was played with
    except UnknownCatalog:
        here = catalog_with(overrides).content_hash
        raise RecordError(n_cat, f"the game was played with card list {claimed[:12]}; here it is {here[:12]}") from None
    except ValueError as exc:
        raise RecordError(n_cat, override_problem(exc)) from None
    n_seed, seed = rec.one("seed", "-")
    if seed != "-" and not seed.isdigit():
        raise RecordError(n_seed, "seed: a whole number or -")
    try:
        return ev.GameStarted(
            players=seats,
            variant=rec.one("variant")[1],
            mode=rec.one("mode")[1],
            seed=None if seed == "-" else int(seed),
            starting_player=rec.one("starting")[1],
            catalog_hash=cat.content_hash,
            catalog_overrides=overrides,
            rules=rules,
            origin=rec.one("origin", "imported")[1],
        )
    except ValueError as exc:
        raise RecordError(1, f"the header does not describe a game: {str(exc).splitlines()[0]}") from None


def _scenario_start(rec: Any) -> ev.ScenarioLoaded:
    """The first event of a game that started from a position (checked as `new --scenario` checks it)."""
    from domain.kernel import RuleViolation

    from .scenario import load_scenario

    n, state_text = rec.one("state")
    try:
        data = {
            "name": json.loads(rec.one("scenario")[1]),
            "description": json.loads(rec.one("description", '""')[1]),
            "state": json.loads(state_text),
        }
        return load_scenario(data)[0]
    except json.JSONDecodeError as exc:
        raise RecordError(n, f"the scenario's name, description or state is not JSON: {exc.msg}") from None
    except RuleViolation as exc:
        raise RecordError(n, exc.message) from None


def rebuild(text: str) -> tuple[list[ev.Event], GameState]:
    """A record re-derived through the rules: (events, state). Every input is checked as in live play.

    Raises:
        RecordError: the line that is malformed or refused, and why (a refusal's code and rule)."""
    rec = parse_record(text, FORMAT, header_keys=HEADER_KEYS, json_markers=("archive",))
    start: ev.GameStarted | ev.ScenarioLoaded
    if "scenario" in rec.header:
        start = _scenario_start(rec)
    else:
        start = _start(rec)
        if not 3 <= len(start.players) <= 5 or start.starting_player not in [s.seat for s in start.players]:
            raise RecordError(1, "a game of 3 to 5 players whose starting player is one of them")
    state = ENGINE.replay([start])
    log, state = ENGINE.advance(state)
    log = [start, *log]
    for line in rec.inputs:
        state = apply_line(HISTORY, log, state, line, parse_command, markers=_archive)
    if rec.hash and rec.hash != log_hash(log):
        raise RecordError(
            len(text.splitlines()),
            "the record does not match its hash: a line was changed after it was exported "
            "(or the record comes from another engine version)",
        )
    return log, state
