"""What a catalog names must have its rules registered: every central-board location an entry in
``actions.ACTIONS``, every trap targeting and special an entry in ``effects``. A game whose catalog
names one that nobody registered is refused at set-up (SETUP_INVALID), not halfway through."""

from __future__ import annotations

from typing import Any

from .actions import ACTIONS
from .catalog import Catalog, catalog_with, override_problem
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


def playable_catalog(overrides: dict[str, Any] | None, overlays: tuple[dict[str, Any], ...] = ()) -> Catalog:
    """The catalog a new game (or scenario) plays with: the shipped one with the rules modules'
    ``overlays`` and a table's ``overrides``, every location and trap effect it names registered.

    Raises:
        ValueError: one line saying why (an override that does not fit, or a rule nobody registered).
    """
    try:
        cat = catalog_with(overrides, overlays)
    except ValueError as exc:  # pydantic's ValidationError is a ValueError
        raise ValueError(f"the catalog overrides do not fit the catalog: {override_problem(exc)}") from None
    missing = unregistered(cat)
    if missing:
        raise ValueError(f"the catalog names rules nobody registered: {missing[0]}")
    return cat
