"""Positions and their one-field mutations, for the position fuzz (tests/service/test_positions_fuzz.py and
benchmarks/fuzz_positions.py): real ``status --json`` states of both games at several phases, and the
scenario files, each mutated in one place (a wrong type, out of range, NaN, a huge int, a removed or
extra key, a duplicated colour, a list made longer or shorter, an unknown id...).

``outcome(game, data)`` says what became of one: ``"refused"`` (SCENARIO_INVALID), ``"played"`` (loaded and
played to the end by random bots), or ``"crash: ..."`` / ``"stuck: ..."`` (the failures the fuzz looks for).
"""

from __future__ import annotations

import copy
import json
import math
import random
from functools import cache
from pathlib import Path
from typing import Any

from domain.games import GAMES
from domain.kernel import RuleViolation, play_until_blocked

ROOT = Path(__file__).resolve().parents[1]
SCENARIO_FILES = {
    "dungeon_lords": sorted(
        [*(ROOT / "domain/games/dungeon_lords/scenarios").glob("*.json"), *(ROOT / "tests/scenarios").glob("*.json")]
    ),
    "monster_inn": sorted((ROOT / "domain/games/monster_inn/scenarios").glob("*.json")),
}
#: (game, players, options, seed) of the games whose states are dumped
GAMES_PLAYED = [
    ("dungeon_lords", 2, {"variant": "first_game"}, 3),
    ("dungeon_lords", 3, {"variant": "full"}, 5),
    ("dungeon_lords", 4, {"variant": "full", "mode": "tabletop"}, 7),
    ("dungeon_lords", 3, {"variant": "full", "modules": ["five_seasons", "pets"]}, 11),
    ("monster_inn", 3, {}, 3),
    ("monster_inn", 5, {"variant": "open_treasure"}, 4),
]


def play_out(game: str, state: Any, seed: int = 0, max_commands: int = 20_000) -> tuple[list, Any, Any]:
    """Random bots at every seat, and random draws at a chance node (tabletop), until the game ends, no
    legal option is left, or ``max_commands`` inputs were given. Returns (events, final state, the pending
    input left: no actors at the end)."""
    engine = GAMES[game].engine
    rng = random.Random(seed)
    log: list = []
    state = engine.rules.clone(state)
    for _ in range(max_commands):
        waiting = engine.pending(state)
        if not waiting.actors:
            break
        if waiting.is_chance:
            pool = list(waiting.chance.pool)
            if len(pool) < waiting.chance.count:
                break
            command = engine.rules.draw_command(rng.sample(pool, waiting.chance.count))
        else:
            options = waiting.options(waiting.actors[0])
            if not options:
                break
            command = rng.choice(options)
        more, state = engine.execute(state, command, inplace=True)
        log += more
    return log, state, engine.pending(state)


@cache
def _played(game: str, players: int, options: str, seed: int) -> tuple[list, Any]:
    package = GAMES[game]
    opts = json.loads(options)
    if opts.get("mode") == "tabletop":
        opts_digital = {**opts, "mode": "digital"}  # bots play it digitally; the dumps say tabletop
    else:
        opts_digital = opts
    events, state = package.new_game([f"P{k + 1}" for k in range(players)], seed=seed, **opts_digital)
    states = [state]

    def keep(s, command, new_events) -> None:
        states.append(package.rules.clone(s))

    bots = dict.fromkeys(package.seats(state), package.bots["random"])
    play_until_blocked(package.engine, state, bots, seed=seed, max_commands=50_000, on_step=keep)
    return states, opts


