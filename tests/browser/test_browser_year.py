"""A whole Year at a table of phones (issue #30), in a real Chromium at 390x844: the recorder's page and
three seat pages, each opened from its join link, record Year 1 of the golden 3-player tabletop game.
Every seat enters its own decisions on its own page; all three enter their secret orders within the same
200 ms and none is told of a conflict; adventurers are typed as their tiles read (class and hit points);
one tunnel is dug by tapping the board; a draw with a typo is refused and corrected by tapping its
did-you-mean. The record exported at the end of the Year is the golden record's, line for line.

The taps and keystrokes each person needed are counted (a select is two taps, a link opened one).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import pytest
from served import served

from domain.games.dungeon_lords import GAME
from domain.service.names import only_outcome, typed_name

ROOT = Path(__file__).parents[2]
GOLDEN = ROOT / "tests" / "golden" / "tabletop-3p.dlr"
PHONE = {"width": 390, "height": 844}
SEATS = ("red", "blue", "green")
pytestmark = pytest.mark.slow


class Hands:
    """What each person did on their page: taps and keystrokes."""

    def __init__(self) -> None:
        self.taps: Counter[str] = Counter()
        self.keys: Counter[str] = Counter()

    def tap(self, who: str, page, selector: str, wait: bool = True) -> None:
        self.taps[who] += 1
        if wait:
            with page.expect_navigation():
                page.click(selector)
        else:
            page.click(selector, no_wait_after=True)

    def type(self, who: str, page, selector: str, text: str) -> None:
        self.keys[who] += len(text)
        page.fill(selector, text)

    def pick(self, who: str, page, selector: str, value: str) -> None:
        self.taps[who] += 2  # open the list, choose
        page.select_option(selector, value)


def _at(page, event: int) -> None:
    page.wait_for_selector(f'#top[data-event="{event}"]', timeout=30_000)


def _body(record: str) -> list[tuple[str, str]]:
    lines = [line.split(" ", 1) for line in record.splitlines()]
    return [(word, rest) for word, rest in lines if word in ("draw", *SEATS)]


def _forced(state):
    p = GAME.engine.pending(state)
    return only_outcome(p.chance.pool, p.chance.count) if p.is_chance else None


def test_a_whole_year_at_a_table_of_phones(chromium, tmp_path) -> None:
    hands = Hands()
    golden = _body(GOLDEN.read_text())
    with served(str(tmp_path / "games.sqlite")) as server:
        recorder = chromium.new_context(viewport=PHONE).new_page()
        recorder.goto(server.url + "/")
        hands.type("recorder", recorder, "input[name=names]", "Ann, Bob, Cid")
        hands.pick("recorder", recorder, "select[name=variant]", "first_game")
        hands.tap("recorder", recorder, "form button.big")
        links = {s: recorder.input_value(f"#link-{s} input.link-text") for s in ("recorder", *SEATS)}
        pages = {"recorder": recorder}
        for seat in SEATS:  # each player scans their code: one tap
            pages[seat] = chromium.new_context(viewport=PHONE).new_page()
            pages[seat].goto(links[seat])
            hands.taps[seat] += 1
        recorder.goto(links["recorder"])

        log, state = GAME.new_game(["Ann", "Bob", "Cid"], mode="tabletop", variant="first_game")
        done = {"typo": False, "tap": False, "adventurers": False, "orders": 0}
        entered: list[list[str]] = []  # draws the service entered itself (forced), met later in the record
        i = 0
        while i < len(golden) and state.year == 1:
            word, rest = golden[i]
            if word == "draw" and entered:
                assert entered.pop(0) == rest.split(","), "the service entered the forced draw"
                i += 1
                continue
            if word == "draw":
                cards = rest.split(",")
                names = [typed_name(c, lambda c, s=state: GAME.component_name(s, c)) for c in cards]
                _at(recorder, len(log))
                if GAME.engine.pending(state).chance.what == "adventurers":
                    assert all(n.split()[1].isdigit() for n in names)  # "warrior 3": class and hit points
                    done["adventurers"] = True
                long = next((n for n in names if len(n) >= 6 and n.isalpha()), None)
                if long and not done["typo"]:  # a typo: refused, kept, fixed by tapping its did-you-mean
                    typo = long[:2] + long[3:]
                    hands.type("recorder", recorder, "#draw", ", ".join(typo if n == long else n for n in names))
                    hands.tap("recorder", recorder, "#enter-draw")
                    assert "DRAW_IMPOSSIBLE" in recorder.inner_text("#error")
                    hands.tap("recorder", recorder, f'.chip.suggestion[data-name="{long.lower()}"]', wait=False)
                    assert recorder.input_value("#draw").lower() == ", ".join(names).lower()
                    done["typo"] = True
                else:
                    hands.type("recorder", recorder, "#draw", ", ".join(names))
                hands.tap("recorder", recorder, "#enter-draw")
                commands = [GAME.rules.draw_command(cards)]
                i += 1
            else:
                kind, data = rest.split(" ", 1)
                command = GAME.parse_command({"type": kind, "player": word, **json.loads(data)})
                if kind == "choose_orders":  # every seat's line of this decision, entered at once
                    batch = []
                    while i < len(golden) and golden[i][1].startswith("choose_orders"):
                        w, r = golden[i]
                        fields = json.loads(r.split(" ", 1)[1])
                        batch.append((w, GAME.parse_command({"type": "choose_orders", "player": w, **fields})))
                        i += 1
                    for seat, c in batch:
                        page = pages[seat]
                        _at(page, len(log))
                        for n, order in enumerate(c.orders, 1):
                            hands.pick(seat, page, f'.decision[data-actor="{seat}"] select[data-position="{n}"]', order)
                    # every seat taps Enter at the same moment: each page taps at one agreed time of the
                    # machine's clock and keeps when it did (sessionStorage outlives the page's reload)
                    moment = time.time() * 1000 + 1000
                    for seat, _ in batch:
                        hands.taps[seat] += 1
                        pages[seat].evaluate(
                            """([selector, moment]) => setTimeout(() => {
                                sessionStorage.setItem("tapped", String(Date.now()));
                                document.querySelector(selector).click();
                            }, moment - Date.now())""",
                            [f'.decision[data-actor="{seat}"] [data-role="submit-picks"]', moment],
                        )
                    # each page's answer is waited for (_steady asks again until the tap has been kept)
                    tapped = [int(_steady(pages[seat], "() => sessionStorage.getItem('tapped')")) for seat, _ in batch]
                    assert max(tapped) - min(tapped) < 200, "all seats entered their orders within 200 ms"
                    for seat, _ in batch:
                        _steady(pages[seat], "() => sessionStorage.removeItem('tapped') || 'done'")
                    commands = [c for _, c in batch]
                    done["orders"] += 1
                else:
                    page = pages[word]
                    _at(page, len(log))
                    card = f'.decision[data-actor="{word}"]'
                    square = getattr(command, "square", None)
                    tap = f'#player-{word} .taps button.tap[aria-label$=" at {_label(square)}"]' if square else None
                    if kind == "dig_tunnel" and not done["tap"] and page.locator(tap).count() == 1:
                        hands.tap(word, page, tap)
                        done["tap"] = True
                    else:
                        wanted = json.dumps(command.model_dump(mode="json"))
                        hands.tap(word, page, f"{card} button[data-command='{wanted}']")
                    commands = [command]
                    i += 1
            for command in commands:
                events, state = GAME.engine.execute(state, command)
                log += events
            while (forced := _forced(state)) is not None:
                events, state = GAME.engine.execute(state, GAME.rules.draw_command(forced))
                log += events
                entered.append(forced)
            for page in pages.values():  # every page follows, and nobody was told of a conflict
                _at(page, len(log))
                assert "Someone else entered" not in page.content()

        assert state.year == 2 and done == {"typo": True, "tap": True, "adventurers": True, "orders": 4}
        gid = links["recorder"].split("/join/")[1].split("?")[0]
        record = recorder.request.get(f"{server.url}/api/games/{gid}/export").text()
        stored = _body(record)  # the seats' orders stored in the order they arrived: they commute
        assert _orders_as_sets(stored) == _orders_as_sets(golden[: len(stored)]) and len(stored) >= i - len(entered)
        print(
            "\ntaps and keystrokes for Year 1: "
            + ", ".join(f"{who} {hands.taps[who]} taps {hands.keys[who]} keys" for who in ("recorder", *SEATS))
        )


def _steady(page, script: str):
    """``script``'s answer on ``page``, asked again while the page reloads (it follows the others' inputs)."""
    for _ in range(100):
        try:
            answer = page.evaluate(script)
        except Exception as exc:  # noqa: BLE001  (a reload under way: the page's context is gone)
            if "context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
            answer = None
        if answer is not None:
            return answer
        time.sleep(0.1)
    raise AssertionError(f"no answer from {script}")


def _orders_as_sets(body: list[tuple[str, str]]) -> list:
    """The record's lines with each run of seats' orders (one simultaneous decision) as a set."""
    out: list = []
    for word, rest in body:
        if rest.startswith("choose_orders") and out and isinstance(out[-1], frozenset):
            out[-1] = out[-1] | {(word, rest)}
        else:
            out.append(frozenset({(word, rest)}) if rest.startswith("choose_orders") else (word, rest))
    return out


def _label(square) -> str:
    from domain.games.dungeon_lords.dungeon import label

    return label(square)
