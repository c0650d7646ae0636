"""`simulate --snapshot-every N` stores, as each game is stored, the snapshots `snapshots --every N` would take
(``take_snapshots``): one every N events, from the states the simulation worker hands over; the state at any
event read through them is the state a full replay gives. Without the option only the snapshot at each game's
end is stored. Both store paths (bulk and the aggregates) store the same snapshots."""

from __future__ import annotations

from typing import Any

import pytest
from clirun import run

from domain.service.aggregate import fold
from domain.service.application import SNAPSHOT_INTERVAL, GameService
from domain.service.executors import plan_id, play_batch
from domain.service.simulation import plans

EVERY = 25


def _snapshots(app: GameService, gid: Any) -> dict[int, tuple[Any, ...]]:
    """A game's snapshots: event number -> (chain hash, the state's JSON form, digest, game started, the event's
    time); each event's time as stored with the event (the two stores' clocks differ: those two are None)."""
    assert app.snapshots is not None
    stored = {e.originator_version: e.timestamp for e in app.events.get(gid)}
    out = {}
    for s in app.snapshots.get(gid):
        n, state = s.originator_version, s.state
        assert state["_modified_on"] == stored[n] and state["_created_on"] == stored[1]
        out[n] = (state["chain"], state["state"], state["digest"])
    return out


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Three stores of the same two simulated 4-player games: with ``--snapshot-every 25``, without, and without
    for ``take_snapshots`` to add to ("later")."""
    stores = {k: str(tmp_path_factory.mktemp(f"simulate_{k}") / "games.sqlite") for k in ("every", "off", "later")}
    common = ("--games", "2", "--players", "4", "--seed", "5", "--workers", "1")
    run("simulate", *common, "--snapshot-every", EVERY, "--store", stores["every"])
    run("simulate", *common, "--store", stores["off"])
    run("simulate", *common, "--store", stores["later"])
    return stores


def test_simulate_stores_a_snapshot_every_n_events_as_take_snapshots_takes_them(simulated) -> None:
    with GameService.open(simulated["every"]) as app, GameService.open(simulated["later"]) as off:
        ids = app.games()
        assert len(ids) == 2 and sorted(ids, key=str) == sorted(off.games(), key=str)
        for gid in ids:
            events = len(app.log(gid))
            made = _snapshots(app, gid)
            assert sorted(made) == sorted({*range(EVERY, events + 1, EVERY), events})
            assert off.take_snapshots(gid, EVERY) == len(made) - 1  # the same ones, but the head's
            assert made == _snapshots(off, gid)  # the same events' times: the same states, chains and digests
            assert app.sealing(gid) == ([], [])  # each matches the replayed log


def test_the_state_at_any_event_through_the_snapshots_is_the_full_replay(simulated) -> None:
    with GameService.open(simulated["every"]) as app:
        gid = app.games()[0]
        package = app.game_of(gid)
        events = len(app.log(gid))
        for n in sorted({1, EVERY - 1, EVERY, EVERY + 1, 2 * EVERY + 3, events // 2, events - 1, events}):
            replayed = fold(None, app.events.get(gid, lte=n))  # every event from the first, no snapshot
            assert package.to_dict(app.state(gid, version=n)) == package.to_dict(replayed.state)


def test_without_the_option_only_each_games_end_has_a_snapshot(simulated) -> None:
    with GameService.open(simulated["off"]) as app:
        for gid in app.games():
            snapshots = app.snapshots.get(gid) if app.snapshots is not None else []
            assert [s.originator_version for s in snapshots] == [len(app.log(gid))]


def test_both_store_paths_store_the_same_snapshots_of_the_handed_over_states(tmp_path) -> None:
    todo = [p.__class__(**{**vars(p), "snapshot_every": 40}) for p in plans(2, players=3, seed=9)]
    played = [(log, final, plan_id(p)) for p, (log, final) in zip(todo, play_batch(todo), strict=True)]
    assert all(sorted(log.states) == list(range(40, len(log) + 1, 40)) for log, _, _ in played)
    found = []
    for bulk in (True, False):
        with GameService.open(str(tmp_path / f"{bulk}.sqlite"), init=True) as app:
            app.create_simulated(played, game=todo[0].game, bulk=bulk)
            found.append({gid: _snapshots(app, gid) for _, _, gid in played})
    assert found[0] == found[1]
    for log, _, gid in played:
        head = {len(log)} if len(log) >= SNAPSHOT_INTERVAL else set()
        assert sorted(found[0][gid]) == sorted(set(log.states) | head)
