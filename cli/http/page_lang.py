"""The table page's language, per person: the browser's ``Accept-Language`` (Babel's ``negotiate_locale``),
overridden by the page's own switch (``?lang=ru``, then remembered in this browser's ``lang`` cookie), so one
seat may read Russian while another reads English of the same game. Only what a page shows is translated: the
JSON API stays language-neutral (docs/i18n.md, docs/table-page.md)."""

from __future__ import annotations

from typing import Any

from fastapi import Request, Response

from .. import i18n
from ..games import event_words, use_names

COOKIE = "lang"  #: not ``dl_…``: those are the games' token cookies (access.py)
YEAR = 365 * 24 * 3600  #: how long a browser remembers its switch (seconds)


def chosen(request: Request) -> str | None:
    """The language this person switched to (the query's ``lang``, else the cookie's), None if none (or one
    the page has no catalog for)."""
    for value in (request.query_params.get("lang"), request.cookies.get(COOKIE)):
        if value:
            try:
                return i18n.check(value)
            except ValueError:
                continue
    return None


def negotiated(accept: str) -> str:
    """The language of :data:`cli.i18n.LANGUAGES` an ``Accept-Language`` header prefers most (by its q
    weights; ``ru-RU`` matches ``ru``), English when it names none."""
    from babel import negotiate_locale

    wanted = []
    for part in accept.split(","):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        if tag and weight > 0:
            wanted.append((weight, tag.strip().replace("-", "_")))
    ordered = [tag for _, tag in sorted(wanted, key=lambda w: -w[0])]  # a stable sort: ties keep their order
    return negotiate_locale(ordered, list(i18n.LANGUAGES), sep="_") or i18n.DEFAULT


def language(request: Request) -> str:
    """This person's language: the switch's, else the ``Accept-Language`` header's, else English."""
    return chosen(request) or negotiated(request.headers.get("accept-language", ""))


def read_in(request: Request, package: Any, state: Any) -> str:
    """Set this request's language (:func:`language`) and its component names (the game's, bound to
    ``state``); returns the language code."""
    lang = language(request)
    i18n.LANG.set(lang)
    use_names(package, state)
    return lang


def remember(request: Request, response: Response) -> Response:
    """Keep a switch made by the query (``?lang=ru``) in this browser's cookie (not HttpOnly-sensitive: a word)."""
    asked = request.query_params.get("lang")
    if asked and chosen(request) == asked.lower():
        response.set_cookie(COOKIE, asked.lower(), max_age=YEAR, samesite="lax")
    return response


def log_words(package: Any, log: list[Any], viewer: str | None) -> Any:
    """``(number, English text) -> text`` in the request's language: the game's event words when it is not
    English and the game has them, else the English text the log entries carry."""
    words = event_words(package)
    if words is None:
        return lambda n, text: text
    return lambda n, text: words(log, n, viewer)
