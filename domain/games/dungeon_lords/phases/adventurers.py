"""The Adventurers Phase and the paladin.

Rules: Rulebook › Adventurers Phase; › Assigning Adventurers to 2 Players; › Paladin.
"""

from __future__ import annotations

from .. import events as ev
from ..state import GameState
from ..year import year_plan
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
    """The Adventurers Phase (Rulebook › Adventurers Phase; › Assigning Adventurers to 2 Players): with 2
    players each non-player Evil Counter first moves 1 step up (15 at most); the season's adventurers, weakest
    first, go to the dungeon lords nicest first (the lowest Evil; ties by play order), one each; one that falls
    to a non-player colour is discarded. A warrior joins the party at the front, a bard (Festival Season) at the
    back, any other ahead of the bards.

    Returns:
        ``[NonPlayerEvilMoved, ..., AdventurerAssigned (0-based position) | AdventurerDiscarded, ...]`` and the
        events that begin the next phase."""
    out: list[ev.Event] = []
    np_evil = None
    for np in state.nonplayers:
        if np.evil is not None:  # 2 players: the non-player counter moves up first
            out.append(ev.NonPlayerEvilMoved(color=np.color, steps=1))
            np_evil = min(15, np.evil + 1)
    order = nicest_first(state, np_evil)
    players = {p.color: p for p in state.players}
    cat = catalog(state)
    sizes = {c: len(p.party) for c, p in players.items()}
    # Festival Season's bards stand last: the others fill the spaces ahead of them
    ahead = {c: sum(1 for a in p.party if cat.adventurers[a].profession != "bard") for c, p in players.items()}
    for tile, color in zip(state.board.incoming.get(season_name(state), []), order):
        if color not in players:
            out.append(ev.AdventurerDiscarded(tile=tile, reason=f"assigned to the non-player {color}"))
            continue
        kind = cat.adventurers[tile].profession
        position = 0 if kind == "warrior" else sizes[color] if kind == "bard" else ahead[color]
        out.append(ev.AdventurerAssigned(color=color, tile=tile, position=position))
        sizes[color] += 1
        ahead[color] += kind != "bard"
    return out + after_phase(state, "adventurers")


#: no paladin leaves his tent or moves once the Year's Combat is over (Rulebook › End of Combat: the
#: survivors go home); before the first Year, nobody is on the Evilometer's paladin space
QUIET_PHASES = frozenset({"setup", "year_end", "scoring", "over"})


def paladin_step(state: GameState) -> list[ev.Event] | None:
    """Where the Year's paladins go, worked out again after every event (they move "immediately").

    One rule for the base game's paladin and Festival Season's pair (``state.paladins``, weakest first):
    the eligible players are those on or above the paladin space and those holding one of the paladins;
    the paladins already out stay out, and one more leaves the tent for each further player on or above
    the space at the same time (the k-th when k players are there); the strongest paladin out goes to the
    most evil eligible player, the next to the second, and so on. Ties: the holder of the stronger
    paladin, then of a weaker one, then the later in play order (the starting player is the nicest).

    With one paladin this is the base rule: he leaves his tent for the first player on or above his
    space and moves only to a player strictly more evil than his host (Rulebook › Paladin). With the
    pair it gives Festival Season › Paladins and the Evilometer and the Expansion Rules Summary's cases
    (PA-02..PA-08). In Combat, a player who captured one of the Year's paladins is ignored by the others,
    "as though not on the Evilometer" (Festival Season › Paladins in Combat, PA-09). With 2 players, when
    the Year plan says so, the non-player Evil Counter is ranked too (outside Combat) and the paladin it
    gets is sent to the Distant Lands (Festival Season › Evilometer for Two Players, NP-04, NP-05).
    """
    pals = state.paladins
    if not pals or state.phase in QUIET_PHASES:
        return None
    before_battle = state.phase != "combat" or state.combat_round == 0
    ranks_nonplayers = bool(state.nonplayers) and before_battle and year_plan(state).nonplayer_takes_paladin
    holders = [pal.holder for pal in pals if pal.holder is not None]
    if len(holders) <= 1 and not ranks_nonplayers:
        for p in state.players:  # a loop, not any(generator): asked after every event
            if p.evil >= PALADIN_SPACE and p.color not in holders:
                break
        else:
            return None  # the usual case, asked after every event: nobody new on the space, nobody to rank
    evil = _evilometer(state, ranks_nonplayers)
    on_space = [color for color, value in evil.items() if value >= PALADIN_SPACE]
    out = [pal for pal in pals if pal.holder is not None]
    if len(out) <= 1 and set(holders).issuperset(on_space):
        return None
    active, eligible = _active(state, on_space, out)
    if not active:
        return None
    return _moves(state, sorted(active, key=pals.index, reverse=True), _ranked(state, eligible, evil)) or None


