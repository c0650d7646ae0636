"""The Production and Orders Retrieval Phase, player by player from the starting player.

Rules: Rulebook › Production and Orders Retrieval Phase; › Second Year (first-year rooms produce
twice); › Appendix › Production Rooms. Engine choices: players act in play order (the rulebook
allows simultaneity "but if someone wants to decide based on the actions of the other players,
then you decide in order"); troll tokens are used before imps, since they can work only here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from domain.kernel import Pending
from domain.kernel.errors import Phrase
from domain.kernel.pending import LazyCommands

from .. import dungeon as dg
from .. import events as ev
from ..actions.dig_tunnels import check_dig, dig_event
from ..commands import Produce, RetrieveOrder
from ..errors import RuleViolation, refuse, refuse_n
from ..state import Cell, GameState, Player, TrapDraw
from .actions import trap_draw_step
from .common import RENTED_ROW, catalog, cell_at, free_imps, rented_squares, trolls, tunnel_effect
from .orders import retrievable
from .rounds import after_phase


def step(state: GameState):
    """The Production and Orders Retrieval Phase for the next player in the queue (Rulebook › Production and
    Orders Retrieval Phase).

    Returns:
        a pending Trap Card draw; ``[OrdersRetrieved]`` when he has no room to use and one order card to take
        back; else a ``Pending`` of his legal ``Produce`` uses and the ``RetrieveOrder`` choices (taking back an
        order ends his turn); once every player is done, the next phase's events."""
    if isinstance(state.awaiting, TrapDraw):
        return trap_draw_step(state)
    if not state.queue:
        return after_phase(state, "production")
    p = state.player(state.queue[0])
    produce = _legal_uses(state, p)  # checked: the events of the one used only are built
    cards = retrievable(state, p)
    if not produce and len(cards) == 1:
        return [_retrieve(state, p, cards[0])]

    color = p.color

    def options(actor: str) -> LazyCommands:  # built when drawn (a bot takes one)
        return LazyCommands(
            [*produce, *cards],
            lambda o: RetrieveOrder(player=color, card=o) if isinstance(o, str) else _build(color, o),
        )

    return Pending(
        kind="production",
        actors=[p.color],
        prompt=lambda: Phrase("{color}: use production rooms, then take back an order card", color=p.color),
        accepts=(Produce, RetrieveOrder),
        handle=_handle,
        options_fn=options,
        rule="production.rooms",
    )


def _handle(state: GameState, cmd):
    p = state.player(state.queue[0])
    if isinstance(cmd, RetrieveOrder):
        cards = retrievable(state, p)
        if cmd.card not in cards:
            raise refuse(
                "RETRIEVE_NOT_ALLOWED",
                "take back the first order or one not carried out: {cards}",
                "orders.retrieval",
                cards=", ".join(cards),
            )
        return [_retrieve(state, p, cmd.card)]
    return produce_events(state, p, cmd)


def _retrieve(state: GameState, p: Player, card: str) -> ev.OrdersRetrieved:
    rest = [c for c in p.orders if c != card]
    return ev.OrdersRetrieved(color=p.color, card=card, inaccessible=rest)


def produce_events(state: GameState, p: Player, cmd: Produce) -> list[ev.Event]:
    """The events of ``p`` using the production room on ``cmd.square`` (Rulebook › Production; Second Year ›
    Rooms and Monsters in the Second Year: first-Year rooms produce twice; Festival Season: a rented room once,
    the imp Training Room sends imps in or out).

    Returns:
        ``[RoomProduced]`` (imps and troll tokens it takes, food paid, the output: gold, food, Evil steps down,
        Trap Cards, a tunnel...) and what the output brings about (a ``TunnelDug`` for a room that digs).

    Raises:
        RuleViolation: ``PRODUCE_NO_ROOM``, ``PRODUCE_NOT_PRODUCTION``, ``PRODUCE_CONQUERED``, ``PRODUCE_ROOM_USED``,
            ``NOT_ENOUGH_IMPS``, ``CANNOT_PAY_FOOD``, ``PRODUCE_OUTPUT``, ``PRODUCE_DIG_SQUARE``,
            ``PRODUCE_NO_DIG``."""
    return _produce(state, p, cmd, True)


def check_produce(state: GameState, p: Player, cmd: Produce | _Use) -> None:
    """Raises what :func:`produce_events` raises for ``cmd`` (a command or a spec), building no event."""
    _produce(state, p, cmd, False)


