"""300 complete games with Festival Season's modules (CI's slow set) and 2,000 on request (heavy), first with
the random bots, then with the strategy bots.

Random bots (strategy bots in every tenth game), or strategy bots at every seat (issue #15: the strategies
extended with the expansion's choices); 2, 3 and 4 players; both variants; the module sets a table
can choose (the whole expansion, part 1 alone, with three paladins, without pets, the beginners' variant,
the opportunities without the Festival).
After every event of every game the invariants hold (components conserved, the Pet deck, installed and
rented components included), every game is stored in one append to a SQLite event store, and the game read
back from the store equals the live state. ``pytest -m "not slow"`` skips the 300s; ``pytest --heavy -m
heavy tests/games/dungeon_lords/festival`` runs the 2,000s (about 12 minutes on one core each).
"""

from __future__ import annotations

import random

import pytest
from helpers import fold_with_invariants

from domain.games.dungeon_lords.bots import play_until_blocked
from domain.games.dungeon_lords.engine import new_game
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.games.dungeon_lords.state import to_dict
from domain.games.dungeon_lords.strategies import STRATEGIES
from domain.service.application import GameService
from domain.service.storage import store_env

PART_1 = ["five_seasons", "unique_opportunities", "festival", "pets", "paladin_pair"]
MODULE_SETS = (
    list(RULESETS["festival"]),  # the whole expansion as the rulebook plays it (bards included)
    PART_1,
    [*PART_1, "three_paladins"],
    ["five_seasons", "unique_opportunities", "festival", "no_pets", "paladin_pair"],
    [*PART_1, "beginners"],
    ["five_seasons", "unique_opportunities", "pets"],
    list(RULESETS["four_seasons"]),  # the base Year with the new components and bards
)
CHUNK = 10


def configuration(i: int) -> tuple[int, str, list[str], list[str]]:
    rng = random.Random(i)
    players = (2, 3, 4)[i % 3]
    variant = ("full", "first_game")[(i // 3) % 2]
    # random bots (the "300 random-bot games"); every tenth game strategy bots, whose choices differ
    bots = [rng.choice(list(STRATEGIES)) for _ in range(players)] if i % 10 == 9 else ["random"] * players
    return players, variant, bots, MODULE_SETS[(i // 6) % len(MODULE_SETS)]


def strategy_configuration(i: int) -> tuple[int, str, list[str], list[str]]:
    """Game ``i`` with a strategy bot at every seat (each seat's strategy drawn), as :func:`configuration` else."""
    players, variant, _, modules = configuration(i)
    strategies = [name for name in STRATEGIES if name != "random"]
    rng = random.Random(-1 - i)
    return players, variant, [rng.choice(strategies) for _ in range(players)], modules


def play_and_check(first: int, store, configure=configuration) -> None:
    app = GameService(env=store_env(f"sqlite:///{store}"))
    for i in range(first, first + CHUNK):
        players, variant, bots, modules = configure(i)
        names = [f"{b} {k}" for k, b in enumerate(bots)]
        opening, state = new_game(names, variant=variant, seed=i, starting_player=i % players, modules=modules)
        seats = {p.color: STRATEGIES[b] for p, b in zip(state.players, bots, strict=True)}
        more, live, waiting = play_until_blocked(state, seats, seed=i, max_commands=30_000)
        log = opening + more
        assert waiting.kind == "game_over", f"game {i} ({modules}) stopped at {waiting.kind}: {waiting.prompt}"
        assert live.scores and any(s["winner"] for s in live.scores)
        assert to_dict(fold_with_invariants(log, f"game {i} ({modules}), ")) == to_dict(live)
        gid = app.create_from_events(log)
        assert to_dict(app.state(gid)) == to_dict(live)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(300 // CHUNK))
def test_300_festival_games_keep_invariants_and_replay_from_the_store(chunk, tmp_path):
    play_and_check(chunk * CHUNK, tmp_path / "games.sqlite")


@pytest.mark.heavy
@pytest.mark.parametrize("chunk", range(300 // CHUNK, 2300 // CHUNK))
def test_2000_more_festival_games(chunk, tmp_path):
    play_and_check(chunk * CHUNK, tmp_path / "games.sqlite")


def whole_configuration(i: int) -> tuple[int, str, list[str], list[str]]:
    """Game ``i`` of the whole expansion (``--ruleset festival``, both parts): random bots in even games, a
    strategy bot at every seat in odd ones."""
    players, variant, _, _ = configuration(i)
    bots = strategy_configuration(i)[2] if i % 2 else ["random"] * players
    return players, variant, bots, list(RULESETS["festival"])


@pytest.mark.heavy
@pytest.mark.parametrize("chunk", range(2000 // CHUNK))
def test_2000_games_of_the_whole_expansion(chunk, tmp_path):
    play_and_check(100_000 + chunk * CHUNK, tmp_path / "games.sqlite", whole_configuration)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(300 // CHUNK))
def test_300_strategy_bot_festival_games_keep_invariants_and_replay_from_the_store(chunk, tmp_path):
    play_and_check(chunk * CHUNK, tmp_path / "games.sqlite", strategy_configuration)


@pytest.mark.heavy
@pytest.mark.parametrize("chunk", range(300 // CHUNK, 2300 // CHUNK))
def test_2000_more_strategy_bot_festival_games(chunk, tmp_path):
    play_and_check(chunk * CHUNK, tmp_path / "games.sqlite", strategy_configuration)
