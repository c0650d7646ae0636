"""Refusals in the reader's language (issue "A table that speaks Russian"): the gettext domain ``refusals``
holds every refusal message the code can raise, translated into Russian (checked by extracting the
messages with Babel, as ``pybabel extract`` does); a refused input reads in Russian with the Russian
rulebook's section; English reads exactly as before; every rule a refusal cites has a Russian section
or is listed as English-only."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from clirun import run
from fastapi.testclient import TestClient

from cli import i18n
from cli.http.app import create_app
from cli.http.page_lang import negotiated
from cli.i18n import set_names
from cli.refusal_i18n import LOCALE_DIR, language, translate_refusal
from domain.games.dungeon_lords import rules_index as dl
from domain.games.dungeon_lords.errors import refuse, refuse_n
from domain.games.dungeon_lords.refusals import Refusal
from domain.games.monster_inn import refusals as mi
from domain.kernel.codes import KernelRefusal
from domain.kernel.errors import N_, Because, Phrase
from domain.kernel.rules_index import KERNEL_RULES

ROOT = Path(__file__).parent.parent.parent
#: the keywords of the documented ``pybabel extract`` (cli/locale/refusals-babel.cfg)
KEYWORDS = {"refuse": (2,), "refuse_n": (2, 3), "RuleViolation": (2,), "N_": None, "Phrase": None}
RU_RULEBOOK = ROOT.parent / "shared" / "rules" / "dungeon-lords-rulebook-ru.txt"


def _extracted() -> set[str | tuple[str, str]]:
    found: set[str | tuple[str, str]] = set()
    for folder in ("domain", "cli/http"):
        for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT / folder, [("**.py", "python")], keywords=KEYWORDS, comment_tags=()
        ):
            found.add(message)
    return found


def _catalog(path: Path):
    with path.open("rb") as f:
        return read_po(f, locale="ru" if path.suffix == ".po" else None, domain="refusals")


def test_every_refusal_message_is_in_the_template_and_translated_into_russian():
    extracted = _extracted()
    assert len(extracted) > 150  # the extraction sees the call sites (a keyword lost would find none)
    template = {m.id for m in _catalog(LOCALE_DIR / "refusals.pot") if m.id}
    assert extracted == template, "run the pybabel extract of docs/refusals.md"
    ru = _catalog(LOCALE_DIR / "ru" / "LC_MESSAGES" / "refusals.po")
    entries = {m.id: m for m in ru if m.id}
    assert sorted(map(str, extracted - set(entries))) == []  # pybabel update adds them
    fuzzy = [m.id for m in entries.values() if m.fuzzy]
    empty = [m.id for m in entries.values() if not all(m.string if isinstance(m.string, tuple) else [m.string])]
    assert fuzzy == [] and empty == []
    assert [m.id for m in ru.obsolete.values()] == []


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_each_translation_uses_the_placeholders_of_its_message():
    for m in _catalog(LOCALE_DIR / "ru" / "LC_MESSAGES" / "refusals.po"):
        if not m.id:
            continue
        ids, strings = (m.id, m.string) if isinstance(m.id, tuple) else ((m.id,), (m.string,))
        wanted = set().union(*map(_fields, ids))
        for form in strings:
            assert _fields(form) == wanted, (m.id, form)


def test_russian_has_three_plural_forms():
    imps = "{color} has {n} free imps"
    said = [translate_refusal(refuse_n("NOT_ENOUGH_IMPS", imps, imps, n, color="red"), "ru") for n in (1, 2, 5, 11, 21)]
    assert [s["message"] for s in said] == [
        "у игрока red 1 свободный имп",
        "у игрока red 2 свободных импа",
        "у игрока red 5 свободных импов",
        "у игрока red 11 свободных импов",
        "у игрока red 21 свободный имп",
    ]
    english = refuse_n("NOT_ENOUGH_IMPS", "{color} has {n} free imps", "{color} has {n} free imps", 1, color="red")
    assert english.message == "red has 1 free imps" and translate_refusal(english) == english.as_dict()


def test_fragments_quoted_refusals_and_names_are_rendered_in_the_readers_language():
    inner = refuse(
        "CANNOT_PAY_GOLD", "{what} costs {gold} gold; {color} has {held}", what="x", gold=2, color="red", held=1
    )
    outer = refuse(
        "TRAP_COST_UNPAYABLE", "{cost} (a trap whose cost cannot be paid cannot be chosen)", cost=Because(inner)
    )
    assert outer.message == "x costs 2 gold; red has 1 (a trap whose cost cannot be paid cannot be chosen)"
    assert translate_refusal(outer, "ru")["message"] == (
        "x стоит золота: 2; у игрока red: 1 (ловушку, стоимость которой нельзя оплатить, нельзя выбрать)"
    )
    what = Phrase("hiring the {name}{where}", name="Troll", where=N_(" on space III"))
    dear = refuse(
        "CANNOT_PAY_GOLD", "{what} costs {gold} gold; {color} has {held}", what=what, gold=3, color="red", held=1
    )
    assert dear.message == "hiring the Troll on space III costs 3 gold; red has 1"
    assert translate_refusal(dear, "ru")["message"] == "наём «Troll» на месте III стоит золота: 3; у игрока red: 1"
    where = refuse_n("TOO_MANY_TRAPS", "{where} takes {n} trap(s)", "{where} takes {n} trap(s)", 2, where="a tunnel")
    assert translate_refusal(where, "ru")["message"] == "туннель: не больше 2 ловушек"
    set_names(lambda lang, name: {"red": "красный", "troll": "Тролль"}.get(name))
    try:
        named = refuse("MONSTER_NOT_OWNED", "{monster} is not in {color}'s Monster Lair", monster="troll", color="red")
        assert translate_refusal(named, "ru")["message"] == "Тролль нет в Убежище монстров игрока красный"
        assert translate_refusal(named, "en")["message"] == "troll is not in red's Monster Lair"
    finally:
        set_names(lambda lang, name: None)


def test_the_language_comes_from_the_argument_then_the_context_then_english():
    """The context's language is the CLI's choice (--lang, DL_LANG, the locale): an explicit ``--lang en``
    wins over ``DL_LANG=ru`` because the CLI sets the context from the option first."""
    assert language() == "en" and language("ru_RU.UTF-8") == "ru" and language("ru-RU") == "ru"
    token = i18n.LANG.set("ru")
    try:
        assert language() == "ru" and language("en") == "en"
    finally:
        i18n.LANG.reset(token)
    assert negotiated("de;q=0.9, ru;q=0.8, en;q=0.5") == "ru"
    assert negotiated("en-US,en;q=0.9") == "en" and negotiated("") == "en"
    assert negotiated("fr") == "en"  # no catalog: English


def test_a_language_without_a_catalog_reads_english():
    refusal = refuse("DIG_NOWHERE", "no square can take a new tunnel", "dig.no_2x2")
    assert translate_refusal(refusal, "fr") == refusal.as_dict()


# --- rule citations -------------------------------------------------------------------------------------


def _cited_rule_ids(package: Path) -> set[str]:
    """Rule ids written at the call sites of ``package`` (and the kernel's): the third argument of
    refuse() / RuleViolation(), the fifth of refuse_n(), the third of a (code, message, rule, params) problem."""
    ids = set()
    for path in [*package.rglob("*.py"), *(ROOT / "domain" / "kernel").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            args: list[ast.expr] = []
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                args = {"refuse": node.args[2:3], "RuleViolation": node.args[2:3], "refuse_n": node.args[4:5]}.get(
                    name, []
                )
            elif isinstance(node, ast.Tuple) and len(node.elts) == 4:
                args = node.elts[2:3]
            ids |= {a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return ids & (set(dl.RULES) | set(KERNEL_RULES) | set(mi.RULES))


def test_every_rule_a_dungeon_lords_refusal_cites_has_a_russian_section_or_is_english_only():
    used = {m.rule_id for enum in (KernelRefusal, Refusal) for m in enum} | _cited_rule_ids(
        ROOT / "domain" / "games" / "dungeon_lords"
    )
    assert sorted(r for r in used if r not in dl.RULES_RU and r not in dl.ENGLISH_ONLY) == []
    assert set(dl.RULES_RU) <= set(dl.INDEX.rules) and not set(dl.RULES_RU) & set(dl.ENGLISH_ONLY)
    assert set(dl.ENGLISH_ONLY) <= set(dl.INDEX.rules)
    # the engine's own rules have no rulebook section: their citation reads in Russian from the catalog
    russian = i18n.translations("ru", "refusals")
    engine = sorted(r for r, why in dl.ENGLISH_ONLY.items() if why.startswith("engine"))
    assert len(engine) > 10
    assert [r for r in engine if russian.gettext(dl.INDEX.cite(r)) == dl.INDEX.cite(r)] == []


def test_a_name_that_cannot_come_up_is_refused_in_russian_with_russian_names_and_the_engines_rule():
    """The draw's did-you-mean, what can come up and an ambiguous prefix read in the reader's language (the
    component names too, whatever script was typed); English reads as before."""
    from cli.games import use_names
    from domain.games.dungeon_lords import GAME
    from domain.kernel.errors import RuleViolation
    from domain.service.names import draw_command

    _, state = GAME.new_game(["Ann", "Bob", "Cid"], mode="tabletop", variant="first_game")
    use_names(GAME, state)
    try:
        said = {}
        for typed in ("get fod, mine gold", "troll_y1", "b", "най", "Добыча золота, Добыча золота"):
            with pytest.raises(RuleViolation) as refused:
                draw_command(GAME, state, typed)
            said[typed] = (translate_refusal(refused.value, "en"), translate_refusal(refused.value, "ru"))
    finally:
        set_names(None)
    en, ru = said["get fod, mine gold"]
    assert en["code"] == ru["code"] == "DRAW_IMPOSSIBLE"
    assert en["message"].startswith("'get fod' cannot come up (what can: build_room, buy_traps, ")
    assert en["message"].endswith("; did you mean get food?") and en["rule"].startswith("Engine: a recorded draw")
    assert ru["message"].startswith("'get fod' не может выйти (можно: Добыча золота, Копать туннель, ")
    assert ru["message"].endswith("; может быть, Получение пищи?")
    assert ru["rule"] == "Программа: записанное вытягивание должно быть возможно из оставшихся компонентов"
    assert not re.search("[A-Za-z]{3}", ru["message"].split("'", 2)[2])  # nothing left in English
    assert said["troll_y1"][1]["message"].startswith("Тролль сейчас вытянуть нельзя: уже вытянут или вне игры (можно: ")
    assert said["b"][0]["message"] == "'b' could be any of build_room, buy_traps: type more of the name"
    assert (
        said["b"][1]["message"]
        == "'b' подходит к нескольким: Покупка ловушек, Строительство комнат; наберите название дальше"
    )
    assert (
        said["най"][1]["message"] == "'най' подходит к нескольким: Найм импов, Найм монстров; наберите название дальше"
    )
    assert said["Добыча золота, Добыча золота"][1]["message"] == (
        "Добыча золота: введено 2 раз(а), а вытянуть можно только 1"
    )


def test_every_rule_a_monster_inn_refusal_cites_is_english_only():
    used = {m.rule_id for enum in (KernelRefusal, mi.MonsterInnRefusal) for m in enum} | _cited_rule_ids(
        ROOT / "domain" / "games" / "monster_inn"
    )
    assert sorted(used - set(mi.ENGLISH_ONLY)) == []
    refusal = mi.refuse("SUPPLY_EMPTY", "the general supply has no {treasure}", treasure="gem")
    assert translate_refusal(refusal, "ru")["rule"] == refusal.rule  # English: no Russian rulebook


@pytest.mark.skipif(not RU_RULEBOOK.exists(), reason="the Russian rulebook's text is not beside the repository")
def test_russian_citations_name_the_russian_rulebooks_headings_verbatim():
    headings = {
        re.sub(r"^\[\d+\]\s*", "", line.lstrip("#").strip().strip("*").strip()).rstrip(".:").strip()
        for line in RU_RULEBOOK.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    }
    for rule_id, citation in dl.RULES_RU.items():
        for cited in re.findall(r"Правила › ([^;]+)", citation):  # a path of headings, then what the rule says
            for part in re.split(r" › | / ", cited.strip()):
                assert any(part == h or part.startswith(h + " (") for h in headings), (rule_id, part)


# --- the CLI and the HTTP service -----------------------------------------------------------------------


def test_a_refused_input_reads_in_russian_with_dl_lang_and_in_english_as_before(tmp_path, monkeypatch):
    store = str(tmp_path / "games.sqlite")
    monkeypatch.delenv("DL_LANG", raising=False)
    game = run("new", "--players", "2", "--seed", "2", "--store", store).output.strip().splitlines()[-1]
    decline = json.dumps({"type": "decline", "player": "blue"})
    english = run("act", game, "--json", decline, "--store", store, ok=False)
    assert (
        english.exit_code == 4
        and "the game waits for" in english.output
        and "rule: Rulebook › First Year" in english.output
    )
    monkeypatch.setenv("DL_LANG", "ru")
    russian = run("act", game, "--json", decline, "--store", store, ok=False)
    assert russian.exit_code == 4 and "refused: UNEXPECTED_COMMAND" in russian.output
    assert "игра ждет: " in russian.output and "rule: Правила › Первый год (" in russian.output
    explicit = run("--lang", "en", "act", game, "--json", decline, "--store", store, ok=False)  # the option wins
    assert explicit.exit_code == 4 and "the game waits for" in explicit.output and "игра" not in explicit.output


def test_an_http_refusal_reads_in_the_language_the_request_accepts(tmp_path):
    client = TestClient(create_app(str(tmp_path / "games.sqlite")), raise_server_exceptions=False)
    made = client.post("/api/games", json={"names": ["Ann", "Bob"], "seed": 7}).json()
    headers = {"Authorization": f"Bearer {made['tokens']['recorder']}"}
    body = {"command": {"type": "decline", "player": "blue"}}
    english = client.post(f"/api/games/{made['id']}/inputs", json=body, headers=headers)
    russian = client.post(f"/api/games/{made['id']}/inputs", json=body, headers={**headers, "Accept-Language": "ru"})
    assert english.status_code == russian.status_code == 422
    assert english.json()["code"] == russian.json()["code"] == "UNEXPECTED_COMMAND"
    assert english.json()["message"].startswith("the game waits for: ") and english.json()["rule"].startswith(
        "Rulebook"
    )
    assert russian.json()["message"].startswith("игра ждет: ") and russian.json()["rule"].startswith("Правила › ")
