"""What an option costs and yields its player, worked out from the events it decides to (no rule restated).

The option's own events (``Pending.handle``: a :class:`~domain.kernel.pending.DecidedOptions` hands back
those it kept when the options were listed) are applied to a copy of the state, and the acting player's
resources before and after are compared. What the game does next on its own (the next step, another
player's turn) is not the option's and is left out.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Pending, RuleViolation

from .engine import RULES
from .state import GameState, Player

# the player's counts an option can change, in the order shown, with their words
RESOURCES: tuple[tuple[str, str], ...] = (
    ("gold", "gold"),
    ("food", "food"),
    ("imps", "imp(s)"),
    ("imps_busy", "imp(s) at work this round"),
    ("evil", "Evil"),
    ("traps", "trap card(s)"),
    ("red_marks", "red mark(s)"),
)


def _counts(p: Player) -> dict[str, int]:
    return {k: len(v) if isinstance(v := getattr(p, k), list) else int(v) for k, _ in RESOURCES}


def option_effect(state: GameState, pending: Pending, command: Any) -> dict[str, int]:
    """The change the option ``command`` of ``pending`` makes to its player's counts, as ``{resource:
    signed change}`` for each count that changes (gold, food, imps, imps_busy, evil, traps = trap cards
    in hand, red_marks); ``{}`` for a command without a player, one refused, or one that changes none of them.
    ``state`` is not changed."""
    color = getattr(command, "player", None)
    before = next((p for p in state.players if p.color == color), None)
    if before is None or pending.handle is None:
        return {}
    try:
        events = pending.handle(state, command)
    except RuleViolation:
        return {}
    work = RULES.clone(state)
    for e in events:
        work = RULES.apply(work, e, [])
    after = next(p for p in work.players if p.color == color)
    was, now = _counts(before), _counts(after)
    return {k: now[k] - was[k] for k, _ in RESOURCES if now[k] != was[k]}


def effect_text(effect: dict[str, int]) -> str:
    """An option's effect in words: ``"-3 gold, -1 food, +1 Evil"``; ``""`` when it changes nothing."""
    words = dict(RESOURCES)
    return ", ".join(f"{v:+d} {words[k]}" for k, v in effect.items())


def describe_effect(state: GameState, pending: Pending, command: Any) -> str:
    """:func:`option_effect` in words (what a button and the CLI's options table show beside an option)."""
    return effect_text(option_effect(state, pending, command))
