"""A table's own names for a game's components, in its override (card list) file's ``names`` section, for any
game: ``{"names": {"ru": {"id": "name" | ["name", "other name", ...]}}}`` (the first name is shown, the
others are understood too). The section is never hashed: a catalog's hash and the stored games stay as they
are. Which ids may be named is the game's (``known``)."""

from __future__ import annotations

import re
from typing import Any

_LANGUAGE = re.compile(r"^[a-z]{2,3}$")


def valid_language(language: str) -> bool:
    """A language code as the data files are named (``ru``, ``de``: two or three lower-case letters)."""
    return bool(_LANGUAGE.match(language))


def table_names(overrides: dict[str, Any] | None, language: str) -> dict[str, tuple[str, ...]]:
    """The table's names in ``language``: id -> names (the first shown)."""
    given = ((overrides or {}).get("names") or {}).get(language) or {}
    return {k: (v,) if isinstance(v, str) else tuple(v) for k, v in given.items()}


def names_problem(overrides: dict[str, Any], known: set[str], unknown: str = "no component with that id") -> str:
    """What is wrong with the ``names`` section, in one line ("" when it fits): it maps a language code to
    ``{id: name or [names]}``, each id one of ``known``; ``unknown`` says what an id outside ``known`` is not."""
    section = overrides.get("names")
    if section is None:
        return ""
    if not isinstance(section, dict):
        return "names: must map a language code to {id: name}"
    for language, given in section.items():
        if not valid_language(str(language)) or not isinstance(given, dict):
            return f"names.{language}: must be a language code (ru, de...) mapping ids to names"
        for cid, value in given.items():
            if cid not in known:
                return f"names.{language}.{cid}: {unknown}"
            values = [value] if isinstance(value, str) else value
            if not isinstance(values, list) or not values or not all(isinstance(v, str) and v.strip() for v in values):
                return f"names.{language}.{cid}: a name or a non-empty list of names"
    return ""
