"""The game record format: a versioned, line-oriented text record of a game's inputs.

A record holds header lines (format version, engine rule-set, catalog hash, variant, mode, seed,
origin, starting player, the players) and then ONE line per input: every decision and every chance
outcome, in order. Consequences are not written: :func:`rebuild` re-derives them through the rules,
so an import is checked exactly like live play. The format is documented in docs/record-format.md.

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
from .commands import RecordDraw, TableRuling, parse_command
from .engine import execute_pure, pending
from .errors import RuleViolation
from .evolve import evolve
from .game_info import RULESET_VERSION
from .state import GameState, clone

FORMAT = "dungeon-lords-record"
VERSION = 1
DRAW_FIELDS = ("cards", "tiles", "tile")


class RecordError(ValueError):
    """A malformed or illegal record: ``line`` is the 1-based line number, ``reason`` says why."""

    def __init__(self, line: int, reason: str):
        super().__init__(f"line {line}: {reason}")
        self.line, self.reason = line, reason


# --- export -------------------------------------------------------------------------------------
def _draw_cards(e: ev.Event) -> list[str]:
    if isinstance(e, ev.SpecialEventsDrawn):
        return [e.year1, e.year2]
    if isinstance(e, ev.EventTileRevealed):
        return [e.tile]
    if isinstance(e, ev.FaceDownCardSeen):
        return [e.card]
    for name in DRAW_FIELDS:
        if hasattr(e, name):
            return list(getattr(e, name))
    raise ValueError(f"{e.type} is not a chance event")


def _same(a: list[ev.Event], b: list[ev.Event]) -> bool:
    return [x.to_json() for x in a] == [y.to_json() for y in b]


def inputs_of(log: list[ev.Event]) -> list[tuple[str, Any]]:
    """Recover the inputs that produced ``log`` (a game that starts with GameStarted): for each input
    point, the legal option whose events are the log's next events. Returns (actor, command) pairs;
    the actor is "chance" for draws and "undo" for an undone input (command = the player)."""
    return [(actor, command) for actor, command, _, _ in spans_of(log)]


def spans_of(log: list[ev.Event]) -> list[tuple[str, Any, int, int]]:
    """Like :func:`inputs_of`, with each input's events as 1-based event numbers (first, last)."""
    if not log or not isinstance(log[0], (ev.GameStarted, ev.ScenarioLoaded)):
        raise ValueError("a game starts with GameStarted or ScenarioLoaded")
    state = evolve(None, log[0])
    i = 1
    out: list[tuple[str, Any, int, int]] = []
    from .engine import advance
    auto, state = advance(state)
    if not _same(auto, log[i:i + len(auto)]):
        raise ValueError("the log does not follow from its first event under the current rules")
    i += len(auto)
    while i < len(log):
        if isinstance(log[i], ev.InputUndone):
            out.append(("undo", log[i].player, i + 1, i + 1))
            state, i = evolve(state, log[i]), i + 1
            continue
        if isinstance(log[i], ev.InputCorrected):
            out.append(("correction", log[i], i + 1, i + 1))
            state, i = evolve(state, log[i]), i + 1
            continue
        if isinstance(log[i], ev.TableRulingApplied):
            ruling = TableRuling(reason=log[i].reason, changes=log[i].changes)
            events, state = execute_pure(state, ruling)
            out.append(("ruling", ruling, i + 1, i + len(events)))
            i += len(events)
            continue
        p = pending(state)
        if p.is_chance:
            candidates = [("chance", RecordDraw(cards=_draw_cards(log[i])))]
        else:
            candidates = [(a, o) for a in p.actors for o in p.options(a)]
        best = None                  # the input that reproduces the longest run of the log's next events
        for actor, command in candidates:
            try:
                events, after = execute_pure(state, command)
            except RuleViolation:
                continue
            if _same(events, log[i:i + len(events)]) and (best is None or len(events) > best[2]):
                best = (actor, command, len(events), after)
        if best is None:
            raise ValueError(f"no legal input reproduces event {i + 1} ({log[i].type})")
        out.append((best[0], best[1], i + 1, i + best[2]))
        state, i = best[3], i + best[2]
    return out


