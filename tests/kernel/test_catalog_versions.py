"""A stored game keeps its catalog: every released version of the base catalog is kept under its content hash
(``catalog/data/versions/<hash>.json``), and a game replays with the version its first event names, whatever
``base.json`` says today. Editing ``base.json`` without keeping the new version fails here, saying what to do."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from domain.games.dungeon_lords import catalog as catalogs
from domain.games.dungeon_lords.catalog import UnknownCatalog, base_catalog, catalog_for, shipped_versions
from domain.games.dungeon_lords.engine import ENGINE, new_game
from domain.games.dungeon_lords.phases.common import catalog

DATA = resources.files(catalogs.__name__).joinpath("data")


def test_the_shipped_base_catalog_is_kept_under_its_hash():
    current = base_catalog().content_hash
    kept = {f.name for f in DATA.joinpath("versions").iterdir()}
    assert f"{current}.json" in kept, (
        f"catalog/data/base.json was edited: its catalog is {current}, not kept in catalog/data/versions/. "
        f"Copy base.json to catalog/data/versions/{current}.json (and keep the older ones), so that the games "
        "played with each version replay with it."
    )
    assert DATA.joinpath("versions", f"{current}.json").read_text() == DATA.joinpath("base.json").read_text()
    assert next(iter(shipped_versions())) == current  # looked up first


def test_every_kept_version_is_named_by_its_hash():
    for name, text in shipped_versions().items():
        assert catalogs._build(json.loads(text)).content_hash == name


@pytest.fixture
def edited_base(monkeypatch):
    """``base.json`` edited (the troll's cost raised) and its new version kept beside today's: (old, new) catalog."""
    old_text = DATA.joinpath("base.json").read_text()
    raw = json.loads(old_text)
    troll = next(m for m in raw["monsters"] if m["id"] == "troll_y1")
    troll["cost"] = {**troll["cost"], "food": troll["cost"].get("food", 0) + 1}
    new_text = json.dumps(raw)
    old = base_catalog()
    new = catalogs._build(json.loads(new_text))
    monkeypatch.setattr(catalogs, "_base_text", lambda: new_text)
    monkeypatch.setattr(catalogs, "shipped_versions", lambda: {new.content_hash: new_text, old.content_hash: old_text})
    catalogs.base_catalog.cache_clear()
    catalogs._BY_HASH.clear()  # a fresh process: no catalog known yet
    yield old, new
    catalogs.base_catalog.cache_clear()  # and again a fresh process: the catalogs built anew from today's file,
    catalogs._BY_HASH.clear()  # so that base_catalog() and the catalog a game names are one object again


def test_an_old_game_replays_with_its_own_catalog_after_base_json_is_edited(edited_base):
    old, new = edited_base
    assert new.content_hash != old.content_hash
    assert base_catalog().content_hash == new.content_hash  # today's file is the edited one
    events, _ = new_game(["Ann", "Bob"], seed=3, variant="full")  # (started under the edited file)
    assert events[0].catalog_hash == new.content_hash
    # A game begun before the edit names the old catalog: it replays with the old troll.
    # (stored before the fold's settled fields: its table is laid out anew from the catalog it names)
    played_before = [events[0].replace(catalog_hash=old.content_hash, setup=None), *events[1:]]
    state = ENGINE.replay(played_before)
    assert catalog(state).content_hash == old.content_hash
    assert catalog(state).monsters["troll_y1"].cost == old.monsters["troll_y1"].cost
    assert new.monsters["troll_y1"].cost.food == old.monsters["troll_y1"].cost.food + 1


def test_a_catalog_no_kept_version_gives_is_refused_by_name():
    with pytest.raises(UnknownCatalog) as refused:
        catalog_for("0" * 64, None)
    assert "catalog 000000000000" in str(refused.value) and "kept versions" in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_a_game_with_overrides_finds_its_version_too(edited_base):
    """A table's overrides were applied to the base of the day: the old base with them gives the game's hash."""
    old, new = edited_base
    raw = json.loads(DATA.joinpath("base.json").read_text())  # the old text (the real file is not edited)
    goblin = next(m for m in raw["monsters"] if m["id"] == "goblin_y1")
    overrides = {"monsters": [{**goblin, "cost": {"gold": 2}}]}
    played = catalogs._merged(raw, overrides, ())
    assert played.content_hash not in (old.content_hash, new.content_hash)
    assert catalogs.catalog_with(overrides).content_hash != played.content_hash  # today's base gives another
    catalogs._BY_HASH.clear()
    found = catalog_for(played.content_hash, overrides)
    assert found.content_hash == played.content_hash and found.monsters["troll_y1"] == old.monsters["troll_y1"]


# --- Monster Inn's card list: the same ------------------------------------------------------------------------
def test_monster_inn_keeps_its_card_list_under_its_hash_and_replays_with_it(monkeypatch):
    from domain.games import GAMES
    from domain.games.monster_inn import catalog as cards

    folder = resources.files("domain.games.monster_inn").joinpath("data")
    current = cards.base_catalog().content_hash
    assert folder.joinpath("versions", f"{current}.json").read_text() == folder.joinpath("cards.json").read_text(), (
        f"monster_inn/data/cards.json was edited: copy it to monster_inn/data/versions/{current}.json"
    )
    for name, text in cards.shipped_versions().items():
        assert cards._build(json.loads(text)).content_hash == name
    # cards.json edited (a monster's skulls): a game begun before replays with the old list
    old_text = cards._text()
    raw = json.loads(old_text)
    raw["monsters"][0]["skulls"] = raw["monsters"][0].get("skulls", 0) + 1
    new_text = json.dumps(raw)
    new = cards._build(json.loads(new_text))
    package = GAMES["monster_inn"]
    events, _ = package.new_game(["Ann", "Bob", "Cid"], seed=2)
    memo = dict(cards._BY_HASH)
    monkeypatch.setattr(cards, "_text", lambda: new_text)
    monkeypatch.setattr(cards, "shipped_versions", lambda: {new.content_hash: new_text, current: old_text})
    cards.base_catalog.cache_clear()
    cards._BY_HASH.clear()
    try:
        assert cards.base_catalog().content_hash == new.content_hash
        state = package.engine.replay(events)
        assert state.catalog.content_hash == current != new.content_hash
        with pytest.raises(cards.UnknownCatalog):
            cards.catalog_for("0" * 64, None)
    finally:
        cards.base_catalog.cache_clear()
        cards._BY_HASH.clear()
        cards._BY_HASH.update(memo)


def test_a_record_played_with_a_catalog_not_kept_is_refused_in_one_line(tmp_path):
    """`import` of a record whose header names a catalog no kept version gives: exit 2, one line, nothing
    stored (it used to be replayed with today's catalog)."""
    from pathlib import Path

    from clirun import run

    golden = Path(__file__).parent.parent / "golden" / "tabletop-3p.dlr"
    text = golden.read_text()
    assert f"catalog {base_catalog().content_hash}\n" in text
    unknown = tmp_path / "unknown.dlr"
    unknown.write_text(text.replace(f"catalog {base_catalog().content_hash}", "catalog " + "1" * 64))
    store = tmp_path / "games.sqlite"
    refused = run("import", unknown, "--store", store, ok=False)
    assert refused.exit_code == 2
    lines = refused.output.strip().splitlines()
    assert len(lines) == 1 and "catalog 111111111111" in lines[0] and "kept versions" in lines[0], refused.output
    assert run("import", golden, "--store", store).exit_code == 0  # the kept one imports


def test_a_position_printed_under_a_kept_catalog_loads_with_it(edited_base):
    """A position (``status --json``) of a game played before ``base.json`` was edited names the old catalog:
    it loads with that kept version, as the stored game replays with it; a hash no version gives is refused."""
    from domain.games.dungeon_lords.engine import from_scenario
    from domain.games.dungeon_lords.views import view
    from domain.kernel import RuleViolation

    old, new = edited_base
    events, _ = new_game(["Ann", "Bob"], seed=3, variant="full")
    # (stored before the fold's settled fields: its table is laid out anew from the catalog it names)
    first = events[0].replace(catalog_hash=old.content_hash, setup=None)
    played_before = ENGINE.replay([first, *events[1:]])
    position = json.loads(json.dumps(view(played_before, None)))
    assert position["catalog_hash"] == old.content_hash != base_catalog().content_hash
    loaded, state = from_scenario(position)
    assert catalog(state).content_hash == old.content_hash
    assert catalog(state).monsters["troll_y1"].cost == old.monsters["troll_y1"].cost
    with pytest.raises(RuleViolation, match="catalog_hash: names no catalog this program keeps"):
        from_scenario({**position, "catalog_hash": "f" * 64})
