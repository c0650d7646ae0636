"""Hold under faults, part 2: commands from outside are read strictly, a field that does not apply is
refused (never ignored), table rulings are one plain line that changes something before the game ends,
and an event number inside one input's events is a usage error naming the input points."""

from __future__ import annotations

import json
import random

import pytest
from clirun import run
from helpers import assert_refused

from domain.games.dungeon_lords.commands import (
    FestivalPick,
    PayWage,
    RecordDraw,
    RentRoom,
    TableRuling,
    parse_command,
)
from domain.games.dungeon_lords.engine import ENGINE, new_game
from domain.games.dungeon_lords.errors import RuleViolation
from domain.games.monster_inn.commands import parse_command as parse_inn
from domain.kernel.text import printable
from domain.service.application import GameService

FESTIVAL = ["five_seasons", "unique_opportunities", "festival", "pets", "new_components"]


# --- strict reading of commands from outside ------------------------------------------------------
@pytest.mark.parametrize(
    "body, field",
    [
        ({"type": "mine_gold", "player": "red", "imps": True}, "imps"),  # a bool is not a number
        ({"type": "mine_gold", "player": "red", "imps": 1.0}, "imps"),
        ({"type": "mine_gold", "player": "red", "imps": "1"}, "imps"),
        ({"type": "dig_tunnel", "player": "red", "square": [1.0, 1.0]}, "square"),
        ({"type": "dig_tunnel", "player": "red", "square": ["1", "1"]}, "square"),
        ({"type": "decline", "player": 1}, "player"),
        ({"type": "decline", "player": "red", "extra": 1}, "extra"),
        ({"type": "pay_taxes", "player": "red", "gold": False}, "gold"),
        ({"type": "add_trained_imp", "player": "red", "add": 1}, "add"),
    ],
)
def test_a_command_from_outside_is_read_strictly(body, field):
    for data in (body, json.dumps(body)):  # the same answer for a dict (HTTP) and JSON text (CLI)
        with pytest.raises(RuleViolation) as refused:
            parse_command(data)
        assert refused.value.code == "COMMAND_MALFORMED" and field in refused.value.message


def test_strict_reading_keeps_every_legal_shape():
    assert parse_command({"type": "dig_tunnel", "player": "red", "square": [1, 2]}).square == (1, 2)
    assert parse_command('{"type": "mine_gold", "player": "red", "imps": 2}').imps == 2
    assert parse_inn({"type": "remain", "player": "p1", "treasure": "gem"}).treasure == "gem"
    with pytest.raises(RuleViolation) as refused:
        parse_inn({"type": "remain", "player": "p1", "treasure": "gem", "hidden": True})
    assert refused.value.code == "COMMAND_MALFORMED"


def test_a_command_that_is_not_json_as_a_dict_is_malformed():
    with pytest.raises(RuleViolation) as refused:
        parse_command({"type": "decline", "player": "red", "x": {1, 2}})
    assert refused.value.code == "COMMAND_MALFORMED"


# --- a field that does not apply is refused --------------------------------------------------------
def _walk_to(kind: str, modules: list[str], want=lambda state, p: True, seeds=range(40)):
    """A digital game walked at random to a decision of ``kind`` (the first found that ``want``s)."""
    for seed in seeds:
        rng = random.Random(seed)
        _, state = new_game(["a", "b", "c"], seed=seed, variant="full", modules=modules)
        _, state = ENGINE.resolve_chance(state)
        for _ in range(3000):
            p = ENGINE.pending(state)
            if not p.actors:
                break
            if p.kind == kind and want(state, p):
                return state, p
            _, state = ENGINE.execute(state, rng.choice(p.options(rng.choice(p.actors))))
    raise AssertionError(f"no {kind} found")


