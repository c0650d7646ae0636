"""Whole Building phases, driven the way users drive them: from Python and from the CLI.

Every input is chosen among `pending`'s legal options (so every decision is checked by the
engine), and the game must reach the First Year's Combat with sound invariants.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from domain.games.dungeon_lords.engine import execute, from_scenario, new_game, pending, replay
from domain.games.dungeon_lords.invariants import problems
from domain.games.dungeon_lords.state import to_dict

runner = CliRunner()


def drive(state, seed):
    rng = random.Random(seed)
    events = []
    while True:
        p = pending(state)
        if state.phase == "combat":  # the Building is over
            return events, state, p
        actor = p.actors[0]
        more, state = execute(state, rng.choice(p.options(actor)))
        events += more
        assert problems(state) == [], problems(state)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["first_game", "full"])
def test_first_year_building_from_python(players, variant):
    start, state = new_game([f"P{i}" for i in range(players)], variant=variant, seed=players * 10)
    events, state, p = drive(state, seed=players)
    assert p.kind == "plan_battle" and state.year == 1 and state.season == 3
    for pl in state.players:
        assert len(pl.party) == 3  # spring, summer and fall adventurers
        assert len(pl.hand) == 6 and len(pl.inaccessible) == 2
    assert to_dict(replay(start + events)) == to_dict(state)


def test_second_year_building_from_a_scenario():
    loaded, state = from_scenario(Path("domain/games/dungeon_lords/scenarios/year2-winter-4p.json").read_text())
    assert state.year == 2
    # green starts on space 10 of the Evilometer: the Second Year's paladin sets out at once
    assert state.paladins[0].id == "paladin_y2" and state.paladins[0].holder == "green"
    events, state, p = drive(state, seed=5)
    assert p.kind == "plan_battle" and state.year == 2
    year2 = [e for e in loaded + events if e.type in ("MonstersRevealed", "RoomsRevealed")]
    assert all(
        "_y2" in t
        or t
        in (
            "training_room",
            "dark_room",
            "labyrinth",
            "anti_magic_room",
            "cafeteria",
            "chapel",
            "pandemonium",
            "hall_of_fame",
        )
        for e in year2
        for t in e.tiles
    )
    assert to_dict(replay(loaded + events)) == to_dict(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_year_building_from_the_cli(players, tmp_path):
    store = str(tmp_path / "g.sqlite")

    def cli(*args):
        result = runner.invoke(app, [*map(str, args), "--store", store])
        assert result.exit_code == 0, result.output
        return result.output

    game = cli("new", "--players", players, "--seed", players).strip().splitlines()[-1]
    rng = random.Random(players)
    for _ in range(2000):
        waiting = json.loads(cli("options", game, "--json"))
        if waiting["kind"] == "plan_battle":  # the Building is over
            break
        actor = waiting["actors"][0]
        cli("act", game, "--json", json.dumps(rng.choice(waiting["options"][actor])))
    assert waiting["kind"] == "plan_battle"
    state = json.loads(cli("status", game, "--json"))
    assert state["year"] == 1 and state["season"] == 3
    assert all(len(p["party"]) == 3 for p in state["players"])
