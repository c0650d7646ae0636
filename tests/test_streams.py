"""Fixed-seed bot games give the very same event streams as when tests/golden/streams.json was written
(tests/golden/make_streams.py): speed work changes no rule and no draw."""

from __future__ import annotations

import json
import sys
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"
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
