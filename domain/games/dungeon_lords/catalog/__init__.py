"""Component catalog of the Dungeon Lords base game (no Festival Season).

Usage::

    from domain.games.dungeon_lords.catalog import load_catalog
    cat = load_catalog()            # cached, validated
    cat.monsters["troll_y1"].cost   # Cost(food=2)
    cat.action("get_food").spaces["I"]

``load_catalog(path)`` loads the shipped ``data/base.json`` and then applies the
override file at ``path`` (same schema, may be partial): entries of the keyed
sections (monsters, adventurers, paladins, traps, combat_cards,
special_events, rooms, actions) replace the entry with the same id (or are
added if the id is new; new actions are appended); any other top-level key
(dungeon, evilometer, order_cards, schema_version, game) replaces the base
value wholesale.  The merged result is validated as a whole.

``content_hash`` is the sha256 hex digest of the canonical JSON (sorted keys,
compact separators, UTF-8) of the validated catalog actually loaded.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from .models import (
    EFFECT_OPS,
    KEYED_SECTIONS,
    ActionSpec,
    AdventurerType,
    Attack,
    Catalog,
    CombatCard,
    Cost,
    DungeonSpec,
    EvilometerSpec,
    MonsterType,
    PaladinType,
    Production,
    Reward,
    RoomType,
    SpaceSpec,
    SpecialEvent,
    TrapType,
    TrapYearValues,
    parse_effect_op,
    validate_effect_spec,
)

__all__ = [
    "BASE_CATALOG_PATH",
    "EFFECT_OPS",
    "ActionSpec",
    "AdventurerType",
    "Attack",
    "Catalog",
    "CombatCard",
    "Cost",
    "DungeonSpec",
    "EvilometerSpec",
    "MonsterType",
    "PaladinType",
    "Production",
    "Reward",
    "RoomType",
    "SpaceSpec",
    "SpecialEvent",
    "TrapType",
    "TrapYearValues",
    "canonical_json",
    "load_catalog",
    "merge_override",
    "parse_effect_op",
    "validate_effect_spec",
]

BASE_CATALOG_PATH = Path(__file__).resolve().parent / "data" / "base.json"

_TOP_LEVEL_KEYS = frozenset(
    {*KEYED_SECTIONS, "actions", "dungeon", "evilometer", "order_cards", "schema_version", "game"}
)


def canonical_json(data: Any) -> str:
    """Deterministic JSON text used for hashing."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _read_json(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: top level must be a JSON object")
    return data


def _entries(section: Any, key: str) -> list[dict[str, Any]]:
    """Accept a section as a list of entries or a dict keyed by id."""
    if isinstance(section, list):
        return section
    if isinstance(section, dict):
        out = []
        for k, v in section.items():
            if not isinstance(v, dict):
                raise ValueError(f"override {key}.{k}: entry must be an object")
            if "id" in v and v["id"] != k:
                raise ValueError(f"override {key}.{k}: id {v['id']!r} does not match its key")
            out.append({**v, "id": k})
        return out
    raise ValueError(f"override section {key!r} must be a list or an object")


def merge_override(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Return ``base`` with ``override`` applied (see module docstring)."""
    unknown = set(override) - _TOP_LEVEL_KEYS - {"meta"}
    if unknown:
        raise ValueError(f"override has unknown top-level keys: {sorted(unknown)}")
    merged = dict(base)
    for key, value in override.items():
        if key == "meta":
            continue
        if key in KEYED_SECTIONS or key == "actions":
            current = list(_entries(merged.get(key, []), key))
            index = {e["id"]: i for i, e in enumerate(current)}
            for entry in _entries(value, key):
                eid = entry.get("id")
                if not eid:
                    raise ValueError(f"override {key}: entry without an id")
                if eid in index:
                    current[index[eid]] = entry
                else:
                    index[eid] = len(current)
                    current.append(entry)
            merged[key] = current
        else:
            merged[key] = value
    return merged


def _build(raw: dict[str, Any]) -> Catalog:
    data = {k: v for k, v in raw.items() if k != "meta"}
    data.pop("content_hash", None)
    cat = Catalog.model_validate(data)
    digest = hashlib.sha256(canonical_json(cat.canonical_dict()).encode("utf-8")).hexdigest()
    return cat.model_copy(update={"content_hash": digest})


@lru_cache(maxsize=16)
def _load(override: Path | None) -> Catalog:
    raw = _read_json(BASE_CATALOG_PATH)
    if override is not None:
        raw = merge_override(raw, _read_json(override))
    return _build(raw)


def load_catalog(path: str | Path | None = None) -> Catalog:
    """Load (once; cached) the base catalog, optionally with an override file.

    The cache is keyed by the resolved override path; call
    ``load_catalog.cache_clear()`` after editing an override file in place.
    With no ``path``, the environment variable ``DL_CATALOG`` (an override file) applies, so a
    whole process (the CLI's ``--catalog``) plays with the corrected catalog; every game records
    the content hash of the catalog it was started with.
    """
    if path is None:
        path = os.environ.get("DL_CATALOG") or None
    return _load(Path(path).resolve() if path is not None else None)


load_catalog.cache_clear = _load.cache_clear  # type: ignore[attr-defined]
load_catalog.cache_info = _load.cache_info  # type: ignore[attr-defined]
