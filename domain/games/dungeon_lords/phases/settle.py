"""What the rules settle for an event from the state before it: the values its fold applies.

An event says what happened; some of what follows depends on the game as it stands and on the rules' tables:
where an Evil Marker ends (the Evilometer stops at its ends), how many Trap Cards a Buy Traps draws (the Year
plan), which Troll Tokens stay at work when a troll leaves, which pets fight on, the imps a conquered Training
Room sends back, the table at set-up (the catalog). :func:`settle` works these out and returns the event
carrying them in its *settled* fields (``Event.settled``), so the fold (:mod:`..evolve`) decides nothing.

The engine settles every event it applies (``DungeonLordsRules.apply``), and they are stored with it. An event
stored before its settled fields existed has them None: :func:`evolve_stored`, the fold the kernel runs on
stored logs, settles it from the state before it first (upcasting that needs the state), with the very
rules that wrote the event, so an old store replays to the same states. The hash chain leaves settled fields
out (:mod:`..chain`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from msgspec.structs import force_setattr as _force  # settling a just-decided event in place

from .. import events as ev
from ..evolve import HANDLERS, evolve
from ..state import SPACES, GameState, Monster, Player, cell_at
from ..year import year_plan
from .actions import current
from .common import catalog, clamp_evil, is_monster, monster_type
from .setup import setup_of

Settler = Callable[[GameState, Any], dict[str, Any]]
#: event class -> its settled fields worked out from the state before it (``resolves`` included)
SETTLERS: dict[type[ev.Event], Settler] = {}


#: event class -> its settler without ``resolves`` (the decided events' hot path adds that field itself)
_OWN: dict[type[ev.Event], Settler] = {}


def _settles(*classes: type[ev.Event]) -> Callable[[Settler], Settler]:
    def register(fn: Settler) -> Settler:
        for cls in classes:
            SETTLERS[cls] = _with_resolving(fn) if "resolves" in cls.settled else fn
            _OWN[cls] = fn
        return fn

    return register


def _with_resolving(fn: Settler) -> Settler:
    def settled(state: GameState, e: Any) -> dict[str, Any]:
        return {**fn(state, e), "resolves": _resolving(state)}

    return settled


def settle(state: GameState | None, e: Any) -> Any:
    """A copy of ``e`` with its settled fields worked out from ``state`` (the game before it; None before the
    first event). An event with no settled fields is returned as it is."""
    fn = SETTLERS.get(type(e))
    if fn is None:
        return e
    return e.replace(**fn(state, e))  # type: ignore[arg-type]


def _in_place(fn: Settler, first: str, resolving: bool) -> Callable[[GameState, Any], None]:
    if not resolving:

        def settle_decided(state: GameState, e: Any) -> None:
            if getattr(e, first) is None:  # unless the phase gave them already
                for name, value in fn(state, e).items():
                    _force(e, name, value)

        return settle_decided

    def settle_resolving(state: GameState, e: Any) -> None:  # :func:`_with_resolving`, no merged dict
        if getattr(e, first) is None:
            for name, value in fn(state, e).items():
                _force(e, name, value)
            _force(e, "resolves", _resolving(state))

    return settle_resolving


def decided_settlers() -> dict[type[ev.Event], Callable[[GameState, Any], None]]:
    """Event class -> ``(state, e) -> None``: settles ``e``, just decided by a phase for ``state`` and about to
    be applied to it, in place (the engine's hot path: no copy). An event is frozen once applied; until then
    only the decision that made it holds it (a decision's listed options keep their events for that very
    state, so settling them again gives the same values)."""
    return {cls: _in_place(_OWN[cls], cls.settled[0], "resolves" in cls.settled) for cls in SETTLERS}


def evolve_stored(state: GameState | None, e: Any) -> GameState:
    """The fold of a stored log: settle an event stored before its settled fields existed, then fold it.

    :func:`fold_stored` of the one event: one lookup an event (:data:`_FOLD`: its handler and its first
    settled field), :func:`..evolve.evolve` only for the events that begin or restore a whole state."""
    folded = fold_stored(state, (e,))
    assert folded is not None  # one event folded
    return folded


def fold_stored(state: GameState | None, events: Iterable[Any]) -> GameState | None:
    """:func:`evolve_stored` over a whole log (the kernel's ``replay``): the same, one Python call an event
    fewer. None for an empty log."""
    table, first_of = _FOLD, _FIRST
    for e in events:
        entry = table.get(type(e))
        if entry is None or state is None:  # GameStarted, ScenarioLoaded, an undo or a correction
            first = first_of.get(type(e))
            if first is not None and getattr(e, first) is None:
                e = settle(state, e)
            state = evolve(state, e)
            continue
        handler, first = entry
        if first is not None and getattr(e, first) is None:  # stored before its settled fields existed
            e = settle(state, e)
        handler(state, e)
        state.version += 1  # as evolve counts it
    return state


# --- helpers --------------------------------------------------------------------------------------
def _paid(evil: int, paid: dict[str, int]) -> int:
    """The Evil Marker after paying ``paid``: in the first game, at the top a cost moves it no further."""
    return clamp_evil(evil + paid.get("evil", 0))


def _gained(evil: int, gained: dict[str, int]) -> int:
    """The Evil Marker after gaining ``gained``'s evil steps (it stops at either end)."""
    return clamp_evil(evil + gained.get("evil", 0))


def _trolls(state: GameState, monsters: list[Monster]) -> int:
    """Troll Tokens = trolls in the lair (Rulebook › Hire Monster: a token per troll)."""
    return sum(1 for m in monsters if "troll_token" in monster_type(state, m.id).abilities)


def _trolls_busy(state: GameState, p: Player, lost: list[str]) -> int:
    """Troll Tokens still at work once the monsters ``lost`` have left (each lost troll takes its token)."""
    if not lost:
        return p.trolls_busy
    left = [m for m in p.monsters if m.id not in lost]
    return min(p.trolls_busy, _trolls(state, left))


def _resolving(state: GameState) -> str:
    """The minion an input resolves: the next in the board's resolution order ("action:space"; "" none)."""
    pl = current(state)
    if pl is None or pl.space is None:
        return ""
    return f"{pl.action}:{SPACES.index(pl.space)}"


# --- set-up and flow --------------------------------------------------------------------------------
@_settles(ev.GameStarted)
def _game_started(s: GameState | None, e: ev.GameStarted) -> dict[str, Any]:
    return {"setup": setup_of(e)}


@_settles(ev.CombatCardsDealt)
def _combat_cards_dealt(s: GameState, e: ev.CombatCardsDealt) -> dict[str, Any]:
    return {"boxed": [c.id for c in catalog(s).combat_cards.values() if c.year == e.year and c.id not in e.cards]}


@_settles(ev.SpecialEventsDrawn)
def _special_events_drawn(s: GameState, e: ev.SpecialEventsDrawn) -> dict[str, Any]:
    drawn = e.drawn()
    return {"boxed": [c for c in catalog(s).special_events if c not in drawn]}


@_settles(ev.PhaseBegan)
def _phase_began(s: GameState, e: ev.PhaseBegan) -> dict[str, Any]:
    return {"season_index": year_plan(s).seasons.index(e.season)}


@_settles(ev.NonPlayerOrdersRotated)
def _non_player_orders_rotated(s: GameState, e: ev.NonPlayerOrdersRotated) -> dict[str, Any]:
    return {"deck": [c for c in catalog(s).order_cards if c not in e.inaccessible]}


@_settles(ev.YearBegan)
def _year_began(s: GameState, e: ev.YearBegan) -> dict[str, Any]:
    steps = e.nonplayer_evil_steps  # as the event says (Second Year rules)
    return {
        "nonplayer_evilometers": {n.color: clamp_evil(n.evil + steps) for n in s.nonplayers if n.evil is not None},
        "event_pool": list(year_plan(s).event_tiles),
    }


@_settles(ev.NonPlayerEvilMoved)
def _non_player_evil_moved(s: GameState, e: ev.NonPlayerEvilMoved) -> dict[str, Any]:
    np = next(n for n in s.nonplayers if n.color == e.color)
    assert np.evil is not None, "only a 2-player game's non-player colour has an Evil Marker"
    return {"evilometer": clamp_evil(np.evil + e.steps)}


# --- paying and gaining -----------------------------------------------------------------------------
@_settles(ev.ActionTaken)
def _action_taken(s: GameState, e: ev.ActionTaken) -> dict[str, Any]:
    p, cards = s.player(e.color), e.gained.get("trap_cards", 0)
    # the Year plan says how many more are drawn, then sent back (Second Year: 1)
    draw = cards + year_plan(s).buy_traps_extra.get(s.year, 0) if cards else 0
    return {"evilometer": _gained(_paid(p.evil, e.paid), e.gained), "trap_draw": draw}


@_settles(ev.RoomBuilt, ev.TrapInstalled, ev.RoomRented, ev.PetsAcquired, ev.MonsterAttacked)
def _room_built(s: GameState, e: Any) -> dict[str, Any]:
    return {"evilometer": _paid(s.player(e.color).evil, e.paid)}


@_settles(ev.MonsterHired, ev.WagePaid)
def _monster_hired(s: GameState, e: ev.MonsterHired | ev.WagePaid) -> dict[str, Any]:
    p = s.player(e.color)
    lost = [e.fed_monster] if e.fed_monster else []
    return {"evilometer": _paid(p.evil, e.paid), "trolls_busy": _trolls_busy(s, p, lost)}


@_settles(ev.MonsterReleased)
def _monster_released(s: GameState, e: ev.MonsterReleased) -> dict[str, Any]:
    p = s.player(e.color)
    return {"evilometer": clamp_evil(p.evil + 1), "trolls_busy": _trolls_busy(s, p, [e.monster])}


@_settles(ev.RoomProduced)
def _room_produced(s: GameState, e: ev.RoomProduced) -> dict[str, Any]:
    evil = _paid(s.player(e.color).evil, e.paid)
    return {"evilometer": clamp_evil(evil - 1) if e.output == "reputation" else evil}


@_settles(ev.FoodHarvested)
def _food_harvested(s: GameState, e: ev.FoodHarvested) -> dict[str, Any]:
    return {"evilometer": clamp_evil(s.player(e.color).evil + e.evil)}


@_settles(ev.PetUsed)
def _pet_used(s: GameState, e: ev.PetUsed) -> dict[str, Any]:
    return {"evilometer": _gained(s.player(e.color).evil, e.gain)}


@_settles(ev.FestivalPrizeTaken)
def _festival_prize_taken(s: GameState, e: ev.FestivalPrizeTaken) -> dict[str, Any]:
    p = s.player(e.color)
    lost = [e.fed_monster] if e.monster and e.fed_monster else []
    return {"evilometer": _gained(_paid(p.evil, e.paid), e.gained), "trolls_busy": _trolls_busy(s, p, lost)}


@_settles(ev.MasqueradeHeld)
def _masquerade_held(s: GameState, e: ev.MasqueradeHeld) -> dict[str, Any]:
    out = {e.color: _paid(s.player(e.color).evil, e.paid)}
    for color, steps in e.evil.items():  # at once; gaining is not a cost: it stops at the top
        out[color] = clamp_evil(out.get(color, s.player(color).evil) + steps)
    return {"evilometers": out}


@_settles(ev.TableRulingApplied)
def _table_ruling_applied(s: GameState, e: ev.TableRulingApplied) -> dict[str, Any]:
    return {"evilometers": {c: clamp_evil(s.player(c).evil + ch.get("evil", 0)) for c, ch in e.changes.items()}}


@_settles(ev.SpecialEventApplied)
def _special_event_applied(s: GameState, e: ev.SpecialEventApplied) -> dict[str, Any]:
    p, fx = s.player(e.color), e.effect
    imps = max(0, p.imps + fx.get("imps", 0))
    trained = min(p.trained, imps)  # imps are lost from the Imp Den first (Festival Season, U-44)
    return {
        "resulting": {
            "gold": max(0, p.gold + fx.get("gold", 0)),
            "food": max(0, p.food + fx.get("food", 0)),
            "imps": imps,
            "trained": trained,
            "imps_busy": min(p.imps_busy, imps - trained),
            "evil": clamp_evil(p.evil + fx.get("evil", 0)),
            "trolls_busy": _trolls_busy(s, p, list(fx.get("monsters_lost", []))),
        }
    }


@_settles(
    ev.ActionDeclined,
    ev.DiggingFinished,
    ev.GoldMined,
    ev.TrapCardsDrawn,
    ev.TrapDiscarded,
    ev.GoldInvested,
    ev.TunnelsImproved,
    ev.RentGoldTaken,
    ev.PetsDrawn,
)
def _action_declined(s: GameState, e: Any) -> dict[str, Any]:
    return {}  # only the minion they resolve (see settle)


# --- combat -------------------------------------------------------------------------------------------
@_settles(ev.BattlePlanned)
def _battle_planned(s: GameState, e: ev.BattlePlanned) -> dict[str, Any]:
    hidden, lasting = list(s.player(e.color).pets), []
    for pet in e.pets:  # Festival Season › Using Pets: revealed and used up, some fighting on (``lasts``)
        if pet in hidden:
            hidden.remove(pet)
            if catalog(s).pets[pet].lasts == "combat":
                lasting.append(pet)
    return {"lasting": lasting}


@_settles(ev.PrisonerReleased)
def _prisoner_released(s: GameState, e: ev.PrisonerReleased) -> dict[str, Any]:
    return {"pile": "paladins" if e.prisoner in catalog(s).paladins else "adventurers"}


@_settles(ev.BattleBegan)
def _battle_began(s: GameState, e: ev.BattleBegan) -> dict[str, Any]:
    plan = s.player(e.color).plan or {}
    pets = [catalog(s).pets[x] for x in plan.get("pets", ())]  # Festival Season: pets sent fight too
    return {"pets_fighting": [pet.id for pet in pets if pet.attacks], "fatigue": sum(pet.fatigue for pet in pets)}


@_settles(ev.SpellCast)
def _spell_cast(s: GameState, e: ev.SpellCast) -> dict[str, Any]:
    p, fx = s.player(e.color), e.effect
    imps = p.imps + fx.get("imps", 0)
    return {"evilometer": _gained(p.evil, fx), "imps_trained": min(p.trained, imps)}


@_settles(ev.SpellChoiceMade)
def _spell_choice_made(s: GameState, e: ev.SpellChoiceMade) -> dict[str, Any]:
    evil = s.player(e.color).evil
    if e.option == "pay":
        evil = _paid(evil, e.paid)
    if e.option == "gain_evil":
        evil = clamp_evil(evil + 2)
    staying: list[str] = []
    if e.option == "withdraw_all" and s.battle is not None:  # ghosts and pets stay (Festival Season › Using Pets)
        staying = [m for m in s.battle.monsters if not is_monster(s, m)]
    return {"evilometer": evil, "staying": staying}


@_settles(ev.TileConquered)
def _tile_conquered(s: GameState, e: ev.TileConquered) -> dict[str, Any]:
    p = s.player(e.color)
    cell, trained = cell_at(p, e.tile), p.trained
    if trained and cell is not None and cell.room is not None:  # the imp Training Room: its imps go back
        production = catalog(s).rooms[cell.room].production
        if production is not None and production.output == "training":
            trained = 0
    return {"evilometer": clamp_evil(p.evil - 1), "imps_trained": trained}


@_settles(ev.CombatEnded)
def _combat_ended(s: GameState, e: ev.CombatEnded) -> dict[str, Any]:
    paladins = catalog(s).paladins
    return {"paladins": [who for leaving in e.departed.values() for who in leaving if who in paladins]}


#: event class -> its first settled field (None there: stored before its settled fields existed)
_FIRST = {cls: cls.settled[0] for cls in SETTLERS}
#: event class -> (its fold handler, its first settled field or None): :func:`evolve_stored`'s one lookup
_FOLD: dict[type, tuple[Callable[[GameState, Any], None], str | None]] = {
    cls: (handler, _FIRST.get(cls)) for cls, handler in HANDLERS.items()
}
