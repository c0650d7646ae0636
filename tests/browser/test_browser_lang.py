"""A table that reads two languages (issue #33), in a real Chromium: the recorder's phone is set to Russian
(Accept-Language), red's phone reads English until red taps RU on the page's switch, blue's stays English.
Year 1 of the golden 3-player tabletop game (106 inputs: set-up draws, four rounds of secret orders, actions,
adventurers, combat) is entered on these pages: every draw typed by the recorder as its Russian names (21 of
them hold Cyrillic), red's and blue's decisions on their own pages, green's by the recorder. Each page reads
its own language; the exported record is byte for byte the record of the same inputs entered from an
English page (tests/table_lang.py)."""

from __future__ import annotations

import json
import re

import pytest
from served import served
from table_lang import forced, golden_inputs, record_inputs, typed_in

from cli.http.app import create_app
from domain.games.dungeon_lords import GAME

PHONE = {"width": 390, "height": 844}
INPUTS = 106  # the golden record's inputs of Year 1: set-up draws, orders, actions, adventurers, combat
pytestmark = pytest.mark.slow


def _at(page, event: int) -> None:
    page.wait_for_selector(f'#top[data-event="{event}"]', timeout=30_000)


def _tap(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def test_a_russian_recorder_and_seats_in_two_languages_record_the_english_record(chromium, tmp_path) -> None:
    with served(str(tmp_path / "games.sqlite")) as server:
        starter = chromium.new_context(viewport=PHONE, locale="ru-RU").new_page()
        starter.goto(server.url + "/")
        starter.fill("input[name=names]", "Ann, Bob, Cid")
        starter.select_option("select[name=variant]", "first_game")
        _tap(starter, "form button.big")
        links = {s: starter.input_value(f"#link-{s} input.link-text") for s in ("recorder", "red", "blue")}
        gid = links["recorder"].split("/join/")[1].split("?")[0]
        recorder = starter
        recorder.goto(links["recorder"])
        red = chromium.new_context(viewport=PHONE, locale="en-US").new_page()
        red.goto(links["red"])
        blue = chromium.new_context(viewport=PHONE, locale="en-US").new_page()
        blue.goto(links["blue"])
        assert red.get_attribute("html", "lang") == "en"
        _tap(red, '#lang-switch a[data-lang="ru"]')  # red switches to Russian on the page
        red.goto(f"{server.url}/table/{gid}")  # remembered by red's browser (the address no longer says so)
        pages = {"recorder": recorder, "red": red, "blue": blue}
        assert [pages[p].get_attribute("html", "lang") for p in pages] == ["ru", "ru", "en"]

        log, state = GAME.new_game(["Ann", "Bob", "Cid"], mode="tabletop", variant="first_game")
        skipped: list[list[str]] = []
        typed_russian = 0
        for word, rest in golden_inputs()[:INPUTS]:
            if word == "draw" and skipped:
                assert skipped.pop(0) == rest.split(",")
                continue
            if word == "draw":
                cards = rest.split(",")
                typed = typed_in("ru", state, cards)
                typed_russian += bool(re.search("[а-яё]", typed, re.I))
                _at(recorder, len(log))
                recorder.fill("#draw", typed)
                _tap(recorder, "#enter-draw")
                command = GAME.rules.draw_command(cards)
            else:
                kind, fields = rest.split(" ", 1)
                command = GAME.parse_command({"type": kind, "player": word, **json.loads(fields)})
                page = pages.get(word, recorder)
                _at(page, len(log))
                card = f'.decision[data-actor="{word}"]'
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
            for page in pages.values():
                _at(page, len(log))
                assert 'class="error"' not in page.content()

        assert "Журнал" in red.inner_text("#log") and "Log" in blue.inner_text("#log")
        red_log, blue_log = red.inner_text("#log ol"), blue.inner_text("#log ol")
        assert re.search("[а-яё]", red_log, re.I) and not re.search("[а-яё]", blue_log, re.I)
        assert typed_russian >= 5
        russian = recorder.request.get(f"{server.url}/api/games/{gid}/export").text()
    english, _ = record_inputs(create_app(str(tmp_path / "en.sqlite")), "en", INPUTS)
    assert russian == english  # byte for byte
