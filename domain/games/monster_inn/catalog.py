"""The components of Monster Inn as data: 20 monsters, 20 humanoids, 50 treasures (``data/cards.json``).

Known (rulebook › Components): combat values 1-20 once per card type, 4 monsters of each of 5 kinds, the
humanoid backs (1-5, 6-10, 11-15, 16-20), 50 treasures, 3 Gold Coins and 3 Gems per player. Not printed
in the text (spec M-01..M-03): each monster's kind, every card's skulls, the Gold/Gem split. Those values
are *provisional*: each card lists them under ``provisional``, ``catalog --game monster-inn`` shows them,
and a table's override replaces them (the fields an override gives are no longer provisional)::

    {"monsters": {"m7": {"kind": "orcs", "skulls": 2}}, "treasure": {"gold": 30, "gem": 20}}

The override is recorded whole in the game's first event, with the merged catalog's content hash, so a
game replays the same under any later catalog: every released version of ``data/cards.json`` is kept in
``data/versions/<its content_hash>.json``, and :func:`catalog_for` rebuilds a game's card list from the
version that gives its hash (:class:`UnknownCatalog` if none does). The shipped files are read only here,
through ``importlib.resources``.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from domain.kernel.catalog_versions import kept_in_order

VERSIONS = "versions"  # data/versions/<content_hash>.json: every released version of cards.json, kept
TREASURES = ("gold", "gem")
BACKS = ("1-5", "6-10", "11-15", "16-20")


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Monster(_Model):
    """A monster card: face up; ``value`` 1-20 (combat value), ``kind``, ``skulls`` 1-4 (Fame)."""

    id: str
    value: int = Field(ge=1, le=20)
    kind: str
    skulls: int = Field(ge=1, le=4)
    provisional: list[str] = []


class Humanoid(_Model):
    """A humanoid card: face down until scoring; its back shows ``back`` (the value's range)."""

    id: str
    value: int = Field(ge=1, le=20)
    back: str
    skulls: int = Field(ge=1, le=4)
    provisional: list[str] = []


class Treasure(_Model):
    """How the 50 treasures split by type (each is worth one)."""

    gold: int = Field(ge=0)
    gem: int = Field(ge=0)
    provisional: list[str] = []


class Catalog(_Model):
    """The validated card list a game plays with; ``content_hash`` identifies it."""

    schema_version: int
    game: str
    kinds: list[str]
    treasure: Treasure
    start_supply: dict[str, int]
    monsters: list[Monster]
    humanoids: list[Humanoid]
    content_hash: str = ""

    @model_validator(mode="after")
    def _known_facts(self) -> Catalog:
        # what the rulebook states is checked; an override may only change what it leaves open
        if sorted(m.value for m in self.monsters) != list(range(1, 21)):
            raise ValueError("there are 20 monsters with combat values 1 to 20, one each (Components)")
        if sorted(h.value for h in self.humanoids) != list(range(1, 21)):
            raise ValueError("there are 20 humanoids with combat values 1 to 20, one each (Components)")
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("card ids must be unique")
        kinds = Counter(m.kind for m in self.monsters)
        if set(kinds) != set(self.kinds) or any(n != 4 for n in kinds.values()) or len(self.kinds) != 5:
            raise ValueError(f"monsters come in 5 kinds of 4 cards each (Components), not {dict(kinds)}")
        for h in self.humanoids:
            if h.back != back_of(h.value):
                raise ValueError(f"humanoid {h.id} (value {h.value}) shows the back {back_of(h.value)}, not {h.back}")
        if self.treasure.gold + self.treasure.gem != 50:
            raise ValueError("there are 50 treasures (Components)")
        if set(self.start_supply) != set(TREASURES):
            raise ValueError("start_supply names gold and gem")
        return self

    @property
    def cards(self) -> list[Monster | Humanoid]:
        """All 40 cards, monsters first."""
        return [*self.monsters, *self.humanoids]

    def card(self, card_id: str) -> Monster | Humanoid:
        """The card with id ``card_id`` (``"m7"``, ``"h12"``). Raises KeyError."""
        return _index(self)[card_id]

    def provisional(self) -> list[tuple[str, str, Any]]:
        """Every provisional value: (card or section, field, value)."""
        out: list[tuple[str, str, Any]] = [
            ("treasure", f, getattr(self.treasure, f)) for f in self.treasure.provisional
        ]
        for c in self.cards:
            out += [(c.id, f, getattr(c, f)) for f in c.provisional]
        return out


def back_of(value: int) -> str:
    """The range a humanoid of combat ``value`` shows on its back (``"6-10"``)."""
    low = (value - 1) // 5 * 5 + 1
    return f"{low}-{low + 4}"


_INDEXES: dict[str, dict[str, Monster | Humanoid]] = {}


def _index(cat: Catalog) -> dict[str, Monster | Humanoid]:
    found = _INDEXES.get(cat.content_hash)
    if found is None:
        found = _INDEXES[cat.content_hash] = {c.id: c for c in cat.cards}
    return found


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _build(raw: dict[str, Any]) -> Catalog:
    data = {k: v for k, v in raw.items() if k not in ("meta", "content_hash")}
    cat = Catalog.model_validate(data)
    digest = hashlib.sha256(_canonical(cat.model_dump(exclude={"content_hash"})).encode()).hexdigest()
    return cat.model_copy(update={"content_hash": digest})


@lru_cache(maxsize=1)
def _text() -> str:
    return resources.files(__package__ or __name__).joinpath("data", "cards.json").read_text(encoding="utf-8")


def _raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_text())
    return data


