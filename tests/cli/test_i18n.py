"""The CLI in Russian (issue #33): the catalog covers every message of the translated scope, the language is
chosen by --lang / DL_LANG / the locale, plural forms and numbers follow Babel, and `status`, `options`,
`log` and `explain` read in Russian while the English output stays what it was."""

from __future__ import annotations

import ast
import functools
import json
import re
from datetime import date
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from clirun import run
from typer.testing import CliRunner

from cli import i18n
from cli.main import app

ROOT = Path(__file__).parent.parent.parent
RU = ROOT / "cli" / "locale" / "ru" / "LC_MESSAGES" / "messages.po"
POT = ROOT / "cli" / "locale" / "messages.pot"
RU_REFUSALS = ROOT / "cli" / "locale" / "ru" / "LC_MESSAGES" / "refusals.po"
CYRILLIC = re.compile("[а-яё]", re.I)

#: the files whose messages are translated (docs/i18n.md "What is translated"); every message pybabel
#: extracts from them must have a Russian translation that is neither fuzzy nor empty
SCOPE = {
    "analytics/report.py",
    "analytics/__init__.py",  # the answers' warnings
    "cli/input_words.py",  # an input described on the undo and correct pages
    "cli/analytics_cmds.py",  # stats' caption and warnings
    "cli/commands/inspect.py",
    "cli/games/__init__.py",
    "cli/games/dungeon_lords/render.py",
    "cli/games/dungeon_lords/render_combat.py",
    "cli/games/dungeon_lords/words.py",
    "cli/games/dungeon_lords/event_words.py",
    "domain/kernel/audit.py",
    # the table page (its language per person: cli/http/page_lang.py)
    "cli/http/page.py",
    "cli/http/page_forms.py",
    "cli/http/templates/base.html",
    "cli/http/templates/decision.html",
    "cli/http/templates/draw.html",
    "cli/http/templates/dungeon_lords_board.html",
    "cli/http/templates/table.html",
    # the recorder's other pages and the explain page (cli/http/page_history.py, page_join.py)
    "cli/http/page_history.py",
    "cli/http/templates/links.html",
    "cli/http/templates/confirm.html",
    "cli/http/templates/correct.html",
    "cli/http/templates/explain.html",
    "cli/http/templates/error.html",
    "cli/games/dungeon_lords/event_words_more.py",
    # the CLI's one-line errors a recorder commonly meets (cli/errors.py's prefix; the games, options, --as, --at)
    "cli/errors.py",
    "cli/context.py",
    "cli/game_options.py",
    "cli/commands/play.py",
    "cli/commands/stats.py",
}


def _extracted() -> dict[str, set[str]]:
    """file -> the message ids pybabel's extraction (babel.cfg's map) finds in it."""
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: dict[str, set[str]] = {}
    for filename, _lineno, message, _comments, _context in extract_from_dir(ROOT, method_map, options_map):
        msgid = message[0] if isinstance(message, tuple) else message
        found.setdefault(filename, set()).add(msgid)
    return found


def test_every_extracted_message_is_in_the_russian_catalog() -> None:
    """Every message ``pybabel extract`` finds with babel.cfg (the CLI's Python, the kernel's explain, the report
    and every page template) has a Russian translation, neither fuzzy nor empty; the refusals' domain (the
    domain's messages, prompts, command words and engine citations) is checked the same way in
    tests/cli/test_refusals_i18n.py."""
    found = _extracted()
    assert SCOPE <= set(found), "a file of the scope has no message any more: update SCOPE and docs/i18n.md"
    with RU.open("rb") as f:
        catalog = read_po(f, locale="ru")
    missing = []
    for filename in sorted(found):  # everything the extraction finds (babel.cfg), not only the scope's files
        for msgid in sorted(found[filename]):
            entry = catalog.get(msgid)
            forms = entry.string if entry is not None else None
            strings = forms if isinstance(forms, tuple) else (forms,)
            if entry is None or entry.fuzzy or not all(strings):
                missing.append(f"{filename}: {msgid!r}")
    assert not missing, "untranslated, fuzzy or empty in ru/messages.po:\n" + "\n".join(missing)


