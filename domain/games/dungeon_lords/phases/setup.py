"""Set-up: the table a ``GameStarted`` lays out, from the game's catalog and Year plan (Rulebook › Setup).

The rules lay it out once, when the game starts (:func:`table`), and ``GameStarted`` carries it (its settled
``setup``); the fold only copies it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from .. import events as ev
from ..catalog import catalog_for
from ..game_info import COLORS
from ..ruleset import catalog_overlays
from ..state import Board, Cell, GameState, NonPlayer, Paladin, Player, empty_grid, to_dict
from ..year import plan_for


def _instances(type_id: str, copies: int) -> list[str]:
    return [f"{type_id}#{i}" for i in range(1, copies + 1)]


def _players(e: ev.GameStarted, cat: Any) -> tuple[list[Player], list[NonPlayer]]:
    """The seats' player boards (Evil Markers on their start, the starting tunnels, every order card in
    hand) and the colours nobody plays (a 2-player game's non-player colour has an Evil Marker too)."""
    cards = list(cat.order_cards)
    players = []
    for seat in e.players:
        p = Player(color=seat.color, name=seat.name, hand=list(cards), dungeon=empty_grid(), evil=cat.evilometer.start)
        for r, c in cat.dungeon.starting_tunnels:
            p.dungeon[r][c] = Cell("tunnel")
        players.append(p)
    used = {s.color for s in e.players}
    nonplayers = [NonPlayer(color=c, deck=list(cards)) for c in COLORS if c not in used]
    if len(players) == 2:
        nonplayers[0].evil = cat.evilometer.start  # one non-player Evil Counter (Rulebook › Setup)
        for np, p in zip(nonplayers, players):
            np.controller = p.color
    return players, nonplayers


def _board(e: ev.GameStarted, cat: Any) -> Board:
    """The central board: the Years' stacks, the trap and pet decks, the event pool, empty spaces."""
    plan = plan_for(tuple(e.modules))

    def by_year(table):
        return {str(y): [i for t in table.values() if t.year == y for i in _instances(t.id, t.copies)] for y in (1, 2)}

    board = Board(
        monster_stack=by_year(cat.monsters),
        room_stack={str(y): [r.id for r in cat.rooms.values() if r.year == y] for y in (1, 2)},
        adventurer_stack={str(y): [a.id for a in cat.adventurers.values() if a.year == y] for y in (1, 2)},
        trap_deck=[i for t in cat.traps.values() for i in _instances(t.id, t.copies)],
        pet_deck=list(cat.pets),  # Festival Season's (none in the base game)
        event_pool=list(plan.event_tiles),
        spaces={a.id: [None, None, None] for a in cat.actions},
        discards={"monsters": [], "rooms": [], "adventurers": [], "paladins": []},
        box={"combat_cards": [], "special_events": []},
    )
    if e.mode == "tabletop":
        # At a real table the Combat Cards and Special Event Cards lie face down: nobody can record
        # them at set-up. Each is recorded when it becomes known (spied or revealed).
        board.combat_cards, board.next_combat_cards = [""] * plan.combat_cards, [""] * plan.combat_cards
        if e.variant == "full":
            board.special_events = {y: [""] * plan.special_events for y in ("1", "2")}
    return board


def table(e: ev.GameStarted) -> GameState:
    """The state ``e`` starts (seed included), laid out from its recorded catalog and rules modules."""
    cat = catalog_for(e.catalog_hash, e.catalog_overrides, catalog_overlays(e.modules))
    players, nonplayers = _players(e, cat)
    start = next(i for i, s in enumerate(e.players) if s.color == e.starting_player)
    return GameState(
        variant=e.variant,
        mode=e.mode,
        seed=e.seed,
        players=players,
        nonplayers=nonplayers,
        board=_board(e, cat),
        paladins=[Paladin(id=who) for who in plan_for(tuple(e.modules)).paladins[1]],
        starting_player=start,
        first_starting_player=start,
        catalog_hash=e.catalog_hash,
        catalog_overrides=e.catalog_overrides,
        modules=list(e.modules),
    )


def setup_of(e: ev.GameStarted) -> dict[str, Any]:
    """``e``'s settled ``setup``: :func:`table` as a state dict, without the seed (the event has it). The same
    set-up gives the same dict (memoised: simulations start many games alike); nobody changes it (the fold
    copies it)."""
    overrides = json.dumps(e.catalog_overrides, sort_keys=True) if e.catalog_overrides else ""
    seats = tuple((s.color, s.name) for s in e.players)
    return _setup(e.catalog_hash, overrides, tuple(e.modules), e.variant, e.mode, seats, e.starting_player)


@lru_cache(maxsize=256)
def _setup(
    catalog_hash: str, overrides: str, modules: tuple[str, ...], variant: str, mode: str, seats: tuple, starting: str
) -> dict[str, Any]:
    e = ev.GameStarted(
        players=[ev.Seat(color=c, name=n) for c, n in seats],
        variant=variant,
        mode=mode,
        seed=None,
        starting_player=starting,
        catalog_hash=catalog_hash,
        catalog_overrides=json.loads(overrides) if overrides else None,
        modules=list(modules),
    )
    d = to_dict(table(e))
    del d["seed"]
    return d
