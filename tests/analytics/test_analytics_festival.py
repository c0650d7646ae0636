"""Festival Season's questions as a person asks them, and a store that holds base and festival games: no
answer mixes the two rulesets silently (the recount of every question is in test_analytics_recount.py).

The store: bot games of the whole expansion (``simulate --ruleset festival``) and of the base game, in one
SQLite file; every expectation is counted here from the read models' rows or the games' events, never by
running a question's SQL again.
"""

from __future__ import annotations

import json

import duckdb
import pytest
from clirun import run
from recount import FESTIVAL_QUESTIONS

from analytics import QUESTIONS
from domain.games.dungeon_lords.ruleset import RULESETS

FESTIVAL = "+".join(RULESETS["festival"])


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    path = tmp_path_factory.mktemp("festival") / "games.sqlite"
    run("simulate", "--games", "12", "--seed", "8", "--ruleset", "festival", "--store", f"sqlite:///{path}")
    run("simulate", "--games", "9", "--seed", "5", "--store", f"sqlite:///{path}")
    return f"sqlite:///{path}"


def _json(*args):
    result = run(*args)
    return json.loads(result.stdout), result.stderr


def _sql(store, query: str) -> list[dict]:
    return _json("stats", "--sql", query, "--json", "--store", store)[0]


def test_simulate_plays_the_whole_expansion_and_refuses_an_unknown_ruleset(store):
    rows = _sql(store, "SELECT ruleset, count(*) AS n, bool_and(finished) AS done FROM games GROUP BY 1 ORDER BY 1")
    assert rows == [{"ruleset": "base", "n": 9, "done": True}, {"ruleset": FESTIVAL, "n": 12, "done": True}]
    for args in (["--ruleset", "no_such_rules"], ["--ruleset", "festival", "--game", "monster-inn"]):
        refused = run("simulate", "--games", "1", *args, "--store", store, ok=False)
        assert refused.exit_code == 2 and len(refused.stderr.strip().splitlines()) == 1, refused.output


def test_win_rate_by_strategy_keeps_base_and_festival_apart(store):
    """One row per ruleset (and player count): each ruleset's rows count its own seats only; `--ruleset festival`
    keeps the festival games; pooling them is said, as pooling player counts is."""
    seats = {r["ruleset"]: r["n"] for r in _sql(store, "SELECT ruleset, count(*) AS n FROM player_results GROUP BY 1")}
    rows, warned = _json("stats", "win_rate_by_strategy", "--json", "--store", store)
    assert {r["ruleset"] for r in rows} == {"base", FESTIVAL} and "mixes rulesets" not in warned
    for ruleset, n in seats.items():
        assert sum(r["games"] for r in rows if r["ruleset"] == ruleset) == n
    only, _ = _json("stats", "win_rate_by_strategy", "--ruleset", "festival", "--json", "--store", store)
    assert {r["ruleset"] for r in only} == {FESTIVAL} and sum(r["games"] for r in only) == seats[FESTIVAL]
    assert only == [r for r in rows if r["ruleset"] == FESTIVAL]
    pooled, warned = _json("stats", "win_rate_by_strategy", "--pooled", "--json", "--store", store)
    assert f"mixes rulesets (base, {FESTIVAL})" in warned and sum(r["games"] for r in pooled) == sum(seats.values())
    _, warned = _json("stats", "win_rate_by_strategy", "--pooled", "--ruleset", "base", "--json", "--store", store)
    assert "mixes rulesets" not in warned


def test_no_question_mixes_the_rulesets_silently(store):
    """A question with a ruleset column keeps them apart; any other says it mixed them, unless --ruleset
    chose one."""
    for name, q in QUESTIONS.items():
        if q.game == "monster_inn":
            continue
        rows, warned = _json("stats", name, "--json", "--store", store)
        if "ruleset" in q.columns:
            assert "mixes rulesets" not in warned, name
        else:
            assert f"mixes rulesets (base, {FESTIVAL})" in warned, name
        _, warned = _json("stats", name, "--ruleset", "base", "--json", "--store", store)
        assert "mixes rulesets" not in warned, name


