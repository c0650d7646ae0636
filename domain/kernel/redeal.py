"""Helpers for a game's ``determinize(state, seat, rng)`` (the search bot's hook, :mod:`.search`): what a view
shows, and a redeal of hidden components that depends only on what is hidden, never on where each one lies.

A determinization redeals what ``view(state, seat)`` hides. For it to be honest, two states the seat cannot
tell apart must give the same redeal from the same RNG: :func:`redeal` maps the hidden ids, in the order
they are first met in a fixed walk over the hidden places, onto a shuffle of the *sorted* set of those ids.
The result's ids at each place are then a function of the set, the places' sizes and the RNG alone (the
walk's order and the ids' places in the true state do not matter), and the mapping is a bijection: a card
held in two places (a planned trap still in its owner's hand) stays one card, and counts are conserved.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from .view import HIDDEN


def shown(view: Any) -> set[str]:
    """Every string value a view shows (``HIDDEN`` left out): the ids the seat sees, at any depth of the dict
    (a dict's keys are names of fields or of seats, not components: left out, so that a card named like a
    field is not taken as seen)."""
    out: set[str] = set()
    stack = [view]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            if x != HIDDEN:
                out.add(x)
        elif isinstance(x, Mapping):
            stack.extend(x.values())
        elif isinstance(x, list | tuple):
            stack.extend(x)
    return out


def redeal(walk: Iterable[str], rng: random.Random, keep: Iterable[str] = ()) -> dict[str, str]:
    """A bijection ``{old id: new id}`` over the ids of ``walk`` (the hidden places' ids, in a fixed order of
    places; repeats allowed) less those in ``keep`` (ids the seat sees: they stay where they are): the k-th
    distinct id met is mapped to the k-th of ``sorted(ids)`` shuffled by ``rng``. Ids not in the result are
    unchanged (use :func:`swap`)."""
    kept = set(keep)
    order = [i for i in dict.fromkeys(walk) if i not in kept]
    return dict(zip(order, rng.sample(sorted(order), len(order)), strict=True))


def swap(ids: list[str], mapping: Mapping[str, str]) -> list[str]:
    """``ids`` with each id replaced through ``mapping`` (an id not in it kept)."""
    return [mapping.get(i, i) for i in ids]


def shuffled(ids: list[str], rng: random.Random) -> list[str]:
    """``ids`` in a random order that does not depend on their order now (sorted, then shuffled)."""
    out = sorted(ids)
    rng.shuffle(out)
    return out
