"""Project-wide test options: ``--spec-items`` lists the Festival Season spec items the collected tests
check (their ``@pytest.mark.spec(...)`` ids) and how many there are."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--spec-items", action="store_true", help="list the spec items the collected tests check")


def pytest_collection_finish(session: pytest.Session) -> None:
    if not session.config.getoption("--spec-items"):
        return
    items: dict[str, set[str]] = {}
    for test in session.items:
        for mark in test.iter_markers("spec"):
            for item in mark.args:
                items.setdefault(item, set()).add(test.originalname)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    for item in sorted(items):
        reporter.write_line(f"{item}: {', '.join(sorted(items[item]))}")
    reporter.write_line(f"{len(items)} spec items checked by {len({t for v in items.values() for t in v})} tests")
