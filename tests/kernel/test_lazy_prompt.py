"""A pending decision's prompt is made when read (bots never read it, issue #35): the function is called
once, on first read, and the text does not depend on when it is read: a prompt read after the bot's move
was applied to the state in place is the prompt of that state before the move."""

from __future__ import annotations

import random

import pytest

from domain.games import GAMES
from domain.kernel import Engine
from domain.kernel.errors import Phrase
from domain.kernel.pending import Pending


def test_a_prompt_function_is_called_once_on_first_read() -> None:
    calls: list[int] = []

    def make() -> str:
        calls.append(1)
        return Phrase("{color}: dig", color="red")

    p = Pending(kind="digging", actors=["red"], prompt=make)
    assert calls == []  # made lazily
    first = p.prompt
    assert first == "red: dig" and isinstance(first, Phrase) and first.params == {"color": "red"}
    assert p.prompt is first
    assert calls == [1]
    assert Pending(kind="x", actors=[], prompt="plain").prompt == "plain"


LINEUPS = [
    ("dungeon_lords", {}, 3),
    ("dungeon_lords", {"modules": ["five_seasons", "unique_opportunities", "festival", "pets", "bards"]}, 2),
    ("monster_inn", {}, 5),
]


@pytest.mark.parametrize(("game", "options", "seed"), LINEUPS)
def test_a_prompt_read_after_the_move_is_the_prompt_before_it(game: str, options: dict, seed: int) -> None:
    package = GAMES[game]
    engine, rules = package.engine, package.rules
    _, state = package.new_game([f"p{k}" for k in range(4)], seed=seed, **options)
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(3000):
        p = engine.pending(state)
        if not p.actors:
            break
        before = rules.clone(state)  # what a reader would see now, kept apart from the moves
        actor = p.actors[0]
        _, state = engine.execute(state, rng.choice(p.options(actor)), inplace=True)  # the bots' way
        late = p.prompt  # read only now, after the state it was made for changed in place
        fresh = Engine(rules).pending(before).prompt  # an engine of its own: no cached Pending
        assert late == fresh and type(late) is type(fresh), p.kind
        if isinstance(fresh, Phrase):
            assert late.params == fresh.params, p.kind
        kinds.add(p.kind)
    assert not engine.pending(state).actors, "the game did not end"
    assert len(kinds) >= 3
