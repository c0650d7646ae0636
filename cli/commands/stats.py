"""The statistics command: stats (the named questions, their filters, exports and the schema); export-data
is export_data.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..context import StoreOpt, app
from ..errors import UserError, handled
from ..filter_options import (
    DerivedOpt,
    OriginFilter,
    PlayersFilter,
    PooledOpt,
    RulesetFilter,
    SinceFilter,
    StrategyFilter,
    UntilFilter,
    VariantFilter,
)
from ..i18n import gettext

FormatOpt = Annotated[
    str | None, typer.Option("--format", help="Write the answer to --out as csv, json or parquet (DuckDB's COPY).")
]
OutOpt = Annotated[Path | None, typer.Option("--out", help="The file --format writes.")]


@app.command()
@handled
def stats(
    name: Annotated[str | None, typer.Argument(help="The question to answer (omit to list them).")] = None,
    game: Annotated[
        str | None,
        typer.Option(
            help="The game whose results a common question reads: a registered game (default: the first "
            "registered); a game's own question reads its own (another game is refused)."
        ),
    ] = None,
    ruleset: RulesetFilter = None,
    variant: VariantFilter = None,
    players: PlayersFilter = None,
    origin: OriginFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
    strategy: StrategyFilter = None,
    derived: DerivedOpt = False,
    pooled: PooledOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Rows as JSON.")] = False,
    fmt: FormatOpt = None,
    out: OutOpt = None,
    schema: Annotated[
        bool, typer.Option("--schema", help="Print the read models: every table and column, with its meaning.")
    ] = False,
    sql: Annotated[
        str | None,
        typer.Option(
            help="Run a read-only SQL query over the read models (sandboxed: no files, settings or paths; 30 s, "
            "1 GB; answers up to 100,000 rows and 64 MB)."
        ),
    ] = None,
    store: StoreOpt = None,
    data: Annotated[
        Path | None,
        typer.Option(help="Answer from this dataset (export-data --partition-by), not the store's read models."),
    ] = None,
) -> None:
    """Ask a named question of the recorded and simulated games (catches up first)."""
    from analytics import QUESTIONS

    from ..consoles import console

    if name is None and sql is None and not schema:
        from rich.table import Table

        from ..i18n import _

        t = Table(title=_("Questions (dungeon-lords stats NAME)"))
        for column in (_("name"), _("game"), _("answers")):
            t.add_column(column)
        for q in QUESTIONS.values():  # the names as typed; what each answers in the reader's language
            t.add_row(q.name + (" *" if q.headline else ""), q.game, _(q.description))
        console.print(t)
        console.print(_("* headline question; every question takes the filters of `stats --help`"), markup=False)
        return
    if name is not None and name not in QUESTIONS:
        raise UserError(
            gettext("unknown question {name}; questions: {names}").format(name=repr(name), names=", ".join(QUESTIONS))
        )
    if fmt is not None and fmt not in ("csv", "json", "parquet"):
        raise UserError(gettext("--format takes csv, json or parquet, not {given}").format(given=repr(fmt)))
    if (fmt is None) != (out is None):
        raise UserError(gettext("--format and --out go together: --format csv --out answer.csv"))
    from ..analytics_cmds import catch_up

    if data is not None and (sql is not None or schema):
        raise UserError("--data answers the named questions; --sql and --schema read the store's read models")
    con = _caught_up(store, catch_up) if data is None else _dataset(data)
    if schema:
        return _print_schema(con, as_json)
    if sql is not None:
        return _user_sql(con, sql, as_json)
    from ..filters import question_params

    filters = {"ruleset": ruleset, "variant": variant, "players": players, "origin": origin, "since": since}
    filters.update(until=until, strategy=strategy, derived=derived)
    params = question_params(con, name, game, pooled, **filters)
    if data is not None:
        _dataset(data, said=True)
    from ..analytics_cmds import print_question, say_warnings, scope_caption

    if fmt is not None:
        from analytics import run_question, scope_of
        from analytics.api import export_answer

        written = export_answer(con, name, str(out), fmt, params, engine=_engine())  # with its provenance
        say_warnings(con, name, *run_question(con, name, **params), params)
        said = scope_caption(scope_of(con, name, **params))
        console.print(f"wrote {written} rows of {name} to {out} ({fmt}). {said}")
        return
    print_question(con, name, params, as_json)


def _caught_up(store, catch_up):
    """The read models, caught up: as they are when nothing is new (without the engine: cli/fast.py)."""
    from ..errors import AFTER_COMMAND
    from ..fast import caught_up

    con = caught_up(store)
    if con is not None:
        AFTER_COMMAND.append(con.close)
        return con
    from ..read_models import reading

    return reading(store).con  # read-only; caught up on a copy swapped in (a reader is never kept waiting)


def _dataset(data: Path, said: bool = False):
    from ..datasets import open_data, say_source

    return say_source(data) if said else open_data(data)


def _print_schema(con, as_json: bool) -> None:
    from analytics.api import answer_schema
    from projections.schema import describe

    from ..consoles import console

    rows = describe(con) + answer_schema(con)  # the read models, then each question's answer
    if as_json:
        keys = ("table", "column", "type", "comment")
        console.print_json(json.dumps([dict(zip(keys, r)) for r in rows]))
        return
    from rich.table import Table

    for table in dict.fromkeys(r[0] for r in rows):
        mine = [r for r in rows if r[0] == table]
        t = Table(title=f"{table}: {mine[0][3]}", title_justify="left")  # (an answer's: "stats NAME")
        for column in ("column", "type", "meaning"):
            t.add_column(column)
        for _, column, kind, comment in mine[1:]:
            t.add_row(column, kind, comment)
        console.print(t)


def _user_sql(con, sql: str, as_json: bool) -> None:
    from analytics import UserQueryRefused, address_space_limit, run_user_sql

    from ..consoles import console

    try:
        with address_space_limit():  # this process runs the one query: what DuckDB computes cannot take the machine
            columns, rows = run_user_sql(con, sql)
    except UserQueryRefused as exc:
        raise UserError(f"--sql: {exc}") from None
    if as_json:
        console.print_json(json.dumps([dict(zip(columns, r)) for r in rows], default=str))
        return
    from rich.table import Table

    t = Table()
    for c in columns:
        t.add_column(c)
    for r in rows:
        t.add_row(*map(str, r))
    console.print(t)


def _engine() -> str:
    """The engine's name and version, as exports record it."""
    from importlib.metadata import version

    return f"dungeon-lords {version('dungeon-lords')}"
