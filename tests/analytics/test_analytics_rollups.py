"""The aggregates (``projections/rollups.py``) follow the read models through a game's whole life: finished,
archived, corrected after its end (its score card superseded), undone, deleted, and games arriving batch by
batch. At each step every question that has a ``.cells.sql`` answers from its aggregate exactly as the read
models answer (held to the raw events by ``tests/analytics/test_analytics_recount.py``), and each aggregate is what a
rebuild from the read models gives."""

from __future__ import annotations

import math
import random

import duckdb
import pytest
from festival_games import whole_game
from recount import EARLY

from analytics import QUESTIONS, prepare, warnings_for
from domain.games.dungeon_lords.engine import pending
from domain.games.dungeon_lords.history import spans_of, standing, state_before
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.games.dungeon_lords.strategies import STRATEGIES
from domain.service.application import GameService
from domain.service.simulation import plans, run
from projections import forget_game, project, rollups

FILTERS = [
    {},
    {"players": 3},
    {"variants": ["full"]},
    {"rulesets": ["five_seasons"]},
    {"rulesets": ["+".join(RULESETS["festival"])], "players": 3},
    {"origins": ["recorded"]},
    {"since": EARLY, "players": 2},
    {"derived": True},
    {"pooled": True},
    {"pooled": True, "derived": True, "players": 4},
]
FAST = [name for name, q in QUESTIONS.items() if q.cells_sql]


def _same(a: list[tuple], b: list[tuple]) -> bool:
    def close(x, y) -> bool:
        if isinstance(x, float) or isinstance(y, float):
            return x is not None and y is not None and math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)
        return x == y

    return len(a) == len(b) and all(len(r) == len(s) and all(map(close, r, s)) for r, s in zip(a, b))


def answers(con) -> dict:
    """Every fast question under every filter, from its aggregate; checked against the read models'."""
    out = {}
    for name in FAST:
        q = QUESTIONS[name]
        for game in ("dungeon_lords", "monster_inn") if q.game == "common" else (q.game,):
            for f in FILTERS:
                f = {**f, "game": game}
                sql, values = prepare(name, con=con, **f)
                assert "_cells" in sql, (name, f)
                cur = con.execute(sql, values)
                columns, fast = [d[0] for d in cur.description], cur.fetchall()
                slow = con.execute(*prepare(name, **f)).fetchall()
                assert _same(fast, slow), (name, f, fast, slow)
                out[(name, str(f))] = (f, columns, fast, warnings_for(con, name, columns, fast, **f))
    return out


def aggregates(con) -> dict:
    return {t: sorted(con.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in rollups.TABLES}


def agree(con) -> dict:
    """The answers and their warnings agree, and the aggregates kept batch by batch equal a rebuild from the
    read models."""
    result = answers(con)
    kept = aggregates(con)
    assert any(kept.values())
    rollups.forget(con)  # the warnings, from the read models: the same as from the aggregate
    for (name, _), (f, columns, rows, warned) in result.items():
        assert warnings_for(con, name, columns, rows, **f) == warned, (name, f)
    rollups.refresh(con)
    assert aggregates(con) == kept
    return {key: rows for key, (_, _, rows, _) in result.items()}


def _seats(con, game: str = "dungeon_lords") -> int:
    cur = con.execute(*prepare("seat_advantage", con=con, game=game))
    games = [d[0] for d in cur.description].index("games")
    return sum(r[games] for r in cur.fetchall())


@pytest.fixture(scope="module")
def life():
    app = GameService.open("memory")
    bots = [str(app.create_from_events(log, final_state=final)) for log, final in run(plans(10, seed=5))]
    festival = plans(6, seed=8, modules=RULESETS["festival"])  # the Festival, pets, bards, installed traps ...
    bots += [str(app.create_from_events(log, final_state=final)) for log, final in run(festival)]
    people = [str(app.create_from_events(whole_game(players, seed)[0])) for players, seed in ((2, 3), (3, 4))]
    inn = [
        str(app.create_from_events(log, final_state=final, game="monster_inn"))
        for log, final in run(plans(3, seed=6, game="monster_inn"))
    ]
    con = duckdb.connect()
    project(app, con, batch_size=997)  # games straddle batches
    yield app, con, bots, people, inn
    con.close()


def test_games_arriving_batch_by_batch(life, monkeypatch):
    """Each batch appends its games' cells (a cell may stand in several rows: the answers are right at once);
    the end of the run sums them to one row per cell."""
    app, con, bots, *_ = life
    first = agree(con)
    assert _seats(con) == sum(len(app.log(g)[0].players) for g in bots) + 5
    assert all(con.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0] for t in rollups.TABLES)
    for log, final in run(plans(4, seed=7)):
        app.create_from_events(log, final_state=final)
    with monkeypatch.context() as m:
        m.setattr(rollups, "compact", lambda con: None)  # as if the run had stopped before its end
        project(app, con, batch_size=1500)
    twice = [t for t in rollups.TABLES if _rows_per_cell(con, t) > 1]
    assert twice, "some cell stands in several rows"
    answers(con)
    rollups.compact(con)
    assert not [t for t in rollups.TABLES if _rows_per_cell(con, t) > 1]
    assert agree(con) != first and _seats(con) > sum(len(app.log(g)[0].players) for g in bots) + 5


