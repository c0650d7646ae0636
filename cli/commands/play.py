"""Playing: new, act, orders, play, bots."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from domain.service.names import draw_command

from .. import games
from ..context import OPTIONS, StoreOpt, _app, _game_id, _package, _state_at_input, app
from ..errors import UserError, handled
from ..render import console


@app.command()
@handled
def new(
    players: Annotated[int, typer.Option(help="Number of players: 2-4 (Dungeon Lords), 3-5 (Monster Inn).")] = 4,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names, clockwise (sets the count).")] = None,
    variant: Annotated[
        str | None,
        typer.Option(
            help="Rules variant: first_game or full (Dungeon Lords); standard or open_treasure (Monster Inn)."
        ),
    ] = None,
    mode: Annotated[
        str, typer.Option(help="digital (the engine draws) or tabletop (you record every draw).")
    ] = "digital",
    seed: Annotated[
        int | None,
        typer.Option(help="Seed for the engine's draws (digital mode), 0 to 2^63 - 1.", min=0, max=2**63 - 1),
    ] = None,
    starting_player: Annotated[
        int | None, typer.Option(help="Seat (0-based) of the starting player (Monster Inn digital: drawn).")
    ] = None,
    scenario: Annotated[Path | None, typer.Option(help="Start from a scenario file (JSON) instead.")] = None,
    game: Annotated[
        str, typer.Option(help="Which game: dungeon-lords or monster-inn (see `games`).")
    ] = "dungeon-lords",
    rule: Annotated[
        list[str] | None,
        typer.Option(help="Monster Inn: a provisional rule choice NAME=VALUE, e.g. exchange=to_player (repeatable)."),
    ] = None,
    ruleset: Annotated[str, typer.Option(help="Dungeon Lords: base, or festival (every Festival module).")] = "base",
    module: Annotated[
        list[str] | None, typer.Option(help="Dungeon Lords: a Festival Season module, e.g. five_seasons (repeatable).")
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Create a game and print its id."""
    application = _app(store)
    package = _package(game)
    title, rulesets = package.info.title, package.ui.rulesets  # what the game takes: its ui's options
    if rule and "rules" not in package.ui.options:
        raise UserError(f"--rule: {title} takes no rule choices (a ruling is recorded with `act`)")
    if (module or ruleset != "base") and not rulesets:
        raise UserError(f"--ruleset/--module: {title} has no rules modules")
    if rulesets and ruleset not in rulesets:
        raise UserError(f"unknown ruleset {ruleset!r}: use one of {', '.join(rulesets)}")
    if scenario is not None:
        events, _ = package.from_scenario(scenario, OPTIONS["catalog"])
        console.print(str(application.create_from_events(events, game=package.info.name)))
        return
    rules = dict(_pair(r) for r in rule or [])
    modules = [*rulesets.get(ruleset, ()), *(module or [])]
    seats = names.split(",") if names else [f"Player {i + 1}" for i in range(players)]
    gid = application.create_game(
        [s.strip() for s in seats],
        variant=variant,
        mode=mode,
        seed=seed,
        starting_player=starting_player,
        catalog_overrides=OPTIONS["catalog"],
        game=package.info.name,
        **({"rules": rules} if rules else {}),
        **({"modules": modules} if modules else {}),
    )
    console.print(str(gid))


def _pair(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep:
        raise UserError(f"--rule takes NAME=VALUE, not {text!r}")
    return name.strip(), value.strip()


@app.command()
@handled
def act(
    game: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    json_: Annotated[
        str | None,
        typer.Option("--json", help='The command as JSON, e.g. \'{"type": "decline", "player": "red"}\'.'),
    ] = None,
    pick: Annotated[int | None, typer.Option(help="Choose option number N as listed by `options`.")] = None,
    player: Annotated[
        str | None, typer.Option(help="With --pick: whose options (when several players choose at once).")
    ] = None,
    draw: Annotated[
        str | None,
        typer.Option(help="Record a draw: printed names, ids or prefixes ('troll ghost witch'; or comma-separated)."),
    ] = None,
    at_event: Annotated[
        int | None,
        typer.Option(
            "--at-event",
            help="The event number `options` listed the choices at: if the game has moved on since, "
            "nothing is stored (exit 3) and you look again.",
        ),
    ] = None,
    as_: Annotated[
        str | None,
        typer.Option(
            "--as",
            help="Act as this player only (a phone at the table): "
            "the command must be theirs, and what is shown is their view.",
        ),
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Submit one command: as JSON, by option number, or a recorded draw."""
    if sum(x is not None for x in (json_, pick, draw)) != 1:
        raise UserError("give exactly one of --json, --pick or --draw")
    application = _app(store)
    gid = _game_id(application, game)
    package = application.game_of(gid)
    viewer = as_.strip().lower() if as_ else None
    # checked first: a pick or a draw is read against it, and a command at no input point could only conflict
    state = _state_at_input(application, gid, at_event, "--at-event") if at_event is not None or json_ is None else None
    if json_ is not None:
        command = package.parse_command(json_)
    elif draw is not None:
        command = draw_command(package, state, draw)
    else:
        p = package.engine.pending(state)
        actor = (player or viewer or (p.actors[0] if p.actors else "")).strip().lower()
        if p.is_chance or actor not in p.actors:
            raise UserError(
                f"--pick needs a player who must act now ({', '.join(p.actors) or 'nobody'}); for chance use --draw"
            )
        opts = p.options(actor)
        if not 1 <= pick <= len(opts):
            raise UserError(f"--pick takes 1..{len(opts)} for {actor}")
        command = opts[pick - 1]
    if viewer is not None and getattr(command, "player", None) != viewer:
        raise UserError(f"acting as {viewer}, only {viewer}'s own commands can be entered")
    _submit(store, game, command, application, expected=at_event, viewer=viewer)


def _submit(
    store: str | None, game: str, command, application=None, expected: int | None = None, viewer: str | None = None
) -> None:

    application = application or _app(store)
    gid = _game_id(application, game)
    at, events = application.store_input(gid, command, expected=expected)
    log = application.log(gid)
    package = application.game_of(gid)
    first = at + 1
    for n, entry in enumerate(package.log_entries(log[: at + len(events)], viewer, first), first):
        console.print(f"{n:5d}  [{entry['kind'][:4]}] {entry['text']}", markup=False, highlight=False)
    console.print(f"at event {len(log)}:")
    now = application.state(gid)
    games.options(package, package.engine.pending(now), viewer, hide_others=viewer is not None, state=now)
