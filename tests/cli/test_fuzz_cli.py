"""Fuzzing the command line (issue "Hold under bad input and faults"): `act --json` payloads, table
rulings, record files and scenario files, each run as a person runs the command. Every run ends with an
exit code of the documented table, never a traceback, and a refusal stores nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from clirun import runner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.main import app
from domain.service.application import GameService

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
CODES = {0, 2, 3, 4}
GOLDEN = (Path(__file__).parent.parent / "golden" / "seed4-3p.dlr").read_text()
SCENARIO = (
    Path(__file__).parent.parent.parent / "domain" / "games" / "dungeon_lords" / "scenarios" / "year2-winter-4p.json"
).read_text()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
fields = st.sampled_from(
    [
        "type",
        "player",
        "orders",
        "square",
        "action",
        "space",
        "monster",
        "room",
        "tile",
        "cards",
        "option",
        "target",
        "traps",
        "monsters",
        "reason",
        "changes",
        "nonplayer_order",
    ]
)
types = st.sampled_from(
    [
        "choose_orders",
        "dig_tunnel",
        "take_action",
        "hire_monster",
        "build_room",
        "decline",
        "produce",
        "pay_wage",
        "plan_battle",
        "attack",
        "table_ruling",
        "record_draw",
        "nonsense",
    ]
)
players = st.sampled_from(["red", "blue", "RED", "green", "purple", "", None])


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A store with a game in progress (digital and tabletop)."""
    store = str(tmp_path_factory.mktemp("fuzz") / "games.sqlite")
    app_ = GameService.open(store)
    games = [
        str(app_.create_game(["Ann", "Bob", "Cy"], seed=3)),
        str(app_.create_game(["Ann", "Bob"], mode="tabletop")),
    ]
    return store, games


def invoke(*args, stdin: str | None = None):
    result = runner.invoke(app, [str(a) for a in args], input=stdin)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def _events(store: str, game: str) -> int:
    return len(GameService.open(store).log(game))


def _check(result, store, game, before):
    assert result.exit_code in CODES, result.output
    if result.exit_code != 0:
        assert _events(store, game) == before  # a refusal stores nothing


@FUZZ
@given(body=st.dictionaries(fields, json_values, max_size=5), kind=types, player=players, which=st.integers(0, 1))
def test_act_json_payloads(table, body, kind, player, which):
    store, games = table
    game = games[which]
    before = _events(store, game)
    payload = {"type": kind, **({"player": player} if player is not None else {}), **body}
    _check(invoke("act", game, "--json", json.dumps(payload), "--store", store), store, game, before)


@FUZZ
@given(text=st.text(max_size=40))
def test_act_json_free_text(table, text):
    store, games = table
    before = _events(store, games[0])
    _check(invoke("act", games[0], "--json", text, "--store", store), store, games[0], before)


ruling_changes = st.dictionaries(
    st.sampled_from(["red", "blue", "green", "RED", "x"]),
    st.dictionaries(
        st.sampled_from(["gold", "food", "imps", "evil", "red_marks", "damage", "conquered", "restored", "wat"]),
        json_values,
        max_size=3,
    ),
    max_size=2,
)


@FUZZ
@given(changes=ruling_changes, reason=st.text(max_size=10))
def test_table_rulings(table, changes, reason):
    store, games = table
    before = _events(store, games[0])
    payload = {"type": "table_ruling", "reason": reason, "changes": changes}
    _check(invoke("act", games[0], "--json", json.dumps(payload), "--store", store), store, games[0], before)


def _mutate(lines: list[str], rng: random.Random) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(lines))
        op = rng.choice(["drop", "dup", "swap", "chars", "cut", "blank"])
        if op == "drop":
            del lines[k]
        elif op == "dup":
            lines.insert(k, lines[k])
        elif op == "swap" and k + 1 < len(lines):
            lines[k], lines[k + 1] = lines[k + 1], lines[k]
        elif op == "chars" and lines[k]:
            i = rng.randrange(len(lines[k]))
            lines[k] = lines[k][:i] + rng.choice(['"', "{", "}", "9", "-", "x", " ", "\x00", "é"]) + lines[k][i + 1 :]
        elif op == "cut":
            lines = lines[: k + 1]
        else:
            lines[k] = ""
    return lines


