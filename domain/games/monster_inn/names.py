"""A table's own names for Monster Inn's components, in its card list file's ``names`` section (never
hashed: the card list's ``content_hash`` and every stored game stay as they are). Monster Inn has no
rulebook in another language, so without a table's names every component reads as printed (its token:
``m7``, ``h6-10``; a kind: ``undead``), the English fallback (docs/i18n.md, "Component names")::

    {"game": "monster_inn", "names": {"ru": {"m7": "Упырь", "undead": ["нежить", "мертвяки"]}}}

A name is a string or a list (the first is shown). An id is a card's (``m7``, ``h3``), a kind's
(``undead``) or a treasure's (``gold``, ``gem``).
"""

from __future__ import annotations

from typing import Any

from domain.kernel.table_names import names_problem as check_names
from domain.kernel.table_names import table_names

from .catalog import Catalog

__all__ = ["known_ids", "name_in_language", "names_problem", "table_names"]


def known_ids(cat: Catalog) -> set[str]:
    """The ids a table may name: every card, every kind and the two treasures."""
    return {c.id for c in cat.monsters} | {c.id for c in cat.humanoids} | set(cat.kinds) | {"gold", "gem"}


def names_problem(overrides: dict[str, Any], cat: Catalog) -> str:
    """What is wrong with a card list file's ``names`` section, in one line ("" when it fits): a language
    code mapping each id of :func:`known_ids` to a name or a non-empty list of names."""
    return check_names(overrides, known_ids(cat), "no card, kind or treasure with that id")


def name_in_language(state: Any, component: str, language: str) -> str:
    """``component`` (a card id, a kind, a treasure) for a reader of ``language``: the table's name, else as
    printed (English: Monster Inn has no other rulebook)."""
    own = table_names(getattr(state, "catalog_overrides", None), language).get(component)
    return own[0] if own and language != "en" else component
