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
    assert client.get(f"/api/games/{gid}/options", params={"as": "blue"}, headers=red).status_code == 403
    assert client.get(f"/api/games/{gid}/options", params={"as": "red"}, headers=red).json() == options
    as_blue = client.get(f"/api/games/{gid}/options", params={"as": "blue"}, headers=_as(tokens["recorder"]))
    assert list(as_blue.json()["options"]) == ["blue"]
    blue_orders = client.get(f"/api/games/{gid}/options", headers=blue).json()["options"]["blue"][0]
    assert client.post(f"/api/games/{gid}/inputs", json={"command": blue_orders}, headers=red).status_code == 403
    assert client.post(f"/api/games/{gid}/inputs", json={"command": blue_orders}, headers=blue).status_code == 200
    assert client.get(f"/api/games/{gid}/export", headers=red).status_code == 403
    assert client.get(f"/api/games/{gid}/audit", headers=red).status_code == 403
    assert client.get(f"/api/games/{gid}/log", params={"as": "blue"}, headers=red).status_code == 403
    seen = client.get(f"/api/games/{gid}/log", headers=red).json()  # red's view of the log
    chosen = next(e for e in seen if e["data"]["type"] == "OrdersChosen")
    assert chosen["data"]["color"] == "blue" and set(chosen["data"]["orders"]) == {"hidden"}
    whole = client.get(f"/api/games/{gid}/log", headers=_as(tokens["recorder"])).json()
    assert "hidden" not in next(e for e in whole if e["data"]["type"] == "OrdersChosen")["data"]["orders"]
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
    stale = client.post(f"/api/games/{gid}/undo", params={"expected": 1}, headers=rec)
    assert stale.status_code == 409 and stale.json()["event"] > 1  # the game moved on since event 1
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
    out = run("tokens", made["id"], "--url", "http://table.local:8765", "--store", store).output.split()
    link = out[out.index("recorder") + 1]  # tokens are printed as join links
    prefix = f"http://table.local:8765/join/{made['id']}?token="
    assert link.startswith(prefix)
    fresh = link.removeprefix(prefix)
    assert client.get(f"/api/games/{made['id']}/log", headers=_as(made["tokens"]["recorder"])).status_code == 401
    assert client.get(f"/api/games/{made['id']}/log", headers=_as(fresh)).status_code == 200
    red = out[out.index("red") + 1]
    joined = client.get(red.removeprefix("http://table.local:8765"), follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == f"/table/{made['id']}"


def test_the_server_runs_and_never_writes_a_token_to_its_output(tmp_path) -> None:
    """`dungeon-lords serve` for real (uvicorn, a free port): a game made and read with its token; the
    server's whole output holds no token."""
    import json
    import signal
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
        assert seen.status == 200 and json.loads(seen.read())[0]["data"]["type"] == "GameStarted"
    finally:
        server.send_signal(signal.SIGINT)  # Ctrl-C
        output = server.communicate(timeout=10)[0].decode()
    assert token not in output and made["tokens"]["seats"]["red"] not in output
    assert f"http://127.0.0.1:{port}" in output.splitlines()[0] and "phones cannot reach it" in output
    assert server.returncode == 0 and output.splitlines()[-1] == "stopped" and "Traceback" not in output


def test_serve_on_the_network_names_the_addresses_phones_open(monkeypatch) -> None:
    from cli.http import addresses

    assert not any(a.startswith("127.") for a in addresses.lan_addresses())  # this machine's, loopback left out
    monkeypatch.setattr(addresses, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    assert addresses.base_urls("0.0.0.0", 8765) == ["http://192.168.1.20:8765", "http://10.0.0.5:8765"]
    assert addresses.base_urls("127.0.0.1", 9000) == ["http://127.0.0.1:9000"]
    assert addresses.join_link("http://192.168.1.20:8765", "G", "a+b") == "http://192.168.1.20:8765/join/G?token=a%2Bb"


def test_import_correct_audit_and_explain_over_http(client) -> None:
    from pathlib import Path

    record = (Path(__file__).parent.parent / "golden" / "tabletop-3p.dlr").read_text()
    bad = record.replace("draw ", "draw nothing_such,", 1)
    refused = client.post("/api/games/import", json={"record": bad})
    assert (
        refused.status_code == 422
        and refused.json()["code"] == "RECORD_INVALID"
        and "line" in refused.json()["message"]
    )
    assert client.get("/api/games").json() == []  # nothing stored
    cut = client.post("/api/games/import", json={"record": "\n".join(record.splitlines()[:40])})
    assert cut.status_code == 422 and "before the game is over" in cut.json()["message"]
    made = client.post("/api/games/import", json={"record": record})
    assert made.status_code == 201
    gid, rec = made.json()["id"], _as(made.json()["tokens"]["recorder"])
    assert client.get(f"/api/games/{gid}/export", headers=rec).text == record.replace(
        "origin recorded", "origin imported"
    )
    report = client.get(f"/api/games/{gid}/audit", headers=rec).json()
    assert report["clean"] and report["events"] == made.json()["events"]
    why = client.get(f"/api/games/{gid}/explain/20", headers=rec)
    assert why.status_code == 200 and why.json()["event"] == 20 and why.json()["text"]
    assert client.get(f"/api/games/{gid}/explain/99999", headers=rec).json()["code"] == "EVENT_UNKNOWN"
    red = _as(made.json()["tokens"]["seats"]["red"])
    assert client.get(f"/api/games/{gid}/explain/20", headers=red).status_code == 200  # its own view
    # correct the first draw (by names): the dry run says what it would supersede and stores nothing
    log = client.get(f"/api/games/{gid}/log", headers=rec).json()
    first_draw = next(e for e in log if e["kind"] == "chance")
    drawn = first_draw["data"]["cards"]
    other = next(o for o in ("get food", "mine gold", "build room") if o.replace(" ", "_") not in drawn)
    body = {"event": first_draw["n"], "draw": f"{drawn[0]}, {other}", "dry_run": True}
    dry = client.post(f"/api/games/{gid}/correct", json=body, headers=rec)
    assert dry.status_code == 200 and dry.json()["dry_run"] and dry.json()["event"] == len(log)
    assert dry.json()["was"] != dry.json()["now"] and dry.json()["kept"] + dry.json()["superseded"]
    assert client.post(f"/api/games/{gid}/correct", json=body, headers=red).status_code == 403
    stale = client.post(f"/api/games/{gid}/correct", json={**body, "dry_run": False, "expected": 2}, headers=rec)
    assert stale.status_code == 409 and stale.json()["event"] == len(log)  # nothing stored
    done = client.post(f"/api/games/{gid}/correct", json={**body, "dry_run": False}, headers=rec)
    assert done.status_code == 200 and done.json()["event"] > len(log)
    audited = client.get(f"/api/games/{gid}/audit", headers=rec).json()
    assert audited["corrections"] and audited["clean"] == (not done.json()["superseded"])
    wrong = client.post(f"/api/games/{gid}/correct", json={"event": 1, "draw": "x"}, headers=rec)
    assert wrong.status_code == 422 and wrong.json()["code"] == "EVENT_UNKNOWN"


def test_the_live_stream_tells_every_token_of_the_game_when_it_moves_on(tmp_path) -> None:
    """Server-sent events from the real server: the event number now, and again after an input."""
    import json
    import urllib.request

    from served import served

    with served(str(tmp_path / "games.sqlite")) as server:
        request = urllib.request.Request(
            f"{server.url}/api/games",
            data=json.dumps({"names": ["A", "B", "C"], "game": "monster_inn", "mode": "tabletop"}).encode(),
            headers={"content-type": "application/json"},
        )
        made = json.loads(urllib.request.urlopen(request).read())
        gid, seat = made["id"], made["tokens"]["seats"]["p2"]
        stream = urllib.request.urlopen(
            urllib.request.Request(f"{server.url}/api/games/{gid}/stream", headers={"Authorization": f"Bearer {seat}"}),
            timeout=20,
        )
        assert stream.headers["content-type"].startswith("text/event-stream")

        def next_event() -> int:
            for raw in stream:
                line = raw.decode().strip()
                if line.startswith("data:"):
                    return int(json.loads(line[5:])["event"])
            raise AssertionError("the stream ended")

        assert next_event() == made["events"]
        deal = urllib.request.Request(
            f"{server.url}/api/games/{gid}/inputs",
            data=json.dumps({"draw": "m1 m2 m3"}).encode(),
            headers={"content-type": "application/json", "Authorization": f"Bearer {made['tokens']['recorder']}"},
        )
        after = json.loads(urllib.request.urlopen(deal).read())["event"]
        assert next_event() == after
        stream.close()
        nobody = urllib.request.Request(f"{server.url}/api/games/{gid}/stream")
        try:
            urllib.request.urlopen(nobody, timeout=5)
            raise AssertionError("a stream without a token")
        except urllib.error.HTTPError as exc:
            assert exc.code == 401


def test_the_same_server_runs_on_postgresql() -> None:
    """A club's shared server: the API and the tokens on PostgreSQL (DL_TEST_POSTGRES; a schema of its own)."""
    import os
    import uuid

    import psycopg

    dsn = os.environ.get("DL_TEST_POSTGRES")
    if not dsn:
        pytest.skip("set DL_TEST_POSTGRES=postgresql://user@host:port/db to run the PostgreSQL tests")
    schema = f"http_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(dsn, autocommit=True) as c:
        c.execute(f"CREATE SCHEMA {schema}")
    try:
        client = TestClient(create_app(f"{dsn}?schema={schema}"), raise_server_exceptions=False)
        made = client.post("/api/games", json={"names": ["Ann", "Bob", "Cid"], "mode": "tabletop"}).json()
        gid, rec = made["id"], _as(made["tokens"]["recorder"])
        waiting = client.get(f"/api/games/{gid}/options", headers=rec).json()
        assert waiting["kind"] == "chance"
        drawn = client.post(
            f"/api/games/{gid}/inputs", json={"draw": "get food, mine gold", "expected": 1}, headers=rec
        )
        assert drawn.status_code == 200 and drawn.json()["event"] > 1
        assert client.get(f"/api/games/{gid}/state", headers=_as(made["tokens"]["seats"]["red"])).status_code == 200
        assert client.get(f"/api/games/{gid}/state", headers=_as("nope")).status_code == 401
    finally:
        with psycopg.connect(dsn, autocommit=True) as c:
            c.execute(f"DROP SCHEMA {schema} CASCADE")
