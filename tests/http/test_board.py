"""The board without a manual: squares named the same way everywhere (columns A.., rows 1..: "B2") on the
table page, in the CLI's diagram and in option texts; the page's SVG board with its legal squares tappable;
and choices that say what they cost and yield, worked out from their own events."""

from __future__ import annotations

import html as htmllib
import json
import random
import re

import pytest
from clirun import run, runner_input
from fastapi.testclient import TestClient

from cli.http.app import create_app
from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import dungeon as dg
from domain.games.dungeon_lords.commands import parse_command
from domain.games.dungeon_lords.costs import RESOURCES, describe_effect, option_effect
from domain.games.dungeon_lords.describe import describe_command, describe_event
from domain.games.dungeon_lords.errors import RuleViolation
from domain.games.dungeon_lords.game_info import GRID_COLS, GRID_ROWS

# --- the labelling convention -------------------------------------------------------------------


def test_a_square_is_named_by_its_column_letter_then_its_row_number() -> None:
    assert dg.label((0, 2)) == "C1"  # the entrance's square
    assert dg.label((1, 1)) == "B2" and dg.label((3, 4)) == "E4"
    names = [dg.label(sq) for sq in dg.squares()]
    assert len(set(names)) == GRID_ROWS * GRID_COLS
    assert all(dg.parse_label(n) == sq for n, sq in zip(names, dg.squares(), strict=True))
    assert dg.parse_label(" b2 ") == (1, 1)
    for wrong in ("Z9", "B0", "B5", "2B", ""):
        with pytest.raises(ValueError, match="such as B2"):
            dg.parse_label(wrong)


def test_option_and_log_texts_name_squares_as_the_page_labels_them() -> None:
    dig = parse_command({"type": "dig_tunnel", "player": "red", "square": [0, 1]})
    assert describe_command(dig) == "dig a tunnel at B1"
    build = parse_command({"type": "build_room", "player": "red", "room": "tool_shed", "square": [1, 2]})
    assert describe_command(build) == "build the Tool Shed at C2"
    plan = parse_command({"type": "plan_battle", "player": "red", "tile": [2, 3]})
    assert describe_command(plan).startswith("battle at D3")
    dug = GAME.event_from_json({"type": "TunnelDug", "color": "red", "square": [3, 0]})
    assert describe_event(dug) == "red dug a tunnel at A4"


def test_a_command_may_name_its_square_by_label_and_a_wrong_label_is_refused_in_words() -> None:
    typed = parse_command({"type": "dig_tunnel", "player": "red", "square": "b2"})
    assert typed == parse_command({"type": "dig_tunnel", "player": "red", "square": [1, 1]})
    with pytest.raises(RuleViolation) as refused:
        parse_command({"type": "dig_tunnel", "player": "red", "square": "F1"})
    assert refused.value.code == "COMMAND_MALFORMED" and "'F1' is not a square" in refused.value.message


def test_the_cli_diagram_labels_columns_and_rows_as_the_page_does() -> None:
    _, state = GAME.new_game(["Ann", "Bob"], seed=3)
    lines = dg.render(state.players[0].dungeon).splitlines()
    assert lines[0].split() == list("ABCDE")
    assert lines[1].index("v") == lines[0].index("C")  # the entrance above C1
    assert [line.split()[0] for line in lines[2:]] == ["1", "2", "3", "4"]


def test_the_cli_options_table_shows_squares_by_label_and_what_each_choice_costs(tmp_path) -> None:
    store = str(tmp_path / "games.sqlite")
    game = run("new", "--store", store, "--names", "Ann,Bob,Cid", "--seed", "7").output.strip().splitlines()[-1]
    for _ in range(40):
        out = run("options", game, "--store", store).output
        if "dig a tunnel at" in out:
            break
        run("act", game, "--pick", "1", "--store", store)
    assert "costs / yields" in out
    assert re.search(r"dig a tunnel at [A-E][1-4]\s*│ \+1 imp\(s\) at work this round", out), out
    recorded = runner_input(["record", game, "--store", store], "quit\n")  # the same choices, numbered
    assert re.search(r"\d+\. dig a tunnel at [A-E][1-4]  \(\+1 imp\(s\) at work this round\)", recorded), recorded
    status = run("status", game, "--store", store).output
    assert re.search(r"^\s+A B C D E$", status, re.M) and re.search(r"^\s+4 [.#]( [.#]){4}$", status, re.M)


# --- costs and yields -----------------------------------------------------------------------------


STEP_ENDS = ("RoundEnded", "PhaseBegan", "YearBegan")


def _counts(state, color: str) -> dict[str, int]:
    p = next(p for p in state.players if p.color == color)
    return {k: len(v) if isinstance(v := getattr(p, k), list) else int(v) for k, _ in RESOURCES}


