"""Start-up of the commands a recorder types, and where ``import cli.main`` spends its time:

    python benchmarks/startup.py [--runs 5] [--top 12] [--tree PATH] [--json]   # or: dungeon-lords bench --suite

``commands(runs)``: each of ``status``, ``options``, ``log``, ``orders``, ``act``, ``undo`` run as a user runs
it (the ``dungeon-lords`` console script next to this Python, else ``python -m cli.main``) on a fresh SQLite
store holding one digital Dungeon Lords game; wall seconds per command, the median of ``runs`` runs (each
run enters one input and takes it back, so the game stays where it was). ``import_times(top)``: ``python
-X importtime -c "import cli.main"``: the total, then the self time summed by package (the first two words
of a module's name, three under ``domain.games``), the ``top`` largest. Wall-clock figures: the machine's
load moves them (say it next to them); the import breakdown moves less.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the checkout (installed: the directory holding cli/)
#: the commands a recorder types, in the order one round runs them ({g}: the game's id)
RECORDER = [
    ("status", ["status", "{g}"]),
    ("options", ["options", "{g}"]),
    ("log", ["log", "{g}"]),
    ("orders", ["orders", "{g}", "red", "1", "2", "3"]),
    ("undo", ["undo", "{g}"]),
    ("act", ["act", "{g}", "--pick", "1"]),
    ("undo", ["undo", "{g}"]),
]


def _env(store: str, tree: Path) -> dict[str, str]:
    """The commands' environment: ``tree`` first on the path, a store of our own, English, and bytecode
    caching on (an installed program has its ``.pyc`` files: compiling the sources would be timed too)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DL_") and k != "PYTHONDONTWRITEBYTECODE"}
    env.update(DL_STORE=store, PYTHONPATH=str(tree), DL_LANG="en")
    return env


def _children_cpu() -> float:
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def commands(runs: int = 5, tree: Path = ROOT) -> list[dict[str, object]]:
    """Rows ``{"command", "runs", "median_s", "min_s", "cpu_s"}``: wall seconds of each recorder command run
    as ``python -m cli.main`` in ``tree`` (what the ``dungeon-lords`` script runs), start to exit, median and
    fastest of ``runs``; ``cpu_s``: the median CPU seconds (user and system) of the command's process.

    Raises:
        RuntimeError: a command failed (its stderr in the message)."""
    cli = [sys.executable, "-m", "cli.main"]
    with tempfile.TemporaryDirectory() as tmp:
        env = _env(f"sqlite:///{Path(tmp) / 'games.sqlite'}", tree)
        made = subprocess.run([*cli, "new", "--seed", "3"], env=env, capture_output=True, text=True, cwd=tree)
        if made.returncode != 0:
            raise RuntimeError(f"new: {made.stderr.strip()}")
        gid = made.stdout.split()[-1]
        seconds: dict[str, list[float]] = {name: [] for name, _ in RECORDER}
        cpu: dict[str, list[float]] = {name: [] for name, _ in RECORDER}
        for _ in range(runs):
            for name, words in RECORDER:
                argv = [*cli, *(w.format(g=gid) for w in words)]
                start, spent = time.perf_counter(), _children_cpu()
                done = subprocess.run(argv, env=env, capture_output=True, text=True, cwd=tree)
                seconds[name].append(time.perf_counter() - start)
                cpu[name].append(_children_cpu() - spent)
                if done.returncode != 0:
                    raise RuntimeError(f"{' '.join(words)}: exit {done.returncode}: {done.stderr.strip()}")
    return [
        {
            "command": name,
            "runs": len(s),
            "median_s": round(statistics.median(s), 3),
            "min_s": round(min(s), 3),
            "cpu_s": round(statistics.median(cpu[name]), 3),
        }
        for name, s in seconds.items()
    ]


def _package(module: str) -> str:
    words = module.split(".")
    return ".".join(words[:3] if words[:2] == ["domain", "games"] else words[:2])


def import_times(top: int = 12, module: str = "cli.main", tree: Path = ROOT) -> list[dict[str, object]]:
    """Rows ``{"package", "self_ms"}``: ``python -X importtime -c "import MODULE"`` in ``tree`` (after one
    untimed import that writes the bytecode caches), the first row ``total`` (the cumulative time of MODULE),
    then the ``top`` packages by summed self time."""
    argv, env = [sys.executable, "-X", "importtime", "-c", f"import {module}"], _env("memory", tree)
    subprocess.run(argv, env=env, capture_output=True, cwd=tree, check=True)
    done = subprocess.run(argv, env=env, capture_output=True, text=True, cwd=tree, check=True)
    self_us: Counter[str] = Counter()
    total = 0
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, cumulative, name = (p.strip() for p in line.removeprefix("import time:").split("|"))
        self_us[_package(name)] += int(own)
        if name == module:
            total = int(cumulative)
    rows: list[dict[str, object]] = [{"package": f"total: import {module}", "self_ms": round(total / 1000, 1)}]
    rows += [{"package": p, "self_ms": round(us / 1000, 1)} for p, us in self_us.most_common(top)]
    return rows
