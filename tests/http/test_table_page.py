"""The table page without a browser (the browser test records a whole game): what each page shows and
hides, refusals and conflicts on the page, undo and correct with their confirmation first."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from cli.http.app import create_app


@pytest.fixture()
def app(tmp_path):
    return create_app(str(tmp_path / "games.sqlite"))


def _table(app, game: str = "dungeon_lords", names: str = "Ann, Bob, Cid", variant: str = "first_game"):
    """A tabletop game started from the index page: (id, {seat: a client that joined as it})."""
    starter = TestClient(app)
    page = starter.post("/new", data={"names": names, "game": game, "mode": "tabletop", "variant": variant})
    assert page.status_code == 200
    links = dict(re.findall(r'data-seat="(\w+)" href="(/join/[^"]+)"', page.text))
    gid = links["recorder"].split("/")[2].split("?")[0]
    clients = {}
    for seat, link in links.items():
        clients[seat] = TestClient(app, raise_server_exceptions=False)
        assert clients[seat].get(link.replace("&amp;", "&")).status_code == 200  # the join link, then the page
    return gid, clients


def _event(html: str) -> int:
    return int(re.search(r'data-event="(\d+)"', html).group(1))


def _csrf(html: str) -> str:
    """The form token a page's forms carry (a post without it, from another page, is refused)."""
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def _draw_until_orders(gid, rec) -> str:
    """Enter the set-up draws on the recorder's page (the first possible names) until orders are chosen."""
    for _ in range(40):
        html = rec.get(f"/table/{gid}").text
        if 'name="draw"' not in html:
            return html
        count = int(re.search(r"<h3>Draw: [^(]*\((\d+)\)", html).group(1))
        names = re.findall(r'class="chip" data-name="([^"]+)"', html)
        typed = ", ".join((names * count)[:count]) if len(names) < count else ", ".join(names[:count])
        answer = rec.post(f"/table/{gid}/draw", data={"expected": _event(html), "draw": typed, "csrf": _csrf(html)})
        assert answer.status_code == 200, answer.text[:500]
    raise AssertionError("no orders phase")


def test_each_seat_page_shows_its_own_hand_and_hides_the_others_orders(app) -> None:
    gid, c = _table(app)
    html = _draw_until_orders(gid, c["recorder"])
    assert "Choose 3 orders" in html
    red = c["red"].get(f"/table/{gid}").text
    assert 'data-actor="red"' in red and 'data-actor="blue"' not in red  # only its own choices
    assert 'name="draw"' not in red
    hands = re.findall(r'<p class="hand">hand: ([^<\n]*)', red)
    assert "hidden" not in hands[0] and hands[1:] == ["6 hidden", "6 hidden"]
    blue = c["blue"].get(f"/table/{gid}").text
    form = re.search(r'data-actor="blue".*?</form>', blue, re.S).group(0)
    picks = [re.search(r'<option value="([^"]+)"', col).group(1) for col in form.split('class="pick"')[1:]]
    base = re.search(r'name="base_command" value="([^"]+)"', form).group(1).replace("&#34;", '"')
    data = {"expected": _event(blue), "base_command": base, "field": "orders", "pick": picks, "csrf": _csrf(blue)}
    done = c["blue"].post(f"/table/{gid}/act", data=data)
    assert done.status_code == 200 and "blue chose 3 orders (secret)" in done.text
    red = c["red"].get(f"/table/{gid}").text
    blue_section = re.search(r'id="player-blue".*?</section>', red, re.S).group(0)
    assert "orders: 3 hidden" in blue_section
    assert c["red"].post(f"/table/{gid}/act", data={**data, "csrf": _csrf(red)}).status_code == 403  # blue's, from red


