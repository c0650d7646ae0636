"""The report and `stats` in Russian (issue #33): the scope caption, warnings, column headers, chart titles,
axes, legends and notes and the questions' names read in the reader's language, while the columns of
`--json` and `--data` stay the English keys (docs/i18n.md)."""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from clirun import run

from cli import i18n

ROOT = Path(__file__).parent.parent.parent


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """A small simulated store: base and Festival Season games of 2 and 3 players (mixed strata, few games:
    the warnings have something to say)."""
    path = tmp_path_factory.mktemp("report_ru") / "games.sqlite"
    url = f"sqlite:///{path}"
    run("simulate", "--games", "3", "--seed", "8", "--ruleset", "festival", "--store", url)
    run("simulate", "--games", "3", "--seed", "5", "--players", "2", "--store", url)
    return url


@functools.cache
def _report_words() -> frozenset[str]:
    """Every English word (3 letters or more, lower case) of the report's own strings: the messages pybabel
    finds in analytics/report.py and analytics/__init__.py (chart titles, axes, notes, warnings) and the
    questions' names and columns (analytics/questions_i18n.py)."""
    from analytics import QUESTIONS

    ids = [m[1] for f in ("report.py", "__init__.py") for m in extract_from_file("python", ROOT / "analytics" / f)]
    ids += [q.name.replace("_", " ") for q in QUESTIONS.values()]
    ids += [c.replace("_", " ") for q in QUESTIONS.values() for c in q.columns]
    found: set[str] = set()
    for msgid in ids:
        text = re.sub(r"\{[^}]*\}|<[^>]*>", " ", msgid if isinstance(msgid, str) else msgid[0])
        found |= {w.lower() for w in re.findall(r"[A-Za-z]+", text) if len(w) >= 3}
    return frozenset(found)


def _shown(page: str) -> str:
    """The words a reader sees on the page: no script or style, no tags, no ids in <code> (typed as they are)."""
    page = re.sub(r"<(script|style)\b.*?</\1>|<code>.*?</code>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]*>", " ", page))


def _data_words(store: str) -> set[str]:
    """The words of the answers' own values (strategies, components, rulesets, variants, origins): data, English
    in every language, as `--json` gives them."""
    from analytics import QUESTIONS

    words: set[str] = set()
    for name in QUESTIONS:
        said = run("--lang", "en", "stats", name, "--json", "--store", store, ok=False)
        if said.exit_code == 0:
            for row in _rows(said.output):
                words |= {w.lower() for v in row.values() if isinstance(v, str) for w in re.findall(r"[A-Za-z]+", v)}
    return words


def _rows(output: str) -> list[dict]:
    """The rows `--json` prints (after the scope line on standard error, which the runner mixes in)."""
    return json.loads(output[re.search(r"^\[", output, re.M).start() :])  # type: ignore[union-attr]


def _english_left(text: str, data: set[str]) -> list[str]:
    """The words of the report's English strings ``text`` shows, after the data's words, the English rulebook
    sections the questions' descriptions cite (Festival Season has no Russian rulebook), the names of the
    modules and variants, Roman numerals and the option `pooled` (typed as it is)."""
    text = " ".join(text.split())
    text = re.sub(r"(?:Rulebook|Festival Season|Monster Inn[^›.]*) ›[^.]*\.", " ", text)
    text = re.sub(r"Festival Season|Three Paladins|\b[IVX]+\b|\bpooled\b|\b[a-z]+(?:_[a-z0-9]+)+\b", " ", text)
    return sorted({w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in _report_words() - data})


def test_the_report_shows_no_word_of_its_english_strings_in_russian(store, tmp_path) -> None:
    ru, en = tmp_path / "ru.html", tmp_path / "en.html"
    run("report", "--html", ru, "--lang", "ru", "--store", store)
    run("--lang", "en", "report", "--html", en, "--store", store)
    data = _data_words(store) | {"dungeon", "lords", "monster", "inn", "festival", "simulated", "base", "sqlite"}
    page, english = _shown(ru.read_text()), _shown(en.read_text())
    assert _english_left(page, data) == []
    assert len(_english_left(english, data)) > 20  # the check sees English when it is there
    for said in ("Доля побед по стратегиям", "<th>доля побед</th>", '"text":"Год"', "справедливая доля"):
        assert said in ru.read_text(), said  # a chart's title, a header, an axis (the figure's JSON), a legend
    assert "<th>win_rate</th>" in en.read_text() and "<th>доля побед</th>" in ru.read_text()


