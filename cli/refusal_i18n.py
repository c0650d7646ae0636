"""Refusals in the reader's language: :func:`translate_refusal` (the seam the CLI and the HTTP service
print through), gettext domain ``refusals`` (``cli/locale/<lang>/LC_MESSAGES/refusals.po``).

The domain stays language-neutral: a :class:`~domain.kernel.errors.RuleViolation` carries its English
``message``, the ``template`` it was formatted from (the msgid), its ``params`` and, from the game's rule
index, the rule's citation in other rulebooks. Here the template is looked up in the reader's catalog
(``ngettext`` when the refusal depends on a count), its params rendered (a fragment marked ``N_`` is
itself a msgid, a :class:`~domain.kernel.errors.Phrase` is translated with its own params, a quoted
refusal (:class:`~domain.kernel.errors.Because`) as a refusal; components named in a
:class:`~domain.kernel.errors.Listed`, a component id or color go through :func:`cli.i18n.name_in`) and the
citation taken from the
reader's rulebook. English, an unknown language or a message missing from a catalog read as before.

The catalog is :mod:`cli.i18n`'s (compiled in memory when first read, no ``.mo``), and so are the
reader's language (``--lang`` / ``DL_LANG`` / the locale, a context variable the CLI sets once per run)
and the component names of other languages (:func:`cli.i18n.name_in`, the names the game gives). English
imports no Babel at all.
"""

from __future__ import annotations

import gettext
import re
from functools import cache
from typing import Any

from domain.kernel.errors import Because, Listed, Phrase, RuleViolation, Verbatim

from . import i18n

#: the gettext domain of refusals: ``cli/locale/<lang>/LC_MESSAGES/refusals.po`` and ``refusals.pot``
LOCALE_DIR = i18n.LOCALE_DIR
DOMAIN = "refusals"
#: the language of the messages as written in the code (the msgids)
SOURCE_LANGUAGE = i18n.DEFAULT


def language(lang: str | None = None) -> str:
    """The reader's language as a primary language code (``"ru"`` for ``ru``, ``ru_RU``, ``ru-RU.UTF-8``):
    ``lang`` when given, else the context's (:data:`cli.i18n.LANG`, which the CLI sets once per run from
    ``--lang``, ``DL_LANG`` or the locale; English until something sets it)."""
    chosen = lang or i18n.LANG.get()
    return chosen.replace("-", "_").split("_")[0].split(".")[0].lower() or SOURCE_LANGUAGE


def catalog(lang: str) -> gettext.NullTranslations:
    """The ``refusals`` catalog of ``lang`` (:func:`cli.i18n.translations`): an identity catalog for
    English or a language without one."""
    return i18n.translations(lang, DOMAIN)


def _param(value: Any, lang: str, translations: gettext.NullTranslations) -> Any:
    if isinstance(value, Because):
        return translate_refusal(value.refusal, lang)["message"]
    if isinstance(value, Verbatim):
        return str(value)
    if isinstance(value, Listed):  # components by name: each in the reader's language
        names = list(dict.fromkeys(i18n.name_in(lang, c, shown) for c, shown in value.items))
        return translations.gettext(value.joiner).join(names if value.ranked else sorted(names))
    if isinstance(value, Phrase):
        params = {k: _param(v, lang, translations) for k, v in value.params.items()}
        try:
            return translations.gettext(value.template).format(**params)
        except (KeyError, IndexError, ValueError):
            return value
    if not isinstance(value, str) or not value:
        return value
    translated = translations.gettext(value)  # a fragment marked N_ ("a room"), or English kept
    if translated != value:
        return translated
    names = [i18n.name_in(lang, part, "") for part in value.split(", ")]  # one id, or a list of them
    return ", ".join(n for n in names if n) if all(names) else value


def translate_refusal(violation: RuleViolation, lang: str | None = None) -> dict[str, str]:
    """``{"code", "message", "rule"}`` of ``violation`` in the reader's language (:func:`language`):
    the code unchanged, the message from the ``refusals`` catalog, the rule cited from that language's
    rulebook when the game's rule index has the section, else from the catalog (an engine rule's citation,
    marked ``N_``), else in English. English returns
    :meth:`RuleViolation.as_dict` unchanged; a translation that does not format (a placeholder it
    misspells) falls back to the English message rather than fail."""
    lang = language(lang)
    if lang == SOURCE_LANGUAGE:
        return violation.as_dict()
    translations = catalog(lang)
    params = {k: _param(v, lang, translations) for k, v in violation.params.items()}
    if violation.plural is not None:
        text = translations.ngettext(violation.template, violation.plural, violation.params.get("n", 0))
    else:
        text = translations.gettext(violation.template)
    try:
        message = text.format(**params) if violation.params else text
    except (KeyError, IndexError, ValueError):
        message = violation.message
    # the rulebook of the reader's language, else an engine rule's citation from the catalog, else English
    rule = violation.citations.get(lang, {}).get(violation.rule_id) or translations.gettext(violation.rule)
    return {"code": violation.code, "message": message, "rule": rule}


