"""Fixing a record: undo, correct, fork (checking it: audit.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from domain.service.names import draw_command_at

from .. import games
from ..context import GameArg, StoreOpt, _app, _game_id, app
from ..errors import UserError, handled
from ..i18n import _, ngettext
from ..input_words import input_words
from ..refusal_i18n import said
from ..render import console


@app.command()
@handled
def undo(
    game: GameArg,
    player: Annotated[
        str | None,
        typer.Option(
            help="Whose input it must be (a colour, or 'chance' for a draw); "
            "default: the latest input, whoever gave it."
        ),
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Take back the latest input still standing (itself an event): refused across a reveal; a draw only in a
    tabletop game."""
    application = _app(store)
    gid = _game_id(application, game)
    event = application.undo(gid, player.strip().lower() if player else None)
    package = application.game_of(gid)
    words = games.event_words(package)
    if words is None:  # English: the event's own description
        console.print(games.describe_event(package)(event))
        return
    games.use_names(package, application.state(gid))  # the reader's language, as `log` says the same event
    log = application.log(gid)
    console.print(words(log, len(log), None), highlight=False, markup=False)


@app.command()
@handled
def correct(
    game: GameArg,
    event: Annotated[int, typer.Option(help="An event of the input to replace (see `log`).")],
    json_: Annotated[
        str | None, typer.Option("--json", help="The decision that should have been given, as JSON.")
    ] = None,
    draw: Annotated[
        str | None,
        typer.Option(
            help="Tabletop: the draw that really came up (printed names, ids or prefixes: 'troll ghost witch')."
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would be kept and superseded; store nothing.")
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Correct an earlier input (or a tabletop draw): each later input is re-applied to the same decision it
    answered, up to the first one that no longer fits; that one and the rest are superseded (they stay in the log)."""
    if (json_ is None) == (draw is None):
        raise UserError("give exactly one of --json (a decision) or --draw (a tabletop draw)")
    application = _app(store)
    gid = _game_id(application, game)
    package = application.game_of(gid)
    command = (
        package.parse_command(json_)
        if json_ is not None
        else draw_command_at(package, application.log(gid), event, draw or "")
    )
    plan = application.correct(gid, event, command, dry_run=dry_run)
    m, say = plan.marker, input_words
    head = _("event {n}: {was} -> {now}").format(n=m.first, was=say(m.was), now=say(m.now))
    console.print((_("dry run, nothing stored: ") if dry_run else "") + head, highlight=False)
    kept = ngettext("kept: {n} later input", "kept: {n} later inputs", len(m.kept)).format(n=len(m.kept))
    console.print(kept + (_(", up to {input}").format(input=say(m.kept[-1])) if m.kept else ""), highlight=False)
    if m.divergence:
        console.print(_("first divergence: {what}").format(what=say(m.divergence)), highlight=False)
    for s in m.superseded:
        console.print("  " + _("superseded: {input}").format(input=say(s)), highlight=False)
    if not dry_run:
        waits = _("stored {n} events; the game now waits for: {prompt}")
        console.print(waits.format(n=len(plan.events), prompt=said(application.pending(gid).prompt)), highlight=False)


@app.command()
@handled
def fork(
    game: GameArg,
    at: Annotated[int, typer.Option(help="Copy events 1..N into a new game (N must be at an input point).")],
    same_seed: Annotated[
        bool,
        typer.Option(
            "--same-seed",
            help="A digital game: keep the source's seed, so the same inputs draw the same as the source "
            "(by default the fork draws from a fresh seed: the source's would foretell its draws to come).",
        ),
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Copy a game up to event N into a new game (origin "forked"), to replay a disputed line differently."""
    application = _app(store)
    source = _game_id(application, game)
    package = application.game_of(source)
    try:
        events = package.history.fork(application.log(source), at, str(source), same_seed=same_seed)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    gid = application.create_from_events(events, game=package.info.name)
    console.print(str(gid))
