"""Invariants of a Monster Inn state: every component is somewhere exactly once (spec property:
components conserved), counts are never negative, the Inn and the rounds agree."""

from __future__ import annotations

from collections import Counter

from .catalog import TREASURES
from .inn import back_token, deck_tokens
from .state import GameState


def problems(state: GameState) -> list[str]:
    """Broken invariants, one line each ([] when all hold)."""
    out: list[str] = []
    cat = state.catalog
    where = Counter(state.deck) + Counter(state.inn)
    for p in state.players:
        where += Counter(m.card for m in p.monsters)
        where += Counter(back_token(h.back) for h in p.humanoids)
        if p.gold < 0 or p.gem < 0:
            out.append(f"{p.seat} holds a negative supply")
    if where != Counter(deck_tokens(cat)):
        out.append(f"creatures not conserved: {dict(where - Counter(deck_tokens(cat)))} extra")
    revealed = [h.card for p in state.players for h in p.humanoids if h.card]
    if len(set(revealed)) != len(revealed):
        out.append("a humanoid was revealed twice")
    for p in state.players:
        for h in p.humanoids:
            if h.card and getattr(cat.card(h.card), "back", None) != h.back:
                out.append(f"{p.seat}: humanoid {h.card} does not show the back {h.back}")
    for t in TREASURES:
        held = sum(getattr(p, t) for p in state.players)
        on_monsters = sum(1 for p in state.players for m in p.monsters if m.support == t)
        pool = state.pool if state.pool_type == t else 0
        total = state.supply[t] + held + on_monsters + pool
        if total != getattr(cat.treasure, t) or state.supply[t] < 0:
            out.append(f"{t}: {total} pieces counted, the game has {getattr(cat.treasure, t)}")
    counts = {len(p.monsters) + len(p.humanoids) for p in state.players}
    if state.phase in ("scoring", "over") and len(counts) != 1:
        out.append(f"players end with different numbers of creatures: {sorted(counts)}")
    return out
