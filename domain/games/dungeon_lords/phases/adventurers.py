"""The Adventurers Phase and the paladin.

Rules: Rulebook › Adventurers Phase; › Assigning Adventurers to 2 Players; › Paladin.
"""

from __future__ import annotations

from .. import events as ev
from ..state import GameState
from .common import PALADIN_SPACE, catalog, play_index, season_name
from .rounds import after_phase


def nicest_first(state: GameState, nonplayer_evil: int | None = None) -> list[str]:
    """Colours from nicest (lowest on the Evilometer) to most evil. Ties: the starting player is
    nicest, then clockwise; a 2-player game's non-player counter is nicer than tied players."""
    keyed = [((p.evil, play_index(state, p.color)), p.color) for p in state.players]
    for np in state.nonplayers:
        if np.evil is not None:
            keyed.append(((nonplayer_evil if nonplayer_evil is not None else np.evil, -1), np.color))
    return [color for _, color in sorted(keyed)]


def step(state: GameState) -> list[ev.Event]:
    out: list[ev.Event] = []
    np_evil = None
    for np in state.nonplayers:
        if np.evil is not None:  # 2 players: the non-player counter moves up first
            out.append(ev.NonPlayerEvilMoved(color=np.color, steps=1))
            np_evil = min(15, np.evil + 1)
    order = nicest_first(state, np_evil)
    players = {p.color: p for p in state.players}
    sizes = {c: len(p.party) for c, p in players.items()}
    for tile, color in zip(state.board.incoming.get(season_name(state), []), order):
        if color not in players:
            out.append(ev.AdventurerDiscarded(tile=tile, reason=f"assigned to the non-player {color}"))
            continue
        warrior = catalog(state).adventurers[tile].profession == "warrior"
        out.append(ev.AdventurerAssigned(color=color, tile=tile, position=0 if warrior else sizes[color]))
        sizes[color] += 1
    return out + after_phase(state, "adventurers")


def paladin_step(state: GameState) -> list[ev.Event] | None:
    """The paladin leaves his tent for the first player on or above his space, and moves only to a
    player strictly more evil than his current host (ties: the later in play order is more evil)."""
    pal = state.paladin
    if pal is None or state.phase in ("setup", "year_end"):
        return None
    evil_enough = [p for p in state.players if p.evil >= PALADIN_SPACE]
    if pal.holder is not None:
        host = state.player(pal.holder)
        evil_enough = [p for p in evil_enough if p.evil > host.evil]
    if not evil_enough:
        return None
    target = max(evil_enough, key=lambda p: (p.evil, play_index(state, p.color)))
    if pal.holder is None:
        return [ev.PaladinArrived(color=target.color, paladin=pal.id)]
    return [ev.PaladinMoved(from_color=pal.holder, to_color=target.color, paladin=pal.id)]