def _merge_entry(entry: dict[str, Any], change: dict[str, Any], where: str) -> dict[str, Any]:
    if not isinstance(change, dict):
        raise ValueError(f"override {where}: an entry is a JSON object")
    given = set(change) - {"provisional"}
    provisional = change.get("provisional", [f for f in entry.get("provisional", []) if f not in given])
    return {**entry, **change, "provisional": provisional}


def merge_override(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """``base`` with a table's ``override`` applied: cards by id (fields merged), ``treasure`` merged,
    ``kinds`` and ``start_supply`` replaced; ``"game"``, if given, must be ``"monster_inn"``.

    Raises:
        ValueError: an unknown section or card id, or an entry that is not an object.
    """
    # "names": a table's names for the cards in other languages (names.py), never merged nor hashed
    unknown = set(override) - {"meta", "game", "names", "monsters", "humanoids", "treasure", "kinds", "start_supply"}
    if unknown:
        raise ValueError(f"override has unknown sections: {sorted(unknown)}")
    if override.get("game", "monster_inn") != "monster_inn":
        raise ValueError(f"this is a card list for {override['game']!r}, not monster_inn")
    merged = dict(base)
    for section in ("monsters", "humanoids"):
        changes = override.get(section, {})
        if isinstance(changes, list):
            changes = {c.get("id"): c for c in changes if isinstance(c, dict)}
        if not isinstance(changes, dict):
            raise ValueError(f"override {section}: a JSON object keyed by card id")
        cards = {c["id"]: c for c in base[section]}
        for card_id, change in changes.items():
            if card_id not in cards:
                raise ValueError(f"override {section}: no card {card_id!r} (ids: {', '.join(cards)})")
            cards[card_id] = _merge_entry(cards[card_id], change, f"{section}.{card_id}")
        merged[section] = list(cards.values())
    if "treasure" in override:
        merged["treasure"] = _merge_entry(base["treasure"], override["treasure"], "treasure")
    for key in ("kinds", "start_supply"):
        if key in override:
            merged[key] = override[key]
    return merged


def override_problem(exc: Exception) -> str:
    """A card-list error in one line: the first problem pydantic found (where, and why), or the message."""
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        return f"the card list: {where + ': ' if where else ''}{first['msg'].removeprefix('Value error, ')}"
    return f"the card list: {exc}"


@lru_cache(maxsize=1)
def base_catalog() -> Catalog:
    """The shipped catalog, validated once."""
    return _build(_raw())


_BY_KEY: dict[str, Catalog] = {}


def catalog_with(overrides: dict[str, Any] | None) -> Catalog:
    """The shipped catalog with a table's ``overrides`` applied (None: as shipped), validated.

    Raises:
        ValueError: the override does not fit (pydantic's ValidationError is one), with the reason.
    """
    if not overrides:
        return base_catalog()
    key = _canonical(overrides)
    found = _BY_KEY.get(key)
    if found is None:
        found = _BY_KEY[key] = _build(merge_override(_raw(), overrides))
    return found


class UnknownCatalog(ValueError):
    """Raised when a game names a card list (by its ``content_hash``) that no kept version of ``cards.json``
    gives with the game's recorded overrides (a newer program's). The command line says so in one line, exit 2."""

    def __init__(self, catalog_hash: str, kept: int) -> None:
        super().__init__(
            f"the game was played with card list {catalog_hash[:12]}, which none of the {kept} kept versions of "
            "the card list gives with its overrides (a newer program's?); "
            "`audit --catalog FILE` replays it under another"
        )
        self.catalog_hash = catalog_hash


@lru_cache(maxsize=1)
def shipped_versions() -> dict[str, str]:
    """Every kept version of the card list: its ``content_hash`` (the file's name) -> its JSON text, today's
    ``cards.json`` first. Raises ValueError if ``cards.json`` is not among them (a test says so too)."""
    folder = resources.files(__package__ or __name__).joinpath("data", VERSIONS)
    kept = {
        f.name.removesuffix(".json"): f.read_text(encoding="utf-8")
        for f in folder.iterdir()
        if f.name.endswith(".json")
    }
    return kept_in_order(kept, base_catalog().content_hash, "monster_inn/data/cards.json", f"data/{VERSIONS}")


_BY_HASH: dict[str, Catalog] = {}


def catalog_for(catalog_hash: str, overrides: dict[str, Any] | None) -> Catalog:
    """The card list a game plays with: the one its first event names by ``catalog_hash``, rebuilt from the
    kept version of ``cards.json`` (today's first) that gives it with the recorded ``overrides``.

    Raises:
        UnknownCatalog: no kept version gives ``catalog_hash`` (a ValueError).
        ValueError: ``overrides`` that fit no kept version.
    """
    found = _BY_HASH.get(catalog_hash)
    if found is not None:
        return found
    versions, problem = shipped_versions(), None
    for version, text in versions.items():
        try:
            if version == base_catalog().content_hash:
                cat = catalog_with(overrides)
            else:
                raw = json.loads(text)
                cat = _build(merge_override(raw, overrides) if overrides else raw)
        except ValueError as exc:  # the overrides do not fit that version
            problem = problem or (exc if version == base_catalog().content_hash else None)
            continue
        if cat.content_hash == catalog_hash:
            _BY_HASH[catalog_hash] = cat
            return cat
    raise problem or UnknownCatalog(catalog_hash, len(versions))
