"""evolve(state, event) -> state: apply one event. No validation, no randomness, no I/O, and no decision.

The fold applies what each event says. What the rules work out from the game as it stands (where an Evil
Marker ends on the track, how many Trap Cards are drawn, which Troll Tokens stay busy, which pets fight on,
the minion an input resolves, the table at set-up) is *settled* by the rules (:mod:`..phases.settle`) and
carried by the event; so this package imports neither ``phases/`` nor the catalog (an import-linter
contract). Its handlers sit in one module per phase they fold for, in one dispatch table
(:data:`.common.HANDLERS`).

The state is mutated in place and returned (callers that need the old state clone first:
see :func:`domain.games.dungeon_lords.engine.decide`).
"""

from __future__ import annotations

import copy
import pickle

from .. import events as ev
from ..state import GameState, from_dict
from . import (  # noqa: F401  (each registers its handlers in HANDLERS)
    actions,
    adventurers,
    combat,
    event_phase,
    festival,
    opportunities,
    orders,
    pets,
    production,
    records,
    rounds,
    setup,
)
from .common import HANDLERS

#: the table a ``setup`` dict lays out, pickled: id(setup) -> (setup, bytes, or None until a second game is set
#: up from it). The settled ``setup`` of a simulated game is the set-up's memoised dict
#: (``phases.setup.setup_of``), so games set up alike unpickle one table instead of copying and converting the
#: dict each time; a stored log's ``setup`` is a dict of its own, met once: it is converted, not pickled too.
#: The dict is held, so its id stays its own
_TABLES: dict[int, tuple[dict, bytes | None]] = {}


def _table(laid: dict) -> GameState:
    """The state ``laid`` describes (sharing no list with it), without a seed."""
    return from_dict({**pickle.loads(pickle.dumps(laid, pickle.HIGHEST_PROTOCOL)), "seed": None})


def _start(e: ev.GameStarted) -> GameState:
    """The table the event's settled ``setup`` lays out, with the event's seed (a state of its own: it
    shares no list with the event, nor with another game's)."""
    laid = e.setup
    assert laid is not None, "GameStarted settled (phases.settle)"
    kept = _TABLES.get(id(laid))
    if kept is None or kept[0] is not laid:  # a set-up first met: converted, and remembered
        if len(_TABLES) >= 256:  # a bound: stored games bring set-ups of their own
            _TABLES.clear()
        _TABLES[id(laid)] = (laid, None)
        state = _table(laid)
    else:
        blob = kept[1]
        if blob is None:  # the second game set up alike: its table is kept pickled from now on
            blob = pickle.dumps(_table(laid), pickle.HIGHEST_PROTOCOL)
            _TABLES[id(laid)] = (laid, blob)
        state = pickle.loads(blob)
    state.seed = e.seed
    return state


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """Fold one event into ``state`` (in place; None before the first event) and return it.

    Raises:
        ValueError: an event other than the first arrives with no state.
    """
    handler = HANDLERS.get(type(event))  # nearly every event: the four below begin or restore a state
    if handler is not None and state is not None:
        handler(state, event)
    elif isinstance(event, ev.GameStarted):
        state = _start(event)
    elif isinstance(event, ev.ScenarioLoaded):
        state = from_dict(copy.deepcopy(event.state))  # never share lists with the event
    elif state is None:
        raise ValueError(f"{event.type} cannot begin a game (GameStarted or ScenarioLoaded does)")
    elif isinstance(event, (ev.InputUndone, ev.InputCorrected)):
        version, archived = state.version, state.archived
        state = from_dict(copy.deepcopy(event.state))  # the game as it was before the undone input
        state.version = version  # but the log goes on: the RNG draws anew
        state.archived = archived  # archiving is not an input: it stays
    else:
        HANDLERS[type(event)](state, event)
    state.version += 1
    return state


__all__ = ["HANDLERS", "evolve"]
