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
    rows = json.loads(run("stats", "win_rate_by_strategy", "--json", "--store", store).stdout)
    played = json.loads(
        run("stats", "--sql", "SELECT count(*) AS n FROM player_results", "--json", "--store", store).output
    )[0]["n"]
    assert sum(r["games"] for r in rows) == played
    three = json.loads(run("stats", "seat_advantage", "--players", "3", "--json", "--store", store).stdout)
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
    run("bench", "--tracked", out, "--games", "2")
    figures = json.loads(out.read_text())
    assert {"dungeon_lords_random_4p", "monster_inn_random_4p", "simulate_dungeon_lords", "machine"} <= set(figures)
    modes = [r["mode"] for r in figures["dungeon_lords_random_4p"]]
    assert modes[-2].startswith("replay") and modes[-1].startswith("decode")
    assert all(r["games_per_second"] > 0 for r in figures["dungeon_lords_random_4p"])
    scaling = figures["simulate_dungeon_lords"]
    assert scaling["games"] == 10 and scaling["scaling"] > 0  # five times --games
    assert scaling["cpu_ms_per_game_1_process"] > 0 and scaling["cpu_per_game_ratio"] > 0


# --- issue #18: filters, fair comparisons, exports, the schema ---------------------------------------


def _json(*args):
    result = run(*args)
    return json.loads(result.stdout), result.stderr


def test_every_question_takes_every_filter(store):
    """Each question's rows under a filter are the rows of the games that pass it (counted here from the
    games read model, not by the question's SQL)."""
    from analytics import QUESTIONS

    games, _ = _json("stats", "--sql", "SELECT game_id, players, variant FROM games", "--json", "--store", store)
    for name, q in QUESTIONS.items():
        if q.game == "monster_inn":
            continue
        every, _ = _json("stats", name, "--json", "--store", store)
        # no recorded game here: --origin recorded is refused, naming the origins the store holds (issue #31)
        refused = run("stats", name, "--origin", "recorded", "--store", store, ok=False)
        assert refused.exit_code == 2 and "they have simulated" in refused.stderr, name
        assert run("stats", name, "--ruleset", "festival", "--store", store, ok=False).exit_code == 2, name
        for flags in (["--players", "3"], ["--variant", "full"], ["--ruleset", "base"], ["--origin", "simulated"]):
            rows, _ = _json("stats", name, *flags, "--json", "--store", store)
            if flags[0] == "--origin":
                assert rows == every, name  # every game here is simulated
            if flags[0] == "--players" and "players" in q.columns:  # (Festival Season's: no rows in base games)
                assert {r["players"] for r in rows} == ({3} if any(r["players"] == 3 for r in every) else set()), name
    full = {g["game_id"] for g in games if g["variant"] == "full"}
    rows, _ = _json("stats", "win_rate_by_strategy", "--variant", "full", "--pooled", "--json", "--store", store)
    seats, _ = _json("stats", "--sql", "SELECT game_id FROM player_results", "--json", "--store", store)
    assert sum(r["games"] for r in rows) == sum(1 for s in seats if s["game_id"] in full)
    later, _ = _json("stats", "win_rate_by_strategy", "--since", "2999-01-01", "--json", "--store", store)
    earlier, _ = _json("stats", "win_rate_by_strategy", "--until", "2999-01-01", "--json", "--store", store)
    assert later == [] and sum(r["games"] for r in earlier) == len(seats)


def test_pooling_is_said_and_small_cells_are_flagged(store):
    rows, warned = _json("stats", "win_rate_by_strategy", "--pooled", "--json", "--store", store)
    assert {r["ruleset"] for r in rows} == {"(pooled)"} and "mixes player counts" in warned
    rows, warned = _json("stats", "win_rate_by_strategy", "--players", "2", "--json", "--store", store)
    assert "mixes player counts" not in warned
    assert f"{len(rows)} of {len(rows)} rows rest on fewer than 30 games" in warned  # 6 games: every cell is small
    # every question pools on request (issue #31): one row per position, the fair share an average over them
    rows, warned = _json("stats", "seat_advantage", "--pooled", "--json", "--store", store)
    assert {(r["game"], r["ruleset"], r["variant"], r["players"]) for r in rows} == {
        ("dungeon_lords", "(pooled)", "(pooled)", None)
    }
    assert len({r["play_position"] for r in rows}) == len(rows) and "mixes player counts" in warned
    assert all(1 / 4 <= r["fair_share"] <= 1 / 2 for r in rows)


