"""`simulate` on executors (issue #34): the same --seed stores the same games (ids and event streams) whatever
plays them (processes or Ray, 1 or 2 workers); a stopped run stores whole games only and --resume plays exactly
the missing ones; Ray is optional and its absence is said in one line."""

from __future__ import annotations

import builtins

import pytest
from clirun import run

from cli import simulating
from cli.analytics_cmds import SimulationStopped, simulate_into
from domain.service.application import GameService
from domain.service.executors import ProcessExecutor, batches, plan_id
from domain.service.simulation import plans


def _streams(app) -> dict:
    """Every stored game: its id -> its stored events (version, type, fields, chain hash)."""
    return {g: app.stored(g) for g in app.games()}


def test_plan_ids_are_the_plans_and_batches_keep_the_order():
    todo = plans(7, seed=3)
    assert [plan_id(p) for p in todo] == [plan_id(p) for p in plans(7, seed=3)]
    assert len({plan_id(p) for p in todo + plans(7, seed=4)}) == 14  # another seed, other games
    assert [p for b in batches(todo, 3) for p in b] == todo and [len(b) for b in batches(todo, 3)] == [3, 3, 1]
    finished = dict(ProcessExecutor(2).run(batches(todo[:4], 2)))  # any order, numbered
    assert sorted(finished) == [0, 1] and [len(f) for f in finished.values()] == [2, 2]


def test_one_or_two_processes_store_the_same_games():
    one, two = GameService.open("memory"), GameService.open("memory")
    simulate_into(one, 6, None, None, seed=5, quiet=True, workers=1)
    simulate_into(two, 6, None, None, seed=5, quiet=True, workers=2)
    assert _streams(one) == _streams(two) and len(_streams(one)) == 6
    assert set(one.games()) == {plan_id(p) for p in plans(6, seed=5)}


class _StopsAfter:
    """A store that takes ``n`` appends, then is interrupted (Ctrl-C while storing)."""

    def __init__(self, app, n: int):
        self.app, self.n = app, n

    def games(self):
        return self.app.games()

    def create_simulated(self, some, game):
        if self.n == 0:
            raise KeyboardInterrupt
        self.n -= 1
        return self.app.create_simulated(some, game=game)


def test_finished_games_are_stored_together_up_to_store_games_an_append(monkeypatch):
    monkeypatch.setattr(simulating, "STORE_SECONDS", 60.0)  # (however slow the machine: by count alone)
    monkeypatch.setattr(simulating, "STORE_GAMES", 3)
    app, appends = GameService.open("memory"), []
    store = app.create_simulated
    monkeypatch.setattr(app, "create_simulated", lambda some, game: appends.append(len(some)) or store(some, game))
    simulate_into(app, 8, None, None, seed=9, quiet=True, workers=2)
    assert appends == [3, 3, 2] and len(app.games()) == 8


def test_a_stopped_run_keeps_whole_games_and_resume_plays_exactly_the_missing_ones(monkeypatch):
    monkeypatch.setattr(simulating, "STORE_GAMES", 1)  # an append a game: the run stops between games
    whole, app = GameService.open("memory"), GameService.open("memory")
    simulate_into(whole, 8, None, None, seed=9, quiet=True, workers=1)
    with pytest.raises(SimulationStopped) as stop:
        simulate_into(_StopsAfter(app, 3), 8, None, None, seed=9, quiet=True, workers=2)
    assert (stop.value.stored, stop.value.wanted) == (3, 8) and "5 missing" in str(stop.value)
    assert len(app.games()) == 3 and all(_streams(app)[g] == _streams(whole)[g] for g in app.games())
    again = simulate_into(app, 8, None, None, seed=9, quiet=True, resume=True)
    assert (again["games"], again["skipped"]) == (5, 3)
    assert _streams(app) == _streams(whole)
    assert simulate_into(app, 8, None, None, seed=9, quiet=True, resume=True)["games"] == 0  # nothing missing


