"""domain.kernel.deferred: what a game hands the kernel before importing it (start-up, issue #35) behaves as
the object it stands for, and loads once, on first use."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from domain.kernel.deferred import DeferredMapping, LoadOnRead, deferred

ROOT = Path(__file__).resolve().parents[2]


def test_a_deferred_function_imports_on_its_first_call_and_passes_arguments_and_errors() -> None:
    dumps = deferred("json", "dumps")
    assert dumps({"a": 1}, sort_keys=True) == json.dumps({"a": 1}, sort_keys=True)
    with pytest.raises(TypeError):
        dumps(object())
    with pytest.raises(ImportError):
        deferred("no_such_module_here", "f")()


def test_a_deferred_mapping_loads_once_on_the_first_read() -> None:
    calls: list[int] = []

    def load() -> dict[str, int]:
        calls.append(1)
        return {"a": 1, "b": 2}

    lazy = DeferredMapping(load)
    assert calls == []
    assert lazy["a"] == 1 and "b" in lazy and "c" not in lazy
    assert list(lazy) == ["a", "b"] and len(lazy) == 2 and dict(lazy) == {"a": 1, "b": 2}
    assert calls == [1]
    with pytest.raises(KeyError):
        lazy["c"]


def test_a_registry_runs_its_loader_before_any_read_and_accepts_writes_meanwhile() -> None:
    registry: LoadOnRead[str, int] = LoadOnRead({"base": 0})
    runs: list[int] = []

    def loader() -> None:
        runs.append(1)
        assert "base" in registry  # a read while loading does not start it again
        registry["late"] = 1

    registry.set_loader(loader)
    registry["early"] = 2  # a registration is a write: no load
    assert runs == []
    assert list(registry) == ["base", "early", "late"]
    assert registry.get("late") == 1 and len(registry) == 3 and dict(registry.items()) == dict(registry)
    assert {**registry} == {"base": 0, "early": 2, "late": 1} and json.dumps(registry)
    assert runs == [1]


def _fresh(code: str) -> object:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_dungeon_lords_modules_and_bots_are_all_there_when_read_in_a_fresh_process() -> None:
    """The expansion's modules, rulesets and the strategy bots load on the first read: a fresh process that reads
    them sees what a process that imported them first sees."""
    code = (
        "import json, sys; from domain.games import get; g = get('dungeon_lords');"
        "before = [m for m in ('domain.games.dungeon_lords.festival', 'domain.games.dungeon_lords.strategies')"
        " if m in sys.modules];"
        "print(json.dumps([before, list(g.modules), sorted(g.rulesets), sorted(g.bots)]))"
    )
    before, modules, rulesets, bots = _fresh(code)  # type: ignore[misc]
    assert before == []
    from domain.games.dungeon_lords import festival, strategies

    assert modules == [m.name for m in festival.MODULES]
    assert {"base", "festival", "four_seasons"} <= set(rulesets)
    assert set(strategies.STRATEGIES) <= set(bots)
