"""Starting a Monster Inn game from a position: a whole state as ``status --json`` prints it (the
recorder's view, nothing hidden), or ``{"name", "description", "state"}`` around one. A disputed ruling
at a table can be set up this way and played on (``new --game monster-inn --scenario FILE``).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from domain.kernel import HIDDEN, RuleViolation
from domain.kernel.setup import MODES, NAME_LIMIT, SEED_LIMIT, field_path, odd_number_problem

from . import events as ev
from .catalog import TREASURES
from .invariants import problems
from .refusals import refuse
from .state import GameState, to_dict


def _bad(message: str) -> RuleViolation:
    return refuse("SCENARIO_INVALID", message, "setup.scenario")


def unplayable(problem: str) -> RuleViolation:
    """SCENARIO_INVALID for a position that loads but cannot be played on (``problem``: one line)."""
    return _bad(f"the position cannot be played on: {problem}")


def _hidden(data: Any) -> bool:
    if data == HIDDEN:
        return True
    if isinstance(data, dict):
        return any(_hidden(v) for v in data.values())
    if isinstance(data, list):
        return any(_hidden(v) for v in data)
    return False


#: far above anything a game reaches (pieces of treasure, rounds), far below what breaks arithmetic
MAX_COUNT = 1000
AWAITING = ("", "bonus", "support")
REMOVED = (None, "supported", "no_monster", "beaten")


def field_problems(state: GameState) -> list[str]:
    """What a position's fields must be beyond their types, each naming the field: what set-up checks
    (players, names, variant, mode, seed), the rule options, the card list named by its hash, counts within
    0..1000, seats once each and every seat named a seat of the game, treasure types, the sub-step."""
    from .catalog import UnknownCatalog, catalog_for, catalog_with
    from .game import SEATS

    out = _setup_problems(state)
    try:
        cat = catalog_for(state.catalog_hash, state.catalog_overrides)
    except UnknownCatalog:
        cat = catalog_with(state.catalog_overrides)
        out.append(f"catalog_hash: names no card list of this version (these overrides: {cat.content_hash[:12]}...)")
    except ValueError as exc:
        return [*out, f"catalog_overrides: {str(exc).splitlines()[0]}"]
    seats = [p.seat for p in state.players]
    if seats != list(SEATS[: len(seats)]):
        out.append(f"players: the seats are {', '.join(SEATS[: len(seats)])} in order, not {', '.join(seats)}")
    return out + _count_problems(state) + _round_problems(state, seats) + _card_problems(state, cat)


def _setup_problems(state: GameState) -> list[str]:
    """What set-up checks of a new game (players, variant, mode, seed, names) and the rule options."""
    from .game import INFO
    from .options import rules_problem

    out: list[str] = []
    if not INFO.min_players <= len(state.players) <= INFO.max_players:
        out.append(f"players: {INFO.title} is for {INFO.min_players} to {INFO.max_players}, not {len(state.players)}")
    if state.variant not in INFO.variants:
        out.append(f"variant: {state.variant!r} is not one of {', '.join(INFO.variants)}")
    if state.mode not in MODES:
        out.append(f"mode: {state.mode!r} is not one of {', '.join(MODES)}")
    if state.seed is not None and not 0 <= state.seed < SEED_LIMIT:
        out.append(f"seed: a whole number from 0 to 2^63 - 1, not {state.seed}")
    out += [
        f"players[{k}].name: a name of 1 to {NAME_LIMIT} characters"
        for k, p in enumerate(state.players)
        if not p.name.strip() or len(p.name) > NAME_LIMIT
    ]
    problem = rules_problem(state.rules)
    if problem:
        out.append(f"rules: {problem}")
    return out


def _count_problems(state: GameState) -> list[str]:
    """Counts within 0..1000 (treasures, the supply, the pool, the round), the supply's treasure types and
    the pool's."""
    counts = [(f"players[{k}].{t}", getattr(p, t)) for k, p in enumerate(state.players) for t in TREASURES]
    counts += [(f"supply.{t}", n) for t, n in state.supply.items()]
    counts += [("pool", state.pool), ("round", state.round), ("version", state.version)]
    out = [f"{where}: {n} is not a count of 0..{MAX_COUNT}" for where, n in counts if not 0 <= n <= MAX_COUNT]
    if state.round < 1:
        out.append("round: the rounds are counted from 1")
    if sorted(state.supply) != sorted(TREASURES):
        out.append(f"supply: one count for each of {', '.join(TREASURES)}")
    if state.pool_type not in (None, *TREASURES) or (state.pool and state.pool_type is None):
        out.append(f"pool_type: {state.pool_type!r} is not a treasure type ({', '.join(TREASURES)})")
    return out


