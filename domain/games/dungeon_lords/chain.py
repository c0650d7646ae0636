"""The hash chain that makes a stored log tamper-evident (as transparency logs do).

Each stored event carries ``chain = sha256(previous chain, event number, event type, payload)``; the
first event's previous chain is empty. Changing, removing or inserting any event changes every hash
from there on, so the last hash identifies the whole log: ``export`` writes it and ``import`` checks
it. The hash leaves out a digital game's seed (in ``GameStarted`` and in the whole states that
``ScenarioLoaded``, ``InputUndone`` and ``InputCorrected`` carry): it only decides draws not yet
made, and a record of a game in progress withholds it. It also leaves out the first event's
``origin`` and ``forked_from``: they say where this copy came from (an imported copy of a game is
the same game).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

STATE_CARRIERS = ("ScenarioLoaded", "InputUndone", "InputCorrected")


PROVENANCE = ("seed", "origin", "forked_from")  # where this copy came from, not what happened

# Fields added to an event after games were stored, with the default an older event reads as. At that
# default they are left out of the hash, so every hash written before they existed still holds.
ADDED_LATER: dict[str, dict[str, Any]] = {
    "GameStarted": {"catalog_overrides": None},
    "YearBegan": {"nonplayer_evil_steps": -2},
}


def _canonical(event_type: str, data: dict[str, Any]) -> bytes:
    if event_type in ("GameStarted", "ScenarioLoaded"):
        data = {k: v for k, v in data.items() if k not in PROVENANCE}
    later = ADDED_LATER.get(event_type, {})
    if any(k in data and data[k] == v for k, v in later.items()):  # absent and the default hash the same
        data = {k: v for k, v in data.items() if not (k in later and v == later[k])}
    if event_type in STATE_CARRIERS and isinstance(data.get("state"), dict):
        data = {**data, "state": {k: v for k, v in data["state"].items() if k != "seed"}}
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def link(previous: str, number: int, event_type: str, data: dict[str, Any]) -> str:
    """The chain hash of event ``number`` (1-based) of type ``event_type`` with JSON payload ``data``,
    after the event whose chain hash is ``previous`` ("" for the first): 64 hex digits."""
    h = hashlib.sha256()
    h.update(f"{previous}\n{number}\n{event_type}\n".encode())
    h.update(_canonical(event_type, data))
    return h.hexdigest()


def final_hash(events: Iterable[tuple[str, dict[str, Any]]]) -> str:
    """The chain hash of the last of ``events`` ((type, payload) pairs, numbered from 1)."""
    chain = ""
    for n, (event_type, data) in enumerate(events, 1):
        chain = link(chain, n, event_type, data)
    return chain


def broken_links(stored: Iterable[tuple[int, str, dict[str, Any], str]]) -> list[str]:
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
        elif link(previous, version, event_type, data) != chain:
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
