"""Dungeon Lords' log in the reader's language: the events a Year is mostly made of have templates in the
catalog (cli/i18n.py); an event without one reads in the domain's English words (``describe.py``, which stay
the words of golden files, audits and records; docs/i18n.md lists what is left)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.dungeon_lords.describe import describe_event
from domain.games.dungeon_lords.dungeon import label
from domain.games.dungeon_lords.views import visible_event
from domain.kernel.text import printable

from ...i18n import _, ngettext, word
from ...refusal_i18n import reworded
from .event_words_festival import FESTIVAL, board
from .event_words_more import MORE, hired, paladin, wage
from .words import cost, name, names


def _why(reason: str) -> str:
    """Why an action was not carried out: "declined", or "cannot: " and the refusal's message (the domain
    refusals' catalog has it when it has no numbers in it)."""
    if reason.startswith("cannot: "):
        return _("cannot: {why}").format(why=reworded(reason[8:]))
    return _("declined") if reason == "declined" else reason


def _minion(e: Any) -> str:
    who = _("{color} (non-player)").format(color=e.color) if e.nonplayer else e.color
    where = (
        _("space {space}").format(space=e.space) if e.space else _("order card ({why})").format(why=reworded(e.reason))
    )
    fee = ", " + _("paid {n} gold fee").format(n=e.fee_paid) if e.fee_paid else ""
    return f"{who} -> {e.action} {where}{fee}"


