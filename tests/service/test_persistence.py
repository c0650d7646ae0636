"""Persistence conformance: the same suite against memory (POPO), a SQLite file and PostgreSQL.

PostgreSQL runs when DL_TEST_POSTGRES is a DSN (``postgresql://postgres@127.0.0.1:5432/test``); each test
gets its own schema, dropped afterwards. If the variable is set and the server is unreachable, the
PostgreSQL tests fail (they never skip then).
"""

from __future__ import annotations

import json
import os
import random
import uuid

import pytest
from helpers import postgres_schema

from domain.games.dungeon_lords import engine
from domain.games.dungeon_lords.bots import play_until_blocked, random_bot
from domain.games.dungeon_lords.errors import RuleViolation
from domain.games.dungeon_lords.state import to_dict
from domain.service import application as app_module
from domain.service.aggregate import EVENT_CLASSES, register_upcast
from domain.service.application import GameConflict, GameNotFound, GameService
from domain.service.storage import describe_store, store_env

NAMES = ["Ann", "Bob", "Cid"]
COLORS = ["red", "blue", "green"]


# --- backends -----------------------------------------------------------------------------------
@pytest.fixture(params=["memory", "sqlite", "postgres"])
def make_app(request, tmp_path):
    """A factory of applications on ONE store. POPO stores live inside one instance, so for memory the
    factory returns that same instance; for SQLite and PostgreSQL each call is a new instance."""
    apps: list[GameService] = []
    cleanup = None
    if request.param == "memory":
        env = store_env("memory")
    elif request.param == "sqlite":
        env = store_env(str(tmp_path / "games.sqlite"))
    else:
        dsn = os.environ.get("DL_TEST_POSTGRES")
        if not dsn:
            pytest.skip("set DL_TEST_POSTGRES=postgresql://user@host:port/db to run the PostgreSQL suite")
        env, cleanup = postgres_schema(dsn)

    def make() -> GameService:
        if request.param == "memory" and apps:
            return apps[0]
        apps.append(GameService(env=env))
        return apps[-1]

    yield make
    for a in apps:
        a.close()
    if cleanup:
        cleanup()


# --- helpers ------------------------------------------------------------------------------------
def play(app, gid, seed=3, max_commands=500):
    """Random bots play through the store until nobody can act; returns (commands, events, live state),
    the live state being computed beside the store by the pure engine."""
    rng = random.Random(seed)
    live = app.state(gid)
    commands, events = [], []
    for _ in range(max_commands):
        p = engine.pending(live)
        actors = [a for a in p.actors if a in COLORS]
        if not actors or not p.options(actors[0]):
            break
        cmd = random_bot(live, p, actors[0], rng)
        expected, live = engine.execute(live, cmd)
        got = app.execute(gid, cmd)
        assert got == expected
        commands.append(cmd)
        events += got
    return commands, events, live


@pytest.fixture
def played(make_app):
    app = make_app()
    gid = app.create_game(NAMES, seed=11)
    opening = app.log(gid)
    commands, events, live = play(app, gid)
    assert len(opening) + len(events) > 200, "the game should pass two snapshot intervals"
    return app, gid, opening + events, live


def _choose_orders(state, color):
    p = engine.pending(state)
    assert p.kind == "choose_orders" and color in p.actors
    return p.options(color)[0]


# --- the conformance suite ----------------------------------------------------------------------
def test_played_game_reloads_in_a_new_application(played, make_app):
    app, gid, events, live = played
    assert app.log(gid) == events
    fresh = make_app()
    assert to_dict(fresh.state(gid)) == to_dict(live)
    assert fresh.state(gid).version == len(events)
    assert fresh.log(gid) == events
    assert gid in fresh.games()


def test_state_at_a_version_equals_replay_of_the_log_prefix(played):
    app, gid, events, _ = played
    for n in sorted({1, 2, 17, 99, 100, 101, 150, 200, 201, len(events) - 1, len(events)}):
        state = app.state(gid, version=n)
        assert state.version == n
        assert to_dict(state) == to_dict(engine.replay(events[:n])), f"version {n}"
    for bad in (0, len(events) + 1):
        with pytest.raises(ValueError):
            app.state(gid, version=bad)


def test_snapshots_restore_the_same_state_as_a_full_replay(played, make_app):
    app, gid, events, _ = played
    snapshots = list(app.snapshots.get(gid))
    assert [s.originator_version for s in snapshots] == list(range(100, len(events) + 1, 100))
    for s in snapshots:
        assert s.topic == "dl.Game"
        restored = s.mutate(None)  # the snapshot alone, through the GameState transcoding
        assert to_dict(restored.state) == to_dict(engine.replay(events[: s.originator_version]))
    # a cold load uses the newest snapshot plus the events after it
    assert to_dict(make_app().state(gid)) == to_dict(engine.replay(events))


