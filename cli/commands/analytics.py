"""Many games: simulate, project, stats, report (demo, which runs them all, is in demo.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..context import StoreOpt, _analytics, _app, _bots, _package, app
from ..errors import UserError, handled
from ..render import console, err_console


@app.command()
@handled
def simulate(
    games: Annotated[int, typer.Option(help="How many complete games to play and store.", min=1)] = 100,
    players: Annotated[
        int | None, typer.Option(help="Players per game (default: every count the game allows, in turn).")
    ] = None,
    bots: Annotated[
        str | None, typer.Option(help="Comma-separated bots to draw the seats from (default: all).")
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Seed of the first game; game i uses a seed derived from it.", min=0, max=2**63 - 1)
    ] = 0,
    variant: Annotated[str | None, typer.Option(help="A variant of the game (default: each in turn).")] = None,
    game: Annotated[str, typer.Option(help="Which game: dungeon-lords or monster-inn.")] = "dungeon-lords",
    store: StoreOpt = None,
) -> None:
    """Play N complete bot games on every core, store each in one append, then project them."""
    from ..analytics_cmds import SimulationStopped, catch_up, simulate_into

    info = _package(game).info
    names = bots.split(",") if bots else None
    if names and any(n not in _bots(info.name) for n in names):
        raise UserError(f"--bots takes names among: {', '.join(_bots(info.name))}")
    if variant is not None and variant not in info.variants:
        raise UserError(f"--variant takes {' or '.join(info.variants)}")
    if players is not None and not info.min_players <= players <= info.max_players:
        raise UserError(f"--players takes {info.min_players} to {info.max_players} for {info.title}")
    application = _app(store)
    try:
        figures = simulate_into(application, games, players, names, seed, variant, game=info.name)
    except SimulationStopped as stop:
        from ..errors import report

        code = report(stop.cause)
        err_console.print(f"simulate: {stop}; nothing half-stored")
        raise typer.Exit(code) from None
    console.print(
        f"stored {figures['games']} games ({figures['events']} events) in {figures['seconds']} s: "
        f"{figures['games_per_second']} games/s"
    )
    try:
        con = _analytics(store)
    except UserError:
        err_console.print(
            "note: the games are stored; another process is using the read models, so they were "
            "not projected now: run `dungeon-lords project` later"
        )
        return
    catch_up(application, con)


@app.command()
@handled
def project(
    rebuild: Annotated[
        bool,
        typer.Option(
            "--rebuild",
            help="Drop the read models and project every game again "
            "(after a store was recreated, or to recover from anything).",
        ),
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Catch the DuckDB read models up with the event store (exactly once; safe to re-run)."""
    from projections import rebuild_analytics

    from ..analytics_cmds import catch_up

    application = _app(store)
    con = _analytics(store)
    if rebuild:
        rebuild_analytics(con)
    figures = catch_up(application, con, quiet=True)
    console.print(f"projected {figures['events']} new events; read models are at notification {figures['position']}")


@app.command()
@handled
def stats(
    name: Annotated[str | None, typer.Argument(help="The question to answer (omit to list them).")] = None,
    players: Annotated[int | None, typer.Option(help="Only games with this many players.", min=2, max=5)] = None,
    game: Annotated[
        str, typer.Option(help="The game whose results a common question reads: dungeon-lords or monster-inn.")
    ] = "dungeon-lords",
    origin: Annotated[
        str | None,
        typer.Option(
            help="Only games of these origins, comma-separated: simulated, "
            "recorded, imported, forked, scenario, training (default: all). "
            "Archived games are always left out."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Rows as JSON.")] = False,
    sql: Annotated[
        str | None,
        typer.Option(help="Run a read-only SQL query over the read models (sandboxed: no files, 30 s, 1 GB)."),
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Ask a named question of the recorded and simulated games (catches up first)."""
    from analytics import QUESTIONS

    from ..analytics_cmds import catch_up, print_question

    if name is None and sql is None:
        t = Table(title="Questions (dungeon-lords stats NAME)")
        t.add_column("name")
        t.add_column("game")
        t.add_column("answers")
        for q in QUESTIONS.values():
            t.add_row(q.name + (" *" if q.headline else ""), q.game.replace("_", "-"), q.description)
        console.print(t)
        console.print("* headline question")
        return
    if name is not None and name not in QUESTIONS:
        raise UserError(f"unknown question {name!r}; questions: {', '.join(QUESTIONS)}")
    con = _analytics(store)
    catch_up(_app(store), con, quiet=True)
    if sql is not None:
        from analytics import UserQueryRefused, run_user_sql

        try:
            columns, rows = run_user_sql(con, sql)
        except UserQueryRefused as exc:
            raise UserError(f"--sql: {exc}") from None
        if as_json:
            console.print_json(json.dumps([dict(zip(columns, r)) for r in rows], default=str))
            return
        t = Table()
        for c in columns:
            t.add_column(c)
        for r in rows:
            t.add_row(*map(str, r))
        console.print(t)
        return
    from domain.games.dungeon_lords.events import ORIGINS

    origins = [o.strip() for o in origin.split(",")] if origin else None
    if origins and set(origins) - set(ORIGINS):
        raise UserError(f"--origin takes {', '.join(ORIGINS)}")
    print_question(con, name, players, as_json, origins, game=_package(game).info.name)


@app.command()
@handled
def report(
    html: Annotated[Path, typer.Option("--html", help="Where to write the self-contained HTML page.")],
    store: StoreOpt = None,
) -> None:
    """Write one self-contained HTML page with the headline answers as charts."""
    from analytics.report import write_report

    from ..analytics_cmds import catch_up

    con = _analytics(store)
    catch_up(_app(store), con, quiet=True)
    write_report(con, html)
    console.print(f"wrote {html}")
