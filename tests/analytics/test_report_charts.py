"""The report's charts read whatever columns an answer has (issue #31): every question with a quantity gets
a chart, strata become colours whether the answer has them or not, intervals come from the answer's
``ci_low``/``ci_high`` or, for a share of a known n, from the same Wilson bound, the fair share is marked,
and Monster Inn's seat chart says nothing of a First Year."""

from __future__ import annotations

import duckdb
import pytest

from analytics import QUESTIONS, expand
from analytics.report import CHARTS, chart_figure, charts_for, ruleset_aliases, wilson


def _bars(drawn):
    return [t for t in drawn.figure.data if t.type == "bar"]


def test_every_question_with_a_quantity_has_a_chart_of_its_documented_columns():
    for name, q in QUESTIONS.items():
        charts = charts_for(name, list(q.columns))
        assert charts, name
        assert name in CHARTS, name  # drawn as chosen, not by the fallback
        for chart in charts:
            assert chart.measure in q.columns or set(chart.melt) <= set(q.columns), (name, chart.measure)
            assert set(chart.x) <= set(q.columns) and set(chart.n) <= set(q.columns), name


def test_a_new_question_is_charted_by_its_first_share():
    charts = charts_for("some_new_question", ["ruleset", "players", "card", "plays", "win_rate", "avg_score"])
    assert [(c.measure, c.x, c.n, c.share) for c in charts] == [("win_rate", ("card",), ("plays",), True)]
    assert charts_for("counts_only", ["card", "plays"]) == ()


@pytest.mark.parametrize(
    "strata",
    [
        (),  # today's answer of a question without strata
        ("ruleset", "players"),
        ("game", "ruleset", "variant", "players"),  # every stratum column (issue #31's default answers)
    ],
)
def test_strata_are_read_from_the_answer_whatever_it_has(strata):
    values = {"game": "dungeon_lords", "ruleset": "base", "players": 4}
    columns = [*strata, "year", "games", "scope_games", "arrived_share", "captured_share"]
    rows = []
    for variant in ("first_game", "full") if "variant" in strata else ("full",):
        for year in (1, 2):
            row = {**values, "variant": variant, "year": year, "games": 40, "scope_games": 80}
            rows.append(tuple(row.get(c, 0.25 if "share" in c else None) for c in columns))
    drawn = chart_figure(CHARTS["paladin_frequency"][0], columns, rows)
    names = [b.name for b in _bars(drawn)]
    if "variant" in strata:  # a colour per variant; the page's own game is not repeated in the legend
        assert names == ["base, first game, 4 players", "base, full, 4 players"]
    elif strata:
        assert names == ["base, 4 players"]
    else:
        assert names == ["all games in scope"]
    assert all(list(b.x) == ["Year 1", "Year 2"] for b in _bars(drawn))
    # the share of 40 games has its Wilson interval, and n is written on its bar
    low, high = wilson(10, 40)
    bar = _bars(drawn)[0]
    assert bar.error_y.array[0] == pytest.approx(100 * high - 25) and bar.error_y.arrayminus[0] == pytest.approx(
        25 - 100 * low
    )
    assert bar.text[0] == "n=40"


def test_the_wilson_bound_is_the_questions_own():
    con = duckdb.connect()
    rows = con.execute(
        expand(
            "SELECT k, m, /*wilson*/ FROM (SELECT k, m, k::DOUBLE / m AS p, m::DOUBLE AS n, 1.959963984540054 AS z "
            "FROM range(0, 12) a(k), range(1, 40, 7) b(m) WHERE k <= m)"
        )
    ).fetchall()
    assert len(rows) > 30
    for k, m, low, high in rows:
        assert wilson(k, m) == pytest.approx((low, high), abs=1e-12)
    assert wilson(0, 0) == (None, None)


def _seat_answer(game_title_rows):
    columns = ["ruleset", "players", "play_position", "games", "wins", "win_rate", "fair_share", "edge"]
    columns += ["ci_low", "ci_high"]
    return columns, game_title_rows


def test_seat_charts_mark_the_fair_share_with_the_answers_intervals_and_say_first_year_only_for_dungeon_lords():
    columns, rows = _seat_answer(
        [
            ("base", 3, p, 30, w, w / 30, 1 / 3 - 0.01, w / 30 - 1 / 3, 0.1 + p / 100, 0.6)
            for p, w in enumerate((12, 9, 8))
        ]
    )
    (chart,) = charts_for("seat_advantage", columns)
    dl = chart_figure(chart, columns, rows, game="dungeon_lords")
    mi = chart_figure(chart, columns, rows, game="monster_inn")
    for drawn in (dl, mi):
        (fair,) = [t for t in drawn.figure.data if t.name == "fair share"]
        assert list(fair.y) == pytest.approx([100 * (1 / 3 - 0.01)] * 3)  # the answer's, not 1/players
        (bar,) = _bars(drawn)
        assert list(bar.error_y.arrayminus) == pytest.approx([40 - 10, 30 - 11, 100 * 8 / 30 - 12])
        assert "dash: the fair share" in drawn.notes
    assert "First Year" in dl.figure.layout.xaxis.title.text
    assert "First Year" not in mi.figure.to_json()


