"""The code's shape, checked like its behaviour: no import circle among our modules, no function in
``domain/`` above cyclomatic complexity 30 (``radon cc domain -n E`` prints nothing), and a docstring
on every public function of a game's ``phases/`` (issue 32).

The import graph is grimp's (import-linter's own), with every import counted: at module level, inside a
function, and under ``TYPE_CHECKING`` (a circle of type names is still a circle of meaning). A package's
``__init__`` counts as a module, so a package that imports its submodules while they import it back is a
circle too. To list the circles today: ``python tests/test_structure.py``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("domain", "projections", "analytics", "cli")

#: Circles tolerated while another change breaks them (none now: the check is strict): exactly these (the same set of
#: modules) and fails on any other, and on one of these once it is gone (then delete its line).
KNOWN_CIRCLES: set[frozenset[str]] = set()


def import_circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected components of more than one module (each
    module in one reaches every other), each sorted, in the order of their first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph.modules):  # Tarjan's algorithm, iterative (the graph has ~600 modules)
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, edges = work[-1]
            step = next((m for m in edges if m in graph.modules), None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.find_modules_directly_imported_by(step)))))
                elif step in on_stack:
                    low[module] = min(low[module], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, cache_dir=None)


def test_the_circle_finder_finds_a_circle_and_only_circles():
    g = grimp.ImportGraph()
    for m in ("a", "b", "c", "d"):
        g.add_module(m)
    g.add_import(importer="a", imported="b")
    g.add_import(importer="b", imported="c")
    g.add_import(importer="c", imported="a")
    g.add_import(importer="c", imported="d")  # d is reached from the circle but does not reach it
    assert import_circles(g) == [["a", "b", "c"]]
    g.remove_import(importer="c", imported="a")
    assert import_circles(g) == []


def test_no_import_circle_but_the_known_ones(graph):
    circles = {frozenset(c) for c in import_circles(graph)}
    new = circles - KNOWN_CIRCLES
    assert not new, "import circles: " + "; ".join(" <-> ".join(sorted(c)) for c in new)
    gone = KNOWN_CIRCLES - circles
    assert not gone, "broken circles still in KNOWN_CIRCLES (delete them): " + "; ".join(
        " <-> ".join(sorted(c)) for c in gone
    )


#: Functions above 30 tolerated by name while another change splits them (none now: the check is strict); the
#: check fails once a listed one is no longer reported by radon (then delete its line).
KNOWN_COMPLEX: set[tuple[str, str]] = set()


def too_complex() -> set[tuple[str, str]]:
    """``radon cc domain -n E`` (ranks E and F: cyclomatic complexity 31 and above), as (file, function)."""
    out = subprocess.run(
        [sys.executable, "-m", "radon", "cc", "domain", "-n", "E"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    found, path = set(), ""
    for line in out.splitlines():
        if not line.startswith(" "):
            path = line.strip()
        elif line.strip():  # "    F 221:0 build_state - F" ("M 106:4 Auditor.audit - E" for a method)
            found.add((path, line.split()[2]))
    return found


def test_no_function_in_domain_above_complexity_30():
    found = too_complex()
    new = found - KNOWN_COMPLEX
    assert not new, "split these by what each part decides: " + ", ".join(f"{f} {n}" for f, n in sorted(new))
    gone = KNOWN_COMPLEX - found
    assert not gone, "no longer above 30 (delete them from KNOWN_COMPLEX): " + ", ".join(f"{f} {n}" for f, n in gone)


def _undocumented(path: Path) -> list[str]:
    """The public (module-level, not ``_``-named) functions of ``path`` without a docstring, as ``name:line``."""
    return [
        f"{node.name}:{node.lineno}"
        for node in ast.parse(path.read_text(), str(path)).body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and not node.name.startswith("_")
        and not ast.get_docstring(node)
    ]


def test_every_public_function_of_the_phases_has_a_docstring():
    files = sorted((ROOT / "domain" / "games").glob("*/phases/*.py"))
    assert len(files) >= 8  # the check reads the files (Dungeon Lords has 8 phase modules today)
    missing = [f"{f.relative_to(ROOT)} {name}" for f in files for name in _undocumented(f)]
    assert not missing, "public functions of phases/ without a docstring:\n" + "\n".join(missing)


def test_the_docstring_check_sees_a_missing_docstring(tmp_path):
    f = tmp_path / "phase.py"
    f.write_text('def shown(state):\n    return 1\n\n\ndef told(state):\n    """Told."""\n\n\ndef _own():\n    pass\n')
    assert _undocumented(f) == ["shown:1"]


if __name__ == "__main__":
    for circle in import_circles(grimp.build_graph(*PACKAGES, cache_dir=None)):
        print(" <-> ".join(circle))
