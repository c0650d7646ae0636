"""Determinization: a copy of the state with what one seat's view hides drawn anew (the search bot's
``determinize(state, seat, rng)`` hook, :mod:`domain.kernel.search`).

:func:`~.views.view` hides, in the standard variant (rulebook › Set-up: keep your personal supply hidden
until the end), the other players' gold and gems and the general supply's split, and in digital play the
seed. Every piece paid or taken happens on the table but a humanoid bonus's type (rulebook › Leave: the
bonus; ``audit.visible_event`` hides only its treasure), so what stays secret is how each hidden supply
splits between gold and gems, not how many pieces it holds. Redealt here: the gold and gems of the other
players' supplies and the general supply are pooled and dealt again, each supply keeping its number of
pieces; every type's count is conserved (what :func:`~.invariants.problems` checks). The seat's own supply,
the Pool, the Support and everything else are left as they are: ``view(result, seat) == view(state, seat)``.
"""

from __future__ import annotations

import random

from .catalog import TREASURES
from .state import GameState, clone


def determinize(state: GameState, seat: str, rng: random.Random) -> GameState:
    """A copy of ``state`` that ``seat`` cannot tell from it (the same view), the hidden supplies' split
    dealt anew by ``rng``; ``state`` is not changed. Raises KeyError if ``seat`` is not a seat."""
    state.player(seat)
    out = clone(state)
    if out.phase == "over":
        return out
    if out.mode == "digital":
        out.seed = rng.getrandbits(63)
    if out.variant == "open_treasure":
        return out
    others = [p for p in out.players if p.seat != seat]
    pieces = [t for t in TREASURES for _ in range(out.supply.get(t, 0) + sum(getattr(p, t) for p in others))]
    rng.shuffle(pieces)  # the same pieces in the same order for any split: one multiset
    for p in others:
        n = p.treasure
        dealt, pieces = pieces[:n], pieces[n:]
        for t in TREASURES:
            setattr(p, t, dealt.count(t))
    out.supply = {t: pieces.count(t) for t in out.supply}
    return out
