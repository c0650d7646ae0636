"""The fold of the adventurers and the paladin (:mod:`..phases.adventurers`): assigned or discarded,
non-player Evil, the paladins' moves, the Evilometer track."""

from __future__ import annotations

from .. import events as ev
from ..state import GameState
from .common import free_paladin, nonplayer, on


@on(ev.NonPlayerEvilMoved)
def _non_player_evil_moved(s: GameState, e: ev.NonPlayerEvilMoved) -> None:
    np = nonplayer(s, e.color)
    assert np.evil is not None, "only a 2-player game's non-player colour has an Evil Marker"
    assert e.evilometer is not None, "NonPlayerEvilMoved settled"
    np.evil = e.evilometer


@on(ev.EvilometerMoved)
def _evilometer_moved(s: GameState, e: ev.EvilometerMoved) -> None:
    s.player(e.color).evil = e.evil  # already there: the event that moved it was applied first


def _take_incoming(s: GameState, tile: str) -> None:
    """Take ``tile`` from the season's adventurers waiting to be assigned."""
    incoming = s.board.incoming
    for season, tiles in incoming.items():  # a loop, not next(generator): cheaper
        if tile in tiles:
            tiles.remove(tile)
            if not tiles:
                del incoming[season]
            return
    raise ValueError(f"{tile} is not waiting to be assigned")  # a log only takes adventurers that wait


@on(ev.AdventurerAssigned)
def _adventurer_assigned(s: GameState, e: ev.AdventurerAssigned) -> None:
    _take_incoming(s, e.tile)
    s.player(e.color).party.insert(e.position, e.tile)


@on(ev.AdventurerDiscarded)
def _adventurer_discarded(s: GameState, e: ev.AdventurerDiscarded) -> None:
    _take_incoming(s, e.tile)
    s.board.discards["adventurers"].append(e.tile)


@on(ev.PaladinSentAway)
def _paladin_sent_away(s: GameState, e: ev.PaladinSentAway) -> None:
    s.paladins = [pal for pal in s.paladins if pal.id != e.paladin]
    s.board.discards["paladins"].append(e.paladin)
    s.paladin_nonplayers.append(e.color)


@on(ev.PaladinArrived)
def _paladin_arrived(s: GameState, e: ev.PaladinArrived) -> None:
    free_paladin(s, e.paladin).holder = e.color


@on(ev.PaladinMoved)
def _paladin_moved(s: GameState, e: ev.PaladinMoved) -> None:
    free_paladin(s, e.paladin).holder = e.to_color
