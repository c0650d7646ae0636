"""Spells by Combat Card id (Rulebook › Fast Spells Step / Slow Spells Step; Appendix › Combat Cards).
Each returns the effect recorded in ``SpellCast.effect``; the fold applies it. Cards not listed here
have no spell effect (their text is unknown: the catalog marks them provisional)."""

from __future__ import annotations

from typing import Any

from ..phases import party
from ..phases.common import clamp_evil, is_monster
from .registry import SpellContext, spell


@spell("invisibility")
def invisibility(s: SpellContext) -> dict[str, Any]:
    return {"invisible": True}


@spell("magic_shield")
def magic_shield(s: SpellContext) -> dict[str, Any]:
    return {"shield": 1}


@spell("fist_of_justice")
def fist_of_justice(s: SpellContext) -> dict[str, Any]:
    return {"imps": -min(1, s.player.imps)}


@spell("detect_treasure")
def detect_treasure(s: SpellContext) -> dict[str, Any]:
    p = s.player
    if p.gold:
        return {"gold": -1}
    if p.food:
        return {"food": -1}
    if p.traps:
        return {"trap_lost": sorted(p.traps)[0]}  # Engine choice: the lowest-id card (the lord has no say)
    return {}


@spell("detect_evil")
def detect_evil(s: SpellContext) -> dict[str, Any]:
    return {"evil": clamp_evil(s.player.evil + 2) - s.player.evil}


def _monster_choice(s: SpellContext) -> dict[str, Any]:
    """The lord chooses, monster by monster (ghosts and pets are not affected): a SpellChoice follows."""
    todo = [m for m in s.battle.monsters if is_monster(s.state, m)]
    return {"choice": {"card": s.card, "todo": todo}} if todo else {}


for _card in ("suggestion", "aura_of_fear", "metamorphosis", "dimensional_gate"):
    spell(_card)(_monster_choice)


@spell("word_of_peace")
def word_of_peace(s: SpellContext) -> dict[str, Any]:
    return {"choice": {"card": s.card, "todo": []}}


@spell("blind_rage")
def blind_rage(s: SpellContext) -> dict[str, Any]:
    return {"rage": True}


@spell("illusion")
def illusion(s: SpellContext) -> dict[str, Any]:
    return {"illusion": 1}


@spell("create_food")
def create_food(s: SpellContext) -> dict[str, Any]:
    # CGE FAQ: the token goes on the first adventurer of the party, even when that is an Illusion.
    return {"fed": s.party[0]} if s.party else {}


@spell("regeneration")
def regeneration(s: SpellContext) -> dict[str, Any]:
    wounded = next((w for w in s.party if party.damage_on(s.state, s.player, w)), None)
    return {"healed": {wounded: party.damage_on(s.state, s.player, wounded)}} if wounded else {}


@spell("song_of_courage")
def song_of_courage(s: SpellContext) -> dict[str, Any]:
    return {"courage": True}


@spell("magic_key")
def magic_key(s: SpellContext) -> dict[str, Any]:
    return {"magic_key": True}
