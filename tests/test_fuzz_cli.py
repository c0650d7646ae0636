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
from domain.service.application import DungeonLords

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
CODES = {0, 2, 3, 4}
GOLDEN = (Path(__file__).parent / "golden" / "seed4-3p.dlr").read_text()
SCENARIO = (
    Path(__file__).parent.parent / "domain" / "games" / "dungeon_lords" / "scenarios" / "year2-winter-4p.json"
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
    app_ = DungeonLords.open(store)
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
    return len(DungeonLords.open(store).log(game))


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
    count = len(DungeonLords.open(store).games())
    args = ["import", record, "--store", store] + (["--allow-unfinished"] if unfinished else [])
    result = invoke(*args)
    assert result.exit_code in {0, 2}, result.output
    assert len(DungeonLords.open(store).games()) == count + (result.exit_code == 0)


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
    count = len(DungeonLords.open(store).games())
    result = invoke("new", "--scenario", path, "--store", store)
    assert result.exit_code in {0, 2}, result.output
    assert len(DungeonLords.open(store).games()) == count + (result.exit_code == 0)
