"""An input as the domain describes it in English (``domain.kernel.history``: a correction's ``was``/``now``,
its kept and superseded inputs, an undo's description, ``History.label``'s ``event 67: red: dig a tunnel on
[1, 2]``) said in the reader's language: its frame through the catalog, its command's words through
:func:`cli.refusal_i18n.reworded` (the command words' templates, docs/i18n.md). Names and ids stay as typed."""

from __future__ import annotations

import re

from .i18n import N_, _
from .refusal_i18n import reworded

#: why an event no longer counts (``History.taken_back``: the log's mark), said again through these templates
TAKEN_BACK = (N_("undone by event {n}"), N_("superseded by the correction at event {n}"))
_EVENT = re.compile(r"event (\d+): (.*)", re.S)
_ACTOR = re.compile(r"([A-Za-z0-9_#-]+): (.*)", re.S)


def input_words(text: str, lang: str | None = None) -> str:
    """``text`` (an input in the domain's English words) in ``lang`` (None: the context's language).

    Shapes: ``event N: WHAT``; WHAT is ``draw CARDS``, ``table ruling: REASON`` (the reason as typed),
    ``ACTOR: COMMAND WORDS`` or the command words alone. A text of another shape is said through
    :func:`reworded` (English as it is when no template makes it)."""
    found = _EVENT.fullmatch(text)
    if found:
        return _("event {n}: {what}", lang).format(n=found[1], what=input_words(found[2], lang))
    if text.startswith("draw "):
        return _("draw {cards}", lang).format(cards=text[len("draw ") :])
    if text.startswith("table ruling: "):
        return _("table ruling: {reason}", lang).format(reason=text[len("table ruling: ") :])
    said = reworded(text, lang)
    if said != text:
        return said
    found = _ACTOR.fullmatch(text)
    if found:
        return f"{found[1]}: {reworded(found[2], lang)}"
    return text
