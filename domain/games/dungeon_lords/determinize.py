"""Determinization: a copy of the state with everything one seat's view hides drawn anew (the search bot's
``determinize(state, seat, rng)`` hook, :mod:`domain.kernel.search`).

What :func:`~.views.view` hides from ``seat``, and how each is redealt (never from where it lies now):

- **the other players' secret orders** (Rulebook › Orders Phase: chosen in secret; their hands, which would
  give them away; with 2 players the non-player order until it is placed): chosen anew, uniformly among the
  rules' own options for the choice (``choose_orders``), keeping the orders already revealed; in the full
  game's set-up, the 3 cards drawn and the 2 chosen as inaccessible, until they are turned up;
- **face-down cards**: the Trap Cards in the deck, the discards, the other players' hands, their battle plans
  and a battle fought in another dungeon; this Year's unrevealed, unspied Combat Cards and next Year's, with
  those in the box (each Year's among its own); the unrevealed Special Event Cards with the box's; Festival
  Season's pets (deck, discards, the other players' face-down pets, draft hands and passes). Each kind is
  redealt by :func:`domain.kernel.redeal.redeal`: one bijection of the hidden ids, so a card in two places
  (a planned trap is still in its owner's hand; a spied Combat Card) stays one card, and every card the seat
  sees anywhere stays put. A redeal that leaves another player a battle plan he could not pay for
  (Rulebook › Trap Step; the rules' ``trap_cost``) is drawn again, up to :data:`TRIES` times;
- **Festival bids** not yet revealed: chosen anew among the rules' options (``festival_bid``);
- **the order of the stacks and decks** (monsters, rooms, adventurers, the tiles put under the stack, Trap
  and Pet Cards): shuffled;
- **a digital game's seed**: a new one (the search draws with its own RNG anyway).

The seat's own secrets, and everything public, are left as they are: ``view(result, seat) == view(state,
seat)``, and :func:`~.invariants.problems` finds nothing it did not find before.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from domain.kernel import HIDDEN, Pending
from domain.kernel.pending import LazyOptions
from domain.kernel.redeal import redeal, shown, shuffled, swap

from .flow import step
from .phases.combat import trap_cost
from .phases.common import catalog, payment_problem
from .state import GameState, Player, cell_at, clone, is_unseen
from .views import view

#: redeals of the Trap Cards tried before one leaving another player an unpayable battle plan is kept
TRIES = 8


def determinize(state: GameState, seat: str, rng: random.Random) -> GameState:
    """A copy of ``state`` that ``seat`` cannot tell from it (the same view), with what it cannot see drawn
    anew by ``rng`` (see the module's docstring). ``state`` is not changed. Raises KeyError if ``seat`` is
    not a player's colour."""
    state.player(seat)
    out = clone(state)
    if out.seed is not None:
        out.seed = rng.getrandbits(63)
    seen_view = view(state, seat)
    seen = shown(seen_view)
    waiting = step(state)  # what the table waits for is public (a trap springing, a card being resolved)
    if isinstance(waiting, Pending) and waiting.detail:
        seen |= shown(waiting.detail)
    others = [p for p in out.players if p.color != seat]
    for p, v in zip(out.players, seen_view["players"], strict=True):
        if p.color != seat:
            _setup_choice(out, p, rng)
            _orders(out, p, v["nonplayer_order"] != HIDDEN, rng)
    _traps(out, seat, others, seen, rng)
    _combat_cards(out, seat, others, seen, rng)
    _special_events(out, seen, rng)
    _pets(out, seat, others, seen, rng)
    _bids(out, seat, rng)
    _stacks(out, rng)
    return out


# --- secret choices ---------------------------------------------------------------------------------------
def _setup_choice(s: GameState, p: Player, rng: random.Random) -> None:
    """The full game's set-up (Full Game › Choosing Initial Inaccessible Orders): while anyone still chooses,
    ``p``'s 3 drawn cards, or the 2 it chose of them, and its hand are hidden: drawn anew from its 8 cards."""
    if not any(q.setup_draw for q in s.players):
        return
    if p.setup_draw:
        cards = shuffled(p.hand + p.setup_draw, rng)
        p.setup_draw, p.hand = cards[: len(p.setup_draw)], sorted(cards[len(p.setup_draw) :])
    elif p.inaccessible:
        cards = shuffled(p.hand + p.inaccessible, rng)
        p.inaccessible, p.hand = sorted(cards[: len(p.inaccessible)]), sorted(cards[len(p.inaccessible) :])


def _orders(s: GameState, p: Player, np_shown: bool, rng: random.Random) -> None:
    """``p``'s orders not yet revealed (and its hand, which would give them away) chosen anew among the rules'
    options for its choice of orders, those already face up kept (Rulebook › Orders Phase), and the non-player
    order too while it is face down (``np_shown``: it is placed, face up)."""
    if not p.orders or p.revealed >= len(p.orders):
        return
    shown_np = p.nonplayer_order if np_shown else None
    cards = p.hand + p.orders
    before = clone(s)  # the round as it was before ``p`` chose: its whole hand, no order chosen
    q = before.player(p.color)
    q.hand, q.orders, q.nonplayer_order, q.revealed = sorted(cards), [], None, 0
    pending = step(before)
    if not isinstance(pending, Pending) or pending.kind != "choose_orders" or p.color not in pending.actors:
        return
    options = pending.options(p.color)
    specs = options.specs if isinstance(options, LazyOptions) else [(o.orders, o.nonplayer_order) for o in options]
    fixed = tuple(p.orders[: p.revealed])
    lines = [
        (line, np) for line, np in specs if tuple(line[: p.revealed]) == fixed and (shown_np is None or np == shown_np)
    ]
    if not lines:
        return
    line, np = rng.choice(lines)
    p.orders, p.nonplayer_order = list(line), np
    p.hand = sorted(c for c in cards if c not in line)


def _bids(s: GameState, seat: str, rng: random.Random) -> None:
    """Festival Season: the other players' Festival bids not yet revealed chosen anew among the rules'
    options (Festival › the bids are secret until all are in)."""
    f = s.festival
    if f is None or f.revealed:
        return
    for color in [c for c in f.bids if c != seat]:
        before = clone(s)
        assert before.festival is not None
        del before.festival.bids[color]
        pending = step(before)
        if isinstance(pending, Pending) and pending.kind == "festival_bid" and color in pending.actors:
            f.bids[color] = rng.choice(pending.options(color)).imps


# --- face-down cards --------------------------------------------------------------------------------------
def _traps(s: GameState, seat: str, others: list[Player], seen: set[str], rng: random.Random) -> None:
    b = s.board
    battle = s.battle if s.battle is not None and s.battle.color != seat else None

    def walk() -> Iterator[str]:
        yield from b.trap_deck
        yield from b.trap_discard
        for p in others:
            yield from p.traps
            if p.plan and "traps" in p.plan:
                yield from p.plan["traps"]
        if battle is not None:
            yield from battle.traps

    ids = [t for t in walk() if not is_unseen(t)]
    mapping: dict[str, str] = {}
    for _ in range(TRIES):
        mapping = redeal(ids, rng, seen)
        if all(_plan_payable(s, p, swap(p.plan["traps"], mapping)) for p in others if p.plan and p.plan.get("traps")):
            break
    b.trap_deck, b.trap_discard = shuffled(swap(b.trap_deck, mapping), rng), swap(b.trap_discard, mapping)
    for p in others:
        p.traps = swap(p.traps, mapping)
        if p.plan and "traps" in p.plan:
            p.plan["traps"] = swap(p.plan["traps"], mapping)
    if battle is not None:
        battle.traps = swap(battle.traps, mapping)


def _plan_payable(s: GameState, p: Player, traps: list[str]) -> bool:
    """Whether ``p`` could have planned ``traps`` (their cost payable: Rulebook › Trap Step)."""
    assert p.plan is not None
    cell = cell_at(p, p.plan["tile"])
    room = cell.room if cell is not None and cell.kind == "room" else None
    return payment_problem(p, trap_cost(s, p, traps, room), "", s.variant) is None


def _combat_cards(s: GameState, seat: str, others: list[Player], seen: set[str], rng: random.Random) -> None:
    b, cat = s.board, catalog(s)
    mine = s.player(seat).spied
    # the cards turned over in this Combat lie face up (the last one is ``combat_card``)
    face_up = set(b.combat_cards[: s.combat_round]) | {c for c in mine.values() if c}
    keep = seen | face_up | {""}
    walk = [*b.combat_cards, *b.next_combat_cards, *b.box.get("combat_cards", [])]
    walk += [c for p in others for c in p.spied.values()]
    mapping: dict[str, str] = {}
    for year in (1, 2):  # each Year's cards among its own
        mapping |= redeal((c for c in walk if c in cat.combat_cards and cat.combat_cards[c].year == year), rng, keep)
    b.combat_cards, b.next_combat_cards = swap(b.combat_cards, mapping), swap(b.next_combat_cards, mapping)
    if "combat_cards" in b.box:
        b.box["combat_cards"] = sorted(swap(b.box["combat_cards"], mapping))
    for p in others:
        p.spied = {k: mapping.get(v, v) for k, v in p.spied.items()}


def _special_events(s: GameState, seen: set[str], rng: random.Random) -> None:
    b = s.board
    walk = [c for y, cards in sorted(b.special_events.items()) for c in cards[b.special_revealed.get(y, 0) :]]
    walk += b.box.get("special_events", [])
    mapping = redeal(walk, rng, seen | {""})
    b.special_events = {y: swap(cards, mapping) for y, cards in b.special_events.items()}
    if "special_events" in b.box:
        b.box["special_events"] = sorted(swap(b.box["special_events"], mapping))


def _pets(s: GameState, seat: str, others: list[Player], seen: set[str], rng: random.Random) -> None:
    b, draft = s.board, s.pet_draft
    walk = [*b.pet_deck, *b.pet_discard, *(c for p in others for c in p.pets)]
    if draft is not None:
        walk += [c for color, cards in sorted(draft.hands.items()) if color != seat for c in cards]
        walk += [c for color, c in sorted(draft.passes.items()) if color != seat]
    if not walk:
        return
    mapping = redeal(walk, rng, seen)
    b.pet_deck, b.pet_discard = shuffled(swap(b.pet_deck, mapping), rng), swap(b.pet_discard, mapping)
    for p in others:
        p.pets = swap(p.pets, mapping)
    if draft is not None:
        draft.hands = {c: cards if c == seat else swap(cards, mapping) for c, cards in draft.hands.items()}
        draft.passes = {c: card if c == seat else mapping.get(card, card) for c, card in draft.passes.items()}


def _stacks(s: GameState, rng: random.Random) -> None:
    """The face-down stacks' order (their contents are what nobody has seen yet: only the order is secret)."""
    b = s.board
    for stacks in (b.monster_stack, b.room_stack, b.adventurer_stack):
        for year, tiles in stacks.items():
            stacks[year] = shuffled(tiles, rng)
    b.adventurer_bottom = shuffled(b.adventurer_bottom, rng)
