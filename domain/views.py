"""What one player could see: ``view(state, color)`` (design §4).

The stored log is omniscient; a view hides other players' secret orders, trap cards and spied
cards, the Combat Cards this player has not spied, unrevealed Special Event Cards, the face-down
trap deck and discards, the box, and the RNG seed (which would predict every draw).
"""
from __future__ import annotations

from typing import Any

from .state import GameState, to_dict

HIDDEN = "hidden"


def view(state: GameState, color: str | None) -> dict[str, Any]:
    """The state as a JSON-native dict; ``color=None`` gives the omniscient state."""
    d = to_dict(state)
    if color is None:
        return d
    d["seed"] = HIDDEN
    for p in d["players"]:
        if p["color"] == color:
            continue
        shown = p["revealed"]
        p["orders"] = p["orders"][:shown] + [HIDDEN] * (len(p["orders"]) - shown)
        p["nonplayer_order"] = HIDDEN if p["nonplayer_order"] else None
        p["traps"] = [HIDDEN] * len(p["traps"])
        p["spied"] = {k: HIDDEN for k in p["spied"]}
        p["setup_draw"] = [HIDDEN] * len(p["setup_draw"])
        if p.get("plan") and "traps" in p["plan"]:        # traps are planned face down
            p["plan"]["traps"] = [HIDDEN] * len(p["plan"]["traps"])
    if d.get("battle") and d["battle"]["color"] != color:
        d["battle"]["traps"] = [HIDDEN] * len(d["battle"]["traps"])
    me = next((p for p in state.players if p.color == color), None)
    spied = me.spied if me else {}
    b = d["board"]
    b["combat_cards"] = [spied.get(str(i + 1), HIDDEN) for i in range(len(b["combat_cards"]))]
    b["next_combat_cards"] = [HIDDEN] * len(b["next_combat_cards"])
    b["special_events"] = {y: (c if state.board.special_revealed.get(y) else HIDDEN)
                           for y, c in b["special_events"].items()}
    b["trap_deck"] = [HIDDEN] * len(b["trap_deck"])
    b["trap_discard"] = [HIDDEN] * len(b["trap_discard"])
    b["box"] = {k: [HIDDEN] * len(v) for k, v in b["box"].items()}
    for stack in ("monster_stack", "room_stack", "adventurer_stack"):
        b[stack] = {y: [HIDDEN] * len(v) for y, v in b[stack].items()}
    b["adventurer_bottom"] = [HIDDEN] * len(b["adventurer_bottom"])
    return d
