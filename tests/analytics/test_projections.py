"""The DuckDB read models (projections/): values checked against the event logs, exactly-once
under interruption, and the throughput against the read ceiling (printed, not asserted).

The store (module fixture, SQLite file): 6 simulated complete games (2, 3 and 4 players, both
variants, mixed bots; one append each), one simulated game from a scenario, and three games
recorded through ``app.execute`` command by command and interleaved with each other (many small
appends): two finished, one left in the middle of the First Year.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import duckdb
import pytest

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.bots import play_until_blocked
from domain.games.dungeon_lords.catalog import load_catalog
from domain.games.dungeon_lords.engine import from_scenario, new_game, pending
from domain.games.dungeon_lords.evolve import evolve
from domain.games.dungeon_lords.game_info import SEASONS
from domain.games.dungeon_lords.strategies import STRATEGIES
from domain.service.application import GameService
from domain.service.storage import store_env
from projections import (
    BatchRefused,
    Projector,
    ReadModelsOfAnotherStore,
    analytics_path,
    open_analytics,
    project,
    read_ceiling,
)
from projections.games.dungeon_lords import STRATEGY_SQL, derive_strategy
from projections.runner import NAME, InjectedFailure, stored_position
from projections.schema import TABLES

ROOT = Path(__file__).resolve().parent.parent.parent
PALADINS = set(load_catalog().paladins)

SIMULATED = [  # (bots, variant, seed): all reach GameScored; the paladin arrives, moves, is captured,
    #            is released and leaves
    (["random", "tunneller"], "first_game", 9),
    (["evil", "room_builder"], "full", 2),
    (["monster_keeper", "balanced", "random"], "first_game", 35),  # moved, captured, released
    (["tunneller", "evil", "room_builder"], "full", 4),
    (["balanced", "monster_keeper", "evil", "tunneller"], "first_game", 35),
    (["room_builder", "random", "balanced", "monster_keeper"], "full", 6),
]
RECORDED = [  # (names, variant, seed, bots driving the seats, commands to stop after or None)
    (["Ann", "Bob"], "first_game", 11, ["room_builder", "evil"], None),
    (["Cid", "Dee", "Eve"], "full", 12, ["tunneller", "monster_keeper", "balanced"], None),
    (["Fay", "Gus"], "first_game", 13, ["random", "random"], 60),
]


class Store:
    def __init__(self, path: Path):
        self.path = path
        self.env = store_env(str(path / "games.sqlite"))
        self.app = GameService(env=self.env)
        self.games: list = []  # game ids, in creation order
        self.finished: set = set()
        self.bots: dict = {}  # game id -> colour -> bot name (simulated games only)
        self.scenario: dict = {}  # game id -> scenario name


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Store:
    s = Store(tmp_path_factory.mktemp("store"))
    app = s.app
    for bots, variant, seed in SIMULATED:
        events, state = new_game([f"{b} {i + 1}" for i, b in enumerate(bots)], variant=variant, seed=seed, bots=bots)
        more, state, _ = play_until_blocked(
            state, {p.color: STRATEGIES[b] for p, b in zip(state.players, bots)}, seed=seed
        )
        assert state.scores
        gid = app.create_from_events(events + more)
        s.games.append(gid)
        s.finished.add(gid)
        s.bots[gid] = {p.color: b for p, b in zip(state.players, bots)}
    # a game that starts from a scenario (ScenarioLoaded), played out by bots
    events, state = from_scenario((ROOT / "domain/games/dungeon_lords/scenarios/year2-winter-4p.json").read_text())
    more, state, _ = play_until_blocked(state, {p.color: STRATEGIES["balanced"] for p in state.players}, seed=3)
    assert state.scores
    gid = app.create_from_events(events + more)
    s.games.append(gid)
    s.finished.add(gid)
    s.scenario[gid] = events[0].name
    # recorded games: one command per append, the games interleaved
    rng = random.Random(5)
    live = {}
    for names, variant, seed, bots, stop in RECORDED:
        gid = app.create_game(names, variant=variant, seed=seed)
        s.games.append(gid)
        live[gid] = ({c: STRATEGIES[b] for c, b in zip(("red", "blue", "green", "yellow"), bots)}, stop)
    commands = Counter()
    while live:
        for gid in list(live):
            seats, stop = live[gid]
            state = app.state(gid)
            p = pending(state)
            actors = [a for a in p.actors if a in seats]
            if not actors or commands[gid] == stop:
                if state.scores:
                    s.finished.add(gid)
                del live[gid]
                continue
            app.execute(gid, seats[actors[0]](state, p, actors[0], rng))
            commands[gid] += 1
    assert len(s.finished) == len(s.games) - 1
    return s


def table(con, name: str) -> list[tuple]:
    """A whole table, sorted (NULLs first), for comparisons."""
    return sorted(
        con.execute(f"SELECT * FROM {name}").fetchall(), key=lambda r: tuple((v is not None, str(v)) for v in r)
    )


def all_tables(con) -> dict[str, list[tuple]]:
    return {name: table(con, name) for name in [*TABLES, "projection_tracking"]}


@pytest.fixture(scope="module")
def reference(store, tmp_path_factory):
    """One uninterrupted run (default batch size) into a fresh DuckDB file."""
    path = tmp_path_factory.mktemp("ref") / "analytics.duckdb"
    result = project(store.app, path)
    con = duckdb.connect(str(path), read_only=True)
    yield con, result
    con.close()


# --- values against the logs ------------------------------------------------------------------------
def replay(log):
    """(event, state after it) for each event of a game (states are snapshots of what matters)."""
    state = None
    for e in log:
        state = evolve(state, e)
        yield e, state


def test_the_run_covers_the_whole_log(store, reference):
    con, result = reference
    festival = {"festival_bids", "pets_held", "trap_installs", "prize_cells", "pet_cells", "courage_cells"}
    festival.add("install_cells")
    festival |= {"take_cells", "fame_cells"}  # (Monster Inn's aggregates)
    for name in (t for t in TABLES if not t.startswith("mi_") and t not in festival):  # Dungeon Lords' base games
        # exercise every table of theirs (Monster Inn's: tests/games/monster_inn/test_monster_inn_projection.py;
        # Festival Season's: tests/analytics/test_analytics_festival.py)
        assert con.execute(f"SELECT count(*) FROM {name}").fetchall()[0][0] > 0, name
    assert con.execute("SELECT count(DISTINCT event) FROM paladins").fetchall() == [(5,)]
    head = store.app.recorder.max_notification_id()
    assert result.position == head and result.events == head
    assert con.execute("SELECT name, position FROM projection_tracking").fetchall() == [(NAME, head)]
    assert con.execute("SELECT count(*), count(DISTINCT position), max(position) FROM events").fetchall() == [
        (head, head, head)
    ]


def test_events_and_games_match_the_logs(store, reference):
    con, _ = reference
    for gid in store.games:
        log = store.app.log(gid)
        rows = con.execute(
            "SELECT seq, year, season, combat_round, phase, type, kind, player FROM events "
            "WHERE game_id = ? ORDER BY seq",
            [str(gid)],
        ).fetchall()
        assert [r[0] for r in rows] == list(range(1, len(log) + 1))
        for (_seq, year, season, rnd, phase, type_, kind, player), (e, state) in zip(rows, replay(log)):
            assert (type_, kind, player) == (e.type, e.kind, getattr(e, "color", None))
            assert (year, season, rnd, phase) == (state.year, SEASONS[state.season], state.combat_round, state.phase)
            if isinstance(e, ev.PhaseBegan):  # the clock, independently of the fold
                assert (year, season, phase) == (e.year, e.season, e.phase)
        first = log[0]
        final = store.app.state(gid)
        ((players, variant, mode, origin, seed, starting, scenario, n, finished, winners, top),) = con.execute(
            "SELECT players, variant, mode, origin, seed, starting_player, scenario, events, finished, winners, "
            "winning_score FROM games WHERE game_id = ?",
            [str(gid)],
        ).fetchall()
        assert (players, variant, mode, seed, n) == (
            len(final.players),
            final.variant,
            final.mode,
            final.seed if gid in store.finished else None,  # a game's seed only once it is over (architecture §4)
            len(log),
        )
        if isinstance(first, ev.GameStarted):
            assert (origin, starting, scenario) == (first.origin, first.starting_player, None)
            assert origin == ("simulated" if gid in store.bots else "recorded")
        else:
            assert (origin, scenario) == ("scenario", store.scenario[gid])  # a game started from a scenario says so
        assert finished == (gid in store.finished)
        if finished:
            scores = log[-1].scores
            assert isinstance(log[-1], ev.GameScored)
            assert winners == ",".join(s["color"] for s in scores if s["winner"])
            assert top == max(s["total"] for s in scores)
        else:
            assert (winners, top) == (None, None)


def test_player_results_join_the_score_cards(store, reference):
    con, _ = reference
    cols = [r[0] for r in con.execute("DESCRIBE player_results").fetchall()]
    n_rows = 0
    for gid in store.finished:
        log = store.app.log(gid)
        final = store.app.state(gid)
        scores = {s["color"]: s for s in log[-1].scores}
        hired = Counter(e.color for e in log if isinstance(e, ev.MonsterHired))
        built = Counter(e.color for e in log if isinstance(e, ev.RoomBuilt))
        peak = Counter()
        for _, state in replay(log):
            for p in state.players:
                peak[p.color] = max(peak[p.color], p.evil)
        bots = {s.color: s.bot for s in log[0].players} if isinstance(log[0], ev.GameStarted) else {}
        rows = con.execute("SELECT * FROM player_results WHERE game_id = ?", [str(gid)]).fetchall()
        assert sorted(r[1] for r in rows) == sorted(scores)
        n_rows += len(rows)
        for row in rows:
            r = dict(zip(cols, row))
            sc, color = scores[r["color"]], r["color"]
            seat = [p.color for p in final.players].index(color)
            p = final.players[seat]
            assert r["seat"] == seat
            assert r["play_position"] == (seat - final.first_starting_player) % len(final.players)
            assert {k: r[k] for k in sc["lines"]} == sc["lines"]
            assert (r["total"], r["rank"], r["won"], r["name"]) == (sc["total"], sc["rank"], sc["winner"], sc["name"])
            assert r["titles_won"] == ",".join(sc["titles"])
            assert r["exclusive_titles"] == sum(v == "exclusive" for v in sc["titles"].values())
            tiles = sum(c is not None for row_ in p.dungeon for c in row_)
            assert (r["final_evil"], r["peak_evil"], r["tiles"]) == (p.evil, peak[color], tiles)
            assert (r["rooms_built"], r["monsters_hired"]) == (built[color], hired[color])
            assert (r["players"], r["variant"]) == (len(final.players), final.variant)
            bot = bots.get(color)
            assert r["bot"] == bot == store.bots.get(gid, {}).get(color)
            derived = derive_strategy(
                {"peak_evil": peak[color], "rooms_built": built[color], "monsters_hired": hired[color], "tiles": tiles}
            )
            # a person's seat is "human: NAME" (or "human"); the derived strategy is kept for every seat
            assert r["strategy"] == (bot or (f"human: {sc['name']}" if sc["name"] else "human"))
            assert r["derived_strategy"] == derived
    assert con.execute("SELECT count(*) FROM player_results").fetchall() == [(n_rows,)]


def test_paladins_battles_damage_orders_evil_match_the_logs(store, reference):
    con, _ = reference
    for gid in store.games:
        g = str(gid)
        log = store.app.log(gid)
        n = len(store.app.state(gid).players)
        # paladins
        expected = []
        for seq, (e, state) in enumerate(replay(log), 1):
            if isinstance(e, ev.PaladinArrived):
                expected.append((seq, e.paladin, "arrived", None, e.color, state.player(e.color).evil))
            elif isinstance(e, ev.PaladinMoved):
                expected.append((seq, e.paladin, "moved", e.from_color, e.to_color, state.player(e.to_color).evil))
            elif isinstance(e, ev.AdventurerImprisoned) and e.adventurer in PALADINS:
                expected.append((seq, e.adventurer, "imprisoned", None, e.color, None))
            elif isinstance(e, ev.PrisonerReleased) and e.prisoner in PALADINS:
                expected.append((seq, e.prisoner, "released", e.color, None, None))
            elif isinstance(e, ev.CombatEnded):
                expected += [
                    (seq, who, "left", c, None, None) for c, ids in e.departed.items() for who in ids if who in PALADINS
                ]
        got = con.execute(
            "SELECT seq, paladin, event, from_color, to_color, target_evil, players FROM paladins "
            "WHERE game_id = ? ORDER BY seq, event",
            [g],
        ).fetchall()
        assert [r[:6] for r in got] == sorted(expected, key=lambda r: (r[0], r[2]))
        assert all(r[6] == n for r in got)
        # battles: one per BattleBegan; damage, prisoners and conquests inside each
        began = [e for e in log if isinstance(e, ev.BattleBegan)]
        in_battle = None
        dealt = eliminated = conquered = 0
        for e in log:
            if isinstance(e, ev.BattleBegan):
                in_battle = e.color
            elif isinstance(e, ev.BattleEnded):
                in_battle = None
            elif in_battle == getattr(e, "color", None):
                dealt += e.amount if isinstance(e, ev.DamageDealt) else 0
                eliminated += isinstance(e, ev.AdventurerImprisoned)
                conquered += isinstance(e, ev.TileConquered)
        ended = sum(isinstance(e, ev.BattleEnded) for e in log)
        ((count, d, el, cq),) = con.execute(
            "SELECT count(*), coalesce(sum(damage_dealt), 0), "
            "coalesce(sum(eliminated), 0), count(*) FILTER (conquered) "
            "FROM battles WHERE game_id = ?",
            [g],
        ).fetchall()
        assert count == ended == len(began) - (1 if in_battle else 0)
        assert (d, el, cq) == (dealt, eliminated, conquered)
        planned = {}
        battles = []
        for e in log:
            if isinstance(e, ev.BattlePlanned):
                planned[e.color] = e
            elif isinstance(e, ev.BattleBegan):
                plan = planned[e.color]
                battles.append(
                    (e.color, f"{e.tile[0]},{e.tile[1]}", e.room, ",".join(plan.traps), ",".join(plan.monsters))
                )
        got = con.execute("SELECT color, tile, room, traps, monsters FROM battles WHERE game_id = ?", [g]).fetchall()
        assert sorted(got, key=str) == sorted(battles[:count], key=str)
        # damage: one row per DamageDealt
        dmg = [e for e in log if isinstance(e, ev.DamageDealt)]
        got = con.execute(
            "SELECT color, source_kind, source, target, amount, prevented FROM damage WHERE game_id = ?", [g]
        ).fetchall()
        assert sorted(got, key=str) == sorted(
            ((e.color, *split_source(e.source), e.target, e.amount, e.prevented) for e in dmg), key=str
        )
        # orders: every player's MinionPlaced, with the season it was played in
        expected, season, year = [], None, None
        for e in log:
            if isinstance(e, ev.PhaseBegan):
                year, season = e.year, e.season
            elif isinstance(e, ev.MinionPlaced) and not e.nonplayer:
                expected.append((year, season, e.color, e.slot, e.action, e.space))
        got = con.execute("SELECT year, season, color, slot, card, space FROM orders WHERE game_id = ?", [g]).fetchall()
        assert sorted(got, key=str) == sorted(expected, key=str)
        # evil: every player at the start and after a whole-state event, then each EvilometerMoved,
        # which the engine records right after every event that moves a marker
        expected, track = [], {}
        for seq, (e, state) in enumerate(replay(log), 1):
            if isinstance(e, (ev.GameStarted, ev.ScenarioLoaded, ev.InputUndone, ev.InputCorrected)):
                expected += [(seq, p.color, p.evil) for p in state.players]
                track = {p.color: p.evil for p in state.players}
            elif isinstance(e, ev.EvilometerMoved):
                expected.append((seq, e.color, e.evil))
                assert e.steps == e.evil - track[e.color] != 0
                track[e.color] = e.evil
            if seq == len(log) or not isinstance(log[seq], ev.EvilometerMoved):
                assert track == {p.color: p.evil for p in state.players}  # the track is the whole story
        got = con.execute("SELECT seq, color, evil FROM evil WHERE game_id = ? ORDER BY seq, color", [g]).fetchall()
        assert got == sorted(expected)
        assert {r[1] for r in got if r[0] == 1} == {p.color for p in store.app.state(gid, version=1).players}


def split_source(source: str) -> tuple[str, str | None]:
    """A DamageDealt source as the damage table splits it: kind, and the TYPE id without '#n'."""
    kind, _, rest = source.partition(":")
    return kind, (rest.split("#", 1)[0] or None) if rest else None


def test_strategy_rule_in_python_and_sql_agree():
    con = duckdb.connect()
    grid = [(e, r, m, t) for e in (4, 14, 15) for r in (0, 2, 3) for m in (0, 1, 4, 5) for t in (9, 10)]
    con.execute("CREATE TABLE f (peak_evil INT, rooms_built INT, monsters_hired INT, tiles INT)")
    con.executemany("INSERT INTO f VALUES (?, ?, ?, ?)", grid)
    got = con.execute(f"SELECT peak_evil, rooms_built, monsters_hired, tiles, {STRATEGY_SQL} FROM f").fetchall()
    assert len(got) == len(grid)
    for e, r, m, t, strategy in got:
        assert strategy == derive_strategy({"peak_evil": e, "rooms_built": r, "monsters_hired": m, "tiles": t})
    assert {row[4] for row in got} == {"evil", "tunneller", "room_builder", "monster_keeper", "balanced"}


def test_strategy_rule():
    f = {"peak_evil": 5, "rooms_built": 0, "monsters_hired": 0, "tiles": 6}
    assert derive_strategy({**f, "peak_evil": 15, "monsters_hired": 6}) == "evil"
    assert derive_strategy({**f, "tiles": 14}) == "tunneller"
    assert derive_strategy({**f, "rooms_built": 4, "monsters_hired": 1}) == "room_builder"
    assert derive_strategy({**f, "monsters_hired": 5}) == "monster_keeper"
    assert derive_strategy({**f, "rooms_built": 4, "monsters_hired": 3}) == "balanced"
    assert derive_strategy(f) == "balanced"


# --- exactly once ----------------------------------------------------------------------------------------
def test_interrupted_runs_give_the_same_tables(store, reference, tmp_path):
    ref, _ = reference
    expected = all_tables(ref)
    app = store.app
    head = app.recorder.max_notification_id()
    path = tmp_path / "analytics.duckdb"
    # stopped after a few batches, several times (each call is a fresh process's worth of state)
    for stop in (1, 3, 7):
        r = project(app, path, batch_size=100, stop_after_batches=stop)
        assert r.batches == stop and r.events == 100 * stop
    # an exception in the middle of a batch: every row appended, nothing committed
    con = duckdb.connect(str(path))
    before = all_tables(con)
    with pytest.raises(InjectedFailure):
        project(app, con, batch_size=100, fail_before_commit=2)
    assert stored_position(con) == 100 * (1 + 3 + 7 + 1)
    assert {k: v for k, v in all_tables(con).items() if k != "projection_tracking"} != before  # batch 1 went in
    # the same projector keeps going after a failure
    pj = Projector(app, con)
    with pytest.raises(InjectedFailure):
        pj.run(batch_size=100, fail_before_commit=1)
    assert stored_position(con) == 1200
    pj.run(batch_size=100, stop_after_batches=2)
    # into the recorded games (interleaved, one command per append), stopping every few batches:
    # battles, games and clocks span batches again and again
    recorded_start = min(
        ref.execute("SELECT min(position) FROM events WHERE game_id = ?", [str(g)]).fetchall()[0][0]
        for g in store.games[len(SIMULATED) + 1 :]
    )
    pj.run(batch_size=recorded_start - 1 - stored_position(con), stop_after_batches=1)
    assert stored_position(con) == recorded_start - 1
    pj = Projector(app, con)
    for _ in range(3):
        pj.run(batch_size=37, stop_after_batches=4)
    con.close()
    for _ in range(3):
        project(app, path, batch_size=23, stop_after_batches=3)
    with pytest.raises(InjectedFailure):
        project(app, path, batch_size=41, fail_before_commit=3)
    # and to the end
    r = project(app, path, batch_size=100)
    assert r.position == head
    con = duckdb.connect(str(path))
    assert all_tables(con) == expected
    # running again changes nothing
    r = project(app, con)
    assert (r.events, r.batches, r.position) == (0, 0, head)
    assert all_tables(con) == expected
    con.close()


def test_a_batch_at_or_before_the_stored_position_is_refused(store, tmp_path):
    app = store.app
    con = open_analytics(tmp_path / "analytics.duckdb")
    project(app, con, batch_size=250, stop_after_batches=2)
    assert stored_position(con) == 500
    before = all_tables(con)
    pj = Projector(app, con)
    for start in (0, 499, 250):  # applied already, overlapping, and starting exactly at 500
        batch = app.recorder.select_notifications(start=start, limit=100, inclusive_of_start=False)
        with pytest.raises(BatchRefused):
            pj.apply(batch)
    assert all_tables(con) == before
    # the next batch is accepted
    pj.apply(app.recorder.select_notifications(start=500, limit=100, inclusive_of_start=False))
    assert stored_position(con) == 600
    con.close()


def test_an_analytics_file_of_another_store_is_refused(store, tmp_path):
    con = open_analytics(tmp_path / "analytics.duckdb")
    project(store.app, con)
    other = GameService(env=store_env(str(tmp_path / "other.sqlite")))
    other.create_game(["Ann", "Bob"], seed=1)
    with pytest.raises(ReadModelsOfAnotherStore, match="another event store"):
        project(other, con)  # refused before anything is written, whatever the positions
    con.close()
    from projections import rebuild_analytics

    con = open_analytics(tmp_path / "analytics.duckdb")
    rebuild_analytics(con)  # `project --rebuild`: this store's games afresh
    assert project(other, con).events == len(other.log(other.games()[0]))
    con.close()


def test_analytics_path(tmp_path, monkeypatch):
    assert analytics_path(store_env(str(tmp_path / "games.sqlite"))) == str(tmp_path / "analytics.duckdb")
    assert analytics_path("memory") == ":memory:"
    assert analytics_path({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": ":memory:"}) == ":memory:"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    pg = analytics_path("postgresql://ann@db.example:5433/games?schema=dl")
    assert pg == str(tmp_path / "data" / "dungeon-lords" / "analytics-db.example-5433-games-dl.duckdb")
    con = open_analytics(":memory:")
    assert {r[0] for r in con.execute("SHOW TABLES").fetchall()} == {
        *TABLES,
        "projection_tracking",
        "projection_schema",
        "projection_witness",
        "projection_head",
    }


def test_read_models_of_an_older_shape_are_rebuilt_from_the_log(store, reference, tmp_path):
    path = tmp_path / "analytics.duckdb"
    old = duckdb.connect(str(path))  # a file from before: no schema version, other columns
    old.execute("CREATE TABLE games (game_id VARCHAR PRIMARY KEY, players INTEGER)")
    old.execute("CREATE TABLE projection_tracking (name VARCHAR PRIMARY KEY, position BIGINT NOT NULL)")
    old.execute("INSERT INTO projection_tracking VALUES (?, 123)", [NAME])
    old.close()
    con = open_analytics(path)
    assert stored_position(con) == 0 and con.execute("SELECT count(*) FROM games").fetchall() == [(0,)]
    project(store.app, con)
    assert all_tables(con) == all_tables(reference[0])
    con.close()
    con = open_analytics(path)  # the current shape: kept as it is
    assert stored_position(con) == store.app.recorder.max_notification_id()


def test_memory_store(tmp_path):
    app = GameService.open("memory")
    events, state = new_game(["A", "B"], seed=8, bots=["evil", "tunneller"])
    more, state, _ = play_until_blocked(state, {"red": STRATEGIES["evil"], "blue": STRATEGIES["tunneller"]}, seed=8)
    app.create_from_events(events + more)
    con = open_analytics()
    r = project(app, con, batch_size=64)
    assert r.events == len(events + more)
    assert con.execute("SELECT count(*) FROM player_results").fetchall() == [(2,)]


# --- throughput (printed) -----------------------------------------------------------------------------------
def test_throughput_against_the_read_ceiling(store, tmp_path, capsys):
    app = store.app
    n, read_s = read_ceiling(app, 5000)
    r = project(app, tmp_path / "analytics.duckdb", batch_size=5000)
    assert r.events == n
    with capsys.disabled():
        print(
            f"\n[projections] {n} events: project {r.events / r.seconds:,.0f} ev/s ({r.seconds:.3f} s, "
            f"{r.batches} batches) vs read ceiling {n / read_s:,.0f} ev/s ({read_s:.3f} s); a small log, "
            "where fixed costs dominate: the figure to quote is `dungeon-lords bench --analytics`"
        )


def test_an_undone_input_counts_nowhere(tmp_path):
    # A recorded game in which a player hires a monster and takes it back: the events stay in the
    # log (flagged undone in `events`), but nothing derived from them is counted.
    from domain.games.dungeon_lords.commands import HireMonster

    app = GameService(env=store_env("memory"))
    game = app.create_game(["Ann", "Bob"], seed=21)
    seats = {"red": STRATEGIES["monster_keeper"], "blue": STRATEGIES["monster_keeper"]}
    rng = random.Random(21)
    undo = None
    for _ in range(5000):
        state = app.state(game)
        p = pending(state)
        if not p.actors:
            break
        actor = p.actors[0]
        cmd = seats[actor](state, p, actor, rng)
        app.execute(game, cmd)
        if undo is None and isinstance(cmd, HireMonster):
            undo = app.undo(game, actor)  # taken back...
            app.execute(game, cmd)  # ...and entered again
    assert undo is not None and app.state(game).scores
    log = app.log(game)
    con = open_analytics()
    project(app, con, batch_size=undo.first + 3)  # the undo lands in a later batch
    flagged = con.execute("SELECT seq FROM events WHERE undone ORDER BY seq").fetchall()
    assert [r[0] for r in flagged] == list(range(undo.first, undo.last + 1))
    kept = [e for i, e in enumerate(log, 1) if not undo.first <= i <= undo.last]
    hired = Counter(e.color for e in kept if isinstance(e, ev.MonsterHired))
    got = dict(con.execute("SELECT color, monsters_hired FROM player_results").fetchall())
    assert got == {c: hired[c] for c in got} and sum(got.values()) == sum(hired.values())
    for table in ("orders", "damage", "battles", "paladins", "evil"):
        assert con.execute(
            f"SELECT count(*) FROM {table} WHERE seq BETWEEN ? AND ?", [undo.first, undo.last]
        ).fetchall() == [(0,)], table


def test_a_games_projection_is_found_by_its_name_and_a_game_without_one_is_left_out():
    """projections/games/<game>.py is a game's projection (Monster Inn's); a game without one (the toy game)
    is named as not projected rather than skipped silently."""
    from projections.games import monster_inn, projected, unprojected

    assert projected(["monster_inn", "high_card"]) == [monster_inn]
    assert unprojected(["monster_inn", "high_card"]) == ["high_card"]
    assert callable(monster_inn.stage) and callable(monster_inn.derive)


def test_every_games_projection_is_run_by_the_core_and_its_aggregates_hold_its_games_only():
    """projections/derive.py and rollups.py name no game: they run the registered games' modules in registration
    order, each with the interface of projections.games, its own aggregates filtered by its registry name."""
    from domain.service.games import load_games
    from projections import rollups
    from projections.derive import batch_projections
    from projections.games import modules_here, registered

    modules = registered()
    names = [m.__name__.rsplit(".", 1)[-1] for m in modules]
    assert names == [n for n in load_games(shipped_only=True) if n in modules_here()] and len(names) >= 2
    for module in modules:
        assert callable(module.stage) and callable(module.derive) and "$first" in module.GAMES_TOUCHED
        assert module.ROLLUPS and all(rollups.only(module.__name__) in r.part for r in module.ROLLUPS)
        assert rollups.only(module.__name__) == f"g.game = '{module.__name__.rsplit('.', 1)[-1]}'"
    assert [r.table for r in rollups.all_rollups()] == [
        *(r.table for r in rollups.COMMON),
        *(r.table for m in modules for r in m.ROLLUPS),
    ]
    assert batch_projections() == modules
    assert batch_projections(b'{"t":"GameStarted"}\n') == [m for m in modules if not m.STAGED]
    staged = [m for m in modules if m.STAGED]
    assert batch_projections(f'{{"t":"{staged[0].STAGED}Left"}}\n'.encode()) == [
        m for m in modules if not m.STAGED or m is staged[0]
    ]