def test_the_same_seed_twice_is_refused_without_resume(tmp_path):
    store = f"sqlite:///{tmp_path / 'games.sqlite'}"
    run("simulate", "--games", "2", "--players", "2", "--seed", "4", "--store", store)
    refused = run("simulate", "--games", "3", "--players", "2", "--seed", "4", "--store", store, ok=False)
    assert refused.exit_code == 3 and "2 of the 3 planned games" in refused.output and "--resume" in refused.output
    resumed = run("simulate", "--games", "3", "--players", "2", "--seed", "4", "--resume", "--store", store)
    said = " ".join(resumed.output.split())  # (rich wraps long lines)
    assert "stored 1 games" in said and "2 of the planned games were stored already" in said


def test_without_ray_the_command_says_how_to_get_it(tmp_path, monkeypatch):
    real = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    store = f"sqlite:///{tmp_path / 'games.sqlite'}"
    refused = run("simulate", "--games", "1", "--executor", "ray", "--store", store, ok=False)
    assert refused.exit_code == 2 and "pip install -e '.[cluster]'" in refused.output
    assert len(refused.output.strip().splitlines()) == 1
    wrong = run("simulate", "--games", "1", "--executor", "dask", "--store", store, ok=False)
    assert wrong.exit_code == 2 and "process or ray" in wrong.output


@pytest.mark.ray
def test_ray_with_one_or_two_workers_stores_what_processes_store():
    pytest.importorskip("ray")
    import ray

    processes = GameService.open("memory")
    simulate_into(processes, 30, None, None, seed=12, quiet=True, workers=2)
    for workers in (1, 2):
        app = GameService.open("memory")
        figures = simulate_into(app, 30, None, None, seed=12, quiet=True, executor="ray", workers=workers)
        assert figures["games"] == 30 and figures["startup_seconds"] > 0
        assert _streams(app) == _streams(processes)
        assert not ray.is_initialized()  # the local Ray it started is stopped


@pytest.mark.ray
@pytest.mark.heavy
def test_a_killed_ray_worker_is_retried_and_every_game_is_stored():
    """A worker process killed (SIGKILL) while it plays a batch: Ray runs that task again (max_retries), so
    every planned game is stored once, as processes store them."""
    pytest.importorskip("ray")
    import os
    import signal

    import psutil

    from domain.service.executors import RayExecutor

    todo = plans(80, seed=2)
    runner = RayExecutor(workers=2)
    finished, killed = {}, []
    for n, games in runner.run(batches(todo, 10)):
        finished[n] = games
        if not killed:
            busy = [p for p in psutil.process_iter(["cmdline"]) if (p.info["cmdline"] or [""])[0] == "ray::play_batch"]
            assert busy, "no Ray worker was playing a batch"
            os.kill(busy[0].pid, signal.SIGKILL)
            killed.append(busy[0].pid)
    assert sorted(finished) == list(range(8))
    alone = [g for n in range(8) for g in finished[n]]
    assert [log for log, _ in alone] == [log for log, _ in ProcessExecutor(1).run([todo]).__next__()[1]]


def test_a_killed_process_worker_stops_the_run_with_the_finished_games_stored():
    """A process worker killed (SIGKILL) breaks the pool: the run stops, the games stored so far are whole, the
    message counts the missing ones, and --resume plays exactly those. The worker is killed as the first game
    is stored, with most of the 40 still to play, so the pool cannot have finished them all first."""
    import os
    import signal

    import psutil

    whole, app = GameService.open("memory"), GameService.open("memory")
    simulate_into(whole, 40, 2, None, seed=6, quiet=True, workers=1)

    before = {c.pid for c in psutil.Process().children()}  # a process an earlier test left is no worker of this pool

    class KillsAWorker(_StopsAfter):
        def create_simulated(self, some, game):
            if self.n == 0:
                workers = [c for c in psutil.Process().children() if c.pid not in before]
                os.kill(workers[0].pid, signal.SIGKILL)
            self.n -= 1
            return self.app.create_simulated(some, game=game)

    with pytest.raises(SimulationStopped) as stop:
        simulate_into(KillsAWorker(app, 0), 40, 2, None, seed=6, quiet=True, workers=2)
    assert 1 <= stop.value.stored < 40 and type(stop.value.cause).__name__ == "BrokenProcessPool"
    assert len(app.games()) == stop.value.stored and all(app.stored(g) == whole.stored(g) for g in app.games())
    simulate_into(app, 40, 2, None, seed=6, quiet=True, resume=True)
    assert _streams(app) == _streams(whole)
