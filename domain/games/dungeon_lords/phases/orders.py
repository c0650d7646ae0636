"""The Orders Phase: non-player orders, secret choice, reveal and placement; and Orders Retrieval.

Rules: Rulebook › Orders Phase (Selecting, Revealing); › The Orders Phase with 3 Players /
with 2 Players; › Full Game › Recruiting as First Order; › Orders Retrieval.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence, Set
from itertools import permutations
from typing import Any, overload

from domain.kernel import Pending
from domain.kernel.errors import N_, Phrase
from domain.kernel.pending import LazyOptions

from .. import events as ev
from ..commands import ChooseOrders
from ..errors import refuse
from ..state import SPACES, GameState, NonPlayer, Placement, Player
from .common import catalog
from .rounds import _draw, after_phase

_CHOOSE_PROMPT = Phrase("Choose 3 orders from your hand, first order on the left (simultaneous, secret)")
#: the reasons a minion goes to the order card (``MinionPlaced.reason``), for the reader's catalog
REASONS = (N_("all three spaces taken"), N_("no gold for the {gold}-gold fee of Hire Monster as first order"))


def all_placements(state: GameState) -> list[Placement]:
    """Every minion placed on the central board this round: on the action spaces, then those shut out (all
    three spaces taken; Rulebook › Orders Phase › Revealing Orders)."""
    out = [s for slots in state.board.spaces.values() for s in slots if s is not None]
    return out + list(state.board.shut_out)


def free_space(
    state: GameState, action: str, preference: tuple[str, ...] = SPACES, claimed: Set[tuple[str, str]] = frozenset()
) -> str | None:
    """The first free space of ``action`` in ``preference`` order ("I", "II", "III" by default: the lowest free
    space; Rulebook › Orders Phase › Revealing Orders), or None when all three are taken. ``claimed``: the
    ``(action, space)`` of minions placed since ``state`` (placements decided together)."""
    slots = state.board.spaces[action]
    for space in preference:
        if slots[SPACES.index(space)] is None and (action, space) not in claimed:
            return space
    return None


def step(state: GameState):
    """The Orders Phase (Rulebook › Orders Phase; › The Orders Phase with 3 Players, › with 2 Players).

    Returns:
        in turn: a non-player colour's random orders to draw (chance ``Pending``) and place (``MinionPlaced`` on
        space II, else III, else I); the players' secret choice of 3 orders (one ``Pending`` with every player
        choosing at once); with 2 players, each player's third order for the non-player colour placed on space I
        before the reveal; then each order slot revealed and the minions placed clockwise from the starting
        player on the lowest free space (a Hire Monster first order pays its fee in the full game; rule
        ``orders.hire_first_fee``); then the next phase's events."""
    n = len(state.players)
    placed = all_placements(state)
    # 1. Non-player colours draw and place their random orders on space II (Rulebook › 3/2 Players).
    for np in state.nonplayers:
        if n == 4:
            break
        want = 3 if n == 3 else 2
        if not np.drawn:
            return _draw(
                "order_cards",
                list(np.deck),
                want,
                lambda cards, c=np.color: [ev.NonPlayerOrdersDrawn(color=c, cards=cards)],
                Phrase("Draw {n} random orders for the non-player {color}", n=want, color=np.color),
                color=np.color,
            )
        mine = [p for p in placed if p.color == np.color]
        if len(mine) < len(np.drawn) and len(mine) < want:
            card = np.drawn[len(mine)]
            space = free_space(state, card, ("II", "III", "I"))
            return [
                ev.MinionPlaced(
                    color=np.color,
                    action=card,
                    space=space,
                    slot=len(mine),
                    nonplayer=True,
                    reason="" if space else "all three spaces taken",
                )
            ]
    # 2. Players choose 3 orders simultaneously and in secret.
    clockwise = state.play_order()
    choosing = [p.color for p in clockwise if not p.orders]
    if choosing:
        return Pending(
            kind="choose_orders",
            actors=choosing,
            prompt=_CHOOSE_PROMPT,
            accepts=(ChooseOrders,),
            handle=_choose,
            options_fn=lambda a: _options(state, a),
            rule="orders.choose_three",
        )
    # 3. Two players: the third non-player orders go on space I before the players' orders are revealed.
    if n == 2:
        for p in clockwise:
            ctl = _controlled(state, p)
            if ctl is not None and p.nonplayer_order and not any(q.color == ctl.color and q.slot == 2 for q in placed):
                space = free_space(state, p.nonplayer_order, ("I", "II", "III"))
                return [
                    ev.MinionPlaced(
                        color=ctl.color,
                        action=p.nonplayer_order,
                        space=space,
                        slot=2,
                        nonplayer=True,
                        reason="" if space else "all three spaces taken",
                    )
                ]
    # 4. Reveal each order slot in turn and place minions clockwise from the starting player.
    revealed = _reveal_and_place(state, clockwise, placed)
    if revealed:
        return revealed
    # 5. Non-player orders of this round become inaccessible; then carry out the orders.
    out: list[ev.Event] = [
        ev.NonPlayerOrdersRotated(color=np.color, inaccessible=_np_new_inaccessible(state, np))
        for np in state.nonplayers
        if n < 4
    ]
    return out + after_phase(state, "orders")


