"""Five seasons: a fifth Building round ("festival season") in each Year, and what comes with it.

Festival Season (CGE 2012) › Changes to the Progress Board; › Setup; › Gameplay; › Starting Player in the
Second Year; › Evilometer for Two Players. Spec items: SU-02, SU-04, SU-05, YR-01, YR-03, YR-05, YR-06,
YR-07, YR-08, YR-09, NP-03, NP-06.

Only the Year plan changes (the base phases ask the plan; nothing here is a branch in them):

- YR-01: five Building rounds; Combat follows the fifth.
- SU-02: five Combat Cards a Year, and (CB) five Combat rounds.
- SU-04: four Event Tiles a Year, shuffled onto rounds 2-5: Pay Day, Taxes and two Special Events.
- SU-05 / YR-05: two Special Event Cards a Year (the upper pair drawn is Year 1's).
- YR-03 / YR-08: round 4 forecasts round 5's Event Tile and adventurers (the plan's next season), so
  every dungeon ends the Year with 4 adventurers (and any paladin).
- YR-06: the Starting Player Token does not pass after the last round (the base rule for the fall).
- YR-07 / NP-06: the Second Year's starting player, counted from the First Year's first starter:
  4 players 2 seats on (opposite, unchanged), 3 players 2 seats on (to his right), 2 players the other.
- NP-03: with 2 players the non-player Evil counter goes down 3 (not 2) as the Second Year begins.
- NP-04 / NP-05: with 2 players the non-player counter is ranked with the players when paladins are dealt;
  the paladin it gets goes at once to the Distant Lands and it never gets another; in Combat it is ignored.
  Provisional (spec U-39): in a tie the non-player is the nicer. The counter's removal as the Second Year's
  Combat begins changes nothing else the engine tracks, so no event records it.

Not here (other modules and issue "Festival Season, part 2"): the Pet Phase (pets), the Festival
(festival), Unique Opportunities, the new components that fill the larger stacks (with base
components only, round 5 reveals what is left: in 4-player games no monsters and no rooms).
"""

from __future__ import annotations

from dataclasses import replace

from ..game_info import SEASONS
from ..year import YearPlan

FIFTH_SEASON = "festival"  # Festival Season › Fifth Season: "a fifth round, known as festival season"


def five_seasons(plan: YearPlan) -> YearPlan:
    """The Year plan with the fifth season and its consequences (module docstring)."""
    return replace(
        plan,
        seasons=(*SEASONS, FIFTH_SEASON),
        combat_rounds=5,
        combat_cards=5,
        event_tiles=("pay_day", "taxes", "special_event", "special_event"),
        special_events=2,
        second_year_starter={4: 2, 3: 2, 2: 1},
        nonplayer_evil_at_new_year=-3,
        nonplayer_takes_paladin=True,
    )