#: event type -> its words in the reader's language, or None where the event has a part these words do not
#: say (Festival Season's): then the domain's English words, never words that leave something out
_EVENT: dict[str, Callable[[Any], str | None]] = {
    "GameStarted": lambda e: _("Game started ({variant}, {mode}): {players}; {first} starts").format(
        variant=word(e.variant),
        mode=word(e.mode),
        players=", ".join(f"{s.name} ({s.color})" for s in e.players),
        first=e.starting_player,
    ),
    "PhaseBegan": lambda e: _("— Year {year}, {season}: {phase} —").format(
        year=e.year, season=word(e.season), phase=word(e.phase)
    ),
    "YearBegan": lambda e: _("Year {year} begins; {color} is starting player").format(
        year=e.year, color=e.starting_player
    ),
    "RoundEnded": lambda e: _("End of {season}: imps return; {color} is starting player").format(
        season=word(e.season), color=e.starting_player
    ),
    "CombatCardsDealt": lambda e: _("Year {year}'s 4 Combat Cards dealt face down").format(year=e.year),
    "InaccessibleOrdersDrawn": lambda e: _("{color} drew order cards: {cards}").format(
        color=e.color, cards=", ".join(e.cards)
    ),
    "InaccessibleOrdersChosen": lambda e: (
        _("{color} chose 2 inaccessible orders (secret until every player has chosen)").format(color=e.color)
        if "hidden" in e.cards
        else _("{color} keeps {cards} inaccessible").format(color=e.color, cards=", ".join(e.cards))
    ),
    "NonPlayerOrdersDrawn": lambda e: _("Non-player {color} orders: {cards}").format(
        color=e.color, cards=", ".join(e.cards)
    ),
    "NonPlayerOrdersRotated": lambda e: _("Non-player {color}: inaccessible now {cards}").format(
        color=e.color, cards=", ".join(e.inaccessible)
    ),
    "MinionPlaced": lambda e: _minion(e),
    "ActionTaken": lambda e: _("{color} {action} {space}: paid {paid}, got {got}").format(
        color=e.color, action=e.action, space=e.space, paid=cost(e.paid), got=cost(e.gained)
    ),
    "ActionDeclined": lambda e: _("{color} did not carry out {action} {space} ({why})").format(
        color=e.color, action=e.action, space=e.space, why=_why(e.reason)
    ),
    "EventTileRevealed": lambda e: _("{season}'s event: {tile}").format(season=word(e.season), tile=word(e.tile)),
    "AdventurerPutUnder": lambda e: _("All shared one glyph: {name} goes under the stack").format(name=name(e.tile)),
    "AdventurersLinedUp": lambda e: _("{season}'s adventurers, weakest first: {names}").format(
        season=word(e.season), names=names(e.tiles)
    ),
    "OrdersChosen": lambda e: _("{color} chose 3 orders (secret)").format(color=e.color),
    "OrdersRevealed": lambda e: _("Orders #{n} revealed: {cards}").format(
        n=e.slot + 1, cards=", ".join(f"{c} {a}" for c, a in e.cards.items())
    ),
    "MonstersRevealed": lambda e: _("Underground Tavern: {names}").format(names=names(e.tiles)),
    "RoomsRevealed": lambda e: _("Bargain Basement: {names}").format(names=names(e.tiles)),
    "AdventurersDrawn": lambda e: _("Adventurers for {season} drawn: {names}").format(
        season=word(e.season), names=names(e.tiles)
    ),
    "TunnelDug": lambda e: (
        _("{color} dug a tunnel at {square} (with a foreimp)").format(color=e.color, square=label(e.square))
        + (" " + _("(Tool Shed)") if e.by_room else "")
        if e.foreimp
        else _("{color} dug a tunnel at {square} (Tool Shed)").format(color=e.color, square=label(e.square))
        if e.by_room
        else _("{color} dug a tunnel at {square}").format(color=e.color, square=label(e.square))
    ),
    "DiggingFinished": lambda e: ngettext(
        "{color} finished digging ({n} tunnel)", "{color} finished digging ({n} tunnels)", e.dug
    ).format(color=e.color, n=e.dug),
    "GoldMined": lambda e: (
        _("{color} mined {n} gold").format(color=e.color, n=e.imps) + (" " + _("(with a foreimp)") if e.foreimp else "")
    ),
    "MonsterHired": hired,
    "RoomBuilt": lambda e: _("{color} built the {room} at {square} for {cost}").format(
        color=e.color, room=name(e.room), square=label(e.square), cost=cost(e.paid)
    ),
    "WagePaid": wage,
    "PayDayFinished": lambda e: _("{color} is done with Pay Day").format(color=e.color),
    "TaxesPaid": lambda e: (
        _("{color} paid {paid} of {due} gold tax").format(color=e.color, paid=e.paid, due=e.due)
        + (", " + ngettext("{n} red mark", "{n} red marks", e.red_marks).format(n=e.red_marks) if e.red_marks else "")
    ),
    "EvilometerMoved": lambda e: _("{color}'s Evil Marker moves {steps:+d} to {evil}").format(
        color=e.color, steps=e.steps, evil=e.evil
    ),
    "AdventurerAssigned": lambda e: _("{name} goes to {color} (position {n})").format(
        name=name(e.tile), color=e.color, n=e.position + 1
    ),
    "PaladinArrived": lambda e: _("{who} sets out for {color}'s dungeon").format(who=paladin(e.paladin), color=e.color),
    "CombatRoundBegan": lambda e: _("— Year {year} Combat, round {n}: planning —").format(year=e.year, n=e.round),
    "AdventurerImprisoned": lambda e: (
        "  " + _("{name} is eliminated: to {color}'s prison").format(name=name(e.adventurer), color=e.color)
    ),
    "TileConquered": lambda e: _("The party conquers {color}'s tile {square}; {color} loses 1 Evil").format(
        color=e.color, square=label(e.tile)
    ),
    "BattlePlanned": lambda e: (
        _("{color} plans a battle at {square}: {traps} trap(s) face down, monsters {names}").format(
            color=e.color, square=label(e.tile), traps=len(e.traps), names=names(e.monsters)
        )
        + (", " + _("and uses the pet(s) {pets}").format(pets=", ".join(map(board, e.pets))) if e.pets else "")
    ),
    "CombatCardRevealed": lambda e: _("Combat Card for round {n}: {card}").format(n=e.round, card=name(e.card)),
    "BattleBegan": lambda e: (
        _("{color}'s battle at {square}").format(color=e.color, square=label(e.tile))
        + (f" ({name(e.room)})" if e.room else " " + _("(tunnel)"))
    ),
    "PartyHealed": lambda e: _("The priests heal {healed}").format(
        healed=", ".join(f"{name(k)} {v}" for k, v in e.healed.items()) or _("nobody (no damage)")
    ),
    "CombatEnded": lambda e: _("Combat is over; {who}").format(
        who="; ".join(_("{color}: {names} leave").format(color=c, names=names(w)) for c, w in e.departed.items())
        or _("no survivor")
    ),
    "GameScored": lambda e: _("Final scores: {scores}").format(
        scores=", ".join(f"{s['color']} {s['total']}" + (" " + _("(winner)") if s["winner"] else "") for s in e.scores)
    ),
    "BattleEnded": lambda e: _("{color}'s battle ends").format(color=e.color),
    "CombatRoundEnded": lambda e: _("End of combat round {n}").format(n=e.round),
    "TrapCardsDrawn": lambda e: ngettext(
        "{color} drew {n} Trap Card", "{color} drew {n} Trap Cards", len(e.cards)
    ).format(color=e.color, n=len(e.cards)),
}
_EVENT |= MORE | FESTIVAL  # the rarer events and Festival Season's


def translated_events() -> set[str]:
    """The event types with words in the catalog (the others read in English: docs/i18n.md)."""
    return set(_EVENT)


def say(e: Any) -> str:
    """One event (as a viewer may see it) in the reader's language; the domain's English words for an event
    without a template here, or with a part the template does not say; printable."""
    words = _EVENT.get(e.type)
    text = words(e) if words is not None else None  # None: a part the catalog has no words for yet
    return printable(text) if text is not None else describe_event(e)


def event_words(log: list[Any], number: int, viewer: str | None) -> str:
    """Event ``number`` (1-based) of ``log`` as ``viewer`` may see it, in the reader's language (the
    domain's English words for an event without a template here); printable."""
    return say(visible_event(log, number, viewer))