def test_the_shown_cost_is_what_executing_the_option_changes_for_its_player() -> None:
    """Every option of a seeded game's decisions up to Combat: the effect shown equals the player's counts
    after executing it less those before, unless it ended the round or phase (imps come back then by the
    rules' own step). Combat's own consequences, such as a conquest, are the rules' answer to a
    plan and may rest on face-down cards: not the option's, and not shown."""
    _, state = GAME.new_game(["Ann", "Bob", "Cid"], mode="digital", seed=7)
    engine, rng = GAME.engine, random.Random(1)
    checked = shown = 0
    hired = ""
    while state.phase != "combat":
        p = engine.pending(state)
        actor = p.actors[0]
        options = list(p.options(actor))
        if p.kind != "choose_orders":
            for o in options:
                events, after = engine.execute_pure(state, o)
                if any(e.type in STEP_ENDS for e in events):
                    continue  # the option ended the round or phase: imps come back by the rules, not by it
                before, now = _counts(state, actor), _counts(after, actor)
                assert option_effect(state, p, o) == {k: now[k] - before[k] for k in now if now[k] != before[k]}, o
                checked += 1
                shown += bool(option_effect(state, p, o))
                if o.type == "hire_monster" and not hired:
                    hired = f"{describe_command(o)}: {describe_effect(state, p, o)}"
        _, state = engine.execute(state, rng.choice(options))
    assert checked > 50 and shown > 10
    assert re.fullmatch(r"hire the .+: -\d (gold|food).*", hired), hired  # a monster's price, in words


def test_an_option_that_changes_no_count_shows_nothing() -> None:
    _, state = GAME.new_game(["Ann", "Bob"], mode="digital", seed=3)
    p = GAME.engine.pending(state)
    assert p.kind == "choose_orders"
    assert describe_effect(state, p, p.options("red")[0]) == ""  # secret orders cost nothing yet


# --- the table page -------------------------------------------------------------------------------


@pytest.fixture()
def app(tmp_path):
    return create_app(str(tmp_path / "games.sqlite"))


def _digging(app):
    """A digital game started from the index page and played through its service until a player digs:
    (id, digger, {seat: a client that joined as it})."""
    starter = TestClient(app)
    page = starter.post("/new", data={"names": "Ann, Bob, Cid", "mode": "digital", "variant": "first_game"})
    links = dict(re.findall(r'data-seat="(\w+)" href="(/join/[^"]+)"', page.text))
    gid = links["recorder"].split("/")[2].split("?")[0]
    clients = {}
    for seat, link in links.items():
        clients[seat] = TestClient(app, raise_server_exceptions=False)
        assert clients[seat].get(link.replace("&amp;", "&")).status_code == 200
    service = app.state.service
    package = service.game_of(gid)
    for _ in range(200):
        p = package.engine.pending(service.state(gid))
        if p.kind == "digging":
            return gid, p.actors[0], clients
        options = list(p.options(p.actors[0]))  # every order line with Dig Tunnels first, to dig soon
        service.execute(gid, next((o for o in options if "dig" in json.dumps(o.model_dump())), options[0]))
    raise AssertionError("nobody digs")


def _section(html: str, color: str) -> str:
    return re.search(rf'id="player-{color}".*?</section>', html, re.S).group(0)


def test_the_page_draws_every_square_labelled_and_the_legal_ones_as_buttons_that_answer(app) -> None:
    gid, digger, c = _digging(app)
    html = c[digger].get(f"/table/{gid}").text
    for color in re.findall(r'<section class="card player" id="player-(\w+)"', html):
        site = _section(html, color)
        squares = re.findall(r'<g class="sq[^"]*" data-square="(\w+)" role="img" aria-label="(\w+): ', site)
        assert [a for a, b in squares if a == b] == [dg.label(sq) for sq in dg.squares()]
        assert (color == digger) == ('class="tap"' in site)  # only the digger's own squares answer
    site = _section(html, digger)
    taps = re.findall(r'<form method="post" action="([^"]+)">(.*?)</form>', site, re.S)
    legal = re.findall(r'<g class="sq legal" data-square="(\w+)"', site)
    assert legal and len(taps) == len(legal)
    action, fields = taps[0]
    data = {k: htmllib.unescape(v) for k, v in re.findall(r'name="(\w+)" value="([^"]*)"', fields)}
    words = htmllib.unescape(re.search(r'aria-label="([^"]+)"', fields).group(1))
    square = words.rsplit(" ", 1)[1]
    assert words == f"dig a tunnel at {square}" and square == legal[0]
    assert re.search(rf'data-square="{square}" role="img" aria-label="{square}: rock"', site)
    done = c[digger].post(action, data=data)
    assert done.status_code == 200, done.text[:500]
    assert f"{digger} dug a tunnel at {square}" in done.text
    assert re.search(rf'data-square="{square}" role="img" aria-label="{square}: tunnel"', _section(done.text, digger))


