"""The table page in each reader's language (issue #33): Accept-Language chooses it, the page's EN/RU switch
overrides it for one browser (a cookie), two seats of one game read two languages of the same events, the
components are named in the reader's language, and the JSON API stays language-neutral."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from table_lang import EN, RU, lang_of, record_inputs
from test_table_page import _csrf, _event, _table

from cli.http.app import create_app
from domain.games.dungeon_lords import GAME


@pytest.fixture()
def app(tmp_path):
    return create_app(str(tmp_path / "games.sqlite"))


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
    assert lang_of(recorder) == "ru" and "Журнал" in recorder and "Отменить последний ввод" in recorder
    service = app.state.service
    state = service.state(gid)
    shown = GAME.ui.extras["name_in_language"]
    offer = state.board.monster_offer
    red, blue = c["red"].get(f"/table/{gid}", headers=RU).text, c["blue"].get(f"/table/{gid}", headers=EN).text
    assert (lang_of(red), lang_of(blue)) == ("ru", "en")
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
    assert lang_of(page) == "en" and 'id="lang-switch"' in page
    assert re.search(r'href="/table/[^"]+\?lang=ru"[^>]*>RU</a>', page)
    switched = blue.get(f"/table/{gid}?lang=ru", headers=EN)
    assert lang_of(switched.text) == "ru" and "lang=ru" in switched.headers["set-cookie"]
    assert lang_of(blue.get(f"/table/{gid}", headers=EN).text) == "ru"  # remembered in this browser only
    assert lang_of(c["red"].get(f"/table/{gid}", headers=EN).text) == "en"
    assert lang_of(blue.get(f"/table/{gid}?lang=en", headers=RU).text) == "en"
    assert lang_of(blue.get(f"/table/{gid}", headers=RU).text) == "en"
    assert lang_of(c["red"].get(f"/table/{gid}?lang=xx", headers=EN).text) == "en"  # an unknown one: ignored


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


def test_draws_typed_in_russian_record_the_same_game_as_in_english(tmp_path) -> None:
    russian, cyrillic = record_inputs(create_app(str(tmp_path / "ru.sqlite")), "ru", 36)
    english, latin = record_inputs(create_app(str(tmp_path / "en.sqlite")), "en", 36)
    assert cyrillic >= 5 and latin == 0
    assert russian == english and russian.count("\ndraw ") >= 10  # byte for byte


def test_the_lobby_and_the_seat_links_read_in_the_browsers_language(app) -> None:
    client = TestClient(app)
    ru, en = client.get("/", headers=RU).text, client.get("/", headers=EN).text
    assert (lang_of(ru), lang_of(en)) == ("ru", "en")
    assert "<h2>Начать игру за столом</h2>" in ru and "<h2>Start a game at the table</h2>" in en
    assert not re.search("[а-яё]", en, re.I)
    made = client.post(
        "/new",
        data={"names": "Ann, Bob, Cid", "game": "dungeon_lords", "mode": "tabletop", "variant": "first_game"},
        headers=RU,
    ).text
    assert "<h1>Игра начата</h1>" in made and "Ссылка для red" in made


def test_the_seat_links_undo_correct_and_explain_pages_read_in_the_readers_language(app) -> None:
    """The recorder's other pages (seat links, undo, correct) and any seat's explain page: Russian words for a
    reader of Russian (the event, the prompt and the rule of an explanation too), English for English; none
    of the template's English sentences left in the Russian page."""
    gid, c = _table(app)
    rec = c["recorder"]
    _draws_in_russian(gid, rec)
    pages = {
        "links": (f"/table/{gid}/links", "Ссылки для мест", "Seat links"),
        "undo": (f"/table/{gid}/undo", "Отменить ввод?", "Take back an input?"),
        "correct": (f"/table/{gid}/correct/3", "Что следовало ввести", "What should have been entered"),
        "explain": (f"/table/{gid}/explain/3", "Событие 3", "Event 3"),
    }
    for path, russian, english in pages.values():
        ru, en = rec.get(path, headers=RU), rec.get(path, headers=EN)
        assert ru.status_code == en.status_code == 200, (path, ru.text[:400])
        assert lang_of(ru.text) == "ru" and russian in ru.text and english not in ru.text, path
        assert english in en.text and not re.search("[а-яё]", en.text, re.I), path
    explained = rec.get(pages["explain"][0], headers=RU).text
    assert "Это жребий на событии 3" in explained and "It is a draw" not in explained
    seat = c["red"].get(f"/table/{gid}/explain/3", headers=RU).text  # a seat reads it too, in its language
    assert "Событие 3" in seat
    reissued = rec.post(f"/table/{gid}/links/blue", data={"csrf": _csrf(rec.get(pages["links"][0]).text)}, headers=RU)
    assert reissued.status_code == 200 and "Новая ссылка для blue" in reissued.text


def test_the_undo_and_correct_pages_describe_the_input_in_the_readers_language(app) -> None:
    """The input an undo takes back and the one a correction replaces (the domain's English words: `event 3:
    draw ...`) read in the reader's language (cli/input_words.py); English unchanged for English."""
    gid, c = _table(app)
    rec = c["recorder"]
    _draws_in_russian(gid, rec)
    undo_ru, undo_en = (rec.get(f"/table/{gid}/undo", headers=h).text for h in (RU, EN))
    assert re.search(r"<strong>draw [^<]+</strong>", undo_en)
    assert re.search(r"<strong>вытянуто: [^<]+</strong>", undo_ru) and "<strong>draw " not in undo_ru
    correct_ru, correct_en = (rec.get(f"/table/{gid}/correct/3", headers=h).text for h in (RU, EN))
    assert re.search(r"<h1>Correct event 3: draw ", correct_en)
    heading = re.search(r"<h1>(.*?)</h1>", correct_ru, re.S).group(1)
    assert "событие 3: вытянуто: " in heading and "event" not in heading and "draw" not in heading
