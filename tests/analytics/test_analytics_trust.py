"""Issue #18, analytics an analyst can trust: the read model's ruleset and time, five-season games, the
documented schema, filters, fair comparisons, exports and the strategy of people's seats.

A small store: bot games of the base game (simulated, several player counts), two five-season games
(Festival Season's ``five_seasons``) and one game recorded by people; every expectation is counted here
from the games' events, never by running the SQL again.
"""

from __future__ import annotations

import duckdb
import pytest
from festival_games import whole_game

from domain.service.application import GameService
from projections import project
from projections.games.dungeon_lords import _season_of_state
from projections.schema import SPECS, create_all, describe


@pytest.fixture(scope="module")
def festival_store():
    app = GameService.open("memory")
    ids = {}
    for players, seed in ((2, 3), (3, 4)):
        events, final = whole_game(players, seed)
        ids[str(app.create_from_events(events))] = (events, final)
    con = duckdb.connect()
    project(app, con)
    yield app, con, ids
    con.close()


def test_five_season_games_are_projected_with_their_ruleset_and_fifth_season(festival_store):
    _, con, ids = festival_store
    rows = con.execute("SELECT game_id, ruleset, finished, catalog_hash, started_at FROM games").fetchall()
    assert {r[0] for r in rows} == set(ids)
    for gid, ruleset, finished, catalog_hash, started_at in rows:
        events, _ = ids[gid]
        assert ruleset == "+".join(events[0].modules) == "five_seasons"
        assert finished and catalog_hash == events[0].catalog_hash and started_at is not None
    seasons = {r[0] for r in con.execute("SELECT DISTINCT season FROM orders").fetchall()}
    assert "festival" in seasons  # the fifth round's orders are counted in their own season
    festival_orders = sum(
        1
        for events, _ in ids.values()
        for i, e in enumerate(events)
        if e.type == "MinionPlaced"
        and not e.nonplayer
        and [p for p in events[:i] if p.type == "PhaseBegan"][-1].season == "festival"
    )
    assert con.execute("SELECT count(*) FROM orders WHERE season = 'festival'").fetchall()[0][0] == festival_orders
    assert con.execute("SELECT DISTINCT ruleset FROM player_results").fetchall() == [("five_seasons",)]


@pytest.mark.parametrize(
    ("state", "season"),
    [
        ({"season": 4, "modules": ["five_seasons"]}, "festival"),
        ({"season": 3, "modules": ["five_seasons"]}, "fall"),
        ({"season": 0, "modules": []}, "winter"),
        ({"season": 3}, "fall"),  # an old state without modules
        ({"season": 4, "modules": ["no_such_module"]}, "festival"),  # unknown modules: every plan's names
    ],
)
def test_a_whole_state_event_reads_its_season_from_its_year_plan(state, season):
    import json

    con = duckdb.connect()
    sql = f"SELECT {_season_of_state()} FROM (SELECT ?::JSON AS payload)"
    assert con.execute(sql, [json.dumps({"state": state})]).fetchall() == [(season,)]


def test_every_table_and_column_is_documented_in_the_database():
    con = duckdb.connect()
    create_all(con)
    rows = describe(con)
    tables = {t for t, c, _, _ in rows if c == ""}
    assert tables == {t.name for t in SPECS}
    for table, column, _, comment in rows:
        assert comment.strip(), f"{table}.{column or '(table)'} has no comment"
    documented = {(t.name, c) for t in SPECS for c, _, _ in t.columns}
    assert {(t, c) for t, c, _, _ in rows if c} == documented


def test_the_cli_knows_the_origins_and_games_the_engine_knows():
    """cli.filters keeps its own origins (stats starts without importing the engine): they must agree with the
    games'; every registered game is a --game, an unknown one is refused."""
    from cli.errors import UserError
    from cli.filters import ORIGINS, registry_name
    from domain.games.dungeon_lords.events import ORIGINS as ENGINE_ORIGINS
    from domain.service.games import load_games

    assert tuple(ORIGINS) == tuple(ENGINE_ORIGINS)
    for name in load_games():
        assert registry_name(name.replace("_", "-")) == name
    with pytest.raises(UserError, match="no game 'chess'; the games are"):
        registry_name("chess")


