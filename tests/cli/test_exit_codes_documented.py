"""docs/cli.md lists every exit code each command can give (issue #29): the table "Exit codes by command"
names every command the CLI registers, and the codes the fuzz tests accept for a command are among the
codes documented for it."""

from __future__ import annotations

import re
from pathlib import Path

import typer.main

from cli.main import app

DOC = Path(__file__).parent.parent.parent / "docs" / "cli.md"
EVERY_COMMAND = {0, 2, 5, 6, 130}  # the table's preamble: any command can end so


def _registered() -> set[str]:
    out: set[str] = set()

    def walk(group, prefix: str = "") -> None:
        for name, sub in group.commands.items():
            out.add(prefix + name)
            if hasattr(sub, "commands"):
                walk(sub, prefix + name + " ")

    walk(typer.main.get_command(app))
    return out


def documented() -> dict[str, set[int]]:
    """command -> the exit codes docs/cli.md says it can give."""
    text = DOC.read_text()
    table = text.split("### Exit codes by command", 1)[1].split("\n## ", 1)[0]
    codes: dict[str, set[int]] = {}
    for row in table.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        extra = {int(n) for n in re.findall(r"\d+", cells[1])}
        for command in re.findall(r"`([^`]+)`", cells[0]):
            codes[command] = EVERY_COMMAND | extra
    return codes


def test_every_registered_command_has_its_exit_codes_documented() -> None:
    assert set(documented()) == _registered()


def test_the_codes_the_fuzz_tests_accept_are_documented() -> None:
    import test_fuzz_cli

    codes = documented()
    assert test_fuzz_cli.CODES <= codes["act"]  # act --json payloads, free text, table rulings
    assert {0, 2} <= codes["import"] and {0, 2} <= codes["new"]  # record files, scenario files
    assert 1 in codes["audit"] and 1 not in codes["status"]
