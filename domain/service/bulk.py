"""The bulk store path of finished simulated games: the rows the aggregates would store, built straight from the
JSON a simulation worker handed over.

Storing a simulated game through its aggregate (``GameAggregate.record`` then ``Application.save``) makes, for
every event, an eventsourcing event object (``trigger_event``, its ``mutate``), then a dict of its fields and
the transcoder's bytes (``Mapper.to_stored_event``). The worker's JSON already is the payload and its hash
chain is worked out, so :func:`add_rows` builds each row as ``to_stored_event`` would (``timestamp``,
``originator_topic`` for the first event, ``data``, ``chain``, ``seal``, ``class_version`` when above 1, in that
order) with the application's own mapper (its transcoder, compressor and cipher): the same topics, the same
bytes. A later event's bytes are put together around its payload as the store writes it, which the worker
made (``HandedOver.stored``, :func:`stored_payload`; or made here), once a game checked against the
transcoder's own bytes. The rows are kept as columns (:class:`Rows`: no object per event) and go to the
service's recorders in one transaction (``insert_rows``: SQLite one ``executemany``, PostgreSQL ``COPY``;
another recorder gets ``StoredEvent`` rows), notification ids in the order the aggregates would give them.
Each game of 100 events or more gets the one snapshot at its head that the aggregate path takes, and one at
each event the worker handed the state of (``simulate --snapshot-every``, :func:`snapshots_at`), through the
library's snapshot store. ``tests/service/test_bulk_store.py`` compares the rows of both paths.

What the aggregate path checks is checked here too: the first event is decoded (a game's first event, of
this game), and a handed-over hash chain must fit the first event. The others are not decoded (nor are they
on the aggregate path, which stores simulated events as handed over).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from hashlib import sha256
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder, Mapper, StoredEvent
from eventsourcing.utils import get_topic

from .aggregate import GameAggregate, seal
from .transcoder import _OPTIONS, _SUSPECT, OrjsonTranscoder

#: transcoders whose bytes for an event are assembled here (compact JSON, UTF-8 unescaped, keys in order)
_ASSEMBLED = (OrjsonTranscoder, JSONTranscoder)


class Rows:
    """A batch's rows as columns, in the order they are stored: ``games`` (each game's id and how many rows it
    has, in turn), ``versions`` (each row's event number), ``topics``, ``states`` (the stored bytes). The
    service's recorders insert the columns as they are (``insert_rows``: no row object per event);
    :meth:`stored_events` gives the library's ``StoredEvent`` rows for any other recorder."""

    __slots__ = ("games", "versions", "topics", "states")

    def __init__(self) -> None:
        self.games: list[tuple[UUID, int]] = []
        self.versions: list[int] = []
        self.topics: list[str] = []
        self.states: list[bytes] = []

    def __len__(self) -> int:
        return len(self.states)

    def ids(self, form: Callable[[UUID], Any] = lambda i: i) -> list[Any]:
        """Each row's game id, as ``form`` writes it (worked out once a game)."""
        out: list[Any] = []
        for game_id, count in self.games:
            out += [form(game_id)] * count
        return out

    def stored_events(self) -> list[StoredEvent]:
        """The rows as eventsourcing's ``StoredEvent`` objects (a recorder without ``insert_rows``)."""
        return [
            StoredEvent(originator_id=i, originator_version=v, topic=t, state=s)
            for i, v, t, s in zip(self.ids(), self.versions, self.topics, self.states, strict=True)
        ]


def insert_rows(recorder: Any, rows: Rows) -> None:
    """Insert ``rows`` in one transaction: through the recorder's own ``insert_rows`` (the service's SQLite and
    PostgreSQL recorders) or, for any other, its ``insert_events``.

    Raises:
        eventsourcing.persistence.IntegrityError: a (game, event number) is stored already (nothing is)."""
    if hasattr(recorder, "insert_rows"):
        recorder.insert_rows(rows)
    else:
        recorder.insert_events(rows.stored_events())


def stored_events(
    cls: type[GameAggregate], events: Sequence[dict[str, Any]], game_id: UUID, mapper: Mapper[UUID]
) -> tuple[list[StoredEvent], dict[str, Any]]:
    """The rows of one simulated game as ``StoredEvent`` objects (:func:`add_rows`, for one game)."""
    rows = Rows()
    fields = add_rows(rows, cls, events, game_id, mapper)
    return rows.stored_events(), fields


def add_rows(
    rows: Rows, cls: type[GameAggregate], events: Sequence[dict[str, Any]], game_id: UUID, mapper: Mapper[UUID]
) -> dict[str, Any]:
    """Append to ``rows`` the rows of one simulated game of aggregate ``cls`` (``events``: the JSON form
    ``{"type", **fields}``, with the worker's ``chains`` when it is a ``simulation.HandedOver``), encoded by
    ``mapper``; returns the aggregate's fields for its head snapshot (``_created_on``, ``_modified_on``,
    ``chain``) and ``marks``: event number -> (time, chain) of every event a snapshot may be taken at
    (:func:`snapshots_at`: the worker's ``states``).

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
    opening = first.payload()  # the first payload as the aggregate path stores it (``start``)
    chain = link("", 1, first.type, opening)
    if chains is not None and (len(chains) != len(events) or chains[0] != chain):
        raise ValueError("the handed-over hash chain does not fit the events")
    transcoder, compressor, cipher = mapper.transcoder, mapper.compressor, mapper.cipher
    when = getattr(transcoder, "types", {}).get(datetime)  # as the transcoder's hook writes a datetime
    fast = type(transcoder) in _ASSEMBLED and type(when) is DatetimeAsISO and not compressor and not cipher
    topic_of, version_of, clock_of = _classes(cls)
    aggregate_topic = get_topic(cls)
    states = rows.states
    topics = rows.topics
    wanted = getattr(events, "states", None) or {}  # event number -> state: the worker's, for snapshots
    given: list[bytes | None] | None = getattr(events, "stored", None)  # the worker's payloads, as stored
    if given is not None and len(given) != len(events):
        given = None
    marks: dict[int, tuple[datetime, str]] = {}
    created, timestamp = None, None
    checked = False
    for n, e in enumerate(events, 1):
        kind = e["type"]
        timestamp = clock_of[kind]()  # one clock reading an event, in order, as the aggregate path
        if n == 1:
            created = timestamp
        else:
            chain = chains[n - 1] if chains is not None else link(chain, n, kind, _data(e))
        version = version_of[kind]
        encoded = None
        if fast and n > 1:  # (the first event, with its originator topic, goes the transcoder's way)
            body = given[n - 1] if given is not None else _payload(e, kind)
            if body is not None:
                iso = timestamp.isoformat()
                sealed = sha256(f"{chain}\n{iso}".encode()).hexdigest()  # :func:`.aggregate.seal`
                encoded = b"".join(
                    (
                        _STAMP,
                        iso.encode(),
                        _DATA,
                        body,
                        _CHAIN,
                        chain.encode(),
                        _SEAL,
                        sealed.encode(),
                        b'"}' if version == 1 else b'","class_version":%d}' % version,
                    )
                )
                if not checked:  # once a game: the transcoder's own bytes, or the slow way from here on
                    state = _state(timestamp, n, aggregate_topic, _data(e), chain, sealed, version)
                    fast = checked = transcoder.encode(state) == encoded
                    if not fast:
                        encoded = None
        if encoded is None:
            stamp: Any = timestamp if when is None else {"_type_": when.name, "_data_": when.encode(timestamp)}
            data = opening if n == 1 else _data(e)
            encoded = transcoder.encode(_state(stamp, n, aggregate_topic, data, chain, seal(chain, timestamp), version))
            if compressor:
                encoded = compressor.compress(encoded)
            if cipher:
                encoded = cipher.encrypt(encoded)
        states.append(encoded)
        topics.append(topic_of[kind])
        if n in wanted:
            marks[n] = (timestamp, chain)
    rows.games.append((game_id, len(events)))
    rows.versions += range(1, len(events) + 1)
    return {"_created_on": created, "_modified_on": timestamp, "chain": chain, "marks": marks}


#: the fixed parts of a later event's stored bytes (``_state``'s keys, as the transcoder writes them)
_STAMP = b'{"timestamp":{"_type_":"datetime_iso","_data_":"'
_DATA = b'"},"data":'
_CHAIN = b',"chain":"'
_SEAL = b'","seal":"'


def _classes(cls: type[GameAggregate]) -> tuple[dict[str, str], dict[str, int], dict[str, Any]]:
    """Each event type's topic, class version and clock (``create_timestamp``), kept on the class."""
    made = cls.__dict__.get("_bulk_classes")
    if made is None:
        classes = cls.event_classes
        made = (
            {name: get_topic(c) for name, c in classes.items()},
            {name: getattr(c, "class_version", 1) for name, c in classes.items()},
            {name: c.create_timestamp for name, c in classes.items()},
        )
        cls._bulk_classes = made  # type: ignore[attr-defined]
    return made


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


def stored_payload(data: dict[str, Any]) -> bytes | None:
    """An event's payload (its JSON form without ``"type"``) as the store writes it inside the event's stored
    bytes (orjson's encoding, which ``OrjsonTranscoder`` keeps), or None where the transcoder might write it
    otherwise: a suspect number or UUID-shaped string, a ``null`` that was not a None (orjson writes a NaN
    or an infinity so), whatever orjson refuses. A simulation worker hands these over
    (``HandedOver.stored``) so that the parent, which stores every game, only puts the bytes together."""
    try:
        out = orjson.dumps(data, option=_OPTIONS)
    except orjson.JSONEncodeError:
        return None
    return None if _suspect(out, data) else out


def _suspect(out: bytes, written: Any) -> bool:
    """Whether orjson's ``out`` (of ``written``) may not be what the transcoder keeps (see ``stored_payload``)."""
    for suspect in _SUSPECT:
        if suspect.search(out):
            return True
    # orjson writes a NaN or an infinity as null: read back, the payload is then not what was written
    # (compared in C; a Python walk looking for floats, as the transcoder does, cost ten times more here)
    return b"null" in out and orjson.loads(out) != written


def _payload(e: dict[str, Any], kind: str) -> bytes | None:
    """A later event's stored payload from orjson's encoding of ``e`` (``"type"`` first, taken out), or None
    (as :func:`stored_payload`)."""
    try:
        out = orjson.dumps(e, option=_OPTIONS)
    except orjson.JSONEncodeError:
        return None
    if _suspect(out, e):
        return None
    prefix = b'{"type":"' + kind.encode() + b'"'  # ``{"type":"Kind",...}`` -> ``{...}``: the payload as stored
    if not out.startswith(prefix):
        return None
    return b"{" + out[len(prefix) + (out[len(prefix) : len(prefix) + 1] == b",") :]


def head_snapshot(cls: type[GameAggregate], game_id: UUID, version: int, fields: dict[str, Any], state: Any) -> Any:
    """The snapshot the aggregate path takes at a simulated game's head (``cls.Snapshot.take``), from the game
    as the aggregate would hold it: ``fields`` from :func:`add_rows`, ``state`` the final state."""
    return cls.Snapshot.take(_as_held(cls, game_id, version, fields, state))


def snapshots_at(
    cls: type[GameAggregate], game_id: UUID, fields: dict[str, Any], states: dict[int, dict[str, Any]], skip: int = 0
) -> list[Any]:
    """The snapshots at the events a simulation worker handed the state of (``states``: event number -> the
    state's JSON form, ``HandedOver.states``), as ``take_snapshots`` takes them (``cls.Snapshot.take`` of the
    game as of that event) but with no replay; ``fields`` from :func:`add_rows` (each event's time and chain
    hash in ``marks``); ``skip``: an event number left out (the head, whose snapshot is taken anyway)."""
    marks = fields["marks"]
    out = []
    for n in sorted(states):
        if n != skip and n in marks:
            when, chain = marks[n]
            held = {"_created_on": fields["_created_on"], "_modified_on": when, "chain": chain}
            out.append(cls.Snapshot.take(_as_held(cls, game_id, n, held, states[n]), states[n]))
    return out


def _as_held(cls: type[GameAggregate], game_id: UUID, version: int, fields: dict[str, Any], state: Any) -> Any:
    """The game as the aggregate holds it after event ``version`` (no event folded: its attributes set)."""
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
    return game


def _data(e: dict[str, Any]) -> dict[str, Any]:
    data = dict(e)
    del data["type"]  # (a copy and a del: about three times faster than a comprehension)
    return data
