"""Monster Inn (Pegasus Spiele 2022, by Roman Pelek): the second game on the kernel.

:data:`GAME` is what :mod:`domain.games` registers under ``"monster_inn"``. Inside: the card list
(``catalog.py``, ``data/cards.json``; values the rulebook does not print are provisional), the round
(``inn.py``), scoring (``scoring.py``), the flow (``flow.py``), the fold (``evolve.py``), views, the
record format's header (``record.py``), the provisional rules as options (``options.py``) and bots.
"""

from __future__ import annotations

from domain.kernel import GamePackage

from .audit import audit, explain, log_entries
from .bots import BOTS
from .commands import parse_command
from .decisions import DECISIONS
from .describe import describe_command
from .determinize import determinize
from .events import ALL_EVENTS, event_from_json
from .game import ENGINE, INFO, RULES, new_game
from .history import HISTORY
from .invariants import problems
from .options import RULE_OPTIONS
from .presentation import UI
from .record import CHAIN, export, rebuild
from .state import GameState, from_dict, to_dict
from .views import view


def from_scenario(data: object, catalog_overrides: dict | None = None) -> tuple[list, object]:
    """A game from a position (a dict or its JSON text: the caller reads a file; see :mod:`.scenario`): its
    events and state.
    A position keeps the card list it names; ``catalog_overrides`` is not used. A position that loads
    must also play on: random bots play a copy of it to the end first.

    Raises:
        RuleViolation: SCENARIO_INVALID for a bad position or one that cannot be played on."""
    from domain.kernel import continuation_problem

    from .scenario import load_scenario, unplayable

    loaded = load_scenario(data)  # type: ignore[arg-type]
    try:
        events, state = ENGINE.start(loaded)
    except Exception as exc:  # noqa: BLE001  (a position the rules cannot take is bad input, not a bug)
        raise unplayable(f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}") from None
    problem = continuation_problem(ENGINE, state)  # random bots play a copy to the end first
    if problem:
        raise unplayable(problem)
    return events, state


GAME = GamePackage(
    determinize=determinize,
    rules=RULES,
    engine=ENGINE,
    new_game=new_game,
    from_scenario=from_scenario,
    view=view,
    to_dict=to_dict,
    from_dict=from_dict,
    event_from_json=event_from_json,
    parse_command=parse_command,
    export=export,
    rebuild=rebuild,
    problems=problems,
    decisions=DECISIONS,
    seats=lambda state: state.seats,
    events=ALL_EVENTS,
    chain=CHAIN,
    state_type=GameState,
    history=HISTORY,
    audit=audit,
    bots=BOTS,
    explain=explain,
    component_name=lambda state, card: card,  # the tokens are what the table reads: m7, h6-10
    log_entries=log_entries,
    describe_command=describe_command,
    rule_options=RULE_OPTIONS,
    ui=UI,
)

__all__ = ["ENGINE", "GAME", "INFO", "RULES"]