def test_the_template_holds_every_extracted_message() -> None:
    with POT.open("rb") as f:
        template = read_po(f)
    extracted = set().union(*_extracted().values())
    assert extracted <= {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}, (
        "run `pybabel extract` and `pybabel update` (docs/i18n.md)"
    )


def test_every_marked_message_is_extracted() -> None:
    """A message marked inside an f-string's braces (``f"{_('x')}"``) is invisible to pybabel: in the scope,
    every literal given to ``_``/``gettext``/``ngettext``/``N_`` must be one the extraction finds."""
    found = _extracted()
    for filename in sorted(SCOPE | set(found)):
        if filename.endswith(".sql"):  # a question's headers (analytics/questions_i18n.py): no marking
            continue
        text = (ROOT / filename).read_text()
        marked = (
            set(re.findall(r'\b_\("([^"]+)"', text))  # a template's _("...")
            if filename.endswith(".html")
            else {
                node.args[0].value
                for node in ast.walk(ast.parse(text))
                if isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "gettext", "ngettext", "N_")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            }
        )
        assert marked <= found[filename], f"{filename}: not extracted: {sorted(marked - found[filename])}"


def test_plural_forms_numbers_and_dates_follow_the_readers_locale() -> None:
    forms = [i18n.ngettext("{n} imp", "{n} imps", n, lang="ru").format(n=n) for n in (1, 2, 5, 21)]
    assert forms == ["1 имп", "2 импа", "5 импов", "21 имп"]
    assert i18n.ngettext("{n} imp", "{n} imps", 2, lang="en").format(n=2) == "2 imps"
    assert i18n.format_number(1234.5, lang="en") == "1,234.5"
    assert i18n.format_number(1234.5, lang="ru").split() == ["1", "234,5"]  # a no-break space (CLDR's)
    assert i18n.format_date(date(2026, 3, 8), lang="ru", form="long").split() == ["8", "марта", "2026", "г."]


def test_the_language_is_looked_up_per_call_not_installed() -> None:
    token = i18n.LANG.set("ru")
    try:
        assert i18n.gettext("rule: {rule}") == "правило: {rule}"
        assert i18n.gettext("rule: {rule}", lang="en") == "rule: {rule}"  # one seat may read English
    finally:
        i18n.LANG.reset(token)
    assert i18n.gettext("rule: {rule}") == "rule: {rule}"


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_the_default_language_is_the_locales(environ, lang) -> None:
    assert i18n.from_locale(environ) == lang


def test_the_names_seam_falls_back_to_english() -> None:
    i18n.set_names(None)
    assert i18n.name_in("ru", "troll", "Troll") == "Troll"  # no names hook plugged in here
    i18n.set_names(lambda lang, component: "Призрак" if component.startswith("ghost") else None)
    try:
        assert i18n.name_in("ru", "ghost_y1#2", "Ghost") == "Призрак"
        assert i18n.name_in("ru", "troll", "Troll") == "Troll"  # the hook does not name it: English
        assert i18n.name_in("en", "ghost_y1#2", "Ghost") == "Ghost"  # English never asks the hook
    finally:
        i18n.set_names(None)


def test_status_and_log_name_the_games_components_in_russian_english_when_untranslated(game) -> None:
    from domain.games.dungeon_lords import GAME

    store, gid = game
    view = json.loads(run("--lang", "en", "status", gid, "--store", store, "--json").output)
    offer = view["board"]["monster_offer"] + view["board"]["room_offer"]
    _, state = GAME.new_game(["Ann", "Bob", "Cat"], mode="tabletop", seed=3)  # the same shipped catalog
    shown = GAME.ui.extras["name_in_language"]
    russian = [shown(state, c, "ru") for c in offer]
    assert all(n != shown(state, c, "en") for n, c in zip(russian, offer, strict=True))  # all are named in Russian
    status_ru, log_ru = (run("--lang", "ru", cmd, gid, "--store", store).output for cmd in ("status", "log"))
    status_en = run("--lang", "en", "status", gid, "--store", store).output
    for name in russian:
        assert name in status_ru and name in log_ru and name not in status_en
    from cli.games import use_names

    use_names(GAME, state)  # the seam the CLI plugs: the game's names, through its package (no game in core)
    try:
        assert i18n.name_in("ru", "troll_y1", "Troll") == "Тролль"
        assert i18n.name_in("ru", "trap_door", "Trap Door") == "Trap Door"  # untranslated: English
        assert i18n.name_in("en", "troll_y1", "Troll") == "Troll"
    finally:
        i18n.set_names(None)


