"""Bots for Monster Inn: policies over ``pending``'s legal options (legal by construction).

- ``random``: uniform among the options.
- ``budgeted``: values the leftmost creature (a monster's skulls, more for a kind it can support; a
  humanoid by the risk its back range carries) against what the Pool already holds, and Remains while
  the creature after it is worth more than the treasure it would spend.
- ``early_leaver``: takes the first creature it is offered unless it is a strong humanoid and the Pool
  is empty; never spends on Support.
"""

from __future__ import annotations

import random
from typing import Any

from domain.kernel import Pending, random_bot

from .catalog import Monster
from .commands import ExchangeTreasure, Leave, NoSupport, Remain, Support, TakeBonus
from .inn import is_monster
from .state import GameState


def _worth(state: GameState, seat: str, token: str) -> float:
    """What a creature is worth to ``seat`` in Fame, roughly: a monster its skulls (plus half a point
    when it gives Support); a humanoid costs more the higher its back range (it may beat a monster)."""
    cat = state.catalog
    card = cat.card(token) if is_monster(token) else None
    if isinstance(card, Monster):
        kinds = [getattr(cat.card(m.card), "kind", "") for m in state.player(seat).monsters]
        return card.skulls + (0.5 if card.kind in kinds else 0.0)
    low = int(token[1:].split("-")[0])
    return 0.5 - low / 10  # the bonus treasure, less the risk


def budgeted(state: GameState, p: Pending, actor: str, rng: random.Random) -> Any:
    """Remains while the next creature is worth more than the treasure spent; Supports with spare pieces."""
    options = p.options(actor)
    if p.kind == "turn":
        leave = next(o for o in options if isinstance(o, Leave))
        remain = [o for o in options if isinstance(o, Remain)]
        here = _worth(state, actor, state.inn[0]) + state.pool / 3
        later = max((_worth(state, actor, t) for t in state.inn[1:]), default=-9.0)
        if remain and later - 1 / 3 > here:
            me = state.player(actor)
            return max(remain, key=lambda o: getattr(me, o.treasure))
        return leave
    if p.kind == "support":
        supports = [o for o in options if isinstance(o, Support)]
        me = state.player(actor)
        if supports and me.treasure % 3 != 0:  # a spare piece that would not make a Fame point
            return supports[-1]
        return next(o for o in options if isinstance(o, NoSupport))
    if p.kind == "bonus":
        me = state.player(actor)
        return min(options, key=lambda o: getattr(me, o.treasure))
    return random_bot(state, p, actor, rng)


def early_leaver(state: GameState, p: Pending, actor: str, rng: random.Random) -> Any:
    """Takes the first creature offered unless it is a strong humanoid and the Pool is empty; no Support."""
    options = p.options(actor)
    if p.kind == "turn":
        leave = next(o for o in options if isinstance(o, Leave))
        remain = [o for o in options if isinstance(o, (Remain, ExchangeTreasure))]
        strong_humanoid = not is_monster(state.inn[0]) and int(state.inn[0][1:].split("-")[0]) >= 11
        return remain[0] if remain and strong_humanoid and not state.pool else leave
    if p.kind == "support":
        return next(o for o in options if isinstance(o, NoSupport))
    if p.kind == "bonus":
        return next(o for o in options if isinstance(o, TakeBonus))
    return random_bot(state, p, actor, rng)


BOTS = {"random": random_bot, "budgeted": budgeted, "early_leaver": early_leaver}
