"""Games do no file I/O: no ``open()`` and no path reading or writing in ``domain/games`` but in each game's one
declared loader of its shipped data (its catalog module). The import-linter contract "Games do no file I/O"
keeps ``pathlib``, ``io``, ``shutil``, ``tempfile`` and ``glob`` out the same way; ``os`` is kept out by
"Games do no I/O". A scenario comes as a dict or JSON text: its caller reads the file (``new --scenario FILE``)."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).parent.parent.parent / "domain" / "games"
LOADERS = {"dungeon_lords/catalog/__init__.py", "monster_inn/catalog.py"}  # the declared loaders
IO_METHODS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "unlink", "mkdir", "iterdir"}


def io_calls(tree: ast.AST) -> list[str]:
    """Every call that reads or writes a file: ``open(...)``, ``x.open(...)``, ``x.read_text()``..."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if (isinstance(f, ast.Name) and name == "open") or (isinstance(f, ast.Attribute) and name in IO_METHODS):
                found.append(f"{name}() at line {node.lineno}")
    return found


def test_no_game_module_reads_or_writes_a_file_but_its_declared_loader():
    offenders = {}
    for path in sorted(GAMES.rglob("*.py")):
        where = str(path.relative_to(GAMES))
        calls = io_calls(ast.parse(path.read_text(), where))
        if calls and where not in LOADERS:
            offenders[where] = calls
    assert offenders == {}


def test_the_check_finds_a_file_read():
    assert io_calls(ast.parse("open('x')\nPath('y').read_text()\nfh.write_text('z')")) == [
        "open() at line 1",
        "read_text() at line 2",
        "write_text() at line 3",
    ]
    assert io_calls(ast.parse("state.open_spaces()\nopener('x')")) == []


def test_a_game_is_given_a_scenario_and_reads_no_path(tmp_path):
    """A path is the caller's to read: given one, a game refuses it (SCENARIO_INVALID) and opens nothing."""
    import pytest

    from domain.games import GAMES
    from domain.kernel import RuleViolation

    scenario = tmp_path / "scenario.json"
    for name, package in GAMES.items():
        for given in (scenario, str(scenario)):  # the file does not even exist: a read would be an OSError
            with pytest.raises(RuleViolation) as refused:
                package.from_scenario(given)
            assert refused.value.code == "SCENARIO_INVALID", name
