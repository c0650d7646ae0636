"""The Year plan is data: the phases ask it what comes next (Rulebook › Overview of Play; › First Year)."""

from dataclasses import replace

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords import year
from domain.games.dungeon_lords.bots import play_until_blocked, random_bot
from domain.games.dungeon_lords.engine import new_game


def _state(season: int):
    _, state = new_game(["Ann", "Bob"], seed=1)
    state.season = season
    return state


def test_winter_has_no_event_or_adventurers_phase_and_the_other_rounds_do():
    plan = year.BASE_YEAR
    assert plan.next_phase(_state(0), "production") is None  # the round ends
    assert plan.next_phase(_state(1), "production") == "event"
    assert plan.next_phase(_state(1), "event") == "adventurers"
    assert plan.next_phase(_state(2), "adventurers") is None
    assert [plan.next_season(_state(s)) for s in range(4)] == ["spring", "summer", "fall", None]


def test_the_phases_follow_the_plan_not_their_own_counting(monkeypatch):
    """A plan with two Combat rounds (as a variant might have) ends every Combat after round 2."""
    monkeypatch.setattr(year, "BASE_YEAR", replace(year.BASE_YEAR, combat_rounds=2))
    events, state = new_game(["Ann", "Bob", "Cat"], seed=5)
    more, state, _ = play_until_blocked(state, {p.color: random_bot for p in state.players}, seed=5)
    rounds = [e.round for e in events + more if isinstance(e, ev.CombatRoundBegan)]
    assert rounds and max(rounds) == 2 and state.scores is not None


def test_the_base_plan_fights_up_to_four_combat_rounds():
    events, state = new_game(["Ann", "Bob", "Cat"], seed=5)
    more, state, _ = play_until_blocked(state, {p.color: random_bot for p in state.players}, seed=5)
    assert max(e.round for e in more if isinstance(e, ev.CombatRoundBegan)) == 4