def _active(state: GameState, on_space: list[str], out: list) -> tuple[list, set[str]]:
    """(the paladins out of their tent after this event, the colours they may go to): those already out
    stay out and one more leaves the tent for each further player on or above the space; in Combat a
    captor of one of the Year's paladins is ignored (Festival Season › Paladins in Combat, PA-09)."""
    pals = state.paladins
    ignored = _captors(state) if state.phase == "combat" else set()
    if ignored:
        on_space = [c for c in on_space if c not in ignored]
        out = [pal for pal in out if pal.holder not in ignored]
    tent = [pal for pal in pals if pal.holder is None]
    active = out + tent[: max(0, min(len(on_space), len(pals)) - len(out))]
    return active, set(on_space) | {pal.holder for pal in out if pal.holder is not None}


def _evilometer(state: GameState, ranks_nonplayers: bool) -> dict[str, int]:
    """Colour -> Evil Marker of those the paladins are ranked among: the players, and with
    ``ranks_nonplayers`` the non-player counters whose paladin has not been sent away."""
    evil = {p.color: p.evil for p in state.players}
    if ranks_nonplayers:
        # Festival Season › Evilometer for Two Players (NP-04, NP-05): ranked as a player outside Combat.
        # Its counter reaches the space at the last Adventurers Phase, which ends in the same batch as
        # Combat begins: until the first Combat round it still counts ("immediately", nothing between).
        evil.update(
            (np.color, np.evil)
            for np in state.nonplayers
            if np.evil is not None and np.color not in state.paladin_nonplayers
        )
    return evil


def _ranked(state: GameState, eligible: set[str], evil: dict[str, int]) -> list[str]:
    """The eligible colours, most evil first. Ties: the holder of the stronger paladin, then of a weaker
    one, then the later in play order; a non-player is the nicer in a tie (provisional, spec U-39)."""
    strength = {pal.holder: k + 1 for k, pal in enumerate(state.paladins) if pal.holder is not None}
    players = {p.color for p in state.players}
    return sorted(
        eligible,
        key=lambda c: (evil[c], strength.get(c, 0), play_index(state, c) if c in players else -1),
        reverse=True,
    )


def _moves(state: GameState, strongest_first: list, ranked: list[str]) -> list[ev.Event]:
    """The strongest paladin out to the most evil eligible colour, the next to the second...: the events
    of those that change hands (sent away when a non-player colour gets one)."""
    players = {p.color for p in state.players}
    moves: list[ev.Event] = []
    for pal, color in zip(strongest_first, ranked):
        if color not in players:
            moves.append(ev.PaladinSentAway(color=color, paladin=pal.id, from_color=pal.holder))
        elif pal.holder is None:
            moves.append(ev.PaladinArrived(color=color, paladin=pal.id))
        elif pal.holder != color:
            moves.append(ev.PaladinMoved(from_color=pal.holder, to_color=color, paladin=pal.id))
    return moves


def _captors(state: GameState) -> set[str]:
    """Players who imprisoned one of the Year's paladins in this Combat (the list is emptied when Combat
    ends, so a Year-1 capture does not protect from the Year-2 paladins: Festival Season › Paladins in
    Combat)."""
    return set(state.paladin_captors)
