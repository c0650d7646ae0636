"""The central-board locations, one module each, looked up by action id in :data:`ACTIONS`.

A location is a small set of functions registered with :func:`location`: the command that carries it
out, the candidate commands (the options are those its ``decide`` accepts), ``decide`` (validate and
return the events; raises RuleViolation) and ``why_not`` (the reason a typical attempt fails, said when
an order is declined automatically). A location may also register ``check`` (raises exactly when ``decide``
would, building no events; ``decide`` calls it first) and ``build`` (its candidates are then cheap specs and
``build`` makes the command of the option taken): the options are then listed by checking the candidates,
and only the option taken is decided and built (issue #35). Its numbers (costs, rewards, permits, spaces)
are catalog data: ``space_spec(state, placement)``. The resolution loop (board order, space order, declining) is the
Actions phase's (``phases/actions.py``); it never asks which location it is running.

Adding a location (an expansion's Unique Opportunity, say): its entry in the catalog's ``actions`` and
one module here (or in the expansion) with a ``@location("id", Command)`` function. See
``docs/adding-a-module.md``.
"""

from __future__ import annotations

from . import (  # each module registers its location
    build_room,
    dig_tunnels,
    hire_monster,
    improve_reputation,
    mine_gold,
    pay_and_take,
)
from .registry import (
    ACTIONS,
    ActionRules,
    acting,
    action_name,
    cannot_pay,
    location,
    location_commands,
    rules_for,
    space_spec,
)

__all__ = [
    "ACTIONS",
    "ActionRules",
    "acting",
    "location_commands",
    "action_name",
    "cannot_pay",
    "location",
    "rules_for",
    "space_spec",
]
__all__ += ["build_room", "dig_tunnels", "hire_monster", "improve_reputation", "mine_gold", "pay_and_take"]
