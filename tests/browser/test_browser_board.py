"""The board to look at and tap (issue #30), in a real Chromium at phone size: the digging player's squares
that can be dug are highlighted buttons labelled "dig a tunnel at B2"; tapping one digs there and the page
then draws a tunnel on that square. axe-core finds no serious or critical problem on that page. A
screenshot goes to docs/screenshots/ (linked from docs/table-page.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from served import served

from domain.service.application import GameService
from domain.service.storage import store_env

SHOTS = Path(__file__).parents[2] / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}
pytestmark = pytest.mark.slow


def _to_digging(store: str, gid: str) -> str:
    """Play the game (the engine draws) through the service on the served store until a player digs:
    every line of orders with Dig Tunnels first, else the first option. Returns the digging colour."""
    service = GameService(env=store_env(store))
    package = service.game_of(gid)
    for _ in range(200):
        p = package.engine.pending(service.state(gid))
        if p.kind == "digging":
            return str(p.actors[0])
        options = list(p.options(p.actors[0]))
        service.execute(gid, next((o for o in options if "dig" in json.dumps(o.model_dump())), options[0]))
    raise AssertionError("nobody digs")


def test_tapping_a_highlighted_square_digs_a_tunnel_there(chromium, tmp_path) -> None:
    store = str(tmp_path / "games.sqlite")
    with served(store) as server:
        page = chromium.new_context(viewport=PHONE).new_page()
        page.goto(server.url + "/")
        page.fill("input[name=names]", "Ann, Bob, Cid")
        page.select_option("select[name=mode]", "digital")
        with page.expect_navigation():
            page.click("form button.big")
        link = page.input_value("#link-recorder input.link-text")
        gid = link.split("/join/")[1].split("?")[0]
        digger = _to_digging(store, gid)
        page.goto(link)
        site = page.locator(f"#player-{digger} .site")
        tap = site.locator("button.tap").first
        words = tap.get_attribute("aria-label") or ""
        square = words.rsplit(" ", 1)[1]
        assert words == f"dig a tunnel at {square}"
        assert site.locator(f'g[data-square="{square}"]').get_attribute("aria-label") == f"{square}: rock"
        axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
        serious = [v["id"] for v in axe.run(page).response["violations"] if v["impact"] in ("serious", "critical")]
        assert serious == []  # the highlighted squares read clearly (contrast), the pictures are labelled
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling
        box = tap.bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 40  # a square a finger can hit
        tap.scroll_into_view_if_needed()
        SHOTS.mkdir(exist_ok=True)
        page.locator(f"#player-{digger}").screenshot(path=str(SHOTS / "07-board-dig-squares.png"))
        with page.expect_navigation():
            tap.click()
        drawn = page.locator(f'#player-{digger} .site g[data-square="{square}"]')
        assert drawn.get_attribute("aria-label") == f"{square}: tunnel"
        assert f"{digger} dug a tunnel at {square}" in page.locator("#log").inner_text()
