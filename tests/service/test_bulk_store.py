"""The bulk store path (``create_simulated``'s default, ``domain/service/bulk.py``) stores exactly the rows the
aggregates store: the same fixed-seed games stored both ways into two stores (the clock made to give both the
same times) give the same rows, every one: notification id and order, game id, event number, topic, stored
bytes; and the same head snapshots. SQLite, memory and (with DL_TEST_POSTGRES) PostgreSQL. The aggregates'
store has eventsourcing's own recorder, as at the start of issue #35; the bulk path's the service's (an
append in one ``executemany`` on SQLite, four column arrays on PostgreSQL)."""

from __future__ import annotations

import copy
import os
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import eventsourcing.domain
import pytest
from eventsourcing.persistence import IntegrityError

from domain.service.application import GameService
from domain.service.bulk import stored_payload
from domain.service.executors import plan_id, play_batch
from domain.service.simulation import HandedOver, get_game, plans
from domain.service.storage import store_env


@pytest.fixture(scope="module")
def played() -> dict[str, list[tuple[Any, Any, uuid.UUID]]]:
    """Fixed-seed games of Dungeon Lords (2, 3 and 4 players) and Monster Inn, as the workers hand them over."""
    out = {}
    for game, count in (("dungeon_lords", 3), ("monster_inn", 1)):
        todo = plans(count, seed=7, game=game)
        out[game] = [(log, final, plan_id(p)) for p, (log, final) in zip(todo, play_batch(todo), strict=True)]
    return out


@pytest.fixture
def same_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``restart()`` makes eventsourcing's clock give 2026-01-01 plus one microsecond a call, from the start."""
    state = {"n": 0}

    def now() -> datetime:
        state["n"] += 1
        return datetime(2026, 1, 1, tzinfo=UTC) + timedelta(microseconds=state["n"])

    monkeypatch.setattr(eventsourcing.domain, "datetime_now_with_tzinfo", now)
    yield lambda: state.update(n=0)


def _odd(games: list[tuple[Any, Any, uuid.UUID]]) -> list[tuple[Any, Any, uuid.UUID]]:
    """The games with payloads the transcoder writes its own way (a float beside a null, a NaN, an exponent, a
    UUID-shaped string) in later events, and one game's log a plain list (its chain and payloads worked out
    while storing); the others with the payloads a worker would hand over (``stored_payload``)."""
    out = []
    for k, (log, final, gid) in enumerate(games):
        changed = HandedOver(copy.deepcopy(list(log)))
        at = 1 + 4 * k  # the first later event odd (k 0), or events after a plain one (k 1: the fast path on)
        changed[at]["odd"] = [1e-7, None, float("nan"), str(uuid.UUID(int=k))]
        changed[at + 1]["small"] = 0.5
        changed[at + 2]["none"] = None
        changed[at + 3]["infinite"] = [float("inf"), None]  # written null by orjson alone
        # the chain and payloads as a worker hands them over (``play_json``), worked out for the changed events
        payloads = [{f: v for f, v in e.items() if f != "type"} for e in changed]
        chains, link = [], ""
        for n, (e, data) in enumerate(zip(changed, payloads, strict=True), 1):
            link = get_game("dungeon_lords").chain.link(link, n, e["type"], data)
            chains.append(link)
        changed.chains, changed.stored = chains, [None] + [stored_payload(data) for data in payloads[1:]]
        out.append((changed if k else list(changed), final, gid))
    return out


def _rows(app: GameService, ids: list[uuid.UUID]) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every stored event (notification id, game, event number, topic, bytes) and every game's snapshots."""
    events = [
        (n.id, str(n.originator_id), n.originator_version, n.topic, bytes(n.state))
        for n in app.recorder.select_notifications(start=1, limit=1_000_000)
    ]
    assert app.snapshots is not None
    snapshots = [
        (str(s.originator_id), s.originator_version, s.topic, bytes(s.state))
        for gid in ids
        for s in app.snapshots.recorder.select_events(gid)
    ]
    return events, snapshots


def _reference(store: str) -> GameService:
    """The store as at the issue's start: eventsourcing's own recorder (SQLite: a row at a time; PostgreSQL:
    its composite array), where the bulk path's store has the service's (``recorder_sqlite.py``,
    ``pgrecorder.py``)."""
    env = store_env(store)
    if env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        del env["APPLICATION_RECORDER_TOPIC"]
    app = GameService(env=env)
    if hasattr(app.recorder, "column_arrays"):
        app.recorder.column_arrays = False
    return app


def _store_both_ways(stores: list[str], batches: list[list[Any]], restart: Any) -> None:
    games = [g for batch in batches for g in batch]
    ids = [gid for _, _, gid in games]
    found = []
    for store, bulk in zip(stores, (False, True), strict=True):
        restart()
        with GameService.open(store) if bulk else _reference(store) as app:
            for batch in batches:
                game = "monster_inn" if batch is batches[-1] else "dungeon_lords"
                app.create_simulated(batch, game=game, bulk=bulk)
            found.append(_rows(app, ids))
            assert all(app.integrity(g) == [] for g in ids) and app.sealing(ids[0]) == ([], [])
    (events, snapshots), (bulk_events, bulk_snapshots) = found
    assert bulk_events == events and bulk_snapshots == snapshots
    assert len(events) == sum(len(log) for log, _, _ in games) and len(snapshots) == len(games)
    assert [n for n, *_ in events] == sorted(n for n, *_ in events)