@pytest.fixture()
def game(tmp_path):
    store = str(tmp_path / "games.sqlite")
    gid = run("--lang", "en", "new", "--store", store, "--players", "3", "--seed", "4").output.strip().splitlines()[-1]
    return store, gid


def test_an_unknown_language_is_one_line_and_exit_2(game) -> None:
    store, gid = game
    bad = run("--lang", "fr", "status", gid, "--store", store, ok=False)
    assert bad.exit_code == 2
    assert bad.output.strip() == "error: --lang takes en or ru, not 'fr'"


def test_status_and_options_read_in_russian_and_english_is_unchanged(game) -> None:
    store, gid = game
    english = run("--lang", "en", "status", gid, "--store", store).output
    assert "Year 1, winter - phase: orders" in english and "Evilometer" in english
    ru = run("--lang", "ru", "status", gid, "--store", store).output
    assert "Год 1, зима - фаза: приказы" in ru
    assert "Злометр (1 добрый .. 15 злой, паладин на 10)" in ru
    assert "Подземная таверна:" in ru and "Ожидается:" in ru and "правило:" in ru
    assert "Evilometer" not in ru and "Waiting for" not in ru
    options = run("--lang", "ru", "options", gid, "--store", store).output
    assert "на событии" in options and "выберите 3 из" in options
    assert json.loads(run("--lang", "ru", "status", gid, "--store", store, "--json").output) == json.loads(
        run("--lang", "en", "status", gid, "--store", store, "--json").output
    )  # JSON stays language-neutral


def test_dl_lang_chooses_the_language(game) -> None:
    store, gid = game
    out = CliRunner().invoke(app, ["status", gid, "--store", store], env={"DL_LANG": "ru"}).output
    assert "Злометр" in out


def test_log_and_explain_read_in_russian(game) -> None:
    store, gid = game
    english = run("--lang", "en", "log", gid, "--store", store).output
    ru = run("--lang", "ru", "log", gid, "--store", store).output
    assert len(ru.splitlines()) == len(english.splitlines())
    assert "Игра началась" in ru and "Подземная таверна:" in ru and "Game started" not in ru
    assert "Game started" in english
    assert (
        run("--lang", "ru", "log", gid, "--store", store, "--json").output
        == run("--lang", "en", "log", gid, "--store", store, "--json").output
    )
    explained = run("--lang", "ru", "explain", gid, "2", "--store", store).output
    assert explained.startswith("Событие 2: 4 боевые карты года 1 розданы лицом вниз")  # the event in Russian too
    assert run("--lang", "ru", "explain", gid, "1", "--store", store).output.strip().endswith("Оно начинает игру.")
    assert run("--lang", "en", "explain", gid, "2", "--store", store).output.startswith("Event 2:")


def test_the_report_reads_in_russian(game, tmp_path) -> None:
    store, _gid = game
    ru, en = tmp_path / "ru.html", tmp_path / "en.html"
    run("report", "--html", ru, "--lang", "ru", "--store", store)
    run("--lang", "en", "report", "--html", en, "--store", store)
    page = ru.read_text()
    assert '<html lang="ru">' in page and "<title>Аналитика Dungeon Lords</title>" in page
    assert "Откуда эти числа." in page and "Применённые фильтры: нет." in page and "<th>набор правил</th>" in page
    assert "Where these numbers come from." in en.read_text() and '<html lang="en">' in en.read_text()


def test_the_page_templates_look_up_words_in_the_requests_language() -> None:
    from cli.http.page import templates

    template = templates.env.from_string("{{ _('rule: {rule}') }} / {% trans %}Final scores{% endtrans %}")
    token = i18n.LANG.set("ru")  # as a request in Russian would set it
    try:
        assert template.render() == "правило: {rule} / Итоговые очки"
    finally:
        i18n.LANG.reset(token)
    assert template.render() == "rule: {rule} / Final scores"


