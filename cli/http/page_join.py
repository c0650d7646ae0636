"""The lobby and joining a table: the games of the store (players' names only for a browser holding a
token of that game), starting a game, each seat's join link as text and QR code, a seat's new link."""

from __future__ import annotations

from uuid import UUID

from fastapi import Form, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from domain.games import GAMES
from domain.kernel import RuleViolation
from domain.service.tokens import RECORDER

from .. import i18n
from .access import cookie_name, recorder_only, seats_shown, service_of
from .addresses import LOOPBACK, join_link, qr_svg
from .guard import check_form
from .page import back_to_table, router, templates
from .page_lang import language
from .rulesets import rules_modules


@router.get("/", response_class=HTMLResponse)
def index(request: Request) -> HTMLResponse:
    """The games of the store, and a form to start one."""
    return _index(request)


def _index(request: Request, error: str | None = None) -> HTMLResponse:
    i18n.LANG.set(language(request))  # the lobby in this person's language (the switch, else the header)
    games = [{"summary": s, "seats": ", ".join(seats_shown(request, s))} for s in service_of(request).summaries()]
    rulesets = {g.info.title: [r for r in g.ui.rulesets if r != "base"] for g in GAMES.values() if g.ui.rulesets}
    context = {"games": games, "registry": [g.info for g in GAMES.values()], "rulesets": rulesets, "error": error}
    return templates.TemplateResponse(request, "index.html", context, status_code=422 if error else 200)


@router.post("/new", response_class=HTMLResponse)
def new(
    request: Request,
    names: str = Form(...),
    game: str = Form(""),  # "": the default game
    mode: str = Form("tabletop"),
    variant: str = Form(""),
    ruleset: str = Form("base"),
) -> HTMLResponse:
    """Start a game from the index page; the answer lists each seat's join link (shown once)."""
    service = service_of(request)
    players = [n.strip() for n in names.replace("\n", ",").split(",") if n.strip()]
    try:
        options = rules_modules(game, ruleset, [])
        gid = service.create_game(players, mode=mode, game=game or None, variant=variant or None, **options)
    except (RuleViolation, KeyError) as exc:
        return _index(request, exc.message if isinstance(exc, RuleViolation) else str(exc).strip("'\""))
    seats = service.game_of(gid).seats(service.state(gid))
    issued = request.app.state.tokens.issue(gid, seats)
    names_of = dict(zip(seats, players, strict=False))
    links = [join_entry(request, str(gid), RECORDER, "the recorder (every seat, draws)", issued[RECORDER])]
    links += [join_entry(request, str(gid), s, names_of.get(s, s), t) for s, t in issued["seats"].items()]
    i18n.LANG.set(language(request))
    return templates.TemplateResponse(request, "created.html", {"gid": str(gid), "links": links})


def public_base(request: Request) -> str:
    """The service's address for a phone: the one this page was opened at, unless that is this machine
    only (127.0.0.1) and the service also listens on the network (then its first LAN address)."""
    own = str(request.base_url).rstrip("/")
    lan = getattr(request.app.state, "base_urls", [])
    if request.url.hostname in LOOPBACK and lan and not any(h in lan[0] for h in LOOPBACK):
        return str(lan[0])
    return own


def join_entry(request: Request, gid: str, seat: str, who: str, token: str) -> dict[str, str]:
    """A join link to show: seat, who, the relative href, the whole link as text, and its QR code (SVG)."""
    link = join_link(public_base(request), gid, token)
    return {"seat": seat, "who": who, "href": join_link("", gid, token), "link": link, "qr": qr_svg(link)}


@router.get("/table/{gid}/links", response_class=HTMLResponse)
def links(request: Request, gid: str) -> HTMLResponse:
    """The recorder's page to give a seat a new join link (a lost phone, a player who swaps seats)."""
    recorder_only(request, gid, "issue join links")
    service = service_of(request)
    seats = service.game_of(gid).seats(service.state(gid))
    i18n.LANG.set(language(request))  # the page in the reader's language (page_lang)
    return templates.TemplateResponse(request, "links.html", {"gid": gid, "seats": seats, "issued": None})


@router.post("/table/{gid}/links/{seat}", response_class=HTMLResponse)
def reissue(request: Request, gid: str, seat: str, csrf: str | None = Form(None)) -> HTMLResponse:
    """A new join link for one seat: its old link and token stop working at once."""
    recorder_only(request, gid, "issue join links")
    check_form(request, gid, csrf)
    service = service_of(request)
    seats = service.game_of(gid).seats(service.state(gid))
    if seat not in seats:
        raise HTTPException(404, f"this game's seats are {', '.join(seats)}")
    token = request.app.state.tokens.reissue(UUID(gid), seat)
    issued = join_entry(request, gid, seat, seat, token)
    i18n.LANG.set(language(request))
    return templates.TemplateResponse(request, "links.html", {"gid": gid, "seats": seats, "issued": issued})


@router.get("/join/{gid}")
def join(request: Request, gid: str, token: str) -> Response:
    """Keep the token in this browser (a cookie for this game) and open the table page."""
    if request.app.state.tokens.role_of(UUID(gid), token) is None:
        service_of(request).game_of(gid)
        raise HTTPException(401, "this link's token does not open this game (ask the recorder for a new one)")
    response = back_to_table(gid)
    # Secure when the page came over HTTPS (directly, or through a proxy trusted by --forwarded-allow-ips)
    secure = request.url.scheme == "https" or getattr(request.app.state, "https_only", False)
    response.set_cookie(
        cookie_name(gid), token, httponly=True, samesite="strict", secure=secure, max_age=60 * 60 * 24 * 7
    )
    return response
