"""The fold of Festival Season's Pet Phase (``festival/``): the draft, and Building pets used."""

from __future__ import annotations

from .. import events as ev
from ..state import GameState, PetDraft
from .common import gain, on


def _draft(s: GameState) -> PetDraft:
    if s.pet_draft is None:
        s.pet_draft = PetDraft()
    return s.pet_draft


@on(ev.PetsDealt)
def _pets_dealt(s: GameState, e: ev.PetsDealt) -> None:
    p = s.player(e.color)
    for card in e.cards:
        s.board.pet_deck.remove(card)
    _draft(s).hands[e.color] = [*e.cards, *p.pets]  # the Second Year: the unused pets join the hand
    p.pets = []


@on(ev.PetDeckReshuffled)
def _pet_deck_reshuffled(s: GameState, e: ev.PetDeckReshuffled) -> None:
    b = s.board
    b.pet_deck, b.pet_discard = b.pet_deck + b.pet_discard, []


@on(ev.PetPassChosen)
def _pet_pass_chosen(s: GameState, e: ev.PetPassChosen) -> None:
    _draft(s).passes[e.color] = e.card


@on(ev.PetsExchanged)
def _pets_exchanged(s: GameState, e: ev.PetsExchanged) -> None:
    d = _draft(s)
    for giver in e.to:
        d.hands[giver].remove(d.passes[giver])
    for giver, receiver in e.to.items():
        d.hands[receiver].append(d.passes[giver])
    d.exchanged = True


@on(ev.PetDiscarded)
def _pet_discarded(s: GameState, e: ev.PetDiscarded) -> None:
    d = _draft(s)
    hand = d.hands[e.color]
    hand.remove(e.card)
    s.board.pet_discard.append(e.card)
    s.player(e.color).pets += hand  # kept face down in the Pet Box
    d.hands[e.color] = []
    d.discarded.append(e.color)


@on(ev.PetUsed)
def _pet_used(s: GameState, e: ev.PetUsed) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None, "PetUsed settled"
    p.pets.remove(e.card)
    p.pets_used.append(e.card)
    gain(p, e.gain)
    p.evil = e.evilometer


@on(ev.PetDraftEnded)
def _pet_draft_ended(s: GameState, e: ev.PetDraftEnded) -> None:
    s.pet_draft = None
