"""Dungeon Lords in the terminal and on the page (looked up by :mod:`cli.games` by the game's name): its status
picture, options and score card (``render.py``), the page's board (``board_svg.py``), and its own commands:
catalog (``catalog.py``), orders (a round's three orders) and training (the Combat Training dungeons);
the record loop's orders typed as cards (``record.py``); words in the reader's language (``words.py``; the
log's events: ``event_words.py``)."""

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
from .event_words import event_words, say  # noqa: F401  (the log in the reader's language, looked up here)
from .record import record_command, record_hint  # noqa: F401  (the record loop's hooks, looked up here)
from .render import options_table, scores_table, status_table


def status(package, state, viewer: str | None) -> None:
    """The status picture as ``viewer`` may see it (the view is the one redaction)."""
    status_table(package.from_dict(package.view(state, viewer)) if viewer else state, viewer)


def options(package, p, viewer: str | None, hide_others: bool, state) -> None:
    """The pending decision and its numbered options, with what each costs."""
    options_table(p, actor_filter=viewer, hide_others=hide_others, state=state)


def install_page(env) -> None:
    """The table page's board pictures (``dl_dungeon``, ``dl_central``) in its Jinja2 environment."""
    from .board_svg import install_board

    install_board(env)


def page_taps(package, pending, actors: list[str]):
    """The dungeon squares that answer the page's decision, by player and square (:mod:`.board_svg`)."""
    from .board_svg import page_taps as taps

    return taps(package, pending, actors)


def final(package, state) -> None:
    """The score card of a finished game (else the status picture)."""
    scores_table(state) if state.scores else status_table(state, None)


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
    events[0] = events[0].model_copy(update={"origin": "training"})
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