def test_head_to_head_pairs_meet_in_the_same_games(store):
    rows, _ = _json("stats", "head_to_head", "--json", "--store", store)
    assert rows
    by_pair = {(r["ruleset"], r["players"], r["strategy_a"], r["strategy_b"]): r for r in rows}
    for (ruleset, players, a, b), r in by_pair.items():
        mirror = by_pair[(ruleset, players, b, a)]  # B against A is the same meetings seen from B
        assert (r["meetings"], r["a_ahead"], r["b_ahead"], r["ties"]) == (
            mirror["meetings"],
            mirror["b_ahead"],
            mirror["a_ahead"],
            mirror["ties"],
        )
        assert r["a_ahead"] + r["b_ahead"] + r["ties"] == r["meetings"]


@pytest.mark.parametrize("fmt", ["csv", "json", "parquet"])
def test_stats_exports_an_answer(store, tmp_path, fmt):
    import duckdb

    out = tmp_path / f"answer.{fmt}"
    shown, _ = _json("stats", "seat_advantage", "--players", "4", "--json", "--store", store)
    written = run("stats", "seat_advantage", "--players", "4", "--format", fmt, "--out", out, "--store", store)
    assert f"wrote {len(shown)} rows" in written.stdout
    reader = {"csv": "read_csv", "json": "read_json", "parquet": "read_parquet"}[fmt]
    con = duckdb.connect()
    cur = con.execute(f"SELECT * FROM {reader}(?)", [str(out)])
    columns = [d[0] for d in cur.description]
    got = [dict(zip(columns, r)) for r in cur.fetchall()]
    assert [r["play_position"] for r in got] == [r["play_position"] for r in shown]
    assert [(r["games"], r["wins"]) for r in got] == [(r["games"], r["wins"]) for r in shown]
    assert all(abs(a["win_rate"] - b["win_rate"]) < 1e-9 for a, b in zip(got, shown))


@pytest.mark.parametrize(
    "args",
    [
        ["stats", "seat_advantage", "--format", "csv"],
        ["stats", "seat_advantage", "--format", "xml", "--out", "x.xml"],
        ["stats", "seat_advantage", "--origin", "nowhere"],
        ["stats", "seat_advantage", "--since", "tomorrow"],
        ["stats", "seat_advantage", "--ruleset", "no_such_rules"],
        ["stats", "seat_advantage", "--game", "chess"],
        ["export-data", "--out", "x", "--format", "xml"],
    ],
)
def test_bad_analytics_options_are_one_line_and_exit_2(store, args):
    result = run(*args, "--store", store, ok=False)
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.output


def test_schema_is_printed_with_every_meaning(store):
    from analytics import QUESTIONS
    from projections.schema import SPECS

    rows, _ = _json("stats", "--schema", "--json", "--store", store)
    assert {(r["table"], r["column"]) for r in rows if r["column"] and not r["table"].startswith("stats ")} == {
        (t.name, c) for t in SPECS for c, _, _ in t.columns
    }
    # then each answer's columns (issue #31), typed, as the question's own query gives them
    answers = {(r["table"], r["column"]): r["type"] for r in rows if r["table"].startswith("stats ")}
    assert {t for t, _ in answers} == {f"stats {n}" for n in QUESTIONS}
    assert answers[("stats win_rate_by_strategy", "ci_low")] == "DOUBLE"
    assert all(r["comment"] for r in rows)
    assert "games.ruleset" not in run("stats", "--schema", "--store", store).stdout  # a table per read model
    assert "the rules modules played" in run("stats", "--schema", "--store", store).stdout


def test_export_data_writes_every_read_model(store, tmp_path):
    import duckdb

    from projections.schema import TABLES

    out = tmp_path / "data"
    run("export-data", "--out", out, "--store", store)
    con = duckdb.connect()
    counts, _ = _json(
        "stats",
        "--sql",
        " UNION ALL ".join(f"SELECT '{t}' AS t, count(*) AS n FROM {t}" for t in TABLES),
        "--json",
        "--store",
        store,
    )
    for row in counts:
        path = out / f"{row['t']}.parquet"
        assert con.execute("SELECT count(*) FROM read_parquet(?)", [str(path)]).fetchall()[0][0] == row["n"]


