"""Fixing the record honestly: undo, correction and fork (the kernel's, see :mod:`domain.kernel.history`,
bound to Dungeon Lords). Nothing is deleted: each is an event (or, for a fork, a new game) and the
events it takes back stay in the log, marked (:func:`domain.games.dungeon_lords.history.taken_back`).

    undo_event(log, player)             -> InputUndone         the latest input still standing
    correct(log, number, command)       -> Correction          a plan: the events to append, what is
                                                                kept, what is superseded (dry run = do
                                                                not store it)
    fork(log, at)                       -> [Event, ...]        the start of a new game
"""

from __future__ import annotations

from domain.kernel.history import Correction

from .history import HISTORY, REVEALS

label = HISTORY.label
undo_event = HISTORY.undo_event
correct = HISTORY.correct
input_points = HISTORY.input_points
fork = HISTORY.fork
effective = HISTORY.effective

__all__ = ["REVEALS", "Correction", "correct", "effective", "fork", "input_points", "label", "undo_event"]
