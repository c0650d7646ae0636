"""The HTTP API of the game service: JSON over the same :class:`~domain.service.application.DungeonLords`
the CLI uses. Every request and response is a pydantic model, so the OpenAPI document (``/docs``) is the
reference. A rule refusal is 422 with its code, message and rule; a stale ``expected`` event number is 409
with the number the game is at; an unknown game is 404. Nothing a user sends yields a 500.

Access: creating a game returns its tokens (once): the recorder's (every seat, draws, undo, log, export)
and one per seat (``Authorization: Bearer TOKEN``). A seat's token shows only that seat's view and acts only
for that seat; anything else is 403. A missing or unknown token is 401. ``dungeon-lords tokens GAME`` issues
new tokens for a game (the old ones stop working).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field

from domain.kernel import RuleViolation
from domain.service.application import DungeonLords, GameConflict, GameNotFound
from domain.service.names import draw_command
from domain.service.tokens import RECORDER, AccessTokens


class NewGame(BaseModel):
    """A game to create: which game, the players clockwise, and how chance is answered."""

    game: str = Field("dungeon_lords", description="dungeon_lords or monster_inn")
    names: list[str] = Field(min_length=1, max_length=6)
    mode: str = Field("digital", description="digital (the engine draws) or tabletop (the recorder enters draws)")
    seed: int | None = Field(None, ge=0, lt=2**63)
    variant: str | None = None


class Created(BaseModel):
    id: str
    events: int
    tokens: dict[str, Any] = Field(description="shown once: {recorder: token, seats: {seat: token}}")


class Input(BaseModel):
    """One input: a command as JSON (what ``options`` lists), or a draw as people say it (``text``)."""

    command: dict[str, Any] | None = None
    draw: str | None = Field(None, description="a draw by printed names, ids or prefixes: 'troll ghost witch'")
    expected: int | None = Field(None, ge=1, description="the event number the game was at when you looked")


class Accepted(BaseModel):
    events: list[dict[str, Any]]
    event: int


class Refusal(BaseModel):
    code: str
    message: str
    rule: str


def create_app(store: str | None = None) -> FastAPI:
    """The application on ``store`` (a store spec as ``--store`` takes it; None: the default store)."""
    api = FastAPI(title="Dungeon Lords game service", version="0.1.0")
    service = DungeonLords.open(store)
    tokens = AccessTokens(service)

    def role(request: Request, gid: str) -> str:
        """Who the request's token speaks for in game ``gid``: "recorder" or a seat (401 without one)."""
        header = request.headers.get("authorization", "")
        found = tokens.role_of(
            UUID(gid), header.removeprefix("Bearer ").strip() if header.startswith("Bearer ") else None
        )
        if found is None:
            service.game_of(gid)  # an unknown game is a 404 first
            raise HTTPException(401, "a token of this game is needed: Authorization: Bearer TOKEN")
        return found

    def recorder_only(request: Request, gid: str, what: str) -> None:
        if role(request, gid) != RECORDER:
            raise HTTPException(403, f"only the recorder's token may {what}")

    @api.exception_handler(RuleViolation)
    def _refused(request: Request, exc: RuleViolation) -> JSONResponse:
        return JSONResponse(status_code=422, content=exc.as_dict())

    @api.exception_handler(GameConflict)
    def _conflict(request: Request, exc: GameConflict) -> JSONResponse:
        return JSONResponse(status_code=409, content={"detail": str(exc), "event": len(service.log(exc.game_id))})

    @api.exception_handler(GameNotFound)
    def _missing(request: Request, exc: GameNotFound) -> JSONResponse:
        return JSONResponse(status_code=404, content={"detail": str(exc)})

    @api.middleware("http")
    async def _ids(request: Request, call_next: Any) -> Any:
        """A game id that is not a UUID names no game: 404, like an unknown one."""
        parts = request.url.path.split("/")
        if len(parts) > 3 and parts[1:3] == ["api", "games"]:
            try:
                UUID(parts[3])
            except ValueError:
                return JSONResponse(status_code=404, content={"detail": f"There is no game {parts[3]} in this store."})
        return await call_next(request)

    @api.get("/api/games")
    def games() -> list[dict[str, Any]]:
        """Every game in the store: id, game, origin, seats, status, events."""
        return [
            {
                "id": str(s.id),
                "game": s.game,
                "origin": s.origin,
                "seats": s.seats,
                "status": s.status,
                "events": s.events,
            }
            for s in service.summaries()
        ]

    @api.post("/api/games", status_code=201, responses={422: {"model": Refusal}})
    def new_game(body: NewGame) -> Created:
        """Create a game (set-up checked by its rules: SETUP_INVALID is a 422)."""
        try:
            gid = service.create_game(body.names, variant=body.variant, mode=body.mode, seed=body.seed, game=body.game)
        except KeyError as exc:
            raise RuleViolation("SETUP_INVALID", str(exc).strip("'\""), "setup.players") from None
        issued = tokens.issue(gid, service.game_of(gid).seats(service.state(gid)))
        return Created(id=str(gid), events=len(service.log(gid)), tokens=issued)

    @api.get("/api/games/{gid}/state", responses={404: {}})
    def state(request: Request, gid: str, as_: str | None = Query(None, alias="as")) -> dict[str, Any]:
        """The game as ``as`` (a seat) may see it, or the recorder's whole table. A seat's token sees its own
        view whatever ``as`` says (another seat: 403)."""
        who = role(request, gid)
        if who != RECORDER:
            if as_ not in (None, who):
                raise HTTPException(403, f"this token is {who}'s: it sees only {who}'s view")
            as_ = who
        package, now = service.game_of(gid), service.state(gid)
        if as_ is not None and as_ not in package.seats(now):
            raise HTTPException(422, f"as= takes a seat of this game: {', '.join(package.seats(now))}")
        return {"event": len(service.log(gid)), **package.view(now, as_)}

    @api.get("/api/games/{gid}/options", responses={404: {}})
    def options(request: Request, gid: str) -> dict[str, Any]:
        """What the game waits for: who, the prompt, the rule, and the legal commands (or the draw). A seat's
        token sees only its own commands, and not what a draw may bring."""
        who = role(request, gid)
        p = service.pending(gid)
        out: dict[str, Any] = {"event": len(service.log(gid)), "kind": p.kind, "actors": p.actors, "prompt": p.prompt}
        out["rule"] = service.game_of(gid).rules.index.cite(p.rule)
        if p.is_chance and p.chance is not None:
            pool: Any = sorted(p.chance.pool) if who == RECORDER else "hidden"
            out["chance"] = {"what": p.chance.what, "count": p.chance.count, "pool": pool}
        else:
            mine = [a for a in p.actors if who in (RECORDER, a)]
            out["options"] = {a: [o.model_dump(mode="json") for o in p.options(a)] for a in mine}
        return out

    @api.post("/api/games/{gid}/inputs", responses={404: {}, 409: {}, 422: {"model": Refusal}})
    def submit(request: Request, gid: str, body: Input) -> Accepted:
        """Submit one input; with ``expected``, a game that moved on since is a 409 and nothing is stored.
        A seat's token enters only that seat's decisions (a draw or another seat's: 403)."""
        who = role(request, gid)
        package = service.game_of(gid)
        if (body.command is None) == (body.draw is None):
            raise RuleViolation("COMMAND_MALFORMED", "give exactly one of command or draw", "input.schema")
        if body.draw is not None:
            command: Any = draw_command(package, service.state(gid), body.draw)
        else:
            command = package.parse_command(body.command)
        if who != RECORDER and getattr(command, "player", None) != who:
            raise HTTPException(403, f"this token is {who}'s: it enters only {who}'s decisions")
        events = service.execute(gid, command, expected=body.expected)
        return Accepted(events=[e.to_json() for e in events], event=len(service.log(gid)))

    @api.post("/api/games/{gid}/undo", responses={404: {}, 422: {"model": Refusal}})
    def undo(request: Request, gid: str) -> Accepted:
        """Take back the latest input still standing (itself an event); the recorder's token."""
        recorder_only(request, gid, "undo")
        event = service.undo(gid)
        return Accepted(events=[event.to_json()], event=len(service.log(gid)))

    @api.get("/api/games/{gid}/log", responses={404: {}})
    def log(request: Request, gid: str) -> list[dict[str, Any]]:
        """Every event, numbered from 1 (the recorder's view; the recorder's token)."""
        recorder_only(request, gid, "read the whole log")
        return [{"n": n, **e.to_json()} for n, e in enumerate(service.log(gid), 1)]

    @api.get("/api/games/{gid}/export", response_class=PlainTextResponse, responses={404: {}})
    def export(request: Request, gid: str) -> str:
        """The game's record (docs/record-format.md; the recorder's token)."""
        recorder_only(request, gid, "export the record")
        return str(service.game_of(gid).export(service.log(gid)))

    return api
