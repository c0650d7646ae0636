"""The commands that read a game's record and fix it honestly: status, options, log, explain, diff,
undo, correct, audit, fork and games (list, archive, delete).

Every per-player output goes through :mod:`domain.games.dungeon_lords.views` (``--as COLOUR``); without ``--as`` the
output is the recorder's or auditor's omniscient view (but a digital game's seed stays hidden until
the game is over).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from domain.games.dungeon_lords import engine
from domain.games.dungeon_lords.commands import RecordDraw, parse_command
from domain.games.dungeon_lords.describe import describe_event
from domain.games.dungeon_lords.views import view, visible_event, visible_log

from .main import OPTIONS, StoreOpt, UserError, _app, _game_id, app, handled
from .render import console, err_console, options_table, status_table

GameArg = Annotated[str, typer.Argument(help="Game id (or a unique prefix).")]
AsOpt = Annotated[str | None, typer.Option("--as", help="Show only what this player (colour) could see.")]


def _viewer(state, as_: str | None) -> str | None:
    """The player colour of ``--as`` (any case), or None for the omniscient view. ``state``: the game's
    state, or its log (the first event names the seats)."""
    if as_ is None:
        return None
    if isinstance(state, list):
        first = state[0]
        seats = first.players if hasattr(first, "players") else first.state["players"]
        colours = [p.color if hasattr(p, "color") else p["color"] for p in seats]
    else:
        colours = [p.color for p in state.players]
    if as_.strip().lower() not in colours:
        raise UserError(f"--as takes a player colour of this game: {', '.join(colours)}")
    return as_.strip().lower()


def _warn_if_broken(application, gid) -> list[str]:
    problems = application.integrity(gid)
    for p in problems:
        err_console.print(f"warning: {p} (see `dungeon-lords audit`)")
    return problems


@app.command()
@handled
def status(
    game: GameArg,
    at: Annotated[int | None, typer.Option(help="Show the game just after event number N.")] = None,
    as_: AsOpt = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help="Print the whole state (or that player's view) as JSON; `new --scenario` loads it back."
        ),
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Resources, dungeons, Evilometer, offers and the pending input."""
    application = _app(store)
    gid = _game_id(application, game)
    state = application.state(gid, version=at)
    viewer = _viewer(state, as_)
    if as_json:
        console.print_json(json.dumps(view(state, viewer)))
        return
    from domain.games.dungeon_lords.state import from_dict

    status_table(from_dict(view(state, viewer)) if viewer else state, viewer)  # the view is the one redaction
    if at is None:
        options_table(engine.pending(state), actor_filter=viewer, hide_others=viewer is not None)


