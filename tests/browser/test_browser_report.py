"""The analytics report in a real Chromium: opened from a file with no network, its Plotly charts draw
(axis titles with their units), both games get a page, and a screenshot is taken of what a person sees
(docs/screenshots/report.png, linked from docs/analytics.md)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from analytics.report import write_report
from domain.service.application import DungeonLords
from domain.service.simulation import plans, run
from projections import project

ROOT = Path(__file__).parents[2]
SHOTS = ROOT / "docs" / "screenshots"


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    app = DungeonLords.open("memory")
    for game, count in (("dungeon_lords", 9), ("monster_inn", 6)):
        for log, final in run(plans(count, seed=5, game=game), workers=1):
            app.create_from_events(log, final_state=final, game=game)
    con = duckdb.connect()
    project(app, con)
    path = tmp_path_factory.mktemp("report") / "report.html"
    write_report(con, path, engine="dungeon-lords (test)")
    con.close()
    return path


def test_the_report_draws_offline_with_axis_titles(chromium, report):
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(report.as_uri())
    page.wait_for_selector("#chart-win_rate_by_strategy .main-svg", timeout=20_000)
    # nothing but the file itself was loaded (Plotly's script is in the page)
    assert [u for u in fetched if not u.startswith(("file:", "data:", "blob:"))] == []
    # every chart drew, with a title on each axis
    charts = page.locator("div.chart")
    assert charts.count() >= 4
    drawn = page.locator("div.chart .main-svg").count()
    assert drawn >= charts.count()
    x_titles = page.locator("#chart-win_rate_by_strategy .g-xtitle").text_content()  # SVG text
    y_titles = page.locator("#chart-win_rate_by_strategy .g-ytitle").text_content()
    assert "Strategy" in x_titles and "Win rate (%" in y_titles
    assert page.locator("#chart-win_rate_by_strategy .bars path").count() > 0  # bars, not an empty frame
    # a page per game, linked from the top, and where the numbers come from
    assert page.locator("nav a").all_inner_texts() == ["Dungeon Lords", "Monster Inn"]
    assert page.locator("#monster-inn").is_visible()
    assert "Where these numbers come from" in page.locator("#provenance").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / "report.png"
    page.locator("#q-win_rate_by_strategy").screenshot(path=str(shot))
    assert shot.stat().st_size > 20_000  # a drawn chart, not a blank box
    page.close()
