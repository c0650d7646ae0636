"""docs/python-api.md's example runs as written, for every registered game it names."""

import re
from pathlib import Path

import pytest

DOC = (Path(__file__).parent.parent.parent / "docs" / "python-api.md").read_text()


def test_the_documented_example_plays_a_whole_game():
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.S)
    example = next(b for b in blocks if "while (p := dl.engine.pending(state)).actors" in b)
    scope: dict = {}
    exec(compile(example, "docs/python-api.md", "exec"), scope)  # noqa: S102  (our own documentation)
    assert scope["state"].scores is not None and len(scope["events"]) > 100


def _modules_after(statement: str) -> set[str]:
    """The ``domain.games`` modules a fresh interpreter has loaded after ``statement``."""
    import subprocess
    import sys

    code = f"{statement}\nimport sys\nprint(' '.join(m for m in sys.modules if m.startswith('domain.games')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_importing_the_kernel_loads_no_game():
    """``domain/__init__.py`` imports its names when first asked for: the kernel (and the service's game
    loader, before it is called) runs without a game loaded, as the import-linter contract says."""
    assert _modules_after("import domain, domain.kernel, domain.kernel.registry, domain.service.games") == set()
    assert "domain.games.dungeon_lords.engine" in _modules_after("import domain; domain.new_game")


def test_the_first_layout_names_still_work():
    import domain
    from domain import RuleViolation, games, new_game, pending
    from domain.games.dungeon_lords import engine

    assert (new_game, pending, domain.replay, domain.execute) == (
        engine.new_game,
        engine.pending,
        engine.replay,
        engine.execute,
    )
    assert games.get("dungeon_lords").new_game is not None and issubclass(RuleViolation, Exception)
    assert {"evolve", "advance", "decide"} <= set(dir(domain))
    with pytest.raises(AttributeError, match="no_such_name"):
        domain.no_such_name  # noqa: B018
