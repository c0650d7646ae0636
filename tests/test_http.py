"""The game service over HTTP (first increment): the same rules and store as the CLI, JSON in and out;
a refusal is 422 with its code, message and rule, a stale event number 409, an unknown game 404, and
nothing a user sends is a 500."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cli.http.app import create_app


@pytest.fixture()
def client(tmp_path):
    return TestClient(create_app(str(tmp_path / "games.sqlite")), raise_server_exceptions=False)


def test_a_dungeon_lords_game_is_played_over_http_with_optimistic_concurrency(client) -> None:
    made = client.post("/api/games", json={"names": ["Ann", "Bob"], "seed": 7})
    assert made.status_code == 201
    gid, n = made.json()["id"], made.json()["events"]
    waiting = client.get(f"/api/games/{gid}/options").json()
    assert waiting["event"] == n and waiting["kind"] == "choose_orders" and waiting["rule"].startswith("Rulebook")
    actor = waiting["actors"][0]
    command = waiting["options"][actor][0]
    done = client.post(f"/api/games/{gid}/inputs", json={"command": command, "expected": n})
    assert done.status_code == 200 and done.json()["events"][0]["type"] == "OrdersChosen"
    stale = client.post(f"/api/games/{gid}/inputs", json={"command": command, "expected": n})
    assert stale.status_code == 409 and stale.json()["event"] == done.json()["event"]
    refused = client.post(f"/api/games/{gid}/inputs", json={"command": {"type": "dig_tunnel", "player": "red"}})
    assert refused.status_code == 422 and refused.json()["code"] == "COMMAND_MALFORMED" and refused.json()["rule"]
    log = client.get(f"/api/games/{gid}/log").json()
    assert [e["n"] for e in log] == list(range(1, done.json()["event"] + 1))
    assert client.get("/api/games").json()[0]["id"] == gid


def test_a_monster_inn_table_over_http_draws_by_name_and_hides_the_other_supplies(client) -> None:
    gid = client.post("/api/games", json={"game": "monster_inn", "names": ["A", "B", "C"], "mode": "tabletop"}).json()[
        "id"
    ]
    dealt = client.post(f"/api/games/{gid}/inputs", json={"draw": "m1 m2 h6-10"})
    assert dealt.status_code == 200 and dealt.json()["events"][0]["cards"] == ["h6-10", "m1", "m2"]
    typo = client.post(f"/api/games/{gid}/inputs", json={"draw": "m1"})
    assert typo.status_code == 422 and typo.json()["code"] == "UNEXPECTED_COMMAND"
    seen = client.get(f"/api/games/{gid}/state", params={"as": "p1"}).json()
    assert seen["players"][0]["gold"] == 3 and seen["players"][1]["gold"] == "hidden"
    assert client.get(f"/api/games/{gid}/state", params={"as": "p9"}).status_code == 422
    client.post(f"/api/games/{gid}/inputs", json={"command": {"type": "remain", "player": "p1", "treasure": "gem"}})
    undone = client.post(f"/api/games/{gid}/undo")
    assert undone.status_code == 200 and undone.json()["events"][0]["type"] == "InputUndone"
    record = client.get(f"/api/games/{gid}/export")
    assert record.status_code == 200 and record.text.startswith("monster-inn-record 1\ngame monster_inn\n")


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("get", "/api/games/not-a-uuid/state", None, 404),
        ("get", "/api/games/00000000-0000-0000-0000-000000000000/options", None, 404),
        ("post", "/api/games", {"names": []}, 422),
        ("post", "/api/games", {"names": ["A"], "seed": -1}, 422),
        ("post", "/api/games", {"names": ["A"]}, 422),  # one player: SETUP_INVALID from the rules
        ("post", "/api/games", {"game": "chess", "names": ["A", "B"]}, 422),
        ("post", "/api/games/00000000-0000-0000-0000-000000000000/inputs", {"draw": "x"}, 404),
    ],
)
def test_bad_requests_are_4xx_never_500(client, method, path, body, status) -> None:
    response = getattr(client, method)(path, **({"json": body} if body is not None else {}))
    assert response.status_code == status, response.text