@FUZZ
@given(seed=st.integers(0, 2**32), unfinished=st.booleans())
def test_record_files(table, tmp_path_factory, seed, unfinished):
    store, _ = table
    record = tmp_path_factory.mktemp("rec") / "game.dlr"
    record.write_text("\n".join(_mutate(GOLDEN.splitlines(), random.Random(seed))) + "\n")
    count = len(GameService.open(store).games())
    args = ["import", record, "--store", store] + (["--allow-unfinished"] if unfinished else [])
    result = invoke(*args)
    assert result.exit_code in {0, 2}, result.output
    assert len(GameService.open(store).games()) == count + (result.exit_code == 0)


@FUZZ
@given(data=st.data())
def test_scenario_files(table, tmp_path_factory, data):
    store, _ = table
    scenario = json.loads(SCENARIO)
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(sorted(scenario)))
        scenario[key] = data.draw(json_values)
    path = tmp_path_factory.mktemp("sc") / "scenario.json"
    path.write_text(json.dumps(scenario) if data.draw(st.booleans()) else json.dumps(scenario)[:-3])
    count = len(GameService.open(store).games())
    result = invoke("new", "--scenario", path, "--store", store)
    assert result.exit_code in {0, 2}, result.output
    assert len(GameService.open(store).games()) == count + (result.exit_code == 0)


# --- mutated valid commands (issue "Hold under faults, part 2") ------------------------------------------
CONTROL = ["\x1b[2J", "\n", "\r", "\t", "\x00", "\x07", "\x9b", "\u2028"]
HUGE = [10**30, -(10**30), 2**63, -(2**63) - 1, 2**64]


def _mutations(body: dict, rng: random.Random) -> tuple[str, dict]:
    """One junk mutation of a valid command's JSON form: (what was done, the junk command). Every one is
    junk: a client meant something the command does not say, so the engine must refuse it."""
    fields = [k for k in body if k != "type"]
    ops = ["junk_field", "unknown_type", "control"] + (["bool", "float", "string_number", "huge", "wrong_type"] * 2)
    while True:
        op = rng.choice(ops)
        junk = json.loads(json.dumps(body))
        if op == "junk_field":
            name = rng.choice(["extra", "hidden", "seed", "debug", "playr", "__proto__"])
            junk[name] = rng.choice([1, "x", None, []])
            return op, junk
        if op == "unknown_type":
            junk["type"] = rng.choice(["", "nonsense", body["type"].upper(), body["type"] + " ", "DigTunnel", 7])
            return op, junk
        if op == "control":
            texts = [k for k in fields if isinstance(junk[k], str)]
            if body["type"] == "table_ruling":
                texts = ["reason"]
            if not texts:
                continue
            k = rng.choice(texts)
            i = rng.randint(0, len(junk[k]))
            junk[k] = junk[k][:i] + rng.choice(CONTROL) + junk[k][i:]
            return op, junk
        # the places holding a whole number: (container, key), in the command or in a ruling's changes
        holders = [junk, *(v for k, v in junk.items() if isinstance(v, list))]
        if body["type"] == "table_ruling":
            holders = list(junk["changes"].values())
        places = [
            (h, i)
            for h in holders
            for i in (range(len(h)) if isinstance(h, list) else [k for k in h if k != "type"])
            if type(h[i]) is int
        ]
        if op == "wrong_type":
            if not fields:
                continue
            k = rng.choice(fields)
            junk[k] = rng.choice([{"a": 1}, [[1]], 3.5, True]) if isinstance(body[k], str) else {"a": [1]}
            return op, junk
        if not places:
            continue
        holder, key = rng.choice(places)
        value = holder[key]
        holder[key] = {"bool": bool(value % 2), "float": float(value), "string_number": str(value)}.get(
            op, rng.choice(HUGE)
        )
        return op, junk


