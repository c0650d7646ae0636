"""Per-player views: the redaction marker and the check that a view only hides, never invents.

A game's ``view(state, player)`` returns its state as a JSON-native dict with every secret of the
other players replaced by :data:`HIDDEN` (a value, or each item of a list, or each value of a map).
:func:`redaction_problems` compares a view with the omniscient dict: same shape, and every leaf
either equal or hidden. The conformance suite runs it for every registered game.
"""

from __future__ import annotations

from typing import Any

#: what a view shows in place of a secret
HIDDEN = "hidden"


def redaction_problems(full: Any, seen: Any, path: str = "") -> list[str]:
    """Where ``seen`` (a player's view) is more than a redaction of ``full`` (the omniscient state):
    a key added or dropped, a list of another length, a value changed into something but ``HIDDEN``.
    Returns one line per difference, naming the path (``players.1.hand.0``); [] when it only hides."""
    if seen == HIDDEN or seen == full:
        return []
    if isinstance(full, dict) and isinstance(seen, dict):
        if set(full) != set(seen):
            return [f"{path or 'state'}: keys {sorted(set(full) ^ set(seen))} added or dropped"]
        out: list[str] = []
        for k in full:
            out += redaction_problems(full[k], seen[k], f"{path}.{k}" if path else str(k))
        return out
    if isinstance(full, list) and isinstance(seen, list):
        if len(full) != len(seen):
            return [f"{path}: {len(full)} items shown as {len(seen)}"]
        out = []
        for i, (a, b) in enumerate(zip(full, seen, strict=True)):
            out += redaction_problems(a, b, f"{path}.{i}")
        return out
    return [f"{path}: {full!r} shown as {seen!r}"]
