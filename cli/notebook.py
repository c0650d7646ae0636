"""The analytics from Python (a notebook): the named questions and the read models as Arrow tables, caught up
first, each with its warnings, scope and provenance (docs/python-api.md, docs/notebook.ipynb).

    from cli.notebook import ask, meta, read_model
    table = ask("win_rate_by_strategy", store="games.sqlite", players=4, variant="full")
    meta(table)["warnings"], meta(table)["scope"]      # what `stats` prints on standard error, and the n in scope
    table.to_pandas(); polars.from_arrow(table)

Each call opens the store, catches the read models up if anything is new (the one moment it writes, waiting up to
``wait`` seconds for another writer), answers from a read-only connection and lets go of the file: a notebook never
holds ``analytics.duckdb`` between calls, so the CLI is never kept waiting by it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from analytics.api import meta

__all__ = ["ask", "meta", "questions", "read_model", "read_models"]


def _engine() -> str:
    from importlib.metadata import version

    return f"dungeon-lords {version('dungeon-lords')}"


@contextmanager
def _read_models(store: str | None, wait: float) -> Iterator[Any]:
    """The read models of ``store`` (``DL_STORE`` or the default when None), read-only: current, or caught up
    first (on a copy swapped in: projections.swap), or, while another process writes them, as published (the
    ``Reading`` says how far behind). Closed on leaving."""
    import os

    from domain.service.application import GameService
    from domain.service.storage import store_env
    from projections import AnalyticsBusy, analytics_path
    from projections.runner import Projector
    from projections.swap import read_models

    store = store if store is not None else os.environ.get("DL_STORE")
    app = GameService.open(store)
    try:
        found = read_models(app, analytics_path(store_env(store)), lambda con: Projector(app, con).run(), wait)
    except AnalyticsBusy as exc:
        raise RuntimeError(str(exc)) from None
    try:
        yield found
    finally:
        found.con.close()


def _behind(table: Any, found: Any) -> Any:
    """``table`` with a warning that the read models were ``found.behind`` events behind (another process was
    writing them), as `stats` prints it."""
    import json

    from projections.swap import BEHIND

    if not found.behind:
        return table
    raw = dict(table.schema.metadata or {})
    said = json.loads(raw.get(b"warnings", b"[]"))
    raw[b"warnings"] = json.dumps([BEHIND.format(n=found.behind), *said]).encode()
    return table.replace_schema_metadata(raw)


def _params(con, question: str, filters: dict[str, Any]) -> dict[str, Any]:
    """``filters`` (the options of `stats`, as keywords; lists for the comma-separated ones) as the question's
    parameters, checked as the CLI checks them (ValueError with the CLI's message)."""
    from .errors import UserError
    from .filters import question_params

    given = {k: ",".join(map(str, v)) if isinstance(v, list | tuple) else v for k, v in filters.items()}
    game = given.pop("game", None)  # None: the registry's default game
    pooled = bool(given.pop("pooled", False))
    given["derived"] = bool(given.pop("derived_strategy", given.pop("derived", False)))
    unknown = set(given) - {"ruleset", "variant", "players", "origin", "since", "until", "strategy", "derived"}
    if unknown:
        raise TypeError(f"ask takes the filters of `stats`, not {', '.join(sorted(unknown))}")
    try:
        return question_params(con, question, game, pooled, **given)
    except UserError as exc:
        raise ValueError(str(exc)) from None


def ask(question: str, *, store: str | None = None, wait: float = 60.0, **filters: Any) -> Any:
    """The answer of a named question (``dungeon-lords stats`` lists them) as a ``pyarrow.Table``, after
    catching the read models up.

    Args:
        question: the question's name, e.g. ``"win_rate_by_strategy"``.
        store: as ``--store`` (a SQLite path, ``postgresql://...``); None: ``DL_STORE`` or the default store.
        wait: seconds to wait for another process that is writing the read models (only when catching up).
        **filters: the filters of ``stats``: ``game`` (a registered game's name, ``-`` or ``_``; default: the
            registry's default game),
            ``ruleset``, ``variant``, ``origin``, ``strategy`` (a string, comma-separated, or a list),
            ``players`` (int), ``since``/``until`` (ISO 8601, UTC), ``derived_strategy`` and ``pooled`` (bool).

    Returns:
        a ``pyarrow.Table``, one row per answer row, the question's columns; its schema metadata holds the
        provenance, the warnings and the scope (``meta(table)``: ``question``, ``filters``, ``store_id``,
        ``head_notification``, ``head_digest``, ``engine``, ``created_at`` (UTC), ``warnings`` (list of text),
        ``scope`` (``{"games": N, "seats": M}``)). ``.to_pandas()``, ``polars.from_arrow(table)``.

    Raises:
        KeyError: no such question; TypeError: an unknown filter; ValueError: a filter the CLI refuses (the same
        message); projections.ReadModelsOfAnotherStore: the read models went on from another copy of the store
        (run ``dungeon-lords project --rebuild``); RuntimeError: another process kept writing them for ``wait``
        seconds.
    """
    from analytics import QUESTIONS
    from analytics.api import answer

    if question not in QUESTIONS:
        raise KeyError(f"no question named {question!r}; the questions are: {', '.join(QUESTIONS)}")
    with _read_models(store, wait) as found:
        con = found.con
        return _behind(answer(con, question, _params(con, question, filters), engine=_engine()), found)


def read_model(name: str, *, store: str | None = None, wait: float = 60.0) -> Any:
    """Read model ``name`` (``read_models()`` lists them; ``dungeon-lords stats --schema`` documents their
    columns) whole, as a ``pyarrow.Table`` with its provenance (``meta``), after catching up. Times are
    UTC with their zone, JSON payloads text; ``player_results``/``mi_results`` carry ``finished`` and
    ``archived`` (archived games' seats are in, flagged).

    Raises:
        ValueError: no such read model; the errors of :func:`ask` about the store.
    """
    from analytics.api import read_model as arrow_of
    from projections.schema import TABLES

    if name not in TABLES:
        raise ValueError(f"no read model named {name!r}; they are: {', '.join(TABLES)}")
    with _read_models(store, wait) as found:
        return _behind(arrow_of(found.con, name, engine=_engine()), found)


def read_models() -> list[str]:
    """The read models' names, in the order ``stats --schema`` prints them."""
    from projections.schema import TABLES

    return list(TABLES)


def questions() -> dict[str, str]:
    """The named questions: name -> what it answers."""
    from analytics import QUESTIONS

    return {name: q.description for name, q in QUESTIONS.items()}
