"""The table page in each reader's language (issue #33): Accept-Language chooses it, the page's EN/RU switch
overrides it for one browser (a cookie), two seats of one game read two languages of the same events, the
components are named in the reader's language, and the JSON API stays language-neutral."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from test_table_page import _csrf, _event, _table

from cli.http.app import create_app
from domain.games.dungeon_lords import GAME

RU, EN = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}, {"Accept-Language": "en-GB,en;q=0.9"}


@pytest.fixture()
def app(tmp_path):
    return create_app(str(tmp_path / "games.sqlite"))


def _lang(html: str) -> str:
    return re.search(r'<html lang="(\w+)">', html).group(1)


def _log(html: str) -> list[str]:
    """The log's lines as shown (numbers, text without its links)."""
    items = re.findall(r'<li value="(\d+)"[^>]*>\s*(.*?)\s*<a href', html, re.S)
    return [f"{n} {text}" for n, text in items]


def _draws_in_russian(gid: str, rec: TestClient) -> str:
    """Enter the set-up draws from the recorder's page in Russian, typing the names its chips show (Russian)
    until the orders are chosen; returns that page."""
    typed_russian = False
    for _ in range(40):
        html = rec.get(f"/table/{gid}", headers=RU).text
        if 'name="draw"' not in html:
            assert typed_russian, "no draw was typed in Russian"
            return html
        count = int(re.search(r"<h3>Вытягивание: [^(]*\((\d+)\)", html).group(1))
        names = re.findall(r'class="chip" data-name="([^"]+)"', html)
        picked = (names * count)[:count]
        typed_russian |= any(re.search("[а-яё]", n, re.I) for n in picked)
        answer = rec.post(
            f"/table/{gid}/draw",
            data={"expected": _event(html), "draw": ", ".join(picked), "csrf": _csrf(html)},
            headers=RU,
        )
        assert answer.status_code == 200, answer.text[:800]
        assert 'class="error"' not in answer.text, answer.text[:800]
    raise AssertionError("no orders phase")


def test_two_seats_read_the_same_game_each_in_their_language(app) -> None:
    gid, c = _table(app)
    recorder = _draws_in_russian(gid, c["recorder"])  # draws typed as the Russian names the page shows
    assert _lang(recorder) == "ru" and "Журнал" in recorder and "Отменить последний ввод" in recorder
    service = app.state.service
    state = service.state(gid)
    shown = GAME.ui.extras["name_in_language"]
    offer = state.board.monster_offer
    red, blue = c["red"].get(f"/table/{gid}", headers=RU).text, c["blue"].get(f"/table/{gid}", headers=EN).text
    assert (_lang(red), _lang(blue)) == ("ru", "en")
    tavern_ru = re.search(r"Подземная таверна: ([^<]*)<br>", red).group(1)
    tavern_en = re.search(r"Underground Tavern: ([^<]*)<br>", blue).group(1)
    assert tavern_ru == ", ".join(shown(state, m, "ru") for m in offer)
    assert tavern_en == ", ".join(shown(state, m, "en") for m in offer)
    assert re.search("[а-яё]", tavern_ru, re.I) and not re.search("[а-яё]", tavern_en, re.I)
    assert "Подземная таверна" not in blue and "Underground Tavern" not in red
    # the log: the same events, numbered alike, each in the reader's language
    log_ru, log_en = _log(red), _log(blue)
    assert [x.split()[0] for x in log_ru] == [x.split()[0] for x in log_en] and len(log_ru) > 5
    assert sum(bool(re.search("[а-яё]", x, re.I)) for x in log_ru) > len(log_ru) // 2
    assert not any(re.search("[а-яё]", x, re.I) for x in log_en)


def test_the_switch_overrides_the_browsers_language_and_is_remembered(app) -> None:
    gid, c = _table(app)
    blue = c["blue"]
    page = blue.get(f"/table/{gid}", headers=EN).text
    assert _lang(page) == "en" and 'id="lang-switch"' in page
    assert re.search(r'href="/table/[^"]+\?lang=ru"[^>]*>RU</a>', page)
    switched = blue.get(f"/table/{gid}?lang=ru", headers=EN)
    assert _lang(switched.text) == "ru" and "lang=ru" in switched.headers["set-cookie"]
    assert _lang(blue.get(f"/table/{gid}", headers=EN).text) == "ru"  # remembered in this browser only
    assert _lang(c["red"].get(f"/table/{gid}", headers=EN).text) == "en"
    assert _lang(blue.get(f"/table/{gid}?lang=en", headers=RU).text) == "en"
    assert _lang(blue.get(f"/table/{gid}", headers=RU).text) == "en"
    assert _lang(c["red"].get(f"/table/{gid}?lang=xx", headers=EN).text) == "en"  # an unknown one: ignored


