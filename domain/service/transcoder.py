"""``OrjsonTranscoder``: eventsourcing's ``JSONTranscoder`` encoding with orjson, byte for byte the same.

Encoding every stored event with the standard library's ``json`` (and its ``default`` hook) was about a
quarter of the time `simulate` spends storing games (architecture §3); orjson writes the same compact
JSON (separators ``,`` and ``:``, UTF-8 unescaped, keys in their order) several times faster. What is
stored must not change by a byte (hash chains, golden stores and other readers see the stored text), so
orjson's output is kept only where it is sure to be ``json``'s, and the stock encoder writes the rest:

- registered transcodings (datetimes, the games' states, UUIDs) go through the same ``default`` hook as in
  ``JSONTranscoder``: orjson's own forms of datetimes and dataclasses are switched off;
- subclasses of ``str``, ``int``, ``float``, ``dict`` and ``list``, and any type without a transcoding, go
  to the stock encoder (orjson hands them to that hook, or refuses them; ``json`` may call a method a
  subclass overrides);
- floats: orjson writes them its own way (``1e-7`` where ``json`` writes ``1e-07``; ``null`` for NaN and
  infinities, where ``json`` writes ``NaN``); UUIDs it writes itself, where ``json`` uses their transcoding.
  An output with a number with a point or an exponent, or a UUID-shaped string, is thrown away for the
  stock encoder's; so is one with ``null`` when a float is found in what was encoded (a string that
  merely looks suspect costs only the slower encoder);
- whatever orjson refuses (a key that is not a ``str``, an integer past 64 bits, a lone surrogate, deep
  nesting) goes to the stock encoder, which writes it or raises as it always did;
- only a dict takes the fast path (the mapper encodes one per event and snapshot).

One thing orjson writes that ``json`` cannot: an enum member that is not also a ``str``, ``int`` or
``float`` (orjson writes its value where ``JSONTranscoder`` raises). No stored field is an enum
(``tests/service/test_transcoder.py`` checks the types). Decoding is the stock decoder's.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from eventsourcing.persistence import JSONTranscoder

_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS

# What orjson may have written differently from json. Every finite float orjson writes has a point or an
# exponent ("1.5", "1e-7", "1e+16") and, in a dict, is followed by ",", "]" or "}"; a UUID is
# 8-4-4-4-12 hex digits. Each pattern starts with a literal, which keeps the search fast.
_SUSPECT = (re.compile(rb"\.[0-9]+[,\]}]"), re.compile(rb"e[-+]?[0-9]+[,\]}]"), re.compile(rb"-[0-9a-f]{4}-"))


class _StockOnly(Exception):
    """Raised in orjson's ``default`` hook for an object only the stock encoder may write."""


class OrjsonTranscoder(JSONTranscoder):
    """A ``JSONTranscoder`` whose ``encode`` writes the same bytes, with orjson where that is sure to
    (see the module docstring); ``register`` and ``decode`` are the stock ones."""

    def encode(self, obj: Any) -> bytes:
        if type(obj) is not dict:
            return super().encode(obj)
        transcoded: list[Any] = [obj]  # what orjson wrote: obj and every transcoding's output

        def default(o: Any) -> dict[str, Any]:
            transcoding = self.types.get(type(o))
            if transcoding is None:
                raise _StockOnly
            data = transcoding.encode(o)
            transcoded.append(data)
            return {"_type_": transcoding.name, "_data_": data}

        try:
            out = orjson.dumps(obj, default=default, option=_OPTIONS)
        except orjson.JSONEncodeError:  # whatever orjson refuses, the stock encoder writes (or raises as ever)
            return super().encode(obj)
        for suspect in _SUSPECT:
            if suspect.search(out):
                return super().encode(obj)
        if b"null" in out and any(map(_has_float, transcoded)):  # NaN or an infinity would be null
            return super().encode(obj)
        return out


def _has_float(o: Any) -> bool:
    """Whether a float is in ``o`` (its dicts, lists and tuples; a transcoded object's output is looked
    at separately, and an object no transcoding writes never got this far)."""
    if isinstance(o, float):
        return True
    if type(o) is dict:
        return any(map(_has_float, o.values()))
    if type(o) is list or type(o) is tuple:
        return any(map(_has_float, o))
    return False
