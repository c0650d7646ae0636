"""Two `serve` processes on one PostgreSQL store (issue #34): a seat's table page open in Chromium on
process A shows, within a second, an input the recorder stored through process B (pushed by PostgreSQL's
NOTIFY to A's listener, then the page's live reload). Needs DL_TEST_POSTGRES."""

from __future__ import annotations

import time

from served import call, servers

PHONE = {"width": 390, "height": 844}


def test_a_page_on_one_process_sees_an_input_stored_through_another_within_a_second(chromium, pg_store) -> None:  # noqa: F811
    with servers(pg_store, 2) as (a, b):
        game = {"names": ["Ann", "Bob", "Cid"], "game": "monster_inn", "mode": "tabletop"}
        status, made = call(a, "/api/games", game)
        assert status == 201
        gid, recorder = made["id"], made["tokens"]["recorder"]
        page = chromium.new_context(viewport=PHONE).new_page()
        page.goto(f"{a}/join/{gid}?token={made['tokens']['seats']['p2']}")
        page.wait_for_selector(f'#top[data-event="{made["events"]}"]', timeout=20_000)
        time.sleep(0.5)  # the page's stream is open
        status, drawn = call(b, f"/api/games/{gid}/inputs", {"draw": "m1 m2 m3", "expected": made["events"]}, recorder)
        stored = time.monotonic()  # B has answered: the input is stored
        assert status == 200
        page.wait_for_selector(f'#top[data-event="{drawn["event"]}"]', timeout=5_000)
        assert time.monotonic() - stored < 1.0  # heard, and the page reloaded
