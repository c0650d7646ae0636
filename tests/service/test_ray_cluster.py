"""A real Ray cluster of two nodes on this machine (issue #34): ``ray start --head`` plus a second
``ray start --address``, both with token authentication (``RAY_AUTH_MODE=token`` and a token file of the
test's own, ``RAY_AUTH_TOKEN_PATH``), then ``simulate --executor ray --address HEAD:PORT`` against it
stores the same games as ``--executor process`` for the same seed. The recipe is docs/scaling.md's
"A Ray cluster".

The cluster lives in a temporary directory of its own, on ports of its own, and is stopped by process id
(every process whose command line names that directory, and their children), never by ``ray stop``, which
stops every Ray of the machine."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from domain.service.application import GameService

pytestmark = [pytest.mark.ray, pytest.mark.slow]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(tmp: str) -> int:
    """Stop every process whose command line names ``tmp`` and their children (SIGTERM, then SIGKILL);
    returns how many there were."""
    import psutil

    roots, inside = [], tmp.rstrip(os.sep) + os.sep  # the directory's files, not a directory named like it
    for p in psutil.process_iter(["cmdline"]):
        if p.pid != os.getpid() and any(inside in a for a in (p.info["cmdline"] or [])):
            roots.append(p)
    found = {}
    for root in roots:
        try:
            found.update({p.pid: p for p in [root, *root.children(recursive=True)]})
        except psutil.NoSuchProcess:
            continue
    for p in found.values():
        try:
            p.terminate()
        except psutil.NoSuchProcess:
            pass
    _, alive = psutil.wait_procs(list(found.values()), timeout=5)
    for p in alive:
        p.kill()
    return len(found)


def _streams(url: str) -> dict:
    app = GameService.open(url)
    return {g: app.stored(g) for g in app.games()}


@pytest.fixture
def cluster():
    """A head node and one worker node, one CPU each, with a token of their own; yields (address, env)."""
    pytest.importorskip("ray")
    pytest.importorskip("psutil")
    ray = Path(sys.executable).parent / "ray"
    tmp = tempfile.mkdtemp(prefix="dlray")  # short: Ray's socket paths must stay under 107 characters
    token = Path(tmp) / "auth_token"
    token.write_text(secrets.token_hex(32))
    token.chmod(0o600)
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN_PATH": str(token), "RAY_USAGE_STATS_ENABLED": "0"}
    port = _free_port()
    address = f"127.0.0.1:{port}"
    common = ["--num-cpus=1", "--node-ip-address=127.0.0.1", "--disable-usage-stats"]
    try:
        head = [str(ray), "start", "--head", f"--port={port}", f"--temp-dir={tmp}", "--include-dashboard=false"]
        head += common
        for start in (head, [str(ray), "start", f"--address={address}", *common]):
            done = subprocess.run(start, env=env, capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        yield address, env, tmp
    finally:
        _stop(tmp)
        shutil.rmtree(tmp, ignore_errors=True)


def _simulate(env: dict, store: str, *more: str) -> str:
    cli = Path(sys.executable).parent / "dungeon-lords"
    args = [str(cli), "simulate", "--games", "6", "--players", "2", "--seed", "21", "--store", store, *more]
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    return done.stdout


def test_simulate_on_a_two_node_ray_cluster_stores_what_processes_store(cluster, tmp_path):
    address, env, tmp = cluster
    for _ in range(30):  # the second node is in the cluster's status a few seconds after its start returns
        status = subprocess.run(
            [str(Path(sys.executable).parent / "ray"), "status", f"--address={address}"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        if status.stdout.count(" node_") == 2:
            break
        time.sleep(1)
    assert status.stdout.count(" node_") == 2, status.stdout  # two nodes joined, with the token
    (tmp_path / "ray").mkdir()
    (tmp_path / "process").mkdir()
    on_ray = f"sqlite:///{tmp_path / 'ray' / 'games.sqlite'}"
    on_processes = f"sqlite:///{tmp_path / 'process' / 'games.sqlite'}"
    said = _simulate(env, on_ray, "--executor", "ray", "--address", address)
    assert "stored 6 games" in " ".join(said.split())
    _simulate(env, on_processes, "--executor", "process", "--workers", "2")
    ray_games = _streams(on_ray)
    assert len(ray_games) == 6 and ray_games == _streams(on_processes)
    assert _stop(tmp) > 0


def test_the_cluster_is_gone_after_the_test():
    """No process of a cluster these tests started is left (their temporary directories start ``dlray``)."""
    import psutil

    prefix = os.path.join(tempfile.gettempdir(), "dlray")
    left = [p.pid for p in psutil.process_iter(["cmdline"]) if any(prefix in a for a in (p.info["cmdline"] or []))]
    assert left == []