def _produce(state: GameState, p: Player, cmd: Produce | _Use, build: bool) -> list[ev.Event]:
    """The rules of using a production room, once: with ``build``, its events; else only the checks."""
    cell = cell_at(p, cmd.square)  # a dungeon room, or a rented one beside the board (Festival Season)
    if cell is None or cell.kind != "room" or cell.room is None:
        raise refuse(
            "PRODUCE_NO_ROOM",
            "{color} has no room on {square}",
            "production.rooms",
            color=p.color,
            square=list(cmd.square),
        )
    room = catalog(state).rooms[cell.room]
    if room.production is None:
        raise refuse(
            "PRODUCE_NOT_PRODUCTION", "the {name} does not produce anything", "production.rooms", name=room.name
        )
    if cell.conquered:
        raise refuse(
            "PRODUCE_CONQUERED",
            "the {name} is conquered and has lost its function",
            "production.conquered",
            name=room.name,
        )
    # Second Year: first-year rooms produce twice; a rented room "only once per round, even in Year 2"; the
    # imp Training Room is used once each Production Phase (Festival Season: "1 or 2 in, or 1 or 2 out")
    training = room.production is not None and room.production.output == "training"
    limit = 1 if state.year == 1 or cmd.square[0] == RENTED_ROW or training else 2
    used = p.room_uses.get(dg.key(cmd.square), 0)
    if used >= limit:
        rule = "production.rooms" if state.year == 1 else "production.twice"
        raise refuse_n(
            "PRODUCE_ROOM_USED",
            "the {name} already produced {n} time(s) this round (limit {limit} in Year {year})",
            "the {name} already produced {n} time(s) this round (limit {limit} in Year {year})",
            used,
            rule,
            name=room.name,
            limit=limit,
            year=state.year,
        )
    prod = room.production
    if training:
        trained = _training(state, p, room, cmd, build)
        return [trained] if trained is not None else []
    need = prod.imps - tool_shed_discount(state, p, cmd.square, used)
    free_trolls = trolls(state, p) - p.trolls_busy
    if free_imps(p) + free_trolls < need:
        raise refuse(
            "NOT_ENOUGH_IMPS",
            "the {name} needs {need} imps or troll tokens; {color} has "
            "{free_imps} free imps and {free_trolls} free troll tokens",
            "production.rooms",
            name=room.name,
            need=need,
            color=p.color,
            free_imps=free_imps(p),
            free_trolls=free_trolls,
        )
    if prod.food_input > p.food:
        raise refuse(
            "CANNOT_PAY_FOOD",
            "the {name} needs {food_input} food; {color} has {food}",
            "production.rooms",
            name=room.name,
            food_input=prod.food_input,
            color=p.color,
            food=p.food,
        )
    use_trolls = min(need, free_trolls)
    paid = {"food": prod.food_input} if prod.food_input else {}
    outputs = [prod.output] + ([prod.or_output] if prod.or_output else [])  # Festival Season's Bakery: a choice
    if cmd.output is not None and cmd.output not in outputs:
        raise refuse(
            "PRODUCE_OUTPUT",
            "the {name} produces {outputs}, not {output}",
            "production.rooms",
            name=room.name,
            outputs=" or ".join(outputs),
            output=cmd.output,
        )
    out: list[ev.Event] = []
    if build:  # (before the dig's checks, as it always was: an event has no side effects)
        out.append(
            ev.RoomProduced(
                color=p.color,
                room=room.id,
                square=(cmd.square[0], cmd.square[1]),
                imps=need - use_trolls,
                trolls=use_trolls,
                paid=paid,
                output=cmd.output or prod.output,
            )
        )
    if prod.output == "dig":
        if cmd.dig is None:
            raise refuse(
                "PRODUCE_DIG_SQUARE", "say where the {name}'s tunnel goes (dig)", "production.rooms", name=room.name
            )
        if build:
            out.append(dig_event(p, cmd.dig, 0, 1, False, by_room=True))
        else:
            check_dig(p, cmd.dig, 0, 1, False, by_room=True)
    elif cmd.dig is not None:
        raise refuse("PRODUCE_NO_DIG", "the {name} does not dig", "production.rooms", name=room.name)
    return out


