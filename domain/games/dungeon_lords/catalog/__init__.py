"""Component catalog of the Dungeon Lords base game (no Festival Season).

Usage::

    from domain.games.dungeon_lords.catalog import load_catalog
    cat = load_catalog()            # the base catalog, validated once
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

A stored game keeps its catalog: every released version of ``data/base.json`` is kept
in ``data/versions/<its content_hash>.json``, and :func:`catalog_for` finds the
version that, with the game's modules and recorded overrides, gives the hash its first
event names (editing ``base.json`` makes a new version; old games replay with theirs).
A hash no kept version gives raises :class:`UnknownCatalog`. The shipped data is read
only here, through ``importlib.resources`` (the game package's one declared loader).
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from domain.kernel.catalog_versions import kept_in_order

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
    "KNOWN_CATALOGS",
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
    "UnknownCatalog",
    "canonical_json",
    "base_catalog",
    "catalog_for",
    "catalog_with",
    "load_catalog",
    "read_override",
    "merge_override",
    "override_problem",
    "shipped_names_text",
    "shipped_versions",
    "parse_effect_op",
    "validate_effect_spec",
]

BASE_CATALOG_PATH = Path(__file__).resolve().parent / "data" / "base.json"  # where it is (never read by path)
VERSIONS = "versions"  # data/versions/<content_hash>.json: every released version of base.json, kept

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


def shipped_names_text(language: str) -> str | None:
    """The text of ``data/names_<language>.json`` (the components' names in that language, kept out of the
    hashed catalog: see :mod:`.names`), or None when none is shipped for it."""
    try:
        return _shipped_text(f"names_{language}.json")
    except FileNotFoundError:
        return None


def _shipped_text(*parts: str) -> str:
    """The text of a shipped data file (``data/<parts...>``): the one place the game reads its own files."""
    return resources.files(__name__).joinpath("data", *parts).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _base_text() -> str:
    return _shipped_text("base.json")


def _base_raw() -> dict[str, Any]:
    """The current ``data/base.json`` as JSON (a fresh dict each time: merging must not touch the shipped one)."""
    data = json.loads(_base_text())
    if not isinstance(data, dict):
        raise ValueError("data/base.json: top level must be a JSON object")
    return data


class UnknownCatalog(ValueError):
    """Raised when a game names a catalog (by its ``content_hash``) that no kept version of the base catalog
    gives with the game's modules and recorded overrides: the game was played with a catalog this version of
    the program does not ship (a newer program's, or a ``base.json`` edited without keeping its version).
    The command line says so in one line: exit 2 for a record or scenario, 5 for a stored game."""

    def __init__(self, catalog_hash: str, kept: int) -> None:
        super().__init__(
            f"the game was played with catalog {catalog_hash[:12]}, which none of the {kept} kept versions of "
            "the base catalog gives with its modules and overrides (a newer program's catalog?); "
            "`audit --catalog FILE` replays it under another"
        )
        self.catalog_hash = catalog_hash


@lru_cache(maxsize=1)
def shipped_versions() -> dict[str, str]:
    """Every kept version of the base catalog: its ``content_hash`` (the file's name) -> its JSON text, the
    current ``base.json`` first. Raises ValueError if ``base.json`` is not among them (a test says so too)."""
    folder = resources.files(__name__).joinpath("data", VERSIONS)
    kept = {
        f.name.removesuffix(".json"): f.read_text(encoding="utf-8")
        for f in folder.iterdir()
        if f.name.endswith(".json")
    }
    return kept_in_order(kept, base_catalog().content_hash, "data/base.json", f"data/{VERSIONS}")


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
    unknown = set(override) - _TOP_LEVEL_KEYS - {"meta", "names"}
    if unknown:
        raise ValueError(f"override has unknown top-level keys: {sorted(unknown)}")
    merged = dict(base)
    for key, value in override.items():
        if key in ("meta", "names"):  # free text, and a table's names for components: never hashed
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


@lru_cache(maxsize=1)
def base_catalog() -> Catalog:
    """The shipped catalog (``data/base.json``), validated; read once."""
    return _build(_base_raw())


def read_override(path: str | Path) -> dict[str, Any]:
    """The content of an override file (a JSON object in the base catalog's schema, may be partial).

    Raises:
        OSError: the file cannot be read.  ValueError: not JSON, or not an object.
    """
    return _read_json(Path(path))


# Catalogs by content hash: a memo, never stale (the key is a digest of the content), so a game's
# rules stay a function of its log: the first event records the hash and the table's overrides.
_BY_HASH: dict[str, Catalog] = {}
KNOWN_CATALOGS = _BY_HASH  # read-only for the rules' hot path; filled by catalog_with / catalog_for


def catalog_with(overrides: dict[str, Any] | None, overlays: tuple[dict[str, Any], ...] = ()) -> Catalog:
    """The base catalog with the rules modules' ``overlays`` (an expansion's components, in the override
    format, in order) and then a table's ``overrides`` applied (None: the base catalog), validated.

    Raises:
        ValueError: an override that does not fit the schema (pydantic's ValidationError is one).
    """
    if not overrides and not overlays:
        cat = base_catalog()
    else:
        cat = _merged(_base_raw(), overrides, overlays)
    _BY_HASH.setdefault(cat.content_hash, cat)
    return cat


def _merged(raw: dict[str, Any], overrides: dict[str, Any] | None, overlays: tuple[dict[str, Any], ...]) -> Catalog:
    """``raw`` (a base catalog's JSON) with the ``overlays`` and then the ``overrides`` applied, validated."""
    for overlay in (*overlays, *([overrides] if overrides else [])):
        raw = merge_override(raw, overlay)
    return _build(raw)


def catalog_for(
    catalog_hash: str, overrides: dict[str, Any] | None, overlays: tuple[dict[str, Any], ...] = ()
) -> Catalog:
    """The catalog a game plays with: the one its first event names by ``catalog_hash`` (sha256, 64 hex
    digits). Not yet known in this process, it is rebuilt from the kept version of the base catalog
    (:func:`shipped_versions`, the current one first) that gives that hash with the modules' ``overlays``
    and the recorded ``overrides``: a game replays with the catalog it was played with, whatever
    ``base.json`` says today. A state that names no catalog (``""``: made by hand) plays with today's.

    Raises:
        UnknownCatalog: no kept version gives ``catalog_hash`` (a ValueError).
        ValueError: ``overrides`` that fit no kept version's schema.
    """
    cat = _BY_HASH.get(catalog_hash)
    if cat is not None:
        return cat
    if not catalog_hash:
        return _BY_HASH.setdefault(catalog_hash, catalog_with(overrides, overlays))
    versions, current = shipped_versions(), base_catalog().content_hash
    problem: ValueError | None = None
    for version, text in versions.items():
        try:
            cat = (
                catalog_with(overrides, overlays)
                if version == current
                else _merged(json.loads(text), overrides, overlays)
            )
        except ValueError as exc:  # the overrides do not fit that version (or it does not fit today's schema)
            problem = problem or (exc if version == current else None)
            continue
        _BY_HASH.setdefault(cat.content_hash, cat)
        if cat.content_hash == catalog_hash:
            return cat
    raise problem or UnknownCatalog(catalog_hash, len(versions))


def override_problem(exc: Exception) -> str:
    """One line saying why an override does not fit: the first validation error with its place
    (``actions.8: a provisional entry must say in `notes` what is assumed``) or the error's first line."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(x) for x in first.get("loc", ())) or "catalog"
        return f"{where}: {first.get('msg', '')}".replace("Value error, ", "")
    return str(exc).splitlines()[0]


def load_catalog(path: str | Path | None = None) -> Catalog:
    """The base catalog, or with the override file at ``path`` applied.

    This reads no environment variable: the command line (``--catalog`` / ``DL_CATALOG``) reads the
    file and a new game records its content in ``GameStarted.catalog_overrides``; the rules then ask
    for the game's catalog (``phases.common.catalog(state)``), never for a process-wide one.

    Raises:
        OSError, ValueError: as :func:`read_override` and :func:`catalog_with`.
    """
    if path is None:
        return base_catalog()
    return catalog_with(read_override(path))


load_catalog.cache_clear = base_catalog.cache_clear  # type: ignore[attr-defined]
