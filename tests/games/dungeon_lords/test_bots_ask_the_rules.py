"""The strategy bots estimate with the rules' own functions, not a copy of them: change a rule's function
and the bot's estimate follows (Taxes, wages, the Dig and Mine permits, the battle's markers, combat rooms).

Each test swaps one rule function for another (``monkeypatch``) and asserts the estimate moves by what the
new rule says; a bot that restated the rule would not notice.
"""

from __future__ import annotations

import random

import pytest

from domain.games.dungeon_lords import tactics
from domain.games.dungeon_lords.actions import dig_tunnels as dig_rules
from domain.games.dungeon_lords.actions import mine_gold as mine_rules
from domain.games.dungeon_lords.bots import play_until_blocked
from domain.games.dungeon_lords.commands import PayWage
from domain.games.dungeon_lords.effects import TRAP_SPECIALS
from domain.games.dungeon_lords.engine import ENGINE, new_game
from domain.games.dungeon_lords.phases import combat, event_phase
from domain.games.dungeon_lords.phases import common as rules
from domain.games.dungeon_lords.strategies import STRATEGIES, Balanced, Ctx


class _Found(Exception):
    pass


def first_decision(kind: str, seed: int = 3):
    """(state, pending, actor) of the first ``kind`` decision of a 3-player full game of balanced bots."""

    def bot(state, p, actor, rng: random.Random):
        if p.kind == kind:
            raise _Found(state, p, actor)
        return STRATEGIES["balanced"](state, p, actor, rng)

    _, state = new_game(["a", "b", "c"], seed=seed, variant="full")
    try:
        play_until_blocked(state, {pl.color: bot for pl in state.players}, seed=seed)
    except _Found as found:
        return found.args
    raise AssertionError(f"no {kind} decision")


def at_start():
    """A Ctx of red's first decision in a new full game (3 free imps, 3 gold, 3 tunnels, Taxes to come)."""
    _, state = new_game(["a", "b", "c"], seed=1, variant="full")
    me = state.players[0]
    strategy = Balanced()
    return strategy, Ctx(state, me, ENGINE.pending(state), strategy.weights(state, me))


@pytest.mark.pure_python  # the compiled bots call the rules' functions directly
def test_the_tax_the_bot_fears_is_the_rules_tax(monkeypatch):
    strategy, ctx = at_start()
    assert ctx.w.gold == strategy.base.gold  # 3 gold cover the Taxes of 3 tiles (2) and the 1 gold spare
    monkeypatch.setattr(event_phase, "tax_due", lambda state, p: 5)  # a rule change: 5 gold due
    scarce = strategy.weights(ctx.state, ctx.me)
    assert scarce.gold == strategy.base.gold + 0.6  # gold is now scarce: the Taxes cannot be paid


@pytest.mark.pure_python  # the compiled bots call the rules' functions directly
def test_the_wage_the_bot_weighs_is_the_rules_wage(monkeypatch):
    state, pending, actor = first_decision("pay_wage")
    strategy = Balanced()
    me = state.player(actor)
    w = strategy.weights(state, me)
    options = [o for o in pending.options(actor) if isinstance(o, PayWage)]
    assert options
    before = [strategy.score_pay_wage(Ctx(state, me, pending, w), options)(o) for o in options]
    real = rules.wage
    monkeypatch.setattr(rules, "wage", lambda st, p, m, pay_or=False: {**real(st, p, m, pay_or), "gold": 9})
    after = [strategy.score_pay_wage(Ctx(state, me, pending, w), options)(o) for o in options]
    for o, b, a in zip(options, before, after):
        gold = real(state, me, o.monster, o.pay_or).get("gold", 0)
        assert a == pytest.approx(b - w.gold * (9 - gold)), o  # each payment now costs 9 gold, as the rule says


