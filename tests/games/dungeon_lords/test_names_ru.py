"""A table that speaks Russian (issue #33), items "component names in both languages as data" and "names
typed in Russian are understood": every Russian name is the Russian rulebook's, cited by its section; the
ones it never prints are listed by ``catalog --lang ru --untranslated``; a draw or a line of orders typed in
Russian, in any case and inflection, resolves like the English names, which keep working beside them."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from clirun import run

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords.catalog import base_catalog, catalog_with
from domain.games.dungeon_lords.catalog.names import (
    key_of,
    known_ids,
    localized,
    names_problem,
    other_names,
    shipped,
)
from domain.games.dungeon_lords.phases.common import name_in
from domain.service.names import NameAmbiguous, NameUnknown, fold, resolve_draw

RULEBOOK = Path(os.environ.get("DL_RULES_DIR", Path(__file__).resolve().parents[4] / "shared" / "rules"))
RU = RULEBOOK / "dungeon-lords-rulebook-ru.txt"
NAMES = shipped("ru")


def _heading(line: str) -> str | None:
    """A markdown heading's words (``## [14] Копать туннель`` -> ``копать туннель``), None for another line."""
    if not line.startswith("#"):
        return None
    text = re.sub(r"^\d+\.\s*", "", re.sub(r"\[\d+\]", "", line.strip("#* \t")).replace("*", "").strip())
    return " ".join(text.lower().replace("ё", "е").split()).rstrip(".").strip()


def section_texts(text: str, section: str) -> list[str]:
    """The texts under the headings ``section`` names (``A › B``: each B after the first A), each with its
    heading line, up to the next heading; [] when the rulebook has no such headings."""
    lines = text.splitlines()
    *outer, last = [" ".join(p.lower().replace("ё", "е").split()) for p in section.split(" › ")]
    start = 0
    for want in outer:
        found = next((i for i in range(start, len(lines)) if (_heading(lines[i]) or "").startswith(want)), None)
        if found is None:
            return []
        start = found
    out = []
    for i in range(start, len(lines)):
        if (_heading(lines[i]) or "").startswith(last):
            end = next((j for j in range(i + 1, len(lines)) if _heading(lines[j]) is not None), len(lines))
            out.append("\n".join(lines[i:end]))
    return out


