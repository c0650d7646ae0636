"""Many games: simulate, project, stats, report (demo, which runs them all, is in demo.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..context import StoreOpt, _analytics, _app, _bots, _package, app
from ..errors import UserError, handled
from ..filters import (
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
    ruleset: Annotated[str, typer.Option(help="Dungeon Lords: base, or festival (every Festival module).")] = "base",
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
    rulesets = {"base": (), **_package(game).ui.rulesets}  # a game without rules modules plays "base" only
    if ruleset not in rulesets:
        raise UserError(f"--ruleset takes {', '.join(rulesets)} for {info.title}, not {ruleset!r}")
    application = _app(store)
    try:
        modules = tuple(rulesets[ruleset])
        figures = simulate_into(application, games, players, names, seed, variant, game=info.name, modules=modules)
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
    from ..analytics_cmds import catch_up

    application = _app(store)
    con = _analytics(store, rebuild=rebuild)
    figures = catch_up(application, con, quiet=True)
    console.print(f"projected {figures['events']} new events; read models are at notification {figures['position']}")


@app.command()
@handled
def report(
    html: Annotated[Path, typer.Option("--html", help="Where to write the self-contained HTML page.")],
    ruleset: RulesetFilter = None,
    variant: VariantFilter = None,
    players: PlayersFilter = None,
    origin: OriginFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
    strategy: StrategyFilter = None,
    derived: DerivedOpt = False,
    pooled: PooledOpt = False,
    store: StoreOpt = None,
) -> None:
    """Write one self-contained HTML page: every question, charts, the filters applied and where the numbers
    come from (a page per game once there are two)."""
    from importlib.metadata import version

    from analytics.report import write_report

    from ..analytics_cmds import catch_up
    from ..filters import scope

    con = _analytics(store)
    catch_up(_app(store), con, quiet=True)
    filters = scope(con, None, ruleset, variant, players, origin, since, until, strategy, derived, pooled)
    write_report(con, html, filters, engine=f"dungeon-lords {version('dungeon-lords')}")
    console.print(f"wrote {html}")
