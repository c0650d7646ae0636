"""Monster Inn's rules as the kernel runs them (:data:`RULES`, :data:`ENGINE`) and how a game starts."""

from __future__ import annotations

import random
from typing import Any

from domain.kernel import Engine, GameInfo
from domain.kernel.setup import setup_problem

from . import events as ev
from .catalog import catalog_with, override_problem
from .commands import RecordDraw, parse_command
from .evolve import evolve
from .flow import step
from .options import DEFAULT_RULES, rules_problem
from .refusals import INDEX, refuse
from .state import GameState, clone

INFO = GameInfo(
    name="monster_inn",
    title="Monster Inn",
    min_players=3,
    max_players=5,
    chance="explicit",
    information="imperfect",
    variants=("standard", "open_treasure"),
    topic_prefix="mi.Game.",
    record_format="monster-inn-record",
    # --- bounds (checked by the conformance suite against random games; random bots take at most ~125)
    # Inputs: the deck's 40 cards fill an Inn of a card per seat each round, so at most 40 / 3 = 13 rounds
    # (3 players) and 8 (5 players); a round asks each seat at most 4 things (Remain / Exchange / Leave, the
    # humanoid bonus, Support, a treasure) and draws the Inn (1 input), and scoring turns up each of the
    # 20 humanoids (20 draws): 13 x (3 x 4 + 1) + 20 = 189, and 8 x (5 x 4 + 1) + 20 = 188, so 400.
    max_inputs=400,
    # Scores (Fame): every monster's skulls (50 in all) and 1 Fame per 3 of the 50 pieces of treasure (16):
    # 66 at most; the humanoids' skulls (50 in all) over weaker monsters at worst, -50.
    min_score=-50,
    max_score=66,
    scores=("GameScored", "results", "fame"),
)
RULESET_VERSION = "monster-inn-2022/1"
SEATS = ("p1", "p2", "p3", "p4", "p5")


class MonsterInnRules:
    """The :class:`~domain.kernel.GameRules` of Monster Inn."""

    info = INFO
    index = INDEX
    step = staticmethod(step)
    evolve = staticmethod(evolve)
    clone = staticmethod(clone)
    parse_command = staticmethod(parse_command)

    @staticmethod
    def draw_command(cards: list[str]) -> RecordDraw:
        return RecordDraw(cards=cards)

    @staticmethod
    def apply(state: GameState, event: ev.Event, out: list[Any]) -> GameState:
        out.append(event)
        return evolve(state, event)

    @staticmethod
    def outside_turn(state: GameState, command: Any) -> list[Any] | None:
        return None


RULES = MonsterInnRules()
ENGINE = Engine(RULES)


def new_game(
    names: list[str],
    variant: str = "standard",
    mode: str = "digital",
    seed: int | None = None,
    starting_player: int | None = None,
    bots: list[str] | None = None,
    origin: str | None = None,
    catalog_overrides: dict[str, Any] | None = None,
    rules: dict[str, str] | None = None,
) -> tuple[list[ev.Event], GameState]:
    """Start a game: ``GameStarted`` and everything up to the first input (the first Inn's draw).

    Args:
        names: 3 to 5 player names, clockwise; they sit in seats p1, p2, ...
        variant: ``"standard"`` (secret supplies) or ``"open_treasure"`` (rulebook › Variant).
        mode: ``"digital"`` (the RNG draws) or ``"tabletop"`` (a person records each draw).
        seed: RNG seed for digital play (random if None).
        starting_player: index into ``names``; None: drawn at random (digital, from the seed) or the
            first seat (tabletop: the table has drawn it, and enters it).
        bots: for a simulated game, the bot of each seat. origin: as Dungeon Lords' (recorded/simulated...).
        catalog_overrides: the table's card list changes (see :mod:`.catalog`).
        rules: provisional rule choices (:data:`.options.RULE_OPTIONS`), the defaults for the rest.

    Raises:
        RuleViolation: SETUP_INVALID, with the reason.
    """
    problem = setup_problem(INFO, names, variant, mode, seed, bots)
    if problem:
        raise refuse("SETUP_INVALID", problem, "setup.players")
    problem = rules_problem(rules or {})
    if problem:
        raise refuse("SETUP_INVALID", problem, "setup.rules")
    try:
        cat = catalog_with(catalog_overrides)
    except ValueError as exc:
        raise refuse("SETUP_INVALID", override_problem(exc), "setup.catalog") from None
    if mode == "digital" and seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if starting_player is None:
        starting_player = random.Random(f"{seed}:start").randrange(len(names)) if mode == "digital" else 0
    if not 0 <= starting_player < len(names):
        raise refuse("SETUP_INVALID", "starting player must be 0..{last}", last=len(names) - 1)
    seats = [ev.Seat(seat=SEATS[i], name=n, bot=bots[i] if bots else None) for i, n in enumerate(names)]
    start = ev.GameStarted(
        players=seats,
        variant=variant,
        mode=mode,
        seed=seed,
        starting_player=seats[starting_player].seat,
        catalog_hash=cat.content_hash,
        catalog_overrides=catalog_overrides or None,
        rules={**DEFAULT_RULES, **(rules or {})},
        origin=origin or ("simulated" if bots else "recorded"),
    )
    return ENGINE.start([start])