def _training(state: GameState, p: Player, room, cmd: Produce | _Use, build: bool) -> ev.RoomProduced | None:
    """Festival Season › imp Training Room (spec NC-R2): send available imps in, or take trained imps out
    (available at once), 1 in the First Year and 1 or 2 in the Second, never both. Troll Tokens cannot be
    sent. Raises RuleViolation (TRAINING_INVALID, NOT_ENOUGH_IMPS)."""
    most = 1 if state.year == 1 else 2
    if cmd.output not in ("in", "out") or cmd.count > most or cmd.dig is not None:
        raise refuse_n(
            "TRAINING_INVALID",
            'the {name} takes {n} imp(s) at most, in or out (output "in" or "out", count)',
            'the {name} takes {n} imp(s) at most, in or out (output "in" or "out", count)',
            most,
            "production.training",
            name=room.name,
            most=most,
        )
    if cmd.output == "in" and free_imps(p) < cmd.count:
        raise refuse_n(
            "NOT_ENOUGH_IMPS",
            "{color} has {n} available imps to send in",
            "{color} has {n} available imps to send in",
            free_imps(p),
            "production.training",
            color=p.color,
        )
    if cmd.output == "out" and p.trained < cmd.count:
        raise refuse_n(
            "NOT_ENOUGH_IMPS",
            "{color} has {n} trained imps",
            "{color} has {n} trained imps",
            p.trained,
            "production.training",
            color=p.color,
        )
    if not build:
        return None
    moved = cmd.count if cmd.output == "in" else -cmd.count
    return ev.RoomProduced(
        color=p.color,
        room=room.id,
        square=(cmd.square[0], cmd.square[1]),
        imps=0,
        trolls=0,
        paid={},
        output="training",
        trained=moved,
    )


def tool_shed_discount(state: GameState, p: Player, square, used: int) -> int:
    """Festival Season › Improved Tunnels › Tool Shed: an adjacent production room needs 1 imp fewer, once
    per room per round (its first use); an unconquered Tool Shed tunnel only; never a rented room."""
    r, c = square[0], square[1]
    if used or r == RENTED_ROW or not catalog(state).improved_tunnels:  # the base game has no Tool Shed tunnel
        return 0
    near = (p.dungeon[nr][nc] for nr, nc in dg.neighbours(r, c))
    return 1 if any(tunnel_effect(state, cell) == "tool_shed" for cell in near) else 0


def produce_options(state: GameState, p: Player) -> list[Produce]:
    """The rooms ``p`` can use now, each way it can be used (Rulebook › Production)."""
    return [_build(p.color, use) for use in _legal_uses(state, p)]


@dataclass(frozen=True, slots=True)
class _Use:
    """One way to use a production room, cheap (its ``Produce`` is made only for the option taken)."""

    square: tuple[int, int]
    dig: Any
    output: str | None
    count: int


def _build(color: str, use: _Use) -> Produce:
    return Produce(player=color, square=use.square, dig=use.dig, output=use.output, count=use.count)


def _legal_uses(state: GameState, p: Player) -> list[_Use]:
    """Each way ``p`` can use a production room now: those :func:`check_produce` allows (no events built)."""
    legal = []
    tiles: Iterable[tuple[int, int, Cell]] = dg.tiles(p.dungeon)
    if p.rented:  # Festival Season's rented rooms, beside the board
        tiles = [*tiles, *((r, c, cell) for (r, c), cell in zip(rented_squares(p), p.rented, strict=True))]
    for r, c, cell in tiles:
        if cell.kind != "room" or cell.room is None:
            continue
        room = catalog(state).rooms[cell.room]
        if room.production is None:
            continue
        digs = dg.diggable(p.dungeon) if room.production.output == "dig" else [None]
        uses: list[tuple[Any, str | None, int]] = [(d, None, 1) for d in digs]
        if room.production.or_output:  # Festival Season's Bakery: either output
            uses.append((None, room.production.or_output, 1))
        elif room.production.output == "training":  # ... and the imp Training Room: in or out, 1 or 2
            uses = [(None, way, n) for way in ("in", "out") for n in (1, 2)]
        for d, output, n in uses:
            use = _Use((r, c), d, output, n)
            try:
                check_produce(state, p, use)
            except RuleViolation as refusal:
                refusal.__traceback__ = None  # (see unless_refused: no cycle through the traceback)
                continue
            legal.append(use)
    return legal