def _batches(played: dict[str, Any]) -> list[list[Any]]:
    dl = played["dungeon_lords"]
    return [dl[:1], _odd(dl[1:]), played["monster_inn"]]


def test_the_bulk_path_stores_the_rows_of_the_aggregates_in_sqlite(played, same_clock, tmp_path) -> None:
    stores = [str(tmp_path / "aggregates.sqlite"), str(tmp_path / "bulk.sqlite")]
    _store_both_ways(stores, _batches(played), same_clock)


def test_the_bulk_path_stores_the_rows_of_the_aggregates_in_memory(played, same_clock) -> None:
    _store_both_ways(["memory", "memory"], _batches(played), same_clock)


def test_the_bulk_path_stores_the_rows_of_the_aggregates_in_postgresql(played, same_clock) -> None:
    dsn = os.environ.get("DL_TEST_POSTGRES")
    if not dsn:
        pytest.skip("set DL_TEST_POSTGRES=postgresql://user@host:port/db to run the PostgreSQL tests")
    import psycopg

    schemas = [f"bulk_{uuid.uuid4().hex[:12]}" for _ in range(2)]
    with psycopg.connect(dsn, autocommit=True) as c:
        for s in schemas:
            c.execute(f"CREATE SCHEMA {s}")
    try:
        stores = [urlunsplit(urlsplit(dsn)._replace(query=f"schema={s}")) for s in schemas]
        _store_both_ways(stores, _batches(played), same_clock)
    finally:
        with psycopg.connect(dsn, autocommit=True) as c:
            for s in schemas:
                c.execute(f"DROP SCHEMA {s} CASCADE")


def test_a_batch_with_a_stored_game_or_a_bad_chain_stores_nothing(played, tmp_path) -> None:
    games = played["dungeon_lords"]
    with GameService.open(str(tmp_path / "bulk.sqlite"), init=True) as app:
        app.create_simulated(games[:1], game="dungeon_lords")
        with pytest.raises(IntegrityError):
            app.create_simulated(games[1:2] + games[:1], game="dungeon_lords")
        log, final, gid = games[2]
        bad = HandedOver(log)
        bad.chains = ["0" * 64] + log.chains[1:]
        with pytest.raises(ValueError, match="chain does not fit"):
            app.create_simulated([games[1], (bad, final, gid)], game="dungeon_lords")
        assert app.games() == [games[0][2]]


def test_the_sqlite_recorder_returns_the_ids_it_stored_under(played, tmp_path) -> None:
    games = played["dungeon_lords"]
    with GameService.open(str(tmp_path / "ids.sqlite"), init=True) as app:
        given: list[int] = []

        def recording(insert: Any) -> Any:
            def recorded(rows: Any, **kw: Any) -> Any:
                ids = insert(rows, **kw)
                given.extend(ids or [])
                return ids

            return recorded

        # the bulk path inserts columns (insert_rows), the aggregates StoredEvent rows (insert_events)
        app.recorder.insert_rows = recording(app.recorder.insert_rows)  # type: ignore[attr-defined]
        app.recorder.insert_events = recording(app.recorder.insert_events)  # type: ignore[method-assign]
        app.create_simulated(games[:1], game="dungeon_lords")
        app.delete(games[0][2])  # the last rows gone: SQLite numbers the next ones from the largest left
        app.create_simulated(games[1:], game="dungeon_lords", bulk=False)
        stored = [n.id for n in app.recorder.select_notifications(start=1, limit=1_000_000)]
    assert given[len(games[0][0]) :] == stored and len(stored) == sum(len(log) for log, _, _ in games[1:])


@pytest.mark.parametrize("rows_by", ["copy", "arrays"])
def test_the_postgresql_recorder_returns_the_ids_and_refuses_a_stored_game(played, rows_by, pg_store) -> None:
    """``insert_rows`` (COPY or the column arrays) returns the notification ids it stored the rows under, in
    order, and a batch with a game stored already stores nothing (IntegrityError)."""
    games = played["dungeon_lords"]
    with GameService.open(pg_store) as app:
        app.recorder.rows_by = rows_by
        given: list[int] = []
        insert = app.recorder.insert_rows

        def recorded(rows: Any) -> Any:
            given.extend(insert(rows))
            return given

        app.recorder.insert_rows = recorded
        app.create_simulated(games[:1], game="dungeon_lords")
        app.create_simulated(games[1:2], game="dungeon_lords")
        with pytest.raises(IntegrityError):
            app.create_simulated(games[2:] + games[:1], game="dungeon_lords")
        stored = [n.id for n in app.recorder.select_notifications(start=1, limit=1_000_000)]
        assert given == stored and len(stored) == len(games[0][0]) + len(games[1][0])
        assert sorted(app.games(), key=str) == sorted([games[0][2], games[1][2]], key=str)
