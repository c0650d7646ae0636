"""The CLI's one error boundary: every error becomes one line on stderr and a documented exit code.

| code | meaning | what to do |
|---|---|---|
| 0 | done | |
| 1 | findings: `audit` found something | read them |
| 2 | usage or malformed input (a bad option, an unknown game id, JSON that is not a command, a bad record) | correct the input |
| 3 | conflict: someone else recorded into the game meanwhile; nothing of yours was stored | look again and re-enter |
| 4 | refused by the rules (the code, the message and the rule are printed) | enter a legal input (`options`) |
| 5 | store or I/O failure (the store cannot be opened, read or written; the disk is full) | fix the store or the path |
| 6 | internal error: a bug in the engine; nothing half-stored | report it with the command you ran |
| 130 | interrupted (Ctrl-C); nothing half-stored | |

No traceback ever reaches a user. The table is also in README.md and docs/cli.md.
"""

from __future__ import annotations

import functools
import sqlite3
from typing import Any

import typer

from .consoles import err_console
from .faults import GAMES_IN_USE, damaged_log, read_models_fault
from .i18n import N_, _

OK, FINDINGS, USAGE, CONFLICT, REFUSED, STORE, INTERNAL, INTERRUPTED = 0, 1, 2, 3, 4, 5, 6, 130
MALFORMED = {
    "COMMAND_MALFORMED",
    "SCENARIO_INVALID",
    "SETUP_INVALID",
}  # rule violations that are really malformed input


#: the domain's English for a store that cannot be, said again in the reader's language (cli.refusal_i18n.reworded)
NO_STORE = N_("cannot store games in {path}: the directory {folder} does not exist")


class UserError(Exception):
    """A problem with the user's input or environment that is not a rule violation (exit code given)."""

    def __init__(self, message: str, code: int = USAGE):
        super().__init__(message)
        self.code = code


def _one_line(text: Any) -> str:
    from domain.kernel.text import printable  # an error may quote what was typed: never raw escape codes

    return printable(" ".join(str(text).split()))


def _store_error(exc: BaseException) -> bool:
    from eventsourcing.persistence import PersistenceError

    try:
        import duckdb

        duck: tuple[type[BaseException], ...] = (duckdb.IOException,)
    except ImportError:  # pragma: no cover
        duck = ()
    return isinstance(exc, (PersistenceError, sqlite3.Error, OSError, *duck))


def report(exc: BaseException) -> int:
    """Print ``exc`` as the user should see it (stderr, one line or a short block) and return the exit code."""
    if type(exc).__module__.startswith("domain"):  # the engine is imported only when it raised
        from domain.kernel.errors import RuleViolation
        from domain.service.application import GameConflict, GameNotFound
    else:
        RuleViolation = GameConflict = GameNotFound = ()  # noqa: N806  (no engine error can be raised here)
    if isinstance(exc, RuleViolation):
        from .refusal_i18n import translate_refusal  # the reader's language (DL_LANG; English by default)

        code = USAGE if exc.code in MALFORMED else REFUSED
        shown = translate_refusal(exc)
        err_console.print(
            f"refused: {exc.code}\n  {_one_line(shown['message'])}\n  rule: {shown['rule']}",
            highlight=False,
            markup=False,
        )
        return code
    if isinstance(exc, GameConflict):
        err_console.print(f"conflict: {_one_line(exc)}", highlight=False, markup=False)
        return CONFLICT
    if isinstance(exc, GameNotFound):
        err_console.print(f"not found: {_one_line(exc)}", highlight=False, markup=False)
        return USAGE
    if type(exc).__name__ in ("StoreRefused", "ReadModelsOfAnotherStore", "StoredEventDamaged"):  # the store
        err_console.print(f"store error: {_one_line(exc)}", highlight=False, markup=False)
        return STORE
    if isinstance(exc, UserError):  # its message is in the reader's language where it was raised
        err_console.print(_("error: {message}").format(message=_one_line(exc)), highlight=False, markup=False)
        return exc.code
    if isinstance(exc, BrokenPipeError):  # the reader went away (`... | head`): nothing to say
        import os
        import sys

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return OK
    if isinstance(exc, KeyboardInterrupt):
        err_console.print("interrupted: nothing half-stored (each input is one atomic append)")
        return INTERRUPTED
    if isinstance(exc, OSError) and exc.filename and "No space left" not in str(exc):
        said = _("error: cannot use {file}: {why}").format(file=exc.filename, why=exc.strerror or exc)
        err_console.print(said, highlight=False, markup=False)
        return STORE
    fault = read_models_fault(exc)
    if fault:
        err_console.print(f"store error: {fault}", highlight=False, markup=False)
        return STORE
    if _store_error(exc):
        what = "the disk is full" if "No space left" in str(exc) or "full" in str(exc).lower() else _one_line(exc)
        err_console.print(
            f"store error: {what}. Check the store path (--store / DL_STORE), its permissions and the free space.",
            highlight=False,
            markup=False,
        )
        return STORE
    if not isinstance(exc, UserError | OSError | RecursionError) and (
        type(exc).__module__.startswith("pydantic") or not isinstance(exc, ValueError)
    ):
        damage = damaged_log()  # a replay that failed on an edited or damaged stored log is not a bug
        if damage:
            err_console.print(f"store error: {damage}", highlight=False, markup=False)
            return STORE
    if isinstance(exc, RecursionError):
        err_console.print(
            _("error: the input is nested too deeply to be a command, record or scenario"), highlight=False
        )
        return USAGE
    if isinstance(exc, ValueError):  # a bad --store spec, --at outside the log, ...
        from .refusal_i18n import reworded  # (English: as it is, Babel not imported)

        said = _("error: {message}").format(message=reworded(_one_line(exc)))
        err_console.print(said, highlight=False, markup=False)
        return USAGE
    err_console.print(
        f"internal error: {type(exc).__name__}: {_one_line(exc)}. This is a bug: please report it "
        "with the command you ran (nothing was half-stored).",
        highlight=False,
        markup=False,
    )
    return INTERNAL


AFTER_COMMAND: list = []  # callables run when a command ends (closing connections it opened)


def handled(fn):
    """Wrap a command: user errors and faults become one line and an exit code (see the table above)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return _run(fn, args, kwargs)
        finally:
            GAMES_IN_USE.clear()
            while AFTER_COMMAND:
                try:
                    AFTER_COMMAND.pop()()
                except Exception:  # noqa: BLE001  (closing what is already broken)
                    pass

    return wrapper


def _run(fn, args, kwargs):
    try:
        return fn(*args, **kwargs)
    except (typer.Exit, typer.Abort, typer.TyperException):  # typer's own usage errors: exit 2
        raise
    except BaseException as exc:  # noqa: BLE001  (the boundary: nothing passes as a traceback)
        if isinstance(exc, SystemExit):
            raise
        raise typer.Exit(report(exc)) from None
