"""One PostgreSQL store, many writers, one projection (issue #34): the store's own tables (tokens, identity) in
the store's schema; a conflicting append from another process refused, not lost; the projection exactly once
while several processes append and some transactions roll back (gaps in the notification ids).

PostgreSQL tests need DL_TEST_POSTGRES (each on schemas of its own, dropped afterwards)."""

from __future__ import annotations

import importlib.util
import json
import multiprocessing
import os
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import duckdb
import pytest

from domain.games.dungeon_lords import engine
from domain.service import live
from domain.service.aggregate import TOPIC_PREFIX
from domain.service.application import GameService
from domain.service.tokens import AccessTokens
from projections.runner import Projector
from projections.swap import update

ROOT = Path(__file__).resolve().parent.parent.parent
NAMES = ["Ann", "Bob", "Cid"]


def _bench():
    """``benchmarks/pg_writers.py`` as a module (``benchmarks`` is not a package)."""
    spec = importlib.util.spec_from_file_location("pg_writers", ROOT / "benchmarks" / "pg_writers.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def schemas() -> Iterator[Callable[[], tuple[str, str]]]:
    """A maker of fresh schemas of DL_TEST_POSTGRES: ``(schema, store spec on it)``; all dropped afterwards."""
    dsn = os.environ.get("DL_TEST_POSTGRES")
    if not dsn:
        pytest.skip("set DL_TEST_POSTGRES=postgresql://user@host:port/db to run the PostgreSQL tests")
    import psycopg

    made: list[str] = []

    def make() -> tuple[str, str]:
        schema = f"pgproj_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(dsn, autocommit=True) as c:
            c.execute(f"CREATE SCHEMA {schema}")
        made.append(schema)
        return schema, urlunsplit(urlsplit(dsn)._replace(query=f"schema={schema}"))

    yield make
    with psycopg.connect(dsn, autocommit=True) as c:
        for schema in made:
            c.execute(f"DROP SCHEMA {schema} CASCADE")


def _put(queue, function, *args) -> None:
    queue.put(function(*args))


def _forked(function, calls, go: Path) -> list:
    """``function(*args)`` for each of ``calls`` in a forked process each, told to go at once (``go``)."""
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()
    procs = [ctx.Process(target=_put, args=(results, function, *args)) for args in calls]
    for p in procs:
        p.start()
    time.sleep(1.0)  # each opens the store and loads the game
    go.touch()
    out = [results.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(10)
    return out


def _sql(query: str, *params: object) -> list[tuple]:
    import psycopg

    with psycopg.connect(os.environ["DL_TEST_POSTGRES"], autocommit=True) as c:
        cursor = c.execute(query, params)
        return cursor.fetchall() if cursor.description else []


def _tables(schema: str) -> set[str]:
    return {r[0] for r in _sql("SELECT tablename FROM pg_tables WHERE schemaname = %s", schema)}


def test_tokens_and_the_identity_live_in_the_stores_schema(schemas) -> None:
    (a, store_a), (b, store_b) = schemas(), schemas()
    app_a, app_b = GameService.open(store_a), GameService.open(store_b)
    try:
        gid = app_a.create_game(NAMES, seed=1)
        tokens = AccessTokens(app_a).issue(gid, ["red", "blue", "green"])
        AccessTokens(app_b)
        for schema in (a, b):
            assert {"dungeonlords_tokens", "dungeonlords_store"} <= _tables(schema)
        # each store has its own identity and its own tokens (before: one table in public for both)
        assert app_a.store_id() != app_b.store_id()
        assert _sql(f"SELECT id FROM {a}.dungeonlords_store") == [(app_a.store_id(),)]
        assert len(_sql(f"SELECT * FROM {a}.dungeonlords_tokens WHERE game_id = %s", str(gid))) == 4
        assert _sql(f"SELECT * FROM {b}.dungeonlords_tokens") == []
        assert AccessTokens(GameService.open(store_a)).role_of(gid, tokens["seats"]["blue"]) == "blue"
        assert AccessTokens(app_b).role_of(gid, tokens["seats"]["blue"]) is None
    finally:
        app_a.close()
        app_b.close()


def test_tokens_and_the_identity_made_in_public_are_kept(schemas, monkeypatch) -> None:
    """A store on a schema made before the fix had its tokens and identity in public: they are adopted."""
    (legacy, _), (schema, store) = schemas(), schemas()
    app = GameService.open(store)
    gid = app.create_game(NAMES, seed=2)
    other = uuid.uuid4()  # another store's game: its tokens stay behind
    tokens = AccessTokens(app).issue(gid, ["red", "blue", "green"])
    identity = app.store_id()
    app.close()
    _sql(f"ALTER TABLE {schema}.dungeonlords_tokens SET SCHEMA {legacy}")  # where they were before
    _sql(f"ALTER TABLE {schema}.dungeonlords_store SET SCHEMA {legacy}")
    _sql(f"INSERT INTO {legacy}.dungeonlords_tokens VALUES (%s, 'red', 'x')", str(other))
    monkeypatch.setattr(live, "LEGACY_SCHEMA", legacy)
    again = GameService.open(store)
    try:
        assert again.store_id() == identity  # its read models stay its own
        assert AccessTokens(again).role_of(gid, tokens["recorder"]) == "recorder"
        assert _sql(f"SELECT count(*) FROM {schema}.dungeonlords_tokens WHERE game_id = %s", str(other)) == [(0,)]
    finally:
        again.close()


def test_a_conflicting_append_from_another_process_is_refused_not_lost(schemas, tmp_path) -> None:
    _, store = schemas()
    bench = _bench()
    app = GameService.open(store)
    gid = app.create_game(NAMES, seed=3)
    state, at = app.state(gid), len(app.log(gid))
    red = engine.pending(state).options("red")[0]  # the same seat's orders, entered twice at once
    go = tmp_path / "go"
    command = json.dumps(red.model_dump(mode="json"))
    outcomes = _forked(bench.conflict, [(store, str(gid), command, at, str(go))] * 2, go)
    assert sorted(outcomes) == ["conflict", "stored"]
    assert app.log(gid)[at:] == engine.execute(state, red)[0]  # stored once
    app.close()


def test_many_writers_with_rolled_back_appends_are_projected_exactly_once(schemas, tmp_path) -> None:
    """4 processes append (one transaction per input), some transactions roll back after taking their
    notification ids (gaps), while the projection catches up again and again through the swap: in the end
    the read models hold every stored game event once, at its notification id, and none other."""
    schema, store = schemas()
    app = GameService.open(store)  # the tables, made once before the writers come
    bench = _bench()
    path = tmp_path / "analytics.duckdb"

    def catch_up(batches: int | None = None) -> int:  # one batch a round while they write: many swaps
        return update(path, lambda con: Projector(app, con).run(100, batches).events, wait=30, app=app)

    catch_up()  # the read models made (empty) before the writers come: the rounds below only catch up
    ctx = multiprocessing.get_context("fork")  # no interpreter start-up: the test stays short on a loaded machine
    results = ctx.Queue()
    procs = [ctx.Process(target=_put, args=(results, bench.write, store, 40, i, 4)) for i in range(4)]
    for p in procs:
        p.start()
    rounds = 0
    while any(p.is_alive() for p in procs):
        rounds += catch_up(1) > 0
    reports = [results.get(timeout=10) for _ in procs]
    assert all(p.exitcode == 0 for p in procs)
    catch_up()
    stored = [
        r[0]
        for r in _sql(
            f"SELECT notification_id FROM {schema}.dungeonlords_events WHERE topic LIKE %s ORDER BY 1",
            TOPIC_PREFIX + "%",
        )
    ]
    every = {r[0] for r in _sql(f"SELECT notification_id FROM {schema}.dungeonlords_events")}
    con = duckdb.connect(str(path), read_only=True)
    projected = [r[0] for r in con.execute("SELECT position FROM events ORDER BY position").fetchall()]
    tracked = con.execute("SELECT position FROM projection_tracking").fetchall()
    con.close()
    app.close()
    assert sum(r["rollbacks"] for r in reports) == 40  # 4 writers x 40 inputs / 4
    gaps = set(range(1, max(every) + 1)) - every
    assert len(gaps) >= 36, "the rolled-back transactions left gaps in the ids (all but the last ones)"
    assert rounds >= 1, "the projection caught up while the writers wrote"
    assert projected == stored  # every event once: none missed, none twice, at its notification id
    assert len(stored) == sum(r["events"] for r in reports)
    assert tracked == [(stored[-1],)]


def test_an_append_waits_for_the_one_before_it_so_ids_follow_commit_order(schemas) -> None:
    """What the projection's exactly-once rests on (eventsourcing's table lock): while one append holds ids it
    has not committed, another append waits, and takes later ids; readers meanwhile are not blocked."""
    _, store = schemas()
    first, second = GameService.open(store), GameService.open(store)
    assert not first.recorder.datastore.enable_db_functions  # its insert function would take no lock
    first.create_game(NAMES, seed=4)
    before = first.recorder.max_notification_id()
    inside, release = threading.Event(), threading.Event()
    fetch_ids = first.recorder._fetch_ids_after_insert_events

    def held(*args, **kwargs):  # in the append's transaction: its ids taken, not committed yet
        ids = fetch_ids(*args, **kwargs)
        inside.set()
        release.wait(30)
        return ids

    first.recorder._fetch_ids_after_insert_events = held
    made: dict[str, uuid.UUID] = {}
    a = threading.Thread(target=lambda: made.setdefault("first", first.create_game(NAMES, seed=5)))
    b = threading.Thread(target=lambda: made.setdefault("second", second.create_game(NAMES, seed=6)))
    a.start()
    assert inside.wait(30), "the first append holds its transaction open"
    b.start()
    b.join(1.5)
    assert b.is_alive() and "second" not in made, "the second append waits for the first to commit"
    assert second.recorder.max_notification_id() == before  # readers go on, and see nothing uncommitted
    release.set()
    a.join(30)
    b.join(30)
    stored = second.recorder.select_notifications(start=before, limit=10_000, inclusive_of_start=False)
    first.close()
    second.close()
    assert made.keys() == {"first", "second"}
    first_ids = [n.id for n in stored if n.originator_id == made["first"]]
    second_ids = [n.id for n in stored if n.originator_id == made["second"]]
    assert first_ids and second_ids and min(second_ids) > max(first_ids)  # committed second, numbered second
