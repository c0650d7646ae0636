"""The pure decider API: ``pending``, ``decide``, ``evolve`` and the loop that runs consequences.

    pending(state)         -> Pending        what the game waits for
    decide(state, command) -> [Event, ...]   validates; raises RuleViolation; no side effects
    evolve(state, event)   -> state          applies one event (domain.evolve)

``decide`` returns the decision event(s) and every consequence after them, up to the next
point where input is needed (architecture §2). In digital play, :func:`execute` also answers chance
nodes with a seeded RNG derived from the game's seed and the event count, so a stored game
can be resumed in another process and still draws the same way.
"""

from __future__ import annotations

import random

from . import flow
from .catalog import load_catalog
from .commands import RecordDraw, TableRuling, parse_command
from .errors import RuleViolation, refuse
from .events import SEED_LIMIT, Event, EvilometerMoved, GameStarted, Seat
from .evolve import evolve
from .game_info import COLORS, MAX_PLAYERS, MIN_PLAYERS, MODES, VARIANTS
from .pending import CHANCE, Pending
from .state import GameState, clone

MAX_AUTO_STEPS = 10_000  # a guard: the flow must always reach an input


def _apply(state: GameState, e: Event, out: list[Event]) -> GameState:
    """Apply ``e`` to ``state`` (in place) and append it to ``out``, followed by an
    :class:`~domain.events.EvilometerMoved` for each Evil Marker it moved: the Evilometer track is
    then explicit in the log (analytics read it without re-applying the rules)."""
    before = [p.evil for p in state.players]
    state = evolve(state, e)
    out.append(e)
    for p, was in zip(state.players, before):
        if p.evil != was:
            moved = EvilometerMoved(color=p.color, evil=p.evil, steps=p.evil - was)
            state = evolve(state, moved)
            out.append(moved)
    return state


def advance(state: GameState) -> tuple[list[Event], GameState]:
    """Apply consequences in place until the game waits for input."""
    out: list[Event] = []
    for _ in range(MAX_AUTO_STEPS):
        result = flow.step(state)
        if isinstance(result, Pending):
            return out, state
        for e in result:
            state = _apply(state, e, out)
    raise RuntimeError("the flow did not reach an input; this is an engine bug")


def pending(state: GameState) -> Pending:
    """What the game waits for now. ``state`` must be advanced (every stored state is)."""
    result = flow.step(state)
    if not isinstance(result, Pending):
        raise RuntimeError("the state is not at an input point; call advance() first")
    return result


def _check_addressed(p: Pending, command) -> None:
    if not p.accepts or not isinstance(command, p.accepts):
        wanted = ", ".join(sorted({c.model_fields["type"].default for c in p.accepts})) or "nothing"
        raise refuse(
            "UNEXPECTED_COMMAND",
            f"the game waits for: {p.prompt} (commands accepted: {wanted})",
            p.rule if p.kind == "combat" else "flow.turn",
        )
    if p.is_chance:
        return
    if command.player not in p.actors:
        who = ", ".join(p.actors)
        raise refuse(
            "NOT_YOUR_TURN",
            f"{command.player} cannot act now; the game waits for {who}: {p.prompt}",
            "flow.not_your_turn",
        )


def _chance_events(p: Pending, command: RecordDraw) -> list[Event]:
    problem = p.chance.problem(list(command.cards))
    if problem:
        raise refuse("DRAW_IMPOSSIBLE", problem, "input.chance")
    return p.chance.build(list(command.cards))