def test_a_whole_bot_game_reads_in_russian_line_for_line(tmp_path) -> None:
    """Every event of a finished 3-player game is said in Russian or, where no template says all of it yet,
    in the domain's English words: never an error and never a line dropped."""
    store = str(tmp_path / "games.sqlite")
    out = run("--lang", "en", "play", "--players", "3", "--seed", "1", "--store", store).output
    gid = next(w.rstrip(":") for w in out.split() if w.count("-") == 4)
    english = run("--lang", "en", "log", gid, "--store", store).output.splitlines()
    russian = run("--lang", "ru", "log", gid, "--store", store).output.splitlines()
    assert len(russian) == len(english)
    said = [line for line in russian if any("а" <= ch.lower() <= "я" for ch in line)]
    assert len(said) > 0.75 * len(russian)  # 82% for this game when written
    assert "Итоговые очки:" in russian[-1]


def _english_left(output: str) -> list[str]:
    """The English words of the catalogs (messages and refusals: prompts, engine citations) that ``output``
    still shows: each msgid's fixed parts between placeholders and markup, of two words and 12 characters
    or more (shorter ones are names and ids, which may stay English)."""
    left = []
    for path, domain in ((RU, "messages"), (RU_REFUSALS, "refusals")):
        with path.open("rb") as f:
            catalog = read_po(f, locale="ru", domain=domain)
        for m in catalog:
            for msgid in m.id if isinstance(m.id, tuple) else (m.id,):
                left += [part for part in _parts(msgid or "") if part in output]
    return left