def said(value: Any, lang: str | None = None) -> str:
    """A text the domain made for a person (a pending decision's prompt: a
    :class:`~domain.kernel.errors.Phrase`, a fragment marked ``N_``, component names) in the reader's
    language (:func:`language`), from the ``refusals`` catalog; English, or a text the catalog lacks, as it is."""
    lang = language(lang)
    if lang == SOURCE_LANGUAGE:
        return str(value)
    return str(_param(value, lang, catalog(lang)))


def cited(index: Any, rule_id: str, lang: str | None = None) -> str:
    """Rule ``rule_id`` of a game's rule index cited for the reader: the section of the reader's rulebook
    (``index.citations``), else the catalog's translation of its citation (an engine rule), else English."""
    lang, english = language(lang), index.cite(rule_id)
    if lang == SOURCE_LANGUAGE:
        return english
    return index.citations.get(lang, {}).get(rule_id) or catalog(lang).gettext(english)


def reworded(text: str, lang: str | None = None) -> str:
    """An English text the domain stored (an event's reason: ``Get Food costs 1 gold; red has 0``) in the
    reader's language: the ``messages`` or ``refusals`` catalog's entry for it, else the first catalog template
    it was formatted from (``{what} costs {gold} gold; {color} has {held}``; a plural's form by its ``{n}``),
    its parts said again (:func:`said`); English, or a text no template makes, as it is."""
    lang = language(lang)
    if lang == SOURCE_LANGUAGE or not text:
        return text
    for domain in ("messages", "refusals"):
        found = i18n.translations(lang, domain).gettext(text)
        if found != text:
            return found
    for pattern, msgid, plural, domain in _templates(lang):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        said = i18n.translations(lang, domain)
        count = match.groupdict().get("n", "")
        if plural and not count.isdigit():
            continue
        translated = said.ngettext(msgid, plural, int(count)) if plural else said.gettext(msgid)
        try:
            return translated.format(**{k: _reparam(v, lang) for k, v in match.groupdict().items()})
        except (KeyError, IndexError, ValueError):
            continue
    return text


def _reparam(value: str, lang: str) -> str:
    """A part of a reworded text: the ``refusals`` catalog's (a fragment, component ids), else the ``messages``'."""
    if value.isdigit():
        return value
    said = _param(value, lang, catalog(lang))
    if said == value:  # a word of the CLI's catalog, or a component by its English name ("Get Food": get_food)
        said = i18n.translations(lang).gettext(value)
    if said == value:  # a name the game has no other word for comes back as its id: the value as it was
        key = value.lower().replace(" ", "_").replace("-", "_")
        said = i18n.name_in(lang, key, value)
        said = value if said == key else said
    return said


@cache
def _templates(lang: str) -> list[tuple[re.Pattern[str], str, str, str]]:
    """Each catalog message with ``{placeholders}`` as a pattern that reads a text formatted from it, with its
    msgid, its plural msgid (``""``: none) and its domain; the most specific (the most fixed characters) first.
    The ``.po`` is read again (Babel), once per process and only when a stored reason is not a msgid itself."""
    from babel.messages.pofile import read_po

    found = []
    for domain in ("refusals", "messages"):
        with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            entries = read_po(f, locale=lang, domain=domain)
        for m in entries:
            msgid, plural = (m.id[0], m.id[1]) if isinstance(m.id, tuple) else (m.id, "")
            if not msgid or "{" not in msgid or m.fuzzy or not m.string:
                continue
            parts = re.split(r"\{(\w+)(?:[:!][^}]*)?\}", msgid)
            seen: set[str] = set()
            regex = ""
            for i, part in enumerate(parts):
                if i % 2 == 0:
                    regex += re.escape(part)
                else:
                    regex += f"(?P={part})" if part in seen else f"(?P<{part}>.+?)"
                    seen.add(part)
            found.append((sum(len(p) for p in parts[::2]), re.compile(regex, re.S), msgid, plural, domain))
    found.sort(key=lambda t: -t[0])
    return [(p, i, pl, d) for _n, p, i, pl, d in found]