def _ruling_event(state: GameState, ruling: TableRuling):
    """Check that a table ruling can be applied: known players; results in the game's ranges (no negative
    stock, the Evil Marker on the Evilometer, damage on adventurers in the party, never below zero);
    tiles that exist, named once, conquered only if not yet and restored only if conquered.

    Raises:
        RuleViolation: RULING_INVALID naming the player, the field and the reason.
    """
    from .events import TableRulingApplied
    from .phases.common import EVIL_BOTTOM, EVIL_TOP

    def bad(color: str, field: str, why: str) -> RuleViolation:
        return refuse("RULING_INVALID", f"changes.{color}.{field}: {why}", "record.ruling")

    if not ruling.reason.strip():
        raise refuse("RULING_INVALID", "say why the table ruled so (reason)", "record.ruling")
    if not ruling.changes:
        raise refuse(
            "RULING_INVALID", "a ruling changes something: give changes for at least one player", "record.ruling"
        )
    for color, ch in ruling.changes.items():
        try:
            p = state.player(color)
        except KeyError:
            raise refuse(
                "RULING_INVALID",
                f"{color!r} is not a player of this game ({', '.join(q.color for q in state.players)})",
                "record.ruling",
            ) from None
        for res in ("gold", "food", "imps", "red_marks"):
            if getattr(p, res) + getattr(ch, res) < 0:
                raise bad(
                    color, res, f"{color} has {getattr(p, res)}, so {getattr(ch, res)} would leave a negative stock"
                )
        if not EVIL_BOTTOM <= p.evil + ch.evil <= EVIL_TOP:
            raise bad(
                color,
                "evil",
                f"the Evil Marker is on {p.evil}; {ch.evil:+d} steps would leave the Evilometer "
                f"({EVIL_BOTTOM}..{EVIL_TOP})",
            )
        for who, n in ch.damage.items():
            on_paladin = state.paladin is not None and who == state.paladin.id and state.paladin.holder == color
            if who not in p.party and not on_paladin:
                raise bad(color, f"damage.{who}", f"{who} is not in {color}'s party")
            had = state.paladin.damage if on_paladin else p.damage.get(who, 0)
            if had + n < 0:
                raise bad(color, f"damage.{who}", f"{who} has {had} damage; {n} would leave less than none")
        for field, squares in (("conquered", ch.conquered), ("restored", ch.restored)):
            if len(set(map(tuple, squares))) != len(squares):
                raise bad(color, field, "a tile is named twice")
            for r, c in squares:
                cell = p.dungeon[r][c] if 0 <= r < len(p.dungeon) and 0 <= c < len(p.dungeon[r]) else None
                if cell is None:
                    raise bad(color, field, f"{color} has no tile on {[r, c]}")
                if cell.conquered == (field == "conquered"):
                    raise bad(
                        color, field, f"the tile on {[r, c]} is {'already' if cell.conquered else 'not'} conquered"
                    )
        if set(map(tuple, ch.conquered)) & set(map(tuple, ch.restored)):
            raise bad(color, "restored", "a tile cannot be conquered and restored by one ruling")
    return TableRulingApplied(reason=ruling.reason, changes=ruling.plain_changes())


def execute_pure(state: GameState, command, inplace: bool = False) -> tuple[list[Event], GameState]:
    """Decide ``command`` against ``state`` and return (events, new state). ``state`` is untouched
    unless ``inplace`` (faster, for bots and simulation: a refused command still changes nothing,
    because every check runs before the first event is applied)."""
    if isinstance(command, dict | str):
        command = parse_command(command)
    p = pending(state)
    if isinstance(command, TableRuling):
        decided = [_ruling_event(state, command)]
    else:
        _check_addressed(p, command)
        decided = _chance_events(p, command) if p.is_chance else p.handle(state, command)
    work = state if inplace else clone(state)
    out: list[Event] = []
    for e in decided:
        work = _apply(work, e, out)
    more, work = advance(work)
    return out + more, work


def decide(state: GameState, command) -> list[Event]:
    """Validate ``command`` and return its events (decision, chance or consequence), in order.

    Raises:
        RuleViolation: the command is malformed, not expected now, or breaks a rule.
    """
    return execute_pure(state, command)[0]


def random_draw(state: GameState, p: Pending) -> RecordDraw:
    """The seeded RNG's answer to a chance node (digital play)."""
    rng = random.Random(f"{state.seed}:{state.version}")
    return RecordDraw(cards=rng.sample(p.chance.pool, p.chance.count))


