"""Fixed-seed bot games give the very same event streams as when tests/golden/streams.json was written
(tests/golden/make_streams.py): speed work changes no rule and no draw."""

from __future__ import annotations

import json
import sys
from pathlib import Path

GOLDEN = Path(__file__).parent.parent / "golden"
sys.path.insert(0, str(GOLDEN))

from make_streams import digests  # noqa: E402


def test_fixed_seed_games_give_the_same_event_streams() -> None:
    expected = json.loads((GOLDEN / "streams.json").read_text())
    now = digests()
    assert sorted(now) == sorted(expected)
    assert [k for k in expected if now[k] != expected[k]] == []


def test_the_lines_of_orders_are_worked_out_in_the_order_of_the_permutations() -> None:
    """Lines of orders are built from their index (speed); the legal options and their order are those of
    itertools.permutations(hand, 3) times the non-player's cards, whatever the hand."""
    from itertools import permutations

    from domain.games.dungeon_lords.phases.orders import _Lines

    for hand in ("abcdef", "abcde", "abc", "abcdefgh", "ab"):
        for np_hand in ((), ("x", "y")):
            lines = _Lines(tuple(hand), np_hand)
            expected = [(line, x) for line in permutations(hand, 3) for x in (np_hand or (None,))]
            assert list(lines) == expected and len(lines) == len(expected)
            assert lines[1:4] == expected[1:4] and (not expected or lines[-1] == expected[-1])


def test_simulated_games_handed_over_as_json_are_stored_the_same() -> None:
    """`simulate` hands each game from a worker to the store in its JSON form (faster): the stored events,
    their hash chain and the state read back are those of storing the event objects."""
    from domain.service.application import GameService
    from domain.service.simulation import plans, run
    from domain.service.storage import store_env

    todo = plans(3, players=3, seed=11)
    stored = []
    for as_json in (False, True):
        app = GameService(env=store_env("memory"))
        ids = [app.create_from_events(log, final_state=final) for log, final in run(todo, workers=1, as_json=as_json)]
        stored.append([(app.stored(g), app.game_of(g).to_dict(app.state(g))) for g in ids])
    plain, handed = stored
    assert plain == handed and len(plain) == 3
