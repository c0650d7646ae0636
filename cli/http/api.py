"""The JSON API: every route runs the same application service as the CLI (no second path for rules).

A rule refusal is 422 with its code, message and rule; a stale ``expected`` event number is 409 with the
number the game is at; an unknown game is 404; a missing token 401; a token that may not do it 403.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, Depends, HTTPException, Query, Request, Security
from fastapi.security import HTTPBearer
from pydantic import BaseModel

from domain.kernel import RuleIndex, RuleViolation
from domain.kernel.text import natural_key
from domain.service.application import GameConflict
from domain.service.names import draw_command
from domain.service.tokens import RECORDER

from .access import known_query, role, seat_view, seats_shown, service_of
from .models import (
    Accepted,
    Conflict,
    Created,
    Detail,
    Draw,
    ImportRecord,
    Input,
    Listed,
    NewGame,
    Refusal,
    Waiting,
)
from .rulesets import rules_modules


def _json(model: type[BaseModel], why: str) -> dict[str, Any]:
    """An error answer documented as JSON on every route (a text route's errors are JSON too)."""
    return {"description": why, "content": {"application/json": {"schema": model.model_json_schema()}}}


ANSWERS: dict[int | str, dict[str, Any]] = {
    400: _json(Detail, "the body is not text (UTF-8)"),
    422: _json(Refusal, "a rule refusal, or a field that does not fit (REQUEST_INVALID)"),
}


GAME_ANSWERS: dict[int | str, dict[str, Any]] = {
    401: _json(Detail, "no token of this game"),
    403: _json(Detail, "this token may not do that (a seat's token reaching past its seat)"),
    404: _json(Detail, "no such game"),
}
#: The token of a game (documented as the bearer scheme; the table page sends it as a cookie instead).


BEARER = HTTPBearer(auto_error=False, description="a game's recorder or seat token")


router = APIRouter(prefix="/api", responses=ANSWERS, dependencies=[Depends(known_query)])


game = APIRouter(
    prefix="/api/games/{gid}",
    responses={**ANSWERS, **GAME_ANSWERS},
    dependencies=[Security(BEARER), Depends(known_query)],
)


KERNEL = RuleIndex({})  # the kernel's refusals, for what is refused before a game is known
T = TypeVar("T")
CONFLICT_RETRIES = 20  # an input without `expected` is tried again this often while others append first


def _created(request: Request, gid: Any) -> Created:
    service = service_of(request)
    issued = request.app.state.tokens.issue(gid, service.game_of(gid).seats(service.state(gid)))
    return Created(id=str(gid), events=len(service.log(gid)), tokens=issued)


def accepted(request: Request, gid: str, after: int, new: int, viewer: str | None) -> Accepted:
    """The ``new`` events stored after event ``after``, as ``viewer`` may see them (a seat's input may cause
    what it may not see); others may have been appended since."""
    service = service_of(request)
    log = service.log(gid)[: after + new]
    entries = service.game_of(gid).log_entries(log, viewer, after + 1)
    return Accepted(events=[x["data"] for x in entries], event=after + new)


def where_it_stands(service: Any, gid: str, expected: int | None, act: Callable[[int], T]) -> tuple[int, T]:
    """``act(at)`` at event ``expected`` (the service answers 409 if the game has moved on), or, without
    it, wherever the game stands when it is stored (tried again if another client appended first).
    Returns the event number it was done at and what ``act`` returned.

    Raises:
        GameConflict, RuleViolation."""
    if expected is not None:
        return expected, act(expected)
    for _ in range(CONFLICT_RETRIES):
        at, _ = service.now(gid)
        try:
            return at, act(at)
        except GameConflict:
            continue
    raise GameConflict(gid, "the game kept moving on while this input was stored; try again")


@router.get("/games")
def games(request: Request) -> list[Listed]:
    """Every game in the store: id, game, origin, seats, status, events. The players' names only of the
    games whose token the request carries (else each seat's colour)."""
    return [
        Listed(
            id=str(s.id), game=s.game, origin=s.origin, seats=seats_shown(request, s), status=s.status, events=s.events
        )
        for s in service_of(request).summaries()
    ]


@router.post("/games", status_code=201)
def new_game(request: Request, body: NewGame) -> Created:
    """Create a game (set-up checked by its rules: SETUP_INVALID is a 422). Its tokens are shown once."""
    try:
        gid = service_of(request).create_game(
            body.names,
            variant=body.variant,
            mode=body.mode,
            seed=body.seed,
            game=body.game,
            **rules_modules(body.game, body.ruleset, body.modules),
        )
    except KeyError as exc:
        raise RuleViolation("SETUP_INVALID", str(exc).strip("'\""), "setup.players") from None
    return _created(request, gid)


@router.post("/games/import", status_code=201)
def import_record(request: Request, body: ImportRecord) -> Created:
    """Rebuild a game from its record through the rules and store it (origin ``imported``); a bad line is
    RECORD_INVALID naming the line, and nothing is stored. Its tokens are shown once."""
    try:
        gid = service_of(request).import_record(body.record, allow_unfinished=body.allow_unfinished)
    except ValueError as exc:
        raise KERNEL.refuse("RECORD_INVALID", "{exc} (nothing was stored)", exc=exc) from None
    return _created(request, gid)


@game.get("/state")
def state(request: Request, gid: str, as_: str | None = Query(None, alias="as")) -> dict[str, Any]:
    """The game as ``as`` (a seat) may see it, or the recorder's whole table. A seat's token sees its own
    view whatever ``as`` says (another seat: 403)."""
    viewer = seat_view(request, gid, as_)
    service = service_of(request)
    at, now = service.now(gid)
    return {"event": at, **service.game_of(gid).view(now, viewer)}


@game.get("/options", response_model_exclude_none=True)
def options(request: Request, gid: str, as_: str | None = Query(None, alias="as")) -> Waiting:
    """What the game waits for: who, the prompt, the rule, and the legal commands (or the draw). A seat's
    token sees only its own commands, and not what a draw may bring (``as`` another seat: 403); the
    recorder's sees every seat's, or with ``as`` what that seat would see."""
    viewer = seat_view(request, gid, as_)
    who = RECORDER if viewer is None else viewer
    service = service_of(request)
    at, now = service.now(gid)  # the event number and what it waits for, read together
    p = service.game_of(gid).engine.pending(now)
    out = Waiting(
        event=at, kind=p.kind, actors=p.actors, prompt=p.prompt, rule=service.game_of(gid).rules.index.cite(p.rule)
    )
    if p.is_chance and p.chance is not None:
        pool: list[str] | str = sorted(p.chance.pool, key=natural_key) if who == RECORDER else "hidden"
        out.chance = Draw(what=p.chance.what, count=p.chance.count, pool=pool)
    else:
        mine = [a for a in p.actors if who in (RECORDER, a)]
        out.options = {a: [o.model_dump(mode="json") for o in p.options(a)] for a in mine}
    return out


@game.post("/inputs", responses={409: {"model": Conflict}})
def submit(request: Request, gid: str, body: Input) -> Accepted:
    """Submit one input; with ``expected``, a game that moved on since is a 409 and nothing is stored.
    A seat's token enters only that seat's decisions (a draw or another seat's: 403)."""
    who = role(request, gid)
    service = service_of(request)
    package = service.game_of(gid)
    if (body.command is None) == (body.draw is None):
        raise KERNEL.refuse("COMMAND_MALFORMED", "give exactly one of command or draw")
    if body.draw is not None:
        command: Any = draw_command(package, service.state(gid), body.draw)
    else:
        command = package.parse_command(body.command)
    if who != RECORDER and getattr(command, "player", None) != who:
        raise HTTPException(403, f"this token is {who}'s: it enters only {who}'s decisions")
    _, (at, events) = where_it_stands(
        service, gid, body.expected, lambda at: service.store_input(gid, command, expected=at)
    )
    return accepted(request, gid, at, len(events), None if who == RECORDER else who)