def resolve_chance(state: GameState, inplace: bool = False) -> tuple[list[Event], GameState]:
    """In digital mode, answer chance nodes with the RNG until a player must act."""
    out: list[Event] = []
    while state.mode == "digital":
        p = pending(state)
        if not p.is_chance:
            break
        events, state = execute_pure(state, random_draw(state, p), inplace=inplace)
        out += events
    return out, state


def execute(state: GameState, command, inplace: bool = False) -> tuple[list[Event], GameState]:
    """One command as the application runs it: decide, apply, then (digital) resolve chance.
    ``inplace`` mutates ``state`` instead of working on a copy (see :func:`execute_pure`)."""
    events, state = execute_pure(state, command, inplace=inplace)
    more, state = resolve_chance(state, inplace=inplace)
    return events + more, state


def new_game(
    names: list[str],
    *,
    variant: str = "first_game",
    mode: str = "digital",
    seed: int | None = None,
    starting_player: int = 0,
    bots: list[str] | None = None,
    origin: str | None = None,
) -> tuple[list[Event], GameState]:
    """Start a game: ``GameStarted`` and everything up to the first input.

    Args:
        names: 2 to 4 player names, clockwise; they take the colours red, blue, green, yellow.
        variant: "first_game" or "full" (Rulebook › First Game / Full Game).
        mode: "digital" (the RNG draws) or "tabletop" (a person records each draw).
        seed: RNG seed for digital play (random if None).
        starting_player: index of the starting player in ``names``.
        bots: for a simulated game, the bot playing each seat (recorded in ``GameStarted``).
        origin: where the game comes from (``domain.events.ORIGINS``); default "simulated" with bots,
            else "recorded".

    Raises:
        RuleViolation: SETUP_INVALID for a wrong player count, variant, mode, seed or starting player.
    """
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise refuse("SETUP_INVALID", f"Dungeon Lords is for 2 to 4 players, not {len(names)}", "setup.players")
    if variant not in VARIANTS or mode not in MODES:
        raise refuse("SETUP_INVALID", f"variant must be one of {VARIANTS} and mode one of {MODES}", "setup.players")
    if not 0 <= starting_player < len(names):
        raise refuse("SETUP_INVALID", f"starting player must be 0..{len(names) - 1}", "setup.players")
    if any(not isinstance(n, str) or not n.strip() or len(n) > 60 for n in names):
        raise refuse("SETUP_INVALID", "every player needs a name of 1 to 60 characters", "setup.players")
    if seed is not None and not (isinstance(seed, int) and 0 <= seed < SEED_LIMIT):
        raise refuse("SETUP_INVALID", f"a seed is a whole number from 0 to 2^63 - 1, not {seed}", "setup.players")
    if mode == "digital" and seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if bots is not None and len(bots) != len(names):
        raise refuse("SETUP_INVALID", "name one bot per seat", "setup.players")
    seats = [Seat(color=c, name=n, bot=bots[i] if bots else None) for i, (c, n) in enumerate(zip(COLORS, names))]
    start = GameStarted(
        players=seats,
        variant=variant,
        mode=mode,
        seed=seed,
        starting_player=seats[starting_player].color,
        catalog_hash=load_catalog().content_hash,
        origin=origin or ("simulated" if bots else "recorded"),
    )
    state = evolve(None, start)
    events, state = advance(state)
    more, state = resolve_chance(state)
    return [start, *events, *more], state


def replay(events: list[Event]) -> GameState:
    """Fold a whole log (no validation): the state it describes."""
    state = None
    for e in events:
        state = evolve(state, e)
    return state


__all__ = [
    "advance",
    "decide",
    "execute",
    "execute_pure",
    "new_game",
    "pending",
    "replay",
    "resolve_chance",
    "RuleViolation",
    "CHANCE",
]


def from_scenario(data) -> tuple[list[Event], GameState]:
    """Start a game from a scenario (dict, JSON text or file path): ``ScenarioLoaded`` and every
    event up to the first input. Raises RuleViolation (SCENARIO_INVALID) for a bad scenario."""
    from .scenario import load_scenario

    loaded = load_scenario(data)
    state = replay(loaded)
    events, state = advance(state)
    more, state = resolve_chance(state)
    return [*loaded, *events, *more], state
