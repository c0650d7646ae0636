"""Playing: new, act, orders, play, bots."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from domain.service.names import draw_command

from .. import games
from ..context import StoreOpt, _app, _game_id, _state_at_input, app
from ..errors import UserError, handled
from ..game_options import CatalogOpt, GameOpt, ModeOpt, ModuleOpt, PlayersOpt, RuleOpt, RulesetOpt, VariantOpt, setup
from ..i18n import _
from ..render import console


@app.command()
@handled
def new(
    game: GameOpt = None,
    players: PlayersOpt = 4,
    variant: VariantOpt = None,
    ruleset: RulesetOpt = None,
    module: ModuleOpt = None,
    rule: RuleOpt = None,
    catalog: CatalogOpt = None,
    mode: ModeOpt = "digital",
    names: Annotated[str | None, typer.Option(help="Comma-separated player names, clockwise (sets the count).")] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed for the engine's draws (digital mode), 0 to 2^63 - 1.", min=0, max=2**63 - 1),
    ] = None,
    starting_player: Annotated[
        int | None,
        typer.Option(help="Seat (0-based) of the starting player (a game that draws it: drawn when omitted)."),
    ] = None,
    scenario: Annotated[Path | None, typer.Option(help="Start from a scenario file (JSON) instead.")] = None,
    store: StoreOpt = None,
) -> None:
    """Create a game and print its id."""
    chosen = setup(game, players, variant, ruleset, module, rule, catalog, mode)
    package = chosen.package
    application = _app(store)
    if scenario is not None:  # the scenario says who plays what and how
        setups = {"--variant": variant, "--ruleset": ruleset, "--module": module, "--rule": rule}
        if any(setups.values()):
            raise UserError(f"--scenario sets up the game itself: drop {', '.join(f for f, v in setups.items() if v)}")
        try:  # the CLI reads the file: a game reads none (it takes the scenario's text)
            text = scenario.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UserError(f"cannot read the scenario file: {exc}") from None
        events, _ = package.from_scenario(text, chosen.catalog)
        console.print(str(application.create_from_events(events, game=package.info.name)))
        return
    seats = names.split(",") if names else [f"Player {i + 1}" for i in range(players or 4)]
    gid = application.create_game(
        [s.strip() for s in seats],
        seed=seed,
        starting_player=starting_player,
        game=package.info.name,
        **chosen.new_game_options(),
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
        raise UserError(_("give exactly one of --json, --pick or --draw"))
    application = _app(store)
    gid = _game_id(application, game)
    package = application.game_of(gid)
    viewer = as_.strip().lower() if as_ else None
    # checked first: a pick or a draw is read against it, and a command at no input point could only conflict
    state = _state_at_input(application, gid, at_event, "--at-event") if at_event is not None or json_ is None else None
    if json_ is not None:
        command = package.parse_command(json_)
    elif draw is not None:
        games.use_names(package, state)  # a refused draw names what can come up in the reader's language
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
            raise UserError(_("--pick takes 1..{n} for {actor}").format(n=len(opts), actor=actor))
        command = opts[pick - 1]
    if viewer is not None and getattr(command, "player", None) != viewer:
        raise UserError(_("acting as {viewer}, only {viewer}'s own commands can be entered").format(viewer=viewer))
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