def test_pay_wage_with_a_trap_or_a_monster_its_wage_does_not_ask_is_refused():
    def plain_wage(state, p):
        return any(_plain(o) for o in p.options(p.actors[0]))

    def _plain(o):
        return isinstance(o, PayWage) and o.discard_trap is None and o.feed_monster is None

    state, p = _walk_to("pay_wage", [], plain_wage)
    wage = next(o for o in p.options(p.actors[0]) if _plain(o))
    ENGINE.execute_pure(state, wage)  # the option itself is taken
    assert_refused(state, wage.model_copy(update={"discard_trap": "zzz"}), "NO_TRAP_COST")
    assert_refused(state, wage.model_copy(update={"feed_monster": "zzz"}), "NO_MONSTER_COST")


def test_a_festival_pick_naming_what_its_prize_does_not_take_is_refused():
    def plain_board(state, p):
        return any(o.board and o == FestivalPick(player=o.player, board=o.board) for o in p.options(p.actors[0]))

    state, p = _walk_to("festival_pick", FESTIVAL, plain_board)
    pick = next(o for o in p.options(p.actors[0]) if o.board and o == FestivalPick(player=o.player, board=o.board))
    ENGINE.execute_pure(state, pick)
    for field, junk in [("monster", "zzz"), ("discard_trap", "zzz"), ("square", (0, 0)), ("pay_or", True)]:
        error = assert_refused(state, pick.model_copy(update={field: junk}), "FIELD_NOT_USED")
        assert field in error.message
    decline = FestivalPick(player=pick.player)
    ENGINE.execute_pure(state, decline)
    assert_refused(state, decline.model_copy(update={"room": "zzz"}), "FIELD_NOT_USED")


def test_renting_a_room_and_taking_the_gold_at_once_is_refused():
    def gold_offered(state, p):
        return any(isinstance(o, RentRoom) and o.take_gold for o in p.options(p.actors[0]))

    state, p = _walk_to("action", FESTIVAL, gold_offered, seeds=range(80))
    take = next(o for o in p.options(p.actors[0]) if isinstance(o, RentRoom) and o.take_gold)
    ENGINE.execute_pure(state, take)
    assert_refused(state, take.model_copy(update={"room": state.board.room_offer[0]}), "FIELD_NOT_USED")


# --- table rulings -----------------------------------------------------------------------------------
@pytest.mark.parametrize("reason", ["misread\x1b[2J", "two\nlines", "tab\there", "bell\x07", "c1\x9b31m", "sep\u2028"])
def test_a_ruling_reason_with_a_control_character_is_refused(reason):
    _, state = new_game(["Ann", "Bob"], seed=8)
    error = assert_refused(state, TableRuling(reason=reason, changes={"red": {"gold": 1}}), "RULING_REASON_INVALID")
    assert printable(reason[-1]) in error.message or "\\" in error.message
    assert "\x1b" not in error.message and "\n" not in error.message


@pytest.mark.parametrize(
    "changes",
    [{"red": {}}, {"red": {"gold": 0, "evil": 0}}, {"red": {"damage": {}}, "blue": {"conquered": []}}],
)
def test_a_ruling_that_changes_nothing_is_refused(changes):
    _, state = new_game(["Ann", "Bob"], seed=8)
    assert_refused(state, TableRuling(reason="nothing", changes=changes), "RULING_CHANGES_NOTHING")


def _finished(store: str, seed: int = 3) -> str:
    application = GameService.open(store)
    gid = application.create_game(["Ann", "Bob"], seed=seed)
    rng = random.Random(seed)
    while (p := application.pending(gid)).actors:
        application.execute(gid, rng.choice(p.options(p.actors[0])))
    return str(gid)


def test_after_the_game_ends_a_ruling_is_refused_and_archiving_is_taken(tmp_path):
    store = str(tmp_path / "games.sqlite")
    gid = _finished(store)
    application = GameService.open(store)
    before = len(application.log(gid))
    ruling = json.dumps({"type": "table_ruling", "reason": "late", "changes": {"red": {"gold": 5}}})
    refused = run("act", gid, "--json", ruling, "--store", store, ok=False)
    assert refused.exit_code == 4 and "RULING_AFTER_GAME_END" in refused.output
    assert len(application.log(gid)) == before
    assert run("audit", gid, "--store", store).exit_code == 0
    run("games", "archive", gid, "--reason", "test game", "--store", store)
    assert len(application.log(gid)) == before + 1


