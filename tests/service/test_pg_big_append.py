"""A big append on PostgreSQL returns (docs/scaling.md): 50 simulated games (about 13 MB of events) stored by
``create_simulated`` in one transaction, where psycopg's pipeline mode hung for ever, give the rows storing
them one by one gives.

Needs DL_TEST_POSTGRES (schemas of its own, dropped afterwards). The appends run in a forked process that is
killed after TIMEOUT s, so a hang fails the test instead of hanging the suite."""

from __future__ import annotations

import json
import multiprocessing
import os
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest

GAMES = 50
TIMEOUT = 300  # s: the bulk append takes about 35 s here on a loaded machine; a hang never ends
HUNG_AT = 11_000_000  # bytes: 40 simulated games in one append (11 MB) hung with eventsourcing's recorder


@pytest.fixture
def dsn() -> Iterator[str]:
    dsn = os.environ.get("DL_TEST_POSTGRES")
    if not dsn:
        pytest.skip("set DL_TEST_POSTGRES=postgresql://user@host:port/db to run the PostgreSQL tests")
    yield dsn


def _store_both(bulk: str, one_by_one: str) -> None:
    """Play GAMES games and store them twice: in ONE ``create_simulated`` on ``bulk``, one by one on the other."""
    from domain.service.application import GameService
    from domain.service.executors import plan_id, play_batch
    from domain.service.simulation import plans

    todo = plans(GAMES, seed=7)
    games = [(log, final, plan_id(p)) for p, (log, final) in zip(todo, play_batch(todo), strict=True)]
    with GameService.open(bulk) as app:
        app.create_simulated(games, game=todo[0].game)
    with GameService.open(one_by_one) as app:
        for one in games:
            app.create_simulated([one], game=todo[0].game)


def _row(row: tuple) -> tuple:
    """A stored event without its stored time (the time of the append, which differs between the stores) and
    its seal (which covers that time; checked by ``integrity``)."""
    _, game_id, version, topic, state = row
    payload = json.loads(state)
    assert payload.pop("timestamp") and payload.pop("seal")
    return game_id, version, topic, payload


def test_fifty_simulated_games_in_one_append_are_stored_as_one_by_one(dsn: str) -> None:
    import psycopg

    schemas = [f"pgbig_{uuid.uuid4().hex[:12]}" for _ in range(2)]
    stores = [urlunsplit(urlsplit(dsn)._replace(query=f"schema={s}")) for s in schemas]
    with psycopg.connect(dsn, autocommit=True) as c:
        for s in schemas:
            c.execute(f"CREATE SCHEMA {s}")
    try:
        worker = multiprocessing.get_context("fork").Process(target=_store_both, args=stores)
        worker.start()
        worker.join(TIMEOUT)
        if worker.is_alive():  # its connection closes with it: the server ends the statement, the schema drops
            worker.kill()
            worker.join()
            pytest.fail(f"storing {GAMES} games in one append did not return in {TIMEOUT} s")
        assert worker.exitcode == 0
        with psycopg.connect(dsn) as c:
            bulk, single = (
                c.execute(
                    f"SELECT notification_id, originator_id, originator_version, topic, state "
                    f"FROM {s}.dungeonlords_events ORDER BY notification_id"
                ).fetchall()
                for s in schemas
            )
        assert [_row(r) for r in bulk] == [_row(r) for r in single]  # ids, versions, topics, states, in order
        assert [r[0] for r in bulk] == list(range(1, len(bulk) + 1))  # one append: no gap in the ids
        assert len({r[1] for r in bulk}) == GAMES
        assert sum(len(r[3]) + len(r[4]) for r in bulk) > HUNG_AT  # as big as the appends that hung
        from domain.service.application import GameService

        with GameService.open(stores[0]) as app:
            assert {str(g): app.integrity(g) for g in app.games()} == {str(r[1]): [] for r in bulk}  # seals hold
    finally:
        with psycopg.connect(dsn, autocommit=True) as c:
            for s in schemas:
                c.execute(f"DROP SCHEMA {s} CASCADE")
