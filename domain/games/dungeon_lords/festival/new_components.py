"""The expansion's new monsters and rooms, shuffled into the Year stacks (Festival Season › New Adventurers,
Rooms, And Monsters; › Appendix). Spec items SU-08, YR-09, NC-M1..NC-M3, NC-R1..NC-R4, SC-07, CB-08.

This module is data: each component is a catalog entry in the base catalog's format, and what it does is a
value of the catalog's vocabulary that the base rules read wherever the component acts
(``catalog.models``: attack tags, ``cost_or``, ``or_output``, ``kind_bonus``, ``party_symbols_minus``,
``conquer_fatigue``). A table that knows a printed value replaces it with its catalog file.

- NC-M1 Cockatrice: 1 food or 1 Evil (``cost_or``, chosen at each payment); bites anyone for 1 and its
  poison does 1 more to the same adventurer at the end of the round, even if Courage took the bite
  (``poison_1``; provisional U-48: unpreventable, lost if the target is gone).
- NC-M2 Evil Eye: hypnotizes anyone in line (not an invisible wizard, provisional U-30): he moves to the
  very front, ahead of the paladin, and takes 3; at the end of the Monsters Step the paladin and an
  Illusion step back in front of him; he stays first of the adventurers for the rest of that Combat.
- NC-M3 Elderbeast: its cost includes 1 available imp, returned to the bank at each payment; sent into a
  battle, the Fast Spells Step is skipped; standard 3, then 1 on every adventurer (the first included).
- NC-R1 Bakery: 1 food or 1 Evil less at each use (``or_output``); rows 0-1.
- NC-R3 Violet Lounge: +2 per elderbeast, +1 per cockatrice, +1 per evil eye, unconquered (``kind_bonus``).
- NC-R4 Hall of Chaos: in a battle here the party has 1 less disarm, heal and magic (minimum 0, never
  fewer lutes), and takes 1 more fatigue when it conquers, an addition never doubled or halved.

- NC-R2 / SC-07 imp Training Room (``imp_training_room``; the base game's Training Room keeps its id): each
  Production Phase 1 available imp in or 1 out (Second Year 1 or 2, never both), kept each round
  (``Player.trained``, owned but not available, so the Lord of Imps counts them); in battle, each time the
  party accumulates fatigue, one may go back to the Imp Den for +1 fatigue (``AddTrainedImp``); conquered,
  its imps go back at once; lost imps come from the Imp Den first (provisional U-44).

Provisional (spec U-08..U-11, U-13): the copies and Years of the monsters, the Evil Eye's and the
Elderbeast's other costs, the Bakery's imps, the zone of the imp Training Room, the Year of the Violet
Lounge and the Hall of Chaos, and the Hall's three symbols.
"""

from __future__ import annotations

from typing import Any

SOURCE = "Festival Season rulebook › Appendix › New Monsters"
ROOMS = "Festival Season rulebook › Appendix › Rooms"
_U13 = "copies, Years and the cost beyond what the appendix prints are provisional (spec U-13)"
TOP_TWO_ROWS = [[r, c] for r in (0, 1) for c in range(5)]
EDGE = [[r, c] for r in range(4) for c in range(5) if r in (0, 3) or c in (0, 4)]  # the Workshop's ring


def _monster(mid: str, kind: str, name: str, year: int, copies: int, cost: dict, attack: dict, **more: Any):
    return {
        "id": mid,
        "kind": kind,
        "name": name,
        "year": year,
        "copies": copies,
        "is_ghost": False,
        "cost": cost,
        "attacks": [{"option": "A", "extra_cost": {}, **attack}],
        "abilities": more.pop("abilities", []),
        "status": "provisional",
        "sources": [SOURCE],
        **more,
    }


def _cockatrice(year: int, copies: int) -> dict:
    return _monster(
        f"cockatrice_y{year}",
        "cockatrice",
        "Cockatrice",
        year,
        copies,
        {"food": 1},
        {
            "kind": "anyone",
            "damage": 1,
            "tags": ["poison_1"],
            "effect": "1 damage to anyone; poison: 1 more to him at the end of the round.",
        },
        cost_or={"evil": 1},
        notes=f"Cost 1 food or 1 Evil and the bite and poison are printed; {_U13}. The poison cannot be "
        "prevented and is lost if the target was eliminated (provisional, spec U-48).",
    )