def test_stats_on_caught_up_read_models_starts_without_the_engine(store):
    """`dungeon-lords stats NAME` on caught-up read models imports neither the engine nor the event store's
    library, nor typer and pydantic (cli/fast.py answers before them); the answer is the same as the usual
    way's, warnings included."""
    import subprocess
    import sys
    import time

    run("project", "--store", store)
    code = (
        "import sys\n"
        f"sys.argv = ['dungeon-lords', 'stats', 'seat_advantage', '--json', '--store', {store!r}]\n"
        "try:\n    from cli.main import main\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = ('domain', 'eventsourcing', 'typer', 'pydantic')\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in heavy)\n"
        "print('ENGINE', heavy[:3], file=sys.stderr)\n"
    )
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    seconds = time.perf_counter() - t0
    assert "ENGINE []" in done.stderr, done.stderr
    usual = run("stats", "seat_advantage", "--json", "--store", store)
    assert json.loads(done.stdout) == json.loads(usual.stdout)
    assert done.stderr.replace("ENGINE []", "").strip() == usual.stderr.strip()  # the same warnings
    print(f"[stats] caught-up `stats seat_advantage` in a fresh process: {seconds:.2f} s")


def test_the_fast_way_answers_as_typer_does_or_leaves_it_to_typer(store, capsys):
    """cli/fast.py reads `stats NAME` with the filters and --json, and only that: anything else (help, other
    options, a value typer would refuse, a question or filter it does not know) goes the usual way."""
    from cli import fast

    run("project", "--store", store)
    assert fast.parse(["win_rate_by_strategy", "--players", "3", "--variant=full", "--json"]) == (
        "win_rate_by_strategy",
        {"players": 3, "variant": "full", "as_json": True},
    )
    for argv in (
        ["--help"],
        ["win_rate_by_strategy", "--help"],
        ["win_rate_by_strategy", "--format", "csv", "--out", "x.csv"],
        ["win_rate_by_strategy", "seat_advantage"],
        ["win_rate_by_strategy", "--players", "9"],
        ["win_rate_by_strategy", "--players", "three"],
        ["win_rate_by_strategy", "--players"],
        ["win_rate_by_strategy", "--ruleset", "--json"],
        ["win_rate_by_strategy", "--json=yes"],
        ["--schema"],
    ):
        assert fast.parse(argv) is None, argv
    for argv in (["no_such_question"], ["seat_advantage", "--origin", "nowhere"], ["seat_advantage", "--players", "9"]):
        assert fast.answer([*argv, "--store", store]) is None, argv  # the usual way says what is wrong
    capsys.readouterr()
    for flags in (["--players", "3"], ["--variant", "full", "--pooled"], ["--since=2001-01-01", "--derived-strategy"]):
        assert fast.answer(["win_rate_by_strategy", *flags, "--json", "--store", store]) == 0
        fast_way = capsys.readouterr()
        usual = run("stats", "win_rate_by_strategy", *flags, "--json", "--store", store)
        assert json.loads(fast_way.out) == json.loads(usual.stdout) and fast_way.out.strip()
        assert fast_way.err == usual.stderr


def test_the_fast_way_is_taken_only_when_caught_up(store, tmp_path):
    from cli.fast import caught_up

    con = caught_up(store)
    assert con is not None
    con.close()
    path = tmp_path / "g.sqlite"
    fresh = f"sqlite:///{path}"
    run("simulate", "--games", "1", "--store", fresh)
    con = caught_up(fresh)
    assert con is not None
    con.close()
    from domain.service.application import GameService

    app = GameService.open(fresh)
    from domain.games.dungeon_lords.engine import new_game

    app.create_from_events(new_game(["Ann", "Bob"], seed=1)[0])  # a new event: the read models are behind
    assert caught_up(fresh) is None
    assert caught_up("memory") is None and caught_up("postgresql://x@localhost/db") is None
