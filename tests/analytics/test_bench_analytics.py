"""``bench --analytics`` says what its figure is (copied rows, not real games) and times every question over
its own games: real games of all three rule sets are simulated, so Festival Season's and Monster Inn's
questions answer rows (issue #31: they used to be timed over none)."""

from __future__ import annotations

from analytics import QUESTIONS
from cli.bench_analytics import kinds, run_analytics, seed_mix


def test_the_kinds_come_from_the_registry():
    """The default game's base rules and named rulesets, then each other game with questions of its own."""
    from domain.kernel import registry

    first = registry.default()
    named = [n for n in first.rulesets if n != "base"]
    assert list(kinds()) == ["base", *named, "monster_inn"]
    assert kinds()["festival"] == (first.info.name, tuple(first.rulesets["festival"]))


def test_the_seed_holds_every_rule_set():
    assert seed_mix(3, ["base", "festival", "monster_inn"]) == {"base": 1, "festival": 1, "monster_inn": 1}
    assert seed_mix(200, ["base", "festival", "monster_inn"]) == {"base": 100, "festival": 50, "monster_inn": 50}
    assert seed_mix(200, ["base", "festival", "four_seasons", "monster_inn"]) == {
        "base": 101,
        "festival": 33,
        "four_seasons": 33,
        "monster_inn": 33,
    }
    assert min(seed_mix(3).values()) == 1  # at least one of each kind


def test_bench_analytics_labels_copied_rows_and_times_every_question_over_its_own_games():
    figures = run_analytics(games=6, target_games=60, repeats=1, rounds=1)
    q = figures["questions"]
    assert figures["simulate_and_store"]["mix"] == {"base": 3, "festival": 1, "four_seasons": 1, "monster_inn": 1}
    assert q["real_games"] == 6 and q["copies_of_each_real_game"] == 10 and q["games"] == 60
    assert q["rows"].startswith("copied rows: 6 real games (3 base, 1 festival, 1 four seasons, 1 monster inn)")
    assert "not 60 real games" in q["rows"]
    assert q["games_by_kind"] == {"base": 30, "festival": 10, "four_seasons": 10, "monster_inn": 10}
    # every question once for its game, the common ones for Monster Inn too; none timed over an empty answer
    expected = set(QUESTIONS) | {f"{n}@monster_inn" for n, x in QUESTIONS.items() if x.game == "common"}
    assert set(q["latency"]) == expected
    empty = sorted(n for n, f in q["latency"].items() if f["answer_rows"] == 0)
    assert empty == []
