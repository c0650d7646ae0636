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
    store: StoreOpt = None,
) -> None:
    """Serve the games over HTTP on 127.0.0.1 (JSON API; its reference: http://127.0.0.1:PORT/docs)."""
    import uvicorn

    from ..http.app import create_app

    uvicorn.run(create_app(store), host="127.0.0.1", port=port, log_level="warning")


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
