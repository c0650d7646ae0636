"""Tabletop games with Festival Season's Unique Opportunities for the tests: the recorder names the boards that
come up, the bots answer every decision (keeping away from a board whose rules would not be built, should a
catalog name one) and every other draw is random; the invariants are checked after every command."""

from __future__ import annotations

import random

import pytest

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords.actions import ACTIONS
from domain.games.dungeon_lords.commands import ChooseOrders, RecordDraw
from domain.games.dungeon_lords.invariants import problems
from domain.games.dungeon_lords.phases.common import catalog
from domain.kernel import CHANCE, RuleViolation

COLORS = ("red", "blue", "green", "yellow")
BUILT = (
    "harvest_food",
    "masquerade",
    "invest_gold",
    "acquire_pet",
    "hire_expert",
    "rent_rooms",
    "install_traps",
    "improve_tunnels",
)


def chance_bot(boards: list[str], prefer: dict[str, str] | None = None):
    """A recorder at the table: names ``boards`` in turn as the opportunity boards come up; for other
    draws, ``prefer`` (what is drawn -> a component) names that component when it can come up, and the
    rest is drawn at random from what can still come up (never an unseen card: the tests see every draw)."""
    queue = list(boards)

    def bot(state, pending, actor, rng: random.Random):
        spec = pending.chance
        if spec.what == "opportunities":
            return RecordDraw(cards=[queue.pop(0)])
        pool = [c for c in spec.pool if c != "?"]
        wanted = (prefer or {}).get(spec.what)
        if wanted in pool and spec.count == 1:
            return RecordDraw(cards=[wanted])
        return RecordDraw(cards=rng.sample(pool, spec.count))

    return bot


def _unbuilt_place(state) -> str | None:
    """The place covered by a board whose rules are not built yet (no minion of a bot goes there)."""
    live = state.board.opportunity
    return catalog(state).opportunities[live].replaces if live and live not in ACTIONS else None


def play(
    boards: list[str],
    players: int = 4,
    seed: int = 1,
    until=None,
    first_orders: dict[str, str] | None = None,
    prefer: dict[str, str] | None = None,
    modules: tuple[str, ...] = ("five_seasons", "unique_opportunities"),
    max_commands: int = 20_000,
):
    """A tabletop game; stops at the first state where ``until(state)`` holds (or the end). ``first_orders``:
    colour -> the order card that player plays first whenever it can (other choices at random).
    Returns (events, state)."""
    names = [f"P{k + 1}" for k in range(players)]
    events, state = GAME.new_game(names, mode="tabletop", variant="full", modules=list(modules))
    rng = random.Random(seed)
    recorder = chance_bot(boards, prefer)
    for _ in range(max_commands):
        if until is not None and until(state):
            return events, state
        pending = GAME.engine.pending(state)
        if not pending.actors:
            return events, state
        actor = pending.actors[0]
        if actor == CHANCE:
            command = recorder(state, pending, actor, rng)
        else:
            options = pending.options(actor)
            avoid = _unbuilt_place(state)
            if avoid:
                options = [
                    o for o in options if not (isinstance(o, ChooseOrders) and avoid in (*o.orders, o.nonplayer_order))
                ]
            wanted = (first_orders or {}).get(actor)
            preferred = [o for o in options if isinstance(o, ChooseOrders) and o.orders[0] == wanted]
            command = rng.choice(preferred or options)
        new, state = GAME.engine.execute(state, command)
        found = problems(state)
        assert not found, f"after {command}: {found}"
        events += new
    raise AssertionError("the game did not end")


def execute(state, command):
    """``command``, then the draws it leads to (a recorder at the table): (events, state)."""
    events, state = GAME.engine.execute(state, command)
    rng = random.Random(0)
    while (pending := GAME.engine.pending(state)).actors == [CHANCE]:
        more, state = GAME.engine.execute(state, chance_bot([])(state, pending, CHANCE, rng))
        events += more
    return events, state


def refused(state, command) -> str:
    """The refusal code of ``command`` (it must be refused)."""
    with pytest.raises(RuleViolation) as caught:
        GAME.engine.execute(state, command)
    return caught.value.code


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]
