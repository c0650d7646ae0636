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
