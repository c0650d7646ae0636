"""Traps: who a trap hits (its catalog ``targeting``) and its special rules (Rulebook › Trap Step;
Notes on Selected Traps; CGE FAQ: anti-trap symbols stop damage only, specials always apply)."""

from __future__ import annotations

from ..phases import party
from .registry import Plan, TrapContext, TrapSpecial, targeting, trap_special


@targeting("first")
def first(t: TrapContext) -> Plan:
    return [(t.party[0], t.damage)]


@targeting("second")
def second(t: TrapContext) -> Plan:
    return [(t.party[1], t.damage)] if len(t.party) > 1 else []  # catalog: no effect with one adventurer


@targeting("anyone")
def anyone(t: TrapContext) -> Plan:
    assert t.target is not None  # the owner aims it (TargetTrap) before it springs
    return [(t.target, t.damage)]


@targeting("everyone")
def everyone(t: TrapContext) -> Plan:
    return [(w, t.damage) for w in t.party]


@targeting("everyone_plus_last")
def everyone_plus_last(t: TrapContext) -> Plan:
    return [(w, t.damage + (1 if i == len(t.party) - 1 else 0)) for i, w in enumerate(t.party)]


@targeting("first_plus_others")
def first_plus_others(t: TrapContext) -> Plan:
    return [(t.party[0], t.damage)] + [(w, 1) for w in t.party[1:]]


def _anti_magic(t: TrapContext) -> list[str]:
    kind = party.profession(t.state, t.target) if t.target is not None else ""
    return ["no_spell" if kind == "wizard" else "no_heal" if kind == "priest" else "anti_magic_no_effect"]


# the first in line takes damage equal to his hit points
trap_special(
    "damage_equals_hit_points",
    TrapSpecial(plan=lambda t: [(t.party[0], party.stats(t.state, t.player, t.party[0])[0])]),
)
trap_special("no_conquer", TrapSpecial(effects=lambda t: ["no_conquer"]))
trap_special("poison_2", TrapSpecial(effects=lambda t: [f"poison:{t.target}"]))
trap_special("anti_magic", TrapSpecial(effects=_anti_magic))
