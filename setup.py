"""The optional mypyc build (docs/performance.md, "mypyc (option b of issue #35)").

Pure Python is the default install and the reference: without ``DL_MYPYC=1`` this file adds nothing. With it,
the hot modules below are compiled to C extensions by mypyc (it ships with mypy, the test extra)::

    DL_MYPYC=1 pip install --no-build-isolation -e '.[test]'

``--no-build-isolation``: mypyc type-checks the modules with the installed pydantic (its mypy plugin) and mypy;
an isolated build would have neither. Back to pure Python: ``pip install -e .`` again, or delete the ``*.so``
files next to the modules (an extension module shadows the ``.py`` of the same name).
"""

from __future__ import annotations

import os

from setuptools import setup

#: the rules' hot path by the profile of ``bench`` (kernel play loop, Dungeon Lords' phases, dungeon masks, the
#: strategy bots); pydantic models (events, commands, state, catalog) stay interpreted: mypyc cannot compile them
MYPYC_MODULES = [
    "domain/kernel/engine.py",
    "domain/kernel/play.py",
    "domain/games/dungeon_lords/dungeon.py",
    "domain/games/dungeon_lords/strategies.py",
    "domain/games/dungeon_lords/phases/actions.py",
    "domain/games/dungeon_lords/phases/combat.py",
    "domain/games/dungeon_lords/phases/common.py",
    "domain/games/dungeon_lords/phases/orders.py",
]

ext_modules = []
if os.environ.get("DL_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(MYPYC_MODULES, opt_level="3")

setup(ext_modules=ext_modules)