def _parts(msgid: str) -> list[str]:
    """A message's fixed parts between placeholders and markup that read as English words (two words and 12
    characters or more; a command line such as ``dungeon-lords orders GAME`` is not words)."""
    parts = (p.strip(" :;,.()-") for p in re.split(r"\{[^}]*\}|\[/?[a-z ]*\]|%\(\w+\)s|<[^>]*>", msgid))
    return [p for p in parts if len(p) >= 12 and " " in p and not p.startswith("dungeon-lords")]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A store with a finished 3-player bot game (every phase of two Years in its log) and a new one."""
    store = str(tmp_path_factory.mktemp("played") / "games.sqlite")
    out = run("--lang", "en", "play", "--players", "3", "--seed", "1", "--store", store).output
    done = next(w.rstrip(":") for w in out.split() if w.count("-") == 4)
    new = run("--lang", "en", "new", "--store", store, "--players", "3", "--seed", "4").output.strip().splitlines()[-1]
    return store, done, new


@pytest.mark.parametrize(
    ("command", "heading"),
    [
        (["status", "NEW"], "Злометр"),
        (["options", "NEW"], "Ожидается: Выберите 3 приказа с руки"),
        (["options", "DONE", "--at", "40"], "правило: Правила › "),
        (["status", "DONE"], "Ожидается: Игра окончена; победитель(и): "),
        (["log", "DONE"], "Итоговые очки:"),
        (["explain", "DONE", "30"], "Событие 30: "),
    ],
)
def test_each_command_reads_in_russian_with_no_english_message_of_the_catalogs_left(played, command, heading) -> None:
    """`--lang ru status / options / log / explain`: the catalog's Russian headings, and none of the catalogs'
    English messages left in the output (names, ids and colours may stay as they are typed)."""
    store, done, new = played
    args = [{"NEW": new, "DONE": done}.get(a, a) for a in command]
    russian = run("--lang", "ru", *args, "--store", store).output
    english = run("--lang", "en", *args, "--store", store).output
    assert heading in russian and not CYRILLIC.search(english)
    assert _english_left(russian) == []
    assert _english_left(english) != []  # the check sees English when it is there


def test_the_report_reads_in_russian_with_no_english_message_of_the_catalog_left(played, tmp_path) -> None:
    store, _done, _new = played
    ru, en = tmp_path / "ru.html", tmp_path / "en.html"
    run("report", "--html", ru, "--lang", "ru", "--store", store)
    run("report", "--html", en, "--store", store)
    page = re.sub(r"<(script|style)\b.*?</\1>", "", ru.read_text(), flags=re.S)
    assert '<html lang="ru">' in page and "Откуда эти числа." in page
    from babel.messages.extract import extract_from_file

    ids = [
        m[1] if isinstance(m[1], str) else m[1][0]
        for m in extract_from_file("python", ROOT / "analytics" / "report.py")
    ]
    # three words or more: the questions' own descriptions are English still (docs/i18n.md) and say
    # "finished games" too
    parts = {p for msgid in ids for p in _parts(msgid) if p.count(" ") >= 2}
    assert len(parts) > 5 and [p for p in parts if p in page] == []
    assert [p for p in parts if p in en.read_text()] != []  # the check sees English when it is there
    from html import escape

    from analytics import QUESTIONS

    english = en.read_text()
    described = [q for q in QUESTIONS.values() if escape(q.description) in english]  # the questions' own words
    assert len(described) >= 5
    assert [q.name for q in described if escape(q.description) in page or escape(q.grain) in page] == []
    assert escape(i18n.gettext(described[0].description, lang="ru")) in page


def test_stats_reads_in_russian_and_its_fast_way_only_in_english(played, monkeypatch) -> None:
    """`--lang ru stats NAME` describes the question in Russian; cli/fast.py answers `stats` only for a reader
    of English (the root --lang, else DL_LANG, else the locale), any other language takes the usual way."""
    from analytics import QUESTIONS
    from cli.fast import english_stats

    store, _done, _new = played
    ru = run("--lang", "ru", "stats", "seat_advantage", "--store", store).output
    en = run("--lang", "en", "stats", "seat_advantage", "--store", store).output
    q = QUESTIONS["seat_advantage"]
    assert " ".join(q.description.split()[:4]) in " ".join(en.split())
    assert " ".join(i18n.gettext(q.description, lang="ru").split()[:4]) in " ".join(ru.split())
    monkeypatch.delenv("DL_LANG", raising=False)
    monkeypatch.setenv("LANG", "C")
    assert english_stats(["stats", "seat_advantage", "--json"]) == ["seat_advantage", "--json"]
    assert english_stats(["--lang", "en", "stats", "x"]) == ["x"]
    assert english_stats(["--lang=ru", "stats", "x"]) is None and english_stats(["--lang", "fr", "stats", "x"]) is None
    monkeypatch.setenv("DL_LANG", "ru")
    assert english_stats(["stats", "x"]) is None and english_stats(["--lang", "en", "stats", "x"]) == ["x"]
    monkeypatch.delenv("DL_LANG")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert english_stats(["stats", "x"]) is None and english_stats(["status", "x"]) is None


@functools.cache
def _catalog_words() -> frozenset[str]:
    """Every ASCII-only word (3 letters or more, lower case) of the English messages of both catalogs: the
    words a Russian output would show if something were left in English."""
    found: set[str] = set()
    for path, domain in ((RU, "messages"), (RU_REFUSALS, "refusals")):
        with path.open("rb") as f:
            for m in read_po(f, locale="ru", domain=domain):
                for msgid in m.id if isinstance(m.id, tuple) else (m.id,):
                    text = re.sub(r"\{[^}]*\}|\[/?[a-z ]*\]|<[^>]*>", " ", msgid or "")
                    found |= {w.lower() for w in re.findall(r"[A-Za-z]+", text) if len(w) >= 3}
    return frozenset(found)


@functools.cache
def _may_stay_english() -> tuple[str, ...]:
    """What a Russian output may show in English, longest first: the names of the components the Russian
    rulebook does not print (`catalog --lang ru --untranslated`), every component's id (`catalog --json`; a
    draw lists ids) and the Combat Cards' effect texts (no Russian source: docs/i18n.md)."""
    from domain.games.dungeon_lords import GAME
    from domain.games.dungeon_lords.phases.common import catalog

    rows = json.loads(run("catalog", "--lang", "ru", "--json").output)
    _, state = GAME.new_game(["Ann", "Bob", "Cat"], mode="tabletop", seed=3)
    effects = [" ".join(c.effect.split()) for c in catalog(state).combat_cards.values()]
    kept = [r["name"] for r in rows if r.get("untranslated")] + [r["id"] for r in rows] + effects
    return tuple(sorted(set(kept), key=len, reverse=True))


