"""The Festival: in the fifth round, after the orders are carried out and before Production, the players
bid imps in secret for the Year's Unique Opportunity boards, and each bidder takes one board's prize.

Festival Season (CGE 2012) › Festival!; › Expansion Rules Summary. Spec items FE-01..FE-09, NP-01.

- FE-01: a phase of the Year plan, after the Actions of the last round only.
- FE-02 / NP-01: the prizes are the Year's boards in the order they were placed: 4 with 4 players, the
  first 3 with 3 (round 5's left out), the first 2 with 2 (rounds 4 and 5 left out).
- FE-03: every player bids at once and in secret any number of available imps, 0 included (an input
  like the orders: hidden from the others until every bid is in). Provisional (spec U-27): Troll Tokens
  cannot be sent.
- FE-04: most imps picks first; ties: the more evil; an Evil tie: the later in play order. 0 imps: no pick.
- FE-05 / FE-06: each picker takes one board left, or nothing, and at once its prize (table below); a
  prize with a cost is paid in full or cannot be chosen. Engine choice: a board whose prize cannot be had
  at all (no square to dig, no monster or room in the discards that can be paid for and placed, no Trap
  Card left) cannot be chosen; taking nothing always can.
- FE-07: the discard piles hold every monster and room discarded so far (unchosen offers, released, fed).
- FE-08: every imp sent is used for the rest of the round, prize or not.
- FE-09: a board taken is gone for later pickers; after the Festival the boards are in the box.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from domain.kernel import Pending, unless_refused
from domain.kernel.errors import N_, Phrase, Verbatim

from .. import dungeon as dg
from .. import events as ev
from ..actions.build_room import check_placement
from ..actions.hire_monster import hire_cost, hire_variants
from ..commands import FestivalBid, FestivalPick
from ..errors import refuse, refuse_n
from ..flow import register_phase
from ..phases.actions import trap_draw_step
from ..phases.adventurers import nicest_first
from ..phases.common import catalog, free_imps, installed_trap_discards
from ..phases.rounds import after_phase
from ..state import Festival, GameState, Player, TrapDraw
from ..year import Step, YearPlan, insert_step, year_plan

#: FE-02 / NP-01: how many of the Year's boards (in the order placed) are prizes, by player count
PRIZES_BY_PLAYERS = {4: 4, 3: 3, 2: 2}


def festival_round(state: GameState) -> bool:
    """FE-01: the Festival is held in the last round of each Year."""
    return year_plan(state).is_last_season(state)


def festival(plan: YearPlan) -> YearPlan:
    """The Year plan with the Festival after the Actions phase of its last round."""
    return insert_step(plan, "actions", Step("festival", when=festival_round))


# --- the phase ------------------------------------------------------------------------------------------
def step(state: GameState):
    f = state.festival
    if f is None:
        placed = state.board.opportunities_placed.get(str(state.year), [])
        return [ev.FestivalBegan(prizes=placed[: PRIZES_BY_PLAYERS.get(len(state.players), 0)])]
    if isinstance(state.awaiting, TrapDraw):  # the Install Traps prize: a Trap Card drawn
        return trap_draw_step(state)
    if not f.revealed:
        waiting = [p.color for p in state.play_order() if p.color not in f.bids]
        if waiting:
            return Pending(
                kind="festival_bid",
                actors=waiting,
                prompt=Phrase("Festival: send any number of your available imps (0 too), in secret (simultaneous)"),
                accepts=(FestivalBid,),
                handle=_bid,
                options_fn=lambda actor: [
                    FestivalBid(player=actor, imps=k) for k in range(available(state, actor) + 1)
                ],
                rule="festival.bids",
            )
        return [ev.FestivalBidsRevealed(bids=dict(f.bids), pick_order=pick_order(state, f.bids))]
    if f.order:
        color = f.order[0]
        p = state.player(color)
        return Pending(
            kind="festival_pick",
            actors=[color],
            prompt=Phrase(
                "{color}: take one of the boards left ({boards}) or nothing",
                color=color,
                boards=Verbatim(", ".join(f.prizes) or "none"),
            ),
            accepts=(FestivalPick,),
            handle=_pick,
            options_fn=lambda actor: [*_legal_picks(state, p, f), FestivalPick(player=color)],
            rule="festival.prizes",
        )
    return [ev.FestivalEnded(), *after_phase(state, "festival")]


def available(state: GameState, color: str) -> int:
    """FE-03: the imps ``color`` may send: not used this round (imps recruited this round are)."""
    return free_imps(state.player(color))


def pick_order(state: GameState, bids: dict[str, int]) -> list[str]:
    """FE-04: most imps first; ties to the more evil, an Evil tie to the later in play order (the starting
    player is the nicest); a player who sent none picks nothing."""
    most_evil_first = [c for c in reversed(nicest_first(state)) if c in bids]
    return sorted((c for c in most_evil_first if bids[c] > 0), key=lambda c: -bids[c])


def _bid(state: GameState, cmd: FestivalBid) -> list[ev.Event]:
    most = available(state, cmd.player)
    if not 0 <= cmd.imps <= most:
        raise refuse_n(
            "FESTIVAL_BID_INVALID",
            "send 0 to {n} imps: {player} has {n} available imp(s)",
            "send 0 to {n} imps: {player} has {n} available imp(s)",
            most,
            "festival.bids",
            most=most,
            player=cmd.player,
        )
    return [ev.FestivalBid(color=cmd.player, imps=cmd.imps)]


def _festival(state: GameState) -> Festival:
    assert state.festival is not None, "a Festival input outside the Festival"
    return state.festival


# --- the prizes (FE-05), one rule each, registered by the prize printed on a board ----------------------
Prize = Callable[[GameState, Player, FestivalPick], ev.FestivalPrizeTaken]
Variants = Callable[[GameState, Player, str], Iterator[FestivalPick]]
PRIZES: dict[str, tuple[Prize, Variants]] = {}


PRIZE_FIELDS = ("square", "monster", "discard_trap", "feed_monster", "room", "pay_or")  # what a prize may need
USES: dict[str, tuple[str, ...]] = {}  # prize -> the fields of FestivalPick its rule reads


def prize(name: str, variants: Variants | None = None, uses: tuple[str, ...] = ()) -> Callable[[Prize], Prize]:
    """Register the rule of the prize ``name`` with the ways a picker can name it (default: just the board)
    and the fields of :class:`FestivalPick` it reads (``uses``; a pick giving any other is refused)."""

    def register(rule: Prize) -> Prize:
        PRIZES[name] = (rule, variants or (lambda state, p, board: iter([FestivalPick(player=p.color, board=board)])))
        USES[name] = uses
        return rule

    return register


def _unused_fields(cmd: FestivalPick, uses: tuple[str, ...]) -> None:
    """Refuse a pick naming what its prize does not take (it would be ignored: the picker meant another)."""
    unused = [f for f in PRIZE_FIELDS if f not in uses and getattr(cmd, f) != FestivalPick.model_fields[f].default]
    if unused:
        what = f"the board {cmd.board}'s prize" if cmd.board is not None else "taking no board"
        raise refuse(
            "FIELD_NOT_USED", "{what} takes no {unused}", "festival.prizes", what=what, unused=", ".join(unused)
        )


def _taken(p: Player, cmd: FestivalPick, name: str, **fields) -> ev.FestivalPrizeTaken:
    assert cmd.board is not None
    return ev.FestivalPrizeTaken(color=p.color, board=cmd.board, prize=name, **fields)


@prize("food")
def _food(state: GameState, p: Player, cmd: FestivalPick) -> ev.FestivalPrizeTaken:
    return _taken(p, cmd, "food", gained={"food": 1})


@prize("lose_evil")
def _lose_evil(state: GameState, p: Player, cmd: FestivalPick) -> ev.FestivalPrizeTaken:
    return _taken(p, cmd, "lose_evil", gained={"evil": -1})


@prize("gold")
def _gold(state: GameState, p: Player, cmd: FestivalPick) -> ev.FestivalPrizeTaken:
    return _taken(p, cmd, "gold", gained={"gold": 1})


@prize("imp")
def _imp(state: GameState, p: Player, cmd: FestivalPick) -> ev.FestivalPrizeTaken:
    return _taken(p, cmd, "imp", gained={"imps": 1})  # a new imp: available from Production


@prize("trap_card")
def _trap_card(state: GameState, p: Player, cmd: FestivalPick) -> ev.FestivalPrizeTaken:
    b = state.board
    if not b.trap_deck and not b.trap_discard:
        raise refuse("FESTIVAL_PRIZE_UNAVAILABLE", "no Trap Card is left to draw", "festival.prizes")
    return _taken(p, cmd, "trap_card", gained={"trap_cards": 1})  # drawn next (not Buy Traps: no extra card)


def _dig_variants(state: GameState, p: Player, board: str) -> Iterator[FestivalPick]:
    for sq in dg.diggable(p.dungeon):
        yield FestivalPick(player=p.color, board=board, square=sq)


@prize("dig_tunnel", _dig_variants, uses=("square",))
def _dig(state: GameState, p: Player, cmd: FestivalPick) -> ev.FestivalPrizeTaken:
    """Dig 1 tunnel by the usual grid rules; no imp is needed."""
    if cmd.square is None or tuple(cmd.square) not in dg.diggable(p.dungeon):
        raise refuse("FESTIVAL_SQUARE_INVALID", "name a square where a tunnel can be dug now", "dig.adjacent")
    return _taken(p, cmd, "dig_tunnel", square=tuple(cmd.square))


def _hire_variants(state: GameState, p: Player, board: str) -> Iterator[FestivalPick]:
    for m, trap, fed, alt in hire_variants(state, p, sorted(set(state.board.discards.get("monsters", [])))):
        yield FestivalPick(player=p.color, board=board, monster=m, discard_trap=trap, feed_monster=fed, pay_or=alt)


@prize("hire_from_discard", _hire_variants, uses=("monster", "discard_trap", "feed_monster", "pay_or"))
def _hire(state: GameState, p: Player, cmd: FestivalPick) -> ev.FestivalPrizeTaken:
    """Pay 1 food more than the monster's own cost to hire one from the monster discard pile."""
    if cmd.monster is None or cmd.monster not in state.board.discards.get("monsters", []):
        raise refuse("FESTIVAL_NOT_IN_DISCARDS", "name a monster of the monster discard pile", "festival.prizes")
    paid = hire_cost(
        state, p, cmd.monster, {"food": 1}, cmd.discard_trap, cmd.feed_monster, N_(" at the Festival"), cmd.pay_or
    )
    return _taken(
        p,
        cmd,
        "hire_from_discard",
        paid=paid,
        monster=cmd.monster,
        discarded_trap=cmd.discard_trap,
        fed_monster=cmd.feed_monster,
    )


