"""The parts of ``status`` that Combat and Festival Season's components add: the battle being fought (the Bard
Step's Courage tokens, damage, what is still to come) and each player's pets, trained imps and installed traps.
Lines of text; ``render.status_table`` prints them."""

from __future__ import annotations

from domain.games.dungeon_lords.phases.combat import line
from domain.games.dungeon_lords.state import GameState, Player
from domain.games.dungeon_lords.views import HIDDEN

from ...i18n import _
from .words import name_of


def player_extras(state: GameState, p: Player) -> list[str]:
    """Festival Season's pieces beside ``p``'s board (none in the base game); hidden pets as a count."""
    out = []
    if p.pets or p.pets_used:
        shown = [x for x in p.pets if x != HIDDEN]
        face_down = ", ".join(shown) if len(shown) == len(p.pets) else _("{n} face down").format(n=len(p.pets))
        used = "   " + _("used: {pets}").format(pets=", ".join(p.pets_used)) if p.pets_used else ""
        out.append("  " + _("pets: {pets}").format(pets=face_down or "-") + used)
    if p.trained:
        out.append("  " + _("imps in the Training Room: {n} (not available; kept each round)").format(n=p.trained))
    if p.installed:
        at = _("{room} at {square}")
        out.append(
            "  "
            + _("installed traps: ")
            + ", ".join(at.format(room=name_of(state, t), square=sq) for sq, t in p.installed.items())
        )
    return out


def battle_lines(state: GameState) -> list[str]:
    """The battle being fought: where, the party front first with damage and Courage tokens, what is left."""
    b = state.battle
    if b is None:
        return []
    p = state.player(b.color)
    where = name_of(state, b.room) if b.room else _("a tunnel")
    out = [
        _("[bold]Battle[/] (Combat round {n}): {color}'s {where} at {square}").format(
            n=state.combat_round, color=b.color, where=where, square=f"{b.tile[0]},{b.tile[1]}"
        )
    ]
    party = []
    for who in line(state, p):
        damage = p.damage.get(who, 0)
        tokens = b.courage_tokens.get(who, 0)
        party.append(
            name_of(state, who)
            + (" " + _("{n} damage").format(n=damage) if damage else "")
            + (" " + _("{n} Courage").format(n=tokens) if tokens else "")
        )
    out.append("  " + _("party, front first: ") + "; ".join(party))
    if b.bard_done:
        tokens_given = ", ".join(f"{k} +{v}" for k, v in b.courage_tokens.items()) or _("no token")
        out.append("  " + _("Bard Step done: ") + tokens_given)
    left = [
        _("traps {n}").format(n=len(b.traps)) if b.traps else "",
        _("monsters {names}").format(names=", ".join(b.monsters)) if b.monsters else "",
    ]
    if any(left):
        out.append("  " + _("still to come: ") + "; ".join(x for x in left if x))
    return out
