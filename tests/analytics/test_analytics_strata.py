"""Analytics right by default (issue #31, items 1-3 and 10): answers stratified unless pooled, a shared
victory's 1/k in the fair share, filters checked against the store, the scope said with every answer, and
`games --status finished` as the rules give it."""

from __future__ import annotations

import json
import random

import duckdb
import pytest
from clirun import run

from analytics import run_question
from projections import rollups
from projections.schema import create_all


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """Dungeon Lords games of 2 and 3 players (both variants) and Monster Inn games of 3 players."""
    path = tmp_path_factory.mktemp("strata") / "games.sqlite"
    spec = f"sqlite:///{path}"
    run("simulate", "--games", "3", "--players", "2", "--seed", "1", "--variant", "first_game", "--store", spec)
    run("simulate", "--games", "3", "--players", "3", "--seed", "5", "--variant", "full", "--store", spec)
    run("simulate", "--games", "2", "--players", "3", "--game", "monster-inn", "--seed", "9", "--store", spec)
    return spec


def _one_line_refusal(*args: str) -> str:
    result = run(*args, ok=False)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


# --- filters checked against the store -----------------------------------------------------------------
def test_a_player_count_no_game_of_that_game_has_is_refused_naming_the_ones_held(store):
    said = _one_line_refusal("stats", "win_rate_by_strategy", "--players", "5", "--store", store)
    assert "--players 5" in said and "2, 3" in said
    # Monster Inn's counts are its own: 2 players is not one of them here
    said = _one_line_refusal("stats", "who_leaves_first", "--players", "2", "--store", store)
    assert "--players 2" in said and "Monster Inn" in said and said.endswith("3")


@pytest.mark.parametrize("question", ["win_rate_by_strategy", "seat_advantage", "paladin_frequency"])
def test_an_unknown_strategy_or_variant_is_refused_naming_the_valid_ones(store, question):
    said = _one_line_refusal("stats", question, "--strategy", "evl", "--store", store)
    assert "--strategy evl" in said and "evil" not in said.split("have")[0] and "balanced" in said
    said = _one_line_refusal("stats", question, "--variant", "fullz", "--store", store)
    assert "--variant fullz" in said and "first_game, full" in said
    # a Monster Inn variant is not a Dungeon Lords one
    said = _one_line_refusal("stats", question, "--variant", "standard", "--store", store)
    assert "first_game, full" in said


def test_a_ruleset_or_origin_is_checked_against_the_store_for_that_game(store):
    """Monster Inn's ruleset is also 'base': --ruleset base on a Dungeon Lords question means Dungeon Lords'
    base games, and Festival Season's name means nothing to a Monster Inn question; --origin is checked
    against the origins the store's games have, not against every origin there is."""
    said = _one_line_refusal("stats", "who_leaves_first", "--ruleset", "festival", "--store", store)
    assert "--ruleset festival" in said and "Monster Inn" in said and said.endswith("they have base")
    said = _one_line_refusal("stats", "win_rate_by_strategy", "--ruleset", "festival", "--store", store)
    assert "Dungeon Lords" in said and said.endswith("they have base")
    said = _one_line_refusal("stats", "seat_advantage", "--origin", "recorded", "--store", store)
    assert "--origin recorded" in said and said.endswith("they have simulated")
    base = json.loads(run("stats", "win_rate_by_strategy", "--ruleset", "base", "--json", "--store", store).stdout)
    assert base and {r["game"] for r in base} == {"dungeon_lords"}
    inn = json.loads(
        run(
            "stats", "win_rate_by_strategy", "--game", "monster_inn", "--ruleset", "base", "--json", "--store", store
        ).stdout
    )
    assert inn and {(r["game"], r["ruleset"]) for r in inn} == {("monster_inn", "base")}
    assert inn == json.loads(
        run("stats", "win_rate_by_strategy", "--game", "monster-inn", "--json", "--store", store).stdout
    )  # both spellings of the game


