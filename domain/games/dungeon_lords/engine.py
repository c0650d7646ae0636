"""Dungeon Lords on the kernel's decide/evolve loop: :data:`RULES`, :data:`ENGINE` and the entry points.

    pending(state)         -> Pending        what the game waits for
    decide(state, command) -> [Event, ...]   validates; raises RuleViolation; no side effects
    evolve(state, event)   -> state          applies one event (:mod:`.evolve`; a stored event from before
                                             its settled fields existed is settled first: phases.settle)
    execute(state, command) -> (events, state)   decide, apply, and (digital) draw with the seeded RNG

The loop itself is the kernel's (:class:`domain.kernel.Engine`); this module says what is
Dungeon Lords about it: the flow (:mod:`.flow`), the fold, the command union, table rulings, the values
the rules settle for each event before it is applied and stored (:mod:`.phases.settle`), and the
``EvilometerMoved`` events derived after every event that moved an Evil Marker.
"""

from __future__ import annotations

import random
from typing import Any

from domain.kernel import CHANCE, Engine, GameInfo, Pending, RuleIndex
from domain.kernel.setup import setup_problem

from . import flow
from .commands import RecordDraw, TableRuling, parse_command
from .errors import RuleViolation, refuse
from .events import Event, EvilometerMoved, GameStarted, InputCorrected, InputUndone, ScenarioLoaded, Seat
from .evolve import HANDLERS, evolve
from .game_info import COLORS, GAME_NAME, MAX_PLAYERS, MIN_PLAYERS, VARIANTS
from .phases.settle import decided_settlers, evolve_stored, fold_stored, settle
from .registered import playable_catalog
from .rules_index import INDEX
from .ruleset import canonical, catalog_overlays, modules_problem
from .state import GameState, clone
from .table_ruling import ruling_events

INFO = GameInfo(
    name="dungeon_lords",
    title=GAME_NAME,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    chance="explicit",
    information="imperfect",
    variants=VARIANTS,
    topic_prefix="dl.Game.",
    record_format="dungeon-lords-record",
    # --- bounds (checked by the conformance suite against random games; random bots take 260-380 inputs)
    # Inputs: set-up takes at most ~20 draws and choices; a Building round at most ~200 (6 draws of the New
    # Round Phase and the opportunity, 4 players x 3 orders, 12 minions each resolving in at most ~8 inputs:
    # a tunnel at a time, trap draws and discards, Pay Day and a Special Event item by item, production
    # room by room, the pet draft, the Festival's bids and picks); Combat at most 5 rounds x 4 dungeons x
    # ~20 (a plan, a card draw, traps in order, spells, monsters one by one, healing, the conquest). Two
    # Years of 5 rounds: 2 x (5 x 200 + 400) + 20 = 2,820, so 3,000.
    max_inputs=3_000,
    # Scores (Rulebook › Scoring): at worst all 20 squares conquered (-2 each: -40) and ~60 red marks (-3
    # each: two Tax events of at most 10 unpaid gold and two Pay Days of unpaid monsters): -220, so -250. At
    # best 10 unconquered rooms (no two adjacent on 4 x 5 squares: +20), every monster (~40), every
    # adventurer and paladin in prison (~32 x 2 + 6 x 6), 7 exclusive titles (+21) and the Hall of Fame
    # (+14), the point-scoring rooms (~3 per monster of a kind) and Festival Season's pet show and Foyer:
    # under 300.
    min_score=-250,
    max_score=300,
    scores=("GameScored", "scores", "total"),
)


DECIDED = decided_settlers()  # event class -> settles a just-decided event in place (phases/settle.py)
#: the events whose fold may move a player's Evil Marker: those that carry where it ends (settled), and
#: those that begin or restore a whole state (the fold moves it nowhere else: evolve/)
MOVES_EVIL = frozenset(
    {cls for cls in DECIDED if {"evilometer", "evilometers", "resulting"} & set(cls.settled)}
    | {GameStarted, ScenarioLoaded, InputUndone, InputCorrected, EvilometerMoved}
)


class DungeonLordsRules:
    """The :class:`domain.kernel.GameRules` of the base game."""

    info: GameInfo = INFO
    index: RuleIndex = INDEX

    @staticmethod
    def draw_command(cards: list[str]) -> RecordDraw:
        """A draw as the recorder types it (the seeded RNG answers with the same command)."""
        return RecordDraw(cards=cards)

    step = staticmethod(flow.step)
    evolve = staticmethod(evolve_stored)  # the kernel folds stored logs with it
    fold = staticmethod(fold_stored)  # ... and whole logs with this: the same, one call an event fewer
    clone = staticmethod(clone)
    parse_command = staticmethod(parse_command)

    @staticmethod
    def apply(state: GameState, e: Event, out: list[Any]) -> GameState:
        """Settle ``e`` (:func:`.phases.settle.settle`: what the rules work out from the game as it stands),
        apply it to ``state`` (in place) and append it to ``out``, followed by an
        :class:`~.events.EvilometerMoved` for each Evil Marker it moved: the Evilometer track is then
        explicit in the log (analytics read it without re-applying the rules)."""
        cls = type(e)
        if cls in DECIDED:  # (a membership test and an index: cheaper than dict.get, once per event)
            DECIDED[cls](state, e)
        if cls not in MOVES_EVIL:  # nearly every event: the fold moves no Evil Marker
            handler = HANDLERS.get(cls)
            if handler is None:  # an undo or a correction: a whole state restored
                state = evolve(state, e)
            else:  # evolve's own dispatch, one call fewer
                handler(state, e)
                state.version += 1
            out.append(e)
            return state
        before = tuple([p.evil for p in state.players])
        state = evolve(state, e)
        out.append(e)
        if tuple([p.evil for p in state.players]) == before:
            return state  # nearly every event: no Evil Marker moved
        for p, was in zip(state.players, before):
            if p.evil != was:
                moved = EvilometerMoved(color=p.color, evil=p.evil, steps=p.evil - was)
                state = evolve(state, moved)
                out.append(moved)
        return state

    @staticmethod
    def outside_turn(state: GameState, command: Any) -> list[Any] | None:
        """A table ruling is taken whatever the game waits for (Rulebook: the table's word is final), and
        so is a rules module's command registered as such (:func:`.flow.register_outside_turn`)."""
        if isinstance(command, TableRuling):
            return ruling_events(state, command)
        handler = flow.OUTSIDE_TURN.get(type(command))
        return handler(state, command) if handler is not None else None


