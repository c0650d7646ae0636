"""Bad input gets a clear error and changes nothing (issue "Hold under bad input and faults"):
seeds, table rulings, record headers, and the CLI's exit-code contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import run

from domain.games.dungeon_lords.commands import TableRuling
from domain.games.dungeon_lords.engine import execute, new_game
from domain.games.dungeon_lords.errors import RuleViolation
from domain.games.dungeon_lords.record_format import RecordError, rebuild
from domain.service.application import GameService

GOLDEN = (Path(__file__).parent.parent / "golden" / "seed4-3p.dlr").read_text()


@pytest.fixture
def store(tmp_path):
    return str(tmp_path / "games.sqlite")


@pytest.mark.parametrize(
    "args",
    [
        ["new", "--seed", "100000000000000000000000000000"],
        ["new", "--seed", "-5"],
        ["play", "--seed", str(2**63)],
        ["simulate", "--games", "1", "--seed", str(2**64)],
    ],
)
def test_seeds_out_of_range_are_usage_errors_and_store_nothing(store, args):
    result = run(*args, "--store", store, ok=False)
    assert result.exit_code == 2 and "seed" in result.output.lower()
    assert not Path(store).exists() or GameService.open(store).games() == []


def test_a_seed_beyond_int64_can_never_be_stored():
    with pytest.raises(RuleViolation) as refused:
        new_game(["a", "b"], seed=2**63)
    assert refused.value.code == "SETUP_INVALID"
    events, _ = new_game(["a", "b"], seed=2**63 - 1)
    with pytest.raises(ValueError):
        events[0].from_payload({**events[0].payload(), "seed": 2**63})


@pytest.mark.parametrize(
    "change, field",
    [
        ({"gold": 1.5}, "gold"),
        ({"gold": 10**30}, "gold"),
        ({"evil": 1000}, "evil"),
        ({"gold": "x"}, "gold"),
        ({"food": None}, "food"),
        ({"restored": "x"}, "restored"),
        ({"damage": []}, "damage"),
        ({"gold": True}, "gold"),
        ({"damage": {"nobody": -100}}, "damage"),
        ({"conquered": [[0, 0], [0, 0]]}, "conquered"),
        ({"evil": 12}, "evil"),
        ({"gold": -4}, "gold"),
        ({"conquered": [[3, 4]]}, "conquered"),
        ({"restored": [[0, 0]]}, "restored"),
        ({"teleport": 1}, "teleport"),
    ],
)
def test_a_table_ruling_is_typed_and_bounded(change, field):
    events, state = new_game(["Ann", "Bob"], seed=8)
    with pytest.raises(RuleViolation) as refused:
        execute(state, {"type": "table_ruling", "reason": "we ruled", "changes": {"red": change}})
    assert refused.value.code in ("COMMAND_MALFORMED", "RULING_INVALID")
    assert field in refused.value.message


def test_a_ruling_within_bounds_applies_exactly():
    events, state = new_game(["Ann", "Bob"], seed=8)
    red = state.player("red")
    gold, evil = red.gold, red.evil
    _, after = execute(state, TableRuling(reason="misread card", changes={"red": {"gold": -1, "evil": 3}}))
    assert after.player("red").gold == gold - 1 and after.player("red").evil == evil + 3


@pytest.mark.parametrize(
    "edit, line, words",
    [
        (lambda t: t.replace("variant first_game", "variant zzz"), 4, "variant"),
        (lambda t: t.replace("mode digital", "mode zzz"), 5, "mode"),
        (lambda t: t.replace(t.splitlines()[2], "catalog 00"), 3, "64 hexadecimal"),
        (lambda t: t.replace("engine base-2009/1", "engine base-2009/999"), 2, "engine"),
        (lambda t: t.replace("player red Ann", "player red Ann bot=nonexistent"), 9, "unknown bot"),
        (lambda t: t.replace("seed 4", "seed -5"), 6, "seed"),
        (lambda t: "\n".join(t.splitlines()[:8]), 8, "player lines"),
        (lambda t: t.replace("starting red", "starting purple"), 8, "starting"),
        (lambda t: "\n".join(_swap(t.splitlines(), 8, 9)), 9, "plays red"),
        (lambda t: "\n".join(t.splitlines()[:150]), 150, "ends before the game is over"),
    ],
)
def test_a_bad_record_header_or_a_cut_record_names_its_line(edit, line, words):
    with pytest.raises(RecordError) as bad:
        rebuild(edit(GOLDEN), allow_unfinished=False)
    assert bad.value.line == line and words in bad.value.reason


def _swap(lines, i, j):
    lines = list(lines)
    lines[i], lines[j] = lines[j], lines[i]
    return lines


def test_a_record_with_a_byte_order_mark_imports(store, tmp_path):
    record = tmp_path / "bom.dlr"
    record.write_bytes(b"\xef\xbb\xbf" + GOLDEN.encode())
    assert run("import", record, "--store", store).exit_code == 0


def test_an_unfinished_record_imports_only_when_asked(store, tmp_path):
    record = tmp_path / "cut.dlr"
    record.write_text("\n".join(GOLDEN.splitlines()[:150]) + "\n")
    refused = run("import", record, "--store", store, ok=False)
    assert refused.exit_code == 2 and "--allow-unfinished" in refused.output
    assert GameService.open(store).games() == []
    done = run("import", record, "--allow-unfinished", "--store", store)
    assert "imported unfinished" in done.output


def test_exit_codes_follow_the_table(store):
    game = run("new", "--players", "2", "--seed", "2", "--store", store).output.strip().splitlines()[-1]
    assert run("status", "nope", "--store", store, ok=False).exit_code == 2  # unknown game
    assert run("act", game, "--json", "hello", "--store", store, ok=False).exit_code == 2  # not JSON
    bad = run("act", game, "--json", json.dumps({"type": "decline", "player": "blue"}), "--store", store, ok=False)
    assert bad.exit_code == 4 and "rule:" in bad.output  # refused by the rules
    assert run("audit", game, "--store", store).exit_code == 0
