"""The service on many processes (issue #34): several `serve` processes (or `serve --workers N`) on one
PostgreSQL store behave as one: tokens shared, conflicts across processes, and a page's live stream told of
an input whichever process stored it, pushed (LISTEN/NOTIFY), not polled. SQLite serves one process and
says so. PostgreSQL tests need DL_TEST_POSTGRES (a schema of their own)."""

from __future__ import annotations

import asyncio
import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from clirun import run
from served import call, servers

from cli.http import live
from cli.http.app import create_app
from domain.service.application import GameService


def _events(stream) -> Iterator[int]:
    for raw in stream:
        line = raw.decode().strip()
        if line.startswith("data:"):
            yield int(json.loads(line[5:])["event"])


def test_two_servers_on_one_postgresql_store_behave_as_one(pg_store) -> None:
    """A page open on A hears within 1 s an input stored through B; B knows A's tokens; a stale input to
    A after B moved the game on is a 409 and stores nothing."""
    with servers(pg_store, 2) as (a, b):
        status, made = call(a, "/api/games", {"names": ["A", "B", "C"], "game": "monster_inn", "mode": "tabletop"})
        assert status == 201
        gid, recorder, seat = made["id"], made["tokens"]["recorder"], made["tokens"]["seats"]["p2"]
        assert call(b, f"/api/games/{gid}/state", token=seat)[0] == 200  # a token made on A opens B
        assert call(b, f"/api/games/{gid}/state", token="nope")[0] == 401
        stream = urllib.request.urlopen(
            urllib.request.Request(f"{a}/api/games/{gid}/stream", headers={"Authorization": f"Bearer {seat}"}),
            timeout=20,
        )
        heard = _events(stream)
        assert next(heard) == made["events"]
        status, drawn = call(b, f"/api/games/{gid}/inputs", {"draw": "m1 m2 m3", "expected": made["events"]}, recorder)
        stored = time.monotonic()  # B has answered: the input is stored
        assert status == 200
        assert next(heard) == drawn["event"]  # told by B's append, through PostgreSQL
        assert time.monotonic() - stored < 1.0
        stream.close()
        stale = {"draw": "m4 m5 m6", "expected": made["events"]}
        status, conflict = call(a, f"/api/games/{gid}/inputs", stale, recorder)
        assert status == 409 and conflict["event"] == drawn["event"]
        assert call(b, f"/api/games/{gid}/log", token=recorder)[1][-1]["n"] == drawn["event"]  # nothing stored


def test_serve_with_workers_on_postgresql_shares_tokens_and_live_pages(pg_store) -> None:
    """`serve --workers 2`: every request, whichever worker answers it, knows the game's tokens, and the
    stream hears the input."""
    with servers(pg_store, 1, "--workers", "2") as (url,):
        status, made = call(url, "/api/games", {"names": ["A", "B", "C"], "game": "monster_inn", "mode": "tabletop"})
        gid, recorder = made["id"], made["tokens"]["recorder"]
        for _ in range(6):  # new connections: spread over the workers by the kernel
            assert call(url, f"/api/games/{gid}/state", token=made["tokens"]["seats"]["p1"])[0] == 200
        stream = urllib.request.urlopen(
            urllib.request.Request(f"{url}/api/games/{gid}/stream", headers={"Authorization": f"Bearer {recorder}"}),
            timeout=20,
        )
        heard = _events(stream)
        assert next(heard) == made["events"]
        status, drawn = call(url, f"/api/games/{gid}/inputs", {"draw": "m1 m2 m3"}, recorder)
        assert status == 200 and next(heard) == drawn["event"]
        stream.close()


@pytest.mark.parametrize("store", ["games.sqlite", "memory"])
def test_sqlite_serves_one_process_and_says_so(tmp_path, store) -> None:
    spec = store if store == "memory" else tmp_path / store
    result = run("serve", "--workers", "2", "--store", spec, ok=False)
    assert result.exit_code == 2
    assert "needs a PostgreSQL store" in result.output and "SQLite" in result.output


async def _stream_of(app, gid: str, other: GameService) -> tuple[int, float, int]:
    """Open ``gid``'s stream on ``app`` (its lifespan running), stay idle, then archive the game through
    ``other`` (another application: another process, as far as the store can tell) and hear it: (the
    stream's reads of the store in 2 s idle, the seconds the news took, the reads it took)."""
    state = app.state
    async with app.router.lifespan_context(app):
        updates = state.live.updates(gid)
        first = await asyncio.wait_for(anext(updates), 5)
        waiting = asyncio.ensure_future(anext(updates))
        for _ in range(50):  # until the listener listens (PostgreSQL) and has had its first look
            await asyncio.sleep(0.1)
            if state.live.period() is None:
                break
        await asyncio.sleep(0.3)
        before = state.live.looks
        await asyncio.sleep(2.0)  # idle: the old stream looked 4 times in 2 s
        idle = state.live.looks - before
        sent = time.monotonic()
        await asyncio.to_thread(other.archive, gid)
        assert await asyncio.wait_for(waiting, 5) == first + 1
        return idle, time.monotonic() - sent, state.live.looks - before - idle


