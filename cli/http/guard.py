"""What keeps another page from acting with a table page's cookie (cross-site request forgery), and the
headers every answer carries.

A phone's browser sends a game's cookie with every request to this host, whatever page asks: a page of
another site, or of another port of the same machine (``SameSite`` does not tell ports apart). So every
request that changes something (POST, PUT, PATCH, DELETE) must come from this service's own pages:

- its ``Origin`` header, when sent and not ``null``, must be this service's own origin (scheme, host and
  port), and its ``Sec-Fetch-Site``, when sent, ``same-origin`` or ``none`` (typed by the person): else 403
  (a browser sends ``Origin: null`` from our own pages, whose Referrer-Policy is no-referrer);
- a table page's form carries ``csrf``, a token only a page that could read the game's cookie can know
  (an HMAC of the game id keyed by the cookie's token, :func:`form_token`): missing or wrong, 403.

The JSON API is not affected by the second check: it authenticates with ``Authorization: Bearer``, which
a browser never adds by itself (a cookie-authenticated API call still passes the first check).

Every answer says ``Referrer-Policy: no-referrer`` (a join link's token never leaves in a Referer),
``X-Content-Type-Options: nosniff`` and that no other site may frame the page.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
}

ErrorPage = Callable[[Request, int, str], Any]  # (request, HTTP status, message) -> the page's answer


def form_token(token: str, gid: str) -> str:
    """The ``csrf`` field of a table page's forms for the browser holding ``token`` in game ``gid``."""
    return hmac.new(token.encode(), f"csrf:{gid}".encode(), hashlib.sha256).hexdigest()[:32]


def _own_origin(request: Request) -> str:
    url = request.url  # behind a proxy, uvicorn's --forwarded-allow-ips makes this the public address
    default = {"http": 80, "https": 443}.get(url.scheme)
    port = f":{url.port}" if url.port and url.port != default else ""
    return f"{url.scheme}://{url.hostname}{port}"


def cross_site(request: Request) -> str | None:
    """Why an unsafe request does not come from this service's own pages (None: it may)."""
    if request.method not in UNSAFE:
        return None
    origin = request.headers.get("origin")
    # "null": what a browser sends from a page whose Referrer-Policy is no-referrer (ours) or from a sandboxed
    # frame; it names no site, so Sec-Fetch-Site and the form token decide
    if origin not in (None, "null") and origin.rstrip("/") != _own_origin(request):
        return f"it was sent by a page of {origin}, not of this service"
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return f"it was sent from another site ({site})"
    return None


def refuse(request: Request, why: str, error_page: ErrorPage) -> Any:
    """The 403 answer: a page that says why on the table page's paths (drawn by ``error_page``), else JSON."""
    message = f"Refused: {why}. Open the game from its join link and use its own page."
    if request.url.path.startswith(("/table/", "/new", "/join/")):
        return error_page(request, 403, message)
    return JSONResponse(status_code=403, content={"detail": message})


def headers(response: Any) -> Any:
    """Set the headers every answer carries (see the module docstring)."""
    for key, value in HEADERS.items():
        response.headers.setdefault(key, value)
    return response


def install(app: Any, error_page: ErrorPage) -> None:
    """Add the checks and headers to ``app`` (a middleware in front of every route); ``error_page(request,
    status, message)`` draws a refusal on the table page's paths (the page's own, passed in: the page checks
    its forms here, so this module does not import it)."""

    @app.middleware("http")
    async def _guard(request: Request, call_next: Any) -> Any:
        why = cross_site(request)
        if why is not None:
            return headers(refuse(request, why, error_page))
        return headers(await call_next(request))


def check_form(request: Request, gid: str, sent: str | None) -> None:
    """Check a table page form's ``csrf`` field against the request's cookie for ``gid``.

    Raises:
        HTTPException: 403 when the request carries the game's cookie and ``sent`` is missing or wrong (a
            request with ``Authorization: Bearer`` is a script's, which no other page can forge)."""
    from fastapi import HTTPException

    from .access import cookie_name

    if request.headers.get("authorization", "").startswith("Bearer "):
        return
    token = request.cookies.get(cookie_name(gid))
    if token is not None and (sent is None or not hmac.compare_digest(sent, form_token(token, gid))):
        raise HTTPException(403, "this form did not come from this game's own page (reload the page and try again)")
