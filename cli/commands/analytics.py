"""Many games: simulate, project, stats, report (demo, which runs them all, is in demo.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..context import StoreOpt, _app, _bots, app
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
from ..game_options import CatalogOpt, GameOpt, ModuleOpt, PlayersOpt, RuleOpt, RulesetOpt, VariantOpt, setup
from ..render import console, err_console


@app.command()
@handled
def simulate(
    game: GameOpt = None,
    players: PlayersOpt = None,
    variant: VariantOpt = None,
    ruleset: RulesetOpt = None,
    module: ModuleOpt = None,
    rule: RuleOpt = None,
    catalog: CatalogOpt = None,
    games: Annotated[int, typer.Option(help="How many complete games to play and store.", min=1)] = 100,
    bots: Annotated[
        str | None, typer.Option(help="Comma-separated bots to draw the seats from (default: all).")
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Seed of the first game; game i uses a seed derived from it.", min=0, max=2**63 - 1)
    ] = 0,
    executor: Annotated[
        str, typer.Option(help="Where the games are played: process (this machine's cores) or ray (Ray tasks).")
    ] = "process",
    workers: Annotated[
        int | None, typer.Option(help="Processes, or a local Ray's CPUs (default: every core).", min=1)
    ] = None,
    address: Annotated[
        str | None, typer.Option(help="With --executor ray: the cluster (HOST:PORT or auto); else a local Ray.")
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Play only the planned games (same --seed, set-up) not stored yet.")
    ] = False,
    snapshot_every: Annotated[
        int | None,
        typer.Option(
            help="Also store a snapshot every N events of each game (as `snapshots` takes them; 25 there), so "
            "the state at any event reads fast. Default: none but the one at each game's end.",
            min=1,
        ),
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Play N complete bot games on every core (or on Ray), store them (up to 20 an append), then project them.
    Without --players or --variant, every player count and variant the game allows, in turn."""
    from ..analytics_cmds import SimulationStopped, catch_up, simulate_into

    chosen = setup(game, players, variant, ruleset, module, rule, catalog)
    info = chosen.package.info
    names = bots.split(",") if bots else None
    if names and any(n not in _bots(info.name) for n in names):
        from domain.kernel.search import bot_names

        raise UserError(f"--bots takes names among: {', '.join(bot_names(_bots(info.name)))}")
    if executor not in ("process", "ray") or (address and executor != "ray"):
        raise UserError("--executor takes process or ray; --address goes with --executor ray")
    application = _app(store)
    where = {"executor": executor, "workers": workers, "address": address, "resume": resume}
    where["snapshot_every"] = snapshot_every
    try:
        figures = simulate_into(
            application, games, players, names, seed, variant, game=info.name, **where, **chosen.plan_options()
        )
    except SimulationStopped as stop:
        from ..errors import report

        code = report(stop.cause)
        err_console.print(f"simulate: {stop}; nothing half-stored")
        raise typer.Exit(code) from None
    skipped = f" ({figures['skipped']} of the planned games were stored already)" if figures["skipped"] else ""
    if figures["startup_seconds"]:
        skipped += f" (and {figures['startup_seconds']} s to start Ray)"
    console.print(
        f"stored {figures['games']} games ({figures['events']} events) in {figures['seconds']} s: "
        f"{figures['games_per_second']} games/s{skipped}"
    )
    from ..read_models import writing

    try:
        writing(store, lambda con: catch_up(application, con), application=application)
    except UserError:
        err_console.print(
            "note: the games are stored; another process is writing the read models, so they were "
            "not projected now: run `dungeon-lords project` later"
        )


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
    from ..read_models import current_position, writing

    application = _app(store)
    at = None if rebuild else current_position(store, application)
    if at is not None:  # nothing new: the file is not copied for nothing
        figures = {"events": 0, "position": at}
    else:
        figures = writing(
            store, lambda con: catch_up(application, con, quiet=True), rebuild=rebuild, application=application
        )
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
    lang: Annotated[
        str | None, typer.Option("--lang", help="The page's language: en or ru (default: the root --lang's).")
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Write one self-contained HTML page: every question, charts, the filters applied and where the numbers
    come from (a page per game once there are two)."""
    from importlib.metadata import version

    from analytics.report import write_report

    from ..analytics_games import registered
    from ..filters import scope
    from ..i18n import active, checked, gettext
    from ..read_models import reading

    con = reading(store).con
    filters = scope(con, None, ruleset, variant, players, origin, since, until, strategy, derived, pooled)
    games = list(registered())  # the pages in the registry's order, its default first when none is held
    code = active(checked(lang))
    engine = f"dungeon-lords {version('dungeon-lords')}"
    write_report(con, html, filters, engine=engine, games=games, words=lambda s: gettext(s, code), lang=code)
    console.print(f"wrote {html}")
