"""The HTTP load benchmark (``benchmarks/http_load.py``), short: a real ``dungeon-lords serve``, two clients
in games of their own and two in one shared game for five seconds (about 8 s in all); every accepted input
is in the log exactly once, chosen from the game as it was at its ``expected`` event and answered with its
own events; every 409 was caused by another client; no answer is anything but 200 or 409.

The benchmark's audit is checked first on made-up and in-process logs, so a clean run means something: an
input acknowledged but not stored, a stored input nobody was told about, a 409 nobody caused, a command
chosen from a listing of another event and an answer listing another input's events are each found.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent


def _load_benchmark() -> Any:
    """``benchmarks/http_load.py`` as a module (``benchmarks`` is not a package)."""
    spec = importlib.util.spec_from_file_location("http_load", ROOT / "benchmarks" / "http_load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


hl = _load_benchmark()
DECISIONS = {"OrdersChosen", "TunnelDug", "DiggingFinished"}


def _log(*types: str) -> list[dict[str, Any]]:
    """A made-up ``/log`` answer: events numbered from 1, each with a distinct field."""
    return [{"n": n, "type": t, "i": n} for n, t in enumerate(types, 1)]


def _post(client: str, expected: int, status: int, events: Sequence[dict[str, Any]] = (), **body: Any) -> Any:
    """A POST as the benchmark records it (sent at ``expected``, answered at ``expected + 0.5``)."""
    body = {"events": list(events), "event": expected + len(events), **body} if status == 200 else body
    command = {"type": "dig_tunnel", "player": "red"}
    return hl.Post(client, "g", expected, "digging", ["red"], command, status, body, expected, expected + 0.5)


def _events(log: list[dict[str, Any]], first: int, last: int) -> list[dict[str, Any]]:
    """Log events ``first``..``last`` (1-based) as an accepted response lists them."""
    return hl.read_log(log[first - 1 : last], DECISIONS).events


def _tiling(log: list[dict[str, Any]], posts: list[Any]) -> Any:
    audit = hl.GameAudit(hl.GameRef("g", "t", 2, True, 1))
    hl.check_tiling(audit, hl.read_log(log, DECISIONS), posts, {}, DECISIONS)  # {}: as the answers say
    return audit


LOG = _log("GameStarted", "PhaseBegan", "OrdersChosen", "TunnelDug", "DiggingFinished", "PhaseBegan", "OrdersChosen")


def test_both_shapes_of_the_log_read_alike() -> None:
    """``{"n", "type", **fields}`` and ``{"n", "kind", "text", "data"}`` give the same events and decisions."""
    described = [
        {
            "n": e["n"],
            "kind": "decision" if e["type"] in DECISIONS else "consequence",
            "text": "in words",
            "data": {k: v for k, v in e.items() if k != "n"},
        }
        for e in LOG
    ]
    plain, rich = hl.read_log(LOG, DECISIONS), hl.read_log(described, DECISIONS)
    assert plain.events == rich.events and plain.events[2] == {"type": "OrdersChosen", "i": 3}
    assert [k == "decision" for k in plain.kinds] == [k == "decision" for k in rich.kinds]


def test_the_audit_accepts_inputs_that_tile_the_log() -> None:
    posts = [_post("a", 2, 200, _events(LOG, 3, 3)), _post("b", 3, 200, _events(LOG, 4, 6))]
    posts.append(_post("a", 6, 200, _events(LOG, 7, 7)))
    audit = _tiling(LOG, posts)
    assert (audit.lost, audit.duplicated, audit.problems) == (0, 0, [])
    assert audit.decisions_accepted == audit.decisions_logged == 4


def test_the_audit_finds_an_input_acknowledged_twice_and_one_stored_unacknowledged() -> None:
    twice = [_post("a", 2, 200, _events(LOG, 3, 3)), _post("b", 2, 200, _events(LOG, 3, 3))]
    assert _tiling(LOG, [*twice, _post("b", 3, 200, _events(LOG, 4, 6))]).lost == 1
    unacknowledged = _tiling(LOG, [_post("a", 2, 200, _events(LOG, 3, 3)), _post("a", 6, 200, _events(LOG, 7, 7))])
    assert (unacknowledged.lost, unacknowledged.duplicated) == (0, 2)  # TunnelDug and DiggingFinished


def test_the_audit_finds_a_409_nobody_caused() -> None:
    audit = hl.GameAudit(hl.GameRef("g", "t", 2, True, 1))
    won = _post("a", 2, 200, _events(LOG, 3, 3))
    caused, uncaused = _post("b", 2, 409, event=3), _post("b", 3, 409, event=4)
    own = _post("a", 2, 409, event=3)  # the winner's own client cannot have been overtaken by itself
    hl.check_conflicts(audit, [won, caused, uncaused, own])
    assert audit.wrong_conflicts == 2


def _two_inputs() -> tuple[Any, Any, list[Any]]:
    """A real digital game after two players chose their orders: (its log, its GameRef, the two POSTs as
    the benchmark would have recorded them, answered right)."""
    from domain.games import get

    package = get(hl.GAME)
    events, state = package.new_game(hl.PLAYERS, mode="digital", seed=5)
    opening, posts = len(events), []
    for client in ("a", "b"):
        pending = package.engine.pending(state)
        command = pending.options(pending.actors[0])[0]
        made, state = package.engine.execute(state, command)
        answer = {"events": [e.to_json() for e in made], "event": len(events) + len(made)}
        seen = (pending.kind, list(pending.actors), command.model_dump(mode="json"))
        posts.append(hl.Post(client, "g", len(events), *seen, 200, answer, len(events), len(events) + 0.5))
        events += made
    log = hl.Log([e.to_json() for e in events], [type(e).kind for e in events])
    return log, hl.GameRef("g", "t", opening, True, 5), posts


def _replayed(log: Any, game: Any, posts: list[Any]) -> Any:
    audit = hl.GameAudit(game)
    made = hl.replay_inputs(audit, log, posts)
    hl.check_tiling(audit, log, [p for p in posts if p.status == 200], made, DECISIONS)
    return audit


def test_the_replay_accounts_for_every_input_of_a_real_game() -> None:
    log, game, posts = _two_inputs()
    audit = _replayed(log, game, posts)
    assert (audit.lost, audit.duplicated, audit.stale_listings, audit.misreported, audit.problems) == (0, 0, 0, 0, [])
    assert audit.decisions_accepted == audit.decisions_logged == 2


def test_the_replay_finds_a_command_chosen_from_a_listing_of_another_event() -> None:
    log, game, (first, second) = _two_inputs()
    second.seen_actors = first.seen_actors  # listed before the first input, answered at the event after it
    refused = hl.Post(**{**vars(second), "status": 422, "body": {"code": "NOT_YOUR_TURN"}})
    audit = _replayed(log, game, [first, second, refused])
    assert (audit.stale_listings, audit.stale_accepted, audit.lost, audit.duplicated) == (2, 1, 0, 0)


def test_the_replay_finds_an_answer_that_lists_another_inputs_events() -> None:
    log, game, (first, second) = _two_inputs()
    first.body = second.body  # the log's latest events, read after the second input was stored
    audit = _replayed(log, game, [first, second])
    assert (audit.misreported, audit.lost, audit.duplicated) == (1, 0, 0)


def test_concurrent_clients_over_http_lose_and_duplicate_nothing() -> None:
    report = hl.run_benchmark(seconds=5, private_clients=2, shared_clients=2)
    summary = hl.format_report(report)
    assert report["inputs_accepted"] > 0, summary
    assert report["lost"] == 0 and report["duplicated"] == 0, summary
    assert report["decisions_accepted"] == report["decisions_logged"], summary
    assert report["failures"] == {} and report["server_errors"] == 0, summary  # only 200 and 409
    assert report["wrong_conflicts"] == 0, summary
    assert report["conflicts_shared"] >= 1 and report["conflicts"] == report["conflicts_shared"], summary
    assert report["ok"], summary
