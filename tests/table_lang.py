"""Recording the golden tabletop game's inputs from the table page read in one language (issue #33): the
draws typed as that language's names. Shared by tests/http/test_table_page_lang.py and the browser test."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from domain.games.dungeon_lords import GAME
from domain.service.names import only_outcome, typed_name

GOLDEN = Path(__file__).parent / "golden" / "tabletop-3p.dlr"
RU, EN = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}, {"Accept-Language": "en-GB,en;q=0.9"}


def lang_of(html: str) -> str:
    """A page's ``<html lang>``."""
    return re.search(r'<html lang="(\w+)">', html).group(1)


def golden_inputs() -> list[tuple[str, str]]:
    """The golden record's inputs: (``draw`` or a seat, the rest of the line)."""
    lines = [line.split(" ", 1) for line in GOLDEN.read_text().splitlines()]
    return [(w, r) for w, r in lines if w in ("draw", "red", "blue", "green")]


def typed_in(lang: str, state, cards: list[str]) -> str:
    """A draw as a reader of ``lang`` types it: each component's name in that language (the page's chips)."""
    shown = GAME.ui.extras["name_in_language"]
    return ", ".join(typed_name(c, lambda c: shown(state, c, lang)) for c in cards)


def forced(state) -> list[str] | None:
    """The draw the service enters itself (it can come out one way only), else None."""
    p = GAME.engine.pending(state)
    return only_outcome(p.chance.pool, p.chance.count) if p.is_chance else None


def _form(html: str) -> dict[str, str]:
    return {
        "expected": re.search(r'data-event="(\d+)"', html).group(1),
        "csrf": re.search(r'name="csrf" value="([^"]+)"', html).group(1),
    }


def record_inputs(app, lang: str, inputs: int) -> tuple[str, int]:
    """The golden tabletop game's first ``inputs`` lines entered from a recorder's page read in ``lang``
    (draws typed as that language's names, decisions as the page's buttons post them): (the exported
    record, how many draws had a Cyrillic name typed)."""
    header = RU if lang == "ru" else EN
    starter = TestClient(app)
    page = starter.post(
        "/new", data={"names": "Ann, Bob, Cid", "game": "dungeon_lords", "mode": "tabletop", "variant": "first_game"}
    )
    link = dict(re.findall(r'data-seat="(\w+)" href="(/join/[^"]+)"', page.text))["recorder"]
    gid, rec = link.split("/")[2].split("?")[0], TestClient(app)
    rec.get(link.replace("&amp;", "&"))
    log, state = GAME.new_game(["Ann", "Bob", "Cid"], mode="tabletop", variant="first_game")
    cyrillic, skipped = 0, []
    for word, rest in golden_inputs()[:inputs]:
        if word == "draw" and skipped:  # a draw the service entered itself (only one outcome)
            assert skipped.pop(0) == rest.split(",")
            continue
        html = rec.get(f"/table/{gid}", headers=header).text
        assert lang_of(html) == lang
        if word == "draw":
            cards = rest.split(",")
            typed = typed_in(lang, state, cards)
            cyrillic += bool(re.search("[а-яё]", typed, re.I))
            command = GAME.rules.draw_command(cards)
            answer = rec.post(f"/table/{gid}/draw", data={"draw": typed, **_form(html)}, headers=header)
        else:
            kind, fields = rest.split(" ", 1)
            command = GAME.parse_command({"type": kind, "player": word, **json.loads(fields)})
            posted = json.dumps(command.model_dump(mode="json"))
            answer = rec.post(f"/table/{gid}/act", data={"command": posted, **_form(html)}, headers=header)
        assert answer.status_code == 200 and 'class="error"' not in answer.text, (rest, answer.text[:600])
        events, state = GAME.engine.execute(state, command)
        log += events
        while (only := forced(state)) is not None:
            events, state = GAME.engine.execute(state, GAME.rules.draw_command(only))
            log, skipped = log + events, [*skipped, only]
    return rec.get(f"/api/games/{gid}/export").text, cyrillic