@app.command()
@handled
def options(
    game: GameArg,
    at: Annotated[int | None, typer.Option(help="The options as they were just after event N.")] = None,
    as_: AsOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the pending input and the legal commands as JSON.")
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Who must act now, and the legal choices (numbered for `act --pick`), listed at an event number."""
    application = _app(store)
    gid = _game_id(application, game)
    state = application.state(gid, version=at)
    viewer = _viewer(state, as_)
    p = engine.pending(state)
    if as_json:
        out = {"event": state.version, "kind": p.kind, "actors": p.actors, "prompt": p.prompt, "rule": p.rule}
        if p.is_chance:
            out["chance"] = {
                "what": p.chance.what,
                "count": p.chance.count,
                "pool": sorted(p.chance.pool) if viewer is None else "hidden",
            }
        else:
            out["options"] = {
                a: [o.model_dump(mode="json") for o in p.options(a)] for a in p.actors if viewer is None or a == viewer
            }
        console.print_json(json.dumps(out))
        return
    console.print(f"at event {state.version}:")
    options_table(p, actor_filter=viewer, hide_others=viewer is not None)


@app.command()
@handled
def log(
    game: GameArg,
    as_: AsOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per event, with its number.")] = False,
    store: StoreOpt = None,
) -> None:
    """Every event of the game, numbered as stored; undone and superseded events are marked."""
    from domain.games.dungeon_lords.history import taken_back

    application = _app(store)
    gid = _game_id(application, game)
    _warn_if_broken(application, gid)
    events = application.log(gid)
    numbers = [v for v, *_ in application.stored(gid)]  # as stored: a missing event leaves a gap
    viewer = _viewer(events, as_)
    gone = taken_back(events)
    if as_json:
        for k, (n, d) in enumerate(zip(numbers, visible_log(events, viewer)), 1):
            print(
                json.dumps({"n": n, "kind": events[k - 1].kind, **({"taken_back": gone[k]} if k in gone else {}), **d})
            )
        return
    for k, n in enumerate(numbers, 1):
        mark = f"  [{gone[k]}]" if k in gone else ""
        console.print(
            f"{n:>5}  {describe_event(visible_event(events, k, viewer))}{mark}", highlight=False, markup=False
        )


@app.command()
@handled
def explain(
    game: GameArg,
    number: Annotated[int, typer.Argument(help="The event number (see `log`).")],
    as_: AsOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print {event, text} as JSON.")] = False,
    store: StoreOpt = None,
) -> None:
    """Say why event N happened: the input it followed from, the options legal then, and the rule."""
    from domain.games.dungeon_lords.audit import explain as explain_event

    application = _app(store)
    gid = _game_id(application, game)
    events = application.log(gid)
    text = explain_event(events, number, _viewer(events, as_))
    if as_json:
        print(json.dumps({"event": number, "text": text}))
    else:
        console.print(text, highlight=False)


@app.command()
@handled
def diff(
    game1: Annotated[str, typer.Argument(help="A game id (or prefix).")],
    game2: Annotated[str, typer.Argument(help="Another game id (or prefix), e.g. a fork.")],
    as_: AsOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print {shared, games: [{id, events, outcome}]} as JSON.")
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Compare two games' lines as they now stand (after undos and corrections): where they part, and
    their outcomes side by side."""
    from domain.games.dungeon_lords.corrections import effective

    application = _app(store)
    ids = [_game_id(application, g) for g in (game1, game2)]
    states = [application.state(g) for g in ids]
    viewer = _viewer(states[0], as_)
    lines = [visible_log(effective(application.log(g)), viewer) for g in ids]
    for line in lines:  # where a copy comes from (and its seed) is not part of its line
        for key in ("origin", "forked_from", "seed"):
            line[0].pop(key, None)
    shared = next((k for k, (x, y) in enumerate(zip(*lines)) if x != y), min(map(len, lines)))
    outcomes = []
    for state in states:
        outcomes.append(
            ", ".join(f"{s['color']} {s['total']}" + (" (winner)" if s["winner"] else "") for s in state.scores or [])
            or f"not finished ({engine.pending(state).prompt})"
        )
    if as_json:
        print(
            json.dumps(
                {
                    "shared": shared,
                    "games": [
                        {"id": str(g), "events": len(line), "outcome": o} for g, line, o in zip(ids, lines, outcomes)
                    ],
                }
            )
        )
        return
    console.print(
        f"the lines share their first {shared} events; then {len(lines[0]) - shared} and "
        f"{len(lines[1]) - shared} events differ (undone and superseded events left out)"
    )
    for gid, line, outcome in zip(ids, lines, outcomes):
        console.print(f"{gid}: {len(line)} events; {outcome}")


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
    event = application.undo(_game_id(application, game), player.strip().lower() if player else None)
    console.print(describe_event(event))


@app.command()
@handled
def correct(
    game: GameArg,
    event: Annotated[int, typer.Option(help="An event of the input to replace (see `log`).")],
    json_: Annotated[
        str | None, typer.Option("--json", help="The decision that should have been given, as JSON.")
    ] = None,
    draw: Annotated[
        str | None, typer.Option(help="Tabletop: the draw that really came up (comma-separated ids).")
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
    command = (
        parse_command(json_)
        if json_ is not None
        else RecordDraw(cards=[c.strip() for c in draw.split(",") if c.strip()])
    )
    application = _app(store)
    plan = application.correct(_game_id(application, game), event, command, dry_run=dry_run)
    m = plan.marker
    console.print(
        ("dry run, nothing stored: " if dry_run else "") + f"event {m.first}: {m.was} -> {m.now}", highlight=False
    )
    console.print(f"kept: {len(m.kept)} later input(s)" + (f", up to {m.kept[-1]}" if m.kept else ""), highlight=False)
    if m.divergence:
        console.print(f"first divergence: {m.divergence}", highlight=False)
    for s in m.superseded:
        console.print(f"  superseded: {s}", highlight=False)
    if not dry_run:
        console.print(
            f"stored {len(plan.events)} events; the game now waits for: "
            f"{application.pending(_game_id(application, game)).prompt}",
            highlight=False,
        )


@app.command()
@handled
def audit(
    game: GameArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    store: StoreOpt = None,
) -> None:
    """Check the stored log (every event there, unchanged) and replay it under the current rules and the
    catalog it was played with (with the root --catalog: under those components instead); list undos,
    corrections, what they superseded, rulings and provisional cards. Exit 1 if it is not clean."""
    from dataclasses import asdict

    from domain.games.dungeon_lords.audit import audit as audit_log

    application = _app(store)
    gid = _game_id(application, game)
    report = audit_log(application.log(gid), application.integrity(gid), catalog_overrides=OPTIONS["catalog"])
    if as_json:
        print(json.dumps({**asdict(report), "clean": report.clean}))
    else:
        for p in report.integrity:
            console.print(f"[red]integrity[/]: {p}")
        for f in report.findings:
            console.print(
                f"[red]event {f.event}[/]: stored: {f.stored}\n  the rules give: {f.expected}\n  rule: {f.rule}"
            )
        for u in report.undos:
            console.print(f"undo: {u}")
        for c in report.corrections:
            console.print(f"correction: {c}")
        for s in report.superseded:
            console.print(f"[red]superseded[/]: {s}")
        for r in report.rulings:
            console.print(f"table ruling: {r}")
        if report.catalog:
            console.print(f"catalog: {report.catalog}")
        if report.provisional:
            console.print("Provisional or partly known cards that took part (their printed text is unknown):")
            for card in report.provisional:
                console.print(f"  {card}")
        problems = len(report.findings) + len(report.integrity) + len(report.superseded)
        console.print(f"{report.events} events: " + ("clean" if report.clean else f"{problems} finding(s)"))
    if not report.clean:
        raise typer.Exit(1)


@app.command()
@handled
def fork(
    game: GameArg,
    at: Annotated[int, typer.Option(help="Copy events 1..N into a new game (N must be at an input point).")],
    store: StoreOpt = None,
) -> None:
    """Copy a game up to event N into a new game (origin "forked"), to replay a disputed line differently."""
    from domain.games.dungeon_lords.corrections import fork as fork_log

    application = _app(store)
    source = _game_id(application, game)
    gid = application.create_from_events(fork_log(application.log(source), at, str(source)))
    console.print(str(gid))


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
    """List the games: id prefix, origin, seats, status, events, created, last input."""
    if ctx.invoked_subcommand is not None:
        return
    from domain.games.dungeon_lords.events import ORIGINS

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
    from rich.table import Table

    table = Table("id", "origin", "seats", "status", "events", "created", "last input", box=None)
    for s in rows:
        table.add_row(
            str(s.id)[:8],
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
    """Remove the game's read-model rows, if the read models exist."""
    from pathlib import Path

    from domain.service.storage import store_env
    from projections import analytics_path, forget_game

    from .main import _analytics

    path = analytics_path(store_env(store))
    if path == ":memory:" or not Path(path).exists():
        return 0
    return forget_game(_analytics(store), gid)
