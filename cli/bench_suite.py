"""``dungeon-lords bench --suite``: the benchmark suite of issue #35, one table per section.

A section is a function of the :class:`Settings` returning rows (dicts with the same keys), registered by
:func:`section` under a name (``--only NAME,...`` picks some): adding one is one function and its decorator
line. A section that cannot run here (no git checkout for ``engine``) returns one row with a ``note``.
Sections other work adds (``store``, ``state_at``, ``simulate``): register them here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .bench_startup import ROOT, commands, import_times

#: the commit the issue's ratios are measured against (issue #35's starting commit)
BASE = "a3e572c"
Rows = list[dict[str, Any]]


@dataclass(frozen=True)
class Settings:
    """``games``: games per measurement (before_after's games per round); ``rounds``: before_after's
    interleaved rounds; ``runs``: runs of each start-up command (the median is reported); ``base``: the
    revision the engine is compared with (None: skip that section); ``top``: import-time lines shown."""

    games: int = 8
    rounds: int = 5
    runs: int = 5
    base: str | None = BASE
    top: int = 12


SECTIONS: dict[str, tuple[str, Callable[[Settings], Rows]]] = {}


def section(name: str, title: str) -> Callable[[Callable[[Settings], Rows]], Callable[[Settings], Rows]]:
    """Register a section of the suite: ``name`` (for ``--only``) and the title its table prints."""

    def register(fn: Callable[[Settings], Rows]) -> Callable[[Settings], Rows]:
        SECTIONS[name] = (title, fn)
        return fn

    return register


def _note(text: str) -> Rows:
    return [{"note": text}]


def _script(name: str, *argv: str) -> dict[str, Any] | Rows:
    """The figures benchmarks/NAME prints with ``--json`` (a JSON object), or a note when the script is absent
    or fails."""
    script = ROOT / "benchmarks" / name
    if not script.exists():
        return _note(f"skipped: {script.name} is not in this tree")
    done = subprocess.run([sys.executable, str(script), *argv, "--json"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        return _note(f"failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def _no_base(s: Settings, name: str) -> Rows | None:
    """A note when the base revision cannot be checked out here (``--base none``, no git checkout, a shallow
    clone without it) to run benchmarks/NAME against; else None."""
    if s.base is None:
        return _note("skipped (--base none)")
    if not (ROOT / "benchmarks" / name).exists() or not (ROOT / ".git").exists():
        return _note(f"skipped: not a git checkout (needs {name} and git to check out {s.base})")
    known = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{s.base}^{{commit}}"], cwd=ROOT, capture_output=True
    )
    return _note(f"skipped: revision {s.base} is not in this checkout") if known.returncode != 0 else None


@section("engine", "Engine: CPU ms per game, the base revision against this tree (same run; ratio > 1: faster)")
def engine(s: Settings) -> Rows:
    """benchmarks/before_after.py's medians per workload (random 4p, strategies, Festival five_seasons, Monster Inn)."""
    missing = _no_base(s, "before_after.py")
    if missing:
        return missing
    figures = _script("before_after.py", s.base, "--games", str(s.games), "--rounds", str(s.rounds))
    if isinstance(figures, list):
        return figures
    return [
        {
            "workload": name,
            f"{s.base} ms": round(f["before"], 1),
            "now ms": round(f["now"], 1),
            "ratio": round(f["ratio"], 3),
        }
        for name, f in figures.items()
    ]


@section("simulate", "simulate end to end (play, store, project; 4p random, 2 workers): games per CPU s, base vs now")
def simulate(s: Settings) -> Rows:
    """benchmarks/simulate_e2e.py: ``dungeon-lords simulate`` as a user runs it, in each tree (the base checked out
    as for ``engine``), a fresh SQLite store each time, rounds alternated; the CPU of every process it starts."""
    games = max(2, 2 * s.games)
    got = _no_base(s, "simulate_e2e.py") or _script(
        "simulate_e2e.py", f"{s.base}", "--games", f"{games}", "--rounds", f"{s.rounds}"
    )
    if isinstance(got, list):
        return got
    keys = {"games_per_cpu_second": "games/CPU s", "games_per_second": "games/s wall", "cpu_seconds": "CPU s"}
    rows = [
        {"tree": t, **{k: round(got[d][f], 2) for f, k in keys.items()}}
        for d, t in (("before", s.base), ("now", "now"))
    ]
    return [
        *rows,
        {"tree": f"now / base, {games} games", "games/CPU s": round(got["ratio"]["games_per_cpu_second"], 3)},
    ]


@section("startup", "Start-up: each recorder command, wall seconds (median of the runs) and CPU seconds")
def startup(s: Settings) -> Rows:
    """cli.bench_startup.commands: status, options, log, orders, undo, act on a SQLite store with one game."""
    return commands(s.runs)


@section("imports", "import cli.main: total and self time by package (python -X importtime)")
def imports(s: Settings) -> Rows:
    """cli.bench_startup.import_times."""
    return import_times(s.top)


@section("replay", "Replay against the JSON-decode ceiling (Dungeon Lords, random 4p)")
def replay(s: Settings) -> Rows:
    """cli.bench.replay_rows, and replay's share of the ceiling's events per second."""
    from .bench import replay_rows

    rows = replay_rows(s.games, 4, ["random"] * 4)
    share = rows[0]["events_per_second"] / rows[1]["events_per_second"]
    return [*rows, {**dict.fromkeys(rows[0], ""), "mode": f"replay / ceiling: {share:.0%}"}]


@section("store", "Storing finished games (SQLite; PostgreSQL with DL_TEST_POSTGRES): events/s, before and bulk")
def store(s: Settings) -> Rows:
    """benchmarks/storing.py store: the issue's start (aggregates, eventsourcing's recorders) against the
    aggregates with the service's recorders and the bulk path, rotated round by round."""
    import os

    pg = os.environ.get("DL_TEST_POSTGRES")
    got = _script(
        "storing.py",
        "store",
        "--games",
        str(max(2, s.games)),
        "--rounds",
        str(s.rounds),
        *(["--postgres", pg] if pg else []),
    )
    if isinstance(got, list):
        return got
    return [{"store": k, **v} for k, v in got.items() if isinstance(v, dict)]


@section("state_at", "State at event N of a stored 4-player game: ms, replay from the start against snapshots")
def state_at(s: Settings) -> Rows:
    """benchmarks/storing.py state-at: ``state(game, version=N)`` with the head snapshot only, and with a
    snapshot every ``HISTORY_INTERVAL`` events (target: at most 5 ms)."""
    got = _script("storing.py", "state-at", "--repeat", str(max(3, s.runs)))
    if isinstance(got, list):
        return got
    return [{"event": n, **v} for n, v in got["at"].items()]


def run(settings: Settings, only: list[str] | None = None) -> dict[str, Rows]:
    """Each chosen section's rows, in registration order (``only`` None: every section).

    Raises:
        ValueError: a name in ``only`` that is no section."""
    unknown = [n for n in only or () if n not in SECTIONS]
    if unknown:
        raise ValueError(f"unknown section(s) {', '.join(unknown)}; the sections: {', '.join(SECTIONS)}")
    return {name: fn(settings) for name, (_, fn) in SECTIONS.items() if only is None or name in only}


def print_tables(figures: dict[str, Rows], console: Any) -> None:
    """One rich table per section, titled as registered."""
    from rich.table import Table

    for name, rows in figures.items():
        t = Table(title=f"{name}: {SECTIONS[name][0]}", title_justify="left")
        columns = list(dict.fromkeys(k for r in rows for k in r))
        for col in columns:
            t.add_column(
                col.replace("_", " "),
                justify="left" if col in ("note", "mode", "command", "package", "workload", "tree") else "right",
            )
        for r in rows:
            t.add_row(*[str(r.get(c, "")) for c in columns])
        console.print(t)
