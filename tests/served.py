"""`dungeon-lords serve` for real, for the tests that need a server: uvicorn on a free port of 127.0.0.1,
on a store of the test's own, its whole output kept (a test can check that no token reached it); several
servers on one store (:func:`servers`; the ``pg_store`` fixture of conftest.py gives a PostgreSQL schema of its own)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class Server:
    url: str  # http://127.0.0.1:PORT
    output: list[str] = field(default_factory=list)  # filled when the server has stopped


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(store: str) -> Iterator[Server]:
    """A running server on ``store`` (a store spec); stopped on exit, its output then in ``.output``."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", "from cli.main import main; main()", "--init", "serve", "--port", str(port)]
        + ["--store", store],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    server = Server(f"http://127.0.0.1:{port}")
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(server.url + "/api/games", timeout=1)
                break
            except OSError:
                if process.poll() is not None:
                    raise RuntimeError("the server stopped: " + process.communicate()[0].decode()) from None
                time.sleep(0.1)
        yield server
    finally:
        process.terminate()
        server.output.append(process.communicate(timeout=20)[0].decode())


@contextmanager
def servers(store: str, count: int, *options: str) -> Iterator[list[str]]:
    """``count`` `serve` processes started at once on ``store`` (a fresh schema: their start-up races), up."""
    ports = [free_port() for _ in range(count)]
    command = [sys.executable, "-c", "from cli.main import main; main()", "serve", "--store", store, *options]
    processes = [
        subprocess.Popen([*command, "--port", str(p)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT) for p in ports
    ]
    urls = [f"http://127.0.0.1:{p}" for p in ports]
    try:
        for url, process in zip(urls, processes, strict=True):
            for _ in range(300):
                try:
                    urllib.request.urlopen(url + "/api/games", timeout=1)
                    break
                except OSError:
                    if process.poll() is not None:
                        raise RuntimeError("a server stopped: " + process.communicate()[0].decode()) from None
                    time.sleep(0.1)
        yield urls
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.communicate(timeout=20)


def call(url: str, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict]:
    """``(status, JSON body)`` of one request to a running server (an error status too)."""
    headers = {"content-type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
    data = json.dumps(body).encode() if body is not None else None
    try:
        with urllib.request.urlopen(urllib.request.Request(url + path, data=data, headers=headers), timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())
