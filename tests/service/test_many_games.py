"""300 complete games (random and strategy bots; 2, 3 and 4 players; both rule variants).

After every event of every game the invariants hold (no negative resources, components
conserved, Evilometer within 1..15, no filled 2x2, no adjacent rooms); every game is stored
in one append to a SQLite event store, and the game read back from the store equals the live
state. Marked ``slow`` (about two minutes); CI runs it. ``pytest -m "not slow"`` skips it.
"""

from __future__ import annotations

import random

import pytest
from helpers import fold_with_invariants

from domain.games.dungeon_lords.bots import play_until_blocked
from domain.games.dungeon_lords.engine import new_game
from domain.games.dungeon_lords.state import to_dict
from domain.games.dungeon_lords.strategies import STRATEGIES
from domain.service.application import GameService
from domain.service.storage import store_env

GAMES, CHUNK = 300, 10


def configuration(i: int) -> tuple[int, str, list[str]]:
    rng = random.Random(i)
    players = (2, 3, 4)[i % 3]
    variant = ("first_game", "full")[(i // 3) % 2]
    names = list(STRATEGIES)
    bots = ["random"] * players if i % 4 == 0 else [rng.choice(names) for _ in range(players)]
    return players, variant, bots


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_complete_games_keep_invariants_and_replay_from_the_store(chunk, tmp_path):
    app = GameService(env=store_env(f"sqlite:///{tmp_path / 'games.sqlite'}"))
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        players, variant, bots = configuration(i)
        opening, state = new_game(
            [f"{b} {k}" for k, b in enumerate(bots)], variant=variant, seed=i, starting_player=i % players
        )
        more, live, waiting = play_until_blocked(
            state, {p.color: STRATEGIES[b] for p, b in zip(state.players, bots)}, seed=i, max_commands=20_000
        )
        log = opening + more
        assert waiting.kind == "game_over", f"game {i} stopped at {waiting.kind}: {waiting.prompt}"
        assert live.scores and any(s["winner"] for s in live.scores)
        assert to_dict(fold_with_invariants(log, f"game {i}, ")) == to_dict(live)
        gid = app.create_from_events(log)
        assert to_dict(app.state(gid)) == to_dict(live)
        assert len(app.log(gid)) == len(log)
