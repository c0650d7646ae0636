"""The JSON API's routes about a game's record: undo, correct (with its dry run), audit, the log as a seat
may see it, explain, export, and the live stream of new event numbers (server-sent events)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import asdict
from typing import Annotated

from fastapi import Depends, Query, Request
from fastapi.responses import PlainTextResponse
from fastapi.sse import EventSourceResponse, ServerSentEvent

from domain.service.names import draw_command_at

from .access import recorder_only, role, seat_view, service_of
from .api import KERNEL, game, where_it_stands
from .models import (
    Accepted,
    Audited,
    Conflict,
    Correct,
    Corrected,
    Explained,
    LogEntry,
)


@game.post("/undo", responses={409: {"model": Conflict}})
def undo(request: Request, gid: str, expected: int | None = Query(None, ge=1)) -> Accepted:
    """Take back the latest input still standing (itself an event); the recorder's token. With
    ``expected`` (the event number you saw), a game that moved on since is a 409."""
    recorder_only(request, gid, "undo")
    service = service_of(request)
    event = service.undo(gid, expected=expected)
    return Accepted(events=[event.to_json()], event=service.now(gid)[0])  # the recorder sees every event


@game.post("/correct", responses={409: {"model": Conflict}})
def correct(request: Request, gid: str, body: Correct) -> Corrected:
    """Correct the input behind event ``event`` (a decision, or a draw by names); ``dry_run`` first to see
    what would be kept and superseded. The recorder's token."""
    recorder_only(request, gid, "correct an input")
    service = service_of(request)
    package, log = service.game_of(gid), service.log(gid)
    if (body.command is None) == (body.draw is None):
        raise KERNEL.refuse("COMMAND_MALFORMED", "give exactly one of command or draw")
    if not 1 < body.event <= len(log):
        raise package.rules.index.refuse("EVENT_UNKNOWN", "this game has events 1 to {last}", last=len(log))
    try:
        command = (
            package.parse_command(body.command)
            if body.command is not None
            else draw_command_at(package, log, body.event, body.draw or "")
        )
        at, plan = where_it_stands(
            service, gid, body.expected, lambda at: service.correct(gid, body.event, command, body.dry_run, at)
        )
    except ValueError as exc:  # the log no longer follows under the current rules (see audit)
        raise package.rules.index.refuse("CORRECTION_NOT_AN_INPUT", str(exc)) from None
    m = plan.marker
    return Corrected(
        dry_run=body.dry_run,
        first=m.first,
        was=m.was,
        now=m.now,
        kept=list(m.kept),
        superseded=list(m.superseded),
        divergence=m.divergence,
        event=at if body.dry_run else at + len(plan.events),
    )


@game.get("/audit")
def audit(request: Request, gid: str) -> Audited:
    """The stored log checked and replayed under the current rules: findings (with the rule), undos,
    corrections, what they superseded, rulings, provisional cards; ``clean``. The recorder's token."""
    recorder_only(request, gid, "audit the game")
    service = service_of(request)
    sealed, _ = service.sealing(gid)  # stored times and snapshots, as the CLI's audit checks them
    report = service.game_of(gid).audit(service.log(gid), service.integrity(gid) + sealed)
    return Audited.model_validate({**asdict(report), "clean": report.clean})


@game.get("/log")
def log(request: Request, gid: str, as_: str | None = Query(None, alias="as")) -> list[LogEntry]:
    """Every event, numbered from 1, as ``as`` may see it (a seat's token: its own view; the recorder:
    everything, or a seat's view with ``as``); undone and superseded events say so."""
    viewer = seat_view(request, gid, as_)
    service = service_of(request)
    package, events = service.game_of(gid), service.log(gid)
    gone = package.history.taken_back(events)
    return [
        LogEntry(n=n, kind=x["kind"], text=x["text"], taken_back=gone.get(n), data=x["data"])
        for n, x in enumerate(package.log_entries(events, viewer), 1)
    ]


@game.get("/explain/{n}")
def explain(request: Request, gid: str, n: int, as_: str | None = Query(None, alias="as")) -> Explained:
    """Why event ``n`` happened: the input it followed from, the options legal then, and the rule (as the
    token's seat may see it)."""
    viewer = seat_view(request, gid, as_)
    service = service_of(request)
    events = service.log(gid)
    index = service.game_of(gid).rules.index
    if not 1 <= n <= len(events):
        raise index.refuse("EVENT_UNKNOWN", "this game has events 1 to {last}", last=len(events))
    try:
        return Explained(event=n, text=service.game_of(gid).explain(events, n, viewer))
    except ValueError as exc:
        raise index.refuse("EVENT_UNKNOWN", str(exc)) from None


@game.get("/export", response_class=PlainTextResponse)
def export(request: Request, gid: str) -> PlainTextResponse:
    """The game's record (docs/record-format.md; the recorder's token), as a file to download
    (``GAME.dlr``)."""
    recorder_only(request, gid, "export the record")
    service = service_of(request)
    record = str(service.game_of(gid).export(service.log(gid)))
    return PlainTextResponse(record, headers={"Content-Disposition": f'attachment; filename="{gid}.dlr"'})


@game.get("/stream", response_class=EventSourceResponse)
async def stream(request: Request, gid: str, who: Annotated[str, Depends(role)]) -> AsyncIterator[ServerSentEvent]:
    """Server-sent events: ``{"event": N}`` now and whenever the game gets new events (from any device or
    process, pushed: no polling on PostgreSQL). It carries no game content, so any token of the game may
    listen; fetch your view on it."""
    async for count in request.app.state.live.updates(gid):  # pushed: cli/http/live.py
        yield ServerSentEvent(data={"event": count}, event="events", retry=2000)
