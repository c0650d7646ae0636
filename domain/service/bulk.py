"""The bulk store path of finished simulated games: the rows the aggregates would store, built straight from the
JSON a simulation worker handed over.

Storing a simulated game through its aggregate (``GameAggregate.record`` then ``Application.save``) makes, for
every event, an eventsourcing event object (``trigger_event``, its ``mutate``), then a dict of its fields and
the transcoder's bytes (``Mapper.to_stored_event``). The worker's JSON already is the payload and its hash
chain is worked out, so :func:`stored_events` builds each row's state dict as ``to_stored_event`` would
(``timestamp``, ``originator_topic`` for the first event, ``data``, ``chain``, ``seal``, ``class_version`` when
above 1, in that order) and encodes it with the application's own mapper (its transcoder, compressor and
cipher): the same topics, the same bytes. The rows go to the library's recorder (``insert_events``: one
transaction for the batch, notification ids the library's, in the order the aggregates would give them), and
each game of 100 events or more gets the one snapshot at its head that the aggregate path takes, through the
library's snapshot store. ``tests/service/test_bulk_store.py`` compares the rows of both paths.

What the aggregate path checks is checked here too: the first event is decoded (a game's first event, of
this game), and a handed-over hash chain must fit the first event. The others are not decoded (nor are they
on the aggregate path, which stores simulated events as handed over).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder, Mapper, StoredEvent
from eventsourcing.utils import get_topic

from .aggregate import GameAggregate, seal
from .transcoder import _OPTIONS, _SUSPECT, OrjsonTranscoder

#: transcoders whose bytes for an event are assembled here (compact JSON, UTF-8 unescaped, keys in order)
_ASSEMBLED = (OrjsonTranscoder, JSONTranscoder)


def stored_events(
    cls: type[GameAggregate], events: Sequence[dict[str, Any]], game_id: UUID, mapper: Mapper[UUID]
) -> tuple[list[StoredEvent], dict[str, Any]]:
    """The rows of one simulated game of aggregate ``cls`` (``events``: the JSON form ``{"type", **fields}``,
    with the worker's ``chains`` when it is a ``simulation.HandedOver``), encoded by ``mapper``; and the
    aggregate's fields for its head snapshot (``_created_on``, ``_modified_on``, ``chain``).

    Raises:
        ValueError: the log is empty, does not start with one of the game's first events, or its
            handed-over chain does not fit it.
        pydantic.ValidationError: the first event is not a valid event of the game."""
    package = cls.package
    if not events:
        raise ValueError("a game needs at least its first event (GameStarted or ScenarioLoaded)")
    first = package.event_from_json(events[0])  # the aggregate path decodes the first event: so do we
    if first.type not in package.chain.first_events:
        raise ValueError(f"a game starts with {' or '.join(package.chain.first_events)}, not {first.type}")
    chains: list[str] | None = getattr(events, "chains", None)
    link = package.chain.link
    opening = first.model_dump(mode="json")  # the first payload as the aggregate path stores it (``start``)
    chain = link("", 1, first.type, opening)
    if chains is not None and (len(chains) != len(events) or chains[0] != chain):
        raise ValueError("the handed-over hash chain does not fit the events")
    transcoder, compressor, cipher = mapper.transcoder, mapper.compressor, mapper.cipher
    when = getattr(transcoder, "types", {}).get(datetime)  # as the transcoder's hook writes a datetime
    fast = type(transcoder) in _ASSEMBLED and type(when) is DatetimeAsISO
    classes = cls.event_classes
    topic_of = {name: get_topic(c) for name, c in classes.items()}
    versions = {name: getattr(c, "class_version", 1) for name, c in classes.items()}
    aggregate_topic = get_topic(cls)
    out: list[StoredEvent] = []
    created, timestamp = None, None
    checked = False
    for n, e in enumerate(events, 1):
        kind = e["type"]
        if n == 1:
            data = opening
        else:
            data = None
            if chains is not None:
                chain = chains[n - 1]
            else:
                data = _data(e)
                chain = link(chain, n, kind, data)
        timestamp = classes[kind].create_timestamp()
        if created is None:
            created = timestamp
        encoded = None
        if fast and n > 1:  # (the first event, with its originator topic, goes the transcoder's way)
            iso = timestamp.isoformat()
            sealed = hashlib.sha256(f"{chain}\n{iso}".encode()).hexdigest()  # :func:`.aggregate.seal`
            encoded = _assembled(e if data is None else data, data is None, kind, iso, chain, sealed, versions[kind])
            if encoded is not None and not checked:  # once a game: the transcoder's bytes, or the slow way
                state = _state(timestamp, n, aggregate_topic, _data(e), chain, sealed, versions[kind])
                if transcoder.encode(state) != encoded:
                    fast, encoded = False, None
                checked = True
        if encoded is None:
            stamp: Any = timestamp if when is None else {"_type_": when.name, "_data_": when.encode(timestamp)}
            encoded = transcoder.encode(
                _state(stamp, n, aggregate_topic, data or _data(e), chain, seal(chain, timestamp), versions[kind])
            )
        if compressor:
            encoded = compressor.compress(encoded)
        if cipher:
            encoded = cipher.encrypt(encoded)
        out.append(StoredEvent(originator_id=game_id, originator_version=n, topic=topic_of[kind], state=encoded))
    return out, {"_created_on": created, "_modified_on": timestamp, "chain": chain}


def _state(
    stamp: Any, n: int, aggregate_topic: str, data: dict[str, Any], chain: str, sealed: str, version: int
) -> dict[str, Any]:
    """An event's stored fields in ``Mapper.to_stored_event``'s order (``originator_topic``: the first)."""
    state: dict[str, Any] = {"timestamp": stamp}
    if n == 1:
        state["originator_topic"] = aggregate_topic
    state["data"] = data
    state["chain"] = chain
    state["seal"] = sealed
    if version > 1:
        state["class_version"] = version
    return state


def _assembled(
    e: dict[str, Any], typed: bool, kind: str, iso: str, chain: str, sealed: str, version: int
) -> bytes | None:
    """A later event's stored bytes put together from orjson's encoding of its payload (``e``: with its
    ``"type"`` first when ``typed``), or None where the transcoder might write them otherwise: what
    ``OrjsonTranscoder.encode`` would throw away for the stock encoder's (a suspect number or UUID, a
    ``null`` that was not a None, whatever orjson refuses) goes the transcoder's own way."""
    try:
        out = orjson.dumps(e, option=_OPTIONS)
    except orjson.JSONEncodeError:
        return None
    for suspect in _SUSPECT:
        if suspect.search(out):
            return None
    # orjson writes a NaN or an infinity as null: read back, the payload is then not what was written
    # (compared in C; a Python walk looking for floats, as the transcoder does, cost ten times more here)
    if b"null" in out and orjson.loads(out) != e:
        return None
    opening: bytes = b""
    body: bytes | memoryview = out
    if typed:  # ``{"type":"Kind",...}`` -> ``{...}``: the payload without its type, as stored
        prefix = b'{"type":"' + kind.encode() + b'"'
        if not out.startswith(prefix):
            return None
        skip = len(prefix) + (out[len(prefix) : len(prefix) + 1] == b",")
        opening, body = b"{", memoryview(out)[skip:]
    return b"".join(
        (
            b'{"timestamp":{"_type_":"datetime_iso","_data_":"',
            iso.encode(),
            b'"},"data":',
            opening,
            body,
            b',"chain":"',
            chain.encode(),
            b'","seal":"',
            sealed.encode(),
            b'"}' if version == 1 else b'","class_version":%d}' % version,
        )
    )


def head_snapshot(cls: type[GameAggregate], game_id: UUID, version: int, fields: dict[str, Any], state: Any) -> Any:
    """The snapshot the aggregate path takes at a simulated game's head (``cls.Snapshot.take``), from the game
    as the aggregate would hold it: ``fields`` from :func:`stored_events`, ``state`` the final state."""
    game: Any = object.__new__(cls)
    # the aggregate's attributes in the order it sets them (the snapshot's stored bytes follow that order)
    vars(game).update(
        _id=game_id,
        _version=version,
        _created_on=fields["_created_on"],
        _modified_on=fields["_modified_on"],
        _pending_events=[],
        chain=fields["chain"],
        state=state,
    )
    return cls.Snapshot.take(game)


def _data(e: dict[str, Any]) -> dict[str, Any]:
    data = dict(e)
    del data["type"]  # (a copy and a del: about three times faster than a comprehension)
    return data