def test_the_default_game_is_the_registrys_as_the_projection_records_it():
    """Analytics imports no game: the projection records the registry's games in order (``projection_games``), and
    a common question asked without a game reads the first; read models filled by hand say their one game, or
    ask for one."""
    from analytics import default_game
    from domain.kernel import registry
    from domain.service.games import load_games
    from projections.runner import Projector
    from projections.schema import create_all

    con = duckdb.connect()
    Projector(GameService.open("memory"), con)
    assert default_game(con) == registry.default().info.name
    assert [r[0] for r in con.execute("SELECT name FROM projection_games ORDER BY rank").fetchall()] == list(
        load_games(shipped_only=True)
    )
    by_hand = duckdb.connect()
    create_all(by_hand)
    assert default_game(by_hand) is None  # no games: every question answers nothing
    names = list(registry.GAMES)[:2]
    by_hand.execute("INSERT INTO games (game_id, game) VALUES ('a', ?)", [names[1]])
    assert default_game(by_hand) == names[1]
    by_hand.execute("INSERT INTO games (game_id, game) VALUES ('b', ?)", [names[0]])
    with pytest.raises(ValueError, match="games of .*: name the game"):
        default_game(by_hand)


def test_a_long_projection_shows_a_progress_bar():
    """Behind by at least ``progress_from`` notifications, catching up draws a bar that reaches the end."""
    import io

    from rich.console import Console

    from cli.analytics_cmds import catch_up

    app = GameService.open("memory")
    for players, seed in ((2, 3), (3, 4)):
        app.create_from_events(whole_game(players, seed)[0])
    total = app.recorder.max_notification_id()
    out = io.StringIO()
    con = duckdb.connect()
    figures = catch_up(app, con, quiet=True, progress_from=1, bar_console=Console(file=out, force_terminal=True))
    assert figures["events"] == total
    assert "projecting" in out.getvalue() and f"{total}/{total}" in out.getvalue()
    quiet = io.StringIO()  # caught up: nothing to show
    catch_up(app, con, quiet=True, progress_from=1, bar_console=Console(file=quiet, force_terminal=True))
    assert quiet.getvalue() == ""


def test_a_long_simulation_shows_a_progress_bar(monkeypatch):
    """Simulating for longer than ``progress_after`` seconds draws a bar, on standard error, that reaches the
    end; a simulation over sooner draws none, and ``quiet`` none either."""
    import io

    from rich.console import Console

    from cli import consoles
    from cli.analytics_cmds import simulate_into

    app = GameService.open("memory")
    out = io.StringIO()
    figures = simulate_into(
        app, 3, 2, None, seed=1, progress_after=0, bar_console=Console(file=out, force_terminal=True)
    )
    assert figures["games"] == 3 and len(app.games()) == 3
    assert "simulating" in out.getvalue() and "3/3" in out.getvalue()
    for seed, after, quiet in ((2, 3600, False), (4, 0, True)):  # over before the bar was due; asked for no bar
        calm = io.StringIO()
        simulate_into(app, 2, 2, None, seed=seed, quiet=quiet, progress_after=after, bar_console=Console(file=calm))
        assert calm.getvalue() == ""
    stdout, stderr = io.StringIO(), io.StringIO()  # by default: standard error, never the output a script reads
    monkeypatch.setattr(consoles, "console", Console(file=stdout, force_terminal=True))
    monkeypatch.setattr(consoles, "err_console", Console(file=stderr, force_terminal=True))
    simulate_into(app, 2, 2, None, seed=3, progress_after=0)
    assert "simulating" in stderr.getvalue() and stdout.getvalue() == ""
    assert len(app.games()) == 3 + 2 + 2 + 2


def test_the_fast_way_knows_the_store_as_the_service_does():
    from cli import fast
    from domain.service import storage
    from domain.service.application import IDENTITY_TABLE

    assert fast.IDENTITY_TABLE == IDENTITY_TABLE and fast.SQLITE_SUFFIXES == storage.SQLITE_SUFFIXES


def test_the_aggregate_is_used_only_while_fresh():
    """The aggregates move with the projection's position; a deleted game leaves them in the same transaction
    as its rows; aggregates marked stale are not read, and the next projection run rebuilds them."""
    from analytics import prepare, run_question
    from projections import forget_game, rollups

    app = GameService.open("memory")
    ids = [app.create_from_events(whole_game(players, seed)[0]) for players, seed in ((2, 3), (3, 4))]
    con = duckdb.connect()
    project(app, con)
    assert "seat_cells" in prepare("seat_advantage", con=con)[0]
    before = run_question(con, "seat_advantage")
    forget_game(con, ids[0])
    assert "seat_cells" in prepare("seat_advantage", con=con)[0]
    after = run_question(con, "seat_advantage")
    games = after[0].index("games")
    assert sum(r[games] for r in after[1]) == sum(r[games] for r in before[1]) - 2  # the 2-player game's seats gone
    rollups.forget(con)  # marked stale: the read models answer, the same
    assert "seat_cells" not in prepare("seat_advantage", con=con)[0]
    assert run_question(con, "seat_advantage") == after
    con.execute("DELETE FROM seat_cells")  # (what a stale aggregate may hold is never read)
    project(app, con)  # nothing new, but the aggregates were stale: rebuilt
    assert "seat_cells" in prepare("seat_advantage", con=con)[0]
    assert run_question(con, "seat_advantage") == after