def export(log: list[ev.Event]) -> str:
    """The record of a game (its inputs); consequences are left out.

    A game that started from a scenario has the header lines ``scenario NAME``, ``description
    TEXT`` (both JSON strings) and ``state JSON`` (the whole starting state on one line) instead of
    the set-up lines.
    """
    start = log[0]
    lines = [f"{FORMAT} {VERSION}", f"engine {RULESET_VERSION}"]
    if isinstance(start, ev.ScenarioLoaded):
        lines += [f"scenario {json.dumps(start.name)}", f"description {json.dumps(start.description)}",
                  f"state {json.dumps(start.state, separators=(',', ':'))}"]
    else:
        lines += [f"catalog {start.catalog_hash}", f"variant {start.variant}", f"mode {start.mode}",
                  f"seed {start.seed if start.seed is not None else '-'}", f"origin {start.origin}",
                  f"starting {start.starting_player}"]
        for s in start.players:
            lines.append(f"player {s.color} {shlex.quote(s.name)}" + (f" bot={s.bot}" if s.bot else ""))
    for actor, command in inputs_of(log):
        if actor == "chance":
            lines.append(f"draw {','.join(command.cards)}")
        elif actor == "undo":
            lines.append(f"undo {command}")
        elif actor == "correction":
            lines.append(f"correct {command.event} {json.dumps(command.command)}")
        elif actor == "ruling":
            lines.append(f"ruling {json.dumps({'reason': command.reason, 'changes': command.changes})}")
        else:
            body = command.model_dump(mode="json", exclude={"type", "player"}, exclude_defaults=True)
            lines.append(f"{actor} {command.type} {json.dumps(body, separators=(', ', ': '))}")
    return "\n".join(lines) + "\n"


# --- import -------------------------------------------------------------------------------------
def _setup_start(header: dict[str, str], seats: list[ev.Seat], line: int) -> ev.GameStarted:
    missing = [k for k in ("catalog", "variant", "mode", "seed", "origin", "starting") if k not in header]
    if missing:
        raise RecordError(line, f"the header lacks {', '.join(missing)} (inputs come after the whole header)")
    try:
        return ev.GameStarted(players=seats, variant=header["variant"], mode=header["mode"],
                              seed=None if header["seed"] == "-" else int(header["seed"]),
                              starting_player=header["starting"], catalog_hash=header["catalog"],
                              origin=header["origin"])
    except (ValueError, TypeError) as exc:
        raise RecordError(1, f"bad header: {exc}") from None


def _scenario_start(header: dict[str, str], where: dict[str, int]) -> tuple[ev.ScenarioLoaded, GameState]:
    """The first event of a game that started from a scenario, and its state (checked: every
    component is somewhere, exactly once; see :mod:`domain.invariants`)."""
    if "state" not in header:
        raise RecordError(where["scenario"], "a scenario record needs a 'state' header line")
    line = where["state"]
    try:
        start = ev.ScenarioLoaded(name=json.loads(header["scenario"]), description=json.loads(
            header.get("description", '""')), state=json.loads(header["state"]))
        state = evolve(None, start)
    except json.JSONDecodeError as exc:
        raise RecordError(line, f"the scenario's name, description or state is not JSON: {exc.msg}") from None
    except (ValueError, TypeError, IndexError, KeyError) as exc:
        raise RecordError(line, f"the state is not a game state: {exc!r}") from None
    problems = invariants.problems(state)
    if problems:
        raise RecordError(line, f"impossible starting state: {problems[0]}")
    return start, state


def rebuild(text: str) -> tuple[list[ev.Event], GameState]:
    """Rebuild a game from its record through the rules.

    Raises:
        RecordError: the first malformed or illegal line, with its number and the reason (a refused
            input gives the rule violation's code, message and rule).
    """
    header: dict[str, str] = {}
    where: dict[str, int] = {}           # header key -> its line number
    seats: list[ev.Seat] = []
    lines = text.splitlines()
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
        if key in ("engine", "catalog", "variant", "mode", "seed", "origin", "starting", "scenario", "description",
                   "state"):
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
            seats.append(ev.Seat(color=parts[0], name=parts[1], bot=bot))
        else:
            body_start = n
            break
    if "scenario" in header:
        start, state = _scenario_start(header, where)
    else:
        start = _setup_start(header, seats, body_start or len(lines))
        state = evolve(None, start)
    from .engine import advance
    log, state = advance(state)
    log = [start, *log]
    for n in range(body_start or len(lines) + 1, len(lines) + 1):
        if lines[n - 1].strip().startswith("correct "):
            _, number, payload = lines[n - 1].strip().split(" ", 2)
            try:
                log.append(correction_event(log, int(number), parse_command(json.loads(payload))))
            except (RuleViolation, ValueError) as exc:
                raise RecordError(n, f"bad correction: {getattr(exc, 'message', exc)}") from None
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
    return log, state


REVEALS = (ev.OrdersRevealed, ev.CombatCardRevealed, ev.CombatCardSpied, ev.SpecialEventRevealed)


