"""The party in a dungeon during Combat: who stands where (:func:`line`), each member's numbers
(:func:`stats`), the party's symbols and the damage on a member; and the battle being fought.

Shared by the Combat phase (:mod:`.combat`) and the card effects (``effects/``), which import this module and
not the phase (so neither imports the other).
"""

from __future__ import annotations

from typing import Any

from ..state import Battle, GameState, Player
from .common import catalog, paladin, paladin_with

ILLUSION = "illusion"


def line(state: GameState, p: Player) -> list[str]:
    """The party front first: an Illusion, the paladin, then the adventurers. Under Invisibility the
    wizards stand at the back."""
    out = [ILLUSION] if p.illusion else []
    pal = paladin_with(state, p.color)
    if pal is not None:
        out.append(pal.id)
    out += p.party
    b = state.battle
    if b and b.color == p.color and b.invisible:
        wizards = [a for a in out if profession(state, a) == "wizard"]
        out = [a for a in out if a not in wizards] + wizards
    if b and b.hypnotized and b.color == p.color and b.monsters and b.hypnotized in out:
        # Festival Season's Evil Eye: at the very front until the Monsters Step ends (then the paladin and
        # an Illusion step back in front of him; he stays first of the adventurers: ``Player.party``)
        out.remove(b.hypnotized)
        out.insert(0, b.hypnotized)
    return out


def in_battle(state: GameState) -> Battle:
    """The battle being fought (the battle steps run only inside one)."""
    assert state.battle is not None, "a battle step outside a battle"
    return state.battle


def revealed_card(state: GameState) -> str:
    """This Combat round's revealed Combat Card (the battle steps run after the reveal)."""
    assert state.combat_card is not None, "a battle step before the Combat Card is revealed"
    return state.combat_card


def spell_choice(state: GameState) -> dict[str, Any]:
    """The spell's pending choice: ``{"card", "todo"}``."""
    choice = in_battle(state).choice
    assert choice is not None, "a spell choice with none pending"
    return choice


def profession(state: GameState, who: str) -> str:
    """The profession of a member of the party: "illusion", "paladin", or an adventurer's (catalog)."""
    if who == ILLUSION:
        return "illusion"
    cat = catalog(state)
    return "paladin" if who in cat.paladins else cat.adventurers[who].profession


def stats(state: GameState, p: Player, who: str) -> tuple[int, int, int, int]:
    """(hit points, disarm, heal, magic) of one member of the party."""
    if who == ILLUSION:
        return 1 + (1 if ILLUSION in p.fed else 0), 0, 0, 0
    cat = catalog(state)
    a = cat.paladins.get(who) or cat.adventurers[who]
    return a.hit_points + (1 if who in p.fed else 0), a.disarm, a.heal, a.magic


DISARM, HEAL, MAGIC = 1, 2, 3  # places in :func:`stats`


def party_total(state: GameState, p: Player, order: list[str], symbol: int) -> int:
    """The party's disarm, heal or magic (``symbol``): its members' sum, less the battle room's
    ``party_symbols_minus`` (Festival Season › Hall of Chaos: "1 fewer of each", minimum 0)."""
    total = sum(stats(state, p, w)[symbol] for w in order)
    b = state.battle
    if b is None or b.room is None:
        return total
    return max(0, total - catalog(state).rooms[b.room].party_symbols_minus)


def damage_on(state: GameState, p: Player, who: str) -> int:
    """The damage counters on ``who`` (a paladin's own, or an adventurer's in ``p``'s dungeon)."""
    pal = paladin(state, who)
    return pal.damage if pal is not None else p.damage.get(who, 0)
