"""Every analytics question, under every filter, agrees with an independent recount from the raw events
(``tests/recount.py``): issue #18's "done when".

The store (a SQLite file): bot games of the base game (simulated, 2-4 players, both variants), stored in
two batches with a time cut between them (``--since``/``--until``); bot games of the whole Festival Season
(``--ruleset festival``: the Festival, pets, bards, the paladin pair, Install Traps) in both batches; Dungeon
Lords games played by people (no bot at any seat; one in the Festival Season's five seasons) and Monster Inn
bot games. The default run
holds about 130 games (kept under half a minute; on PostgreSQL when DL_TEST_POSTGRES is set, as in CI);
the ``slow`` test 2,000 and more on SQLite (CI runs it; ``pytest -m slow``: about 7 minutes on 2 cores).
"""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime

import pytest
import recount
from festival_games import whole_game

from analytics import QUESTIONS, prepare, run_question, warnings_for
from domain.games.dungeon_lords.bots import play_until_blocked
from domain.games.dungeon_lords.engine import new_game
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.games.dungeon_lords.strategies import STRATEGIES
from domain.service.application import GameService
from domain.service.simulation import plans, run
from domain.service.storage import store_env
from projections import open_analytics, project


def _people_game(seed: int, n: int):
    """A whole Dungeon Lords game with people's names at every seat (no bot recorded), played by strategies."""
    names = ["Ann", "Bob", "Cid", "Dee"][:n]
    picks = list(STRATEGIES)
    events, state = new_game(names, seed=seed, variant="full")
    seats = {p.color: STRATEGIES[picks[(seed + i) % len(picks)]] for i, p in enumerate(state.players)}
    more, state, _ = play_until_blocked(state, seats, seed=seed)
    assert state.scores
    return events + more


FESTIVAL = "+".join(RULESETS["festival"])  # games.ruleset of `--ruleset festival`


