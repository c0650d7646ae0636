"""The hash chain that makes a stored log tamper-evident (as transparency logs do), for any game.

Each stored event carries ``chain = sha256(previous chain, event number, event type, payload)``; the
first event's previous chain is empty. Changing, removing or inserting any event changes every hash
from there on, so the last hash identifies the whole log: a record ends with it and an import checks it.

A game says what its canonical payload leaves out (:class:`HashChain`): provenance fields of its first
events (where this copy came from, not what happened), the seed inside whole states that some events
carry (it only decides draws not yet made, and a record of a game in progress withholds it), and fields
added to an event later, at the default an older event reads as (so every hash written before they existed
still holds).

It also leaves out the fields an event's rules *settle* from the state before it (``Event.settled``): they
follow from the hashed events before them (``audit`` re-derives and compares them), so a game has the same
hash whether it was stored before those fields existed or after.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: one encoder for every hash (json.dumps with options builds a new one per call): sorted keys, compact
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class HashChain:
    """One game's hash chain.

    Attributes:
        first_events: the event types that begin a game (their ``provenance`` fields are left out).
        provenance: the fields of a first event that say where this copy came from.
        state_carriers: event types whose ``state`` (a whole state) is hashed without its ``seed``.
        added_later: event type -> {field: the default an event stored before the field existed reads as}.
        settled: event type -> the fields the rules settle from the state before it (left out).
    """

    first_events: tuple[str, ...]
    provenance: tuple[str, ...] = ("seed", "origin", "forked_from")
    state_carriers: tuple[str, ...] = ()
    added_later: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    settled: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def canonical(self, event_type: str, data: dict[str, Any]) -> bytes:
        """The bytes hashed for one event's payload (sorted keys, compact, UTF-8)."""
        if event_type in self.first_events:
            data = {k: v for k, v in data.items() if k not in self.provenance}
        later = self.added_later.get(event_type, {})
        if any(k in data and data[k] == v for k, v in later.items()):  # absent and the default hash the same
            data = {k: v for k, v in data.items() if not (k in later and v == later[k])}
        settled = self.settled.get(event_type)
        if settled:
            data = {k: v for k, v in data.items() if k not in settled}
        if event_type in self.state_carriers and isinstance(data.get("state"), dict):
            data = {**data, "state": {k: v for k, v in data["state"].items() if k != "seed"}}
        return _CANONICAL.encode(data).encode()

    def link(self, previous: str, number: int, event_type: str, data: dict[str, Any]) -> str:
        """The chain hash of event ``number`` (1-based) of type ``event_type`` with JSON payload ``data``,
        after the event whose chain hash is ``previous`` ("" for the first): 64 hex digits."""
        h = hashlib.sha256()
        h.update(f"{previous}\n{number}\n{event_type}\n".encode())
        h.update(self.canonical(event_type, data))
        return h.hexdigest()

    def final_hash(self, events: Iterable[tuple[str, dict[str, Any]]]) -> str:
        """The chain hash of the last of ``events`` ((type, payload) pairs, numbered from 1)."""
        chain = ""
        for n, (event_type, data) in enumerate(events, 1):
            chain = self.link(chain, n, event_type, data)
        return chain

    def broken_links(self, stored: Iterable[tuple[int, str, dict[str, Any], str]]) -> list[str]:
        """Check a stored log: ``(version, type, payload, chain)`` per stored event, in version order.
        Returns one line per problem: a gap in the versions (an event missing) or an event whose
        content does not match its hash (edited). Events stored before the chain existed (empty
        ``chain``) are reported once."""
        problems: list[str] = []
        previous, expected, unchained = "", 1, []
        for version, event_type, data, chain in stored:
            if version != expected:
                missing = f"{expected}" if version == expected + 1 else f"{expected}..{version - 1}"
                problems.append(
                    f"event {missing} is missing from the store (the versions jump from {expected - 1} to {version})"
                )
            elif not chain:
                unchained.append(version)
            elif self.link(previous, version, event_type, data) != chain:
                problems.append(
                    f"event {version} ({event_type}) does not match its hash: it was changed after it was stored"
                )
            previous, expected = chain, version + 1
        if unchained:
            problems.append(
                f"{len(unchained)} event(s) from event {unchained[0]} on carry no hash (stored before "
                "the log was chained); re-import the game's record to chain it"
            )
        return problems
