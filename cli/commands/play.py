"""Playing: new, act, orders, play, bots."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer

from domain.games.dungeon_lords import engine
from domain.games.dungeon_lords.commands import RecordDraw, parse_command
from domain.games.dungeon_lords.views import visible_event

from ..context import OPTIONS, StoreOpt, _app, _bots, _game_id, app
from ..errors import UserError, handled
from ..render import console, options_table, print_events, scores_table, status_table


@app.command()
@handled
def new(
    players: Annotated[int, typer.Option(help="Number of players, 2 to 4.", min=2, max=4)] = 4,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names, clockwise (sets the count).")] = None,
    variant: Annotated[str, typer.Option(help="Rules variant: first_game or full.")] = "first_game",
    mode: Annotated[
        str, typer.Option(help="digital (the engine draws) or tabletop (you record every draw).")
    ] = "digital",
    seed: Annotated[
        int | None,
        typer.Option(help="Seed for the engine's draws (digital mode), 0 to 2^63 - 1.", min=0, max=2**63 - 1),
    ] = None,
    starting_player: Annotated[int, typer.Option(help="Seat (0-based) of the starting player.")] = 0,
    scenario: Annotated[Path | None, typer.Option(help="Start from a scenario file (JSON) instead.")] = None,
    store: StoreOpt = None,
) -> None:
    """Create a game and print its id."""
    application = _app(store)
    if scenario is not None:
        events, _ = engine.from_scenario(scenario, OPTIONS["catalog"])
        gid = application.create_from_events(events)
    else:
        seats = names.split(",") if names else [f"Player {i + 1}" for i in range(players)]
        gid = application.create_game(
            [s.strip() for s in seats],
            variant=variant,
            mode=mode,
            seed=seed,
            starting_player=starting_player,
            catalog_overrides=OPTIONS["catalog"],
        )
    console.print(str(gid))


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
    draw: Annotated[str | None, typer.Option(help="Record a draw: comma-separated component ids.")] = None,
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
    viewer = as_.strip().lower() if as_ else None
    if json_ is not None:
        command = parse_command(json_)
    elif draw is not None:
        command = RecordDraw(cards=[c.strip() for c in draw.split(",") if c.strip()])
    else:
        state = application.state(gid, version=at_event)
        p = engine.pending(state)
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
    events = application.execute(gid, command, expected=expected)
    log = application.log(gid)
    shown = [visible_event(log, n, viewer) for n in range(len(log) - len(events) + 1, len(log) + 1)]
    print_events(shown, start=len(log) - len(events) + 1)
    console.print(f"at event {len(log)}:")
    options_table(application.pending(gid), actor_filter=viewer, hide_others=viewer is not None)


@app.command()
@handled
def play(
    players: Annotated[int, typer.Option(help="Number of players, 2 to 4.", min=2, max=4)] = 4,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the draws and the bots, 0 to 2^63 - 1.", min=0, max=2**63 - 1)
    ] = None,
    variant: Annotated[str, typer.Option(help="Rules variant: first_game or full.")] = "first_game",
    bots: Annotated[
        str,
        typer.Option(help="Bots for the seats, comma-separated (one name for all seats); see `dungeon-lords bots`."),
    ] = "random",
    store: StoreOpt = None,
    verbose: Annotated[bool, typer.Option(help="Print every event, not just the result.")] = False,
) -> None:
    """Play a complete game with bots for every seat, store it, and print the final scores and titles."""
    from domain.games.dungeon_lords.bots import play_until_blocked

    seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
    known = _bots()
    names = bots.split(",")
    if len(names) == 1:
        names = names * players
    if len(names) != players or any(n not in known for n in names):
        raise UserError(f"--bots takes 1 or {players} names among: {', '.join(known)}")
    events, state = engine.new_game(
        [f"{n} {i + 1}" for i, n in enumerate(names)],
        variant=variant,
        seed=seed,
        bots=names,
        catalog_overrides=OPTIONS["catalog"],
    )
    more, state, waiting = play_until_blocked(
        state, {p.color: known[n] for p, n in zip(state.players, names)}, seed=seed
    )
    events += more
    gid = _app(store).create_from_events(events)
    if verbose:
        print_events(events)
    if state.scores:
        scores_table(state)
    else:
        status_table(state, None)
    shown = f"seed {seed}, " if state.scores else ""  # a seed predicts the draws: shown once it is over
    console.print(f"Game {gid}: {len(events)} events stored ({shown}{variant.replace('_', ' ')}).")
    if waiting.actors or waiting.kind != "game_over":
        console.print(f"[bold]The game stops here:[/] {waiting.prompt}")


@app.command("bots")
@handled
def bots_cmd() -> None:
    """List the bots that can play a seat."""
    for name, bot in _bots().items():
        doc = (bot.__doc__ or "").strip().splitlines()
        console.print(f"{name:16s} {doc[0] if doc else ''}")
