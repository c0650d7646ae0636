"""What a catalog names must have its rules registered: every central-board location an entry in
``actions.ACTIONS``, every trap targeting and special an entry in ``effects``. A game whose catalog
names one that nobody registered is refused at set-up (SETUP_INVALID), not halfway through."""

from __future__ import annotations

from .actions import ACTIONS
from .catalog import Catalog
from .effects import TRAP_SPECIALS, TRAP_TARGETING


def unregistered(cat: Catalog) -> list[str]:
    """One line per catalog entry whose rules no module registered; [] when every one is known."""
    out = [f"central-board location {a.id!r}" for a in cat.actions if a.id not in ACTIONS]
    for trap in cat.traps.values():
        for year, values in ((1, trap.year1), (2, trap.year2)):
            if values.targeting not in TRAP_TARGETING:
                out.append(f"trap {trap.id!r} (Year {year}) targeting {values.targeting!r}")
            if values.special is not None and values.special not in TRAP_SPECIALS:
                out.append(f"trap {trap.id!r} (Year {year}) special {values.special!r}")
    return out