def _np_new_inaccessible(state: GameState, np: NonPlayer) -> list[str]:
    cards = list(np.drawn)
    for p in state.players:
        if _controlled(state, p) is np and p.nonplayer_order:
            cards.append(p.nonplayer_order)
    return cards


def _controlled(state: GameState, p: Player) -> NonPlayer | None:
    return next((np for np in state.nonplayers if np.controller == p.color), None)


def _reveal_and_place(state: GameState, clockwise: list[Player], placed: list[Placement]) -> list[ev.Event]:
    """The next order slot revealed and its minions placed clockwise from the starting player, in one step
    (the same events as a step each: no rule acts between them); [] once every slot is placed."""
    taken = {(q.color, q.slot) for q in placed}
    for slot in range(3):
        reveal: list[ev.Event] = []
        if any(p.revealed <= slot for p in state.players):
            reveal.append(ev.OrdersRevealed(slot=slot, cards={p.color: p.orders[slot] for p in clockwise}))
        waiting = [p for p in clockwise if (p.color, slot) not in taken]
        if waiting:
            return reveal + _place_all(state, waiting, slot)
        if reveal:
            return reveal
    return []


def _place_all(state: GameState, waiting: list[Player], slot: int) -> list[ev.Event]:
    """The minions of order ``slot`` of ``waiting`` (clockwise) placed in turn, each on the lowest space
    those before it left free."""
    claimed: set[tuple[str, str]] = set()  # (action, space) of the minions placed before, here
    out: list[ev.Event] = []
    for p in waiting:
        placed = _place(state, p, slot, claimed)
        if placed.space is not None:
            claimed.add((placed.action, placed.space))
        out.append(placed)
    return out


def _place(state: GameState, p: Player, slot: int, claimed: Set[tuple[str, str]]) -> ev.MinionPlaced:
    """``p``'s minion of order ``slot`` placed on the lowest space free (``claimed``: see :func:`free_space`),
    paying a Hire Monster first order's fee in the full game (rule ``orders.hire_first_fee``)."""
    card = p.orders[slot]
    fee = catalog(state).action(card).first_order_cost
    if slot == 0 and state.variant == "full" and fee is not None and fee.gold:
        if p.gold < fee.gold:
            return ev.MinionPlaced(
                color=p.color,
                action=card,
                space=None,
                slot=slot,
                reason=f"no gold for the {fee.gold}-gold fee of Hire Monster as first order",
            )
        space = free_space(state, card, SPACES, claimed)
        return ev.MinionPlaced(
            color=p.color,
            action=card,
            space=space,
            slot=slot,
            fee_paid=fee.gold,
            reason="" if space else "all three spaces taken",
        )
    space = free_space(state, card, SPACES, claimed)
    return ev.MinionPlaced(
        color=p.color, action=card, space=space, slot=slot, reason="" if space else "all three spaces taken"
    )


