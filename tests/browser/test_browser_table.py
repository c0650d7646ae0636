"""The table page in a real Chromium at phone size: a whole 3-player tabletop game of Dungeon Lords is
recorded through it, from set-up to scoring. The recorder's page enters every draw (typed by printed
name; a draw that can come out only one way is entered by the service) and most decisions; red's and
blue's own pages, open at the same time in their own browsers, enter their secret orders. The exported
record must equal tests/golden/tabletop-3p.dlr. Screenshots of the main screens go to docs/screenshots/
(linked from docs/table-page.md).

Red's and blue's pages are not live here (their EventSource is taken away): each is loaded when its seat
acts and at the end, so an input costs one page load rather than three (every page load replays the game
so far on the server: the live pages were two thirds of this test's time). That pages follow the others'
inputs live, after every input, is tests/browser/test_browser_year.py's check (four live pages, Year 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from served import served

from domain.games.dungeon_lords import GAME
from domain.service.names import only_outcome, typed_name

ROOT = Path(__file__).parents[2]
GOLDEN = ROOT / "tests" / "golden" / "tabletop-3p.dlr"
SHOTS = ROOT / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}
SEAT_PAGES = ("red", "blue")  # the seats with a phone of their own; the recorder enters green's orders
pytestmark = pytest.mark.slow


def _body(record: str) -> list[tuple[str, str]]:
    lines = [line.split(" ", 1) for line in record.splitlines()]
    return [(word, rest) for word, rest in lines if word in ("draw", "red", "blue", "green")]


def _forced(state) -> list[str] | None:
    p = GAME.engine.pending(state)
    return only_outcome(p.chance.pool, p.chance.count) if p.is_chance else None


def _at(page, event: int) -> None:
    """Wait until ``page`` shows the game at ``event`` (after its own post, or a live reload)."""
    page.wait_for_selector(f'#top[data-event="{event}"]', timeout=20_000)


def _current(page, url: str, event: int) -> None:
    """A seat's page (not live) showing the game at ``event``: loaded again when another page's input moved it
    on. (The recorder's page is live: :func:`_at` waits for it; loading it could cut its own reload short.)"""
    if page.get_attribute("#top", "data-event") != str(event):
        page.goto(url)
    _at(page, event)


def _seat_phone(chromium):
    """A seat's phone whose table page is not live (no EventSource: loaded when its seat acts)."""
    context = chromium.new_context(viewport=PHONE)
    context.add_init_script("delete window.EventSource;")
    return context.new_page()


def _submit(page, button) -> None:
    with page.expect_navigation():
        page.click(button)


def _shot(page, name: str, full: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def test_a_tabletop_game_is_recorded_through_the_page_from_set_up_to_scoring(chromium, tmp_path) -> None:
    golden = GOLDEN.read_text()
    with served(str(tmp_path / "games.sqlite")) as server:
        recorder = chromium.new_context(viewport=PHONE).new_page()
        recorder.goto(server.url + "/")
        recorder.fill("input[name=names]", "Ann, Bob, Cid")
        recorder.select_option("select[name=game]", "dungeon_lords")
        recorder.select_option("select[name=variant]", "first_game")
        recorder.select_option("select[name=mode]", "tabletop")
        _submit(recorder, "form button.big")
        links = {a.get_attribute("data-seat"): a.get_attribute("href") for a in recorder.query_selector_all("a.join")}
        assert set(links) == {"recorder", "red", "blue", "green"}
        _shot(recorder, "01-game-started")
        pages = {"recorder": recorder}
        for seat in SEAT_PAGES:
            pages[seat] = _seat_phone(chromium)
            pages[seat].goto(server.url + links[seat])
        recorder.goto(server.url + links["recorder"])
        table = recorder.url  # the join link leads to the table page (its cookie says whose it is)
        assert "/table/" in table

        log, state = GAME.new_game(["Ann", "Bob", "Cid"], mode="tabletop", variant="first_game")
        shown = {"draw": False, "orders": False, "buttons": False}
        entered: list[list[str]] = []  # forced draws the service entered, not yet met in the golden record
        for word, rest in _body(golden):
            if word == "draw" and entered:  # the service entered it with the input before
                assert entered.pop(0) == rest.split(",")
                continue
            if word == "draw":
                page = recorder
                _at(page, len(log))
                typed = ", ".join(typed_name(c, lambda c, s=state: GAME.component_name(s, c)) for c in rest.split(","))
                command = GAME.rules.draw_command(rest.split(","))
                if not shown["draw"]:  # a typo first: refused on the page, with the rule, nothing stored
                    page.fill("#draw", "xyzzy")
                    _submit(page, "#enter-draw")
                    assert "DRAW_IMPOSSIBLE" in page.inner_text("#error") and "Rule:" in page.inner_text("#error")
                    _at(page, len(log))
                    _shot(page, "02-draw-entry")
                    shown["draw"] = True
                page.fill("#draw", typed)
                _submit(page, "#enter-draw")
            else:
                kind, data = rest.split(" ", 1)
                command = GAME.parse_command({"type": kind, "player": word, **json.loads(data)})
                page = pages[word] if kind == "choose_orders" and word in SEAT_PAGES else recorder
                if page is recorder:
                    _at(page, len(log))
                else:
                    _current(page, table, len(log))
                card = f'.decision[data-actor="{word}"]'
                if kind == "choose_orders":
                    for i, order in enumerate(command.orders, 1):
                        page.select_option(f'{card} select[data-position="{i}"]', order)
                    if page is not recorder and not shown["orders"]:
                        assert "hidden" in page.inner_text("#player-blue" if word == "red" else "#player-red")
                        _shot(page, "03-secret-orders-on-a-players-phone")
                        shown["orders"] = True
                    _submit(page, f'{card} [data-role="submit-picks"]')
                else:
                    wanted = json.dumps(command.model_dump(mode="json"))
                    button = f"{card} button[data-command='{wanted}']"
                    if not shown["buttons"] and len(page.query_selector_all(f"{card} button.option")) > 2:
                        _shot(page, "04-legal-choices")
                        shown["buttons"] = True
                    _submit(page, button)
            events, state = GAME.engine.execute(state, command)
            log += events
            while (forced := _forced(state)) is not None:  # as the service does: the next draws if forced
                events, state = GAME.engine.execute(state, GAME.rules.draw_command(forced))
                log += events
                entered.append(forced)
            _at(page, len(log))  # the page that entered it shows the game after it

        _at(recorder, len(log))  # live: it followed the seats' orders too
        for seat in SEAT_PAGES:  # and each seat's page, loaded, shows the game at its end
            _current(pages[seat], table, len(log))
        assert "winner" in recorder.inner_text("#scores")
        _shot(recorder, "05-scores")
        recorder.click("#log a[href*='/explain/']")
        recorder.wait_for_selector("pre.explain")
        _shot(recorder, "06-explain")
        gid = recorder.url.split("/table/")[1].split("/")[0]
        record = recorder.request.get(f"{server.url}/api/games/{gid}/export")
        assert record.status == 200 and record.text() == golden
        red_export = pages["red"].request.get(f"{server.url}/api/games/{gid}/export")
        assert red_export.status == 403  # a player's page cannot take the whole record
        for page in pages.values():
            page.context.close()
    tokens = [link.split("token=")[1] for link in links.values()]
    assert not any(t in server.output[0] for t in tokens)  # no token in the server's output
