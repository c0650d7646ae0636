"""Monster Inn's commands and events in words (the log, corrections, audits and the options table)."""

from __future__ import annotations

from typing import Any

from domain.kernel.text import printable

from .commands import ExchangeTreasure, Leave, NoSupport, RecordDraw, Remain, Support, TakeBonus

_TREASURE = {"gold": "a Gold Coin", "gem": "a Gem"}


def describe_command(c: Any) -> str:
    """``"remains with a Gem"``, ``"leaves with the Pool..."``, ``"draw m2,h6-10,m9"`` (who: said beside it)."""
    if isinstance(c, Remain):
        return f"remains with {_TREASURE[c.treasure]}"
    if isinstance(c, ExchangeTreasure):
        return "remains by a Treasure Exchange"
    if isinstance(c, Leave):
        return "leaves with the Pool and the leftmost creature"
    if isinstance(c, TakeBonus):
        return f"takes {_TREASURE[c.treasure]} as the humanoid bonus"
    if isinstance(c, Support):
        return f"supports {c.monster} with {_TREASURE[c.treasure]}"
    if isinstance(c, NoSupport):
        return "asks for no Support"
    if isinstance(c, RecordDraw):
        return "draw " + ",".join(c.cards)
    return str(c)


def describe(x: Any) -> str:
    """An event or a command (or its JSON form) in words."""
    data = x if isinstance(x, dict) else x.model_dump(mode="json")
    kind = str(data.get("type") or getattr(x, "type", type(x).__name__))
    fields = ", ".join(f"{k} {v}" for k, v in data.items() if k not in ("type", "results", "state"))
    if kind == "GameStarted":
        seats = ", ".join(f"{p['seat']} {p['name']}" for p in data["players"])
        fields = f"{seats}; {data['variant']}, {data['mode']}, starting {data['starting_player']}, seed {data['seed']}"
    elif kind == "InputUndone":
        fields = f"{data['player']} took back events {data['first']}-{data['last']} ({data['description']})"
    elif kind == "InputCorrected":
        fields = f"event {data['first']}: {data['was']} -> {data['now']}; {data['reapplied']} later input(s) re-applied"
    elif kind == "GameScored":
        fields = "; ".join(
            f"{r['seat']} {r['fame']} Fame" + (" (winner)" if r["winner"] else "") for r in data["results"]
        )
    return printable(f"{kind}: {fields}" if fields else kind)  # a stored reason never drives a terminal
