"""The optional compiled build (mypyc, issue #35 option b): the kernel's play loop and the game rules as C
extensions, built in place next to their ``.py`` files. Pure Python stays the default install and the reference;
an extension module shadows the ``.py`` of the same name, so ``clean`` returns the tree to pure Python::

    pip install -e '.[test]'                 # mypyc ships with mypy (the test extra); gcc or clang must be installed
    python benchmarks/compiled.py build      # compile MODULES (a few CPU minutes; see docs/performance.md)
    python benchmarks/compiled.py status     # which modules are compiled now
    python benchmarks/compiled.py clean      # delete the *.so files and build/: pure Python again

The build type-checks the modules with the installed mypy and the project's ``[tool.mypy]`` settings (the
pydantic plugin included), then compiles one C library for the group (C files in ``build/``; the library is
``domain/compiled__mypyc*.so``, inside the package so that an editable install finds it; one small ``.so``
per module imports it). ``*.so`` and ``build/`` are in ``.gitignore``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KERNEL = "domain/kernel"
DL = "domain/games/dungeon_lords"

#: what is compiled: the play loop and the rules a bot game runs through (by a profile of random and strategy
#: 4-player games). Left interpreted: the pydantic models (events, commands, catalog models: their validation is
#: pydantic-core's C already), modules tests monkeypatch, and everything the CLI, the service and the read
#: models use (I/O-bound or run once).
MODULES = [
    f"{KERNEL}/engine.py",
    f"{KERNEL}/play.py",
    f"{KERNEL}/pending.py",
    f"{DL}/flow.py",
    f"{DL}/engine.py",
    f"{DL}/state.py",
    f"{DL}/dungeon.py",
    f"{DL}/bots.py",
    f"{DL}/strategies.py",
    f"{DL}/tactics.py",
    # every module of the fold, the phases and the locations (their packages' __init__ stay interpreted)
    *(
        f"{DL}/{package}/{module.name}"
        for package in ("evolve", "phases", "actions")
        for module in sorted((ROOT / DL / package).glob("*.py"))
        if module.name != "__init__.py"
    ),
]


def compiled() -> list[Path]:
    """The extension modules in the tree (outside the virtual environment)."""
    return sorted(p for p in ROOT.rglob("*.so") if ".venv" not in p.parts and "build" not in p.parts)


def clean(keep_build: bool = False) -> None:
    """Delete the extension modules (and ``build/``, mypyc's C files and the objects, unless kept)."""
    for path in compiled():
        path.unlink()
    if not keep_build:
        shutil.rmtree(ROOT / "build", ignore_errors=True)
        print("pure Python: no compiled module left")


SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
extensions = mypycify(sys.argv[2:], opt_level="3", multi_file=True, group_name="domain.compiled")
for extension in extensions:  # multi_file writes the group's headers under build/domain/, its C files in build/
    extension.include_dirs.append("build/domain")
setup(name="dl-compiled", ext_modules=extensions, script_args=["-q", "build_ext", "--inplace", "-j", sys.argv[1]])
"""


def build(jobs: int) -> int:
    clean(keep_build=True)  # a module left out of MODULES must not stay compiled
    start = time.monotonic()
    cpu = os.times()
    result = subprocess.run([sys.executable, "-c", SETUP, str(jobs), *MODULES], cwd=ROOT)
    after = os.times()
    children = (after.children_user - cpu.children_user) + (after.children_system - cpu.children_system)
    print(
        f"{len(MODULES)} modules: {len(compiled())} extension files, {time.monotonic() - start:.0f} s wall, "
        f"{children:.0f} s CPU"
    )
    return result.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["build", "clean", "status", "modules"])
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="C files compiled at once")
    args = parser.parse_args()
    if args.command == "build":
        return build(args.jobs)
    if args.command == "clean":
        clean()
    elif args.command == "modules":
        print("\n".join(MODULES))
    else:
        found = compiled()
        print("\n".join(str(p.relative_to(ROOT)) for p in found) or "pure Python: no compiled module")
    return 0


if __name__ == "__main__":
    sys.exit(main())
