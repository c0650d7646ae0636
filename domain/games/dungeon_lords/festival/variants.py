"""Festival Season's variants that are switches of their own (the others are modules left out).

Festival Season (CGE 2012) › Combining Variants; › Beginners' Variant. Spec items VA-02, VA-05, VA-06.

- VA-02: the Unique Opportunities may be played without the Festival (leave ``festival`` out); the
  Festival never without them (set-up refuses it).
- VA-05 ``no_pets``: "you should leave those out, too. All of them": with the Unique Opportunities, the
  Acquire Pet board is left out of the stack (seven boards: the Second Year's last round has none). The
  ``pets`` module cannot be chosen with it.
- VA-06 ``beginners``: five Building rounds but 4 Combat Cards a Year and 4 Combat rounds, and no
  adventurers set up for round 2 (players receive them from round 3). Engine choice: round 2's Adventurers
  Phase still happens with nobody to assign (with 2 players the non-player counter still rises). The rest
  of the rulebook's list is other modules left out (bards, opportunities, the pair of paladins) or the
  players' choice (pets, the Festival).
"""

from __future__ import annotations

from dataclasses import replace

from ..year import YearPlan

THIRD_ROUND = 2  # 0-based: "Players will not start receiving adventurers until round 3"


def no_pets(plan: YearPlan) -> YearPlan:
    """VA-05: no Acquire Pet board in the stack."""
    return replace(plan, opportunities_left_out=(*plan.opportunities_left_out, "acquire_pet"))


def beginners(plan: YearPlan) -> YearPlan:
    """VA-06: 4 Combat Cards and 4 Combat rounds a Year; adventurers from round 3."""
    return replace(plan, combat_cards=4, combat_rounds=4, adventurers_from=THIRD_ROUND)
