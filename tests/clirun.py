"""Run the dungeon-lords command in-process, as the CLI tests do (typer's CliRunner)."""

from __future__ import annotations

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
