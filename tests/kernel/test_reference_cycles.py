"""Games leave no reference cycles behind (issue "Engine speed"): what a game allocates is freed as soon as
it is dropped, so the garbage collector has nothing to find in a batch of games (``batch_gc``), and does
not run. A rule that holds its refusal in a local before raising it makes a cycle through the traceback;
options are therefore tried with ``domain.kernel.unless_refused``, which drops it."""

from __future__ import annotations

import gc

import pytest

from domain.games import GAMES
from domain.kernel import RuleViolation, play_until_blocked, unless_refused

FESTIVAL = ["five_seasons", "unique_opportunities", "festival", "pets", "bards", "paladin_pair", "new_components"]


def _play(game: str, bots: list[str], seed: int, **options: object) -> None:
    package = GAMES[game]
    _, state = package.new_game([f"p{k}" for k in range(len(bots))], seed=seed, **options)
    seats = {s: package.bots[b] for s, b in zip(package.seats(state), bots, strict=True)}
    play_until_blocked(package.engine, state, seats, seed=seed, max_commands=50_000)


@pytest.mark.parametrize(
    ("game", "bots", "options"),
    [
        ("dungeon_lords", ["random"] * 4, {}),
        ("dungeon_lords", ["balanced", "tunneller", "evil", "room_builder"], {}),
        ("dungeon_lords", ["random"] * 4, {"modules": FESTIVAL}),
        ("monster_inn", ["random"] * 4, {}),
    ],
    ids=["base-random", "base-strategies", "festival-random", "monster-inn-random"],
)
@pytest.mark.pure_python  # compiled (mypyc), a nested function and its frame's variables make a cycle
def test_a_played_game_leaves_no_reference_cycles(game: str, bots: list[str], options: dict) -> None:
    _play(game, bots, 0, **options)  # the first game fills the caches that live on
    gc.collect()
    gc.disable()
    try:
        for seed in (1, 2):
            _play(game, bots, seed, **options)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_unless_refused_answers_none_and_drops_the_refusals_traceback() -> None:
    def refuses(problem_wanted: bool) -> str:
        problem = RuleViolation("CODE", "a refusal held in a local, then raised", "rule") if problem_wanted else None
        if problem:
            raise problem  # a cycle: this frame holds the refusal, its traceback holds this frame
        return "decided"

    assert unless_refused(refuses, False) == "decided"
    gc.collect()
    gc.disable()
    try:
        assert unless_refused(refuses, True) is None
        assert gc.collect() == 0
    finally:
        gc.enable()