def test_a_refused_command_stores_nothing(make_app):
    app = make_app()
    gid = app.create_game(NAMES, seed=5)
    before = app.log(gid)
    state = app.state(gid)
    hand = state.player("red").hand
    bad = {"type": "choose_orders", "player": "red", "orders": ["no_such_card", *hand[:2]]}
    with pytest.raises(RuleViolation) as refused:
        app.execute(gid, bad)
    assert refused.value.code == "ORDER_NOT_IN_HAND"
    assert app.log(gid) == before
    assert to_dict(make_app().state(gid)) == to_dict(state)


def test_a_stale_write_raises_game_conflict_and_keeps_the_first_writer(make_app, monkeypatch):
    first, second = make_app(), make_app()
    gid = first.create_game(NAMES, seed=9)
    before = first.log(gid)
    state = first.state(gid)
    stale = second.repository.get(gid)  # the second person loads the game ...
    red_events = first.execute(gid, _choose_orders(state, "red"))  # ... the first records meanwhile
    real_get = second.repository.get
    loads = iter([stale])  # the first load is the stale one; then the store as it is
    monkeypatch.setattr(second.repository, "get", lambda *a, **k: next(loads, None) or real_get(*a, **k))
    with pytest.raises(GameConflict, match="Someone else recorded"):  # red's orders entered a second time
        second.execute(gid, _choose_orders(state, "red"))
    assert make_app().log(gid) == before + red_events
    # another seat's answer to the same orders decision commutes with red's: stored, not a conflict
    loads = iter([real_get(gid, version=len(before))])  # loaded before red's orders, stored after them
    blue_events = second.execute(gid, _choose_orders(state, "blue"))
    assert make_app().log(gid) == before + red_events + blue_events


def test_create_from_events_stores_a_whole_log_in_one_append(make_app, monkeypatch):
    app = make_app()
    opening, state = engine.new_game(NAMES, seed=21)
    more, state, _ = play_until_blocked(state, dict.fromkeys(COLORS, random_bot), seed=4)
    events = opening + more
    puts = []
    original_put = app.events.put
    monkeypatch.setattr(app.events, "put", lambda evs, **kw: puts.append(len(evs)) or original_put(evs, **kw))
    gid = app.create_from_events(events)
    assert puts == [len(events)]
    assert make_app().log(gid) == events
    assert to_dict(make_app().state(gid)) == to_dict(state)
    # the JSON form is accepted too (scenario files)
    gid2 = app.create_from_events([e.to_json() for e in events[:30]])
    assert app.log(gid2) == events[:30]
    with pytest.raises(ValueError):
        app.create_from_events(events[1:])


def test_stored_topics_are_the_stable_dl_names(played):
    app, gid, events, _ = played
    records = app.recorder.select_events(gid)
    assert len(records) == len(events)
    assert records[0].topic == "dl.Game.GameStarted"
    assert [r.topic for r in records] == [f"dl.Game.{e.type}" for e in events]
    stored = json.loads(bytes(records[5].state))
    assert stored["data"] == events[5].payload()


def test_upcasters_run_on_read(played, monkeypatch):
    app, gid, events, _ = played
    cls = EVENT_CLASSES["PhaseBegan"]
    seen = []
    monkeypatch.setattr(cls, "class_version", 2)  # pretend the stored events are the old v1
    monkeypatch.setattr(cls, "upcast_v1_v2", None, raising=False)
    register_upcast("PhaseBegan", 1, lambda data: seen.append(dict(data)))
    assert app.log(gid) == events
    assert len(seen) == sum(e.type == "PhaseBegan" for e in events) > 0


def test_the_projection_reads_the_store_and_upcasts(played, monkeypatch):
    # the read models come from this backend's notification log, exactly once, and an event stored
    # under an older schema reaches them upcast (here: PhaseBegan v1 -> v2 adds a field)
    from projections import open_analytics, project

    app, gid, events, _ = played
    opening = engine.new_game(NAMES[:2], seed=4, bots=["evil", "tunneller"])[0]
    app.create_from_events(opening)
    total = len(events) + len(opening)
    phase_began = sum(e.type == "PhaseBegan" for e in events + opening)
    cls = EVENT_CLASSES["PhaseBegan"]
    monkeypatch.setattr(cls, "class_version", 2)
    monkeypatch.setattr(cls, "upcast_v1_v2", None, raising=False)
    register_upcast("PhaseBegan", 1, lambda data: data.update(upcast="v2"))
    con = open_analytics()
    result = project(app, con, batch_size=97)
    assert result.events == total == result.position
    assert con.execute("SELECT count(*), count(DISTINCT position) FROM events").fetchall() == [(total, total)]
    phases = con.execute(
        "SELECT count(*), count(*) FILTER (payload->>'upcast' = 'v2') FROM events WHERE type = 'PhaseBegan'"
    ).fetchall()
    assert phases == [(phase_began, phase_began)] and phase_began > 1
    assert project(app, con).events == 0


