"""Festival Season's log events in the reader's language (the base game's: ``event_words.py`` and
``event_words_more.py``). Festival Season has no Russian rulebook: these words are ours, to be checked by a
table that plays it; its boards and pets keep their English names (docs/i18n.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.dungeon_lords.dungeon import label

from ...i18n import _, ngettext
from .words import cost, name, names


def board(board_id: str) -> str:
    """An Opportunity board or a Pet Card, by its English name (no Russian source)."""
    return board_id.replace("_", " ").title()


def _evil(n: int) -> str:
    return _("{n:+d} Evil").format(n=n)


def _prize(e: Any) -> str:
    said = _("{color} takes the {board} board at the Festival").format(color=e.color, board=board(e.board))
    said += ", " + _("paying {cost}").format(cost=cost(e.paid)) if e.paid else ""
    if e.monster:
        said += f": {name(e.monster)}"
    if e.room and e.square:
        said += ": " + _("the {room} at {square}").format(room=name(e.room), square=label(e.square))
    elif e.square:
        said += ": " + _("a tunnel at {square}").format(square=label(e.square))
    return said


def _improved(e: Any) -> str:
    if e.option == "improve":
        what = ", ".join(
            _("{square} into the {board}").format(square=label(sq), board=board(t))
            for sq, t in zip(e.squares, e.tiles, strict=True)
        )
        return _("{color} ({n} imps) improves {what}").format(color=e.color, n=e.imps, what=what)
    squares = ", ".join(map(label, e.squares))
    return _("{color} ({n} imps) deconquers {squares}").format(color=e.color, n=e.imps, squares=squares)


#: event type -> its words in the reader's language
FESTIVAL: dict[str, Callable[[Any], str | None]] = {
    "OpportunityTurnedUp": lambda e: _("The {board} board is turned up on the stack (next round's)").format(
        board=board(e.board)
    ),
    "OpportunityPlaced": lambda e: _("The {board} board covers its place this round").format(board=board(e.board)),
    "FoodHarvested": lambda e: (
        _("{color} harvested {food} food on space {space} ({n} foreimp(s))").format(
            color=e.color, food=e.food, space=e.space, n=e.foreimps
        )
        + (", " + _evil(e.evil) if e.evil else "")
    ),
    "GoldInvested": lambda e: _("{color} invested {paid} gold on space {space} ({n} back after the orders)").format(
        color=e.color, paid=e.paid, space=e.space, n=e.returns
    ),
    "InvestmentReturned": lambda e: _("{color}'s investment pays {n} gold").format(color=e.color, n=e.gold),
    "MasqueradeHeld": lambda e: _(
        "{color} at the Masquerade, space {space}: paid {paid}, got {got}; Evil {evil}"
    ).format(
        color=e.color,
        space=e.space,
        paid=cost(e.paid),
        got=cost(e.gained),
        evil=", ".join(f"{c} {s:+d}" for c, s in e.evil.items()),
    ),
    "CombatCardMoved": lambda e: _("{color} put Combat Card #{source} back at #{target}").format(
        color=e.color, source=e.from_position, target=e.to_position
    ),
    "FestivalBegan": lambda e: _("The Festival: the prizes are {boards}").format(
        boards=", ".join(map(board, e.prizes)) or _("none")
    ),
    "FestivalBid": lambda e: _("{color} sends {n} imp(s) to the Festival").format(color=e.color, n=e.imps),
    "FestivalBidsRevealed": lambda e: _("Festival bids: {bids}; pick order: {order}").format(
        bids=", ".join(f"{c} {n}" for c, n in e.bids.items()), order=", ".join(e.pick_order) or _("nobody")
    ),
    "FestivalPrizeTaken": _prize,
    "FestivalPrizeDeclined": lambda e: _("{color} takes nothing at the Festival").format(color=e.color),
    "FestivalEnded": lambda e: _("The Festival is over; the boards go to the box"),
    "PetsDealt": lambda e: ngettext(
        "{color} is dealt {n} Pet Card", "{color} is dealt {n} Pet Cards", len(e.cards)
    ).format(color=e.color, n=len(e.cards)),
    "PetDeckReshuffled": lambda e: _("The Pet deck is made again from {n} discarded pets").format(n=e.cards),
    "PetPassChosen": lambda e: _("{color} chooses a Pet Card to pass").format(color=e.color),
    "PetsExchanged": lambda e: _("Pet Cards passed: {passes}").format(
        passes=", ".join(f"{a} -> {b}" for a, b in e.to.items())
    ),
    "PetDiscarded": lambda e: _("{color} discards a Pet Card and keeps the rest").format(color=e.color),
    "PetUsed": lambda e: None if e.gain else _("{color} uses the pet {pet}").format(color=e.color, pet=board(e.card)),
    "PetDraftEnded": lambda e: _("The Pet Phase is over"),
    "PetsAcquired": lambda e: _(
        "{color} at Acquire Pet, space {space}: paid {paid}, {imps} imp(s), {pets} pet(s) to draw"
    ).format(color=e.color, space=e.space, paid=cost(e.paid), imps=e.imps, pets=e.pets),
    "PetsDrawn": lambda e: ngettext(
        "{color} draws {n} Pet Card into the Pet Box", "{color} draws {n} Pet Cards into the Pet Box", len(e.cards)
    ).format(color=e.color, n=len(e.cards)),
    "RoomRented": lambda e: _("{color} rents the {room} on space {space} for {cost}").format(
        color=e.color, room=name(e.room), space=e.space, cost=cost(e.paid)
    ),
    "RentGoldTaken": lambda e: _("{color} takes the {n} gold space III paid at Rent Rooms").format(
        color=e.color, n=e.gold
    ),
    "TrapsDealtForInstalling": lambda e: _("Trap Cards dealt face up for Install Traps: {names}").format(
        names=names(e.cards)
    ),
    "TrapInstalled": lambda e: _("{color} installs the {trap} at {square} for {cost}").format(
        color=e.color, trap=name(e.trap), square=label(e.square), cost=cost(e.paid)
    ),
    "TunnelsImproved": _improved,
    "BardStepTaken": lambda e: _("The Bard Step: {tokens}").format(
        tokens=", ".join(_("{name} {n} Courage").format(name=name(w), n=n) for w, n in e.tokens.items())
        or _("no Courage")
    ),
    "CourageRemoved": lambda e: _("The Courage left is removed before the Conquering Step"),
    "TrainedImpAdded": lambda e: (
        _("{color} returns a trained imp to the Imp Den: +1 fatigue")
        if e.added
        else _("{color} keeps the trained imps in the Training Room")
    ).format(color=e.color),
}
