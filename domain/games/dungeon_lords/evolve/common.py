"""The fold's one dispatch table (:data:`HANDLERS`, filled by :func:`on`) and the helpers its modules share.

Every helper applies what an event says; none reads the catalog or the Year plan, and none clamps: the
values the rules settle (:mod:`..phases.settle`) arrive in the event.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any, TypeVar

from .. import events as ev
from ..state import Battle, Festival, GameState, Handling, NewRound, NonPlayer, Paladin, Player, paladin

E = TypeVar("E", bound=ev.Event)
Handler = Callable[[GameState, Any], None]
HANDLERS: dict[type, Handler] = {}


def on(cls: type[E]) -> Callable[[Callable[[GameState, E], None]], Callable[[GameState, E], None]]:
    """Register the fold handler of event class ``cls``."""

    def register(fn: Callable[[GameState, E], None]) -> Callable[[GameState, E], None]:
        HANDLERS[cls] = fn
        return fn

    return register


def copied(data: Any) -> Any:
    """A deep copy of JSON-native ``data`` an event carries (the state never shares a list with the event):
    pickle's round trip, several times cheaper than ``copy.deepcopy``."""
    return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))


def pay(p: Player, paid: dict[str, int], evilometer: int) -> None:
    """Take ``paid`` (gold, food, imps: the Elderbeast's imp goes back to the bank); the Evil Marker moves
    to ``evilometer`` (the event's settled place: at the top a cost moves it no further)."""
    p.evil = evilometer
    if paid:  # (many actions cost nothing)
        p.gold -= paid.get("gold", 0)
        p.food -= paid.get("food", 0)
        p.imps -= paid.get("imps", 0)


def gain(p: Player, gained: dict[str, int]) -> None:
    """What an action, a prize, a pet or a spell gives: food, gold, imps (its Evil is the event's
    settled ``evilometer``)."""
    p.food += gained.get("food", 0)
    p.gold += gained.get("gold", 0)
    p.imps += gained.get("imps", 0)


#: "action:space" -> (action, space index): the few spots a ``resolves`` names, parsed once
_SPOTS: dict[str, tuple[str, int]] = {}


def resolve(state: GameState, resolves: str | None, carried_out: bool) -> None:
    """Mark the minion ``resolves`` names ("action:space", settled; "" none) as resolved."""
    assert resolves is not None, "the minion an input resolves is settled"
    if resolves:
        spot = _SPOTS.get(resolves)
        if spot is None:
            action, space = resolves.rsplit(":", 1)
            spot = _SPOTS[resolves] = (action, int(space))
        pl = state.board.spaces[spot[0]][spot[1]]
        if pl is not None:
            pl.resolved, pl.carried_out = True, carried_out


def nonplayer(state: GameState, color: str) -> NonPlayer:
    """The non-player colour an event names (a log only names colours of its game)."""
    return next(n for n in state.nonplayers if n.color == color)


def free_paladin(state: GameState, who: str) -> Paladin:
    """The free paladin ``who`` an event moves."""
    pal = paladin(state, who)
    assert pal is not None, f"an event moves paladin {who}, who is not free in this game"
    return pal


def done(state: GameState, what: str) -> None:
    """A step of the new round is done (``NewRound.done``)."""
    if isinstance(state.awaiting, NewRound):
        state.awaiting.done.append(what)


def lose_monster(s: GameState, p: Player, monster: str, trolls_busy: int) -> None:
    """``monster`` leaves ``p``'s lair for the discards; ``trolls_busy``: the Troll Tokens still at work."""
    p.monsters = [m for m in p.monsters if m.id != monster]
    s.board.discards["monsters"].append(monster)
    p.trolls_busy = trolls_busy


def discard_trap(s: GameState, p: Player, card: str) -> None:
    """A Trap Card from ``p``'s hand to the discards."""
    p.traps.remove(card)
    s.board.trap_discard.append(card)


def handled(s: GameState, kind: str, color: str, *ids: str) -> None:
    """One more card or monster handled in a Pay Day or a Special Event (``Handling``)."""
    if not isinstance(s.awaiting, Handling) or s.awaiting.kind != kind:
        s.awaiting = Handling(kind=kind, color=color)
    s.awaiting.handled += [i for i in ids if i]


def battle(s: GameState) -> Battle:
    """The battle under way."""
    assert s.battle is not None, "a battle event outside a battle"
    return s.battle


def festival(s: GameState) -> Festival:
    """The Festival under way."""
    assert s.festival is not None, "a Festival event outside the Festival"
    return s.festival


def heal(s: GameState, p: Player, who: str, n: int) -> None:
    """Take ``n`` damage counters off ``who`` (a free paladin, or an adventurer in ``p``'s dungeon)."""
    pal = paladin(s, who)
    if pal is not None:
        pal.damage -= n
    else:
        p.damage[who] -= n
        if not p.damage[who]:
            del p.damage[who]