@cache
def positions() -> tuple[tuple[str, str, str], ...]:
    """(game, label, JSON text) of the valid positions the mutations start from: about eight points of
    each game played (different phases), and every scenario file."""
    out = []
    for game, players, options, seed in GAMES_PLAYED:
        package = GAMES[game]
        states, opts = _played(game, players, json.dumps(options, sort_keys=True), seed)
        picked = states[:: max(1, len(states) // 8)][:8] + [states[-1]]
        for k, st in enumerate(picked):
            dumped = json.loads(json.dumps(package.view(st, None)))
            if game == "dungeon_lords" and opts.get("mode") == "tabletop":
                dumped["mode"] = "tabletop"
            if "seed" in dumped and dumped["seed"] == "hidden":
                dumped["seed"] = seed
            label = f"{game} {players}p {options} #{k} {dumped.get('phase')}"
            out.append((game, label, json.dumps(dumped)))
    for game, files in SCENARIO_FILES.items():
        out += [(game, f.name, f.read_text()) for f in files]
    return tuple(out)


def paths(data: Any, here: tuple = ()) -> list[tuple]:
    """Every path into ``data`` (keys and indexes), containers included."""
    out = [here] if here else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*here, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths(v, (*here, i))
    return out


def _get(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


#: what a value is replaced by
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    -5,
    1,
    2,
    3,
    9,
    100,
    2**31,
    2**63,
    2**70,
    -(2**70),
    2.5,
    1.0,
    math.nan,
    math.inf,
    -math.inf,
    "",
    "abc",
    "3",
    "monsoon",
    "red",
    "purple",
    "hidden",
    "0" * 64,
    [],
    {},
    ["abc"],
    {"abc": 1},
]
OPS = ("replace", "replace", "replace", "remove", "extra_key", "duplicate", "drop_item", "swap_same_kind", "unknown_id")


def mutate(data: Any, rng: random.Random) -> tuple[Any, str]:
    """A copy of ``data`` changed in one place, and a note of what was done."""
    data = copy.deepcopy(data)
    every = paths(data)
    path = rng.choice(every)
    parent, key = _get(data, path[:-1]), path[-1]
    op = rng.choice(OPS)
    where = ".".join(map(str, path))
    old = parent[key]
    if op == "remove":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
        return data, f"removed {where}"
    if op == "extra_key":
        target = old if isinstance(old, dict) else parent if isinstance(parent, dict) else data
        target["unexpected"] = rng.choice(ODD_VALUES)
        return data, f"extra key beside {where}"
    if op == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))
        return data, f"duplicated {where}"
    if op == "drop_item" and isinstance(old, list) and old:
        old.pop(rng.randrange(len(old)))
        return data, f"dropped an item of {where}"
    if op == "swap_same_kind":
        # a value of the same kind from elsewhere (a colour of another player, another component id)
        same = [p for p in every if type(_get(data, p)) is type(old) and p != path]
        if same and not isinstance(old, (dict, list)):
            parent[key] = copy.deepcopy(_get(data, rng.choice(same)))
            return data, f"{where} = a value from elsewhere ({parent[key]!r})"
    if op == "unknown_id" and isinstance(old, str):
        parent[key] = rng.choice([old + "_x", old.split("#")[0] + "#9", "zzz"])
        return data, f"{where} = {parent[key]!r}"
    value = rng.choice(ODD_VALUES)
    if isinstance(old, int) and not isinstance(old, bool) and rng.random() < 0.5:
        value = rng.choice([old + 1, old - 1, old * 3 + 7, -old - 1])
    parent[key] = copy.deepcopy(value)
    return data, f"{where} = {value!r}"


def outcome(game: str, data: Any, seed: int = 0) -> str:
    """``refused`` (SCENARIO_INVALID), ``played`` (loaded and played to the end by random bots), or what
    went wrong: ``crash: ...`` (any other exception, at load or in play) or ``stuck: ...``."""
    package = GAMES[game]
    try:
        _, state = package.from_scenario(data)
    except RuleViolation as exc:
        if exc.code == "SCENARIO_INVALID" and "\n" not in exc.message:
            return "refused"
        return f"crash: at load, {exc.code}: {exc.message}"
    except Exception as exc:  # noqa: BLE001  (what the fuzz looks for)
        return f"crash: at load, {type(exc).__name__}: {exc}"
    try:
        _, state, waiting = play_out(game, state, seed=seed)
    except Exception as exc:  # noqa: BLE001
        return f"crash: in play, {type(exc).__name__}: {exc}"
    if waiting.actors:
        return f"stuck: waiting for {waiting.actors} ({waiting.kind})"
    return "played"
