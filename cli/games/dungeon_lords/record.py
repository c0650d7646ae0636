"""Dungeon Lords in the record loop (``cli/record.py`` asks through :mod:`cli.games`): a round's orders are
typed as cards, not picked among 120 numbered orderings."""

from __future__ import annotations

from typing import Any

from domain.service.names import list_command

from ...consoles import console


def _nonplayer(options: Any) -> list[str]:
    return sorted({o.nonplayer_order for o in options if o.nonplayer_order})


def record_hint(package: Any, p: Any, actor: str, options: Any) -> bool:
    """For the orders: the hand, numbered, and how to type three of them (True: nothing else to list)."""
    if p.kind != "choose_orders":
        return False
    hand = sorted({c for o in options for c in o.orders})
    extra = _nonplayer(options)
    console.print(
        f"  {actor}'s hand: {', '.join(f'{i} {c}' for i, c in enumerate(hand, 1))}"
        + (f"; non-player third order: {', '.join(extra)}" if extra else "")
    )
    console.print(
        "  type: FIRST SECOND THIRD"
        + (" NONPLAYER (ids)" if extra else " (names, prefixes or hand numbers: 'mine dig 3')")
        + f", or one option number 1..{len(options)}"
    )
    return True


def record_command(package: Any, state: Any, p: Any, actor: str, line: str) -> Any:
    """The orders typed as cards (names, prefixes or hand numbers; with a non-player colour, four ids); None
    for anything else (an option number, JSON, another decision). Raises RuleViolation."""
    if p.kind != "choose_orders" or line.isdigit() or line.startswith("{"):
        return None
    if not _nonplayer(p.options(actor)):
        return list_command(package, state, actor, line)
    words = line.split()
    return package.parse_command(
        {
            "type": "choose_orders",
            "player": actor,
            "orders": words[:3],
            "nonplayer_order": words[3] if len(words) > 3 else None,
        }
    )
