"""Project-wide test options: ``--spec-items`` lists the Festival Season spec items the collected tests
check (their ``@pytest.mark.spec(...)`` ids) and how many there are; ``--heavy`` runs the tests marked
``heavy`` (runs of thousands of games, minutes each: run before resolving an issue, not on every CI run)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--spec-items", action="store_true", help="list the spec items the collected tests check")
    parser.addoption("--heavy", action="store_true", help="also run the tests marked heavy (thousands of games)")


def compiled_build() -> bool:
    """Whether the rules run compiled (``python benchmarks/compiled.py build``): an extension module then
    shadows the kernel's engine module, and the rest of the build's modules with it."""
    from domain.kernel import engine

    return not (engine.__file__ or "").endswith(".py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if compiled_build():  # compiled code calls its functions directly: a test that swaps one sees no change
        pure = pytest.mark.skip(reason="pure Python only: the compiled build (benchmarks/compiled.py) is in use")
        for item in items:
            if "pure_python" in item.keywords:
                item.add_marker(pure)
    if config.getoption("--heavy"):
        return
    skip = pytest.mark.skip(reason="a heavy run (thousands of games): pytest --heavy -m heavy")
    for item in items:
        if "heavy" in item.keywords:
            item.add_marker(skip)


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


@pytest.fixture
def pg_store() -> Iterator[str]:
    """A store spec on a fresh schema of DL_TEST_POSTGRES (dropped afterwards)."""
    dsn = os.environ.get("DL_TEST_POSTGRES")
    if not dsn:
        pytest.skip("set DL_TEST_POSTGRES=postgresql://user@host:port/db to run the PostgreSQL tests")
    import psycopg

    schema = f"workers_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(dsn, autocommit=True) as c:
        c.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{dsn}?schema={schema}"
    finally:
        with psycopg.connect(dsn, autocommit=True) as c:
            c.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(autouse=True)
def _each_test_reads_english_first() -> Iterator[None]:
    """The reader's language is a context variable the CLI sets once per run (``--lang``, ``DL_LANG``, the
    locale); in-process runs would leave it set for the next test: every test starts in English."""
    from cli.i18n import DEFAULT, LANG

    token = LANG.set(DEFAULT)
    yield
    LANG.reset(token)