def undo_event(log: list[ev.Event], player: str) -> ev.InputUndone:
    """The event that takes back ``player``'s latest input still standing: undoing again takes back
    the input before that one, and so on, as long as each was that player's own and revealed nothing.

    Raises:
        RuleViolation: UNDO_NOTHING (no input left), UNDO_NOT_YOURS (another player's input came after),
            UNDO_CHANCE (the latest input left is a draw), UNDO_REVEALED (it revealed a card or the
            chance took a turn), UNDO_NOT_AN_INPUT (the latest entry is a correction or a table ruling).
    """
    from .describe import describe_command
    from .errors import refuse
    standing: list[tuple[str, Any, int, int]] = []       # inputs not taken back, oldest first
    for span in spans_of(log):
        if span[0] == "undo":
            standing.pop()
        else:
            standing.append(span)
    if not standing:
        raise refuse("UNDO_NOTHING", "no input is left to take back", "record.undo")
    actor, command, first, last = standing[-1]
    if actor in ("correction", "ruling"):
        raise refuse("UNDO_NOT_AN_INPUT", f"the latest entry is a {'table ruling' if actor == 'ruling' else actor}, "
                     "not a player's input: enter a correction instead", "record.undo")
    if actor == "chance":
        raise refuse("UNDO_CHANCE", f"the latest input was a draw ({', '.join(command.cards)}): a draw cannot be "
                     "taken back", "record.undo")
    if actor != player:
        raise refuse("UNDO_NOT_YOURS", f"{actor} gave an input after yours ({describe_command(command)}); "
                     "only the latest input can be undone, by its player", "record.undo")
    caused = log[first - 1:last]
    if any(e.kind == "chance" or isinstance(e, REVEALS) for e in caused):
        what = next(e for e in caused if e.kind == "chance" or isinstance(e, REVEALS))
        raise refuse("UNDO_REVEALED", f"that input revealed something ({what.type}): it cannot be taken back",
                     "record.undo")
    before = None
    for e in log[:first - 1]:
        before = evolve(before, e)
    from .state import to_dict
    return ev.InputUndone(player=player, first=first, last=last, description=describe_command(command),
                          state=to_dict(before))


def correction_event(log: list[ev.Event], number: int, command) -> ev.InputCorrected:
    """Replace the input that produced event ``number`` with ``command`` and re-run every later input
    under the rules (draws as they were recorded); later inputs that became illegal are dropped and
    listed in the event.

    Raises:
        RuleViolation: CORRECTION_NOT_AN_INPUT (event ``number`` is not a player's input),
            CORRECTION_ACROSS_UNDO (an undo or correction came after it), or the new input's own
            rule violation (it must be legal where the old one was).
    """
    from .describe import describe_command
    from .engine import advance
    from .errors import refuse
    from .state import to_dict
    spans = spans_of(log)
    target = next((k for k, (a, c, f, l) in enumerate(spans) if f <= number <= l), None)
    if target is None or spans[target][0] in ("chance", "undo", "ruling", "correction"):
        raise refuse("CORRECTION_NOT_AN_INPUT", f"event {number} is not part of a player's input",
                     "record.correction")
    if any(a in ("undo", "correction") for a, *_ in spans[target + 1:]):
        raise refuse("CORRECTION_ACROSS_UNDO", "an undo or a correction came later; correct after it",
                     "record.correction")
    state = evolve(None, log[0])
    _, state = advance(state)
    for actor, cmd, first, last in spans[:target]:
        for e in log[first - 1:last]:
            state = evolve(state, e)
    _, state = execute_pure(state, command)             # the new input must be legal (raises if not)
    dropped: list[str] = []
    for actor, cmd, first, last in spans[target + 1:]:
        try:
            _, state = execute_pure(state, cmd)
        except RuleViolation as exc:
            label = "draw " + ",".join(cmd.cards) if actor == "chance" else f"{actor}: {describe_command(cmd)}"
            dropped.append(f"event {first} ({label}): {exc.code} {exc.message}")
    old = spans[target]
    return ev.InputCorrected(event=number, was=f"{old[0]}: {describe_command(old[1])}",
                             now=describe_command(command), command=command.model_dump(mode="json"),
                             dropped=dropped, state=to_dict(state))


def fork(log: list[ev.Event], at: int) -> list[ev.Event]:
    """The first ``at`` events of a game, as the start of a new game (a disputed line replayed
    differently). ``at`` must fall on an input point: a fork cannot start in the middle of what one
    input caused.

    Raises:
        ValueError: ``at`` is outside the log or not at an input point.
    """
    if not 1 <= at <= len(log):
        raise ValueError(f"fork at 1..{len(log)}, not {at}")
    state = None
    for e in log[:at]:
        state = evolve(state, e)
    from .flow import is_pending, step
    if not is_pending(step(clone(state))):
        raise ValueError(f"event {at} is in the middle of an input's consequences; fork at an input point")
    return list(log[:at])


def diff(a: list[ev.Event], b: list[ev.Event]) -> int:
    """How many events two logs share before they part (a fork and its original share the fork point)."""
    shared = 0
    for x, y in zip(a, b):
        if x.to_json() != y.to_json():
            break
        shared += 1
    return shared
