"""`dungeon-lords bench --suite` (issue #35): its sections' shape on tiny settings (speed itself is the
benchmark's business, not the tests')."""

from __future__ import annotations

import json

import pytest
from clirun import run


def test_the_suite_prints_the_chosen_sections_as_json() -> None:
    out = json.loads(
        run("bench", "--suite", "--only", "replay,engine", "--base", "none", "--games", "1", "--json").output
    )
    assert list(out) == ["engine", "replay"]  # in the registry's order, whatever --only's
    assert out["engine"] == [{"note": "skipped (--base none)"}]
    replay, decode, share = out["replay"]
    assert replay["mode"].startswith("replay") and decode["mode"].startswith("decode")
    assert replay["events_per_game"] == decode["events_per_game"] > 0  # the same logs both ways
    assert share["mode"].startswith("replay / ceiling: ")


def test_an_unknown_section_is_a_usage_error() -> None:
    result = run("bench", "--suite", "--only", "replay,nope", ok=False)
    assert result.exit_code == 2
    assert "nope" in result.output and "startup" in result.output  # names the sections there are


def test_a_section_is_one_function_and_one_line() -> None:
    from cli import bench_suite

    @bench_suite.section("probe", "a probe")
    def probe(s: bench_suite.Settings) -> list[dict]:
        return [{"games": s.games}]

    try:
        assert bench_suite.run(bench_suite.Settings(games=3), ["probe"]) == {"probe": [{"games": 3}]}
    finally:
        del bench_suite.SECTIONS["probe"]


@pytest.mark.slow
def test_the_start_up_sections_time_each_recorder_command() -> None:
    out = json.loads(run("bench", "--suite", "--only", "startup,imports", "--runs", "1", "--json").output)
    assert [r["command"] for r in out["startup"]] == ["status", "options", "log", "orders", "undo", "act"]
    assert all(r["median_s"] > 0 and r["runs"] >= 1 for r in out["startup"])
    total, *packages = out["imports"]
    assert total["package"] == "total: import cli.main" and total["self_ms"] > 0
    assert packages and all(p["self_ms"] >= 0 for p in packages)
