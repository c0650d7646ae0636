"""The read models for a command (projections.swap): to read them (current; caught up; or, while another process
writes them, as they stand, with a warning saying how far behind) or to write them (a copy, swapped in). No
command holds a write lock on the file readers open: a notebook's read-only connection and `stats` coexist.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .consoles import err_console
from .context import ANALYTICS_WAIT, _app
from .errors import AFTER_COMMAND, UserError


def _note(text: str) -> None:
    err_console.print(f"note: {text}", markup=False)


def _path(store: str | None) -> str:
    from domain.service.storage import store_env
    from projections import analytics_path

    return analytics_path(store_env(store))


def reading(store: str | None, application: Any = None, quiet: bool = True, wait: float = ANALYTICS_WAIT) -> Any:
    """The read models of ``store``, caught up, to read (``projections.swap.Reading``: ``con``, closed when the
    command ends; ``behind``; ``caught_up``: cli.analytics_cmds.catch_up's figures, None when nothing was
    projected). Behind while another process writes them: a warning on standard error, and the answer from
    what is published (a reader never waits for a writer when there is something to read).

    Raises:
        UserError (exit 5): nothing to read yet and another process kept writing for ``wait`` seconds.
    """
    from projections import AnalyticsBusy
    from projections.swap import BEHIND, read_models

    from .analytics_cmds import catch_up

    application = application if application is not None else _app(store)
    try:
        found = read_models(application, _path(store), lambda con: catch_up(application, con, quiet=quiet), wait, _note)
    except AnalyticsBusy as exc:
        raise UserError(str(exc), 5) from None
    AFTER_COMMAND.append(found.con.close)
    if found.behind:
        err_console.print(f"warning: {BEHIND.format(n=found.behind)}", markup=False, highlight=False)
    return found


def writing(
    store: str | None,
    work: Callable[[Any], Any],
    wait: float = ANALYTICS_WAIT,
    rebuild: bool = False,
    application: Any = None,
) -> Any:
    """``work(con)`` on a writable copy of the read models of ``store``, swapped in when it returns (under the
    writers' lock, waited for up to ``wait`` seconds; ``rebuild``: every read model dropped first). Returns what
    ``work`` returns. ``application``: the store's, to write in place when that is cheaper (projections.swap).

    Raises:
        UserError (exit 5): another process kept writing them for ``wait`` seconds.
    """
    from projections import AnalyticsBusy
    from projections.swap import update

    try:
        return update(_path(store), work, wait, _note, rebuild, application)
    except AnalyticsBusy as exc:
        raise UserError(str(exc), 5) from None


def current_position(store: str | None, application: Any) -> int | None:
    """The notification the read models of ``store`` are at when they are current (a file), else None."""
    from projections import open_current
    from projections.runner import stored_position

    con = open_current(application, _path(store))
    if con is None:
        return None
    try:
        return stored_position(con)
    finally:
        con.close()


def exists(store: str | None) -> bool:
    """Whether the read models of ``store`` are a file that exists."""
    from pathlib import Path

    path = _path(store)
    return path != ":memory:" and Path(path).exists()
