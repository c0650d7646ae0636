"""``serve --workers N``: uvicorn starts N worker processes afresh, each building its app here from the
settings the ``serve`` command hands them in an environment variable (:data:`SETTINGS`). The workers
share everything through the PostgreSQL store: games, tokens (digests in the store; a page's form
token is derived from its cookie, no secret of the process), conflicts (one atomic append per input) and
live pages (``LISTEN/NOTIFY``, :mod:`.live`)."""

from __future__ import annotations

import json
import os
from typing import Any

SETTINGS = "DL_SERVE_SETTINGS"


def configure(app: Any, base_urls: list[str], https_only: bool) -> Any:
    """Give ``app`` the addresses phones reach it at (join links, QR codes) and the cookie policy."""
    app.state.base_urls = base_urls
    app.state.https_only = https_only
    return app


def settings(store: str | None, base_urls: list[str], https_only: bool) -> str:
    """The value of :data:`SETTINGS` for the workers of one ``serve``."""
    return json.dumps({"store": store, "base_urls": base_urls, "https_only": https_only})


def worker_app() -> Any:
    """One worker's app (uvicorn's factory, ``cli.http.workers:worker_app``).

    Raises:
        KeyError: :data:`SETTINGS` is not set (this is not a worker of ``serve``)."""
    from .app import create_app

    given = json.loads(os.environ[SETTINGS])
    return configure(create_app(given["store"]), given["base_urls"], given["https_only"])
