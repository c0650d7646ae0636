"""Components as people say them: a draw typed by printed name, case-insensitive, by an unambiguous
prefix, with a did-you-mean for a typo (rapidfuzz), identical copies interchangeable (the first copy
still possible is taken). Used by every interface that takes a draw (``act --draw``, ``record``).

    resolve_draw(["troll", "ghost", "witch"], pool, name_of) -> ["troll_y1#1", "ghost_y1#1", "witch_y1#1"]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rapidfuzz import fuzz, process


class NameUnknown(ValueError):
    """A typed name matches no component that can still come up (or several kinds); the message says
    which could, or what was probably meant."""


def base(component: str) -> str:
    """A component's kind: its id without the copy suffix (``troll_y1#2`` -> ``troll_y1``)."""
    return component.split("#", 1)[0]


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


def _pick(word: str, remaining: list[str], name_of: Callable[[str], str]) -> str:
    typed = word.strip().lower()
    if not typed:
        raise NameUnknown("an empty name")
    for c in sorted(remaining):  # the exact id, copy suffix and all
        if c.lower() == typed:
            return c
    said = _norm(typed)
    exact = sorted(c for c in remaining if _norm(base(c)) == said or _norm(name_of(c)) == said)
    if exact:
        return exact[0]
    prefix = sorted(c for c in remaining if _norm(base(c)).startswith(said) or _norm(name_of(c)).startswith(said))
    kinds = sorted({base(c) for c in prefix})
    if len(kinds) == 1:
        return prefix[0]
    if kinds:
        names = ", ".join(sorted({name_of(c) for c in prefix}))
        raise NameUnknown(f"{word!r} could be any of {names}: type more of the name")
    choices = sorted({_norm(name_of(c)) for c in remaining} | {_norm(base(c)) for c in remaining})
    near = [m for m, _, _ in process.extract(said, choices, scorer=fuzz.WRatio, limit=3, score_cutoff=60)]
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    left = ", ".join(sorted({name_of(c) for c in remaining})) or "nothing"
    raise NameUnknown(f"{word!r} cannot come up (what can: {left}){hint}")


def resolve_draw(words: Sequence[str], pool: Sequence[str], name_of: Callable[[str], str]) -> list[str]:
    """The component ids of a draw typed as ``words`` (names, ids or prefixes), taken from ``pool`` (the
    components that can still come up, one entry per copy) one by one, so two ``ghost`` take two copies.

    Raises:
        NameUnknown: a word matches nothing still possible, or several kinds (the message says which).
    """
    remaining = list(pool)
    out = []
    for word in words:
        chosen = _pick(word, remaining, name_of)
        remaining.remove(chosen)
        out.append(chosen)
    return out


def split_draw(text: str) -> list[str]:
    """A typed draw split into words: by commas when there are any (names may then hold spaces), else
    by spaces (``troll ghost witch``)."""
    parts = text.split(",") if "," in text else text.split()
    return [p.strip() for p in parts if p.strip()]


def draw_command(package: Any, state: Any, text: str) -> Any:
    """The draw command for what a person typed (printed names, ids or prefixes), checked against what
    can still come up in ``state`` of the game ``package``. When the game waits for no draw, the words
    go to the engine as they are (it says what it waits for instead).

    Raises:
        RuleViolation: DRAW_IMPOSSIBLE naming what could come up, and what was probably meant."""
    words = split_draw(text)
    p = package.engine.pending(state)
    if not p.is_chance or p.chance is None:
        return package.rules.draw_command(words)
    try:
        cards = resolve_draw(words, p.chance.pool, lambda c: package.component_name(state, c))
    except NameUnknown as exc:
        raise package.rules.index.refuse("DRAW_IMPOSSIBLE", str(exc), "input.chance") from None
    return package.rules.draw_command(cards)
