"""Order cards the rules make public are shown to every seat (issue #30; Rulebook › Orders Phase): the
inaccessible orders ("You can see the other players' inaccessible orders"), each order once revealed, the
non-player colours' orders and, with 2 players, the non-player third order once its minion is placed; the
full game's set-up choice of inaccessible orders stays secret until every player has chosen (Full Game ›
Choosing Initial Inaccessible Orders). In ``view``, the log, ``status --as`` and the table page."""

from __future__ import annotations

import json
import re

import pytest
from clirun import run
from helpers import COLORS, choose_orders, drive_to, make_scenario, start, tabletop_game
from test_table_page import _draw_until_orders, _table

from cli.http.app import create_app
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import ChooseInaccessibleOrders
from domain.games.dungeon_lords.views import HIDDEN, log_entries, public_orders, view, visible_log

EVERYONE = ["mine_gold", "get_food", "dig_tunnels"]


def _rows(state, viewer) -> dict[str, dict]:
    return {r["color"]: r for r in public_orders(view(state, viewer))}


def test_every_seat_sees_every_inaccessible_order_and_each_order_once_revealed() -> None:
    t = start(make_scenario(3, hands=dict.fromkeys(COLORS[:3], EVERYONE)))
    drive_to(t, "choose_orders")
    for viewer in ("red", "blue", "green"):
        rows = _rows(t.state, viewer)
        for p in t.state.players:
            assert rows[p.color]["inaccessible"] == p.inaccessible and len(p.inaccessible) == 2
        yellow = next(n for n in t.state.nonplayers if n.color == "yellow")
        assert rows["yellow"]["nonplayer"] and rows["yellow"]["inaccessible"] == yellow.inaccessible
        assert rows["yellow"]["revealed"] == yellow.drawn and len(yellow.drawn) == 3  # face up this round
    choose_orders(t, {"red": ["dig_tunnels", "mine_gold", "get_food"]})
    assert _rows(t.state, "blue")["red"]["revealed"] == []  # chosen face down: not yet public
    assert view(t.state, "blue")["players"][0]["orders"] == [HIDDEN] * 3
    choose_orders(t, {"blue": EVERYONE, "green": EVERYONE})  # all revealed as minions are placed
    assert _rows(t.state, "blue")["red"]["revealed"] == ["dig_tunnels", "mine_gold", "get_food"]


def test_the_full_games_set_up_choice_stays_secret_until_everyone_has_chosen() -> None:
    t = tabletop_game(3, variant="full", inaccessible={"red": ["get_food", "mine_gold", "dig_tunnels"]})
    assert t.pending.kind == "choose_inaccessible_orders"
    t.do(ChooseInaccessibleOrders(player="red", cards=["get_food", "mine_gold"]))
    assert _rows(t.state, "red")["red"]["inaccessible"] == ["get_food", "mine_gold"]
    assert _rows(t.state, "blue")["red"]["inaccessible"] == [HIDDEN, HIDDEN]
    assert view(t.state, None)["players"][0]["inaccessible"] == ["get_food", "mine_gold"]
    chosen = next(k for k, e in enumerate(t.events) if isinstance(e, ev.InaccessibleOrdersChosen))
    assert visible_log(t.events, "blue")[chosen]["cards"] == [HIDDEN, HIDDEN]
    assert log_entries(t.events, "blue")[chosen]["text"] == (
        "red chose 2 inaccessible orders (secret until every player has chosen)"
    )
    assert visible_log(t.events, "red")[chosen]["cards"] == ["get_food", "mine_gold"]
    for color in ("blue", "green"):
        t.do(t.pending.options(color)[0])
    assert t.pending.kind != "choose_inaccessible_orders"
    assert _rows(t.state, "blue")["red"]["inaccessible"] == ["get_food", "mine_gold"]  # revealed to all
    assert visible_log(t.events, "blue")[chosen]["cards"] == ["get_food", "mine_gold"]
    assert "get_food" in log_entries(t.events, "blue")[chosen]["text"]


def test_two_players_the_nonplayer_third_order_is_public_once_its_minion_is_placed() -> None:
    sc = make_scenario(
        2,
        hands={"red": EVERYONE + ["recruit_imps"], "blue": EVERYONE + ["recruit_imps"]},
        nonplayers=[
            {"color": "green", "inaccessible": ["buy_traps", "build_room", "hire_monster"]},
            {"color": "yellow", "inaccessible": ["buy_traps", "build_room", "hire_monster"]},
        ],
    )
    t = start(
        sc,
        draws={
            ("order_cards", "green"): [["mine_gold", "dig_tunnels"]],
            ("order_cards", "yellow"): [["mine_gold", "get_food"]],
        },
    )
    drive_to(t, "choose_orders")
    choose_orders(t, {"red": (["recruit_imps", "get_food", "dig_tunnels"], "recruit_imps")})
    assert view(t.state, "blue")["players"][0]["nonplayer_order"] == HIDDEN
    assert _rows(t.state, "blue")["red"]["third"] is None and _rows(t.state, "red")["red"]["third"] == "recruit_imps"
    choose_orders(t, {"blue": (["recruit_imps", "mine_gold", "get_food"], "dig_tunnels")})
    assert view(t.state, "blue")["players"][0]["nonplayer_order"] == "recruit_imps"
    assert _rows(t.state, "blue")["red"]["third"] == "recruit_imps"
    assert _rows(t.state, "red")["blue"]["third"] == "dig_tunnels"


# --- status --as and the table page -------------------------------------------------------------------
def test_status_as_a_seat_shows_the_other_players_inaccessible_orders(tmp_path) -> None:
    store, scenario = str(tmp_path / "games.sqlite"), tmp_path / "orders.json"
    sc = make_scenario(3, hands=dict.fromkeys(COLORS[:3], EVERYONE))
    scenario.write_text(json.dumps(sc))
    gid = run("new", "--store", store, "--scenario", scenario).output.strip().splitlines()[-1]
    while json.loads(run("options", gid, "--store", store, "--json").output).get("chance"):
        run("act", gid, "--store", store, "--draw", "get_food improve_reputation mine_gold")  # the non-player's
    out = " ".join(run("status", gid, "--as", "red", "--store", store).output.split())  # unwrapped
    for p in sc["players"]:
        assert f"inaccessible: {', '.join(p['inaccessible'])}" in out
    assert "non-player yellow: inaccessible: buy_traps, build_room, recruit_imps orders this round: " in out
    state = json.loads(run("status", gid, "--as", "red", "--json", "--store", store).output)
    assert [p["inaccessible"] for p in state["players"]] == [p["inaccessible"] for p in sc["players"]]


@pytest.fixture()
def app(tmp_path):
    return create_app(str(tmp_path / "games.sqlite"))


def test_a_seat_page_shows_the_other_players_inaccessible_orders(app) -> None:
    gid, c = _table(app)
    _draw_until_orders(gid, c["recorder"])
    recorder = c["recorder"].get(f"/table/{gid}").text
    for seat in ("red", "blue"):
        html = c[seat].get(f"/table/{gid}").text
        section = re.search(r'id="public-orders".*?</section>', html, re.S).group(0)
        assert section == re.search(r'id="public-orders".*?</section>', recorder, re.S).group(0)  # nothing hidden
        other = "blue" if seat == "red" else "red"
        line = re.search(rf'<li data-color="{other}">([^<]*)</li>', section).group(1)
        assert line.startswith(f"{other}: inaccessible ") and "hidden" not in line and "–" not in line
        assert re.search(r'<li data-color="yellow">non-player yellow: inaccessible \w', section)