def test_every_question_pools_on_request_and_says_so(store):
    from analytics import QUESTIONS

    for name, q in QUESTIONS.items():
        result = run("stats", name, "--pooled", "--json", "--store", store)
        rows = json.loads(result.stdout)
        game = "monster_inn" if q.game == "monster_inn" else "dungeon_lords"
        assert {(r["game"], r["ruleset"], r["variant"], r["players"]) for r in rows} <= {
            (game, "(pooled)", "(pooled)", None)
        }, name
        scope = json.loads(next(x for x in result.stderr.splitlines() if x.startswith("scope: "))[7:])
        assert scope["pooled"] is True and scope["game"] == game, name
    text = " ".join(run("stats", "who_leaves_first", "--pooled", "--store", store).stdout.split())
    assert "Pooled" in text and "player counts 3" in text


def test_the_fast_way_leaves_a_refused_filter_to_the_usual_way(store):
    """cli/fast.py answers only what it is sure of: a refused value goes the usual way, which says it."""
    from cli import fast

    run("project", "--store", store)
    assert fast.answer(["win_rate_by_strategy", "--players", "5", "--store", store]) is None
    assert fast.answer(["who_leaves_first", "--game", "dungeon-lords", "--store", store]) is None
    assert fast.answer(["win_rate_by_strategy", "--players", "3", "--json", "--store", store]) == 0


def test_a_game_s_own_question_refuses_another_game(store):
    said = _one_line_refusal("stats", "who_leaves_first", "--game", "dungeon-lords", "--store", store)
    assert "Monster Inn question" in said and "--game dungeon-lords" in said
    _one_line_refusal("stats", "paladin_frequency", "--game", "monster-inn", "--store", store)
    # its own game, given or not, is the same answer
    rows = json.loads(run("stats", "who_leaves_first", "--game", "monster-inn", "--json", "--store", store).stdout)
    assert rows and rows == json.loads(run("stats", "who_leaves_first", "--json", "--store", store).stdout)


# --- strata by default, and the scope of every answer ---------------------------------------------------
def test_every_answer_says_its_scope_in_text_and_json(store):
    result = run("stats", "win_rate_by_strategy", "--players", "3", "--json", "--store", store)
    said = [line for line in result.stderr.splitlines() if line.startswith("scope: ")]
    assert len(said) == 1
    scope = json.loads(said[0][len("scope: ") :])
    assert scope == {
        "game": "dungeon_lords",
        "games": 3,
        "seats": 9,
        "rulesets": ["base"],
        "variants": ["full"],
        "players": [3],
        "pooled": False,
    }
    rows = json.loads(result.stdout)  # the rows stay a list of row objects
    assert sum(r["games"] for r in rows) == 9
    text = run("stats", "who_leaves_first", "--store", store).stdout
    assert "Finished games that are not archived: 2 in scope, with 6 seats." in " ".join(text.split())
    # an empty answer says how much it looked at
    empty = run("stats", "win_rate_by_strategy", "--since", "2999-01-01", "--store", store).stdout
    assert "Finished games that are not archived: 0 in scope" in " ".join(empty.split())


def test_the_default_answer_keeps_variants_and_player_counts_apart_and_pooled_says_what_it_pools(store):
    rows = json.loads(run("stats", "win_rate_by_strategy", "--json", "--store", store).stdout)
    assert {(r["variant"], r["players"]) for r in rows} == {("first_game", 2), ("full", 3)}
    rows = json.loads(run("stats", "paladin_frequency", "--json", "--store", store).stdout)
    strata = {(r["ruleset"], r["variant"], r["players"]) for r in rows}
    assert strata == {("base", "first_game", 2), ("base", "full", 3)}
    pooled = run("stats", "win_rate_by_strategy", "--pooled", "--json", "--store", store)
    rows = json.loads(pooled.stdout)
    assert {(r["ruleset"], r["variant"], r["players"]) for r in rows} == {("(pooled)", "(pooled)", None)}
    assert "mixes variants (first_game, full)" in pooled.stderr
    text = " ".join(run("stats", "win_rate_by_strategy", "--pooled", "--store", store).stdout.split())
    assert "Pooled (one row over every stratum): rulesets base; variants first_game, full; player counts 2, 3." in text


