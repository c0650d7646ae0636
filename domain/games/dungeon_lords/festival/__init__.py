"""Festival Season (CGE 2012): the expansion's modules, each a switch that edits the base game's seams
(docs/adding-a-module.md), registered with :mod:`..ruleset` when the game's package face imports this
package. The base game never imports it (an import-linter contract checks it).

Rulebook: Festival Season › Expansion Rules Summary; › Combining Variants (each part can be left out).
Every module is playable (``--ruleset festival`` plays them all but the variants; ``--ruleset four_seasons``
the base Year with the new components). Not in the catalog yet: the imp Training Room, and the new Trap,
Combat and Special Event cards, whose texts the rulebook never printed (spec U-20..U-22: none by default). A module
registered before its rules are built is refused at set-up (``playable=False``); its tests may turn on
``ruleset.allow_unfinished_modules`` meanwhile.
"""

from __future__ import annotations

from ..ruleset import Module, register_module, register_ruleset
from . import (
    opportunity_actions,  # noqa: F401  (registers the boards' rules by id)
    strategies,  # noqa: F401  (registers how the strategy bots value the expansion's choices)
)
from .bards import CATALOG as BARDS
from .festival import festival
from .five_seasons import five_seasons
from .new_components import CATALOG as NEW_COMPONENTS
from .opportunities import CATALOG as OPPORTUNITY_BOARDS
from .opportunities import FOYER, unique_opportunities
from .paladins import CATALOG as PALADIN_TILES
from .paladins import paladin_pair, three_paladins
from .pets import CATALOG as PET_DECK
from .pets import SCORE_LINES as PET_SHOW
from .pets import pets
from .variants import beginners, no_pets

MODULES = (
    Module(
        "five_seasons",
        "a fifth Building round each Year, five Combat Cards and rounds, two Special Events a Year",
        "Festival Season › Changes to the Progress Board",
        year=five_seasons,
    ),
    Module(
        "unique_opportunities",
        "one central-board place covered each round by a Unique Opportunity board",
        "Festival Season › Unique Opportunities",
        requires=("five_seasons",),
        year=unique_opportunities,
        # the Pet deck too: "the foul little beasts can still sneak into the game via a unique opportunity"
        catalog={**OPPORTUNITY_BOARDS, **PET_DECK},
        score_lines=(*PET_SHOW, *FOYER),
    ),
    Module(
        "festival",
        "the Festival in the fifth round: secret imp bids for the Year's opportunity boards",
        "Festival Season › Festival!",
        requires=("five_seasons", "unique_opportunities"),  # "Without opportunities there is no Festival"
        year=festival,
    ),
    Module(
        "pets",
        "the Pet Phase, the pet draft and the pet show (a provisional deck of stand-ins)",
        "Festival Season › Pets",
        year=pets,
        catalog=PET_DECK,
        score_lines=PET_SHOW,
    ),
    Module(
        "bards",
        "bards, the Bard Step and Courage tokens (provisional tiles)",
        "Festival Season › New Adventurers › Bards",
        catalog=BARDS,
    ),
    Module(
        "new_components",
        "the new monsters (Cockatrice, Evil Eye, Elderbeast) and rooms (Bakery, Violet Lounge, Hall of Chaos) "
        "in the Year stacks (provisional numbers)",
        "Festival Season › New Adventurers, Rooms, And Monsters; › Appendix",
        catalog=NEW_COMPONENTS,
    ),
    Module(
        "paladin_pair",
        "two paladins a Year, the elf and the dwarf (leave it out for the base game's single paladin)",
        "Festival Season › New Paladins",
        year=paladin_pair,
        catalog=PALADIN_TILES,
    ),
    Module(
        "three_paladins",
        "the variant: the base game's paladin joins the pair each Year",
        "Festival Season › Three Paladins Variant",
        requires=("paladin_pair",),
        year=three_paladins,
    ),
    Module(
        "no_pets",
        "the variant without pets: the Acquire Pet board is left out of the Unique Opportunities",
        "Festival Season › Combining Variants › Pets",
        requires=("unique_opportunities",),
        excludes=("pets",),
        year=no_pets,
    ),
    Module(
        "beginners",
        "the beginners' variant: 4 Combat Cards and Combat rounds a Year, adventurers from round 3",
        "Festival Season › Beginners' Variant",
        requires=("five_seasons",),
        year=beginners,
    ),
)
for _module in MODULES:
    register_module(_module)

#: ``--ruleset festival``: the whole expansion as the rulebook plays it
VARIANTS = ("three_paladins", "no_pets", "beginners")  # switches a table adds to the whole expansion
register_ruleset("festival", tuple(m.name for m in MODULES if m.name not in VARIANTS))
#: ``--ruleset four_seasons`` (Festival Season › Four Seasons): the base game's four-round Year with the new
#: adventurers, monsters and rooms mixed in
register_ruleset("four_seasons", ("new_components", "bards"))
