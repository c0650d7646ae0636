"""Pets: the Pet Phase of the first round, its draft, the secret Pet Box, and the pet show at scoring.

Festival Season (CGE 2012) › Pets; › Pet Phase; › Using Pets; › Pets During Scoring. Spec items YR-02,
PE-01..PE-10, NP-09.

- YR-02 / PE-01: the Pet Phase follows Production and Orders Retrieval in the first round of each Year.
- PE-02 / PE-03: each player is dealt 2 Pet Cards (a chance point, seen only by that player) and, in the
  Second Year, adds the unused pets he holds; each passes one card to the player on his left, all at once
  and in secret; then each discards one card face down and keeps the rest face down. Everyone ends with
  one more pet than before.
- PE-04: pets, hands, passed and discarded cards are hidden from the other players (``views``); the
  receiver sees the card passed to him.
- PE-06: a pet is used once per game, when its card says (the catalog's ``timing``): a Building pet at any
  moment of Building (:class:`~..commands.UsePet`, taken whatever the game waits for), a Combat pet with a
  battle's plan (``PlanBattle.pets``, :func:`..phases.combat.pets_problem`), a Scoring pet at the pet show.
  Used, it scores nothing.
- PE-07 / PE-08: in battle a pet is not a monster (spells on monsters skip it, priests do not heal for it),
  except Baby Golem (:func:`..phases.common.is_monster`; the monster limit in ``phases.combat``).
- PE-09: the pet show opens the scoring: an unused pet scores 1 (the score card's ``pets`` line); a Scoring
  pet scores its own points instead when they are more (engine choice: the owner always shows it then).
- NP-09: the draft passes between players only (with 2 players each passes to the other).

Provisional (spec U-17): the Pet deck's size, cards and texts were never printed. The deck is 20 stand-in
cards with no effect (each still scores 1 unused) and the four pets the rulebook names, with effects made
up from what it says of them (:data:`NAMED_PETS`), all marked provisional in the module's catalog overlay
and replaceable by a table's catalog file (the effect vocabulary: ``catalog.models.PetType``).
Provisional (U-18): an empty deck is made again from the discarded pets.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Pending
from domain.kernel.errors import N_

from .. import events as ev
from ..commands import DiscardPet, PassPet, UsePet
from ..errors import refuse
from ..flow import register_outside_turn, register_phase
from ..phases.actions import register_sub_step
from ..phases.common import catalog, clamp_evil
from ..phases.rounds import _draw, after_phase
from ..scoring import ScoreCard, ScoreLine
from ..state import GameState, PetDraft, PetDraw
from ..year import Step, YearPlan, insert_step

SOURCE = "Festival Season rulebook › Pets"
DECK_SIZE = 20  # provisional, spec U-17: 2 per player per Year with 4 players (16) and Acquire Pet's draws

_NAMED = "Festival Season rulebook › Using Pets"
_MADE_UP = "the card's text was never printed (spec U-17): an effect made up from the rulebook's words, "
#: the four pets the rulebook names, with provisional effects (spec U-17's defaults, filled in)
NAMED_PETS: list[dict[str, Any]] = [
    {
        "id": "baby_golem",
        "name": "Baby Golem",
        "timing": "combat",
        "attacks": [{"option": "A", "kind": "standard", "damage": 2, "effect": "Standard 2 (provisional)."}],
        "counts_as_monster": True,
        "lasts": "combat",
        "notes": _MADE_UP + "a standard 2 attack, half a golem's; the rulebook: it counts as a monster in "
        "battle (spells, healing, the monster limit unless with a golem) and lasts until the end of Combat.",
    },
    {
        "id": "stareplant",
        "name": "Stareplant",
        "timing": "combat",
        "attacks": [{"option": "A", "kind": "standard", "damage": 1, "effect": "Standard 1 (provisional)."}],
        "lasts": "combat",
        "notes": _MADE_UP + "a standard 1 attack in every battle until the end of that Year's Combat (the "
        "rulebook: its effect lasts until the end of Combat).",
    },
    {
        "id": "ghosty",
        "name": "Ghosty",
        "timing": "combat",
        "attacks": [
            {
                "option": "A",
                "kind": "anyone",
                "damage": 2,
                "tags": ["not_first"],
                "effect": "2 damage to any adventurer but the first (provisional).",
            }
        ],
        "notes": _MADE_UP + "a ghost's attack, once; the rulebook: spells on ghosts do not affect it.",
    },
    {
        "id": "bubl",
        "name": "Bubl",
        "timing": "combat",
        "fatigue": 1,
        "notes": _MADE_UP + "+1 fatigue when the party conquers in that battle (the rulebook's Dark Tunnel "
        "text: Bubl adds fatigue, an addition never doubled).",
    },
]
#: the deck, in the catalog's override format (the ``pets`` module's overlay)
CATALOG: dict[str, Any] = {
    "pets": [
        *({**pet, "status": "provisional", "sources": [_NAMED]} for pet in NAMED_PETS),
        *(
            {
                "id": f"pet_{k:02d}",
                "name": f"Pet (stand-in {k})",
                "timing": "none",
                "status": "provisional",
                "sources": [SOURCE, "Festival Season rulebook › Pets During Scoring (1 point unused)"],
                "notes": "The Pet Cards' list and texts were never printed in the rulebook: a stand-in with no "
                "effect, worth 1 point unused (spec U-17). A table's catalog file can rename it.",
            }
            for k in range(1, DECK_SIZE + 1)
        ),
    ]
}


def first_round(state: GameState) -> bool:
    """YR-02: the Pet Phase is on the Progress Board in the first round only (the snowman space)."""
    return state.season == 0


def pets(plan: YearPlan) -> YearPlan:
    """The Year plan with the Pet Phase after Production in the first round."""
    return insert_step(plan, "production", Step("pets", when=first_round))


def pet_show(card: ScoreCard) -> int:
    """PE-09: 1 point for each pet still face down in the Pet Box; a Scoring pet its own points instead,
    when they are more (used pets score nothing). Source: Festival Season › Pets During Scoring."""
    pets = card.catalog.pets
    return sum(max(1, pets[x].points) if pets[x].timing == "scoring" else 1 for x in card.player.pets)


SCORE_LINES = (ScoreLine("pets", "Pets", pet_show),)


# --- the phase ------------------------------------------------------------------------------------------
def step(state: GameState):
    d = state.pet_draft or PetDraft()
    for p in state.play_order():
        if p.color not in d.hands:
            return _deal(state, p.color, 2, ev.PetsDealt, f"Deal 2 Pet Cards to {p.color}")
    colors = [p.color for p in state.play_order()]
    if not d.exchanged:
        waiting = [c for c in colors if c not in d.passes and d.hands[c]]
        if waiting:
            prompt = "Pet Phase: choose the Pet Card to pass to the player on your left (simultaneous, secret)"
            return _card_choice(state, "pet_pass", waiting, prompt, PassPet, ev.PetPassChosen)
        return [ev.PetsExchanged(to={c: _left(state, c) for c in colors if c in d.passes})]
    waiting = [c for c in colors if c not in d.discarded and d.hands[c]]
    if waiting:
        prompt = "Pet Phase: discard one Pet Card face down and keep the rest (simultaneous, secret)"
        return _card_choice(state, "pet_discard", waiting, prompt, DiscardPet, ev.PetDiscarded)
    return [ev.PetDraftEnded(), *after_phase(state, "pets")]


def pet_draw_step(state: GameState):
    """Acquire Pet (PE-05): the Pet Cards drawn from the top of the deck, face down (seen by the drawer)."""
    aw = state.awaiting
    assert isinstance(aw, PetDraw)
    return _deal(state, aw.color, aw.count, ev.PetsDrawn, f"Draw {aw.count} Pet Card(s) for {aw.color}")


def _deal(state: GameState, color: str, count: int, event: type, prompt: str):
    """``count`` Pet Cards for ``color`` from the deck (a chance point, seen by that player only), as
    ``event`` (dealt or drawn); the deck made again from the discards when it runs short (provisional
    U-18); no card at all when none is left anywhere."""
    b = state.board
    if len(b.pet_deck) < count and b.pet_discard:
        return [ev.PetDeckReshuffled(cards=len(b.pet_discard))]
    if not b.pet_deck:
        return [event(color=color, cards=[])]
    return _draw("pets", list(b.pet_deck), count, lambda cards: [event(color=color, cards=cards)], prompt, color=color)


def _card_choice(state: GameState, kind: str, waiting: list[str], prompt: str, command: type, event: type) -> Pending:
    """The players ``waiting`` each choose, at once and in secret, a card of their Pet hand (``command``),
    recorded as ``event``."""

    def handle(st: GameState, cmd) -> list[ev.Event]:
        if cmd.card not in _hand(st, cmd.player):
            raise refuse(
                "PET_NOT_IN_HAND",
                "{card} is not in {player}'s Pet hand",
                "pets.draft",
                card=cmd.card,
                player=cmd.player,
            )
        return [event(color=cmd.player, card=cmd.card)]

    return Pending(
        kind=kind,
        actors=waiting,
        prompt=prompt,
        accepts=(command,),
        handle=handle,
        options_fn=lambda actor: [command(player=actor, card=c) for c in dict.fromkeys(_hand(state, actor))],
        rule="pets.draft",
    )


def _left(state: GameState, color: str) -> str:
    """The player on ``color``'s left: the next seat clockwise (players only: NP-09)."""
    seats = [p.color for p in state.players]
    return seats[(seats.index(color) + 1) % len(seats)]


