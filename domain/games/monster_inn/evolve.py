"""The fold of Monster Inn: ``evolve(state, event) -> state``. It applies what each event says and
decides nothing (the rules are in :mod:`.inn` and :mod:`.scoring`). It changes ``state`` in place;
the engine hands it a private copy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as ev
from .catalog import TREASURES
from .inn import deck_tokens, is_monster
from .state import DungeonHumanoid, DungeonMonster, GameState, Player

Handler = Callable[[GameState, Any], None]
HANDLERS: dict[type, Handler] = {}


def on(cls: type) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[cls] = fn
        return fn

    return register


def _start(e: ev.GameStarted) -> GameState:
    from .catalog import catalog_for

    cat = catalog_for(e.catalog_hash, e.catalog_overrides)
    start = cat.start_supply
    players = [Player(seat=s.seat, name=s.name, bot=s.bot, gold=start["gold"], gem=start["gem"]) for s in e.players]
    supply = {t: getattr(cat.treasure, t) - start[t] * len(players) for t in TREASURES}
    return GameState(
        seed=e.seed,
        mode=e.mode,
        variant=e.variant,
        rules=dict(e.rules),
        catalog_hash=e.catalog_hash,
        catalog_overrides=e.catalog_overrides,
        origin=e.origin,
        players=players,
        supply=supply,
        deck=deck_tokens(cat),
        starter=e.starting_player,
    )


@on(ev.InnDealt)
def _inn_dealt(s: GameState, e: ev.InnDealt) -> None:
    for c in e.cards:
        s.deck.remove(c)
    s.inn = list(e.cards)
    s.phase = "bid"
    seats = s.seats
    i = seats.index(s.starter)
    s.in_round = seats[i:] + seats[:i]


def _pay(s: GameState, p: Player, treasure: str, n: int) -> None:
    setattr(p, treasure, getattr(p, treasure) - n)


@on(ev.Remained)
def _remained(s: GameState, e: ev.Remained) -> None:
    _pay(s, s.player(e.player), e.treasure, 1)
    s.pool, s.pool_type = s.pool + 1, e.treasure
    s.in_round.append(s.in_round.pop(0))


@on(ev.TreasureExchanged)
def _treasure_exchanged(s: GameState, e: ev.TreasureExchanged) -> None:
    p = s.player(e.player)
    old = s.pool_type or "gold"
    if e.to_player:
        setattr(p, old, getattr(p, old) + e.returned)
    else:
        s.supply[old] += e.returned
    _pay(s, p, e.treasure, e.paid)
    s.pool, s.pool_type = e.paid, e.treasure
    s.in_round.append(s.in_round.pop(0))


@on(ev.Left)
def _left(s: GameState, e: ev.Left) -> None:
    p = s.player(e.player)
    p.gold += e.gold
    p.gem += e.gem
    s.pool, s.pool_type = 0, None
    card = s.inn.pop(0)
    if is_monster(card):
        p.monsters.append(DungeonMonster(card=card))
    else:
        p.humanoids.append(DungeonHumanoid(back=card[1:]))
    s.in_round.remove(e.player)
    s.taker, s.awaiting = e.player, e.then


@on(ev.BonusTaken)
def _bonus_taken(s: GameState, e: ev.BonusTaken) -> None:
    s.supply[e.treasure] -= 1
    p = s.player(e.player)
    setattr(p, e.treasure, getattr(p, e.treasure) + 1)
    s.awaiting = ""


@on(ev.BonusMissed)
def _bonus_missed(s: GameState, e: ev.BonusMissed) -> None:
    s.awaiting = ""


@on(ev.Supported)
def _supported(s: GameState, e: ev.Supported) -> None:
    p = s.player(e.player)
    _pay(s, p, e.treasure, 1)
    next(m for m in p.monsters if m.card == e.monster).support = e.treasure
    s.awaiting = ""


@on(ev.SupportDeclined)
def _support_declined(s: GameState, e: ev.SupportDeclined) -> None:
    s.awaiting = ""


@on(ev.RoundEnded)
def _round_ended(s: GameState, e: ev.RoundEnded) -> None:
    s.round += 1
    s.starter = e.next_starter
    s.phase, s.taker = "deal", ""


@on(ev.HumanoidsSetAside)
def _humanoids_set_aside(s: GameState, e: ev.HumanoidsSetAside) -> None:
    for seat, positions in e.positions.items():
        p = s.player(seat)
        for i in positions:
            p.humanoids[i].removed = "no_monster" if i >= len(p.monsters) else "supported"
    s.phase, s.taker = "scoring", ""


@on(ev.HumanoidRevealed)
def _humanoid_revealed(s: GameState, e: ev.HumanoidRevealed) -> None:
    s.player(e.player).humanoids[e.position].card = e.card


@on(ev.InputUndone)
@on(ev.InputCorrected)
def _input_corrected(s: GameState, e: ev.InputUndone | ev.InputCorrected) -> None:
    # the game as it was before the input taken back; the log goes on (the version counts on)
    restored, version, archived = GameState.model_validate(e.state), s.version, s.archived
    for name in GameState.model_fields:
        setattr(s, name, getattr(restored, name))
    s.version, s.archived = version, archived  # archiving is not an input: an undo leaves it


@on(ev.GameArchived)
def _game_archived(s: GameState, e: ev.GameArchived) -> None:
    s.archived = True


@on(ev.GameScored)
def _game_scored(s: GameState, e: ev.GameScored) -> None:
    for r in e.results:
        p = s.player(r["seat"])
        for i in r["beaten"]:
            p.humanoids[i].removed = "beaten"
    s.results = [dict(r) for r in e.results]
    s.phase = "over"


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """Fold one event into ``state`` (in place; None before the first event) and return it.

    Raises:
        ValueError: the first event is not GameStarted, or an event of no known type."""
    if state is None:
        if isinstance(event, ev.ScenarioLoaded):
            state = GameState.model_validate(event.state)
            state.version = 0
        elif not isinstance(event, ev.GameStarted):
            raise ValueError(f"a game starts with GameStarted or ScenarioLoaded, not {event.type}")
        else:
            state = _start(event)
    else:
        handler = HANDLERS.get(type(event))
        if handler is None:
            raise ValueError(f"no fold for {event.type}")
        handler(state, event)
    state.version += 1
    return state
