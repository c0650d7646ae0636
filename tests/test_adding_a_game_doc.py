"""docs/adding-a-game.md's examples, run: its ``python`` blocks in order in one namespace (the toy game
registered in this process for the test only), then its ``sh`` blocks in one shell with the toy game on the
path, a store of the test's own and the ``dungeon-lords`` command of this environment."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from domain.kernel import registry
from domain.service.aggregate import AGGREGATES

ROOT = Path(__file__).parent.parent
DOC = (ROOT / "docs" / "adding-a-game.md").read_text()


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, flags=re.S)


def test_the_python_blocks_run():
    assert len(blocks("python")) >= 2
    namespace: dict = {}
    try:
        for code in blocks("python"):
            exec(compile(code, "docs/adding-a-game.md", "exec"), namespace)
    finally:  # the other tests of this process see the shipped games only
        registry.GAMES.pop("high_card", None)
        AGGREGATES.pop("high_card", None)


def test_the_shell_blocks_run(tmp_path):
    script = "set -euo pipefail\n" + "\n".join(blocks("sh"))
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "tests"), str(ROOT)]),
        "DL_STORE": str(tmp_path / "games.sqlite"),
        "COLUMNS": "200",
    }
    result = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == "6"  # the game made, its import, four simulated
