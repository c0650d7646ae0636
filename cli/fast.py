"""The read models without the engine, when they are already caught up: `stats` on a SQLite store then
opens no event-store library and imports no rule (start-up in a quarter of a second, not most of one).

Taken only when everything is certain: the store is a SQLite file (as ``--store`` / ``DL_STORE`` or the
default) holding a store identity, the read models beside it were projected from that store, in today's
shape, up to the store's last notification, and that notification is the event they applied (its stream,
number and stored bytes: a copy of the store that went on is not taken for this one). The read models are
opened read-only, so a notebook's read-only connection (another process) does not keep it waiting. Anything
else (PostgreSQL, memory, a store with new events, a missing or foreign file) returns None and the command
takes the usual way, which catches up.

:func:`answer` goes one step further for the most common call, ``dungeon-lords stats NAME`` with the
filters and ``--json``, read in English (:func:`english_stats`; another language takes the usual way):
cli/main.py asks it before typer (and the pydantic it builds every option with) is imported, and it answers
as the typer command would. Any other option, ``--help``, a value it is not sure of, a question it does not
know or read models behind: None, and the usual way takes over (and says what is wrong).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

#: what domain.service.storage accepts as a SQLite file, and the store identity's table
#: (domain.service.application.IDENTITY_TABLE; tests/analytics/test_analytics_trust.py keeps them equal)
SQLITE_SUFFIXES = (".sqlite", ".sqlite3", ".db")
IDENTITY_TABLE = "dungeonlords_store"


def sqlite_file(store: str | None) -> Path | None:
    """The SQLite file a store spec names (None: not a SQLite file store)."""
    if store is None:
        import platformdirs

        return Path(platformdirs.user_data_dir("dungeon-lords")) / "games.sqlite"
    spec = store.strip()
    if spec.startswith("sqlite://"):
        spec = spec[len("sqlite://") :]
    elif not spec.lower().endswith(SQLITE_SUFFIXES) or spec.startswith(("postgres", "memory")):
        return None
    return Path(spec).expanduser().resolve() if spec else None


def caught_up(store: str | None):
    """An open DuckDB connection to the read models of ``store`` when they are caught up with it, else None."""
    path = sqlite_file(store)
    if path is None or not path.is_file():
        return None
    models = path.parent / "analytics.duckdb"
    if not models.is_file():
        return None
    try:
        events = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            head = events.execute("SELECT max(rowid) FROM stored_events").fetchall()[0][0] or 0
            identity = events.execute(f"SELECT id FROM {IDENTITY_TABLE}").fetchall()
            last = events.execute(
                "SELECT originator_id, originator_version, state FROM stored_events WHERE rowid = ?", [head]
            ).fetchall()
        finally:
            events.close()
    except sqlite3.Error:
        return None
    if len(identity) != 1 or len(last) != 1:
        return None
    import duckdb

    from projections.schema import SCHEMA_VERSION

    try:  # read-only: a notebook's read-only connection (another process) and this one coexist (issue #31)
        con = duckdb.connect(str(models), read_only=True)
    except duckdb.Error:  # (held by a writer, or damaged: the usual way waits, or says what is wrong)
        return None
    try:
        version = con.execute("SELECT version FROM projection_schema").fetchall()
        position = con.execute("SELECT max(position) FROM projection_tracking").fetchall()[0][0]
        bound = con.execute("SELECT store_id FROM projection_store").fetchall()
        recorded = con.execute("SELECT originator_id, originator_version, digest FROM projection_head").fetchall()
    except duckdb.Error:
        con.close()
        return None
    if (
        version == [(SCHEMA_VERSION,)]
        and position == head
        and bound == [(str(identity[0][0]),)]
        and recorded == [_head_of(*last[0])]  # the same event as projected, not a copy's that went on
    ):
        return con
    con.close()
    return None


def _head_of(originator_id: str, version: int, state: bytes) -> tuple[str, int, str]:
    """A stored row as projections.runner.head_of reads its notification."""
    import hashlib
    from uuid import UUID

    return str(UUID(originator_id)), int(version), hashlib.sha256(state).hexdigest()


#: the options of `stats` the fast way reads (option -> the parameter of cli.filters.question_params)
VALUED = {"--game": "game", "--ruleset": "ruleset", "--variant": "variant", "--players": "players"}
VALUED |= {"--origin": "origin", "--since": "since", "--until": "until", "--strategy": "strategy", "--store": "store"}
FLAGS = {"--derived-strategy": "derived", "--pooled": "pooled", "--json": "as_json"}


def parse(argv: list[str]) -> tuple[str, dict] | None:
    """``NAME [options]`` (what follows ``stats``) as the question's name and the options given, or None if
    anything is not a plain use of the options above (typer then parses it, and explains)."""
    name, given = None, {}
    words = iter(argv)
    for word in words:
        key, eq, value = word.partition("=")
        if key in FLAGS and not eq:
            given[FLAGS[key]] = True
        elif key in VALUED:
            value = value if eq else next(words, None)
            if value is None or (not eq and value.startswith("-")):
                return None
            given[VALUED[key]] = value  # (given twice: the last one counts, as with typer)
        elif name is None and not word.startswith("-"):
            name = word
        else:
            return None
    players = given.get("players")
    if name is None or (players is not None and not (players.isdigit() and 2 <= int(players) <= 5)):
        return None  # (typer's range for --players)
    if players is not None:
        given["players"] = int(players)
    return name, given


def english_stats(argv: list[str]) -> list[str] | None:
    """The words after ``stats`` when ``argv`` (the words after the program's name) is ``stats ...`` or
    ``--lang en stats ...`` read in English (the root ``--lang``, else ``DL_LANG``, else the locale:
    cli.i18n's order); None for anything else (another language: the usual way says it in that language,
    or refuses an unknown one in its words)."""
    import os

    from .i18n import check, from_locale

    lang: str | None = None
    if argv[:1] == ["--lang"] and len(argv) > 2:
        lang, argv = argv[1], argv[2:]
    elif argv[:1] and argv[0].startswith("--lang="):
        lang, argv = argv[0].partition("=")[2], argv[1:]
    if argv[:1] != ["stats"]:
        return None
    try:
        chosen = (
            check(lang)
            if lang is not None
            else check(os.environ["DL_LANG"])
            if os.environ.get("DL_LANG")
            else from_locale()
        )
    except ValueError:
        return None
    return argv[1:] if chosen == "en" else None


def answer(argv: list[str]) -> int | None:
    """Answer `stats` with ``argv`` (the words after it) if the fast way can: the exit code; else None."""
    import os

    parsed = parse(argv)
    if parsed is None:
        return None
    name, given = parsed
    store = given.pop("store", None) or os.environ.get("DL_STORE") or None
    as_json = given.pop("as_json", False)
    from analytics import QUESTIONS, default_game

    if name not in QUESTIONS:
        return None
    con = caught_up(store)
    if con is None:
        return None
    try:
        from .filters import question_params

        try:
            params = question_params(con, name, default=default_game(con), **given)  # (the registry's, recorded)
        except Exception:  # noqa: BLE001  (a malformed filter: the usual way says so, in its words)
            return None
        from .analytics_cmds import print_question

        print_question(con, name, params, as_json)
        return 0
    except BaseException as exc:  # noqa: BLE001  (the error boundary's one line, never a traceback)
        from .errors import report

        return report(exc)
    finally:
        con.close()
