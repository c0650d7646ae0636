"""Strategy bots (dungeon_lords.strategies): legal by construction, deterministic, and recognisably different.

Games are driven with :func:`domain.games.dungeon_lords.bots.play_until_blocked` and measured at the end of the First
Year's Building (the moment the First Year's Combat begins), whether or not Combat is playable.
"""

from __future__ import annotations

import random

import pytest

from domain.games.dungeon_lords import dungeon as dg
from domain.games.dungeon_lords.bots import play_until_blocked
from domain.games.dungeon_lords.commands import PayWage, ReleaseMonster
from domain.games.dungeon_lords.engine import new_game
from domain.games.dungeon_lords.invariants import problems
from domain.games.dungeon_lords.phases.common import is_ghost
from domain.games.dungeon_lords.strategies import STRATEGIES
from domain.kernel import Pending

PERSONALITIES = ["tunneller", "monster_keeper", "evil", "room_builder"]


class _BuildingOver(Exception):
    pass


def play_building(state, bots, seed):
    """``play_until_blocked`` until the First Year's Combat begins: (events, state)."""
    log: list = []

    def on_step(st, command, events):
        log.extend(events)
        if st.phase == "combat" or st.year > 1:
            raise _BuildingOver(st)

    try:
        _, state, _ = play_until_blocked(state, bots, seed=seed, on_step=on_step)
    except _BuildingOver as over:
        state = over.args[0]
    return log, state


def checked(name, seen=None):
    """The strategy ``name``, asserting that every answer is one of the legal options."""
    bot = STRATEGIES[name]

    def play(state, p, actor, rng):
        command = bot(state, p, actor, rng)
        options = p.options(actor)  # now: bots play in place, so the state moves on
        assert command in options, (name, p.kind, command)
        if seen is not None:
            seen.append((name, options, p, actor, command))
        return command

    return play


def seats(state, names):
    return {pl.color: names[i % len(names)] for i, pl in enumerate(state.players)}


def test_the_registry():
    assert set(PERSONALITIES) | {"random", "balanced"} <= set(STRATEGIES)


# --- legal options only ------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["first_game", "full"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_strategies_only_choose_legal_options(players, variant):
    names = list(STRATEGIES)
    for seed in range(2):
        _, state = new_game([f"P{i}" for i in range(players)], variant=variant, seed=100 * players + seed)
        mix = [names[(seed + 2 * i + players) % len(names)] for i in range(players)]
        who = seats(state, mix)
        _, state = play_building(state, {c: checked(n) for c, n in who.items()}, seed=seed)
        assert state.phase == "combat" and state.year == 1
        assert problems(state) == []


def test_unknown_kinds_fall_back_to_a_random_legal_option():
    _, state = new_game(["A", "B"], seed=1)
    options = [f"option {i}" for i in range(7)]
    p = Pending(
        kind="some_combat_step_we_do_not_know", actors=["red"], prompt="?", options_fn=lambda actor: list(options)
    )
    for name, bot in STRATEGIES.items():
        picks = [bot(state, p, "red", random.Random(k)) for k in range(20)]
        assert picks == [random.Random(k).choice(options) for k in range(20)], name


def test_strategies_keep_playing_past_building():
    """Whatever the engine asks after Building (Combat, the Second Year...), they answer legally."""
    _, state = new_game(PERSONALITIES, seed=7)
    who = seats(state, PERSONALITIES)
    _, state, p = play_until_blocked(state, {c: checked(n) for c, n in who.items()}, seed=7)
    assert not [a for a in p.actors if a in who]


# --- sensible Pay Day and Taxes ----------------------------------------------------------------------------
def test_taxes_are_paid_in_full_when_the_gold_is_there_and_wages_when_worth_it():
    seen: list = []
    for seed in range(3):
        _, state = new_game(PERSONALITIES, seed=seed)
        who = seats(state, PERSONALITIES[seed:] + PERSONALITIES[:seed])
        play_building(state, {c: checked(n, seen) for c, n in who.items()}, seed=seed)
    taxes = [(opts, c) for _, opts, p, a, c in seen if p.kind == "taxes"]
    assert taxes and all(c.gold == max(o.gold for o in opts) for opts, c in taxes)
    keeper = [(opts, c) for n, opts, p, _, c in seen if p.kind == "pay_wage" and n == "monster_keeper"]
    assert keeper
    for opts, c in keeper:  # the monster keeper lets a monster go only if it cannot pay any wage
        if isinstance(c, ReleaseMonster):
            assert not any(isinstance(o, PayWage) for o in opts)


# --- determinism ------------------------------------------------------------------------------------------
def test_same_seed_same_game():
    def run(seed):
        events, state = new_game(["A", "B", "C", "D"], variant="full", seed=seed)
        who = seats(state, ["tunneller", "evil", "room_builder", "balanced"])
        more, _ = play_building(state, {c: STRATEGIES[n] for c, n in who.items()}, seed=seed)
        return [e.to_json() for e in events + more]

    assert run(3) == run(3)
    assert run(3) != run(4)


# --- recognisably different ----------------------------------------------------------------------------------
def measure(seeds=range(6)):
    """Averages per strategy over 4-player games, one seat each (the seats rotate with the seed)."""
    totals = {n: {"tiles": 0, "monsters": 0, "evil": 0, "rooms": 0} for n in PERSONALITIES}
    for seed in seeds:
        _, state = new_game(PERSONALITIES, seed=seed)
        who = seats(state, PERSONALITIES[seed % 4 :] + PERSONALITIES[: seed % 4])
        _, state = play_building(state, {c: STRATEGIES[n] for c, n in who.items()}, seed=seed)
        for pl in state.players:
            t = totals[who[pl.color]]
            t["tiles"] += dg.count_tiles(pl.dungeon)
            t["monsters"] += sum(1 for m in pl.monsters if not is_ghost(state, m.id))  # as the Monsterlord counts
            t["evil"] += pl.evil
            t["rooms"] += sum(1 for _, _, cell in dg.tiles(pl.dungeon) if cell.kind == "room")
    return {n: {k: v / len(seeds) for k, v in t.items()} for n, t in totals.items()}


def test_strategies_play_recognisably_different_games():
    avg = measure()
    leader = {"tiles": "tunneller", "monsters": "monster_keeper", "evil": "evil", "rooms": "room_builder"}
    for what, who in leader.items():
        others = {n: a[what] for n, a in avg.items() if n != who}
        assert avg[who][what] > max(others.values()), (what, avg)