def _build_variants(state: GameState, p: Player, board: str) -> Iterator[FestivalPick]:
    tunnels = dg.unconquered_tunnels(p.dungeon)
    for room in sorted(set(state.board.discards.get("rooms", []))):
        for sq in tunnels:
            yield FestivalPick(player=p.color, board=board, room=room, square=sq)


@prize("build_from_discard", _build_variants, uses=("room", "square"))
def _build(state: GameState, p: Player, cmd: FestivalPick) -> ev.FestivalPrizeTaken:
    """Pay 1 gold to build one room of the room discard pile by the usual placement rules."""
    if cmd.room is None or cmd.room not in state.board.discards.get("rooms", []) or cmd.square is None:
        raise refuse(
            "FESTIVAL_NOT_IN_DISCARDS", "name a room of the room discard pile and its square", "festival.prizes"
        )
    if p.gold < 1:
        raise refuse(
            "CANNOT_PAY_GOLD",
            "the room costs 1 gold at the Festival; {color} has {gold}",
            "festival.prizes",
            color=p.color,
            gold=p.gold,
        )
    square = (cmd.square[0], cmd.square[1])
    check_placement(state, p, cmd.room, square)
    return _taken(p, cmd, "build_from_discard", paid={"gold": 1}, room=cmd.room, square=square)