def _np_hand(state: GameState, p: Player) -> list[str]:
    np = _controlled(state, p)
    if np is None:
        return []
    return [c for c in np.deck if c not in np.drawn]


def _choose(state: GameState, cmd: ChooseOrders):
    p = state.player(cmd.player)
    if len(cmd.orders) != 3 or len(set(cmd.orders)) != 3:
        raise refuse(
            "ORDERS_NEED_THREE",
            "choose exactly 3 different orders, not {orders}",
            "orders.choose_three",
            orders=cmd.orders,
        )
    for card in cmd.orders:
        if card not in p.hand:
            why = N_("inaccessible this round") if card in p.inaccessible else N_("not an order card in your hand")
            raise refuse(
                "ORDER_NOT_IN_HAND",
                "{card} is {why}; your hand is {hand}",
                "orders.choose_three",
                card=card,
                why=why,
                hand=", ".join(p.hand),
            )
    np_hand = _np_hand(state, p)
    if np_hand:
        if cmd.nonplayer_order not in np_hand:
            raise refuse(
                "NONPLAYER_ORDER_REQUIRED",
                "with 2 players you also choose the third order of your non-player colour among {np_hand}",
                "orders.two_players",
                np_hand=", ".join(np_hand),
            )
    elif cmd.nonplayer_order is not None:
        raise refuse(
            "NONPLAYER_ORDER_UNEXPECTED", "only a 2-player game has non-player orders to choose", "orders.two_players"
        )
    return [ev.OrdersChosen(color=p.color, orders=list(cmd.orders), nonplayer_order=cmd.nonplayer_order)]


def _options(state: GameState, actor: str) -> LazyOptions:
    """Every line of three orders from the hand (120 of 6 cards; x the non-player's with 2 players), each
    built when a bot looks at it."""
    p = state.player(actor)
    lines = _Lines(tuple(p.hand), tuple(_np_hand(state, p) or ()))
    return LazyOptions(lines, lambda line: ChooseOrders(player=actor, orders=list(line[0]), nonplayer_order=line[1]))


class _Lines(Sequence[tuple[tuple[str, ...], str | None]]):
    """``(three orders, non-player order)`` in the order of ``itertools.permutations(hand, 3)`` times the
    non-player's cards, worked out from the index alone (nothing is listed until it is looked at)."""

    def __init__(self, hand: tuple[str, ...], np_hand: tuple[str, ...]) -> None:
        self.hand, self.extra = hand, np_hand or (None,)
        n = len(hand)
        self.lines = n * (n - 1) * (n - 2) if n >= 3 else 0

    def __len__(self) -> int:
        return self.lines * len(self.extra)

    def __iter__(self) -> Iterator[tuple[tuple[str, ...], str | None]]:
        for line in permutations(self.hand, 3):
            for x in self.extra:
                yield line, x

    @overload
    def __getitem__(self, i: int) -> tuple[tuple[str, ...], str | None]: ...
    @overload
    def __getitem__(self, i: slice) -> list[tuple[tuple[str, ...], str | None]]: ...
    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(len(self))[i]]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        line, x = divmod(i % len(self), len(self.extra))
        rest = list(self.hand)
        n = len(rest)
        first, line = divmod(line, (n - 1) * (n - 2))
        a = rest.pop(first)
        second, third = divmod(line, n - 2)
        b = rest.pop(second)
        return (a, b, rest[third]), self.extra[x]


# --- Orders Retrieval -----------------------------------------------------------------------------
def retrievable(state: GameState, p: Player) -> list[str]:
    """The first order, or any order that was not carried out (minion on the card)."""
    cards = [p.orders[0]] if p.orders else []
    for q in all_placements(state):
        if q.color == p.color and not q.nonplayer and q.slot > 0 and not q.carried_out and q.action not in cards:
            cards.append(q.action)
    return cards
