"""Tools: bench (speed on this machine)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..context import app
from ..errors import UserError, handled
from ..game_options import CatalogOpt, GameOpt, ModuleOpt, PlayersOpt, RuleOpt, RulesetOpt, VariantOpt, setup
from ..render import console


@app.command()
@handled
def bench(
    game: GameOpt = None,
    players: PlayersOpt = 4,
    variant: VariantOpt = None,
    ruleset: RulesetOpt = None,
    module: ModuleOpt = None,
    rule: RuleOpt = None,
    catalog: CatalogOpt = None,
    games: Annotated[int, typer.Option(help="Complete games per measurement.", min=1)] = 20,
    bots: Annotated[str, typer.Option(help="Bots (one name for all seats, or one per seat).")] = "random",
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    analytics: Annotated[
        bool,
        typer.Option(
            help="Instead: simulate-and-store --games real games (a mix of the shipped games), projection "
            "vs the read ceiling, and every question's latency over 100,000 games of copied rows (the real "
            "games' read-model rows copied under new ids: not 100,000 real games)."
        ),
    ] = False,
    tracked: Annotated[
        Path | None,
        typer.Option(
            help="Instead: every tracked figure (each registered game, bots, replay, simulate) into this JSON file."
        ),
    ] = None,
    suite: Annotated[
        bool,
        typer.Option(
            help="Instead: the benchmark suite (issue #35), a table per section (--json: one JSON object): engine "
            "ratios against --base, each recorder command's start-up, import times, replay against the decode ceiling."
        ),
    ] = False,
    only: Annotated[str | None, typer.Option(help="--suite: these sections only, comma-separated.")] = None,
    base: Annotated[
        str, typer.Option(help="--suite: the revision the engine is compared with ('none': skip).")
    ] = "a3e572c",
    rounds: Annotated[int, typer.Option(help="--suite: the engine comparison's interleaved rounds.", min=1)] = 5,
    runs: Annotated[int, typer.Option(help="--suite: runs of each start-up command (the median).", min=1)] = 5,
) -> None:
    """Benchmark: complete games per second in memory and stored, events per game, replay and the
    JSON-decode ceiling (same run), of the games the game options set up (not with --analytics or --suite,
    which measure their own)."""
    from ..bench import run
    from ..bench import suite as run_suite

    if analytics:
        from ..bench_analytics import run_analytics

        console.print_json(json.dumps(run_analytics(games)))
        return
    if suite:
        _suite(games, only, base, rounds, runs, as_json)
        return
    if tracked is not None:
        figures = run_suite(games)
        tracked.write_text(json.dumps(figures, indent=1) + "\n")
        console.print(f"wrote {tracked}")
        return
    chosen = setup(game, players, variant, ruleset, module, rule, catalog)
    package = chosen.package
    info = package.info
    players = players or 4
    known = package.bots
    names = bots.split(",")
    names = names * players if len(names) == 1 else names
    if len(names) != players or any(n not in known for n in names):
        from domain.kernel.search import bot_names

        raise UserError(f"--bots takes 1 or {players} names among: {', '.join(bot_names(known))}")
    rows = run(games, players, names, game=info.name, **chosen.new_game_options())
    if as_json:
        console.print_json(json.dumps(rows))
        return
    t = Table(title=f"{games} complete {players}-player games ({', '.join(sorted(set(names)))} bots)")
    for col in rows[0]:
        t.add_column(col.replace("_", " "), justify="right" if col != "mode" else "left")
    for r in rows:
        t.add_row(*[str(v) for v in r.values()])
    console.print(t)


def _suite(games: int, only: str | None, base: str, rounds: int, runs: int, as_json: bool) -> None:
    from .. import bench_suite

    settings = bench_suite.Settings(games=games, rounds=rounds, runs=runs, base=None if base == "none" else base)
    try:
        figures = bench_suite.run(settings, only.split(",") if only else None)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if as_json:
        console.print_json(json.dumps(figures))
    else:
        bench_suite.print_tables(figures, console)
