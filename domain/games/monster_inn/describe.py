"""Monster Inn's commands in words (labels in the log, in corrections and in the options table)."""

from __future__ import annotations

from typing import Any

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
