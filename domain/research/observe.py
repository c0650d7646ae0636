"""What a seat observes, as text and as a fixed-size tensor, built only from the game's ``view(state, seat)``.

- **observation**: the seat's view as canonical JSON (sorted keys, compact);
- **information state**: ``"<seat> "``, the action ids the seat chose so far, then the observation (the view
  plus what the seat knows it did: two histories a seat cannot tell apart give it the same string);
- **tensors** (float32, :data:`TENSOR_SIZE` cells): a hashed bag of the view's leaves. Each leaf is the text
  ``path=value`` (``players.1.gold=3``; a hidden value reads ``players.1.hand.0=hidden``) and adds 1 to cell
  ``crc32(text) % TENSOR_SIZE`` (CRC-32 of the UTF-8 text: the same in every process); the information
  state's tensor adds the seat's own actions (``own.<n>=<id>``) and its seat (``seat=<i>``). Two views with
  the same leaves give the same tensor; a view is never read beyond its leaves.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

from .table import Table

#: the length of an observation or information-state tensor
TENSOR_SIZE = 2048


def leaves(value: Any) -> list[str]:
    """Every leaf of a JSON-native value as ``path=value`` (dict keys and list indices joined by dots; an
    empty list or dict is a leaf ``path=[]`` / ``path={}``)."""
    out: list[str] = []
    _walk(value, "", out)
    return out


def _walk(value: Any, prefix: str, out: list[str]) -> None:
    if type(value) is dict:
        if not value:
            out.append(f"{prefix[:-1]}={{}}")
        for k, v in value.items():
            if type(v) is dict or type(v) is list:
                _walk(v, f"{prefix}{k}.", out)
            else:
                out.append(f"{prefix}{k}={v}")
    elif type(value) is list:
        if not value:
            out.append(f"{prefix[:-1]}=[]")
        for i, v in enumerate(value):
            if type(v) is dict or type(v) is list:
                _walk(v, f"{prefix}{i}.", out)
            else:
                out.append(f"{prefix}{i}={v}")
    else:
        out.append(f"{prefix[:-1]}={value}")


def observation_string(table: Table, seat: int) -> str:
    """Seat ``seat``'s observation: its view as canonical JSON."""
    return table.view_text(seat)


def information_state_string(table: Table, seat: int) -> str:
    """Seat ``seat``'s information state: the seat, its own actions so far, its view."""
    own = ",".join(str(a) for a in table.own_moves(seat))
    return f"{table.seats[seat]} [{own}] {table.view_text(seat)}"


def cell(text: str) -> int:
    """The tensor cell of a leaf's text: CRC-32 of its UTF-8 bytes modulo :data:`TENSOR_SIZE`."""
    return zlib.crc32(text.encode()) % TENSOR_SIZE


def fill_tensor(out: Any, table: Table, seat: int, perfect_recall: bool) -> None:
    """Write seat ``seat``'s observation (or, ``perfect_recall``, information state) tensor into ``out`` (a
    float array of :data:`TENSOR_SIZE` cells, zeroed first)."""
    out.fill(0)
    texts = leaves(table.view(seat))
    if perfect_recall:
        texts.append(f"seat={seat}")
        texts += [f"own.{n}={action}" for n, action in enumerate(table.own_moves(seat))]
    counts = np.bincount([zlib.crc32(t.encode()) % TENSOR_SIZE for t in texts], minlength=TENSOR_SIZE)
    out += counts