def test_a_refused_input_on_the_page_says_code_message_and_rule_and_stores_nothing(app) -> None:
    gid, c = _table(app)
    html = c["recorder"].get(f"/table/{gid}").text
    refused = c["recorder"].post(
        f"/table/{gid}/draw", data={"expected": _event(html), "draw": "trol", "csrf": _csrf(html)}
    )
    assert refused.status_code == 422
    assert 'id="draw"' in refused.text and 'value="trol"' in refused.text  # what was typed is kept
    typo = c["recorder"].post(
        f"/table/{gid}/draw", data={"expected": _event(html), "draw": "get fod, mine gold", "csrf": _csrf(html)}
    )
    assert typo.status_code == 422 and 'value="get fod, mine gold"' in typo.text
    assert 'class="chip suggestion" data-name="get food" data-wrong="get fod"' in typo.text  # a tap fixes it
    assert "DRAW_IMPOSSIBLE" in refused.text and "Rule:" in refused.text and _event(refused.text) == _event(html)
    assert c["red"].post(f"/table/{gid}/draw", data={"expected": _event(html), "draw": "x"}).status_code == 403
    stale = c["recorder"].post(
        f"/table/{gid}/draw", data={"expected": 99, "draw": "get food, mine gold", "csrf": _csrf(html)}
    )
    assert stale.status_code == 409 and "Nothing of yours was stored" in stale.text
    assert _event(stale.text) == _event(html)
    nobody = TestClient(app, raise_server_exceptions=False)
    locked = nobody.get(f"/table/{gid}")
    assert locked.status_code == 401 and "join link" in locked.text and "<html" in locked.text
    assert nobody.get(f"/join/{gid}?token=wrong").status_code == 401


def test_undo_and_correct_on_the_page_say_what_they_change_before_they_do(app) -> None:
    gid, c = _table(app)
    rec = c["recorder"]
    first = rec.get(f"/table/{gid}").text
    rec.post(
        f"/table/{gid}/draw", data={"expected": _event(first), "draw": "get food, mine gold", "csrf": _csrf(first)}
    )
    after = rec.get(f"/table/{gid}").text
    ask = rec.get(f"/table/{gid}/undo").text
    assert "This takes back" in ask and "get" in ask and _event(after) > _event(first)
    assert _event(rec.get(f"/table/{gid}").text) == _event(after)  # asking changed nothing
    undone = rec.post(f"/table/{gid}/undo", data={"expected": _event(after), "csrf": _csrf(ask)})
    assert undone.status_code == 200 and "(undone by event" in undone.text
    again = rec.post(
        f"/table/{gid}/draw",
        data={"expected": _event(undone.text), "draw": "get food, mine gold", "csrf": _csrf(after)},
    )
    n = int(re.findall(r'href="/table/[^/]+/correct/(\d+)"', again.text)[0])
    form = rec.get(f"/table/{gid}/correct/{n}")
    assert form.status_code == 200 and 'name="draw"' in form.text
    at = _event(again.text)
    dry = rec.post(
        f"/table/{gid}/correct/{n}", data={"expected": at, "draw": "buy traps, build room", "csrf": _csrf(form.text)}
    )
    assert dry.status_code == 200 and "becomes" in dry.text and 'name="confirm" value="true"' in dry.text
    assert _event(rec.get(f"/table/{gid}").text) == at  # the dry run stored nothing
    done = rec.post(
        f"/table/{gid}/correct/{n}",
        data={"expected": at, "draw": "buy traps, build room", "confirm": "true", "csrf": _csrf(dry.text)},
    )
    assert done.status_code == 200 and _event(done.text) > at
    newest = re.search(r'<li value="\d+" class="(\w+)[^"]*">\s*([^<]*)', done.text.split('id="log"')[1])
    assert "buy_traps, build_room" in newest.group(2) and "superseded by the correction at event" in done.text
    assert c["red"].get(f"/table/{gid}/undo").status_code == 403


def test_a_monster_inn_table_runs_on_the_same_page(app) -> None:
    gid, c = _table(app, game="monster_inn", names="A, B, C", variant="standard")
    html = c["recorder"].get(f"/table/{gid}").text
    dealt = c["recorder"].post(
        f"/table/{gid}/draw", data={"expected": _event(html), "draw": "m1 m2 h6-10", "csrf": _csrf(html)}
    )
    assert dealt.status_code == 200 and "Round 1" in dealt.text
    p = re.search(r"Waiting for: (p\d)", dealt.text).group(1)
    mine = c[p].get(f"/table/{gid}").text
    button = re.search(r'name="command" value="([^"]+)"', mine).group(1).replace("&#34;", '"')
    took = c[p].post(f"/table/{gid}/act", data={"expected": _event(mine), "command": button, "csrf": _csrf(mine)})
    assert took.status_code == 200 and _event(took.text) > _event(mine)
    other = next(s for s in ("p1", "p2", "p3") if s != p)
    theirs = c[other].get(f"/table/{gid}").text
    section = re.search(rf'id="player-{p}".*?</section>', theirs, re.S).group(0)
    assert "gold hidden" in section  # another player's supply


