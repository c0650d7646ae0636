"""The table page: server-rendered HTML (Jinja2) for recording a game at the table from phones.

``/join/GAME?token=T`` keeps the token in a cookie and opens ``/table/GAME``: the recorder's page (every
seat, draws, undo, correct) or one seat's (its own view and decisions only: secret orders entered on the
player's own phone). The board is drawn only from ``view(state, seat)``, so a page cannot show what its
seat may not see. Every form posts to the same application service as the API and the CLI, with the
event number the page showed (someone else's input first: the page says so and shows the game now).
One small script of ours (``static/table.js``) reloads the page on new events and fills draw names.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from domain.kernel import RuleViolation
from domain.service.names import draw_command
from domain.service.tokens import RECORDER

from .. import i18n
from ..games import install_page, page_taps
from ..input_words import input_words
from ..refusal_i18n import cited, reworded, said, translate_refusal
from .access import role, service_of, token_of
from .guard import check_form, form_token
from .page_forms import Entered, decision_forms, draw_form, listed_names, printed_name
from .page_lang import language, log_words, read_in, remember

router = APIRouter(include_in_schema=False)
LOG_SHOWN = 30  # the latest events on the page (the whole log: export, or the API)
templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
templates.env.globals["csrf"] = lambda request, gid: form_token(token_of(request, gid) or "", gid)
install_page(templates.env)  # what each game's board template reads: its page globals and pictures
# {% trans %} and _() in templates (jinja2.ext.i18n), looked up per call in the request's language (cli/i18n.py)
templates.env.add_extension("jinja2.ext.i18n")
templates.env.install_gettext_callables(gettext=i18n.gettext, ngettext=i18n.ngettext, newstyle=True)  # type: ignore[attr-defined]
templates.env.globals["lang"] = i18n.active  # <html lang>: the request's language (page_lang.read_in)
templates.env.filters["input_words"] = input_words  # an input the domain described, in the reader's words


def correctable_span(span: Any) -> bool:
    """Whether the input behind ``span`` can be corrected: not an undo or a correction itself, and not the
    game's set-up (event 1)."""
    return span.actor not in ("undo", "correction") and span.first >= 2


def wants_page(request: Request) -> bool:
    """Whether a request came from the table page (errors are then shown on the page, not as JSON)."""
    return request.url.path.startswith("/table/")


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    """A page's 4xx as a page: what went wrong, and the way back."""
    i18n.LANG.set(language(request))  # its words in this person's language (page_lang)
    return templates.TemplateResponse(request, "error.html", {"status": status, "message": message}, status_code=status)


def _context(request: Request, gid: str) -> dict[str, Any]:
    who = role(request, gid)
    service = service_of(request)
    at, state = service.now(gid)  # the event number the page's forms send back, and its state, together
    package, log = service.game_of(gid), service.log(gid)[:at]
    viewer = None if who == RECORDER else who
    lang = read_in(request, package, state)  # this person's language, and the game's names in it
    pending = package.engine.pending(state)
    mine = [a for a in pending.actors if who in (RECORDER, a)]
    gone = package.history.taken_back(log)
    first, say = max(1, len(log) - LOG_SHOWN + 1), log_words(package, log, viewer)
    entries = [
        {"n": n, **x, "text": say(n, x["text"]), "taken_back": reworded(gone[n]) if n in gone else None}
        for n, x in enumerate(package.log_entries(log, viewer, first), first)
    ]
    if who == RECORDER:  # a "correct..." link only on the inputs a correction can replace (as correct_form)
        correctable = {
            n for s in package.history.spans_of(log) if correctable_span(s) for n in range(s.first, s.last + 1)
        }
        for e in entries:
            e["correctable"] = e["n"] in correctable and not e["taken_back"] and e["kind"] in ("decision", "chance")
    return {
        "gid": gid,
        "who": who,
        "page_lang": lang,
        "taps": page_taps(package, pending, mine),
        "recorder": who == RECORDER,
        "game": package.info.name,
        "title": package.info.title,
        "event": len(log),
        "view": package.view(state, viewer),
        "name": lambda c: printed_name(package, state, c),
        "listed": lambda items: listed_names(package, state, items),
        "pending": pending,
        "rule": cited(package.rules.index, pending.rule, lang),
        "prompt": said(pending.prompt, lang),
        "draw": draw_form(package, state, pending) if pending.is_chance and who == RECORDER else None,
        "forms": [] if pending.is_chance else decision_forms(package, state, pending, mine),
        "log": list(reversed(entries)),
    }


