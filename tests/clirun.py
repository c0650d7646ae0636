"""Run the dungeon-lords command in-process, as the CLI tests do (typer's CliRunner), or in a process of
its own (:func:`in_a_process`) where a fault needs one."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()


def run(*args, ok=True):
    """Invoke ``dungeon-lords ARGS``; with ``ok``, assert exit code 0. Never a traceback."""
    result = runner.invoke(app, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def runner_input(args, text: str) -> str:
    """Invoke with ``text`` on standard input (the interactive ``record`` loop); returns the output."""
    result = runner.invoke(app, [str(a) for a in args], input=text)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


ROOT = Path(__file__).parent.parent
CLI = [sys.executable, "-c", "from cli.main import main; main()"]


def in_a_process(*args, limit_bytes: int | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run ``dungeon-lords ARGS`` in a process of its own (optionally unable to write files past a size)."""

    def limit():
        if limit_bytes is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    return subprocess.run(
        [*CLI, *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit,
        env={**os.environ, "COLUMNS": "200"},
    )