RULES = DungeonLordsRules()
ENGINE = Engine(RULES)

advance = ENGINE.advance
pending = ENGINE.pending
execute_pure = ENGINE.execute_pure
decide = ENGINE.decide
random_draw = ENGINE.random_draw
resolve_chance = ENGINE.resolve_chance
execute = ENGINE.execute


def replay(events: list[Event]) -> GameState:
    """Fold a whole log (no validation): the state it describes."""
    return ENGINE.replay(events)


def new_game(
    names: list[str],
    *,
    variant: str = "first_game",
    mode: str = "digital",
    seed: int | None = None,
    starting_player: int = 0,
    bots: list[str] | None = None,
    origin: str | None = None,
    catalog_overrides: dict[str, Any] | None = None,
    modules: list[str] | None = None,
) -> tuple[list[Event], GameState]:
    """Start a game: ``GameStarted`` and everything up to the first input.

    Args:
        names: 2 to 4 player names, clockwise; they take the colours red, blue, green, yellow.
        variant: "first_game" or "full" (Rulebook › First Game / Full Game).
        mode: "digital" (the RNG draws) or "tabletop" (a person records each draw).
        seed: RNG seed for digital play (random if None).
        starting_player: index of the starting player in ``names``.
        bots: for a simulated game, the bot playing each seat (recorded in ``GameStarted``).
        origin: where the game comes from (``.events.ORIGINS``); default "simulated" with bots,
            else "recorded".
        catalog_overrides: the table's catalog overrides (a JSON object in the catalog's schema, may be
            partial), recorded whole in ``GameStarted`` so the game replays the same under any later catalog.
        modules: the rules modules to play (an expansion's parts: ``ruleset.MODULES``; ``ruleset.RULESETS``
            names sets of them), recorded in ``GameStarted``; None or [] for the base game.

    Raises:
        RuleViolation: SETUP_INVALID for a wrong player count, variant, mode, seed, starting player,
            catalog override or rules module (unknown, missing one it requires, or not playable yet).
    """
    problem = setup_problem(INFO, names, variant, mode, seed, bots)
    if problem:
        raise refuse("SETUP_INVALID", problem, "setup.players")
    if not 0 <= starting_player < len(names):
        raise refuse("SETUP_INVALID", "starting player must be 0..{last}", "setup.players", last=len(names) - 1)
    chosen = canonical(modules or [])
    problem = modules_problem(chosen)
    if problem:
        raise refuse("SETUP_INVALID", problem, "setup.modules")
    if mode == "digital" and seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        cat = playable_catalog(catalog_overrides, catalog_overlays(chosen))
    except ValueError as exc:
        raise refuse("SETUP_INVALID", str(exc), "setup.catalog") from None
    seats = [Seat(color=c, name=n, bot=bots[i] if bots else None) for i, (c, n) in enumerate(zip(COLORS, names))]
    start = GameStarted(
        players=seats,
        variant=variant,
        mode=mode,
        seed=seed,
        starting_player=seats[starting_player].color,
        catalog_hash=cat.content_hash,
        catalog_overrides=catalog_overrides or None,
        origin=origin or ("simulated" if bots else "recorded"),
        modules=chosen,
    )
    return ENGINE.start([settle(None, start)])


def from_scenario(
    data: Any,  # a dict or JSON text; anything else is refused (compiled, a narrower type would raise TypeError)
    catalog_overrides: dict[str, Any] | None = None,
) -> tuple[list[Event], GameState]:
    """Start a game from a scenario (a dict or its JSON text: the caller reads a file): ``ScenarioLoaded`` and every
    event up to the first input. A scenario that loads must also play on: random bots play a copy of it to
    the end first (:func:`~domain.kernel.play.continuation_problem`).

    Raises:
        RuleViolation: SCENARIO_INVALID for a bad scenario or one that cannot be played on.
    """
    from domain.kernel import continuation_problem

    from .scenario import load_scenario, unplayable

    loaded = load_scenario(data, catalog_overrides)
    try:
        events, state = ENGINE.start(loaded)
    except Exception as exc:  # noqa: BLE001  (a position the rules cannot take is bad input, not a bug)
        raise unplayable(f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}") from None
    problem = continuation_problem(ENGINE, state)
    if problem:
        raise unplayable(problem)
    return events, state


__all__ = [
    "CHANCE",
    "ENGINE",
    "RULES",
    "Pending",
    "RuleViolation",
    "advance",
    "decide",
    "execute",
    "execute_pure",
    "from_scenario",
    "new_game",
    "pending",
    "replay",
    "resolve_chance",
]