def _page(request: Request, gid: str, status: int = 200, **extra: Any) -> HTMLResponse:
    page = templates.TemplateResponse(request, "table.html", {**_context(request, gid), **extra}, status_code=status)
    return remember(request, page)  # type: ignore[return-value]


def refused(request: Request, exc: RuleViolation, typed: str = "") -> Response:
    """A refusal on the page: the table as it stands, with the code, message and rule (422), in the page's
    language (the switch, else the header); a refused draw keeps what was typed, and its did-you-mean names
    (in the page's language) are chips to tap."""
    gid = request.url.path.split("/")[2]
    context = _context(request, gid)  # this request's language and component names, set first
    hint = exc.params.get("hint")
    near = getattr(hint, "params", {}).get("near")
    suggestions = [i18n.name_in(None, c, shown) for c, shown in getattr(near, "items", ())]
    page = templates.TemplateResponse(
        request,
        "table.html",
        {
            **context,
            "error": translate_refusal(exc, context["page_lang"]),
            "typed": typed,
            "suggestions": list(dict.fromkeys(suggestions)),
            "wrong": str(exc.params.get("word", "")) if suggestions else "",
        },
        status_code=422,
    )
    return remember(request, page)  # type: ignore[return-value]


def conflict(request: Request, exc: Exception, form: Any) -> Response:
    """Someone entered something first (409), nothing stored: the table as it now stands, what changed
    since the page was shown (``form``'s ``expected``), and the person's picks kept in their pickers."""
    gid = request.url.path.split("/")[2]
    i18n.LANG.set(language(request))  # the notice in this person's language (the page sets it again)
    notice = i18n._("Someone else entered an input first: here is the game now. Nothing of yours was stored.")
    try:
        since: int | None = int(str(form.get("expected")))
        base = json.loads(str(form.get("base_command") or "{}"))
    except ValueError:
        since, base = None, {}
    picks = [str(p) for p in form.getlist("pick")]
    kept = {"actor": base.get("player"), "picks": picks} if isinstance(base, dict) and picks else None
    if since is not None:
        who = role(request, gid)
        service = service_of(request)
        log = service.log(gid)
        package, viewer = service.game_of(gid), None if who == RECORDER else who
        read_in(request, package, service.state(gid))
        say, entries = log_words(package, log, viewer), package.log_entries(log, viewer, since + 1)
        changed = [say(n, x["text"]) for n, x in enumerate(entries, since + 1) if x["kind"] != "consequence"][:5]
        if changed:
            notice += " " + i18n._("Since you looked: {events}.").format(events="; ".join(changed))
    if kept:
        notice += " " + i18n._("Your choices are kept below: enter them again if they still fit.")
    return _page(request, gid, 409, notice=notice, kept=kept)


def back_to_table(gid: str) -> RedirectResponse:
    return RedirectResponse(f"/table/{gid}", status_code=303)


@router.get("/table/{gid}", response_class=HTMLResponse)
def table(request: Request, gid: str) -> HTMLResponse:
    """The game as this browser's seat may see it, what it waits for, and the log."""
    return _page(request, gid)


@router.post("/table/{gid}/act")
def act(request: Request, gid: str, form: Annotated[Entered, Form()]) -> Response:
    """A decision: a button's command, or a picked list."""
    who = role(request, gid)
    check_form(request, gid, form.csrf)
    service = service_of(request)
    parsed = service.game_of(gid).parse_command(form.command_data())
    if who != RECORDER and getattr(parsed, "player", None) != who:
        raise HTTPException(403, f"this page is {who}'s: it enters only {who}'s decisions")
    service.execute(gid, parsed, expected=form.expected)
    return back_to_table(gid)


@router.post("/table/{gid}/draw")
def draw(
    request: Request, gid: str, expected: int = Form(...), draw: str = Form(...), csrf: str | None = Form(None)
) -> Response:
    """A draw as the recorder types it (printed names, prefixes): the recorder's page only."""
    if role(request, gid) != RECORDER:
        raise HTTPException(403, "only the recorder enters draws")
    check_form(request, gid, csrf)
    service = service_of(request)
    service.execute(gid, draw_command(service.game_of(gid), service.state(gid), draw), expected=expected)
    return back_to_table(gid)
