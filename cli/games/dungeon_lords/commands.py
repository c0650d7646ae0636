"""Dungeon Lords' own commands: ``orders`` (a round's three orders), ``training`` (the Combat Training dungeons)
and ``catalog`` (``catalog.py``), registered on the app when :func:`cli.games.load_commands` imports this module
(the game's pictures, ``__init__.py``, are looked up without them: start-up of a command that reads a game)."""

from __future__ import annotations

from typing import Annotated

import typer

from domain.games.dungeon_lords import engine
from domain.games.dungeon_lords.commands import parse_command
from domain.service.names import list_command

from ...commands.play import _submit
from ...consoles import console
from ...context import StoreOpt, _app, _game_id, app
from ...errors import UserError, handled
from ...game_options import CatalogOpt, ModeOpt, setup
from . import catalog as _catalog_command  # noqa: F401  (registers the catalog command)
from .render import options_table, status_table


@app.command()
@handled
def training(
    number: Annotated[str, typer.Argument(help="Training dungeon 1, 2, 3 or 4, or 'room' (Combat in Rooms).")],
    catalog: CatalogOpt = None,
    mode: ModeOpt = "digital",
    store: StoreOpt = None,
) -> None:
    """Set up one of the rulebook's Combat Training dungeons; play it with `options` and `act` (tabletop: you
    record the combat cards you draw)."""
    import json
    from importlib.resources import files

    chosen = setup(catalog=catalog, mode=mode)
    if number not in ("1", "2", "3", "4", "room"):
        raise UserError("training takes 1, 2, 3, 4 or room")
    path = files("domain.games.dungeon_lords").joinpath("scenarios", f"training-{number}.json")
    events, state = engine.from_scenario({**json.loads(path.read_text()), "mode": mode}, chosen.catalog)
    events[0] = events[0].replace(origin="training")
    gid = _app(store).create_from_events(events)
    console.print(f"{events[0].description}")
    status_table(state, None)
    options_table(engine.pending(state), state=state)
    console.print(f"\nGame {gid}")


@app.command()
@handled
def orders(
    game: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    player: Annotated[str, typer.Argument(help="The player's colour.")],
    cards: Annotated[
        list[str],
        typer.Argument(
            help="Three order cards, first order first: names, prefixes or numbers in the hand as `options` "
            "lists it (mine_gold, 'mine gold', mine, 4)."
        ),
    ],
    nonplayer: Annotated[str | None, typer.Option(help="2 players: the third order of your non-player colour.")] = None,
    store: StoreOpt = None,
) -> None:
    """Choose a player's 3 orders for this round (a friendlier form of `act --json`)."""
    color = player.strip().lower()
    if nonplayer is not None:  # 2 players: the cards as ids, with the non-player's third order
        command = parse_command(
            {"type": "choose_orders", "player": color, "orders": cards, "nonplayer_order": nonplayer}
        )
    else:
        application = _app(store)
        gid = _game_id(application, game)
        command = list_command(application.game_of(gid), application.state(gid), color, " ".join(cards))
    _submit(store, game, command)
