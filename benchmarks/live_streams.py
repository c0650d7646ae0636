"""Live pages at club scale: many open table pages on one `serve` over PostgreSQL, idle, then one input per
game.

    python benchmarks/live_streams.py --store postgresql://USER@HOST/DB [--tables 50] [--phones 5]
                                      [--idle 10] [--servers 1] [--json]

Starts ``--servers`` `serve` processes on a new schema of the store's database (dropped afterwards),
creates ``--tables`` Monster Inn tabletop games, opens ``--phones`` live streams per game (what a table
page holds open: ``GET /api/games/{id}/stream``), spread over the servers, and then:

* counts the transactions the database commits in ``--idle`` seconds while every page is open and nobody
  enters anything (``pg_stat_database.xact_commit``: every query of the servers is a transaction; a stream
  that polls the store shows here);
* enters one input into every game (through the servers in turn) and measures, for every open stream,
  the time from the input's answer to the stream's news of it (p50/p99/max), and that every stream got it.

The database should be one only this run uses (its statistics count every client's transactions).
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from http_load import fresh_schema, running_servers  # noqa: E402


def _post(port: int, path: str, body: dict[str, Any], token: str | None = None) -> tuple[int, Any]:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"content-type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
    c.request("POST", path, body=json.dumps(body), headers=headers)
    r = c.getresponse()
    out = (r.status, json.loads(r.read()))
    c.close()
    return out


class Stream(threading.Thread):
    """One page's open stream: the time each event number arrived."""

    def __init__(self, port: int, gid: str, token: str) -> None:
        super().__init__(daemon=True)
        self.port, self.gid, self.token = port, gid, token
        self.heard: dict[int, float] = {}
        self.open = threading.Event()

    def run(self) -> None:
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        c.request("GET", f"/api/games/{self.gid}/stream", headers={"Authorization": f"Bearer {self.token}"})
        r = c.getresponse()
        while True:
            line = r.fp.readline()
            if not line:
                return
            if line.startswith(b"data:"):
                self.heard[int(json.loads(line[5:])["event"])] = time.monotonic()
                self.open.set()


def commits(dsn: str) -> int:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as c:
        c.execute("SELECT pg_stat_clear_snapshot()")
        row = c.execute("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()").fetchone()
        return int(row[0]) if row else 0


def run(store: str, tables: int, phones: int, idle: float, servers: int) -> dict[str, Any]:
    with fresh_schema(store) as spec, running_servers(None, spec, servers) as started:
        ports = [s.port for s in started]
        games = []
        for i in range(tables):
            body = {"names": ["A", "B", "C"], "game": "monster_inn", "mode": "tabletop"}
            status, made = _post(ports[i % len(ports)], "/api/games", body)
            assert status == 201, made
            games.append(made)
        streams = []
        for i, made in enumerate(games):
            seats = list(made["tokens"]["seats"].values()) + [made["tokens"]["recorder"]]
            for p in range(phones):
                s = Stream(ports[(i + p) % len(ports)], made["id"], seats[p % len(seats)])
                s.start()
                streams.append(s)
        for s in streams:
            assert s.open.wait(120), "a stream did not open"
        time.sleep(15.0)  # every stream's first look is done, and PostgreSQL has flushed its statistics (it
        # flushes a backend's counts when it goes idle, up to 10 s late)
        before = commits(store)
        time.sleep(idle)
        idle_commits = commits(store) - before - 1  # our own statistics query
        answered: dict[str, tuple[int, float]] = {}
        for i, made in enumerate(games):
            body = {"draw": "m1 m2 m3", "expected": made["events"]}
            status, drawn = _post(
                ports[(i + 1) % len(ports)], f"/api/games/{made['id']}/inputs", body, made["tokens"]["recorder"]
            )
            assert status == 200, drawn
            answered[made["id"]] = (drawn["event"], time.monotonic())
        time.sleep(5.0)
        delays, missed = [], 0
        for s in streams:
            event, at = answered[s.gid]
            if event in s.heard:
                delays.append((s.heard[event] - at) * 1000)
            else:
                missed += 1
        cuts = statistics.quantiles(delays, n=100, method="inclusive") if len(delays) > 1 else [0.0] * 99
        return {
            "servers": servers,
            "tables": tables,
            "streams": len(streams),
            "idle_seconds": idle,
            "idle_commits": idle_commits,
            "idle_commits_per_s": round(idle_commits / idle, 1),
            "news_after_answer_ms": {
                "p50": round(cuts[49], 1),
                "p99": round(cuts[98], 1),
                "max": round(max(delays), 1) if delays else 0.0,
            },
            "streams_missed": missed,
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", required=True, help="a PostgreSQL address (a new schema is made there)")
    parser.add_argument("--tables", type=int, default=50, help="games (default 50)")
    parser.add_argument("--phones", type=int, default=5, help="open streams per game (default 5)")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle counting (default 10)")
    parser.add_argument("--servers", type=int, default=1, help="serve processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    args = parser.parse_args(argv)
    report = run(args.store, args.tables, args.phones, args.idle, args.servers)
    print(json.dumps(report) if args.json else "\n".join(f"{k}: {v}" for k, v in report.items()))
    return 0 if report["streams_missed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
