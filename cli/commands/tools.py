"""Tools: bench (speed on this machine), catalog (the components and their status)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..context import GameOpt, _package, app
from ..errors import UserError, handled
from ..render import console


@app.command()
@handled
def bench(
    games: Annotated[int, typer.Option(help="Complete games per measurement.", min=1)] = 20,
    players: Annotated[int, typer.Option(help="Players per game.", min=2, max=5)] = 4,
    bots: Annotated[str, typer.Option(help="Bots (one name for all seats, or one per seat).")] = "random",
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    analytics: Annotated[
        bool,
        typer.Option(
            help="Instead: simulate-and-store --games real games (base, Festival Season, Monster Inn), projection "
            "vs the read ceiling, and every question's latency over 100,000 games of copied rows (the real "
            "games' read-model rows copied under new ids: not 100,000 real games)."
        ),
    ] = False,
    game: GameOpt = "dungeon-lords",
    suite: Annotated[
        Path | None,
        typer.Option(help="Instead: every tracked figure (both games, bots, replay, simulate) into this JSON file."),
    ] = None,
) -> None:
    """Benchmark: complete games per second in memory and stored, events per game, replay and the
    JSON-decode ceiling (same run)."""
    from ..bench import run
    from ..bench import suite as run_suite
    from ..bench_analytics import run_analytics

    if analytics:
        figures = run_analytics(games)
        console.print_json(json.dumps(figures))
        return
    if suite is not None:
        figures = run_suite(games)
        suite.write_text(json.dumps(figures, indent=1) + "\n")
        console.print(f"wrote {suite}")
        return
    package = _package(game)
    info = package.info
    if not info.min_players <= players <= info.max_players:
        raise UserError(f"{info.title} takes {info.min_players} to {info.max_players} players")
    known = package.bots
    names = bots.split(",")
    names = names * players if len(names) == 1 else names
    if len(names) != players or any(n not in known for n in names):
        raise UserError(f"--bots takes 1 or {players} names among: {', '.join(known)}")
    rows = run(games, players, names, game=info.name)
    if as_json:
        console.print_json(json.dumps(rows))
        return
    t = Table(title=f"{games} complete {players}-player games ({', '.join(sorted(set(names)))} bots)")
    for col in rows[0]:
        t.add_column(col.replace("_", " "), justify="right" if col != "mode" else "left")
    for r in rows:
        t.add_row(*[str(v) for v in r.values()])
    console.print(t)
