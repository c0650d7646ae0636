"""Components' names in other languages, as data kept next to the catalog and out of its hash.

``data/names_ru.json`` gives every base-game component's Russian name as the Russian edition of the
rulebook prints it, cited by that rulebook's section headings (``Приложение › Монстры и призраки``): the
monsters (by species, both Years' tiles), rooms, adventurer classes and the paladin, traps, combat cards
(spells), Special Event cards, order cards (the central board's actions), Event Tiles, titles and terms
(Evilometer = Злометр, imps, orders, minions, tax...). A component that rulebook never names is listed
with ``"ru": null, "untranslated": true`` and shown by its English name. Festival Season's components have
no Russian source: absent from the file, they are untranslated too (English shown).

A table adds or replaces names in its catalog override file, never hashed (old games keep their hash)::

    {"names": {"ru": {"trap_door": "Люк", "kamikaze_imp": ["Имп-камикадзе", "камикадзе"]}}}

A name is a string or a list (the first one shown, the others also understood when typed).

    localized(cat, "troll_y2", "ru")          -> "Тролль"
    localized(cat, "trap_door", "ru")         -> None (untranslated: show "Trap Door")
    other_names(cat, "troll_y1#2", overrides) -> ("Тролль", "Троль", "Тролли")
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from domain.kernel.table_names import names_problem as check_names
from domain.kernel.table_names import table_names, valid_language

from . import shipped_names_text
from .models import Catalog

SKILLS = {"priest": "heal", "thief": "disarm", "wizard": "magic"}  # the symbol an adventurer tile prints


@dataclass(frozen=True)
class NameEntry:
    """One entry of ``data/names_<language>.json``.

    Attributes:
        id: a catalog id (``chicken_coop``), a monster species (``troll``: both Years' tiles), an adventurer
            class (``warrior``), ``paladin``, an order card's action (``get_food``), an Event Tile
            (``pay_day``), a title (``dark_deeds``) or a term (``evilometer``).
        kind: monster, adventurer, paladin, trap, combat_card, special_event, room, action, event, title,
            term (or ``table`` for a name only a table's override file gives).
        en: the English name. name: the name in the language, nominative singular; None when untranslated.
        plural: the nominative plural, when printed or standard. section: the rulebook's headings, outer first,
            joined by `` › ``. quote: the words as printed in that section. also: other printed spellings.
        note: why it is untranslated.
    """

    id: str
    kind: str
    en: str
    name: str | None
    plural: str | None = None
    section: str | None = None
    quote: str | None = None
    also: tuple[str, ...] = ()
    note: str = ""

    @property
    def untranslated(self) -> bool:
        """The rulebook of that language never prints this component's name."""
        return self.name is None


@lru_cache(maxsize=8)
def shipped(language: str) -> dict[str, NameEntry]:
    """The shipped names in ``language`` by id (empty when none are shipped, ``en`` included: the catalog
    itself is English)."""
    text = shipped_names_text(language) if valid_language(language) and language != "en" else None
    if text is None:
        return {}
    out = {}
    for e in json.loads(text)["names"]:
        out[e["id"]] = NameEntry(
            id=e["id"],
            kind=e["kind"],
            en=e["en"],
            name=e.get(language),
            plural=e.get("plural"),
            section=e.get("section"),
            quote=e.get("quote"),
            also=tuple(e.get("also", ())),
            note=e.get("note", ""),
        )
    return out


def key_of(cat: Catalog, type_id: str) -> str:
    """The id a component's names are kept under: a monster's species (``troll_y2`` -> ``troll``), an
    adventurer's class (``thief_y1_a`` -> ``thief``), ``paladin`` for the base game's two, else the type id."""
    if type_id in cat.monsters:
        return cat.monsters[type_id].kind
    if type_id in cat.adventurers:
        return cat.adventurers[type_id].profession
    if type_id in cat.paladins and type_id.startswith("paladin_"):  # not Festival Season's elf and dwarf
        return "paladin"
    return type_id


def _term(key: str, language: str, overrides: dict[str, Any] | None) -> str | None:
    own = table_names(overrides, language).get(key)
    if own:
        return own[0]
    entry = shipped(language).get(key)
    return entry.name if entry else None


def localized(cat: Catalog, component: str, language: str, overrides: dict[str, Any] | None = None) -> str | None:
    """The name of ``component`` (a type id or an instance id ``troll_y1#2``) in ``language``: the table's
    own name first, then the shipped one; for an adventurer its class with its hit points and symbols
    (``воин 3``, ``священник 3 лечение 1``, a symbol without a name in English), for a paladin its Year.
    None when untranslated (the caller shows the English name)."""
    type_id = component.split("#", 1)[0]
    key = key_of(cat, type_id)
    own = table_names(overrides, language).get(type_id) or table_names(overrides, language).get(key)
    if own:
        return own[0]
    word = _term(key, language, overrides)
    if word is None:
        return None
    if type_id in cat.adventurers:
        a = cat.adventurers[type_id]
        skill = SKILLS.get(a.profession)
        if skill:
            symbol = (_term(skill, language, overrides) or skill).lower()
            return f"{word.lower()} {a.hit_points} {symbol} {getattr(a, skill)}"
        return f"{word.lower()} {a.hit_points}"
    if type_id in cat.paladins:
        year = _term("year", language, overrides) or "year"
        return f"{word.lower()} ({year.lower()} {cat.paladins[type_id].year})"
    return word


def languages(overrides: dict[str, Any] | None = None) -> list[str]:
    """The languages with names: the shipped ones and the table's."""
    own = sorted(((overrides or {}).get("names") or {}).keys())
    return sorted({"ru", *own})


def other_names(cat: Catalog, component: str, overrides: dict[str, Any] | None = None) -> tuple[str, ...]:
    """Every name ``component`` is known by besides its printed English one, what a person may type: in
    each language its shown name first, then the other spellings printed, its plural and the table's other
    names (adventurers and paladins by their shown name only)."""
    type_id = component.split("#", 1)[0]
    key = key_of(cat, type_id)
    out: list[str] = []
    for language in languages(overrides):
        shown = localized(cat, type_id, language, overrides)
        if shown is None:
            continue
        out.append(shown)
        if type_id in cat.adventurers or type_id in cat.paladins:
            continue
        out.extend(table_names(overrides, language).get(type_id, ())[1:])
        entry = shipped(language).get(key)
        if entry and entry.name:
            out.extend((*entry.also, *((entry.plural,) if entry.plural else ())))
    return tuple(dict.fromkeys(out))


def names_problem(overrides: dict[str, Any], known: set[str]) -> str:
    """What is wrong with an override file's ``names`` section, in one line ("" when it fits): it maps a
    language code to ``{id: name or [names]}``, each id one of ``known`` (catalog ids, species, classes,
    and the ids of the shipped names)."""
    return check_names(overrides, known, "no component or term with that id")


def known_ids(cat: Catalog) -> set[str]:
    """The ids a table's names may be given for: every component type, species, class, and shipped entry."""
    ids = {r[1] for r in cat.all_components()} | {key_of(cat, r[1]) for r in cat.all_components()}
    for language in languages():
        ids |= set(shipped(language))
    return ids


def listing(cat: Catalog, language: str, overrides: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The catalog's rows with their names in ``language`` (``catalog --lang``): ``{kind, id, name (English),
    <language> (None: untranslated), untranslated, section, status}``, then the titles, Event Tiles and terms
    the shipped names give (status ``-``). ``section`` is the rulebook's where it prints the name, ``table``
    when the table's override file gives it, else why none (a Festival Season component: no Russian source)."""
    data = shipped(language)
    rows = []
    for kind, cid, name, status, _notes in cat.all_components():
        shown = localized(cat, cid, language, overrides)
        entry = data.get(key_of(cat, cid))
        own = cid in table_names(overrides, language) or key_of(cat, cid) in table_names(overrides, language)
        where: str | None
        if own:
            where = "table"
        elif entry is not None:
            where = entry.section if entry.name else entry.note
        else:
            where = f"no {language} source: not a base-game component"
        rows.append(_row(kind, cid, name, shown, where, status, language))
    listed = {r["id"] for r in rows}
    for e in data.values():
        if e.kind in ("title", "event", "term") and e.id not in listed:
            shown = _term(e.id, language, overrides)
            rows.append(_row(e.kind, e.id, e.en, shown, e.section or e.note, "-", language))
    return rows


def _row(
    kind: str, cid: str, en: str, shown: str | None, where: str | None, status: str, language: str
) -> dict[str, Any]:
    return {
        "kind": kind,
        "id": cid,
        "name": en,
        language: shown,
        "untranslated": shown is None,
        "section": where,
        "status": status,
    }
