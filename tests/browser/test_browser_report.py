"""The analytics report in a real Chromium: opened from a file with no network, its Plotly charts draw
(axis titles with their units), both games get a page, every question with a quantity has a chart, no
table or chart makes the page wider than a 1,280 px screen or a 390 px phone, the legend never covers an
axis label, and screenshots are taken of what a person sees (docs/screenshots/, shown in docs/analytics.md)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from analytics import QUESTIONS, run_question
from analytics.report import charts_for, write_report
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.service.application import GameService
from domain.service.simulation import plans, run
from projections import project

ROOT = Path(__file__).parents[2]
SHOTS = ROOT / "docs" / "screenshots"
WIDTHS = (1280, 390)


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> tuple[Path, dict[str, bool]]:
    """The report of a store with all three rule sets (base Dungeon Lords in both variants and 2-4 players,
    Festival Season, Monster Inn), and for each section id whether its answer has rows to chart."""
    app = GameService.open("memory")
    for game, count, modules in (
        ("dungeon_lords", 9, ()),
        ("dungeon_lords", 3, RULESETS["festival"]),
        ("monster_inn", 6, ()),
    ):
        for log, final in run(plans(count, seed=5, game=game, modules=modules), workers=1):
            app.create_from_events(log, final_state=final, game=game)
    con = duckdb.connect()
    project(app, con)
    path = tmp_path_factory.mktemp("report") / "report.html"
    write_report(con, path, engine="dungeon-lords (test)")
    charted = {}
    for name, q in QUESTIONS.items():
        for game, prefix in (("dungeon_lords", ""), ("monster_inn", "mi-")):
            if q.game in ("common", game):
                columns, rows = run_question(con, name, game=game)
                charted[f"{prefix}{name}"] = bool(rows) and bool(charts_for(name, columns))
    con.close()
    return path, charted


def _overflow(page) -> int:
    """How many pixels the page is wider than the window (0: no horizontal scroll bar)."""
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def test_the_report_draws_offline_with_axis_titles(chromium, report):
    path, _ = report
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(path.as_uri())
    page.wait_for_selector("#chart-win_rate_by_strategy .main-svg", timeout=20_000)
    # nothing but the file itself was loaded (Plotly's script is in the page)
    assert [u for u in fetched if not u.startswith(("file:", "data:", "blob:"))] == []
    # every chart drew, with a title on each axis
    charts = page.locator("div.chart")
    assert charts.count() >= 4
    drawn = page.locator("div.chart .main-svg").count()
    assert drawn >= charts.count()
    # (SVG text; many bars are drawn across, so the strategy's axis may be either)
    titles = {page.locator(f"#chart-win_rate_by_strategy .g-{a}title").text_content() for a in "xy"}
    assert titles == {"Strategy (bot, or a person's seat)", "Win rate (% of player-games)"}
    assert page.locator("#chart-win_rate_by_strategy .bars path").count() > 0  # bars, not an empty frame
    # a page per game, linked from the top, and where the numbers come from
    assert page.locator("nav a").all_inner_texts() == ["Dungeon Lords", "Monster Inn"]
    assert page.locator("#monster-inn").is_visible()
    assert "Where these numbers come from" in page.locator("#provenance").inner_text()
    page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_every_quantitative_question_has_a_chart_and_nothing_overflows(chromium, report, width):
    path, charted = report
    page = chromium.new_page(viewport={"width": width, "height": 900})
    page.goto(path.as_uri())
    page.wait_for_selector("#chart-win_rate_by_strategy .main-svg", timeout=20_000)
    # a drawn chart in every section whose answer has a quantity and rows (Festival's and Monster Inn's too)
    for section, has_chart in charted.items():
        drawn = page.locator(f"#q-{section} div.chart .main-svg").count()
        assert (drawn > 0) == has_chart, (section, drawn)
    assert sum(charted.values()) >= 17  # every question of both games but those without rows here
    # the page is never wider than the window: wide tables scroll inside their own box
    assert _overflow(page) <= 0, f"{_overflow(page)} px wider than a {width} px window"
    for table in page.locator("div.table-wrap").all():
        box = table.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    # no legend covers an axis label or title (the paladin chart's did), and titles stay inside the chart
    overlaps = page.evaluate(
        """() => {
        const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
            && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        const out = [];
        for (const chart of document.querySelectorAll('div.chart')) {
            const legend = chart.querySelector('g.legend');
            if (!legend) continue;
            const l = legend.getBoundingClientRect();
            const labels = chart.querySelectorAll(
                'g.xtick text, g.ytick text, g.g-xtitle text, g.g-ytitle text, g.g-gtitle text');
            for (const t of labels)
                if (hit(l, t.getBoundingClientRect())) out.push(chart.dataset.chart + ': ' + t.textContent);
        }
        return out;
    }"""
    )
    assert overlaps == [], overlaps
    # every axis title is drawn whole inside its chart (Plotly does not wrap them: a long one is cut off)
    cut = page.evaluate(
        """() => [...document.querySelectorAll('div.chart')].flatMap(chart => {
            const c = chart.getBoundingClientRect();
            return [...chart.querySelectorAll('g.g-xtitle text, g.g-ytitle text')].filter(t => {
                const r = t.getBoundingClientRect();
                return r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 1 || r.bottom > c.bottom + 1;
            }).map(t => chart.dataset.chart + ': ' + t.textContent);
        })"""
    )
    assert cut == [], cut
    shot = SHOTS / f"report-{width}.png"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#q-seat_advantage").screenshot(path=str(shot))  # its chart and its table, in the page's width
    assert shot.stat().st_size > 20_000  # a drawn page, not a blank one
    page.close()


def test_seat_and_win_rate_charts_mark_the_fair_share_and_monster_inn_says_no_first_year(chromium, report):
    path, _ = report
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.goto(path.as_uri())
    page.wait_for_selector("#chart-mi-seat_advantage .main-svg", timeout=20_000)
    for chart in ("win_rate_by_strategy", "seat_advantage", "mi-win_rate_by_strategy", "mi-seat_advantage"):
        names = page.evaluate(f"document.getElementById('chart-{chart}').data.map(t => t.name)")
        assert "fair share" in names, chart
        # every bar has its interval
        bars = page.evaluate(f"document.getElementById('chart-{chart}').data.filter(t => t.type === 'bar')")
        assert bars and all(b.get("error_y") or b.get("error_x") for b in bars), chart
    # each fair-share dash is drawn on its own bar: its centre across the bars is an interval's centre
    # (vertical or horizontal bars alike)
    astray = page.evaluate(
        """() => ['win_rate_by_strategy', 'seat_advantage', 'mi-win_rate_by_strategy', 'mi-seat_advantage']
            .flatMap(name => {
                const chart = document.getElementById('chart-' + name);
                const across = chart.data[0].orientation === 'h' ? (r => (r.top + r.bottom) / 2)
                                                                 : (r => (r.left + r.right) / 2);
                const bars = [...chart.querySelectorAll('g.errorbar path')].map(e => across(e.getBoundingClientRect()));
                return [...chart.querySelectorAll('g.trace.scatter path.point')]
                    .map(p => across(p.getBoundingClientRect()))
                    .filter(c => !bars.some(b => Math.abs(b - c) < 2))
                    .map(c => name + ' ' + c);
            })"""
    )
    assert astray == [], astray
    assert "First Year" in page.locator("#chart-seat_advantage").text_content()
    assert "First Year" not in page.locator("#chart-mi-seat_advantage").text_content()
    # the paladin's and the Fame's charts show n and an interval where one exists (a share of n games)
    for chart in ("chart-paladin_frequency", "chart-mi-fame_by_treasure_kept-win_rate"):
        bars = page.evaluate(f"document.getElementById('{chart}').data.filter(t => t.type === 'bar')")
        assert bars and all(b.get("error_y") or b.get("error_x") for b in bars), chart
        assert all(all(t.startswith("n=") for t in b["text"]) for b in bars), chart
    for chart, shot in (("#q-paladin_frequency", "report-paladin.png"), ("#q-win_rate_by_strategy", "report.png")):
        page.locator(chart + " div.chart").first.screenshot(path=str(SHOTS / shot))
    page.close()
