"""Positions for a dispute (issue "Trust the record", defect 8): the state `status --at N --json` prints
loads back with `new --scenario FILE`, at any phase and step, and plays on exactly as the original;
a position that cannot be (a component in two places, adventurers out of line, a negative stock) is
refused naming the field."""

from __future__ import annotations

import copy
import json

import pytest
from clirun import run

from domain.games.dungeon_lords.bots import play_until_blocked, random_bot
from domain.games.dungeon_lords.engine import execute_pure, from_scenario, new_game, pending
from domain.games.dungeon_lords.errors import RuleViolation
from domain.games.dungeon_lords.history import spans_of, state_before
from domain.games.dungeon_lords.phases.settle import evolve_stored as evolve  # hand-made events: settled as stored ones
from domain.games.dungeon_lords.strategies import STRATEGIES
from domain.games.dungeon_lords.views import view
from domain.service.application import GameService

GAMES = [
    (2, "first_game", "random", 3),
    (3, "full", "balanced", 5),
    (4, "first_game", "evil", 7),
    (4, "full", "monster_keeper", 9),
]


def _game(players, variant, bot, seed):
    names = [f"P{i}" for i in range(players)]
    events, state = new_game(names, variant=variant, seed=seed, bots=[bot] * players)
    bots = {p.color: (random_bot if bot == "random" else STRATEGIES[bot]) for p in state.players}
    more, state, _ = play_until_blocked(state, bots, seed=seed)
    return events + more


@pytest.mark.parametrize("players, variant, bot, seed", GAMES)
def test_a_position_dumped_at_any_input_point_loads_back_and_plays_on_the_same(players, variant, bot, seed):
    log = _game(players, variant, bot, seed)
    spans = list(spans_of(log))
    for k in range(0, len(spans) - 3, max(1, len(spans) // 12)):  # about a dozen points per game
        here = state_before(log, spans[k].first)
        dumped = json.loads(json.dumps(view(here, None)))  # what `status --at N --json` prints
        loaded, _ = from_scenario(dumped)  # (a digital game then draws on by itself: compare before)
        assert loaded[0].type == "ScenarioLoaded" and loaded[0].origin == "scenario"
        state = evolve(None, loaded[0])
        original, copy_ = pending(here), pending(state)
        assert (copy_.kind, copy_.actors) == (original.kind, original.actors), (k, here.phase)
        for actor in original.actors:
            assert (
                copy_.options(actor) == original.options(actor)
                if not original.is_chance
                else sorted(copy_.chance.pool) == sorted(original.chance.pool)
            )
        a, b = here, state
        for span in spans[k : k + 3]:  # the same inputs give the same events
            ea, a = execute_pure(a, span.command)
            eb, b = execute_pure(b, span.command)
            assert [e.to_json() for e in ea] == [e.to_json() for e in eb]


def test_status_json_loads_back_with_new_scenario(tmp_path):
    store = str(tmp_path / "games.sqlite")
    app = GameService.open(store)
    log = _game(3, "full", "balanced", 5)
    gid = str(app.create_from_events(log))
    decisions = [s.first - 1 for s in spans_of(log) if s.actor != "chance"]  # (a digital game draws by itself)
    at = decisions[len(decisions) // 2]
    position = tmp_path / "position.json"
    position.write_text(run("status", gid, "--at", at, "--json", "--store", store).stdout)
    new = run("new", "--scenario", position, "--store", store).stdout.strip().splitlines()[-1]
    original = json.loads(run("options", gid, "--at", at, "--json", "--store", store).stdout)
    loaded = json.loads(run("options", new, "--json", "--store", store).stdout)
    assert {k: v for k, v in loaded.items() if k != "event"} == {k: v for k, v in original.items() if k != "event"}
    mine = json.loads(run("status", gid, "--at", at, "--as", "red", "--json", "--store", store).stdout)
    path = tmp_path / "view.json"
    path.write_text(json.dumps(mine))
    refused = run("new", "--scenario", path, "--store", store, ok=False)
    assert refused.exit_code == 2 and "player's view" in refused.output


def _position():
    log = _game(4, "first_game", "balanced", 7)
    spans = spans_of(log)
    # a point in Year 2 with the paladin out and adventurers lined up for the coming seasons
    for s in reversed(spans):
        st = state_before(log, s.first)
        if st.paladins and any(len(t) >= 2 for t in st.board.incoming.values()):
            return json.loads(json.dumps(view(st, None)))
    raise AssertionError("no such point")


@pytest.mark.parametrize(
    "break_it, field",
    [
        (lambda d: d["players"][0]["prison"].append(d["paladins"][0]["id"]), "in 2 places"),
        (lambda d: next(v.reverse() for v in d["board"]["incoming"].values() if len(set(v)) >= 2), "board.incoming"),
        (
            lambda d: d["players"][1]["monsters"].append(
                {
                    "id": (d["board"]["monster_offer"] or [m["id"] for p in d["players"] for m in p["monsters"]])[0],
                    "knocked_out": False,
                }
            ),
            "not conserved",
        ),
        (lambda d: d["players"][2].update(gold=-3), "players[2].gold: Input should be greater than or equal to 0"),
        (lambda d: d["players"][0].update(colour="red"), "players[0].colour: Extra inputs are not permitted"),
    ],
)
def test_an_impossible_position_is_refused_naming_the_field(break_it, field):
    broken = copy.deepcopy(_position())
    if field == "board.incoming" and not any(
        len({x[:-2] for x in v}) >= 2 for v in broken["board"]["incoming"].values()
    ):
        pytest.skip("no season with adventurers of different strength at that point")
    break_it(broken)
    with pytest.raises(RuleViolation) as refused:
        from_scenario(broken)
    assert refused.value.code == "SCENARIO_INVALID" and field in refused.value.message
