"""The table page for everyone (issue #30): axe-core (through axe-playwright-python, which ships it) finds
no serious or critical violation on the lobby, the join links, a seat's page, the recorder's page, the undo
and correct pages and the seat links page; every page fits a 320 px phone and a phone held sideways without
scrolling sideways."""

from __future__ import annotations

import pytest
from served import served

pytestmark = pytest.mark.slow
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "small": {"width": 320, "height": 640}}
LANDSCAPE = {"width": 844, "height": 390}


def _problems(page) -> list[str]:
    """axe-core's serious and critical violations on ``page``, and a sideways scroll if there is one."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    found = [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in axe.run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    wide, shown = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if wide > shown:
        found.append(f"the page is {wide} px wide in a {shown} px window")
    return found


def _pages(chromium, server, viewport) -> dict[str, object]:
    """Every kind of page, visited as a person would at ``viewport``: name -> the page, left there."""
    visited = {}
    recorder = chromium.new_context(viewport=viewport).new_page()
    recorder.goto(server.url + "/")
    visited["lobby"] = _problems(recorder)
    recorder.fill("input[name=names]", "Ann, Bob, Cid")
    with recorder.expect_navigation():
        recorder.click("form button.big")
    visited["join links"] = _problems(recorder)
    links = {a.get_attribute("data-seat"): a.get_attribute("href") for a in recorder.query_selector_all("a.join")}
    seat = chromium.new_context(viewport=viewport).new_page()
    seat.goto(server.url + links["red"])
    visited["seat"] = _problems(seat)
    recorder.goto(server.url + links["recorder"])
    visited["recorder"] = _problems(recorder)
    recorder.fill("#draw", "get food, mine gold")
    with recorder.expect_navigation():
        recorder.click("#enter-draw")
    recorder.click("#undo")
    visited["undo"] = _problems(recorder)
    recorder.goto(server.url + links["recorder"])
    recorder.click("#log a:has-text('correct')")
    visited["correct"] = _problems(recorder)
    recorder.goto(server.url + links["recorder"])
    recorder.click("#seat-links")
    visited["seat links"] = _problems(recorder)
    return visited


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module's tests: each starts a game of its own on it."""
    with served(str(tmp_path_factory.mktemp("a11y") / "games.sqlite")) as running:
        yield running


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_no_serious_or_critical_accessibility_violation_and_no_sideways_scroll(chromium, server, size) -> None:
    found = _pages(chromium, server, VIEWPORTS[size])
    assert found == {name: [] for name in found}


def test_a_phone_held_sideways_shows_every_page_without_a_sideways_scroll(chromium, server) -> None:
    found = _pages(chromium, server, LANDSCAPE)
    assert found == {name: [] for name in found}