def _english_words_left(output: str) -> list[str]:
    """The words of the English catalogs ``output`` (Russian) still shows, after what may stay English
    (:func:`_may_stay_english`), ids (``get_food``, ``troll_y1#2``), command lines (``dungeon-lords act ...``),
    the thief's ``disarm N`` symbol (docs/i18n.md), colours, players' names and Roman numerals (spaces)."""
    text = " ".join(output.split())  # a name the terminal wrapped is one name again
    text = re.sub(r"dungeon-lords [^()]*|\bact GAME(?: --[a-z]+(?: [A-Za-z]+)?)*", " ", text)
    for english in _may_stay_english():
        text = re.sub(rf"(?<![A-Za-z]){re.escape(english)}(?![A-Za-z])", " ", text)
    text = re.sub(r"\b[a-z]+(?:_[a-z0-9]+)+(?:#\d+)?\b|\bdisarm \d\b|\b[IVX]+\b|\brandom \d\b", " ", text)
    text = re.sub(r"\b(?:red|blue|green|yellow)\b|\bPlayer \d\b", " ", text)  # ("Player 1": a default name)
    return sorted({w for w in re.findall(r"\b[A-Za-z]{3,}\b", text) if w.lower() in _catalog_words()})


def test_a_whole_played_game_leaves_no_english_word_in_russian(played) -> None:
    """`log`, `status` and `options` along a whole played game (two Years: every phase, combat, the paladin,
    the scores) and `explain` of one event of each type show no word of the English catalogs in Russian."""
    store, done, _new = played
    log = run("--lang", "ru", "log", done, "--store", store).output
    assert [line for line in log.splitlines() if _english_words_left(line)] == []
    english_log = run("--lang", "en", "log", done, "--store", store).output
    assert len(_english_words_left(english_log)) > 50  # the check sees English when it is there
    events = [json.loads(line) for line in run("log", done, "--store", store, "--json").output.splitlines()]
    firsts = {e["type"]: e["n"] for e in reversed(events)}  # the first event of each type
    points = sorted(set(firsts.values()))
    for n in points:
        explained = run("--lang", "ru", "explain", done, n, "--store", store).output
        assert _english_words_left(explained) == [], (n, explained)
    checked = 0
    for n in points:
        for command in ("status", "options"):
            said = run("--lang", "ru", command, done, "--at", n, "--store", store, ok=False)
            if said.exit_code == 0:  # (an event inside an input is no point to stop at: --at refuses it)
                assert _english_words_left(said.output) == [], (command, n, said.output)
                checked += 1
    assert checked > 40


def test_a_recorded_tabletop_game_leaves_no_english_word_in_russian(tmp_path) -> None:
    """The golden tabletop record (3 players, a whole game entered at a table: every draw prompt, face-down
    cards recorded when seen, the foreimp): `log`, `explain` of each draw and of the first event of each type,
    and `status` / `options` just before each, in Russian, show no word of the English catalogs."""
    store = str(tmp_path / "games.sqlite")
    gid = run("import", ROOT / "tests" / "golden" / "tabletop-3p.dlr", "--store", store).output.split()[-1]
    log = run("--lang", "ru", "log", gid, "--store", store).output
    assert [line for line in log.splitlines() if _english_words_left(line)] == []
    events = [json.loads(line) for line in run("log", gid, "--store", store, "--json").output.splitlines()]
    firsts = {e["type"]: e["n"] for e in reversed(events)}
    points = sorted(set(firsts.values()) | {e["n"] for e in events if e["kind"] == "chance"})
    waiting = 0
    for n in points:
        explained = run("--lang", "ru", "explain", gid, n, "--store", store).output
        assert _english_words_left(explained) == [], (n, explained)
        for command in ("status", "options"):
            said = run("--lang", "ru", command, gid, "--at", n - 1, "--store", store, ok=False)
            if said.exit_code == 0:
                assert _english_words_left(said.output) == [], (command, n - 1, said.output)
                waiting += "Жребий" in said.output or "Возьмите" in said.output or "Откройте" in said.output
    assert waiting > 20  # the draws' prompts were read