def test_long_rulesets_get_short_names_with_a_key():
    long = "five_seasons+unique_opportunities+festival+pets+bards"
    columns = ["ruleset", "players", "strategy", "games", "wins", "win_rate", "fair_share", "ci_low", "ci_high"]
    rows = [(r, 4, "evil", 30, 9, 0.3, 0.25, 0.2, 0.4) for r in ("base", long)]
    assert ruleset_aliases(columns, rows) == {long: "ruleset A"}
    drawn = chart_figure(CHARTS["win_rate_by_strategy"][0], columns, rows)
    assert [b.name for b in _bars(drawn)] == ["base, 4 players", "ruleset A, 4 players"]
    assert drawn.key == {long: "ruleset A"}


def test_score_breakdown_draws_its_parts_as_bars():
    columns = ["outcome", "player_games", "rooms", "monsters", "total"]
    rows = [("winners", 12, 6.0, 4.5, 30.0), ("others", 36, 3.0, 2.0, 18.0)]
    (chart,) = charts_for("score_breakdown", columns)
    drawn = chart_figure(chart, columns, rows)
    assert [(b.name, list(b.x), list(b.y)) for b in _bars(drawn)] == [
        ("winners", ["rooms", "monsters", "total"], [6.0, 4.5, 30.0]),
        ("others", ["rooms", "monsters", "total"], [3.0, 2.0, 18.0]),
    ]
    assert not any(b.error_y.array for b in _bars(drawn))  # points have no interval here: none is drawn


def test_averages_are_drawn_with_the_answers_own_interval_and_say_which():
    """An average's 95% interval (``avg_fame_ci_low``/``_high``: normal, on its standard error) is drawn as the
    answer gives it; in a breakdown only the part that has one gets a bar of error (score_breakdown's total)."""
    columns = ["game", "ruleset", "variant", "players", "treasure_kept", "games", "avg_fame", "avg_fame_ci_low"]
    columns += ["avg_fame_ci_high", "win_rate"]
    rows = [("monster_inn", "base", "standard", 3, 2, 40, 21.0, 19.5, 22.5, 0.4)]
    fame = next(c for c in charts_for("fame_by_treasure_kept", columns) if c.measure == "avg_fame")
    drawn = chart_figure(fame, columns, rows, game="monster_inn")
    (bar,) = _bars(drawn)
    assert list(bar.error_y.array) == [1.5] and list(bar.error_y.arrayminus) == [1.5]
    assert "normal on the standard error for averages" in drawn.notes[0]
    columns = ["outcome", "player_games", "rooms", "total", "total_ci_low", "total_ci_high"]
    rows = [("winners", 12, 6.0, 30.0, 27.0, 33.0)]
    (chart,) = charts_for("score_breakdown", columns)
    (bar,) = _bars(chart_figure(chart, columns, rows))
    assert list(bar.error_y.array) == [None, 3.0]


def test_a_dozen_strata_get_a_dozen_colours():
    columns = ["variant", "players", "strategy", "leave_order", "takes", "monster_share"]
    rows = [(v, p, b, 1, 40, 0.5) for v in ("standard", "open_treasure") for p in (3, 4, 5) for b in ("a", "b")]
    drawn = chart_figure(CHARTS["who_leaves_first"][0], columns, rows, game="monster_inn")
    colours = [b.marker.color for b in _bars(drawn)]
    assert len(colours) == 12 and len(set(colours)) == 12


def test_each_games_labels_are_data_beside_its_questions(tmp_path, monkeypatch):
    """The report's per-game words (title, anchor prefix, an axis title worded otherwise) come from
    questions/<game>/game.json; a folder without one gets its name in words and the charts' own titles."""
    import json

    from analytics import games

    assert set(games.LABELS) == {q.game for q in QUESTIONS.values()} - {"common"}
    for name, labels in games.LABELS.items():
        assert labels.title and labels.name == name
        for common, own in labels.x_titles.items():  # a title the charts use, worded otherwise
            assert any(c.x_title == common for charts in CHARTS.values() for c in charts) and own
    assert games.LABELS["monster_inn"].anchor == "mi-" and games.LABELS["dungeon_lords"].anchor == ""
    root = tmp_path / "questions"
    (root / "dice_game").mkdir(parents=True)
    (root / "typo").mkdir()
    (root / "typo" / "game.json").write_text(json.dumps({"titel": "Typo"}))
    monkeypatch.setattr(games, "files", lambda _: tmp_path)
    assert games.labels_of("dice_game") == games.GameLabels("dice_game", "Dice Game")
    with pytest.raises(ValueError, match="unknown keys titel"):
        games.labels_of("typo")