def _evil_eye(year: int) -> dict:
    return _monster(
        f"evil_eye_y{year}",
        "evil_eye",
        "Evil Eye",
        year,
        1,
        {"food": 1, "evil": 1},
        {
            "kind": "anyone",
            "damage": 3,
            "tags": ["hypnotize"],
            "effect": "Hypnotize anyone: he moves to the very front, ahead of the paladin, and takes 3.",
        },
        notes=f"The hypnotizing attack is printed; the cost (costed like the witch) and {_U13}. The reorder "
        "lasts for the rest of that Combat; an invisible wizard cannot be hypnotized (provisional, spec U-30).",
    )


ELDERBEAST = _monster(
    "elderbeast_y2",
    "elderbeast",
    "Elderbeast",
    2,
    1,
    {"food": 1, "evil": 1, "imps": 1},
    {
        "kind": "standard",
        "damage": 3,
        "tags": ["then_1_to_everyone"],
        "effect": "Standard 3, then 1 damage to each adventurer (the first included).",
    },
    abilities=["skips_fast_spells"],
    notes=f"The available imp in its cost, the skipped Fast Spells Step and the attack are printed; the food "
    f"and Evil of its cost and {_U13}.",
)

CATALOG: dict[str, Any] = {
    "monsters": [_cockatrice(1, 2), _evil_eye(1), _cockatrice(2, 1), _evil_eye(2), ELDERBEAST],
    "rooms": [
        {
            "id": "bakery",
            "name": "Bakery",
            "year": 1,
            "category": "production",
            "production": {"imps": 3, "output": "food", "or_output": "reputation"},
            "allowed_squares": TOP_TWO_ROWS,
            "effect": "3 imps: 1 food or 1 Evil less (the owner chooses at each use).",
            "status": "provisional",
            "sources": [ROOMS],
            "notes": "The choice of food or -1 Evil and the top two rows are printed; 3 imps (like the Chicken "
            "Coop and the Printing Press) and Year 1 are provisional (spec U-08).",
        },
        {
            "id": "imp_training_room",
            "name": "Training Room (imps)",
            "year": 1,
            "category": "production",
            "production": {"imps": 1, "output": "training"},
            "allowed_squares": EDGE,
            "effect": "Each Production Phase: send 1 available imp in or take 1 out (Second Year: 1 or 2, never "
            "both); they stay in the room each round. In battle, each time the party takes fatigue, return 1 for +1 "
            "fatigue. Conquered: its imps go back to the Imp Den.",
            "status": "provisional",
            "sources": [ROOMS],
            "notes": "The text is printed; its zone icon is lost: the edge of the dungeon, like the Workshop, and "
            "Year 1 as a production room (provisional, spec U-09). Its id differs from the base game's Training "
            "Room (a Year-2 combat room).",
        },
        {
            "id": "violet_lounge",
            "name": "Violet Lounge",
            "year": 2,
            "category": "scoring",
            "effect": "End of game, if unconquered: +2 per elderbeast, +1 per cockatrice and per evil eye.",
            "kind_bonus": {"elderbeast": 2, "cockatrice": 1, "evil_eye": 1},
            "status": "provisional",
            "sources": [ROOMS],
            "notes": "The points are printed; Year 2 is provisional (spec U-10).",
        },
        {
            "id": "hall_of_chaos",
            "name": "Hall of Chaos",
            "year": 2,
            "category": "combat",
            "effect": "Battles here: the party has 1 disarm, heal and magic less (minimum 0; not lutes) and "
            "takes 1 more fatigue when it conquers.",
            "party_symbols_minus": 1,
            "conquer_fatigue": 1,
            "status": "provisional",
            "sources": [ROOMS],
            "notes": "The icons of the three symbols are lost: disarm, heal and magic, the party's only other "
            "symbols (spec U-11); Year 2 is provisional (spec U-10). The +1 fatigue is printed.",
        },
    ],
}
