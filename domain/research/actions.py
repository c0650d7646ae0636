"""Stable integer ids for a game's legal options and chance outcomes (what OpenSpiel and PettingZoo call actions).

A game of this project lists its legal options as commands (pydantic models); their number and their order vary
from state to state, and a game's command vocabulary is its own business (the adapters import no game). So an
option's id is worked out from the option itself, the same way for every game:

    key(command)  = the command's JSON without its acting ``player`` (pydantic's ``model_dump_json``: fields in
                    the order the command class declares them, compact)
    hash(key)     = the first 8 bytes of BLAKE2b(key), big-endian, modulo SPACE

and, for the options of one decision, ids are given in the order of their keys (sorted): each takes its hash,
or the next free id after it (linear probing, wrapping round) when a key that sorts before it took that id.
So the ids depend on the set of options and never on the order the game lists them; an option keeps its
hash as its id unless two options of the same decision collide (with 360 options, the most a decision of
Dungeon Lords offers, about one such decision in three has no collision: a colliding one takes the next id).

A chance outcome is one component drawn, keyed by its component id (a draw of ``count`` components is
``count`` chance moves, see :mod:`.spiel`), with the same hash and probing over the distinct components that
remain. See docs/research.md.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

#: how many distinct ids there are: every id is in range(SPACE) (OpenSpiel's num_distinct_actions and
#: max_chance_outcomes; the size of a PettingZoo action mask)
SPACE = 1 << 16

_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def key(command: Any) -> str:
    """The text of a command without its acting ``player`` (a pydantic model: its JSON, fields in declaration
    order; a dict: canonical JSON, sorted keys), or of a component id (a str, kept as it is)."""
    if isinstance(command, str):
        return command
    if hasattr(command, "model_dump_json"):
        return str(command.model_dump_json(exclude={"player"}))
    return str(_CANONICAL.encode({k: v for k, v in dict(command).items() if k != "player"}))


def stable_hash(text: str, space: int = SPACE) -> int:
    """``text``'s place in ``range(space)``: BLAKE2b, the same in every process and on every machine."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") % space


def assign(items: Iterable[Any], space: int = SPACE) -> dict[int, Any]:
    """Ids for the items of one decision (commands, or component ids): ``{id: item}``, independent of the order
    of ``items``. Equal items (the same key) get one id, the first listed is kept.

    Raises:
        ValueError: more distinct items than ``space``."""
    by_key: dict[str, Any] = {}
    for item in items:
        by_key.setdefault(key(item), item)
    if len(by_key) > space:
        raise ValueError(f"{len(by_key)} options do not fit in an action space of {space}")
    out: dict[int, Any] = {}
    for k in sorted(by_key):
        n = stable_hash(k, space)
        while n in out:
            n = (n + 1) % space
        out[n] = by_key[k]
    return out