def _plain(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").replace("*", "").split())


needs_rulebook = pytest.mark.skipif(not RU.exists(), reason=f"the Russian rulebook text is not at {RU}")


# --- item: component names in both languages as data ---------------------------------------------------


@needs_rulebook
@pytest.mark.parametrize("entry", [e for e in NAMES.values() if e.name], ids=lambda e: e.id)
def test_every_russian_name_is_printed_in_the_section_it_cites(entry) -> None:
    under = section_texts(RU.read_text(encoding="utf-8"), entry.section)
    assert under, f"{entry.id}: the Russian rulebook has no section {entry.section!r}"
    assert any(_plain(entry.quote) in _plain(t) for t in under), (
        f"{entry.id}: {entry.quote!r} not under {entry.section!r}"
    )
    # the name is the quote's words, inflected as the quote needs (тролля -> Тролль)
    assert fold(entry.name) in fold(entry.quote), f"{entry.id}: {entry.name!r} is not what {entry.quote!r} says"
    for spelling in entry.also:
        assert _plain(spelling) in _plain(RU.read_text(encoding="utf-8")), f"{entry.id}: {spelling!r} not printed"


def test_every_base_game_component_has_an_entry_named_or_marked_untranslated() -> None:
    cat = base_catalog()
    for _kind, cid, _name, _status, _notes in cat.all_components():
        entry = NAMES.get(key_of(cat, cid))
        assert entry is not None, f"{cid}: no entry in names_ru.json (give its name, or mark it untranslated)"
        assert entry.name or entry.note, f"{cid}: an untranslated entry says why"


def test_the_names_stay_out_of_the_catalog_hash() -> None:
    cat = base_catalog()
    with_names = catalog_with({"names": {"ru": {"trap_door": "Люк"}}})
    assert with_names.content_hash == cat.content_hash
    assert localized(with_names, "trap_door", "ru", {"names": {"ru": {"trap_door": "Люк"}}}) == "Люк"
    assert localized(cat, "trap_door", "ru") is None  # untranslated: the English name is shown


def test_a_table_names_a_festival_component_in_its_override_file() -> None:
    from domain.games.dungeon_lords.ruleset import RULESETS, canonical, catalog_overlays

    cat = catalog_with(None, catalog_overlays(canonical(list(RULESETS["festival"]))))
    festival = [r[1] for r in cat.all_components() if r[1] not in {x[1] for x in base_catalog().all_components()}]
    assert festival and all(localized(cat, c, "ru") is None for c in festival)  # no Russian source
    own = {"names": {"ru": {festival[0]: ["Мой компонент", "мк"]}}}
    assert names_problem(own, known_ids(cat)) == ""
    assert other_names(cat, festival[0], own)[:2] == ("Мой компонент", "мк")
    assert "no component" in names_problem({"names": {"ru": {"no_such": "x"}}}, known_ids(cat))
    assert "language code" in names_problem({"names": {"Russian!": {}}}, known_ids(cat))


def test_catalog_lang_ru_untranslated_lists_exactly_what_the_rulebook_does_not_name() -> None:
    rows = json.loads(run("catalog", "--lang", "ru", "--untranslated", "--json").output)
    cat = base_catalog()
    expected = {
        cid
        for _k, cid, *_ in cat.all_components()
        if not (NAMES.get(key_of(cat, cid)) and NAMES[key_of(cat, cid)].name)
    } | {e.id for e in NAMES.values() if e.name is None and e.kind in ("term", "title", "event")}
    assert {r["id"] for r in rows} == expected
    assert {"trap_door", "kamikaze_imp", "witch_hunt", "fireball"} <= expected
    assert all(r["ru"] is None and r["untranslated"] for r in rows)
    listed = json.loads(run("catalog", "--lang", "ru", "--json", "--kind", "room").output)
    assert {r["id"]: r["ru"] for r in listed}["mint"] == "Монетный двор"
    assert run("catalog", "--untranslated", ok=False).exit_code == 2
    assert run("catalog", "--lang", "fr", ok=False).exit_code == 2


def test_catalog_takes_the_language_from_dl_lang(monkeypatch) -> None:
    monkeypatch.setenv("DL_LANG", "ru")
    out = run("catalog", "--kind", "monster", "--json").output
    assert {r["ru"] for r in json.loads(out)} >= {"Тролль", "Призрак", "Ведьма"}


# --- item: names typed in Russian are understood --------------------------------------------------------

POOL = ["troll_y1#1", "troll_y1#2", "ghost_y1#1", "witch_y1#1", "goblin_y1#1", "vampire_y1#1", "slime_y1#1"]


def _resolve(words, pool=POOL):
    cat = base_catalog()
    return resolve_draw(words, pool, lambda c: name_in(cat, c), lambda c: other_names(cat, c))


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        ("тролль", "troll_y1"),
        ("тролля", "troll_y1"),  # accusative / genitive
        ("троллей", "troll_y1"),  # genitive plural
        ("Тролли", "troll_y1"),  # plural
        ("ТРОЛЛЬ", "troll_y1"),
        ("Троль", "troll_y1"),  # as the appendix's heading spells it
        ("Призрак", "ghost_y1"),
        ("призраков", "ghost_y1"),
        ("ведьма", "witch_y1"),
        ("ведьму", "witch_y1"),
        ("вампира", "vampire_y1"),
        ("слизи", "slime_y1"),
        ("гоблинов", "goblin_y1"),
        ("трол", "troll_y1"),  # a prefix
        ("вед", "witch_y1"),
    ],
)
def test_each_typed_form_resolves(typed, kind) -> None:
    assert [c.split("#")[0] for c in _resolve([typed])] == [kind]


def test_copies_are_interchangeable_and_english_still_works_beside_russian() -> None:
    assert _resolve(["тролль", "тролля"]) == ["troll_y1#1", "troll_y1#2"]
    assert _resolve(["troll", "призрак", "Witch"]) == ["troll_y1#1", "ghost_y1#1", "witch_y1#1"]
    with pytest.raises(NameUnknown, match="Тролль is typed 3 times, but only 2 can come up"):
        _resolve(["тролль", "тролли", "троллей"])


def test_yo_reads_as_ye_and_names_of_several_words_in_any_case() -> None:
    rooms = ["dark_room#1", "anti_magic_room#1", "training_room#1", "mint#1", "chicken_coop#1"]
    assert _resolve(["Тёмная комната"], rooms) == ["dark_room#1"]
    assert _resolve(["тёмной комнаты"], rooms) == ["dark_room#1"]
    assert _resolve(["антимагическую комнату"], rooms) == ["anti_magic_room#1"]  # printed «Анти магическая»
    assert _resolve(["монетного двора"], rooms) == ["mint#1"]
    assert _resolve(["курятник"], rooms) == ["chicken_coop#1"]


def test_an_ambiguous_russian_prefix_is_refused_naming_the_russian_names() -> None:
    with pytest.raises(NameAmbiguous) as exc:
        _resolve(["в"])
    assert "Вампир, Ведьма" in str(exc.value)
    with pytest.raises(NameUnknown) as typo:
        _resolve(["ведма"])  # a typo: did-you-mean in Russian
    assert "did you mean Ведьма?" in str(typo.value) and "Тролль" in str(typo.value)


def _at_monster_draw():
    _, s = GAME.new_game(["Ann", "Bob", "Cat"], mode="tabletop")
    rng = random.Random(1)
    while (p := GAME.engine.pending(s)).chance is None or p.chance.what != "monsters":
        command = GAME.engine.random_draw(s, p) if p.is_chance else rng.choice(p.options(p.actors[0]))
        _, s = GAME.engine.execute(s, command)
    return s, p


