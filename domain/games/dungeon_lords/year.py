"""A game's Year plan: the base game's (:data:`.plan.BASE_YEAR`) as the rules modules the game records edit
it, in the order :mod:`.ruleset` registers them. The plan's types live in :mod:`.plan` (re-exported here), so
that a module can name the plan it edits without importing this composition, which reads the registry.
"""

from __future__ import annotations

from functools import lru_cache

from .plan import BASE_YEAR, Step, YearPlan, always, insert_step, not_first_round
from .ruleset import MODULES, canonical
from .state import GameState

__all__ = ["BASE_YEAR", "Step", "YearPlan", "always", "insert_step", "not_first_round", "plan_for", "year_plan"]


def year_plan(state: GameState) -> YearPlan:
    """The plan this game runs by: the base game's, as the game's recorded rules modules edit it."""
    return plan_for(tuple(state.modules)) if state.modules else BASE_YEAR


@lru_cache(maxsize=64)
def plan_for(modules: tuple[str, ...]) -> YearPlan:
    """The base Year as ``modules`` edit it, in the order they are registered (:mod:`.ruleset`).

    Raises:
        KeyError: a module nobody registered (set-up refuses those first).
    """
    plan = BASE_YEAR
    for name in canonical(modules):
        edit = MODULES[name].year
        if edit is not None:
            plan = edit(plan)
    return plan
