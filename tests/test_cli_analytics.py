"""The analytics commands as a person runs them: simulate, project, stats, report, demo, bench."""

from __future__ import annotations

import json
import re

import pytest
from clirun import run


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    path = tmp_path_factory.mktemp("analytics") / "games.sqlite"
    run("simulate", "--games", "6", "--seed", "3", "--store", f"sqlite:///{path}")
    return f"sqlite:///{path}"


def test_simulate_stores_and_projects(store):
    rows = json.loads(
        run(
            "stats",
            "--sql",
            "SELECT origin, count(*) AS n, bool_and(finished) AS done FROM games GROUP BY origin",
            "--json",
            "--store",
            store,
        ).output
    )
    assert rows == [{"origin": "simulated", "n": 6, "done": True}]
    assert len(run("games", "--json", "--store", store).output.splitlines()) == 6


def test_project_twice_changes_nothing(store):
    out = run("project", "--store", store).output
    assert "projected 0 new events" in out


def test_stats_lists_and_answers(store):
    listing = run("stats", "--store", store).output
    assert "win_rate_by_strategy" in listing and "paladin_frequency" in listing
    rows = json.loads(run("stats", "win_rate_by_strategy", "--json", "--store", store).output)
    played = json.loads(
        run("stats", "--sql", "SELECT count(*) AS n FROM player_results", "--json", "--store", store).output
    )[0]["n"]
    assert sum(r["games"] for r in rows) == played
    three = json.loads(run("stats", "seat_advantage", "--players", "3", "--json", "--store", store).output)
    assert three and all(r["players"] == 3 for r in three)
    assert run("stats", "no_such_question", "--store", store, ok=False).exit_code == 2


def test_stats_sql_is_read_only(store):
    refused = run("stats", "--sql", "DROP TABLE games", "--store", store, ok=False)
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    rows = json.loads(run("stats", "--sql", "SELECT count(*) AS n FROM games", "--json", "--store", store).output)
    assert rows == [{"n": 6}]


def test_report_writes_one_self_contained_page(store, tmp_path):
    page = tmp_path / "report.html"
    run("report", "--html", page, "--store", store)
    html = page.read_text()
    # Plotly's charts, their script written into the page: nothing is loaded from a file or an address
    assert html.count('class="chart"') >= 3 and "Plotly.newPlot" in html
    assert not re.search(r"<script[^>]*\bsrc=|<link|<img|<iframe|@import", html, re.I)
    assert "Where these numbers come from" in html


def test_demo_reuses_what_is_there(store):
    out = run("demo", "--games", "6", "--store", store).output
    assert "playing" not in out and "win_rate_by_strategy" in out and "paladin_frequency" in out


def test_bench_reports_games_per_second():
    rows = json.loads(run("bench", "--games", "2", "--players", "2", "--json").output)
    assert [r["mode"] for r in rows][0].startswith("engine only")
    assert all(r["games_per_second"] > 0 and r["events_per_game"] > 100 for r in rows)


def test_bench_suite_writes_every_tracked_figure(tmp_path):
    out = tmp_path / "figures.json"
    run("bench", "--suite", out, "--games", "2")
    figures = json.loads(out.read_text())
    assert {"dungeon_lords_random_4p", "monster_inn_random_4p", "simulate_dungeon_lords", "machine"} <= set(figures)
    modes = [r["mode"] for r in figures["dungeon_lords_random_4p"]]
    assert modes[-2].startswith("replay") and modes[-1].startswith("decode")
    assert all(r["games_per_second"] > 0 for r in figures["dungeon_lords_random_4p"])
    assert figures["simulate_dungeon_lords"]["scaling"] > 0
