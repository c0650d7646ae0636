"""Monster Inn's names in other languages (issue #33): no rulebook of another language, so every card reads as
printed unless a table names it in its card list file's ``names`` section, which is checked, recorded with the
game and never part of the card list's hash."""

from __future__ import annotations

import json

from clirun import run

from domain.games.monster_inn import GAME
from domain.games.monster_inn.presentation import catalog_problem

NAMES = {"game": "monster_inn", "names": {"ru": {"m7": "Упырь", "undead": ["нежить", "мертвяки"]}}}


def test_a_tables_names_are_shown_and_the_rest_falls_back_to_the_printed_tokens() -> None:
    shown = GAME.ui.extras["name_in_language"]
    _, named = GAME.new_game(["A", "B", "C"], seed=1, catalog_overrides=NAMES)
    _, plain = GAME.new_game(["A", "B", "C"], seed=1)
    assert shown(named, "m7", "ru") == "Упырь" and shown(named, "undead", "ru") == "нежить"
    assert shown(named, "m8", "ru") == "m8"  # not named by the table: as printed (English)
    assert shown(named, "m7", "en") == "m7" and shown(plain, "m7", "ru") == "m7"
    assert named.catalog_hash == plain.catalog_hash  # the names are not part of the card list's hash


def test_a_names_section_is_checked_in_one_line(tmp_path) -> None:
    assert catalog_problem(NAMES) == ""
    assert (
        catalog_problem({"names": {"ru": {"troll": "Тролль"}}})
        == "names.ru.troll: no card, kind or treasure with that id"
    )
    assert catalog_problem({"names": {"ru": {"m7": []}}}) == "names.ru.m7: a name or a non-empty list of names"
    assert catalog_problem({"names": {"Russian": {"m7": "x"}}}).startswith("names.Russian: must be a language code")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "monster_inn", "names": {"ru": {"troll": "Тролль"}}}))
    store = str(tmp_path / "games.sqlite")
    refused = run("--catalog", bad, "new", "--game", "monster_inn", "--players", "3", "--store", store, ok=False)
    assert refused.exit_code == 2 and refused.output.strip().startswith(f"error: --catalog {bad}: names.ru.troll")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(NAMES))
    run("--catalog", good, "new", "--game", "monster_inn", "--players", "3", "--store", store)
