"""History.spans_of goes on from a log it walked before (a table page loaded again after each input walks
only the new input, not the whole game): the spans are the same as a walk from the first event, for every
prefix in order, after an undo marker, for a shorter log after a longer one, and for another game."""

from __future__ import annotations

import dataclasses

from domain.games.dungeon_lords.bots import play_until_blocked, random_bot
from domain.games.dungeon_lords.engine import new_game
from domain.games.dungeon_lords.history import HISTORY
from domain.kernel.errors import RuleViolation


def _game(seed: int, players: int = 3) -> list:
    events, state = new_game(
        [f"P{i}" for i in range(players)], variant="first_game", seed=seed, bots=["random"] * players
    )
    more, state, _ = play_until_blocked(state, {p.color: random_bot for p in state.players}, seed=seed)
    return events + more


def _fresh(log: list) -> list:
    return dataclasses.replace(HISTORY).spans_of(log)  # a History that walked nothing


def test_spans_walked_on_from_earlier_logs_equal_a_walk_from_the_first_event():
    log = _game(3)
    history = dataclasses.replace(HISTORY)
    ends = [s.last for s in _fresh(log)]
    points = ends[:: max(1, len(ends) // 15)] + [len(log)]
    for n in points:  # a page loaded after every few inputs: each walk goes on from the last one
        assert history.spans_of(log[:n]) == _fresh(log[:n])
    assert len(history._walked) > 1 and len(history._walked[-1][0]) == len(log)
    for n in reversed(points):  # a marker after a walked log (where an undo may be taken: no card revealed)
        try:
            undone = [*log[:n], history.undo_event(log[:n])]
        except RuleViolation:
            continue
        assert history.spans_of(undone) == _fresh(undone)
        break
    else:
        raise AssertionError("no input of the game could be undone")
    short = log[: points[2]]  # shorter than the last walk: from the longest earlier walk it continues
    assert history.spans_of(short) == _fresh(short)
    other = _game(4)  # another game: nothing of the first one's walk is used
    assert history.spans_of(other) == _fresh(other)


def test_a_walk_is_not_taken_for_a_log_that_differs_before_its_end():
    log, other = _game(5), _game(6)
    history = dataclasses.replace(HISTORY)
    history.spans_of(log)
    mixed = [log[0], *other[1:]]  # the same first event, then another game's: not a continuation
    assert history._walked_before(mixed) is None
