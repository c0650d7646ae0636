"""Notifications -> newline-delimited JSON that DuckDB reads in bulk (architecture §3: writing
NDJSON and ``read_json`` was the fastest way from Python objects into DuckDB, 1.46M rows/s).

Each game event becomes one line ``{"p": position, "g": game id, "s": seq, "t": type, "e": payload}``
(a game's first event also ``"ts"``: when it was stored, ISO 8601 UTC);
the payload is sliced out of the event store's JSON bytes (``{"timestamp": ..., "data": payload}``),
so no event is decoded in Python. Two cases do go through the mapper:

* an event type whose schema has more than one version (upcasting may run; the payload is
  re-encoded);
* a store that encrypts or compresses its events (the bytes are not JSON).

Another game's events (Monster Inn's ``mi.Game.*``) are staged with their type prefixed by the game's
short name (``"t":"mi.Left"``), so Dungeon Lords' derivations never take them for their own; every other
notification is skipped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from domain.service.aggregate import AGGREGATES, EVENT_CLASSES, TOPIC_PREFIX

_PREFIX = len(TOPIC_PREFIX)
#: the other games' topic prefixes -> the prefix their staged types carry (``"mi.Game."`` -> ``b"mi."``)
OTHER_GAMES = {
    cls.package.info.topic_prefix: cls.package.info.topic_prefix.split(".")[0].encode() + b"."
    for cls in AGGREGATES.values()
    if cls.package.info.topic_prefix != TOPIC_PREFIX
}


def _sliceable() -> dict[str, bytes]:
    """topic -> event type, for the types whose payload is sliced out of the stored bytes: the
    transcoder writes the attributes in order (``timestamp``, ``originator_topic`` on a game's first
    event, then ``data``, last unless a ``class_version`` follows, which only types of a schema
    version > 1 have), and nothing before ``data`` can contain ``"data":``."""
    return {TOPIC_PREFIX + name: name.encode() for name, cls in EVENT_CLASSES.items() if cls.class_version == 1}


_STAMP = b'{"timestamp":{"_type_":"datetime_iso","_data_":"'


def _stored_at(n: Any, mapper: Any) -> bytes:
    """When the notification ``n`` was stored (its event's timestamp, ISO 8601), without decoding it when
    the stored bytes start with the transcoder's timestamp."""
    state = n.state
    if state.startswith(_STAMP):
        end = state.find(b'"', len(_STAMP))
        if end > 0:
            return state[len(_STAMP) : end]
    return mapper.to_domain_event(n).timestamp.isoformat().encode()


#: a seed in a payload (a game's first event, or a whole state carried by a scenario, an undo, a correction)
_SEED = re.compile(rb'(?<!\\)"seed":-?[0-9]+')


def ndjson(notifications: Sequence[Any], mapper: Any) -> tuple[bytes, int]:
    """The NDJSON lines ``{"p": id, "g": game, "s": seq, "t": type, "e": payload}`` of the game
    events among ``notifications`` (in order), and their number. Every ``"seed"`` in a payload is staged as
    ``null``: a digital game's seed is nobody's while the game is in progress (architecture §4), and the
    read models take a finished game's from the store (:mod:`projections.runner`)."""
    fast = _sliceable() if mapper.cipher is None and mapper.compressor is None else {}
    ids: dict[Any, bytes] = {}
    lines = []
    append = lines.append
    for n in notifications:
        topic = n.topic
        name = fast.get(topic)
        payload = None
        if name is not None:
            state = n.state
            i = state.find(b'"data":')
            j = state.rfind(b',"chain":"')  # the hash chain's link follows the payload
            end = j if j > i else -1
            if i >= 0 and state[i + 7 : i + 8] == b"{" and state[-1:] == b"}":
                payload = state[i + 7 : end]
        elif topic.startswith(TOPIC_PREFIX):
            name = topic[_PREFIX:].encode()
        else:
            other = next((p for p in OTHER_GAMES if topic.startswith(p)), None)
            if other is None:
                continue
            name = OTHER_GAMES[other] + topic[len(other) :].encode()
        if payload is None:
            payload = json.dumps(mapper.to_domain_event(n).data, separators=(",", ":")).encode()
        if b'"seed":' in payload:
            payload = _SEED.sub(b'"seed":null', payload)
        gid = ids.get(n.originator_id)
        if gid is None:
            gid = ids[n.originator_id] = str(n.originator_id).encode()
        if n.originator_version == 1:
            append(
                b'{"p":%d,"g":"%s","s":1,"ts":"%s","t":"%s","e":%s}\n'
                % (n.id, gid, _stored_at(n, mapper), name, payload)
            )
            continue
        append(b'{"p":%d,"g":"%s","s":%d,"t":"%s","e":%s}\n' % (n.id, gid, n.originator_version, name, payload))
    return b"".join(lines), len(lines)


__all__ = ["ndjson"]
