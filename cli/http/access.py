"""Who a request speaks for: a game's recorder or one of its seats, by the token it carries.

The API takes the token from ``Authorization: Bearer TOKEN``; the table page from a cookie set when the
player opened the game's join link (``/join/GAME?token=...``), one cookie per game, HttpOnly and
SameSite=Strict (a page of another site cannot post with it). Tokens are never logged.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi import HTTPException, Request

from domain.service.tokens import RECORDER


def cookie_name(gid: str | UUID) -> str:
    """The cookie that holds a browser's token for game ``gid``."""
    return f"dl_{UUID(str(gid)).hex}"


def service_of(request: Request) -> Any:
    """The application service the server runs on."""
    return request.app.state.service


def token_of(request: Request, gid: str) -> str | None:
    """The token a request carries for ``gid``: its bearer header, else the game's cookie."""
    header = request.headers.get("authorization", "")
    if header.startswith("Bearer "):
        return header.removeprefix("Bearer ").strip()
    return request.cookies.get(cookie_name(gid))


def role(request: Request, gid: str) -> str:
    """``"recorder"`` or the seat the request's token is for in game ``gid``.

    Raises:
        GameNotFound: no such game (404 first, so a token cannot probe for games).
        HTTPException: 401 without a token of this game."""
    found = request.app.state.tokens.role_of(UUID(gid), token_of(request, gid))
    if found is None:
        service_of(request).game_of(gid)
        raise HTTPException(401, "a token of this game is needed: Authorization: Bearer TOKEN, or its join link")
    return str(found)


def recorder_only(request: Request, gid: str, what: str) -> None:
    """Raises HTTPException 403 unless the request is the recorder's."""
    if role(request, gid) != RECORDER:
        raise HTTPException(403, f"only the recorder's token may {what}")


def seat_view(request: Request, gid: str, asked: str | None) -> str | None:
    """The seat whose view a request gets (None: the recorder's whole table). A seat's token sees its own
    view whatever it asks (another seat's: 403); the recorder may ask for any seat's.

    Raises:
        HTTPException: 403 (another seat's view). RuleViolation: SEAT_UNKNOWN (422)."""
    who = role(request, gid)
    if who != RECORDER:
        if asked not in (None, who):
            raise HTTPException(403, f"this token is {who}'s: it sees only {who}'s view")
        return who
    service = service_of(request)
    seats = service.game_of(gid).seats(service.state(gid))
    if asked is not None and asked not in seats:
        raise service.game_of(gid).rules.index.refuse(
            "SEAT_UNKNOWN", "as= takes a seat of this game: {seats}", seats=", ".join(seats)
        )
    return asked


def tokens_carried(request: Request) -> list[str]:
    """Every game token a request carries: its bearer header and the games' cookies."""
    found = [v for k, v in request.cookies.items() if k.startswith("dl_")]
    header = request.headers.get("authorization", "")
    if header.startswith("Bearer "):
        found.append(header.removeprefix("Bearer ").strip())
    return found


def seats_shown(request: Request, summary: Any) -> list[str]:
    """A lobby's seats of a game: with the players' names only for a request that carries a token of that
    game (anyone on the network can open the lobby); else each seat's colour, and "(bot)" for a bot."""
    opened = getattr(request.state, "games_opened", None)
    if opened is None:
        opened = request.state.games_opened = request.app.state.tokens.games_opened_by(tokens_carried(request))
    if str(summary.id) in opened:
        return list(summary.seats)
    return [s.split(" ", 1)[0] + (" (bot)" if s.endswith("(bot)") else "") for s in summary.seats]


def known_query(request: Request) -> None:
    """Refuse a query parameter the route does not take (422 REQUEST_INVALID, as any field that does not fit):
    an unknown field is refused, never ignored.

    Raises:
        RequestValidationError: the unknown parameters, by name."""
    from fastapi.exceptions import RequestValidationError

    dependant = getattr(request.scope.get("route"), "dependant", None)
    if dependant is None:
        return
    known: set[str] = set()
    stack = [dependant]
    while stack:
        d = stack.pop()
        known |= {p.alias for p in d.query_params}
        stack += d.dependencies
    unknown = sorted(set(request.query_params) - known)
    if unknown:
        raise RequestValidationError(
            [
                {"loc": ("query", name), "msg": "not a parameter of this request", "type": "extra_forbidden"}
                for name in unknown
            ]
        )
