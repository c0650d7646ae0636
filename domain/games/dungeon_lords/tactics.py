"""Combat tactics shared by the strategy bots: how to score a battle plan, an attack, a trap's
target and a spell's choice. Each scorer reads the rules' own pure functions (the engine's
attack and trap resolution) instead of guessing, so a bot never disagrees with the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as ev
from .effects import TRAP_SPECIALS
from .phases import combat
from .phases.common import catalog, is_ghost, is_unseen, monster_type, type_of
from .state import GameState, Player

KILL = 10.0  # an adventurer in prison: 2 points, a tile not conquered, an Evil step kept


def _outcome(events) -> float:
    kills = sum(1 for e in events if isinstance(e, (ev.AdventurerImprisoned, ev.IllusionVanished)))
    damage = sum(e.amount for e in events if isinstance(e, ev.DamageDealt))
    return KILL * kills + damage


def _remaining_hp(state: GameState, p: Player) -> int:
    return sum(combat.stats(state, p, w)[0] - combat.damage_on(state, p, w) for w in combat.line(state, p))


def _expected_fatigue(state: GameState, p: Player) -> float:
    card = p.spied.get(str(state.combat_round))
    if card:
        return catalog(state).combat_cards[card].fatigue
    return 1.25 if state.year == 1 else 2.25


def _monster_punch(state: GameState, monster: str, party: int) -> float:
    t = monster_type(state, monster)
    best = 0.0
    for a in t.attacks:
        per = float(a.damage or 0)
        hits = party if a.kind == "everyone" else 2 if a.kind == "anyone_x2" else 1
        best = max(best, per * hits + (3 if _leaves_marker(a.tags) else 0))
    return best


def _leaves_marker(tags) -> bool:
    """Does an attack with ``tags`` leave a marker on the battle (the rules' :data:`combat.ATTACK_MARKERS`)?"""
    return any(tag in tags for tag in combat.ATTACK_MARKERS)


def _trap_marks(special: str | None) -> bool:
    """Does a trap's ``special`` add markers to the battle (its registered rule has ``effects``: no conquering,
    poison, anti-magic...), rather than only changing the damage (:data:`effects.TRAP_SPECIALS`)?"""
    rule = TRAP_SPECIALS.get(special or "")
    return rule is not None and rule.effects is not None


def _fights_for_you(state: GameState, room: str | None) -> bool:
    """Is ``room`` one where the rules help the dungeon lord's battle (a catalog ``combat`` room: Training
    Room, Dark Room, Labyrinth, Anti-magic Room...), so fighting on it is no risk worth counting?"""
    return room is not None and catalog(state).rooms[room].category == "combat"


def _trap_punch(state: GameState, trap: str, party: int, disarm: int) -> float:
    if is_unseen(trap):  # tabletop: drawn unseen; a middling trap
        return max(0.0, 2.0 - disarm)
    v = catalog(state).traps[type_of(trap)].values(state.year)
    base = 4.0 if v.damage is None else float(v.damage) * (party if "everyone" in v.targeting else 1)
    return max(0.0, base - disarm) + (3 if _trap_marks(v.special) else 0)


def plan_score(state: GameState, p: Player, option) -> float:
    """Damage the plan can deal (up to what the party can take), less what it uses up."""
    return plan_scorer(state, p)(option)


def plan_scorer(state: GameState, p: Player) -> Callable[[Any], float]:
    """:func:`plan_score` for every option of one decision: what does not depend on the plan (the party,
    its disarm and hit points, each trap's and monster's punch) is worked out once."""
    order = combat.line(state, p)
    party = len(order)
    disarm = sum(combat.stats(state, p, w)[1] for w in order)
    need = max(_remaining_hp(state, p) - _expected_fatigue(state, p), 0) + 2
    rounds_after = 4 - state.combat_round
    paladins = catalog(state).paladins
    traps: dict[str, float] = {}
    monsters: dict[str, tuple[float, float]] = {}  # punch, and what using it up costs

    def score(option) -> float:
        if option.type == "release_prisoner":
            return -2.0 if option.prisoner in paladins else 0.0
        for t in option.traps:
            if t not in traps:
                traps[t] = _trap_punch(state, t, party, disarm)
        for m in option.monsters:
            if m not in monsters:
                monsters[m] = (_monster_punch(state, m, party), 0.3 if is_ghost(state, m) else 1.2)
        punch = sum((traps[t] for t in option.traps), 0.0)
        punch += sum((monsters[m][0] for m in option.monsters), 0.0)
        used = 1.0 * len(option.traps) + sum((monsters[m][1] for m in option.monsters), 0.0)
        room = combat._room_of(p, tuple(option.tile))
        cost = combat.trap_cost(state, p, list(option.traps), room).get("gold", 0)
        tile = -1.5 if room is not None and not _fights_for_you(state, room) else 0.0
        return min(punch, need) - used * rounds_after / 3 - cost + tile

    return score


def attack_score(events: list[ev.Event]) -> float:
    """How good an attack is, from the events it resolves to (``Pending.handle`` of the attack decision:
    the events worked out while its options were listed)."""
    attacked = next(e for e in events if isinstance(e, ev.MonsterAttacked))
    return _outcome(events) - sum(attacked.paid.values()) + (2 if not attacked.knocked_out else 0)


def trap_target_score(state: GameState, p: Player, option) -> float:
    trap = combat.in_battle(state).traps[0]
    events = combat.spring_trap(state, p, trap, option.target)
    sprung = next(e for e in events if isinstance(e, ev.TrapSprung))
    bonus = 4 if "no_heal" in sprung.effects else 3 if "no_spell" in sprung.effects else 0
    return _outcome(events) + bonus


def spell_choice_score(state: GameState, p: Player, option) -> float:
    if option.option == "pay":
        return 1.0 - 0.5 * sum(combat.cost_dict(monster_type(state, option.target).cost).values())
    if option.option == "withdraw":
        return 0.0
    if option.option == "gain_evil":
        return 1.0 if p.evil <= 7 else -2.0
    if option.option == "withdraw_all":
        return 0.0
    return -_monster_punch(state, option.target, len(combat.line(state, p)))  # give up the weakest