def test_unknown_games_and_the_list_of_games(make_app, monkeypatch):
    app = make_app()
    for missing in (uuid.uuid4(), "not-a-game-id"):
        for read in (app.state, app.log, app.pending):
            with pytest.raises(GameNotFound, match="There is no game"):
                read(missing)
        with pytest.raises(GameNotFound):
            app.execute(missing, {"type": "take_action", "player": "red"})
    monkeypatch.setattr(app_module, "PAGE", 2)  # read the notification log in several pages
    ids = [app.create_game(NAMES[:2], seed=i) for i in range(5)]
    assert make_app().games() == ids
    assert app.games() == [uuid.UUID(str(i)) for i in ids]


# --- store specs --------------------------------------------------------------------------------
def test_store_specs(tmp_path, monkeypatch):
    assert store_env("memory") == {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    assert describe_store(store_env("memory")) == "in memory"
    f = tmp_path / "g.sqlite"
    for spec in (f"sqlite://{f}", str(f)):
        env = store_env(spec)
        assert env == {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(f),
            "APPLICATION_RECORDER_TOPIC": "domain.service.recorder_sqlite:ManyRowsRecorder",  # one executemany
        }
        assert describe_store(env) == f"SQLite file {f}"
    assert store_env(str(tmp_path / "x.db"))["SQLITE_DBNAME"] == str(tmp_path / "x.db")
    monkeypatch.delenv("POSTGRES_CONNECT_TIMEOUT", raising=False)
    pg = store_env("postgresql://test:s%40cret@127.0.0.1:5433/games?schema=s1")
    assert pg == {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": "games",
        "POSTGRES_HOST": "127.0.0.1",
        "POSTGRES_PORT": "5433",
        "POSTGRES_USER": "test",
        "POSTGRES_PASSWORD": "s@cret",
        "POSTGRES_CONNECT_TIMEOUT": "10",
        "POSTGRES_ENABLE_DB_FUNCTIONS": "n",  # the insert function takes no table lock (docs/scaling.md)
        "APPLICATION_RECORDER_TOPIC": "domain.service.pgrecorder:UnpipelinedRecorder",  # no pipeline: no hang
        "POSTGRES_SCHEMA": "s1",
    }
    assert describe_store(pg) == "PostgreSQL test@127.0.0.1:5433/games (schema s1)"
    monkeypatch.delenv("POSTGRES_PASSWORD", raising=False)
    assert store_env("postgresql://postgres@localhost/test")["POSTGRES_PASSWORD"] == ""
    for bad in ("mysql://x", "games.txt", "postgresql://u@h:5432/", str(tmp_path / "missing" / "g.sqlite")):
        with pytest.raises(ValueError):
            store_env(bad)


def test_default_store(tmp_path, monkeypatch):
    monkeypatch.setenv("DL_STORE", "memory")
    assert store_env(None) == store_env("memory")
    monkeypatch.delenv("DL_STORE")
    monkeypatch.setattr("platformdirs.user_data_dir", lambda app: str(tmp_path / "data" / app))
    env = store_env(None)
    assert env["SQLITE_DBNAME"] == str(tmp_path / "data" / "dungeon-lords" / "games.sqlite")
    assert (tmp_path / "data" / "dungeon-lords").is_dir()
    with GameService(env=env) as app:
        gid = app.create_game(NAMES[:2], seed=1)
    assert GameService(env=env).games() == [gid]


def test_a_monster_inn_game_is_stored_beside_a_dungeon_lords_game_and_reloads(make_app):
    """One store, two games (topics dl.Game.*, mi.Game.*): each reloads in a new application instance as
    its own game, with snapshots, undo and the hash chain."""
    from domain.games.monster_inn import GAME as MONSTER_INN
    from domain.service.simulation import plans, run

    app = make_app()
    dl = app.create_game(["Ann", "Bob"], seed=3)
    [(log, final)] = list(run(plans(1, players=4, seed=2, game="monster_inn"), workers=1))
    finished = app.create_from_events(log, final_state=final, game="monster_inn")  # > 100 events: a snapshot
    live = app.create_game(["A", "B", "C"], game="monster_inn", seed=4)
    for _ in range(6):
        p = app.pending(live)
        app.execute(live, p.options(p.actors[0])[-1])
    app.undo(live)
    again = make_app()
    assert again.game_of(dl).info.name == "dungeon_lords" and again.game_of(live).info.name == "monster_inn"
    assert MONSTER_INN.to_dict(again.state(finished)) == MONSTER_INN.to_dict(final)
    assert MONSTER_INN.to_dict(again.state(live)) == MONSTER_INN.to_dict(MONSTER_INN.engine.replay(again.log(live)))
    assert again.integrity(finished) == [] and again.integrity(live) == []
    assert {s.game for s in again.summaries()} == {"dungeon_lords", "monster_inn"}
