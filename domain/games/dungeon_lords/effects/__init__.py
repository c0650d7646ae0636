"""Card effects looked up by id: spells by Combat Card id, traps by their catalog targeting and special.

A card's numbers are catalog data; what it *does* is a small function registered here by id (the
design's "a card's effect is a small function registered by its id next to its data"). The combat
steps (``phases/combat.py``) look effects up and never branch on a card id. See
``docs/adding-a-module.md`` for adding a trap.

    SPELLS          Combat Card id -> (SpellContext) -> the effect dict recorded in ``SpellCast``
    TRAP_TARGETING  targeting kind -> (TrapContext) -> [(who, damage), ...] before disarming
    TRAP_SPECIALS   special id -> TrapSpecial: a plan that replaces the targeting's, and/or effects
"""

from __future__ import annotations

from . import spells, traps  # each module registers its effects
from .registry import (
    SPELLS,
    TRAP_SPECIALS,
    TRAP_TARGETING,
    SpellContext,
    TrapContext,
    TrapSpecial,
    spell,
    targeting,
    trap_special,
)

__all__ = ["SPELLS", "TRAP_SPECIALS", "TRAP_TARGETING", "SpellContext", "TrapContext", "TrapSpecial"]
__all__ += ["spell", "spells", "targeting", "trap_special", "traps"]
