"""`dungeon-lords serve` for real, for the tests that need a server: uvicorn on a free port of 127.0.0.1,
on a store of the test's own, its whole output kept (a test can check that no token reached it)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
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