def test_the_json_api_is_the_same_in_every_language(app) -> None:
    gid, c = _table(app)
    rec = c["recorder"]
    for path in ("state", "options", "export"):
        en = rec.get(f"/api/games/{gid}/{path}", headers=EN)
        ru = rec.get(f"/api/games/{gid}/{path}", headers=RU)
        assert en.status_code == 200 and en.content == ru.content, path


def test_accept_language_is_negotiated_by_weight() -> None:
    from cli.http.page_lang import negotiated

    assert negotiated("ru-RU,ru;q=0.9,en;q=0.5") == "ru"
    assert negotiated("en;q=0.4, ru;q=0.8") == "ru"
    assert negotiated("de-DE,de;q=0.9") == "en"
    assert negotiated("") == "en"
    assert negotiated("ru;q=0, en") == "en"


def _typed_in(lang: str, state, cards: list[str]) -> str:
    """A draw as a reader of ``lang`` types it: each component's name in that language (the page's chips)."""
    from domain.service.names import typed_name

    shown = GAME.ui.extras["name_in_language"]
    return ", ".join(typed_name(c, lambda c: shown(state, c, lang)) for c in cards)


def record_inputs(app, lang: str, inputs: int) -> tuple[str, int]:
    """The golden tabletop game's first ``inputs`` lines entered from a recorder's page read in ``lang``
    (draws typed as that language's names, decisions as the page's buttons post them): (the exported
    record, how many draws had a Cyrillic name typed)."""
    import json
    from pathlib import Path

    from domain.service.names import only_outcome

    golden = (Path(__file__).parents[1] / "golden" / "tabletop-3p.dlr").read_text().splitlines()
    body = [line.split(" ", 1) for line in golden if line.split(" ", 1)[0] in ("draw", "red", "blue", "green")]
    gid, c = _table(app)
    rec, header = c["recorder"], RU if lang == "ru" else EN
    log, state = GAME.new_game(["Ann", "Bob", "Cid"], mode="tabletop", variant="first_game")
    cyrillic, skipped = 0, []
    for word, rest in body[:inputs]:
        if word == "draw" and skipped:  # a draw the service entered itself (only one outcome)
            assert skipped.pop(0) == rest.split(",")
            continue
        html = rec.get(f"/table/{gid}", headers=header).text
        assert _lang(html) == lang
        if word == "draw":
            cards = rest.split(",")
            typed = _typed_in(lang, state, cards)
            cyrillic += bool(re.search("[а-яё]", typed, re.I))
            data = {"draw": typed}
            command = GAME.rules.draw_command(cards)
            answer = rec.post(
                f"/table/{gid}/draw", data={**data, "expected": _event(html), "csrf": _csrf(html)}, headers=header
            )
        else:
            kind, fields = rest.split(" ", 1)
            command = GAME.parse_command({"type": kind, "player": word, **json.loads(fields)})
            posted = json.dumps(command.model_dump(mode="json"))
            answer = rec.post(
                f"/table/{gid}/act",
                data={"command": posted, "expected": _event(html), "csrf": _csrf(html)},
                headers=header,
            )
        assert answer.status_code == 200 and 'class="error"' not in answer.text, (rest, answer.text[:600])
        events, state = GAME.engine.execute(state, command)
        log += events
        p = GAME.engine.pending(state)
        while p.is_chance and (forced := only_outcome(p.chance.pool, p.chance.count)) is not None:
            events, state = GAME.engine.execute(state, GAME.rules.draw_command(forced))
            log, p, skipped = log + events, GAME.engine.pending(state), [*skipped, forced]
    return rec.get(f"/api/games/{gid}/export").text, cyrillic


def test_draws_typed_in_russian_record_the_same_game_as_in_english(tmp_path) -> None:
    russian, cyrillic = record_inputs(create_app(str(tmp_path / "ru.sqlite")), "ru", 36)
    english, latin = record_inputs(create_app(str(tmp_path / "en.sqlite")), "en", 36)
    assert cyrillic >= 5 and latin == 0
    assert russian == english and russian.count("\ndraw ") >= 10  # byte for byte