def _round_problems(state: GameState, seats: list[str]) -> list[str]:
    """The round's seats (the starter, those still in, the taker: seats of the game, once each) and its
    sub-step."""
    out: list[str] = []
    for where, seat in [("starter", state.starter), *((f"in_round[{k}]", s) for k, s in enumerate(state.in_round))]:
        if seat not in seats:
            out.append(f"{where}: {seat!r} is not a seat of the game")
    if len(set(state.in_round)) != len(state.in_round):
        out.append("in_round: a seat is listed twice")
    if state.taker and state.taker not in seats:
        out.append(f"taker: {state.taker!r} is not a seat of the game")
    if state.awaiting not in AWAITING or (state.awaiting and not state.taker):
        out.append(f"awaiting: {state.awaiting!r} is not a step of the round (one of {AWAITING}, after a taker)")
    return out


def _card_problems(state: GameState, cat: Any) -> list[str]:
    """The players' cards: humanoids (back, front) and monsters of the card list, supports of a treasure
    type, and how a humanoid left (``removed``)."""
    out: list[str] = []
    monsters, humanoids = {c.id for c in cat.monsters}, {c.id: c.back for c in cat.humanoids}
    for k, p in enumerate(state.players):
        for j, h in enumerate(p.humanoids):
            if h.back not in humanoids.values() or (h.card is not None and h.card not in humanoids):
                out.append(f"players[{k}].humanoids[{j}]: no humanoid {h.card or ''} with the back {h.back!r}")
        for j, m in enumerate(p.monsters):
            if m.card not in monsters:
                out.append(f"players[{k}].monsters[{j}].card: {m.card!r} is not a monster of the card list")
            if m.support not in (None, *TREASURES):
                out.append(f"players[{k}].monsters[{j}].support: {m.support!r} is not a treasure type")
        out += [
            f"players[{k}].humanoids[{j}].removed: {h.removed!r} is not one of {REMOVED}"
            for j, h in enumerate(p.humanoids)
            if h.removed not in REMOVED
        ]
    return out


def load_scenario(data: dict[str, Any] | str) -> list[ev.ScenarioLoaded]:
    """Validate a position (a dict or its JSON text; a caller with a file reads it) and return its one event.

    Raises:
        RuleViolation: SCENARIO_INVALID with the first problem, naming the field (a field that does not
            fit its type, strictly: no 2.5, NaN, true or "3" for a count; a value out of bounds or naming
            no seat, treasure or rule option; a value a player's view hid; a component counted twice or
            missing; a humanoid front known before scoring).
    """
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise _bad(f"not JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise _bad("a scenario is a JSON object: a state, or {name, description, state}")
    name, description = str(data.get("name", "position")), str(data.get("description", ""))
    raw = data.get("state", data)
    if isinstance(raw, dict) and ("board" in raw or "starting_player" in raw):
        raise _bad("this is a Dungeon Lords position or scenario: load it with new --scenario FILE (no --game)")
    if _hidden(raw):
        raise _bad("the state hides some values (a player's view): load the recorder's `status --json`")
    problem = odd_number_problem(raw)
    if problem:
        raise _bad(problem)
    try:  # strict: no 2.5, true or "3" where a count is meant
        state = GameState.model_validate(raw, strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise _bad(f"{field_path(first['loc'])}: {' '.join(str(first['msg']).split())}") from None
    found = field_problems(state)
    if found:
        raise _bad(found[0])
    found = problems(state)
    if found:
        raise _bad(f"impossible position: {found[0]}")
    if state.phase in ("deal", "bid") and any(h.card for p in state.players for h in p.humanoids):
        raise _bad("a humanoid's front is known before scoring (it stays face down until step 2)")
    state.version = 0
    return [ev.ScenarioLoaded(name=name, description=description, state=to_dict(state))]
