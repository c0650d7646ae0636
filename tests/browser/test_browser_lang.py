"""A table that reads two languages (issue #33), in a real Chromium: the recorder's phone is set to Russian
(Accept-Language), red's phone reads English until red taps RU on the page's switch, blue's stays English.
Year 1 of the golden 3-player tabletop game (106 inputs: set-up draws, four rounds of secret orders, actions,
adventurers, combat) is entered on these pages: every draw typed by the recorder as its Russian names (21 of
them hold Cyrillic), red's and blue's decisions on their own pages, green's by the recorder. Each page reads
its own language. Two inputs are refused on the way, each read in Russian with the Russian rulebook's section
or the engine's rule in Russian: red's first orders with one card picked twice (ORDERS_NEED_THREE, «Правила ›
Этап Приказов › Выбор приказов») and a draw typed with a misspelt Russian name (DRAW_IMPOSSIBLE, a Russian
did-you-mean). The exported record is byte for byte the record the engine writes for the same inputs (no
language anywhere), and its inputs are the golden record's first lines. That an English page records those
inputs alike is tests/http/test_table_page_lang.py's check (Russian and English pages, byte for byte), and
the whole golden game through English pages is tests/browser/test_browser_table.py's.

The pages here are not live (their EventSource is taken away): a page is loaded when its person acts, so
each input costs one page load rather than three; live pages are tests/browser/test_browser_year.py's."""

from __future__ import annotations

import json
import re

import pytest
from served import served
from table_lang import forced, golden_inputs, typed_in

from domain.games.dungeon_lords import GAME

PHONE = {"width": 390, "height": 844}
INPUTS = 106  # the golden record's inputs of Year 1: set-up draws, orders, actions, adventurers, combat
SEATS_AND_DRAW = ("draw", "red", "blue", "green")  # the record's input lines
pytestmark = pytest.mark.slow


def _at(page, event: int) -> None:
    page.wait_for_selector(f'#top[data-event="{event}"]', timeout=30_000)


def _tap(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def _phone(chromium, locale: str):
    """A phone's page in ``locale`` whose table page is not live (no EventSource: loaded when it acts)."""
    context = chromium.new_context(viewport=PHONE, locale=locale)
    context.add_init_script("delete window.EventSource;")
    return context.new_page()


def _current(page, url: str, event: int) -> None:
    """``page`` showing the game at ``event``: reloaded when another page's input moved the game on."""
    if page.get_attribute("#top", "data-event") != str(event):
        page.goto(url)
    _at(page, event)


def test_a_russian_recorder_and_seats_in_two_languages_record_the_english_record(chromium, tmp_path) -> None:
    with served(str(tmp_path / "games.sqlite")) as server:
        starter = _phone(chromium, "ru-RU")
        starter.goto(server.url + "/")
        starter.fill("input[name=names]", "Ann, Bob, Cid")
        starter.select_option("select[name=variant]", "first_game")
        _tap(starter, "form button.big")
        links = {s: starter.input_value(f"#link-{s} input.link-text") for s in ("recorder", "red", "blue")}
        gid = links["recorder"].split("/join/")[1].split("?")[0]
        recorder = starter
        recorder.goto(links["recorder"])
        red = _phone(chromium, "en-US")
        red.goto(links["red"])
        blue = _phone(chromium, "en-US")
        blue.goto(links["blue"])
        assert red.get_attribute("html", "lang") == "en"
        _tap(red, '#lang-switch a[data-lang="ru"]')  # red switches to Russian on the page
        table = f"{server.url}/table/{gid}"
        red.goto(table)  # remembered by red's browser (the address no longer says so)
        pages = {"recorder": recorder, "red": red, "blue": blue}
        assert [pages[p].get_attribute("html", "lang") for p in pages] == ["ru", "ru", "en"]

        log, state = GAME.new_game(["Ann", "Bob", "Cid"], mode="tabletop", variant="first_game")
        skipped: list[list[str]] = []
        typed_russian, refused = 0, set()
        for word, rest in golden_inputs()[:INPUTS]:
            if word == "draw" and skipped:
                assert skipped.pop(0) == rest.split(",")
                continue
            if word == "draw":
                cards = rest.split(",")
                typed = typed_in("ru", state, cards)
                typed_russian += bool(re.search("[а-яё]", typed, re.I))
                _current(recorder, table, len(log))
                first = typed.split(",")[0]
                if "draw" not in refused and (long := re.search("[а-яё]{5,}", first, re.I)):
                    refused.add("draw")  # a misspelt Russian name: refused in Russian, a Russian did-you-mean
                    recorder.fill("#draw", first[: long.end() - 1] + "ъ" + first[long.end() :])
                    _tap(recorder, "#enter-draw")
                    error = recorder.inner_text("#error")
                    assert "DRAW_IMPOSSIBLE" in error and "не может" in error and "Программа:" in error, error
                recorder.fill("#draw", typed)
                _tap(recorder, "#enter-draw")
                command = GAME.rules.draw_command(cards)
            else:
                kind, fields = rest.split(" ", 1)
                command = GAME.parse_command({"type": kind, "player": word, **json.loads(fields)})
                page = pages.get(word, recorder)
                _current(page, table, len(log))
                card = f'.decision[data-actor="{word}"]'
                if kind == "choose_orders" and page is red and "orders" not in refused:
                    refused.add("orders")  # one card picked twice: refused in Russian, the Russian section cited
                    for n, order in enumerate([command.orders[0], *command.orders[:2]], 1):
                        page.select_option(f'{card} select[data-position="{n}"]', order)
                    _tap(page, f'{card} [data-role="submit-picks"]')
                    error = page.inner_text("#error")
                    assert "ORDERS_NEED_THREE" in error and "выберите ровно 3 разных приказа" in error, error
                    assert "Правила › Этап Приказов › Выбор приказов" in error, error
                if kind == "choose_orders":
                    for n, order in enumerate(command.orders, 1):
                        page.select_option(f'{card} select[data-position="{n}"]', order)
                    _tap(page, f'{card} [data-role="submit-picks"]')
                else:
                    _tap(page, f"{card} button[data-command='{json.dumps(command.model_dump(mode='json'))}']")
            events, state = GAME.engine.execute(state, command)
            log += events
            while (only := forced(state)) is not None:
                events, state = GAME.engine.execute(state, GAME.rules.draw_command(only))
                log, skipped = log + events, [*skipped, only]
            acted = recorder if word == "draw" else page
            _at(acted, len(log))
            assert 'class="error"' not in acted.content()

        assert refused == {"draw", "orders"}
        for page in (red, blue):
            _current(page, table, len(log))
        assert "Журнал" in red.inner_text("#log") and "Log" in blue.inner_text("#log")
        red_log, blue_log = red.inner_text("#log ol"), blue.inner_text("#log ol")
        assert re.search("[а-яё]", red_log, re.I) and not re.search("[а-яё]", blue_log, re.I)
        assert typed_russian >= 5
        russian = recorder.request.get(f"{server.url}/api/games/{gid}/export").text()
    assert russian == str(GAME.export(log))  # byte for byte, the hash line too
    body = [(w, r) for w, r in (line.split(" ", 1) for line in russian.splitlines()) if w in SEATS_AND_DRAW]
    assert len(body) >= INPUTS and body == golden_inputs()[: len(body)]  # the golden game's first lines