def test_a_finished_tabletop_game_takes_an_undo_and_then_a_ruling(tmp_path):
    application = GameService.open(str(tmp_path / "games.sqlite"))
    gid = application.create_game(["Ann", "Bob"], mode="tabletop")
    rng = random.Random(0)
    while (p := application.pending(gid)).actors or p.is_chance:
        if p.is_chance:
            application.execute(gid, RecordDraw(cards=rng.sample(list(p.chance.pool), p.chance.count)))
        else:
            application.execute(gid, rng.choice(p.options(p.actors[0])))
    ruling = TableRuling(reason="the last attack was misread", changes={"red": {"gold": 1}})
    with pytest.raises(RuleViolation) as refused:
        application.execute(gid, ruling)
    assert refused.value.code == "RULING_AFTER_GAME_END"
    application.undo(gid)  # the last input and the scoring taken back: the game waits again
    assert application.pending(gid).actors or application.pending(gid).is_chance
    application.execute(gid, ruling)
    assert application.log(gid)[-1].type == "TableRulingApplied"


def test_a_stored_reason_with_control_characters_is_shown_escaped(tmp_path):
    """A ruling stored before they were refused (written here straight into the log) never reaches a
    terminal raw: log, explain and audit show it escaped."""
    from domain.games.dungeon_lords.events import TableRulingApplied

    store = str(tmp_path / "games.sqlite")
    application = GameService.open(store)
    gid = application.create_game(["Ann", "Bob"], seed=8)
    ruling = TableRulingApplied(reason="ok\x1b[2J\nforged line", changes={"red": {"gold": 1}})
    application._append(application._load(gid), [ruling])
    n = len(application.log(gid))
    for args in (["log", gid], ["explain", gid, n], ["audit", gid]):
        out = run(*args, "--store", store, ok=False).output
        assert "\x1b" not in out and "ok\\x1b[2J\\nforged line" in out, args


# --- an event number inside one input -----------------------------------------------------------------
def test_options_and_act_at_an_event_inside_an_input_name_the_input_points(tmp_path):
    store = str(tmp_path / "games.sqlite")
    application = GameService.open(store)
    gid = str(application.create_game(["Ann", "Bob", "Cy"], seed=5))
    rng = random.Random(2)
    for _ in range(40):
        p = application.pending(gid)
        application.execute(gid, rng.choice(p.options(p.actors[0])))
    log = application.log(gid)
    points = application.game_of(gid).history.input_points(log)
    inside = next(k for k in range(2, len(log)) if k not in points)
    before = max(k for k in points if k < inside)
    after = min(k for k in points if k > inside)
    for args in (["options", gid, "--at", inside], ["act", gid, "--pick", "1", "--at-event", inside]):
        result = run(*args, "--store", store, ok=False)
        assert result.exit_code == 2, result.output
        flag = args[-2]
        assert f"event {inside} is inside the input of events {before + 1}-{after}" in result.output
        assert f"{flag} {before}" in result.output and f"{flag} {after}" in result.output
    assert len(application.log(gid)) == len(log)
    assert "at event" in run("options", gid, "--at", before, "--store", store).output