def test_the_cli_takes_a_draw_typed_in_russian(tmp_path) -> None:
    from domain.service.names import draw_command

    s, p = _at_monster_draw()
    cat = base_catalog()
    pool = sorted({c.split("#")[0] for c in p.chance.pool})
    russian = [localized(cat, c, "ru") for c in pool[: p.chance.count]]
    typed = ", ".join(w.lower() for w in russian if w)
    command = draw_command(GAME, s, typed)
    assert [c.split("#")[0] for c in command.cards] == pool[: p.chance.count]
    spaced = " ".join(w.upper() for w in russian if w)  # no commas: names of one word each
    assert draw_command(GAME, s, spaced).cards == command.cards


def test_a_line_of_orders_in_russian(tmp_path) -> None:
    """`orders GAME red добыча, копать туннель, покупку ловушек`: the order cards' Russian names."""
    store = str(tmp_path / "games.sqlite")
    gid = run("--init", "new", "--players", "3", "--seed", "5", "--store", store).output.strip().splitlines()[-1]
    red = json.loads(run("status", gid, "--json", "--store", store).output)["players"][0]
    hand = red["hand"]
    ru = {e.id: e.name for e in NAMES.values() if e.kind == "action"}
    assert {"recruit_imps", "hire_monster"} <= set(hand)
    ambiguous = run("orders", gid, "red", "найм", "x", "y", "--store", store, ok=False)
    assert ambiguous.exit_code == 2 and "Найм импов, Найм монстров" in ambiguous.output
    typed = [ru[hand[0]].upper(), ru[hand[1]].lower(), ru[hand[2]]]
    run("orders", gid, "red", ", ".join(typed), "--store", store)
    state = json.loads(run("status", gid, "--json", "--store", store).output)
    assert state["players"][0]["orders"] == hand[:3]


def test_a_tables_own_names_from_its_catalog_file_are_understood_and_the_hash_holds() -> None:
    own = {"names": {"ru": {"trap_door": "Люк", "kamikaze_imp": ["Имп-камикадзе", "камикадзе"]}}}
    _, plain = GAME.new_game(["Ann", "Bob", "Cat"], mode="tabletop", seed=3)
    _, s = GAME.new_game(["Ann", "Bob", "Cat"], mode="tabletop", seed=3, catalog_overrides=own)
    assert s.catalog_hash == plain.catalog_hash  # names are never hashed
    aliases = GAME.component_aliases
    assert aliases is not None
    pool = ["trap_door#1", "kamikaze_imp#1", "pendulum#1"]
    cards = resolve_draw(
        ["люка", "камикадзе", "маятник"], pool, lambda c: GAME.component_name(s, c), lambda c: aliases(s, c)
    )
    assert cards == pool
    with pytest.raises(NameUnknown):  # not in a game without the table's names
        resolve_draw(["люк"], pool, lambda c: GAME.component_name(plain, c), lambda c: aliases(plain, c))


def test_act_draw_takes_russian_names_and_refuses_a_typo_in_russian(tmp_path) -> None:
    """`act GAME --draw "Тролли, Ведьмы, Призраки"` as the Underground Tavern's draw, through the CLI."""
    store = str(tmp_path / "games.sqlite")
    gid = run("new", "--players", "3", "--mode", "tabletop", "--store", store).output.strip().splitlines()[-1]
    rng = random.Random(1)
    while "monsters" != (p := json.loads(run("options", gid, "--json", "--store", store).output)).get("chance", {}).get(
        "what"
    ):
        if "chance" in p:
            pool = p["chance"]["pool"]
            run("act", gid, "--draw", ",".join(rng.sample(pool, p["chance"]["count"])), "--store", store)
        else:
            actor = p["actors"][0]
            run("act", gid, "--json", json.dumps(rng.choice(p["options"][actor])), "--store", store)
    cat = base_catalog()
    kinds = sorted({c.split("#")[0] for c in p["chance"]["pool"]})[:3]
    bad = run("act", gid, "--draw", "ведма, тролль, гоблин", "--store", store, ok=False)
    assert bad.exit_code == 4 and "DRAW_IMPOSSIBLE" in bad.output and "what can: " in bad.output
    assert any(localized(cat, k, "ru") in bad.output for k in kinds)  # what can come up, in Russian
    typed = ", ".join(NAMES[key_of(cat, k)].plural or "" for k in kinds)  # nominative plurals
    out = run("act", gid, "--draw", typed, "--store", store).output
    assert "Underground Tavern: " + ", ".join(cat.monsters[k].name for k in kinds) in out


def test_the_game_shows_a_component_in_the_readers_language_english_when_untranslated() -> None:
    _, s = GAME.new_game(["Ann", "Bob", "Cat"], mode="tabletop", seed=3)
    shown = GAME.ui.extras["name_in_language"]
    assert shown(s, "troll_y2#1", "ru") == "Тролль"
    assert shown(s, "troll_y2#1", "en") == "Troll"
    assert shown(s, "trap_door#2", "ru") == "Trap Door"  # untranslated: the English name
    assert shown(s, "priest_y1_b", "ru") == "священник 3 лечение 2"