def _also(state: GameState, p: Player, taken: ev.FestivalPrizeTaken) -> list[ev.Event]:
    """What a prize does besides: a room over a tunnel discards the trap installed there (UO-IN-5)."""
    if taken.room and taken.square:
        return installed_trap_discards(p, [taken.square], "a room replaced its tunnel")
    return []


def _decide(state: GameState, p: Player, cmd: FestivalPick) -> list[ev.Event]:
    f = _festival(state)
    assert f.order and f.order[0] == p.color, "the kernel lets only the next picker answer"
    if cmd.board is None:
        _unused_fields(cmd, ())
        return [ev.FestivalPrizeDeclined(color=p.color)]
    if cmd.board not in f.prizes:
        raise refuse(
            "FESTIVAL_BOARD_GONE",
            "{board} is not among the boards left: {prizes}",
            "festival.prizes",
            board=cmd.board,
            prizes=", ".join(f.prizes),
        )
    name = catalog(state).opportunities[cmd.board].prize
    _unused_fields(cmd, USES[name])
    rule, _ = PRIZES[name]
    taken = rule(state, p, cmd)
    return [taken, *_also(state, p, taken)]


def _pick(state: GameState, cmd: FestivalPick) -> list[ev.Event]:
    return _decide(state, state.player(cmd.player), cmd)


def _legal_picks(state: GameState, p: Player, f: Festival) -> list[FestivalPick]:
    out = []
    for board in f.prizes:
        _, variants = PRIZES[catalog(state).opportunities[board].prize]
        for cmd in variants(state, p, board):
            if unless_refused(_decide, state, p, cmd) is not None:
                out.append(cmd)
    return out


register_phase("festival", step)
__all__ = ["PRIZES", "PRIZES_BY_PLAYERS", "festival", "pick_order"]