def build(path, dungeon_lords: int, monster_inn: int, people: int, env: dict | None = None, festival: int = 0):
    """The store (a SQLite file, or ``env``), its read models, the games read back from the raw events, and
    the time cut."""
    app = GameService(env=env or store_env(f"sqlite:///{path / 'games.sqlite'}"))
    stored: list[tuple[str, int]] = []  # (game id, batch)

    def simulate(count: int, seed: int, batch: int, game: str = "dungeon_lords", modules: tuple = ()) -> None:
        for log, final in run(plans(count, seed=seed, game=game, modules=modules)):
            stored.append((str(app.create_from_events(log, final_state=final, game=game)), batch))

    simulate(dungeon_lords // 2, 1, 0)
    simulate(festival // 2, 4, 0, modules=RULESETS["festival"])
    for i in range(people):
        stored.append((str(app.create_from_events(_people_game(100 + i, 2 + i % 3))), 0))
    time.sleep(0.05)
    cut = datetime.now(UTC).replace(tzinfo=None)
    time.sleep(0.05)
    simulate(dungeon_lords - dungeon_lords // 2, 2, 1)
    simulate(festival - festival // 2, 5, 1, modules=RULESETS["festival"])
    simulate(monster_inn, 3, 1, game="monster_inn")
    events, _ = whole_game(2, 3)  # five seasons, people's names
    stored.append((str(app.create_from_events(events)), 1))
    con = open_analytics(str(path / "analytics.duckdb"))
    project(app, con)
    games = [recount.read_game(gid, app.log(gid), batch) for gid, batch in stored]
    return con, games, cut


def filters(cut: datetime) -> list[dict]:
    return [
        {},
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"rulesets": ["base"]},
        {"rulesets": ["five_seasons"]},
        {"rulesets": [FESTIVAL]},
        {"rulesets": [FESTIVAL], "players": 2, "since": cut},
        {"rulesets": ["base", FESTIVAL], "strategies": ["monster_keeper"]},
        {"variants": ["full"]},
        {"variants": ["first_game"]},
        {"origins": ["simulated"]},
        {"origins": ["recorded"]},
        {"since": cut},
        {"until": cut},
        {"strategies": ["evil"]},
        {"strategies": ["human: Ann"]},
        {"derived": True},
        {"derived": True, "strategies": ["tunneller"]},
        {"pooled": True},
        {"pooled": True, "players": 4, "since": cut},
        {"pooled": True, "since": recount.EARLY, "variants": ["full"]},  # pooled from the aggregates (whole days)
        {"pooled": True, "rulesets": [FESTIVAL, "five_seasons"], "derived": True},
        {"pooled": True, "strategies": ["evil", "human: Ann"]},
        {"since": recount.EARLY, "players": 2},  # whole days: the aggregate answers (win rate, seat advantage)
        {"until": recount.LATE, "variants": ["full"], "derived": True},
        {"players": 3, "variants": ["full"], "strategies": ["balanced", "tunneller"]},
    ]


def _close(a: object, b: object) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and math_close(float(a), float(b))
    return a == b


def math_close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def check_every_question(con, games, cut) -> int:
    """Compare every question under every filter with the recount; returns the comparisons made."""
    compared = 0
    for name, q in QUESTIONS.items():
        for game in ("dungeon_lords", "monster_inn"):
            if q.game not in ("common", game):
                continue
            for f in filters(cut):
                columns, rows = run_question(con, name, **{**f, "game": game})
                # every answer names its game (one game's results: never pooled with another's)
                assert columns[0] == "game" and {r[0] for r in rows} <= {game}, (name, game, f)
                keys, expected = recount.recount(name, games, game, f)
                got = {tuple(r[columns.index(k)] for k in keys): dict(zip(columns, r)) for r in rows}
                assert set(got) == set(expected), (name, game, f, set(got) ^ set(expected))
                for key, values in expected.items():
                    for column, value in values.items():
                        assert _close(got[key][column], value), (name, game, f, key, column, got[key][column], value)
                compared += 1
    return compared


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    """On PostgreSQL when DL_TEST_POSTGRES is set (as CI does; the slow test covers SQLite), else SQLite."""
    env, cleanup = None, None
    if os.environ.get("DL_TEST_POSTGRES"):
        from helpers import postgres_schema as _postgres_schema

        env, cleanup = _postgres_schema(os.environ["DL_TEST_POSTGRES"])
    con, games, cut = build(
        tmp_path_factory.mktemp("recount"), dungeon_lords=120, monster_inn=9, people=3, env=env, festival=36
    )
    yield con, games, cut
    con.close()
    if cleanup:
        cleanup()


def test_every_question_agrees_with_a_recount_from_the_raw_events_under_every_filter(quick):
    con, games, cut = quick
    assert len(games) >= 160
    assert {g.ruleset for g in games} == {"base", "five_seasons", FESTIVAL} and {g.game for g in games} == {
        "dungeon_lords",
        "monster_inn",
    }
    # what the default strata must keep apart is here: shared victories, both variants, 3-5 players
    shared = [g for g in games if sum(s.won for s in g.seats) > 1]
    assert {g.game for g in shared} >= {"dungeon_lords"}, "no shared victory: 1/k would go untested"
    assert {g.variant for g in games if g.game == "dungeon_lords"} == {"first_game", "full"}
    assert {g.players for g in games} >= {2, 3, 4, 5}
    assert check_every_question(con, games, cut) > 200


def test_the_aggregate_answers_when_the_filters_allow(quick):
    """seat_cells answers the fair-comparison questions unless a filter needs the seats themselves; both
    ways are held to the same recount above."""
    con, _, cut = quick
    for name in ("win_rate_by_strategy", "seat_advantage", "score_breakdown"):
        assert "seat_cells" in prepare(name, con=con, game="dungeon_lords")[0]
        assert "seat_cells" in prepare(name, con=con, game="dungeon_lords", since=recount.EARLY, players=3)[0]
        assert "seat_cells" not in prepare(name, con=con, game="dungeon_lords", strategies=["evil"])[0]
        assert "seat_cells" not in prepare(name, con=con, game="dungeon_lords", since=cut)[0]  # not a whole day
        assert "seat_cells" not in prepare(name, game="dungeon_lords")[0]  # no connection: no freshness check
    # every question has its aggregate, Monster Inn's own too (issue #31): the recount above holds both ways
    assert all(q.cells_sql for q in QUESTIONS.values())
    for name, table in (("who_leaves_first", "take_cells"), ("fame_by_treasure_kept", "fame_cells")):
        assert table in prepare(name, con=con)[0] and table in prepare(name, con=con, pooled=True)[0]
        assert table not in prepare(name, con=con, strategies=["random"])[0]


def test_the_filters_select_what_they_say(quick):
    """The filters are not vacuous here: each keeps some games and leaves out others."""
    _, games, cut = quick
    for f in filters(cut)[1:]:
        if set(f) <= {"derived", "pooled"}:
            continue
        kept = [g for g in games if recount.in_scope(g, f)]
        assert 0 < len(kept) < len(games), f


@pytest.mark.slow
@pytest.mark.heavy
def test_the_recount_agrees_on_two_thousand_games(tmp_path, capsys):
    t0 = time.perf_counter()
    con, games, cut = build(tmp_path, dungeon_lords=2000, monster_inn=60, people=6, festival=300)
    built = time.perf_counter() - t0
    t1 = time.perf_counter()
    compared = check_every_question(con, games, cut)
    checked = time.perf_counter() - t1
    with capsys.disabled():
        print(
            f"\n[recount] {len(games)} games: store and project {built:.0f} s; {compared} question-filter answers "
            f"recounted from the raw events and compared in {checked:.0f} s"
        )
    assert len(games) >= 2000
    con.close()


def test_people_are_human_with_their_name_and_derived_on_request(quick):
    con, games, _ = quick
    people = [s for g in games if g.game == "dungeon_lords" for s in g.seats if s.bot is None]
    assert people
    columns, rows = run_question(con, "win_rate_by_strategy", pooled=True, origins=["recorded"], game="dungeon_lords")
    shown = {r[columns.index("strategy")] for r in rows}
    assert shown == {f"human: {s.name}" for s in people}
    columns, rows = run_question(
        con, "win_rate_by_strategy", pooled=True, origins=["recorded"], game="dungeon_lords", derived=True
    )
    assert {r[columns.index("strategy")] for r in rows} == {s.derived for s in people}
    # and the answer says how it classified them, with the rule's agreement on the bots' seats in scope
    notes = warnings_for(con, "win_rate_by_strategy", columns, rows, origins=["recorded"], derived=True)
    said = next(n for n in notes if "played by people" in n)
    assert said.startswith(f"{len(people)} seats played by people") and "peak Evil" in said
    bots = [s for g in games if g.game == "dungeon_lords" and g.origin == "recorded" for s in g.seats if s.bot]
    assert ("bot seats in scope" in said) == bool(bots)


def test_the_festival_questions_are_not_vacuous_here(quick):
    """The recount above compares something: each Festival Season question has rows of festival games, both
    from its aggregate and from the read models, and the events behind them happened in the store."""
    con, games, _ = quick
    for name in recount.FESTIVAL_QUESTIONS:
        for f in ({}, {"strategies": ["random", "evil", "balanced", "tunneller", "room_builder", "monster_keeper"]}):
            sql = prepare(name, con=con, game="dungeon_lords", **f)[0]
            assert ("_cells" in sql) == (not f), name  # the aggregate answers unless --strategy needs the seats
            columns, rows = run_question(con, name, game="dungeon_lords", rulesets=[FESTIVAL], **f)
            assert rows and {r[columns.index("ruleset")] for r in rows} == {FESTIVAL}, (name, f)
    festival = [g for g in games if g.ruleset == FESTIVAL]
    seen = {e.type for g in festival for e in g.log}
    assert {"FestivalPrizeTaken", "PetsExchanged", "PaladinSentAway", "TrapInstalled", "BardStepTaken"} <= seen
    assert any(e.type == "DamageDealt" and e.courage_used for g in festival for e in g.log)
    # the base game's one paladin a Year against the expansion's two: never in the same row
    columns, rows = run_question(con, "paladins_per_year", game="dungeon_lords")
    by: dict = {}
    for r in rows:
        by.setdefault(r[columns.index("ruleset")], set()).add(r[columns.index("paladin")])
    assert by["base"] <= {"paladin_y1", "paladin_y2"} and by[FESTIVAL] & {"elf_y1", "dwarf_y1", "elf_y2", "dwarf_y2"}
    columns, rows = run_question(con, "conquests_by_round", game="dungeon_lords")
    last = {}
    for r in rows:
        key = r[columns.index("ruleset")]
        last[key] = max(last.get(key, 0), r[columns.index("combat_round")])
    assert last["base"] <= 4 < last[FESTIVAL] == 5


def test_every_question_answers_per_stratum_by_default(quick):
    """Issue #31: unless pooled, no answer mixes games, rulesets, variants or player counts: each has their
    columns, and on this store (all three rule sets, both variants, 2-5 players) the default answer keeps them
    apart; every question pools on request, into rows of '(pooled)', '(pooled)', NULL."""
    con, games, _ = quick
    strata = ("game", "ruleset", "variant", "players")
    for name, q in QUESTIONS.items():
        game = "monster_inn" if q.game == "monster_inn" else "dungeon_lords"
        columns, rows = run_question(con, name, game=game)
        assert columns[:4] == list(strata) or columns[:5] == ["game", "ruleset", "variant", "year", "players"], name
        assert rows, name
        held = {tuple(r[columns.index(c)] for c in strata[1:]) for r in rows}
        kinds = {(g.ruleset, g.variant, g.players) for g in games if g.game == game}
        assert held <= kinds and (len(held) > 1 or len(kinds) == 1), name
        pooled_columns, pooled = run_question(con, name, game=game, pooled=True)
        assert pooled_columns == columns and pooled, name
        assert {tuple(r[pooled_columns.index(c)] for c in strata) for r in pooled} == {
            (game, "(pooled)", "(pooled)", None)
        }, name
    rows = run_question(con, "win_rate_by_strategy", game="dungeon_lords")
    held = {tuple(r[rows[0].index(c)] for c in ("ruleset", "variant", "players")) for r in rows[1]}
    assert held == {(g.ruleset, g.variant, g.players) for g in games if g.game == "dungeon_lords"}