# --- a shared victory counts 1/k -------------------------------------------------------------------------
def _two_games() -> duckdb.DuckDBPyConnection:
    """docs/analytics.md's worked example: two 3-player games; red (evil) wins the first alone, red and blue
    (balanced) share the second; green (random) wins neither."""
    con = duckdb.connect()
    create_all(con)
    for n, winners in ((1, "red"), (2, "red,blue")):
        con.execute(
            "INSERT INTO games (game_id, game, ruleset, variant, players, origin, finished, started_at, winners) "
            "VALUES (?, 'dungeon_lords', 'base', 'full', 3, 'simulated', true, TIMESTAMP '2026-01-01', ?)",
            [f"g{n}", winners],
        )
        for i, (color, bot) in enumerate((("red", "evil"), ("blue", "balanced"), ("green", "random"))):
            won = color in winners.split(",")
            con.execute(
                "INSERT INTO player_results (game_id, color, seat, play_position, bot, strategy, players, won, rank) "
                "VALUES (?, ?, ?, ?, ?, ?, 3, ?, ?)",
                [f"g{n}", color, i, i, bot, bot, won, 1 if won else 3],
            )
    return con


def test_a_k_way_shared_victory_counts_one_kth_for_each_sharer():
    con = _two_games()
    for fresh in (False, True):  # the read models' own SQL, then the aggregate (seat_cells)
        if fresh:
            rollups.refresh(con)
            rollups.mark(con, 0)
        columns, rows = run_question(con, "win_rate_by_strategy", game="dungeon_lords")
        got = {r[columns.index("strategy")]: dict(zip(columns, r)) for r in rows}
        assert {s: (g["games"], g["wins"], g["win_credit"], g["win_rate"]) for s, g in got.items()} == {
            "evil": (2, 2, 1.5, 0.75),
            "balanced": (2, 1, 0.5, 0.25),
            "random": (2, 0, 0.0, 0.0),
        }, fresh
        assert sum(g["win_credit"] for g in got.values()) == 2  # one victory a game, however shared
        assert all(abs(g["fair_share"] - 1 / 3) < 1e-12 for g in got.values())
        assert abs(got["evil"]["edge"] - (0.75 - 1 / 3)) < 1e-12
        columns, rows = run_question(con, "seat_advantage", game="dungeon_lords")
        assert [(r[columns.index("play_position")], r[columns.index("win_rate")]) for r in rows] == [
            (0, 0.75),
            (1, 0.25),
            (2, 0.0),
        ]
    from analytics import scope_of

    assert scope_of(con, "seat_advantage", game="dungeon_lords")["seats"] == 6


# --- games --status ------------------------------------------------------------------------------------
def test_a_game_whose_scoring_was_undone_is_not_listed_as_finished(tmp_path):
    from domain.games.dungeon_lords.commands import RecordDraw
    from domain.service.application import GameService

    store = str(tmp_path / "games.sqlite")
    application = GameService.open(store)
    gid = str(application.create_game(["Ann", "Bob"], mode="tabletop"))
    rng = random.Random(0)
    while (p := application.pending(gid)).actors or p.is_chance:
        if p.is_chance:
            application.execute(gid, RecordDraw(cards=rng.sample(list(p.chance.pool), p.chance.count)))
        else:
            application.execute(gid, rng.choice(p.options(p.actors[0])))

    def status() -> str:
        return json.loads(run("games", "--json", "--store", store).stdout.splitlines()[0])["status"]

    assert status() == "finished"
    application.undo(gid)  # the last input and the scoring taken back: the game waits again
    assert status() == "in progress"
    assert run("games", "--status", "finished", "--json", "--store", store).stdout.strip() == ""
    assert gid in run("games", "--status", "in-progress", "--json", "--store", store).stdout
