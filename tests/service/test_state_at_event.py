"""The state at any event of a stored game (``state(game, version=N)``, ``status --at N``) read through the
snapshots ``take_snapshots`` adds is the state a full replay of events 1..N gives, for any N; the snapshots it
takes are the ones missing (every ``interval``-th event), pass the audit, and are not taken twice."""

from __future__ import annotations

from typing import Any

import pytest
from clirun import run
from helpers import count_event_reads
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.service.aggregate import fold
from domain.service.application import GameService
from domain.service.executors import plan_id, play_batch
from domain.service.simulation import plans

INTERVAL = 7  # small: many snapshots, and N falls on, just before and just after them


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Any, int, int]:
    """A 4-player game stored as ``simulate`` stores it, then given a snapshot every INTERVAL events:
    (store, game id, number of events, snapshots taken)."""
    todo = plans(1, players=4, seed=11)
    ((log, final),) = play_batch(todo)
    path = str(tmp_path_factory.mktemp("state_at") / "games.sqlite")
    with GameService.open(path, init=True) as app:
        gid = plan_id(todo[0])
        app.create_simulated([(log, final, gid)], game=todo[0].game)
        assert [s.originator_version for s in app.snapshots.get(gid)] == [len(log)]  # the head's only
        taken = app.take_snapshots(gid, INTERVAL)
    return path, gid, len(log), taken


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_state_at_n_through_a_snapshot_is_the_full_replay_to_n(stored, data) -> None:
    path, gid, events, _ = stored
    n = data.draw(st.integers(1, events), label="event")
    with GameService.open(path) as app:
        package = app.game_of(gid)
        replayed = fold(None, app.events.get(gid, lte=n))  # every event from the first, no snapshot
        assert replayed.version == n
        assert package.to_dict(app.state(gid, version=n)) == package.to_dict(replayed.state)


def test_snapshots_are_taken_where_missing_checked_and_used(stored, monkeypatch) -> None:
    path, gid, events, taken = stored
    with GameService.open(path) as app:
        versions = [s.originator_version for s in app.snapshots.get(gid)]
        assert taken == events // INTERVAL - (events % INTERVAL == 0)  # the head's was there already
        assert versions == sorted({*range(INTERVAL, events + 1, INTERVAL), events})
        assert app.take_snapshots(gid, INTERVAL) == 0  # none missing now
        assert app.sealing(gid) == ([], [])  # each matches the replayed log
        read = count_event_reads(monkeypatch, app)
        app.state(gid, version=INTERVAL * 3 + INTERVAL - 1)
        assert read == [INTERVAL - 1]  # from the snapshot at 3 * INTERVAL: O(interval), not O(N)


def test_the_snapshots_command_takes_the_missing_ones(tmp_path) -> None:
    store = str(tmp_path / "cmd.sqlite")
    todo = plans(2, players=2, seed=3)
    with GameService.open(store, init=True) as app:
        games = [(log, final, plan_id(p)) for p, (log, final) in zip(todo, play_batch(todo), strict=True)]
        app.create_simulated(games, todo[0].game)
        lengths = [len(app.stored(g)) for g in app.games()]
    out = run("snapshots", "--every", "50", "--store", store)
    assert f"{sum(n // 50 - (n % 50 == 0) for n in lengths)} snapshot(s) taken for 2 game(s)" in out.output
    again = run("snapshots", "--store", store)  # the default interval: more of them
    assert "0 snapshot(s)" not in again.output and "for 2 game(s)" in again.output