def _rows_per_cell(con, table: str) -> int:
    keys = ", ".join(rollups._columns(next(r for r in rollups.ROLLUPS if r.table == table))[0])
    return con.execute(
        f"SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM {table} GROUP BY {keys})"
    ).fetchall()[0][0]


def test_archived_games_leave_every_aggregate(life):
    app, con, bots, people, inn = life
    before = agree(con)
    seats = _seats(con)
    inn_seats = _seats(con, "monster_inn")
    app.archive(bots[0], reason="a test")
    app.archive(inn[0], reason="a test")
    project(app, con)
    assert _seats(con) == seats - len(app.log(bots[0])[0].players)
    assert _seats(con, "monster_inn") == inn_seats - len(app.log(inn[0])[0].players)
    assert agree(con) != before


def _correct(app, gid, pick) -> None:
    """Correct a decision of a finished game (``pick`` chooses it among those with another legal option)."""
    log = app.log(gid)
    spans = [s for s in standing(spans_of(log)) if s.actor != "chance"]
    decision, other = pick(
        [
            (s, o)
            for s in spans
            for o in pending(state_before(log, s.first)).options(s.actor)[:2]
            if o != s.command and s.first > 60
        ]
    )
    app.correct(gid, decision.first, other)


def test_corrections_after_the_end_take_the_score_card_back_and_a_new_one_counts(life):
    """A decision corrected after the end: the game stops where the corrected line asks again (its score card
    superseded); played on to its end, it counts again with its new card."""
    app, con, bots, people, _ = life
    seats = _seats(con)
    n = len(app.log(people[0])[0].players)
    _correct(app, bots[1], lambda options: options[0])
    _correct(app, people[0], lambda options: options[-1])
    _correct(app, bots[-1], lambda options: options[len(options) // 2])  # a Festival Season game, mid-way
    project(app, con, batch_size=50)
    finished = dict(con.execute("SELECT game_id, finished FROM games").fetchall())
    assert not finished[bots[1]] and not finished[people[0]] and not finished[bots[-1]]
    lost = len(app.log(bots[-1])[0].players)
    assert _seats(con) == seats - len(app.log(bots[1])[0].players) - n - lost
    agree(con)
    rng = random.Random(1)
    while not (state := app.state(people[0])).scores:
        p = pending(state)
        app.execute(people[0], STRATEGIES["balanced"](state, p, p.actors[0], rng))
    project(app, con, batch_size=50)
    assert _seats(con) == seats - len(app.log(bots[1])[0].players) - lost
    agree(con)


def test_a_deleted_game_leaves_them_in_the_same_transaction(life):
    app, con, bots, *_ = life
    seats = _seats(con)
    (gone,) = con.execute("SELECT count(*) FROM player_results WHERE game_id = ?", [bots[2]]).fetchall()[0]
    assert gone >= 2
    app.delete(bots[2])
    forget_game(con, bots[2])
    assert rollups.position(con) == rollups.head(con)  # still fresh: nothing to rebuild
    assert _seats(con) == seats - gone
    agree(con)