def test_the_festival_questions_answer_with_the_filters(store):
    games = _sql(store, "SELECT game_id, players, variant FROM games")
    players = {r["game_id"]: r["players"] for r in games}
    stratum = {r["game_id"]: (r["variant"], r["players"]) for r in games}
    for name in FESTIVAL_QUESTIONS:
        assert "ruleset" in QUESTIONS[name].columns, name
        rows, _ = _json("stats", name, "--ruleset", "festival", "--json", "--store", store)
        assert rows and {r["ruleset"] for r in rows} == {FESTIVAL}, name
        two, _ = _json("stats", name, "--ruleset", "festival", "--players", "2", "--json", "--store", store)
        if "players" in QUESTIONS[name].columns:
            assert two and {r["players"] for r in two} == {2}, name
        none = run("stats", name, "--origin", "recorded", "--store", store, ok=False)  # none here: refused
        assert none.exit_code == 2 and "they have simulated" in none.stderr, name
        later, _ = _json("stats", name, "--since", "2999-01-01", "--json", "--store", store)
        assert later == [], name
        shown = run("stats", name, "--ruleset", "festival", "--store", store).stdout
        assert name in shown and "Finished games" in " ".join(shown.split())  # the caption may wrap
    # the festival bids in scope are the rows of its read model, all of them
    bids = _sql(store, "SELECT game_id, imps FROM festival_bids")
    rows, _ = _json("stats", "festival_prize_by_bid", "--json", "--store", store)
    assert sum(r["times"] for r in rows) == len(bids)
    three, _ = _json("stats", "festival_prize_by_bid", "--players", "3", "--json", "--store", store)
    assert sum(r["times"] for r in three) == sum(1 for b in bids if players[b["game_id"]] == 3)
    assert {(r["variant"], r["players"], r["imps"]): r["bids"] for r in rows} == {
        (*stratum[b["game_id"]], b["imps"]): sum(
            1 for c in bids if (*stratum[c["game_id"]], c["imps"]) == (*stratum[b["game_id"]], b["imps"])
        )
        for b in bids
    }
    # the base game's four Combat rounds a Year against the expansion's five, never in one row
    rows, _ = _json("stats", "conquests_by_round", "--json", "--store", store)
    assert max(r["combat_round"] for r in rows if r["ruleset"] == "base") <= 4
    assert max(r["combat_round"] for r in rows if r["ruleset"] == FESTIVAL) == 5


@pytest.mark.parametrize("fmt", ["csv", "json", "parquet"])
def test_the_festival_questions_export(store, tmp_path, fmt):
    for name in FESTIVAL_QUESTIONS:
        shown, _ = _json("stats", name, "--ruleset", "festival", "--json", "--store", store)
        out = tmp_path / f"{name}.{fmt}"
        written = run("stats", name, "--ruleset", "festival", "--format", fmt, "--out", out, "--store", store)
        assert f"wrote {len(shown)} rows of {name}" in written.stdout
        reader = {"csv": "read_csv", "json": "read_json", "parquet": "read_parquet"}[fmt]
        cur = duckdb.connect().execute(f"SELECT * FROM {reader}(?)", [str(out)])
        assert [d[0] for d in cur.description] == list(QUESTIONS[name].columns) == list(shown[0])
        assert len(cur.fetchall()) == len(shown)


def test_the_new_read_models_are_documented(store):
    rows, _ = _json("stats", "--schema", "--json", "--store", store)
    documented = {(r["table"], r["column"]): r["comment"] for r in rows}
    for table in ("festival_bids", "pets_held", "trap_installs", *(f"{t}_cells" for t in ("prize", "pet", "round"))):
        assert documented[(table, "")], table
    for column in (("damage", "courage_used"), ("damage", "prevented_by"), ("battles", "courage_tokens")):
        assert documented[column], column
    pooled, _ = _json("stats", "pets_by_winner", "--pooled", "--json", "--store", store)
    assert pooled and {(r["ruleset"], r["variant"], r["players"]) for r in pooled} == {("(pooled)", "(pooled)", None)}
    refused = run("stats", "pets_by_winner", "--ruleset", "monster_inn", "--store", store, ok=False)
    assert refused.exit_code == 2 and len(refused.stderr.strip().splitlines()) == 1


def test_festival_games_fill_every_festival_read_model_and_aggregate(store):
    """Every read model and aggregate has rows of the festival games here (the base games fill the others:
    tests/analytics/test_projections.py)."""
    from projections.rollups import TABLES as AGGREGATES

    for table in ("festival_bids", "pets_held", "trap_installs", "paladins", "battles", "damage"):
        rows = _sql(store, f"SELECT count(*) AS n FROM {table} JOIN games USING (game_id) WHERE ruleset = '{FESTIVAL}'")
        assert rows[0]["n"] > 0, table
    for table in (t for t in AGGREGATES if t not in ("take_cells", "fame_cells")):  # (Monster Inn's own)
        rows = _sql(store, f"SELECT count(*) AS n FROM {table} WHERE ruleset = '{FESTIVAL}'")
        assert rows[0]["n"] > 0, table
    sent = _sql(store, "SELECT count(*) AS n FROM paladins WHERE event = 'sent_away'")[0]["n"]
    assert sent == _sql(store, "SELECT count(*) AS n FROM events WHERE type = 'PaladinSentAway'")[0]["n"] > 0