# Issue #30, security: another page (another site, or another port of this machine, which SameSite does not
# tell apart) cannot act with a table page's cookie. Each probe answers 403 and stores nothing.


def _recorder_at_draw(app):
    gid, c = _table(app)
    rec = c["recorder"]
    html = rec.get(f"/table/{gid}").text
    return gid, rec, html


def _stored(rec, gid) -> int:
    return _event(rec.get(f"/table/{gid}").text)


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://127.0.0.1:9999"},  # another port of the same host
        {"Origin": "http://evil.example"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},  # a sibling: still not this service's own page
    ],
)
def test_csrf_a_post_from_another_origin_is_refused_and_changes_nothing(app, headers) -> None:
    gid, rec, html = _recorder_at_draw(app)
    data = {"expected": _event(html), "draw": "get food, mine gold", "csrf": _csrf(html)}  # even with the token
    for path, body in ((f"/table/{gid}/draw", data), (f"/table/{gid}/undo", {"expected": _event(html)})):
        answer = rec.post(path, data=body, headers=headers)
        assert answer.status_code == 403 and "Refused" in answer.text and "<html" in answer.text
    assert rec.post("/new", data={"names": "A, B"}, headers=headers).status_code == 403
    assert _stored(rec, gid) == _event(html)


def test_csrf_a_form_without_the_page_token_is_refused_and_changes_nothing(app) -> None:
    gid, rec, html = _recorder_at_draw(app)
    for token in (None, "0" * 32, _csrf(html)[::-1]):
        data = {"expected": _event(html), "draw": "get food, mine gold"} | ({"csrf": token} if token else {})
        answer = rec.post(f"/table/{gid}/draw", data=data)
        assert answer.status_code == 403 and "own page" in answer.text
    assert rec.post(f"/table/{gid}/undo", data={"expected": _event(html)}).status_code == 403
    assert _stored(rec, gid) == _event(html)
    same_origin = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    data = {"expected": _event(html), "draw": "get food, mine gold", "csrf": _csrf(html)}
    assert rec.post(f"/table/{gid}/draw", data=data, headers=same_origin).status_code == 200


def test_every_answer_keeps_the_referrer_and_frames_to_itself(app) -> None:
    gid, rec, _ = _recorder_at_draw(app)
    for answer in (rec.get("/"), rec.get(f"/table/{gid}"), rec.get("/api/games"), rec.get("/nowhere")):
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert answer.headers["x-frame-options"] == "DENY"


def test_the_lobby_shows_players_names_only_to_a_browser_that_joined(app) -> None:
    gid, rec, _ = _recorder_at_draw(app)
    stranger = TestClient(app)
    lobby = lambda client: client.get("/").text.split('class="games"')[1]  # noqa: E731
    assert "Ann" not in lobby(stranger) and "red, blue, green" in lobby(stranger) and "Ann" in lobby(rec)
    listed = {g["id"]: g["seats"] for g in stranger.get("/api/games").json()}
    assert listed[gid] == ["red", "blue", "green"]
    assert any("Ann" in s for s in rec.get("/api/games").json()[0]["seats"])


def test_join_cookie_is_secure_over_https(app) -> None:
    starter = TestClient(app, base_url="https://table.example")
    page = starter.post("/new", data={"names": "Ann, Bob", "mode": "tabletop"})
    link = re.search(r'data-seat="red" href="(/join/[^"]+)"', page.text).group(1).replace("&amp;", "&")
    joined = starter.get(link, follow_redirects=False)
    assert "secure" in joined.headers["set-cookie"].lower()
    plain = TestClient(app)
    page = plain.post("/new", data={"names": "Ann, Bob", "mode": "tabletop"})
    link = re.search(r'data-seat="red" href="(/join/[^"]+)"', page.text).group(1).replace("&amp;", "&")
    assert "secure" not in plain.get(link, follow_redirects=False).headers["set-cookie"].lower()


