"""The table page's undo, correct and explain: each says what it changes before it does (the recorder's
page), and why an event happened (any page, as its seat may see it); each in the reader's language
(``page_lang.read_in``: the switch's, else ``Accept-Language``'s)."""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import Form, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from cli import games
from cli.i18n import N_, gettext
from cli.refusal_i18n import cited, said
from domain.service.names import draw_command_at
from domain.service.tokens import RECORDER

from .access import recorder_only, role, service_of
from .guard import check_form
from .page import back_to_table, correctable_span, router, templates
from .page_forms import Entered, decision_forms, draw_form
from .page_lang import read_in


@router.get("/table/{gid}/undo", response_class=HTMLResponse)
def undo_confirm(request: Request, gid: str) -> HTMLResponse:
    """What an undo would take back, and a button to confirm it."""
    recorder_only(request, gid, "take inputs back")
    service = service_of(request)
    log = service.log(gid)
    read_in(request, service.game_of(gid), service.state(gid))
    marker = service.game_of(gid).history.undo_event(log)
    title = N_("Take back an input?")
    return templates.TemplateResponse(
        request, "confirm.html", {"gid": gid, "event": len(log), "undo": marker, "title": title}
    )


@router.post("/table/{gid}/undo")
def undo(request: Request, gid: str, expected: int = Form(...), csrf: str | None = Form(None)) -> Response:
    """Take back the latest input still standing (the recorder's page)."""
    recorder_only(request, gid, "take inputs back")
    check_form(request, gid, csrf)
    service_of(request).undo(gid, expected=expected)
    return back_to_table(gid)


@router.get("/table/{gid}/explain/{n}", response_class=HTMLResponse)
def explain(request: Request, gid: str, n: int) -> HTMLResponse:
    """Why event ``n`` happened, as this page's seat may see it."""
    who = role(request, gid)
    service = service_of(request)
    log = service.log(gid)
    if not 1 <= n <= len(log):
        raise HTTPException(404, f"this game has events 1 to {len(log)}")
    package = service.game_of(gid)
    read_in(request, package, service.state(gid))
    reader = {"words": gettext, "describe": games.say(package), "text": said}  # as the CLI's explain
    text = package.explain(log, n, None if who == RECORDER else who, cite=partial(cited, package.rules.index), **reader)
    return templates.TemplateResponse(request, "explain.html", {"gid": gid, "n": n, "text": text})


@router.get("/table/{gid}/correct/{n}", response_class=HTMLResponse)
def correct_form(request: Request, gid: str, n: int) -> HTMLResponse:
    """The choices there were at the input behind event ``n``, to enter what should have been (the state
    before it read through the game's snapshots, ``GameService.state``: at most the snapshot interval of
    events replayed)."""
    recorder_only(request, gid, "correct inputs")
    service = service_of(request)
    package, log = service.game_of(gid), service.log(gid)
    read_in(request, package, service.state(gid))
    span = next((s for s in package.history.spans_of(log) if s.first <= n <= s.last), None)
    if span is None or not correctable_span(span):
        raise HTTPException(404, f"event {n} is not an input that can be corrected")
    # the state just before the input: through the game's nearest snapshot, not a replay from event 1
    before = service.state(gid, version=span.first - 1)
    pending = package.engine.pending(before)
    context = {"gid": gid, "n": span.first, "event": len(log), "label": package.history.label(span)}
    if pending.is_chance:
        context["draw"] = draw_form(package, before, pending)
    else:
        context["forms"] = decision_forms(package, before, pending, [span.actor])
    return templates.TemplateResponse(request, "correct.html", context)


@router.post("/table/{gid}/correct/{n}", response_class=HTMLResponse)
def correct(request: Request, gid: str, n: int, form: Annotated[Entered, Form()]) -> Response:
    """First a dry run (what is kept, what is superseded) with a button to confirm; then the correction."""
    recorder_only(request, gid, "correct inputs")
    check_form(request, gid, form.csrf)
    service = service_of(request)
    package, log = service.game_of(gid), service.log(gid)[: form.expected]
    read_in(request, package, service.state(gid))
    if form.draw is not None:
        parsed = draw_command_at(package, log, n, form.draw)
    else:
        parsed = package.parse_command(form.command_data())
    plan = service.correct(gid, n, parsed, dry_run=not form.confirm, expected=form.expected)
    if form.confirm:
        return back_to_table(gid)
    context = {"gid": gid, "event": len(log), "plan": plan.marker, "n": n, "title": N_("Correct this input?")}
    context["fields"] = form.model_dump(include={"command", "base_command", "field", "draw"})
    context["pick"] = form.pick
    return templates.TemplateResponse(request, "confirm.html", context)