def test_the_charts_read_in_russian() -> None:
    """A chart's title, axes, legend and notes in Russian: no English word of the report's strings."""
    from analytics.report import CHARTS, chart_figure

    def ru(s: str) -> str:
        return i18n.gettext(s, lang="ru")

    columns = ["game", "ruleset", "variant", "players", "strategy", "games", "win_rate", "ci_low", "ci_high"]
    columns += ["fair_share"]
    rows = [("dungeon_lords", "base", "full", 3, "greedy", 4, 0.5, 0.2, 0.8, 1 / 3)]
    rows += [("dungeon_lords", None, None, None, "random", 9, 0.25, 0.1, 0.5, 1 / 3)]
    drawn = chart_figure(CHARTS["win_rate_by_strategy"][0], columns, rows, "dungeon_lords", ru)
    layout = drawn.figure.layout
    texts = [drawn.title, *drawn.notes, layout.xaxis.title.text, layout.yaxis.title.text]
    texts += [t.name for t in drawn.figure.data]
    assert _english_left(" ".join(texts), {"greedy", "random"}) == [], texts
    assert drawn.title == "Доля побед по стратегиям" and "справедливая доля" in texts
    english = chart_figure(CHARTS["win_rate_by_strategy"][0], columns, rows, "dungeon_lords")
    assert english.title == "Win rate by strategy" and english.figure.layout.yaxis.title.text.startswith("Win rate")


def test_stats_headers_caption_and_warnings_in_russian_keys_unchanged(store, tmp_path, monkeypatch) -> None:
    """`--lang ru stats NAME`: Russian headers, caption and warnings; `--json` rows, `--format csv` and
    `--data` keep the English column keys, the same in both languages."""
    from cli.consoles import console

    monkeypatch.setattr(console, "width", 400)  # every header written out in full
    ru = run("--lang", "ru", "stats", "win_rate_by_strategy", "--store", store)
    en = run("--lang", "en", "stats", "win_rate_by_strategy", "--store", store)
    shown = " ".join(ru.output.split())
    column = re.compile(r"\bwin_rate\b(?!_)")  # (the question's id keeps its name)
    header = next(line for line in ru.output.splitlines() if "стратегия" in line and "партии" not in line)
    assert "доля побед" in header and "справедливая доля" in header
    assert not column.search(shown) and column.search(en.output)
    assert "Законченные игры не в архиве:" in shown and "Finished games" not in shown
    assert _english_left(shown, _data_words(store)) == []
    warned = run("--lang", "ru", "stats", "seat_advantage", "--pooled", "--store", store).output
    assert "предупреждение: смешаны" in " ".join(warned.split()) and "warning:" not in warned
    for args in (["--json"], ["--format", "csv", "--out", str(tmp_path / "a.csv")]):
        said = [
            run("--lang", lang, "stats", "win_rate_by_strategy", *args, "--store", store).output
            for lang in "ru en".split()
        ]
        if args == ["--json"]:
            keys = [set(_rows(s)[0]) for s in said]
            assert keys[0] == keys[1] and "win_rate" in keys[0]
    assert (tmp_path / "a.csv").read_text().splitlines()[0].startswith("game,ruleset")
    data = tmp_path / "data"
    run("export-data", "--partition-by", "game", "--out", data, "--store", store)
    rows = run("--lang", "ru", "stats", "win_rate_by_strategy", "--data", data, "--json", "--store", store).output
    assert "win_rate" in _rows(rows)[0]


def test_the_derived_strategy_warning_quotes_its_rule_in_russian(store) -> None:
    """`stats --derived`'s warning quotes the rule that classifies people's seats (analytics.DERIVATION_RULE):
    in Russian, the Evilometer and the tunnels in the rulebook's words; the strategies' names stay ids."""
    from analytics import DERIVATION_RULE

    def said(lang: str) -> str:
        out = run("--lang", lang, "stats", "win_rate_by_strategy", "--derived-strategy", "--store", store).output
        return " ".join(out.split())

    ru, en = said("ru"), said("en")
    assert DERIVATION_RULE in en and DERIVATION_RULE not in ru
    assert i18n.gettext(DERIVATION_RULE, lang="ru") in ru and "Злометра" in ru and "туннелей" in ru
    for english in ("top of the Evilometer", "no monster hired", "tiles", "at most", "otherwise"):
        assert english in DERIVATION_RULE and english not in ru
