"""Write tests/golden/streams.json: the digest (the hash chain's last link) of every event stream of
fixed-seed bot games (both games, 2 to 5 players, random and strategy bots). Speed work must leave every stream as it is:

    python tests/golden/make_streams.py

(run it only when a rule change is meant to change games; the changelog then says so).
"""

from __future__ import annotations

import json
from pathlib import Path

from domain.games import GAMES
from domain.kernel import play_until_blocked

HERE = Path(__file__).parent
#: (game, variant, players, bot for every seat, seeds)
CASES = [
    ("dungeon_lords", "full", 4, "random", range(6)),
    ("dungeon_lords", "first_game", 4, "random", range(4)),
    ("dungeon_lords", "full", 3, "random", range(4)),
    ("dungeon_lords", "full", 2, "random", range(4)),
    ("dungeon_lords", "full", 4, "balanced", range(2)),
    ("dungeon_lords", "first_game", 3, "tunneller", range(2)),
    ("dungeon_lords", "full", 4, "monster_keeper", range(1)),
    ("dungeon_lords", "full", 4, "evil", range(1)),
    ("dungeon_lords", "full", 4, "room_builder", range(1)),
    ("monster_inn", "standard", 4, "random", range(4)),
    ("monster_inn", "open_treasure", 5, "budgeted", range(2)),
]


def stream_digest(game: str, variant: str, players: int, bot: str, seed: int) -> str:
    """The SHA-256 of one complete game's events (their JSON, in order)."""
    package = GAMES[game]
    names = [f"{bot} {k}" for k in range(players)]
    events, state = package.new_game(names, seed=seed, variant=variant)
    bots = {seat: package.bots[bot] for seat in package.seats(state)}
    more, state, waiting = play_until_blocked(package.engine, state, bots, seed=seed, max_commands=50_000)
    assert not waiting.actors, f"{game} seed {seed} did not end"
    # The game's hash chain over every event: a field added to an event class later, at the value older
    # events read as, leaves it as it was (the chain's rule), and so does the seed; everything else counts.
    return package.chain.final_hash((e.type, e.payload()) for e in [*events, *more])


def digests() -> dict[str, str]:
    return {
        f"{game}/{variant}/{players}p/{bot}/seed{seed}": stream_digest(game, variant, players, bot, seed)
        for game, variant, players, bot, seeds in CASES
        for seed in seeds
    }


if __name__ == "__main__":
    (HERE / "streams.json").write_text(json.dumps(digests(), indent=1) + "\n")
