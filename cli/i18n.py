"""Translations: the reader's language, its catalogs (gettext, managed with Babel) and its numbers and dates.

A language is a code of :data:`LANGUAGES` (``"en"``, ``"ru"``). Nothing is installed globally: every
lookup names its language, or reads the context variable :data:`LANG` (set once per CLI run by ``--lang`` /
``DL_LANG`` / the locale; a web request can set it per request, or pass ``lang=`` explicitly for one seat).

Catalogs are the ``.po`` files under ``cli/locale/<lang>/LC_MESSAGES/<domain>.po`` (domain ``messages``:
the CLI's words; other domains, e.g. ``refusals``, the same way). They are compiled in memory when first
used (Babel's ``read_po`` then ``write_mo``; about 10 ms for the Russian catalog, once per process and
only when a language other than English is read): no ``.mo`` file is committed, so none can drift from its
``.po``. Fuzzy entries are left out (an English message is shown instead), as ``pybabel compile`` does.
The workflow (``pybabel extract/update``) is in docs/i18n.md.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from functools import cache
from gettext import GNUTranslations, NullTranslations
from io import BytesIO
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ru")  #: the languages the CLI reads in; English is the source language (no catalog)
DEFAULT = "en"
LOCALE_DIR = Path(__file__).parent / "locale"

#: the reader's language for lookups that name none (the CLI sets it from --lang; a request may set its own)
LANG: ContextVar[str] = ContextVar("dl_lang", default=DEFAULT)


def check(lang: str) -> str:
    """``lang`` as a language code of :data:`LANGUAGES` (any case, ``ru_RU.UTF-8`` reads ``ru``).

    Raises:
        ValueError: a language the CLI has no catalog for (the message names the ones it has).
    """
    code = lang.strip().split(".")[0].split("_")[0].split("-")[0].lower()
    if code not in LANGUAGES:
        raise ValueError(f"--lang takes {' or '.join(LANGUAGES)}, not {lang!r}")
    return code


def checked(lang: str | None) -> str | None:
    """``lang`` checked (:func:`check`), or None when not given (a command's own ``--lang``: the root's then).

    Raises:
        ValueError: a language the CLI has no catalog for (exit 2 at the CLI's boundary)."""
    return None if lang is None else check(lang)


def from_locale(environ: Mapping[str, str] = os.environ) -> str:
    """The language the locale asks for (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``, as gettext reads
    them), or English when it names none of :data:`LANGUAGES` (``C``, ``POSIX``, ``de_DE``...)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            try:
                return check(value)
            except ValueError:
                return DEFAULT
    return DEFAULT


def active(lang: str | None = None) -> str:
    """``lang`` if given, else the context's language (:data:`LANG`)."""
    return lang or LANG.get()


@cache
def translations(lang: str, domain: str = "messages") -> NullTranslations:
    """The compiled catalog of ``domain`` in ``lang`` (English, or a catalog not there: no translation).

    The ``.po`` is parsed and compiled in memory once per process (no ``.mo`` on disk)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == DEFAULT or not path.is_file():
        return NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=domain)
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return GNUTranslations(buffer)


def gettext(message: str, lang: str | None = None, domain: str = "messages") -> str:
    """``message`` (English, as written in the code) in ``lang`` (None: the context's language); the
    English text when the catalog has no translation for it."""
    return translations(active(lang), domain).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None, domain: str = "messages") -> str:
    """The form of ``singular``/``plural`` for ``n`` in ``lang`` by its plural rule (Russian has three:
    1 имп, 2 импа, 5 импов). The result usually holds ``%(n)s`` or ``{n}`` for the caller to fill."""
    return translations(active(lang), domain).ngettext(singular, plural, n)


_ = gettext  # the name pybabel extracts (with ngettext): ``_("...")`` marks a message of this catalog


def N_(message: str) -> str:  # noqa: N802  (gettext's name for it, which pybabel extracts)
    """Mark ``message`` for the catalog without translating it now (a table of words looked up later)."""
    return message


def word(value: str, lang: str | None = None) -> str:
    """A stored value that is a word (a season, a phase: ``"new_round"``) in the reader's language: its
    catalog entry (marked with :func:`N_`, underscores as spaces), else the value with spaces."""
    return gettext(value.replace("_", " "), lang)


def format_number(number: float, lang: str | None = None) -> str:
    """A number as the reader's locale writes it (``1,234.5`` in English, ``1 234,5`` in Russian)."""
    from babel.numbers import format_decimal

    return str(format_decimal(number, locale=active(lang)))


def format_percent(number: float, lang: str | None = None) -> str:
    """A fraction (0..1) as a percentage in the reader's locale (``42%``, ``42 %``)."""
    from babel.numbers import format_percent as percent

    return str(percent(number, locale=active(lang)))


def format_date(value: Any, lang: str | None = None, form: str = "medium") -> str:
    """A date or datetime in the reader's locale (``form``: Babel's short|medium|long|full)."""
    from babel.dates import format_date as date

    return str(date(value, format=form, locale=active(lang)))


#: component id -> its name in a language: the hook a names catalog plugs into (set_names), per context (one
#: CLI run, one page request: a game's own names, its table's too); English (the printed name the caller
#: passes) until one does
NAMES: ContextVar[Callable[[str, str], str | None] | None] = ContextVar("dl_names", default=None)


def set_names(lookup: Callable[[str, str], str | None] | None) -> None:
    """Plug in the component names of other languages for this context: ``lookup(lang, component_id)`` ->
    the name, or None when that language does not name it (the English name is shown); None unplugs.
    ``component_id``: a component's type id as the catalog keys it (``goblin_y1``, ``magic_room``) or an
    instance id (``troll_y2#1``)."""
    NAMES.set(lookup)


def name_in(lang: str | None, component_id: str, english: str) -> str:
    """A component's name for a reader of ``lang`` (None: the context's): the names hook's, else ``english``."""
    code, lookup = active(lang), NAMES.get()
    if code != DEFAULT and lookup is not None:
        found = lookup(code, component_id)
        if found:
            return found
    return english
