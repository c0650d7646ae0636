"""Bots: play (a complete game with a bot in every seat, stored) and bots (which bots there are)."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from .. import games
from ..context import StoreOpt, _app, _bots, _package, app
from ..errors import UserError, handled
from ..game_options import CatalogOpt, GameOpt, ModuleOpt, PlayersOpt, RuleOpt, RulesetOpt, VariantOpt, setup
from ..render import console


@app.command()
@handled
def play(
    game: GameOpt = None,
    players: PlayersOpt = 4,
    variant: VariantOpt = None,
    ruleset: RulesetOpt = None,
    module: ModuleOpt = None,
    rule: RuleOpt = None,
    catalog: CatalogOpt = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the draws and the bots, 0 to 2^63 - 1.", min=0, max=2**63 - 1)
    ] = None,
    bots: Annotated[
        str,
        typer.Option(help="Bots for the seats, comma-separated (one name for all seats); see `dungeon-lords bots`."),
    ] = "random",
    store: StoreOpt = None,
    verbose: Annotated[bool, typer.Option(help="Print every event, not just the result.")] = False,
) -> None:
    """Play a complete game with bots for every seat, store it, and print the final scores."""
    from domain.kernel import play_until_blocked

    chosen = setup(game, players, variant, ruleset, module, rule, catalog)
    package = chosen.package
    players = players or 4
    seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
    known = _bots(package.info.name)
    names = bots.split(",")
    if len(names) == 1:
        names = names * players
    if len(names) != players or any(n not in known for n in names):
        from domain.kernel.search import bot_names

        raise UserError(f"--bots takes 1 or {players} names among: {', '.join(bot_names(known))}")
    events, state = package.new_game(
        [f"{n} {i + 1}" for i, n in enumerate(names)], seed=seed, bots=names, **chosen.new_game_options()
    )
    seats = package.seats(state)
    more, state, waiting = play_until_blocked(
        package.engine, state, {s: known[n] for s, n in zip(seats, names, strict=True)}, seed=seed
    )
    events += more
    gid = _app(store).create_from_events(events, game=package.info.name)
    if verbose:
        words = games.describe_event(package)
        for i, e in enumerate(events, 1):
            console.print(f"{i:5d}  [{e.kind[:4]}] {words(e)}", markup=False)
    over = not waiting.actors
    games.final(package, state)
    shown = f"seed {seed}, " if over else ""  # a seed predicts the draws: shown once it is over
    console.print(f"Game {gid}: {len(events)} events stored ({shown}{package.info.title}).")
    if waiting.actors or waiting.kind != "game_over":
        console.print(f"[bold]The game stops here:[/] {waiting.prompt}")


@app.command("bots")
@handled
def bots_cmd(game: GameOpt = None) -> None:
    """List the bots that can play a seat."""
    from domain.kernel.search import NAME, SearchBot

    known = _bots(_package(game).info.name)
    for name, bot in known.items():
        doc = (bot.__doc__ or "").strip().splitlines()
        console.print(f"{name:16s} {doc[0] if doc else ''}")
    if NAME in known:  # the search bot, on request (never drawn for "every bot")
        console.print(f"{NAME + '[:PLAYOUTS[:SECONDS]]':16s} {SearchBot.summary}", markup=False)
