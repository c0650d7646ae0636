"""Tamper evidence and the store under faults (issue #29 "Hold under faults, part 2"): a record's hash line,
sealed timestamps, checked snapshots, a damaged or edited stored log, and PostgreSQL started by many
processes at once. Every fault ends in its documented exit code and one line, never an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import run

from domain.games.dungeon_lords.record_format import RecordError, rebuild
from domain.service.application import DungeonLords

GOLDEN = Path(__file__).parent / "golden" / "seed4-3p.dlr"


@pytest.fixture
def store(tmp_path):
    return str(tmp_path / "games.sqlite")


def _without_traceback(result) -> None:
    assert "Traceback" not in result.output and "internal error" not in result.output


# --- the record's hash line --------------------------------------------------------------------------
@pytest.mark.parametrize("hash_line", ["hash ", "hash", "hash 12ab", "hash " + "g" * 64, "hash " + "0" * 63])
def test_an_empty_or_malformed_hash_line_is_refused_unless_no_hash_check(store, tmp_path, hash_line):
    lines = GOLDEN.read_text().splitlines()
    assert lines[-1].startswith("hash ")
    bad = tmp_path / "bad.dlr"
    bad.write_text("\n".join([*lines[:-1], hash_line]) + "\n")
    with pytest.raises(RecordError) as refused:
        rebuild(bad.read_text())
    assert refused.value.line == len(lines) and "64 hexadecimal digits" in refused.value.reason
    out = run("import", bad, "--store", store, ok=False)
    _without_traceback(out)
    assert out.exit_code == 2 and "--no-hash-check" in out.output and len(out.output.strip().splitlines()) == 1
    assert DungeonLords.open(store).games() == []  # nothing stored
    out = run("import", bad, "--no-hash-check", "--store", store)
    assert "the hash was not checked" in out.output
    assert len(DungeonLords.open(store).games()) == 1


def test_no_hash_check_also_takes_a_record_whose_hash_does_not_match(store, tmp_path):
    lines = GOLDEN.read_text().splitlines()
    other = tmp_path / "other.dlr"
    other.write_text("\n".join([*lines[:-1], "hash " + "ab" * 32]) + "\n")
    assert run("import", other, "--store", store, ok=False).exit_code == 2
    assert "not checked" in run("import", other, "--no-hash-check", "--store", store).output
    # the untouched record still imports, with its hash checked and no note
    out = run("import", GOLDEN, "--store", store)
    assert "not checked" not in out.output and "no hash line" not in out.output
