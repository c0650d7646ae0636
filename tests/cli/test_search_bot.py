"""The search bot from the command line: `play`, `simulate` and `bots` take `ismcts[:PLAYOUTS[:SECONDS]]`
(domain/kernel/search.py; docs/research.md), and a name it cannot read is one line and exit 2."""

from __future__ import annotations

import pytest

from tests.clirun import run


@pytest.mark.slow
def test_simulate_stores_a_game_with_the_search_bot_in_a_seat(tmp_path):
    store = tmp_path / "games.sqlite"
    out = run(
        "simulate", "--game", "monster_inn", "--players", "3", "--games", "1", "--seed", "2",
        "--bots", "ismcts:2,random,random", "--workers", "1", "--store", store,
    ).output  # fmt: skip
    assert "stored 1 games" in out
    seats = run("stats", "win_rate_by_strategy", "--game", "monster_inn", "--json", "--store", store).output
    assert '"ismcts:2"' in seats and '"random"' in seats


def test_play_seats_the_search_bot_and_finishes_the_game(tmp_path):
    out = run(
        "play", "--game", "monster_inn", "--players", "3", "--seed", "4", "--bots", "ismcts:2,random,budgeted",
        "--store", tmp_path / "games.sqlite",
    ).output  # fmt: skip
    assert "events stored (seed 4" in out  # the seed is shown once the game is over


def test_the_search_bot_is_listed_and_a_bad_budget_is_refused(tmp_path):
    assert "ismcts[:PLAYOUTS[:SECONDS]]" in run("bots").output
    bad = run("play", "--players", "2", "--bots", "ismcts:0", "--store", tmp_path / "s.sqlite", ok=False)
    assert bad.exit_code == 2
    assert "ismcts[:PLAYOUTS[:SECONDS]]" in bad.output
