"""Bards and Courage: adventurers who sing the party brave.

Festival Season (CGE 2012) › New Adventurers › Bards; › The Bard Step; › Courage; › Courage Is Temporary;
› Mourning. Spec items AD-01..AD-08, CB-02, CB-03, CB-07 (Courage removed first).

- AD-02 / AD-03: bards are shuffled into the adventurer stacks (the module's catalog overlay) and assigned
  like any adventurer; a new bard takes the last space, the others fill the spaces ahead of the bards, a
  warrior still goes to the front (``phases/adventurers.py``).
- AD-04: each battle begins with the Bard Step: each bard gives a Courage token per effective lute to the
  adventurers front to back (paladins skipped), each bard from the front again; lutes beyond the
  adventurers are lost (provisional, spec U-28).
- AD-05 Mourning: a bard has 1 lute fewer per adventurer (paladins excepted) captured from this party in
  this Combat (``Player.mourning``).
- AD-06: a token cancels a Damage Counter, for any reason, after disarm, Magic Shield and Invisibility
  (provisional U-29); AD-07: all tokens are removed before the Conquering Step (fatigue and poison meet none).

The Bard Step and Courage are base combat steps that do nothing without bards (``phases/combat.py``): this
module brings the bards. Provisional (spec U-14): 4 bards a Year; hit points, lutes and glyph ranks copy
the thieves' lines (the rulebook prints none; a Z-Man preview says 1 to 3 lutes).
"""

from __future__ import annotations

from typing import Any

SOURCE = "Festival Season rulebook › New Adventurers › Bards"
_U14 = (
    "A bard's hit points, lutes and glyph were never printed in the rulebook: provisional, spec U-14 (the "
    "thieves' lines; 1 to 3 lutes per a Z-Man preview)."
)

# year -> (hit points, lutes, glyph rank) of bards a..d (spec U-14)
LINES = {1: ((3, 1, 1), (3, 2, 2), (4, 1, 2), (4, 2, 3)), 2: ((4, 2, 1), (5, 2, 2), (5, 3, 3), (6, 3, 4))}

#: the bards, in the catalog's override format (the ``bards`` module's overlay)
CATALOG: dict[str, Any] = {
    "adventurers": [
        {
            "id": f"bard_y{year}_{letter}",
            "year": year,
            "profession": "bard",
            "hit_points": hp,
            "disarm": 0,
            "heal": 0,
            "magic": 0,
            "glyph_rank": glyph,
            "lutes": lutes,
            "status": "provisional",
            "sources": [SOURCE],
            "notes": _U14,
        }
        for year, line in LINES.items()
        for letter, (hp, lutes, glyph) in zip("abcd", line, strict=True)
    ]
}
