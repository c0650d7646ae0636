"""Events and commands the rules build (``Built.__init__``, no validation) are what validation builds.

Fixed-seed bot games of every game: each event of the log and each option offered (random bots) or
command given (strategy bots) is validated again from its stored JSON (``model_validate_json``, the way
a stored event comes back) and from its Python dump; both must give the same field values of the same
types, and serialise to the same bytes, with pydantic raising no serialisation warning (a list where
the model says tuple, say).
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from domain.games import GAMES
from domain.kernel import Pending, play_until_blocked
from domain.kernel.events import Built

FESTIVAL = ["five_seasons", "unique_opportunities", "festival", "pets", "bards", "paladin_pair"]
STRATEGIES = ["balanced", "tunneller", "evil", "room_builder"]
LINEUPS = {
    "dl-random": ("dungeon_lords", ["random"] * 4, []),
    "dl-strategies": ("dungeon_lords", STRATEGIES, []),
    "dl-festival": ("dungeon_lords", ["random"] * 4, FESTIVAL),
    "dl-festival-strategies": ("dungeon_lords", STRATEGIES, FESTIVAL),
    "dl-2p": ("dungeon_lords", ["random"] * 2, []),
    "mi-random": ("monster_inn", ["random"] * 4, []),
}


def same(a: Any, b: Any, where: str) -> None:
    """``a == b`` with the same types all the way down (a tuple is not a list here)."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} built, {type(b).__name__} validated ({a!r})"
    if isinstance(a, BaseModel):
        assert list(a.__dict__) == list(b.__dict__), f"{where}: field order"
        for k in a.__dict__:
            same(a.__dict__[k], b.__dict__[k], f"{where}.{k}")
    elif isinstance(a, dict):
        assert list(a) == list(b), f"{where}: keys"
        for k in a:
            same(a[k], b[k], f"{where}[{k!r}]")
    elif isinstance(a, list | tuple):
        assert len(a) == len(b), f"{where}: length"
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{where}[{i}]")
    else:
        assert a == b, f"{where}: {a!r} != {b!r}"


def check(obj: Any) -> None:
    """``obj`` (built by the rules) against its validated twins."""
    cls = type(obj)
    assert isinstance(obj, Built), f"{cls.__name__} is not built the fast way"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pydantic's "serialized value may not be as expected"
        text = obj.model_dump_json()
        from_json = cls.model_validate_json(text)
        from_python = cls.model_validate(obj.model_dump())
        assert from_json.model_dump_json() == text
    same(obj, from_json, cls.__name__)
    same(obj, from_python, cls.__name__)
    assert obj == from_json


def checked(bot: Any, random_bot: Any) -> Any:
    """``bot``, checking the command it gives (and, a random bot, every option it was offered)."""

    def play(state: Any, p: Pending, actor: str, rng: random.Random) -> Any:
        if bot is random_bot:
            for option in p.options(actor):
                check(option)
        command = bot(state, p, actor, rng)
        check(command)
        return command

    return play


@pytest.mark.parametrize("lineup", list(LINEUPS))
def test_built_events_and_commands_are_the_validated_ones(lineup: str) -> None:
    game, bots, modules = LINEUPS[lineup]
    package = GAMES[game]
    seen: set[str] = set()
    options = {"modules": modules} if modules else {}
    for seed in range(2):
        events, state = package.new_game([f"p{k}" for k in range(len(bots))], seed=seed, **options)

        seats = {s: checked(package.bots[b], package.bots["random"]) for s, b in zip(package.seats(state), bots)}
        log, _, _ = play_until_blocked(package.engine, state, seats, seed=seed, max_commands=50_000)
        for e in [*events, *log]:
            check(e)
            seen.add(type(e).__name__)
    assert len(seen) > 10  # the games went somewhere


def test_built_refuses_what_validation_refuses() -> None:
    """A missing or unknown field is pydantic's ValidationError, as before; the outside's data is
    validated (``model_validate`` never takes the unvalidated way)."""
    from domain.games.dungeon_lords.commands import DigTunnel
    from domain.games.dungeon_lords.events import EvilometerMoved

    with pytest.raises(ValidationError):
        EvilometerMoved(color="red", evil=3)  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        EvilometerMoved(color="red", evil=3, steps=1, extra=1)  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        EvilometerMoved.model_validate({"color": "red", "evil": "three", "steps": 1})
    assert DigTunnel.model_validate({"player": "red", "square": [1, 2]}).square == (1, 2)
    built = EvilometerMoved(color="red", evil=3, steps=1)
    assert built.__pydantic_fields_set__ == EvilometerMoved.model_validate(built.model_dump()).__pydantic_fields_set__
