"""New paladins: an elven and a dwarven paladin each Year, and the Three Paladins variant.

Festival Season (CGE 2012) › New Paladins; › Paladins and the Evilometer; › Paladins in Combat; › Scoring
Paladins; › Three Paladins Variant. Spec items PA-01..PA-12.

What the modules change is data: the Year plan's ``paladins`` (which paladins each Year brings, weakest
first) and the catalog (the new paladins' tiles). The movement rule is the base game's one
:func:`..phases.adventurers.paladin_step`, written for any number of paladins; scoring reads each
paladin's ``score_points`` (PA-11: elf 4, dwarf 6, the human paladin 5).

Provisional (spec U-15): the rulebook names the elf and the dwarf but never prints their hit points or
symbols; the known ordering is elf < human (5 / 8) < dwarf. The defaults below are marked ``provisional``
in the catalog and a table's catalog override replaces them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..year import YearPlan

SOURCE = "Festival Season rulebook › New Paladins"
_U15 = "Hit points and symbols never printed in the rulebook: provisional default, spec U-15 (elf < human < dwarf)."


def _paladin(kind: str, year: int, hit_points: int, symbols: int, points: int) -> dict[str, Any]:
    return {
        "id": f"{kind}_y{year}",
        "year": year,
        "hit_points": hit_points,
        "disarm": symbols,
        "heal": symbols,
        "magic": symbols,
        "score_points": points,  # Festival Season › Scoring Paladins: "4 points for the elf, 6 for the dwarf"
        "status": "provisional",
        "sources": [SOURCE, "Festival Season rulebook › Scoring Paladins (points)"],
        "notes": f"{_U15} Always first in line; counts as none of the four professions.",
    }


#: the pair's tiles, in the catalog's override format (applied before a table's own overrides)
CATALOG: dict[str, Any] = {
    "paladins": [
        _paladin("elf", 1, hit_points=4, symbols=2, points=4),
        _paladin("dwarf", 1, hit_points=6, symbols=2, points=6),
        _paladin("elf", 2, hit_points=7, symbols=3, points=4),
        _paladin("dwarf", 2, hit_points=9, symbols=3, points=6),
    ]
}


def paladin_pair(plan: YearPlan) -> YearPlan:
    """PA-01: each Year brings the elf (the first out) and the dwarf (the stronger), not the human."""
    return replace(plan, paladins={year: (f"elf_y{year}", f"dwarf_y{year}") for year in (1, 2)})


def three_paladins(plan: YearPlan) -> YearPlan:
    """PA-12: the human paladin joins the pair, between them: the elf leaves his tent for the first
    player on the space, the human when two are on it, the dwarf when three are; the ranking is dwarf >
    human > elf."""
    return replace(plan, paladins={year: (f"elf_y{year}", f"paladin_y{year}", f"dwarf_y{year}") for year in (1, 2)})
