"""Monster Inn's secrets (spec section 7): a player's view and options do not depend on the other
players' supplies (secret unless open treasures), and no humanoid's front is anywhere before scoring."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.monster_inn import GAME
from domain.kernel import HIDDEN

ENGINE = GAME.engine


def _play(seed: int, steps: int, players: int):
    _, s = GAME.new_game(["A", "B", "C", "D", "E"][:players], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        p = ENGINE.pending(s)
        if not p.actors:
            break
        _, s = ENGINE.execute(s, rng.choice(p.options(p.actors[0])))
    return s


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
    players=st.integers(3, 5),
    gold=st.integers(0, 20),
    gem=st.integers(0, 20),
)
def test_a_view_does_not_depend_on_the_other_supplies(seed, steps, players, gold, gem) -> None:
    s = _play(seed, steps, players)
    other = s.model_copy(deep=True)
    for p in other.players[1:]:
        p.gold, p.gem = gold, gem
    if s.phase == "over":  # scored: every supply is shown (rulebook: hidden until the end)
        assert all(p["gold"] != HIDDEN for p in GAME.view(s, "p1")["players"])
    else:
        assert GAME.view(s, "p1") == GAME.view(other, "p1")
        seen = GAME.view(s, "p1")
        assert all(p["gold"] == HIDDEN for p in seen["players"][1:]) and seen["seed"] == HIDDEN
        p = ENGINE.pending(s)
        if p.actors == ["p1"]:
            assert p.options("p1") == ENGINE.pending(other).options("p1")


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), players=st.integers(3, 5))
def test_no_humanoid_front_is_known_before_it_is_turned_over(seed, steps, players) -> None:
    s = _play(seed, steps, players)
    text = json.dumps(GAME.to_dict(s))
    revealed = {h.card for p in s.players for h in p.humanoids if h.card}
    fronts = {f'"h{v}"' for v in range(1, 21)}
    assert {f for f in fronts if f in text} == {f'"{c}"' for c in revealed}
    assert s.phase in ("scoring", "over") or not revealed
