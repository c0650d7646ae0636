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


def test_the_simulate_section_needs_the_base_revision() -> None:
    from cli import bench_suite

    out = bench_suite.run(bench_suite.Settings(games=1, base=None), ["simulate"])
    assert out == {"simulate": [{"note": "skipped (--base none)"}]}


@pytest.mark.slow
def test_simulate_end_to_end_runs_the_command_in_both_trees_and_checks_its_read_models() -> None:
    """benchmarks/simulate_e2e.py on this tree as both sides (``--base``): a real ``simulate`` a side (workers, the
    store, the read models, which must hold the games), CPU counted; same code, so the ratio is about 1."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    argv = [sys.executable, "benchmarks/simulate_e2e.py", "HEAD", "--base", str(root), "--games", "2", "--rounds", "1"]
    done = subprocess.run([*argv, "--json"], cwd=root, capture_output=True, text=True, check=True)
    figures = json.loads(done.stdout)
    for side in ("before", "now"):
        assert figures[side]["games_per_cpu_second"] > 0 and figures[side]["cpu_seconds"] > 0
        assert figures[side]["project_seconds"] > 0  # the command projected what it stored
    assert 0.2 < figures["ratio"]["games_per_cpu_second"] < 5