def test_a_postgresql_stream_is_pushed_not_polled(pg_store) -> None:
    """Idle, a page's stream reads nothing from the store; an append by another process reaches it in < 1 s
    with one read."""
    app = create_app(pg_store)
    other = GameService.open(pg_store)
    gid = str(other.create_game(["A", "B", "C"], game="monster_inn", mode="tabletop"))
    idle, took, looks = asyncio.run(_stream_of(app, gid, other))
    assert idle == 0  # the stream of before #34 read the store 4 times in those 2 s
    assert took < 1.0 and looks == 1


def test_a_sqlite_stream_hears_its_own_process_at_once_and_others_within_seconds(tmp_path, monkeypatch) -> None:
    """SQLite: this process's appends wake the stream at once; another process's are seen at the next look."""
    store = str(tmp_path / "games.sqlite")
    app = create_app(store)
    service = app.state.service
    gid = str(service.create_game(["A", "B", "C"], game="monster_inn", mode="tabletop"))

    async def own() -> float:
        async with app.router.lifespan_context(app):
            updates = app.state.live.updates(gid)
            first = await anext(updates)
            waiting = asyncio.ensure_future(anext(updates))
            await asyncio.sleep(0.2)
            sent = time.monotonic()
            await asyncio.to_thread(service.archive, gid)
            assert await asyncio.wait_for(waiting, 5) == first + 1
            return time.monotonic() - sent

    assert asyncio.run(own()) < 1.0  # a look comes every 5 s (LOOK_EVERY): the push did it
    monkeypatch.setattr(live, "LOOK_EVERY", 0.5)
    other_gid = str(service.create_game(["A", "B", "C"], game="monster_inn", mode="tabletop"))
    idle, took, _ = asyncio.run(_stream_of(create_app(store), other_gid, GameService.open(store)))
    assert 2 <= idle <= 6 and took < 2.0  # a look every 0.5 s here


def test_a_lost_listener_connection_comes_back_and_pages_look_meanwhile(pg_store) -> None:
    """The database drops the listening connection: the streams look at the store (every 2 s) until it
    listens again, then they are pushed to again."""
    import psycopg

    app = create_app(pg_store)
    other = GameService.open(pg_store)
    gid = str(other.create_game(["A", "B", "C"], game="monster_inn", mode="tabletop"))

    async def drop_and_hear() -> None:
        live_ = app.state.live
        async with app.router.lifespan_context(app):
            updates = live_.updates(gid)
            first = await asyncio.wait_for(anext(updates), 5)
            for _ in range(50):
                if live_.period() is None:
                    break
                await asyncio.sleep(0.1)
            with psycopg.connect(os.environ["DL_TEST_POSTGRES"], autocommit=True) as c:
                c.execute("SELECT pg_terminate_backend(%s)", (live_.listener.backend,))
            for _ in range(30):
                if live_.period() is not None:
                    break
                await asyncio.sleep(0.1)
            assert live_.period() == live.LOOK_UNHEARD  # not listening: the streams look
            for _ in range(50):  # it connects again within a second or two
                if live_.period() is None:
                    break
                await asyncio.sleep(0.1)
            assert live_.period() is None
            waiting = asyncio.ensure_future(anext(updates))
            await asyncio.sleep(0.2)
            await asyncio.to_thread(other.archive, gid)
            assert await asyncio.wait_for(waiting, 2) == first + 1

    asyncio.run(drop_and_hear())


def test_four_seats_entering_orders_at_once_through_two_servers_store_one_line_each(pg_store) -> None:
    """Secret orders from 4 phones at the same moment, two through each process: each seat's line is
    stored once (they commute across processes as within one)."""
    import threading

    seats = ["red", "blue", "green", "yellow"]
    with servers(pg_store, 2) as (a, b):
        status, made = call(a, "/api/games", {"names": ["Ann", "Bob", "Cid", "Dee"], "seed": 3})
        assert status == 201
        gid, tokens = made["id"], made["tokens"]["seats"]
        options = {s: call(a, f"/api/games/{gid}/options", token=tokens[s])[1] for s in seats}
        at = options["red"]["event"]
        chosen = {s: options[s]["options"][s][3 * (i + 2)] for i, s in enumerate(seats)}
        barrier, answers = threading.Barrier(len(seats)), {}

        def phone(i: int, seat: str) -> None:
            barrier.wait()
            url = (a, b)[i % 2]
            answers[seat] = call(
                url, f"/api/games/{gid}/inputs", {"command": chosen[seat], "expected": at}, tokens[seat]
            )

        threads = [threading.Thread(target=phone, args=(i, s)) for i, s in enumerate(seats)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert {s: answers[s][0] for s in seats} == dict.fromkeys(seats, 200), answers
    app = GameService.open(pg_store)
    stored = [e for e in app.log(gid) if e.type == "OrdersChosen"]
    assert sorted(e.color for e in stored) == sorted(seats)
    assert {e.color: list(e.orders) for e in stored} == {s: chosen[s]["orders"] for s in seats}
    app.close()


def test_without_the_trigger_the_pages_look_instead(pg_store, monkeypatch) -> None:
    """A login that may not create the trigger: one warning, and the streams look every 2 s."""

    def refused(recorder) -> None:
        raise PermissionError("must be owner of table dungeonlords_events")

    monkeypatch.setattr(live, "install_notify", refused)
    app = create_app(pg_store)

    async def started() -> float | None:
        async with app.router.lifespan_context(app):
            return app.state.live.period()

    with pytest.warns(UserWarning, match="must be owner"):
        assert asyncio.run(started()) == live.LOOK_UNHEARD
