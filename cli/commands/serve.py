"""serve: the game service over HTTP on this machine (127.0.0.1), the same rules and store as the CLI;
tokens: a game's access tokens."""

from __future__ import annotations

from typing import Annotated

import typer

from ..context import GameArg, StoreOpt, _app, _game_id, app
from ..errors import handled
from ..render import console


@app.command()
@handled
def serve(
    port: Annotated[int, typer.Option(help="The port to listen on.", min=1, max=65535)] = 8765,
    host: Annotated[
        str,
        typer.Option(
            help="The address to listen on: 127.0.0.1 (this machine only) or the table's network, e.g. 0.0.0.0; "
            "every game's requests need its tokens either way."
        ),
    ] = "127.0.0.1",
    store: StoreOpt = None,
) -> None:
    """Serve the games over HTTP (JSON API; its reference: http://HOST:PORT/docs). Requests are not logged
    (tokens travel in a header, never in a path)."""
    import uvicorn

    from ..http.app import create_app

    if host not in ("127.0.0.1", "localhost", "::1"):
        console.print(f"note: serving on {host}: anyone on that network reaches the API; game data needs its tokens")
    uvicorn.run(  # open live streams (the pages' server-sent events) do not hold a shutdown up
        create_app(store), host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=3
    )


@app.command()
@handled
def tokens(game: GameArg, store: StoreOpt = None) -> None:
    """Issue new access tokens for a game (the recorder's and one per seat) and print them once; the old
    ones stop working. Give each player their seat's token: it shows only their view."""
    from domain.service.tokens import RECORDER, AccessTokens

    application = _app(store)
    gid = _game_id(application, game)
    issued = AccessTokens(application).issue(gid, application.game_of(gid).seats(application.state(gid)))
    console.print(f"recorder  {issued[RECORDER]}")
    for seat, token in issued["seats"].items():
        console.print(f"{seat:9s} {token}")
