"""Dungeon Lords' hash chain: the kernel's :class:`~domain.kernel.chain.HashChain` with what this game's
canonical payloads leave out (docs/architecture.md §6).

The hash leaves out a digital game's seed (in ``GameStarted`` and in the whole states that
``ScenarioLoaded``, ``InputUndone`` and ``InputCorrected`` carry) and the first event's ``origin`` and
``forked_from`` (an imported copy of a game is the same game), and fields added to an event later at the
default an older event reads as.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.chain import HashChain

STATE_CARRIERS = ("ScenarioLoaded", "InputUndone", "InputCorrected")
PROVENANCE = ("seed", "origin", "forked_from")  # where this copy came from, not what happened

# Fields added to an event after games were stored, with the default an older event reads as.
ADDED_LATER: dict[str, dict[str, Any]] = {
    "GameStarted": {"catalog_overrides": None, "modules": []},
    "YearBegan": {"nonplayer_evil_steps": -2, "paladins": ["paladin_y2"]},
    "SpecialEventsDrawn": {"year1_second": None, "year2_second": None},
    "MonsterHired": {"expertise": ""},
    "MonsterAttacked": {"expert_bonus": False},
    "BattleBegan": {"installed": []},
    "GoldMined": {"vein": 0},
    "DamageDealt": {"courage_used": 0},
    "BattlePlanned": {"pets": []},
    "RoomProduced": {"trained": 0},
}

CHAIN = HashChain(
    first_events=("GameStarted", "ScenarioLoaded"),
    provenance=PROVENANCE,
    state_carriers=STATE_CARRIERS,
    added_later=ADDED_LATER,
)

_canonical = CHAIN.canonical
link = CHAIN.link
final_hash = CHAIN.final_hash
broken_links = CHAIN.broken_links

__all__ = ["ADDED_LATER", "CHAIN", "broken_links", "final_hash", "link"]
