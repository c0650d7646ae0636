"""Monster Inn's rule ids with their citations, and its refusal codes (on top of the kernel's).

Citations name the rulebook's sections (Monster Inn rulebook v1.0, English) or, for a rule the text
leaves open, the provisional choice of this engine with the spec item it rests on (M-nn, A-nn).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import RuleIndex, RuleViolation
from domain.kernel.codes import RefusalCode
from domain.kernel.rules_index import KERNEL_RULES

MI = "Monster Inn › "
RULES: dict[str, str] = {
    "setup.players": MI + "Set-up (3 to 5 Dungeon Masters; the text's end-of-game rule covers 3, 4 and 5)",
    "setup.rules": MI + "rules the text leaves open: the engine's provisional choice, named and switchable "
    "(recorded in the first event)",
    "setup.scenario": "Engine: a position is a whole state as the recorder sees it; every component is somewhere "
    "exactly once and no humanoid's front is known before scoring",
    "setup.catalog": MI + "Components (the card list; values the rulebook does not print are provisional)",
    "setup.supply": MI + "Set-up (each Dungeon Master takes 3 Gold Coins and 3 Gems)",
    "inn.deal": MI + "Set-up (draw as many Creature cards as there are Dungeon Masters)",
    "inn.order": MI + "Set-up (Humanoids face down by range, descending; then Monsters face up, ascending)",
    "turn.leftmost": MI + "Sequence of Play (the decision concerns the Creature furthest left)",
    "remain.pool_type": MI
    + "Sequence of Play › A) Remain (add 1 Treasure of the Pool's type; any type to an empty Pool)",
    "remain.exchange": MI
    + "Sequence of Play › A) Remain › Treasure Exchange (text lost; provisional M-04: the Pool goes back, "
    "its count plus one of the other type goes in)",
    "leave.take": MI + "Sequence of Play › B) Leave (take the Pool and the leftmost Creature)",
    "leave.last": MI + "Sequence of Play (the last Dungeon Master in a round must Leave)",
    "leave.dungeon": MI + "Sequence of Play › B) Leave (Humanoids face down below, Monsters face up above, in order)",
    "bonus.take": MI + "Sequence of Play › Humanoid Bonus (1 Treasure of your choice from the supply)",
    "bonus.short": MI
    + "Humanoid Bonus with a type run out (provisional A-02: the other type; none when the supply is empty)",
    "support.same_kind": MI
    + "Sequence of Play › Support (placing a Monster of a Kind you have: 1 Treasure on one Monster of that Kind)",
    "support.once": MI + "Support (provisional A-03: one Support per Monster)",
    "round.next": MI + "Sequence of Play (the Dungeon Master left of the one who took the last Creature starts)",
    "end.deck": MI + "End of Game (4-5 players: the deck is exhausted; 3 players: 1 card remains, back to the box)",
    "score.step1": MI + "Scoring (remove Humanoids under a supported Monster or under no Monster, unrevealed)",
    "score.step2": MI + "Scoring (reveal; remove Humanoids whose Combat Value is lower than the Monster's)",
    "score.fame": MI
    + "Scoring (Skulls for a Monster alone; its Skulls minus the Humanoid's under it; 1 Fame per 3 Treasures)",
    "score.positive": MI
    + "Scoring (a Monster over a Humanoid gains 0 or minus Fame; provisional A-05: min(0, difference))",
    "score.winner": MI + "Scoring and Winning (most Fame; tie: most Treasure; still tied: shared)",
    "view.supply": MI + "Set-up (keep your personal supply hidden until the end; Variant: open Treasures)",
}


class MonsterInnRefusal(RefusalCode):
    """Why a Monster Inn input is refused (each with the rule it usually rests on)."""

    SETUP_INVALID = ("the game cannot be set up so (players, variant, mode, seed, rules or card list)", "setup.players")
    SCENARIO_INVALID = ("the position cannot be (a field, a hidden value, a component counted twice)", "setup.scenario")
    NO_SUCH_TREASURE = ("you have no treasure of that type to put in", "remain.pool_type")
    WRONG_TREASURE_TYPE = ("the Pool holds the other type: add the same type, exchange, or Leave", "remain.pool_type")
    EXCHANGE_IMPOSSIBLE = ("a Treasure Exchange needs a Pool and one piece more of the other type", "remain.exchange")
    SUPPLY_EMPTY = ("the general supply has no treasure of that type", "bonus.short")
    SUPPORT_NOT_ALLOWED = ("only one unsupported monster of the kind just placed can take Support", "support.same_kind")


#: every rule of Monster Inn is cited in English only: the game has no rulebook in another language
ENGLISH_ONLY: dict[str, str] = dict.fromkeys([*KERNEL_RULES, *RULES], "Monster Inn: no rulebook but the English one")

INDEX = RuleIndex(RULES, [MonsterInnRefusal])


def refuse(code: MonsterInnRefusal | str, message: str, rule_id: str | None = None, /, **params: Any) -> RuleViolation:
    """A RuleViolation citing ``rule_id`` (default: the code's own rule); ``message`` is a template filled
    from ``params`` (the msgid of the gettext domain ``refusals``)."""
    return INDEX.refuse(code, message, rule_id, **params)