# --- fork: a fresh seed unless asked ----------------------------------------------------------------------
def test_a_fork_of_an_unfinished_digital_game_draws_a_future_of_its_own(tmp_path):
    store = str(tmp_path / "games.sqlite")
    application = GameService.open(store)
    gid = str(application.create_game(["Ann", "Bob", "Cy"], seed=11))
    rng = random.Random(11)

    def play_on(game: str, commands: list) -> None:
        for c in commands:
            application.execute(game, c)

    opening = []
    for _ in range(10):
        p = application.pending(gid)
        opening.append(rng.choice(p.options(p.actors[0])))
        play_on(gid, opening[-1:])
    at = len(application.log(gid))
    fresh = run("fork", gid, "--at", at, "--store", store).output.strip().splitlines()[-1]
    same = run("fork", gid, "--at", at, "--same-seed", "--store", store).output.strip().splitlines()[-1]
    later = []  # the source plays on; each fork takes the same inputs as long as they stay legal there
    for _ in range(60):
        p = application.pending(gid)
        later.append(rng.choice(p.options(p.actors[0])))
        play_on(gid, later[-1:])
    play_on(same, later)
    source = application.log(gid)[at:]
    draws = [e.to_json() for e in source if e.kind == "chance"]
    assert len(draws) >= 3
    assert [e.to_json() for e in application.log(same)[at:]] == [e.to_json() for e in source]
    assert application.log(same)[0].seed == application.log(gid)[0].seed
    fresh_first = application.log(fresh)[0]
    assert fresh_first.seed != application.log(gid)[0].seed and fresh_first.origin == "forked"
    for c in later:  # the fresh fork: its first draw after the fork already differs
        try:
            application.execute(fresh, c)
        except RuleViolation:
            break
    fresh_draws = [e.to_json() for e in application.log(fresh)[at:] if e.kind == "chance"]
    assert fresh_draws and fresh_draws != draws[: len(fresh_draws)]
    assert run("audit", fresh, "--store", store).exit_code == 0  # the fresh seed is not a finding


def test_the_table_page_posts_a_square_picked_position_by_position_as_numbers():
    from cli.http.page_forms import Entered

    base = json.dumps({"type": "dig_tunnel", "player": "red"})
    form = Entered(expected=5, base_command=base, field="square", pick=["2", "3"])
    assert parse_command(form.command_data()).square == (2, 3)
    orders = Entered(expected=5, base_command=json.dumps({"type": "choose_orders", "player": "red"}), field="orders")
    orders.pick = ["mine_gold", "dig_tunnels", "hire_monster"]
    assert parse_command(orders.command_data()).orders == ["mine_gold", "dig_tunnels", "hire_monster"]


@pytest.mark.parametrize("game", ["dungeon-lords", "monster-inn"])
def test_a_player_name_with_a_control_character_is_refused(tmp_path, game):
    store = str(tmp_path / "games.sqlite")
    names = "Ann\x1b[2J,Bob,Cy"
    result = run("new", "--game", game, "--names", names, "--store", store, ok=False)
    assert result.exit_code == 2 and "SETUP_INVALID" in result.output and "\x1b" not in result.output
    assert GameService.open(store).games() == []


# --- over HTTP ----------------------------------------------------------------------------------------
def test_the_http_api_reads_commands_strictly_and_the_page_shows_stored_text_escaped(tmp_path):
    from fastapi.testclient import TestClient

    from cli.http.app import create_app
    from domain.games.dungeon_lords.events import TableRulingApplied

    store = str(tmp_path / "games.sqlite")
    client = TestClient(create_app(store), raise_server_exceptions=False)
    made = client.post("/api/games", json={"names": ["Ann", "Bob"], "seed": 7}).json()
    gid, rec = made["id"], {"Authorization": f"Bearer {made['tokens']['recorder']}"}
    waiting = client.get(f"/api/games/{gid}/options", headers=rec).json()
    command = waiting["options"][waiting["actors"][0]][0]
    for junk in ({**command, "extra": 1}, {**command, "player": True}):
        refused = client.post(f"/api/games/{gid}/inputs", json={"command": junk}, headers=rec)
        assert refused.status_code == 422 and refused.json()["code"] == "COMMAND_MALFORMED"
    ruling = {"type": "table_ruling", "reason": "a\x1b[31mred", "changes": {"red": {"gold": 1}}}
    refused = client.post(f"/api/games/{gid}/inputs", json={"command": ruling}, headers=rec)
    assert refused.status_code == 422 and refused.json()["code"] == "RULING_REASON_INVALID"
    application = GameService.open(store)  # a ruling stored before they were refused
    stored = TableRulingApplied(reason="old\x1b[2J\nline", changes={"red": {"gold": 1}})
    application._append(application._load(gid), [stored])
    log = client.get(f"/api/games/{gid}/log", headers=rec).json()
    assert "old\\x1b[2J\\nline" in log[-1]["text"]
    html = client.get(f"/join/{gid}", params={"token": made["tokens"]["recorder"]}).text  # the table page
    assert "old\\x1b[2J\\nline" in html and "\x1b" not in html
