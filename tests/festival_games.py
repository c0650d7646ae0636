"""Whole Festival Season games for the tests: bots at every seat, the invariants checked after every command."""

from __future__ import annotations

from functools import lru_cache

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords.invariants import problems
from domain.kernel import play_until_blocked

COLORS = ("red", "blue", "green", "yellow")


@lru_cache(maxsize=64)
def whole_game(
    players: int, seed: int, modules: tuple[str, ...] = ("five_seasons",), variant: str = "full", bot: str = "random"
) -> tuple[list, object]:
    """(events, final state) of a finished game; the starting player is seat 0 (P1). Fails on the first
    command after which an invariant does not hold."""
    events, state = GAME.new_game(
        [f"P{k + 1}" for k in range(players)], seed=seed, variant=variant, modules=list(modules)
    )
    seats = dict.fromkeys(GAME.seats(state), GAME.bots[bot])

    def check(state, command, new_events) -> None:
        found = problems(state)
        assert not found, f"after {command}: {found}"

    more, state, waiting = play_until_blocked(GAME.engine, state, seats, seed=seed, max_commands=50_000, on_step=check)
    assert not waiting.actors, "the game did not end"
    return [*events, *more], state


def of(events: list, cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]


def by_year(events: list, cls: type) -> dict[int, list]:
    """Events of ``cls`` by the Year they happened in (YearBegan starts the second)."""
    out: dict[int, list] = {1: [], 2: []}
    year = 1
    for e in events:
        if type(e).__name__ == "YearBegan":
            year = 2
        if isinstance(e, cls):
            out[year].append(e)
    return out