def test_the_central_board_shows_the_minions_on_their_spaces_the_evilometer_and_the_season(app) -> None:
    gid, digger, c = _digging(app)
    html = c["recorder"].get(f"/table/{gid}").text
    board = re.search(r'<svg[^>]*aria-label="the central board".*?</svg>', html, re.S).group(0)
    assert f'aria-label="dig tunnels I: {digger}\'s minion"' in board or f"dig tunnels II: {digger}" in board
    season = re.search(r"<h2>Year 1, (\w+) &middot;", html).group(1)
    assert re.findall(r'aria-label="(\w+) \(now\)"', board) == [season]
    assert re.findall(r"<title>(\w+): Evil \d+</title>", board) == ["red", "blue", "green"]


def test_the_page_buttons_say_what_an_option_costs(app) -> None:
    gid, digger, c = _digging(app)
    service = app.state.service
    package = service.game_of(gid)
    for _ in range(200):  # on to a decision that spends something
        state = service.state(gid)
        p = package.engine.pending(state)
        costly = [o for o in p.options(p.actors[0]) if describe_effect(state, p, o)]
        if costly and p.kind != "choose_orders":
            break
        service.execute(gid, p.options(p.actors[0])[0])
    html = c["recorder"].get(f"/table/{gid}").text
    for o in costly:
        words, effect = htmllib.escape(describe_command(o), quote=False), describe_effect(state, p, o)
        assert f'{words} <small class="effect">{effect}</small>' in html


def test_monster_inn_draws_the_inn_and_each_seat_s_cards_as_rows_of_cards(app) -> None:
    starter = TestClient(app)
    page = starter.post("/new", data={"names": "A, B, C", "game": "monster_inn", "mode": "tabletop"})
    link = re.search(r'data-seat="recorder" href="(/join/[^"]+)"', page.text).group(1).replace("&amp;", "&")
    gid = link.split("/")[2].split("?")[0]
    rec = TestClient(app)
    html = rec.get(link).text
    expected = re.search(r'data-event="(\d+)"', html).group(1)
    csrf = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
    dealt = rec.post(f"/table/{gid}/draw", data={"expected": expected, "draw": "m1 m2 h6-10", "csrf": csrf}).text
    inn = re.search(r'<ul class="card-row" aria-label="the Inn row[^"]*">(.*?)</ul>', dealt, re.S).group(1)
    assert sorted(re.findall(r'data-card="([^"]+)"', inn)) == ["h6-10", "m1", "m2"]
    assert len(re.findall(r'aria-label="p\d\'s (?:monsters|humanoids)"', dealt)) == 6


def test_many_squares_to_choose_from_are_buttons_named_by_label_not_a_row_and_a_column_picked_apart() -> None:
    from types import SimpleNamespace

    from cli.http.page_forms import PICKS_OVER, decision_forms

    _, state = GAME.new_game(["Ann", "Bob"], seed=3)
    digs = [parse_command({"type": "dig_tunnel", "player": "red", "square": list(sq)}) for sq in dg.squares()]
    assert len(digs) > PICKS_OVER
    pending = SimpleNamespace(options=lambda actor: digs, handle=None)
    (form,) = decision_forms(GAME, state, pending, ["red"])
    assert "picks" not in form
    assert [label for label, _, _ in form["buttons"]] == [f"dig a tunnel at {dg.label(sq)}" for sq in dg.squares()]


def test_a_dungeon_picture_has_tokens_for_its_party_monsters_and_traps_as_the_view_shows_them() -> None:
    from cli.games.dungeon_lords.board_svg import dungeon_svg

    player = {
        "color": "red",
        "dungeon": [[None] * GRID_COLS for _ in range(GRID_ROWS)],
        "party": ["warrior 3", "priest 3 heal 1"],
        "monsters": [{"id": "troll", "knocked_out": True}],
        "traps": ["hidden", "hidden"],
    }
    svg = str(dungeon_svg(player, str, {}, {"action": "/x", "expected": 1, "csrf": "t"}))
    tokens = re.findall(r'aria-label="(party|monsters|traps): ([^"]+)"', svg)
    assert tokens == [
        ("party", "warrior 3"),
        ("party", "priest 3 heal 1"),
        ("monsters", "troll (face down)"),
        ("traps", "hidden"),
        ("traps", "hidden"),
    ]
    assert 'class="tap"' not in svg and svg.count('role="img" aria-label="') == GRID_ROWS * GRID_COLS + 5
