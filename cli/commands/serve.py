"""serve: the game service over HTTP on this machine (127.0.0.1), the same rules and store as the CLI."""

from __future__ import annotations

from typing import Annotated

import typer

from ..context import StoreOpt, app
from ..errors import handled


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