def _hand(state: GameState, color: str) -> list[str]:
    assert state.pet_draft is not None, "a Pet Phase input outside the Pet Phase"
    return state.pet_draft.hands[color]


#: the phases of Building, when a Building pet can be used (not Combat, the Year's end or Scoring)
BUILDING_PHASES = frozenset(
    ("new_round", "orders", "actions", "production", "event", "adventurers", "pets", "festival")
)


def use_pet(state: GameState, cmd: UsePet) -> list[ev.Event]:
    """PE-06: a Building pet, used at any moment of Building: revealed, its ``gain`` taken (evil clamped
    to the Evilometer). Raises RuleViolation (PET_NOT_USABLE) outside Building, for a pet not face down
    in ``cmd.player``'s Pet Box, or one whose time is not Building."""
    if cmd.player not in [p.color for p in state.players]:
        raise refuse("PET_NOT_USABLE", "{player} is not a player", "pets.use", player=cmd.player)
    p = state.player(cmd.player)
    if cmd.card not in p.pets:
        raise refuse(
            "PET_NOT_USABLE", "{card} is not face down in {color}'s Pet Box", "pets.use", card=cmd.card, color=p.color
        )
    pet = catalog(state).pets[cmd.card]
    if pet.timing != "building":
        when = {
            "combat": N_("with a battle's plan"),
            "scoring": N_("at the pet show"),
            "none": N_("never: it has no effect"),
        }
        raise refuse("PET_NOT_USABLE", "the {name} is used {when}", "pets.use", name=pet.name, when=when[pet.timing])
    if state.phase not in BUILDING_PHASES:
        raise refuse("PET_NOT_USABLE", "the {name} is used during Building, not now", "pets.use", name=pet.name)
    gain = dict(pet.gain)
    if "evil" in gain:
        gain["evil"] = clamp_evil(p.evil + gain["evil"]) - p.evil
    return [ev.PetUsed(color=p.color, card=cmd.card, gain={k: v for k, v in gain.items() if v})]


register_outside_turn(UsePet, use_pet)
register_phase("pets", step)
register_sub_step(PetDraw, pet_draw_step)