def _valid_bodies(application, gid: str, rng: random.Random) -> list[dict]:
    """Valid command bodies now: a few legal options, a draw when one is awaited, a table ruling."""
    p = application.pending(gid)
    out = []
    if p.is_chance and p.chance is not None:
        out.append({"type": "record_draw", "cards": rng.sample(list(p.chance.pool), p.chance.count)})
    for actor in p.actors:
        options = p.options(actor)
        out += [o.model_dump(mode="json") for o in rng.sample(options, min(3, len(options)))]
    if application.game_of(gid).info.name == "dungeon_lords" and p.actors:
        colour = application.state(gid).players[0].color
        out.append({"type": "table_ruling", "reason": "the table ruled", "changes": {colour: {"gold": 1}}})
    return out


def _step(application, gid: str, rng: random.Random) -> None:
    """Move a game on by one legal input (a recorded draw in a tabletop game)."""
    p = application.pending(gid)
    if p.is_chance and p.chance is not None:
        package = application.game_of(gid)
        application.execute(gid, package.rules.draw_command(rng.sample(list(p.chance.pool), p.chance.count)))
    elif p.actors:
        actor = rng.choice(p.actors)
        application.execute(gid, rng.choice(p.options(actor)))


def _tables(application, rng: random.Random) -> list[str]:
    return [
        str(application.create_game(["Ann", "Bob", "Cy"], seed=rng.randrange(2**31))),
        str(application.create_game(["Ann", "Bob"], mode="tabletop", variant="full")),
        str(application.create_game(["Ann", "Bob", "Cy", "Di"], seed=rng.randrange(2**31), modules=FESTIVAL)),
        str(application.create_game(["A", "B", "C"], seed=rng.randrange(2**31), game="monster_inn")),
    ]


FESTIVAL = ["five_seasons", "unique_opportunities", "festival", "pets", "new_components"]


def fuzz_act_json(store: str, count: int, seed: int = 0) -> dict:
    """``count`` junk commands (valid commands, each mutated once) entered with ``act --json`` into games in
    progress of every kind (Dungeon Lords digital, tabletop and Festival Season; Monster Inn), the games
    moved on between them. Returns the figures: runs, exit codes, the mutations, internal errors and the
    junk accepted (stored), each with its first examples."""
    rng = random.Random(seed)
    application = GameService.open(store)
    games = _tables(application, rng)
    figures: dict = {"runs": 0, "exit_codes": {}, "mutations": {}, "internal": [], "accepted_junk": []}
    while figures["runs"] < count:
        k = rng.randrange(len(games))
        gid = games[k]
        for _ in range(rng.randint(0, 3)):
            _step(application, gid, rng)
        if not application.pending(gid).actors and not application.pending(gid).is_chance:
            games[k] = _tables(application, rng)[k]  # over: a new game of the same kind
            continue
        bodies = _valid_bodies(application, gid, rng)
        op, junk = _mutations(rng.choice(bodies), rng)
        before = len(application.log(gid))
        result = runner.invoke(app, ["act", gid, "--json", json.dumps(junk), "--store", store])
        figures["runs"] += 1
        figures["exit_codes"][result.exit_code] = figures["exit_codes"].get(result.exit_code, 0) + 1
        figures["mutations"][op] = figures["mutations"].get(op, 0) + 1
        if result.exit_code == 6 or "Traceback" in result.output or result.exit_code not in CODES:
            figures["internal"].append((junk, result.output[-300:]))
        if len(application.log(gid)) != before:
            figures["accepted_junk"].append((op, junk, result.exit_code))
    return figures


def test_mutated_commands_are_refused_without_an_internal_error(tmp_path):
    figures = fuzz_act_json(str(tmp_path / "games.sqlite"), 200, seed=1)
    assert figures["internal"] == [] and figures["accepted_junk"] == [], figures
    assert figures["exit_codes"].get(0, 0) == 0 and set(figures["exit_codes"]) <= {2, 3, 4}
    assert len(figures["mutations"]) == 8  # every kind of mutation was tried


@pytest.mark.heavy
def test_two_thousand_mutated_commands(tmp_path):
    figures = fuzz_act_json(str(tmp_path / "games.sqlite"), 2000, seed=2)
    print(json.dumps({k: v for k, v in figures.items() if k in ("runs", "exit_codes", "mutations")}))
    assert figures["internal"] == [] and figures["accepted_junk"] == [], figures
