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


def _two_player_game_to_year_two(seed: int):
    events, state = new_game(["Ann", "Bob"], seed=seed)
    more, state, _ = play_until_blocked(state, {p.color: random_bot for p in state.players}, seed=seed)
    log = events + more
    i = next(i for i, e in enumerate(log) if isinstance(e, ev.YearBegan))
    return log, i


def test_the_second_year_moves_the_non_player_evil_as_its_event_says(monkeypatch):
    """Rulebook › Second Year (2 players): the non-player Evil Marker goes down 2; the plan says so and
    the event carries it, so an expansion's 3 is a plan change, not a fold change."""
    from domain.games.dungeon_lords.engine import replay

    log, i = _two_player_game_to_year_two(seed=8)
    assert log[i].nonplayer_evil_steps == -2
    before, after = replay(log[:i]), replay(log[: i + 1])
    np_before = next(n for n in before.nonplayers if n.evil is not None)
    np_after = next(n for n in after.nonplayers if n.color == np_before.color)
    assert np_after.evil == max(1, np_before.evil - 2)
    monkeypatch.setattr(year, "BASE_YEAR", replace(year.BASE_YEAR, nonplayer_evil_at_new_year=-3))
    log3, i3 = _two_player_game_to_year_two(seed=8)
    assert log3[i3].nonplayer_evil_steps == -3


def test_a_year_began_stored_before_the_field_existed_reads_as_the_base_rule_and_hashes_the_same():
    from domain.games.dungeon_lords.chain import link

    old = {"year": 2, "starting_player": "blue"}  # as stored before nonplayer_evil_steps existed
    new = ev.YearBegan(year=2, starting_player="blue")
    assert ev.YearBegan.from_payload(old).nonplayer_evil_steps == -2
    assert link("x", 7, "YearBegan", old) == link("x", 7, "YearBegan", new.payload())
    assert link("x", 7, "YearBegan", old) != link("x", 7, "YearBegan", {**old, "nonplayer_evil_steps": -3})


def test_the_buy_traps_bonus_of_a_year_is_the_plans(monkeypatch):
    """A plan that gives the first Year the Second Year's sale: a Buy Traps of Year 1 draws one more card
    and the player sends one back (the fold reads the plan; no event changes)."""
    monkeypatch.setattr(year, "BASE_YEAR", replace(year.BASE_YEAR, buy_traps_extra={1: 1, 2: 1}))
    events, state = new_game(["Ann", "Bob", "Cat"], seed=11)
    more, state, _ = play_until_blocked(state, {p.color: random_bot for p in state.players}, seed=11)
    log = events + more
    bought = [i for i, e in enumerate(log) if isinstance(e, ev.ActionTaken) and e.action == "buy_traps"]
    assert bought, "the seed buys traps"
    i = bought[0]
    year_of = max((e.year for e in log[:i] if isinstance(e, ev.YearBegan)), default=1)
    drawn = next(e for e in log[i:] if isinstance(e, ev.TrapCardsDrawn))
    assert year_of == 1 and len(drawn.cards) == log[i].gained["trap_cards"] + 1
    sent_back = next(e for e in log[i:] if isinstance(e, ev.TrapDiscarded))
    assert sent_back.color == drawn.color and sent_back.card in drawn.cards
