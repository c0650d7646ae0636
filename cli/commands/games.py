"""The games of a store: games (list), games archive, games delete."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from ..context import GameArg, StoreOpt, _app, _game_id, app
from ..errors import UserError, handled
from ..render import console

games_app = typer.Typer(
    help="The games in the store: list them (filters), archive or delete one.",
    invoke_without_command=True,
    no_args_is_help=False,
)
app.add_typer(games_app, name="games")


@games_app.callback()
@handled
def games(
    ctx: typer.Context,
    origin: Annotated[
        str | None,
        typer.Option(
            help="Only games of this origin (comma-separated): simulated, "
            "recorded, imported, forked, scenario, training."
        ),
    ] = None,
    status_: Annotated[
        str | None,
        typer.Option(
            "--status",
            help="Only games in progress, finished or archived (comma-separated: in-progress, finished, archived).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per game.")] = False,
    store: StoreOpt = None,
) -> None:
    """List the games: id prefix, game, origin, seats, status, events, created, last input."""
    if ctx.invoked_subcommand is not None:
        return
    from ..filters import ORIGINS  # every game's origins (a test keeps them equal to the games')

    origins = {o.strip() for o in origin.split(",")} if origin else None
    if origins and origins - set(ORIGINS):
        raise UserError(f"unknown origin {', '.join(sorted(origins - set(ORIGINS)))}: use {', '.join(ORIGINS)}")
    statuses = {s.strip().replace("-", " ") for s in status_.split(",")} if status_ else None
    if statuses and statuses - {"in progress", "finished", "archived"}:
        raise UserError("--status takes in-progress, finished or archived")
    rows = [
        s
        for s in _app(store).summaries()
        if (origins is None or s.origin in origins) and (statuses is None or s.status in statuses)
    ]
    if as_json:
        from dataclasses import asdict

        for s in rows:
            print(json.dumps({**asdict(s), "id": str(s.id)}))
        return

    table = Table("id", "game", "origin", "seats", "status", "events", "created", "last input", box=None)
    for s in rows:
        table.add_row(
            str(s.id)[:8],
            s.game,  # its registry name, as the read models and exports name it (--game takes hyphens too)
            s.origin + (f" from {s.forked_from}" if s.forked_from else ""),
            ", ".join(s.seats),
            s.status,
            str(s.events),
            s.created,
            s.last_input,
        )
    console.print(table)
    console.print(f"{len(rows)} game(s)")


@games_app.command("archive")
@handled
def games_archive(
    game: GameArg,
    reason: Annotated[str, typer.Option(help="Why it leaves the statistics.")] = "",
    store: StoreOpt = None,
) -> None:
    """Take a game out of the statistics (an event: it stays in the store, readable and exportable)."""
    application = _app(store)
    gid = _game_id(application, game)
    application.archive(gid, reason)
    console.print(f"archived {gid}: analytics leave it out from the next `project`")


@games_app.command("delete")
@handled
def games_delete(
    game: GameArg,
    yes: Annotated[bool, typer.Option("--yes", help="Really delete: the game's events are removed for good.")] = False,
    store: StoreOpt = None,
) -> None:
    """Remove a game from the store and its rows from the read models (cannot be undone; `archive` keeps it)."""
    application = _app(store)
    gid = _game_id(application, game)
    if not yes:
        raise UserError(f"deleting {gid} removes its events for good: add --yes (or use `games archive`)")
    removed = application.delete(gid)
    rows = _forget_in_analytics(store, gid)
    console.print(f"deleted {gid}: {removed} events" + (f", {rows} read-model rows" if rows else ""))


def _forget_in_analytics(store: str | None, gid) -> int:
    """Remove the game's read-model rows, if the read models exist (on a copy, swapped in)."""
    from projections import forget_game

    from ..read_models import exists, writing

    if not exists(store):
        return 0
    return writing(store, lambda con: forget_game(con, gid))
