"""serve: the game service over HTTP on this machine (127.0.0.1), the same rules and store as the CLI;
tokens: a game's access tokens."""

from __future__ import annotations

from typing import Annotated

import typer

from ..context import GameArg, StoreOpt, _app, _game_id, app
from ..errors import UserError, handled
from ..render import console


@app.command()
@handled
def serve(
    port: Annotated[int, typer.Option(help="The port to listen on.", min=1, max=65535)] = 8765,
    host: Annotated[
        str,
        typer.Option(
            help="The address to listen on: 127.0.0.1 (this machine only) or the table's network, e.g. 0.0.0.0 "
            "(phones on the same network can then open it); every game's requests need its tokens either way."
        ),
    ] = "127.0.0.1",
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Behind an HTTPS proxy: the proxy's addresses (comma-separated, or '*'), whose X-Forwarded-Proto "
            "and X-Forwarded-For are trusted; pages opened over HTTPS then get Secure cookies."
        ),
    ] = None,
    https_only: Annotated[
        bool, typer.Option(help="Mark every join cookie Secure (the service is reached over HTTPS only).")
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            help="How many server processes answer on the port: more than 1 needs a PostgreSQL store (they share "
            "its games, tokens and live pages); SQLite, the default, serves one process.",
            min=1,
        ),
    ] = 1,
    store: StoreOpt = None,
) -> None:
    """Serve the games over HTTP: the table page for phones and the JSON API (its reference:
    http://HOST:PORT/docs). Prints the addresses a phone can open; Ctrl-C stops it. Requests are not
    logged (tokens travel in a header or a cookie, never in a logged path)."""
    import os

    import uvicorn

    from domain.service.storage import describe_store, store_env

    from ..http.addresses import LOOPBACK, base_urls
    from ..http.app import create_app
    from ..http.workers import SETTINGS, configure, settings

    urls = base_urls(host, port, "https" if https_only else "http")
    application = configure(create_app(store), urls, https_only)  # a store that cannot be opened: exit 5, here
    if workers > 1:
        _check_shared(application.state.service)
        application.state.service.close()  # each worker opens its own
        os.environ[SETTINGS] = settings(store, urls, https_only)
    console.print(f"Serving the table page and the API at {', '.join(urls)} (Ctrl-C stops it)")
    if workers > 1:
        console.print(f"  {workers} worker processes on {describe_store(store_env(store))}")
    if host in LOOPBACK:
        console.print("  this machine only: phones cannot reach it; use --host 0.0.0.0 for the table's network")
    else:
        console.print(
            "  note: anyone on that network can open the lobby (game data needs each game's tokens); "
            "start a game there and give each player their seat's link or QR code"
        )
    try:
        uvicorn.run(  # open live streams (the pages' server-sent events) do not hold a shutdown up
            "cli.http.workers:worker_app" if workers > 1 else application,
            factory=workers > 1,
            workers=workers if workers > 1 else None,
            host=host,
            port=port,
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=3,
            proxy_headers=forwarded_allow_ips is not None,
            forwarded_allow_ips=forwarded_allow_ips,
        )
    except KeyboardInterrupt:  # uvicorn has already shut down
        pass
    console.print("stopped")


def _check_shared(service: object) -> None:
    """Several workers need a store they can share with its live pages: PostgreSQL.

    Raises:
        UserError: a SQLite or memory store (exit 2)."""
    from domain.service.live import is_postgres

    if not is_postgres(getattr(service, "recorder", None)):
        raise UserError(
            "--workers above 1 needs a PostgreSQL store (--store postgresql://...): SQLite, the default, "
            "serves one process (its writers queue on one file lock and its live pages are one process's)"
        )


@app.command()
@handled
def tokens(
    game: GameArg,
    url: Annotated[
        str | None,
        typer.Option(
            help="The service's address as phones reach it (default: this machine's network address, port 8765)."
        ),
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Issue new join links for a game (the recorder's and one per seat) and print them once; the old ones
    stop working. Give each player their seat's link: it shows only their view (docs/table-page.md)."""
    from domain.service.tokens import RECORDER, AccessTokens

    from ..http.addresses import base_urls, join_link

    application = _app(store)
    gid = _game_id(application, game)
    issued = AccessTokens(application).issue(gid, application.game_of(gid).seats(application.state(gid)))
    base = url or base_urls("0.0.0.0", 8765)[0]
    console.print(f"recorder  {join_link(base, str(gid), issued[RECORDER])}", soft_wrap=True)
    for seat, token in issued["seats"].items():
        console.print(f"{seat:9s} {join_link(base, str(gid), token)}", soft_wrap=True)
