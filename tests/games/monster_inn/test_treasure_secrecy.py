"""Monster Inn's hidden treasure (rulebook › Set-up: keep your personal supply of Treasure hidden from the
others until the end of the game), in the style of tests/kernel/test_non_interference.py: two logs that differ
only in which treasure a seat took as its humanoid bonus (the one take that goes from the general supply
straight into a hidden supply) give byte-identical output to every other seat, and the taker's own
output differs (so the test can fail)."""

from __future__ import annotations

import random

from clirun import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.monster_inn import GAME
from domain.games.monster_inn.commands import TakeBonus
from domain.service.application import GameService

ENGINE = GAME.engine
SETTINGS = settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))


def _outputs(store: str, game: str, viewer: str, events: int) -> list[str]:
    outs = [
        run("status", game, "--as", viewer, "--store", store).output,
        run("status", game, "--as", viewer, "--json", "--store", store).output,
        run("options", game, "--as", viewer, "--json", "--store", store).output,
        run("log", game, "--as", viewer, "--store", store).output,
        run("log", game, "--as", viewer, "--json", "--store", store).output,
    ]
    outs += [run("explain", game, n, "--as", viewer, "--store", store).output for n in range(events - 2, events + 1)]
    return [o.replace(game, "GAME") for o in outs]


def _to_bonus(seed: int, players: int, skip: int, variant: str = "standard"):
    """A digital game played at random up to its ``skip``-th humanoid bonus with a choice: (log, state)."""
    log, state = GAME.new_game(["A", "B", "C", "D", "E"][:players], seed=seed, variant=variant)
    log, rng, seen = list(log), random.Random(seed), 0
    for _ in range(2000):
        p = ENGINE.pending(state)
        if not p.actors:
            return None
        if p.kind == "bonus" and len(p.options(p.actors[0])) == 2:
            if seen == skip:
                return log, state
            seen += 1
        more, state = ENGINE.execute(state, rng.choice(p.options(p.actors[0])))
        log += more
    return None


def _twins(tmp_path, seed: int, players: int, skip: int, variant: str = "standard"):
    found = _to_bonus(seed, players, skip, variant)
    if found is None:
        return None
    log, state = found
    taker = ENGINE.pending(state).actors[0]
    log1 = log + ENGINE.execute(state, TakeBonus(player=taker, treasure="gold"))[0]
    log2 = log + ENGINE.execute(state, TakeBonus(player=taker, treasure="gem"))[0]
    assert log1 != log2 and len(log1) == len(log2)
    store = str(tmp_path / "twins.sqlite")
    app = GameService.open(store)
    g1, g2 = (str(app.create_from_events(x, game="monster_inn")) for x in (log1, log2))
    return store, g1, g2, taker, [s.seat for s in state.players], len(log1)


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5), skip=st.integers(0, 3))
def test_another_seats_bonus_treasure_does_not_change_what_a_seat_is_shown(tmp_path_factory, seed, players, skip):
    twins = _twins(tmp_path_factory.mktemp("bonus"), seed, players, skip)
    if twins is None:
        return  # no bonus with a choice in this game
    store, g1, g2, taker, seats, n = twins
    for viewer in (s for s in seats if s != taker):
        assert _outputs(store, g1, viewer, n) == _outputs(store, g2, viewer, n)
    assert _outputs(store, g1, taker, n) != _outputs(store, g2, taker, n)


def test_with_open_treasures_every_seat_sees_the_bonus(tmp_path):
    twins = next(t for seed in range(50) if (t := _twins(tmp_path, seed, 3, 0, "open_treasure")) is not None)
    store, g1, g2, taker, seats, n = twins
    viewer = next(s for s in seats if s != taker)
    assert _outputs(store, g1, viewer, n) != _outputs(store, g2, viewer, n)


def test_an_undone_bonus_keeps_its_treasure_hidden_from_the_others(tmp_path):
    found = next(f for seed in range(50) if (f := _to_bonus(seed, 3, 0)) is not None)
    log, state = found
    taker = ENGINE.pending(state).actors[0]
    store = str(tmp_path / "undo.sqlite")
    app = GameService.open(store)
    gid = str(app.create_from_events(log, game="monster_inn"))
    app.execute(gid, TakeBonus(player=taker, treasure="gem"))
    app.undo(gid)
    viewer = next(s.seat for s in state.players if s.seat != taker)
    shown = run("log", gid, "--as", viewer, "--json", "--store", store).output
    undone = [line for line in shown.splitlines() if '"InputUndone"' in line][-1]
    assert "humanoid bonus" not in undone and '"supply": {"gold": "hidden", "gem": "hidden"}' in undone
    mine = run("log", gid, "--as", taker, "--json", "--store", store).output.splitlines()
    assert "humanoid bonus" in [line for line in mine if '"InputUndone"' in line][-1]
    recorder = run("log", gid, "--json", "--store", store).output.splitlines()  # nobody sees the seed
    assert '"seed": "hidden"' in [line for line in recorder if '"InputUndone"' in line][-1]