def test_export_downloads_a_file_and_correct_links_only_where_a_correction_is_possible(app) -> None:
    gid, rec, html = _recorder_at_draw(app)
    rec.post(f"/table/{gid}/draw", data={"expected": _event(html), "draw": "get food, mine gold", "csrf": _csrf(html)})
    after = rec.get(f"/table/{gid}").text
    rec.post(f"/table/{gid}/undo", data={"expected": _event(after), "csrf": _csrf(after)})
    page = rec.get(f"/table/{gid}").text
    links = re.findall(r'href="(/table/[^/]+/correct/\d+)"', page)
    assert all(rec.get(link).status_code == 200 for link in links)
    exported = rec.get(f"/api/games/{gid}/export")
    assert exported.headers["content-disposition"] == f'attachment; filename="{gid}.dlr"'
    assert rec.get("/favicon.ico").status_code == 200
    docs = rec.get("/docs").text
    assert "cdn" not in docs.lower() and "/static-offline-docs/swagger-ui-bundle.js" in docs


def _picks_form(html: str, seat: str):
    form = re.search(rf'data-actor="{seat}".*?</form>', html, re.S).group(0)
    base = re.search(r'name="base_command" value="([^"]+)"', form).group(1).replace("&#34;", '"')
    columns = form.split('class="pick"')[1:]
    return base, [re.findall(r'<option value="([^"]+)"', col) for col in columns], columns


def test_orders_pickers_start_empty_and_a_real_conflict_keeps_the_picks_and_says_what_changed(app) -> None:
    gid, c = _table(app)
    _draw_until_orders(gid, c["recorder"])
    red = c["red"].get(f"/table/{gid}").text
    base, columns, raw = _picks_form(red, "red")
    assert all("disabled selected>choose" in col for col in raw)  # nothing chosen for the player
    blue = c["blue"].get(f"/table/{gid}").text
    b_base, b_columns, _ = _picks_form(blue, "blue")
    blue_picks = [col[i] for i, col in enumerate(b_columns)]
    data = {"expected": _event(blue), "base_command": b_base, "field": "orders", "pick": blue_picks}
    assert c["blue"].post(f"/table/{gid}/act", data={**data, "csrf": _csrf(blue)}).status_code == 200
    mine = [col[i + 1] for i, col in enumerate(columns)]
    red_data = {"expected": _event(red), "base_command": base, "field": "orders", "pick": mine, "csrf": _csrf(red)}
    stored = c["red"].post(f"/table/{gid}/act", data=red_data)  # blue answered meanwhile: no conflict
    assert stored.status_code == 200 and "red chose 3 orders (secret)" in stored.text
    rec = c["recorder"]
    now = rec.get(f"/table/{gid}").text
    assert rec.post(f"/table/{gid}/undo", data={"expected": _event(now), "csrf": _csrf(now)}).status_code == 200
    green = c["green"].get(f"/table/{gid}").text
    g_base, g_columns, _ = _picks_form(green, "green")
    rec_now = rec.get(f"/table/{gid}").text
    rec.post(f"/table/{gid}/undo", data={"expected": _event(rec_now), "csrf": _csrf(rec_now)})  # a real change
    g_picks = [col[i] for i, col in enumerate(g_columns)]
    answer = c["green"].post(
        f"/table/{gid}/act",
        data={
            "expected": _event(green),
            "base_command": g_base,
            "field": "orders",
            "pick": g_picks,
            "csrf": _csrf(green),
        },
    )
    assert (
        answer.status_code == 409 and "Nothing of yours was stored" in answer.text and "Since you looked" in answer.text
    )
    _, _, kept = _picks_form(answer.text, "green")
    assert [re.search(r'<option value="([^"]+)" selected>', col).group(1) for col in kept] == g_picks
