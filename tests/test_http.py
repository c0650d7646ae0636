"""The game service over HTTP: the same rules and store as the CLI, JSON in and out; a refusal is 422
with its code, message and rule, a stale event number 409, an unknown game 404, a missing token 401, a
seat's token reaching past its seat 403; nothing a user sends is a 500."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cli.http.app import create_app


@pytest.fixture()
def client(tmp_path):
    return TestClient(create_app(str(tmp_path / "games.sqlite")), raise_server_exceptions=False)


def _as(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_dungeon_lords_game_is_played_over_http_with_optimistic_concurrency(client) -> None:
    made = client.post("/api/games", json={"names": ["Ann", "Bob"], "seed": 7})
    assert made.status_code == 201
    gid, n, tokens = made.json()["id"], made.json()["events"], made.json()["tokens"]
    rec = _as(tokens["recorder"])
    waiting = client.get(f"/api/games/{gid}/options", headers=rec).json()
    assert waiting["event"] == n and waiting["kind"] == "choose_orders" and waiting["rule"].startswith("Rulebook")
    actor = waiting["actors"][0]
    command = waiting["options"][actor][0]
    done = client.post(f"/api/games/{gid}/inputs", json={"command": command, "expected": n}, headers=rec)
    assert done.status_code == 200 and done.json()["events"][0]["type"] == "OrdersChosen"
    stale = client.post(f"/api/games/{gid}/inputs", json={"command": command, "expected": n}, headers=rec)
    assert stale.status_code == 409 and stale.json()["event"] == done.json()["event"]
    refused = client.post(
        f"/api/games/{gid}/inputs", json={"command": {"type": "dig_tunnel", "player": "red"}}, headers=rec
    )
    assert refused.status_code == 422 and refused.json()["code"] == "COMMAND_MALFORMED" and refused.json()["rule"]
    log = client.get(f"/api/games/{gid}/log", headers=rec).json()
    assert [e["n"] for e in log] == list(range(1, done.json()["event"] + 1))
    assert client.get("/api/games").json()[0]["id"] == gid


def test_a_seat_token_sees_and_acts_only_for_its_seat(client) -> None:
    made = client.post("/api/games", json={"names": ["Ann", "Bob"], "seed": 3}).json()
    gid, tokens = made["id"], made["tokens"]
    red, blue = _as(tokens["seats"]["red"]), _as(tokens["seats"]["blue"])
    mine = client.get(f"/api/games/{gid}/state", headers=red).json()
    assert mine["players"][0]["hand"] != "hidden" and set(mine["players"][1]["hand"]) == {"hidden"}
    assert client.get(f"/api/games/{gid}/state", params={"as": "blue"}, headers=red).status_code == 403
    options = client.get(f"/api/games/{gid}/options", headers=red).json()
    assert list(options["options"]) == ["red"]
    blue_orders = client.get(f"/api/games/{gid}/options", headers=blue).json()["options"]["blue"][0]
    assert client.post(f"/api/games/{gid}/inputs", json={"command": blue_orders}, headers=red).status_code == 403
    assert client.post(f"/api/games/{gid}/inputs", json={"command": blue_orders}, headers=blue).status_code == 200
    for path in ("log", "export"):
        assert client.get(f"/api/games/{gid}/{path}", headers=red).status_code == 403
    assert client.post(f"/api/games/{gid}/undo", headers=red).status_code == 403
    assert client.get(f"/api/games/{gid}/state").status_code == 401
    assert client.get(f"/api/games/{gid}/state", headers=_as("not-a-token")).status_code == 401
    other = client.post("/api/games", json={"names": ["Cat", "Dan"], "seed": 4}).json()["id"]
    assert client.get(f"/api/games/{other}/state", headers=red).status_code == 401  # another game's token


def test_a_monster_inn_table_over_http_draws_by_name_and_hides_the_other_supplies(client) -> None:
    made = client.post("/api/games", json={"game": "monster_inn", "names": ["A", "B", "C"], "mode": "tabletop"})
    gid, tokens = made.json()["id"], made.json()["tokens"]
    rec = _as(tokens["recorder"])
    assert (
        client.post(
            f"/api/games/{gid}/inputs", json={"draw": "m1 m2 h6-10"}, headers=_as(tokens["seats"]["p1"])
        ).status_code
        == 403
    )
    dealt = client.post(f"/api/games/{gid}/inputs", json={"draw": "m1 m2 h6-10"}, headers=rec)
    assert dealt.status_code == 200 and dealt.json()["events"][0]["cards"] == ["h6-10", "m1", "m2"]
    again = client.post(f"/api/games/{gid}/inputs", json={"draw": "m1"}, headers=rec)
    assert again.status_code == 422 and again.json()["code"] == "UNEXPECTED_COMMAND"
    seen = client.get(f"/api/games/{gid}/state", params={"as": "p1"}, headers=rec).json()
    assert seen["players"][0]["gold"] == 3 and seen["players"][1]["gold"] == "hidden"
    assert client.get(f"/api/games/{gid}/state", params={"as": "p9"}, headers=rec).status_code == 422
    remain = {"command": {"type": "remain", "player": "p1", "treasure": "gem"}}
    assert client.post(f"/api/games/{gid}/inputs", json=remain, headers=_as(tokens["seats"]["p1"])).status_code == 200
    undone = client.post(f"/api/games/{gid}/undo", headers=rec)
    assert undone.status_code == 200 and undone.json()["events"][0]["type"] == "InputUndone"
    record = client.get(f"/api/games/{gid}/export", headers=rec)
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


def test_the_cli_issues_new_tokens_and_the_old_ones_stop_working(tmp_path) -> None:
    from clirun import run

    store = str(tmp_path / "games.sqlite")
    client = TestClient(create_app(store), raise_server_exceptions=False)
    made = client.post("/api/games", json={"names": ["Ann", "Bob"], "seed": 1}).json()
    out = run("tokens", made["id"], "--store", store).output.split()
    fresh = out[out.index("recorder") + 1]
    assert client.get(f"/api/games/{made['id']}/log", headers=_as(made["tokens"]["recorder"])).status_code == 401
    assert client.get(f"/api/games/{made['id']}/log", headers=_as(fresh)).status_code == 200


def test_the_server_runs_and_never_writes_a_token_to_its_output(tmp_path) -> None:
    """`dungeon-lords serve` for real (uvicorn, a free port): a game made and read with its token; the
    server's whole output holds no token."""
    import json
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    store = str(tmp_path / "games.sqlite")
    run_server = "from cli.main import main; main()"
    server = subprocess.Popen(
        [sys.executable, "-c", run_server, "--init", "serve", "--port", str(port), "--store", store],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        base = f"http://127.0.0.1:{port}/api/games"
        for _ in range(100):
            try:
                urllib.request.urlopen(base, timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        made = json.loads(
            urllib.request.urlopen(
                urllib.request.Request(
                    base, data=json.dumps({"names": ["A", "B"]}).encode(), headers={"content-type": "application/json"}
                )
            ).read()
        )
        token = made["tokens"]["recorder"]
        seen = urllib.request.urlopen(
            urllib.request.Request(f"{base}/{made['id']}/log", headers={"Authorization": f"Bearer {token}"})
        )
        assert seen.status == 200 and json.loads(seen.read())[0]["type"] == "GameStarted"
    finally:
        server.terminate()
        output = server.communicate(timeout=10)[0].decode()
    assert token not in output and made["tokens"]["seats"]["red"] not in output
