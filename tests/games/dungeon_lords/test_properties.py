"""Property tests: random legal play through the whole Building (2-4 players, both variants, digital
and tabletop), checking the invariants after every event, replay, and rules that hold at every input.

Rules followed: Rulebook › First Year (the phases), › Paladin (where he must be), › End of the Round /
Combat setup ("Each dungeon will have 3 adventurers"), and the event-sourcing contract (replay).
"""

from __future__ import annotations

import json
import random

from helpers import SCENARIOS, random_legal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.dungeon_lords.engine import decide, execute, from_scenario, new_game, pending, replay
from domain.games.dungeon_lords.events import event_from_json
from domain.games.dungeon_lords.invariants import problems
from domain.games.dungeon_lords.phases.common import EVIL_BOTTOM, EVIL_TOP, PALADIN_SPACE
from domain.games.dungeon_lords.phases.settle import evolve_stored as evolve  # hand-made events: settled as stored ones
from domain.games.dungeon_lords.state import to_dict

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WIDE = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["Ann", "Bob", "Cid", "Dee"]


def check_stable(state) -> None:
    """What must hold whenever the game waits for an input."""
    p = pending(state)
    for actor in p.actors:
        if actor != "chance":
            assert p.options(actor), f"{actor} must act ({p.kind}) but has no legal option"
    if p.is_chance:
        assert 0 < p.chance.count <= len(p.chance.pool) or p.chance.count == 0
    # Rulebook › Paladin: he leaves his tent for the first player at or above his space, and a player at
    # or above it who is MORE evil than his host takes him.
    evil = {q.color: q.evil for q in state.players}
    (pal,) = state.paladins  # one paladin a Year in the base game, free during Building
    if any(e >= PALADIN_SPACE for e in evil.values()):
        assert pal.holder is not None, "a player is at or above the paladin space but he is in his tent"
    if pal.holder is not None:
        assert not any(e >= PALADIN_SPACE and e > evil[pal.holder] for e in evil.values()), (
            f"the paladin stays with {pal.holder} ({evil[pal.holder]}) though another is more evil: {evil}"
        )
    # Rulebook › Orders Phase: each lord has sent exactly 3 minions (spaces or cards) while orders are carried out
    if state.phase == "actions":
        sent = {}
        for slots in state.board.spaces.values():
            for pl in slots:
                if pl is not None:
                    sent[pl.color] = sent.get(pl.color, 0) + 1
        for pl in state.board.shut_out:
            sent[pl.color] = sent.get(pl.color, 0) + 1
        for q in state.players:
            assert sent.get(q.color) == 3, f"{q.color} sent {sent.get(q.color)} minions"


def play(state, rng: random.Random, log: list, max_commands: int = 2000):
    for _ in range(max_commands):
        check_stable(state)
        p = pending(state)
        if state.phase == "combat" or not p.actors:  # the Building is over
            return state, p
        events, state = execute(state, random_legal(state, p, rng))
        assert events, "an accepted command must record at least one event"
        log += events
    raise AssertionError("the Building did not end")


def check_log(log: list, live) -> None:
    """After every event: the invariants and the Evilometer; the whole log replays to the live state."""
    state = None
    for e in log:
        state = evolve(state, e)
        assert problems(state) == [], f"after {type(e).__name__}: {problems(state)}"
        for q in state.players:
            assert EVIL_BOTTOM <= q.evil <= EVIL_TOP
        for np in state.nonplayers:
            assert np.evil is None or EVIL_BOTTOM <= np.evil <= EVIL_TOP
    assert to_dict(replay(log)) == to_dict(live)
    assert to_dict(state) == to_dict(live)


@WIDE
@given(
    seed=st.integers(0, 2**31 - 1),
    n=st.sampled_from([2, 3, 4]),
    variant=st.sampled_from(["first_game", "full"]),
    mode=st.sampled_from(["digital", "tabletop"]),
)
def test_random_legal_building_keeps_every_invariant(seed, n, variant, mode):
    rng = random.Random(seed)
    log, state = new_game(NAMES[:n], variant=variant, mode=mode, seed=seed, starting_player=rng.randrange(n))
    log = list(log)
    state, p = play(state, rng, log)
    # Rulebook › First Year: 4 rounds, then Combat
    assert p.kind == "plan_battle" and state.phase == "combat" and state.year == 1 and state.season == 3
    # Rulebook › Combat setup: "Each dungeon will have 3 adventurers (not counting the paladin)."
    assert all(len(q.party) == 3 for q in state.players)
    check_log(log, state)


@FAST
@given(
    seed=st.integers(0, 2**31 - 1),
    mode=st.sampled_from(["digital", "tabletop"]),
    name=st.sampled_from(["year2-spring-3p.json", "builtin"]),
)
def test_random_legal_second_year_building(seed, mode, name):
    # Rulebook › Second Year › Building in the Second Year
    if name == "builtin":
        from pathlib import Path

        import domain

        path = Path(domain.__file__).parent / "games" / "dungeon_lords" / "scenarios" / "year2-winter-4p.json"
    else:
        path = SCENARIOS / name
    sc = json.loads(path.read_text())
    sc["mode"], sc["seed"] = mode, seed % 10_000
    log, state = from_scenario(sc)
    log = list(log)
    state, p = play(state, random.Random(seed), log)
    assert p.kind == "plan_battle" and state.year == 2 and state.season == 3
    check_log(log, state)


@FAST
@given(
    seed=st.integers(0, 2**31 - 1),
    n=st.sampled_from([2, 3, 4]),
    variant=st.sampled_from(["first_game", "full"]),
    stop=st.integers(0, 150),
)
def test_decide_never_changes_the_state_and_execute_agrees_with_it(seed, n, variant, stop):
    # design contract: decide(state, command) returns the events only; execute applies exactly them
    rng = random.Random(seed)
    _, state = new_game(NAMES[:n], variant=variant, mode="tabletop", seed=None, starting_player=0)
    for _ in range(stop):
        p = pending(state)
        if not p.actors:
            break
        _, state = execute(state, random_legal(state, p, rng))
    p = pending(state)
    if not p.actors:
        return
    cmd = random_legal(state, p, rng)
    before = to_dict(state)
    events = decide(state, cmd)
    assert to_dict(state) == before
    executed, after = execute(state, cmd)
    assert to_dict(state) == before
    assert [e.to_json() for e in executed] == [e.to_json() for e in events]  # tabletop: nothing is drawn
    assert after.version == state.version + len(events)


@FAST
@given(seed=st.integers(0, 2**31 - 1), n=st.sampled_from([2, 3, 4]), variant=st.sampled_from(["first_game", "full"]))
def test_log_survives_json_and_digital_play_is_reproducible(seed, n, variant):
    # event sourcing: the stored (JSON) log replays to the same state; the same seed and the same
    # commands give the same game
    rng = random.Random(seed)
    log, state = new_game(NAMES[:n], variant=variant, mode="digital", seed=seed)
    log = list(log)
    commands = []
    for _ in range(60):
        p = pending(state)
        if not p.actors:
            break
        cmd = random_legal(state, p, rng)
        commands.append(cmd)
        events, state = execute(state, cmd)
        log += events
    stored = json.loads(json.dumps([e.to_json() for e in log]))
    assert to_dict(replay([event_from_json(d) for d in stored])) == to_dict(state)
    log2, state2 = new_game(NAMES[:n], variant=variant, mode="digital", seed=seed)
    for cmd in commands:
        _, state2 = execute(state2, cmd)
    assert to_dict(state2) == to_dict(state)
