"""The effect registries (see the package): spells by Combat Card id, traps by targeting and special;
the decorators that fill them. The effect modules import this one, never the package (no import circle)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..state import Battle, GameState, Player


@dataclass(frozen=True)
class SpellContext:
    """What a spell sees: the state, the dungeon lord in battle, the battle and the party front first."""

    state: GameState
    player: Player
    battle: Battle
    party: list[str]
    card: str


@dataclass(frozen=True)
class TrapContext:
    """What a trap sees: the party front first, the trap's damage this Year, the chosen target."""

    state: GameState
    player: Player
    party: list[str]
    damage: int
    target: str | None


SpellEffect = Callable[[SpellContext], dict[str, Any]]
Plan = list[tuple[str, int]]


@dataclass(frozen=True)
class TrapSpecial:
    """A trap's special rule: ``plan`` replaces the targeting's damage plan; ``effects`` adds markers
    (``no_conquer``, ``poison:<who>``...) that the battle applies."""

    plan: Callable[[TrapContext], Plan] | None = None
    effects: Callable[[TrapContext], list[str]] | None = None


SPELLS: dict[str, SpellEffect] = {}
TRAP_TARGETING: dict[str, Callable[[TrapContext], Plan]] = {}
TRAP_SPECIALS: dict[str, TrapSpecial] = {}


def spell(card_id: str) -> Callable[[SpellEffect], SpellEffect]:
    """Register the effect of the spell on Combat Card ``card_id``."""

    def register(fn: SpellEffect) -> SpellEffect:
        if card_id in SPELLS:
            raise ValueError(f"spell {card_id!r} is registered twice")
        SPELLS[card_id] = fn
        return fn

    return register


def targeting(kind: str) -> Callable[[Callable[[TrapContext], Plan]], Callable[[TrapContext], Plan]]:
    """Register a trap targeting kind (the catalog's ``targeting``)."""

    def register(fn: Callable[[TrapContext], Plan]) -> Callable[[TrapContext], Plan]:
        if kind in TRAP_TARGETING:
            raise ValueError(f"trap targeting {kind!r} is registered twice")
        TRAP_TARGETING[kind] = fn
        return fn

    return register


def trap_special(name: str, special: TrapSpecial) -> None:
    """Register a trap special rule (the catalog's ``special``)."""
    if name in TRAP_SPECIALS:
        raise ValueError(f"trap special {name!r} is registered twice")
    TRAP_SPECIALS[name] = special
