"""The HTTP side of the game service: the JSON API (:mod:`.api`) and the table page (:mod:`.page`) over
the same :class:`~domain.service.application.GameService` the CLI uses. Every request and response of the
API is a pydantic model, so the OpenAPI document (``/docs``) is the reference.

Answers: a rule refusal is 422 with its code, message and rule; a stale ``expected`` event number is 409
with the number the game is at; an unknown game is 404; nothing a user sends yields a 500.

Access (:mod:`.access`): creating or importing a game returns its tokens (once): the recorder's (every
seat, draws, undo, correct, audit, the whole log, export) and one per seat (``Authorization: Bearer TOKEN``,
or the cookie its join link sets). A seat's token shows only that seat's view and acts only for that seat;
anything else is 403. A missing or unknown token is 401. ``dungeon-lords tokens GAME`` issues new tokens.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException

from domain.kernel import RuleIndex, RuleViolation
from domain.service.application import GameConflict, GameNotFound, GameService
from domain.service.tokens import AccessTokens

from ..refusal_i18n import translate_refusal
from . import api, api_record, guard, page, page_history, page_join  # noqa: F401  (their routes register on import)
from .live import Live
from .page_lang import negotiated

HERE = Path(__file__).parent


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """The server's start and stop: the live pages' listener (:mod:`.live`) with it."""
    app.state.live.start()
    try:
        yield
    finally:
        app.state.live.stop()


def create_app(store: str | None = None) -> FastAPI:
    """The application on ``store`` (a store spec as ``--store`` takes it; None: the default store)."""
    # the API reference (/docs) with Swagger UI's files served from here: it works without internet
    app = FastAPIOffline(
        title="Dungeon Lords game service", version="0.2.0", favicon_url="/favicon.ico", lifespan=_lifespan
    )
    app.state.service = service = GameService.open(store)
    app.state.tokens = AccessTokens(service)
    app.state.live = Live(service)

    @app.exception_handler(RuleViolation)
    async def _refused(request: Request, exc: RuleViolation) -> Any:
        if page.wants_page(request):
            form = await request.form()  # parsed already by the route: a refused draw keeps its text
            return page.refused(request, exc, str(form.get("draw") or ""))
        lang = negotiated(request.headers.get("accept-language", ""))  # English unless asked
        return JSONResponse(status_code=422, content=translate_refusal(exc, lang))

    @app.exception_handler(GameConflict)
    async def _conflict(request: Request, exc: GameConflict) -> Any:
        if page.wants_page(request):
            form = await request.form()  # parsed already by the route: what the person had chosen
            return page.conflict(request, exc, form)
        return JSONResponse(status_code=409, content={"detail": str(exc), "event": len(service.log(exc.game_id))})

    @app.exception_handler(RequestValidationError)
    def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A request whose fields do not fit: 422 in the shape of every refusal, naming each field."""
        errors = [{"field": ".".join(map(str, e["loc"])), "reason": e["msg"]} for e in exc.errors()]
        message = "; ".join(f"{e['field']}: {e['reason']}" for e in errors)
        refusal = RuleIndex({}).refuse("REQUEST_INVALID", message)
        return JSONResponse(status_code=422, content={**refusal.as_dict(), "detail": errors})

    @app.exception_handler(GameNotFound)
    def _missing(request: Request, exc: GameNotFound) -> Any:
        if page.wants_page(request) or request.url.path.startswith("/join/"):
            return page.error_page(request, 404, str(exc))
        return JSONResponse(status_code=404, content={"detail": str(exc)})

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Any:
        """On the table page an error is a page (a 401 says how to get in); elsewhere FastAPI's JSON."""
        if page.wants_page(request) or request.url.path.startswith("/join/"):
            return page.error_page(request, exc.status_code, str(exc.detail))
        return await http_exception_handler(request, exc)

    @app.middleware("http")
    async def _ids(request: Request, call_next: Any) -> Any:
        """A game id that is not a UUID names no game: 404, like an unknown one."""
        parts = request.url.path.split("/")
        game_id = None
        if parts[1:3] == ["api", "games"] and len(parts) > 4:  # /api/games/{id}/...
            game_id = parts[3]
        elif parts[1:2] in (["table"], ["join"]) and len(parts) > 2:  # /table/{id}..., /join/{id}
            game_id = parts[2]
        if game_id is not None:
            try:
                UUID(game_id)
            except ValueError:
                return JSONResponse(status_code=404, content={"detail": f"There is no game {game_id} in this store."})
        return await call_next(request)

    guard.install(app, page.error_page)  # added last: it runs first, before any route and the id check
    app.include_router(api.router)
    app.include_router(api.game)
    app.include_router(page.router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    def _favicon() -> FileResponse:
        return FileResponse(HERE / "static" / "favicon.svg", media_type="image/svg+xml")

    return app
