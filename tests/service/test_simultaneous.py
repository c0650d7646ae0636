"""Simultaneous decisions commute (issue #30): seats answering one simultaneous decision (secret orders)
from their own phones at the same moment each see their input stored, whatever the order they arrive in;
a real conflict (the seat already answered, or the decision changed) is still a conflict, and nothing of
it is stored."""

from __future__ import annotations

import itertools
import json
import os
import threading
import urllib.error
import urllib.request
import uuid

import pytest
from served import served

from domain.service.application import GameConflict, GameService

SEATS = ["red", "blue", "green", "yellow"]


def _at_orders(app: GameService, players: int = 4, seed: int = 5):
    gid = app.create_game(["Ann", "Bob", "Cid", "Dee"][:players], seed=seed)
    at, state = app.now(gid)
    pending = app.pending(gid)
    assert pending.kind == "choose_orders" and pending.actors == SEATS[:players]
    return gid, at, {seat: pending.options(seat)[7 * (i + 1)] for i, seat in enumerate(pending.actors)}


def _stored_orders(app: GameService, gid) -> dict[str, list[str]]:
    return {e.color: list(e.orders) for e in app.log(gid) if e.type == "OrdersChosen"}


@pytest.mark.parametrize("order", list(itertools.permutations(SEATS[:3])))
def test_orders_entered_at_the_same_event_are_all_stored_in_any_order(order, tmp_path) -> None:
    app = GameService.open(str(tmp_path / "games.sqlite"))
    gid, at, chosen = _at_orders(app, players=3)
    for seat in order:  # every seat's page showed event `at`
        app.execute(gid, chosen[seat], expected=at)
    assert _stored_orders(app, gid) == {seat: list(chosen[seat].orders) for seat in SEATS[:3]}
    assert app.pending(gid).kind != "choose_orders"  # all three answered: the game moved on


def test_a_real_conflict_is_still_a_conflict_and_stores_nothing(tmp_path) -> None:
    app = GameService.open(str(tmp_path / "games.sqlite"))
    gid, at, chosen = _at_orders(app)
    app.execute(gid, chosen["red"], expected=at)
    before = len(app.log(gid))
    with pytest.raises(GameConflict):  # red's own answer was already taken
        app.execute(gid, chosen["red"], expected=at)
    app.undo(gid)  # not an answer to the decision: what red's page showed no longer stands
    with pytest.raises(GameConflict):
        app.execute(gid, chosen["blue"], expected=at)
    assert len(app.log(gid)) == before + 1  # the undo only


def _post(url: str, token: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", "Authorization": f"Bearer {token}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _stores() -> list[str]:
    stores = ["sqlite"]
    if os.environ.get("DL_TEST_POSTGRES"):
        stores.append("postgres")
    return stores


@pytest.mark.parametrize("kind", _stores())
@pytest.mark.parametrize("round_", range(3))
def test_seats_entering_orders_at_once_through_the_real_server_store_one_line_each(kind, round_, tmp_path) -> None:
    """Four threads, one per seat's phone, post their orders at the same moment (a barrier), each with the
    event number its page showed: every answer is 200 and exactly one line per seat is stored."""
    cleanup = None
    if kind == "sqlite":
        store = str(tmp_path / "games.sqlite")
    else:
        import psycopg

        dsn = os.environ["DL_TEST_POSTGRES"]
        schema = f"simul_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(dsn, autocommit=True) as c:
            c.execute(f"CREATE SCHEMA {schema}")
        store = f"{dsn}?schema={schema}"

        def cleanup() -> None:
            with psycopg.connect(dsn, autocommit=True) as c:
                c.execute(f"DROP SCHEMA {schema} CASCADE")

    try:
        with served(store) as server:
            status, made = _post(server.url + "/api/games", "", {"names": ["Ann", "Bob", "Cid", "Dee"], "seed": round_})
            assert status == 201
            gid, tokens = made["id"], made["tokens"]["seats"]
            inputs = f"{server.url}/api/games/{gid}/inputs"
            options = {}
            for seat in SEATS:
                request = urllib.request.Request(
                    f"{server.url}/api/games/{gid}/options", headers={"Authorization": f"Bearer {tokens[seat]}"}
                )
                options[seat] = json.loads(urllib.request.urlopen(request).read())
            at = options["red"]["event"]
            chosen = {s: options[s]["options"][s][3 * (i + 2)] for i, s in enumerate(SEATS)}
            barrier, answers = threading.Barrier(len(SEATS)), {}

            def phone(seat: str) -> None:
                barrier.wait()
                answers[seat] = _post(inputs, tokens[seat], {"command": chosen[seat], "expected": at})

            threads = [threading.Thread(target=phone, args=(s,)) for s in SEATS]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert {s: a[0] for s, a in answers.items()} == dict.fromkeys(SEATS, 200), answers
        app = GameService.open(store)
        assert _stored_orders(app, gid) == {s: chosen[s]["orders"] for s in SEATS}
        assert sum(1 for e in app.log(gid) if e.type == "OrdersChosen") == len(SEATS)
        app.close()
    finally:
        if cleanup:
            cleanup()