def test_an_undo_and_a_correction_read_in_russian_in_the_log(game) -> None:
    """The log of a game with an undo and a correction (``InputUndone``, ``InputCorrected`` and the marks of
    the events they took back) shows no word of the English catalogs in Russian; the orders stay ids."""
    store, gid = game
    s = ("--store", store)
    run("--lang", "en", "act", gid, "--pick", "1", "--player", "red", *s)
    undone = run("--lang", "ru", "undo", gid, *s).output  # the commands' own output in Russian too
    assert "отменил события" in undone and _english_words_left(undone) == []
    run("--lang", "en", "act", gid, "--pick", "1", "--player", "red", *s)
    run("--lang", "en", "act", gid, "--pick", "2", "--player", "blue", *s)
    red = json.loads(run("options", gid, "--json", *s).output)["event"] - 1  # red's orders: the input to correct
    corrected = {"type": "choose_orders", "player": "red", "orders": ["mine_gold", "get_food", "dig_tunnels"]}
    fix = ("correct", gid, "--event", red, "--json", json.dumps(corrected), *s)
    dry = run("--lang", "en", *fix, "--dry-run").output
    assert "dry run, nothing stored" in dry and "kept: 1 later input" in dry and len(_english_words_left(dry)) > 3
    said = run("--lang", "ru", *fix).output
    assert "событие" in said and "mine_gold -> get_food -> dig_tunnels" in said
    assert [line for line in said.splitlines() if _english_words_left(line)] == []
    english = run("--lang", "en", "log", gid, *s).output
    assert "took back events" in english and "Correction of event" in english and "superseded by" in english
    assert len(_english_words_left(english)) > 5  # the check sees English when it is there
    russian = run("--lang", "ru", "log", gid, *s).output
    assert "отменил события" in russian and "Исправление события" in russian and "отменено событием" in russian
    assert "заменено исправлением в событии" in russian
    assert "mine_gold -> get_food -> dig_tunnels" in russian  # ids as typed, not mangled
    assert [line for line in russian.splitlines() if _english_words_left(line)] == []


@pytest.mark.parametrize(
    ("args", "english"),
    [
        (["status", "nope"], "no game id starts with"),
        (["games", "--store", "NOWHERE"], "the directory"),
        (["new", "--mode", "foo"], "--mode takes"),
        (["new", "--players", "9"], "--players takes"),
        (["new", "--rule", "x"], "--rule takes"),
        (["act", "GAME", "--pick", "1", "--json", "{}"], "give exactly one of"),
        (["status", "GAME", "--as", "purple"], "--as takes a player"),
    ],
)
def test_the_clis_error_lines_read_in_russian_with_the_same_exit_code(game, args, english) -> None:
    """A one-line error (``error: ...``, cli/errors.py) in Russian: the prefix and the message translated,
    what was typed quoted as it is, the exit code the same as in English (docs/cli.md's table)."""
    store, gid = game
    args = [{"GAME": gid, "NOWHERE": str(Path(store).parent / "no" / "g.sqlite")}.get(a, a) for a in args]
    args += [] if "--store" in args else ["--store", store]
    en = run("--lang", "en", *args, ok=False)
    ru = run("--lang", "ru", *args, ok=False)
    assert en.exit_code == ru.exit_code == 2
    assert en.output.startswith("error: ") and english in en.output and len(en.output.strip().splitlines()) == 1
    assert ru.output.startswith("ошибка: ") and len(ru.output.strip().splitlines()) == 1
    # option names, their values (the modes), the game's title and what was typed stay as they are
    said = re.sub(r"--[a-z-]+|'[^']*'|/\S+|\b(?:digital|tabletop|Dungeon Lords)\b", " ", ru.output)
    assert _english_words_left(said) == [] and _english_left(said) == [], ru.output
    quoted = re.findall(r"'[^']*'", en.output)
    assert all(q in ru.output for q in quoted)  # what was typed, verbatim
