"""Dungeon Lords' hash chain: the kernel's :class:`~domain.kernel.chain.HashChain` with what this game's
canonical payloads leave out (docs/architecture.md §6).

The hash leaves out a digital game's seed (in ``GameStarted`` and in the whole states that
``ScenarioLoaded``, ``InputUndone`` and ``InputCorrected`` carry) and the first event's ``origin`` and
``forked_from`` (an imported copy of a game is the same game), and fields added to an event later at the
default an older event reads as, and the fields each event's rules settle from the state before it
(``Event.settled``: they follow from the hashed events before them, so a game hashes the same whether it was
stored before they existed or after; ``audit`` re-derives and compares them).
"""

from __future__ import annotations

from typing import Any

from domain.kernel.chain import HashChain
from domain.kernel.events import Event

from . import events as ev

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

#: event type -> the fields its rules settle (left out of the hash)
SETTLED: dict[str, tuple[str, ...]] = {
    cls.__name__: cls.settled
    for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, Event) and cls.settled
}

CHAIN = HashChain(
    first_events=("GameStarted", "ScenarioLoaded"),
    provenance=PROVENANCE,
    state_carriers=STATE_CARRIERS,
    added_later=ADDED_LATER,
    settled=SETTLED,
)

_canonical = CHAIN.canonical
link = CHAIN.link
final_hash = CHAIN.final_hash
broken_links = CHAIN.broken_links

__all__ = ["ADDED_LATER", "SETTLED", "CHAIN", "broken_links", "final_hash", "link"]
