"""The parts of ``status`` that Combat and Festival Season's components add: the battle being fought (the Bard
Step's Courage tokens, damage, what is still to come) and each player's pets, trained imps and installed traps.
Lines of text; ``render.status_table`` prints them."""

from __future__ import annotations

from domain.games.dungeon_lords.phases.combat import line
from domain.games.dungeon_lords.phases.common import name_of
from domain.games.dungeon_lords.state import GameState, Player
from domain.games.dungeon_lords.views import HIDDEN


def player_extras(state: GameState, p: Player) -> list[str]:
    """Festival Season's pieces beside ``p``'s board (none in the base game); hidden pets as a count."""
    out = []
    if p.pets or p.pets_used:
        shown = [x for x in p.pets if x != HIDDEN]
        face_down = ", ".join(shown) if len(shown) == len(p.pets) else f"{len(p.pets)} face down"
        out.append(f"  pets: {face_down or '-'}" + (f"   used: {', '.join(p.pets_used)}" if p.pets_used else ""))
    if p.trained:
        out.append(f"  imps in the Training Room: {p.trained} (not available; kept each round)")
    if p.installed:
        out.append("  installed traps: " + ", ".join(f"{name_of(state, t)} at {sq}" for sq, t in p.installed.items()))
    return out


def battle_lines(state: GameState) -> list[str]:
    """The battle being fought: where, the party front first with damage and Courage tokens, what is left."""
    b = state.battle
    if b is None:
        return []
    p = state.player(b.color)
    where = name_of(state, b.room) if b.room else "a tunnel"
    out = [f"[bold]Battle[/] (Combat round {state.combat_round}): {b.color}'s {where} at {b.tile[0]},{b.tile[1]}"]
    party = []
    for who in line(state, p):
        damage = p.damage.get(who, 0)
        tokens = b.courage_tokens.get(who, 0)
        party.append(
            name_of(state, who) + (f" {damage} damage" if damage else "") + (f" {tokens} Courage" if tokens else "")
        )
    out.append("  party, front first: " + "; ".join(party))
    if b.bard_done:
        out.append("  Bard Step done: " + (", ".join(f"{k} +{v}" for k, v in b.courage_tokens.items()) or "no token"))
    left = [f"traps {len(b.traps)}" if b.traps else "", "monsters " + ", ".join(b.monsters) if b.monsters else ""]
    if any(left):
        out.append("  still to come: " + "; ".join(x for x in left if x))
    return out