def test_the_wage_bill_follows_the_rules_wage(monkeypatch):
    state, _, actor = first_decision("pay_wage")
    strategy = Balanced()
    me = state.player(actor)
    assert me.monsters and me.gold >= 1
    monkeypatch.setattr(event_phase, "tax_due", lambda st, p: 0)
    monkeypatch.setattr(rules, "wage", lambda st, p, m, pay_or=False: {})  # wages abolished: 1 gold spare is enough
    assert strategy.weights(state, me).gold == strategy.base.gold
    monkeypatch.setattr(rules, "wage", lambda st, p, m, pay_or=False: {"gold": 50})  # a dear wage
    assert strategy.weights(state, me).gold == strategy.base.gold + 0.6


@pytest.mark.pure_python  # the compiled bots call the rules' functions directly
def test_the_dig_and_mine_estimates_use_the_rules_permits(monkeypatch):
    strategy, ctx = at_start()
    budget = {"imps": 3, "food": 3, "gold": 3}
    assert strategy.estimate(ctx, "mine_gold", "I", dict(budget)) == 2 * ctx.w.gold  # permit 2, 3 tunnels
    assert strategy.estimate(ctx, "dig_tunnels", "III", dict(budget)) == 2 * ctx.w.tile  # 3 imps, 1 foreimp
    monkeypatch.setattr(mine_rules, "minable_tunnels", lambda state, p: 1)  # one tunnel may be mined
    monkeypatch.setattr(dig_rules, "foreimps", lambda space: 0)  # no foreimp any more
    _, ctx = at_start()
    assert strategy.estimate(ctx, "mine_gold", "I", dict(budget)) == 1 * ctx.w.gold
    assert strategy.estimate(ctx, "dig_tunnels", "III", dict(budget)) == 3 * ctx.w.tile
    monkeypatch.setattr(dig_rules, "tunnels_to_dig", lambda spec, space, free: 0)
    assert strategy.estimate(ctx, "dig_tunnels", "I", dict(budget)) == 0.0


def test_the_tactics_read_the_battle_markers_and_rooms_of_the_rules(monkeypatch):
    _, ctx = at_start()
    state = ctx.state
    demon = tactics._monster_punch(state, "demon_y2", 3)
    trap_door = tactics._trap_punch(state, "trap_door", 3, 0)
    assert tactics._fights_for_you(state, "anti_magic_room") and not tactics._fights_for_you(state, "mint")
    monkeypatch.setattr(combat, "ATTACK_MARKERS", ())  # the demon's "no conquering" leaves no marker
    monkeypatch.setitem(TRAP_SPECIALS, "no_conquer", TRAP_SPECIALS["damage_equals_hit_points"])  # nor the trap's
    assert tactics._monster_punch(state, "demon_y2", 3) == demon - 3
    assert tactics._trap_punch(state, "trap_door", 3, 0) == trap_door - 3
    dragon = tactics._monster_punch(state, "dragon_y2", 3)
    monkeypatch.setattr(combat, "ATTACK_MARKERS", ("no_healing",))  # the dragon's "no healing" is the marker
    assert tactics._monster_punch(state, "dragon_y2", 3) == dragon + 3


def test_with_festival_season_the_bot_saves_no_tax_for_a_secret_passage():
    """The drift #32 found: the bots counted a Secret Passage for the Taxes (the rules exempt it)."""
    from domain.games.dungeon_lords import GAME
    from domain.games.dungeon_lords.state import Cell

    _, state = GAME.new_game(["A", "B"], seed=3, variant="full", modules=["five_seasons", "unique_opportunities"])
    red = state.player("red")
    red.dungeon = [[None] * 5 for _ in range(4)]
    for row, col in [(0, 2), (1, 2), (2, 2), (1, 1)]:
        red.dungeon[row][col] = Cell("tunnel")
    red.dungeon[1][3] = Cell("tunnel", improved="secret_passage")
    red.gold, red.monsters = 3, []
    assert event_phase.tax_due(state, red) == 2  # 4 tiles taxed, not 5 (which would be 3)
    strategy = Balanced()
    assert strategy.weights(state, red).gold == strategy.base.gold  # 2 for the Taxes + 1 spare: 3 gold suffice
    red.dungeon[1][3] = Cell("tunnel")  # a plain tunnel is taxed: 3 due, the gold is short
    assert strategy.weights(state, red).gold == strategy.base.gold + 0.6
