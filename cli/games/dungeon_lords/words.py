"""Dungeon Lords' words in the reader's language (cli/i18n.py): seasons, phases, set-ups, a colour's orders
(``order_words``), a component's name (``name_of``: the names seam) and the events of a Year in ``log``. The
English words of events stay the domain's (``describe.py``: golden files, audit, records); here the events a
Year is mostly made of have templates in the catalog, and an event without one reads in English (docs/i18n.md
lists them). Component names go through :func:`cli.i18n.name_in` (English until a names hook)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.dungeon_lords.describe import _n, describe_event
from domain.games.dungeon_lords.dungeon import label
from domain.games.dungeon_lords.phases.common import name_of as printed_name
from domain.games.dungeon_lords.phases.common import type_of
from domain.games.dungeon_lords.state import Player
from domain.games.dungeon_lords.views import visible_event
from domain.kernel.text import printable

from ...i18n import N_, _, name_in, ngettext, word

#: stored words shown as they are in English (marked for the catalog; cli.i18n.word looks them up)
WORDS = (
    *(N_("winter"), N_("spring"), N_("summer"), N_("fall"), N_("festival")),
    *(N_("setup"), N_("new round"), N_("orders"), N_("actions"), N_("production"), N_("event")),
    *(N_("adventurers"), N_("combat"), N_("year end"), N_("scoring"), N_("over")),
    *(N_("first game"), N_("full"), N_("digital"), N_("tabletop")),
    *(N_("gold"), N_("food"), N_("evil"), N_("pay day"), N_("taxes"), N_("special event")),
)


def _name(i: str | None) -> str:
    return name_in(None, type_of(i), _n(i)) if i else "-"


def name_of(state: Any, instance_id: str) -> str:
    """A component's name for the reader (the names seam, :func:`cli.i18n.name_in`, by its type id such as
    ``goblin_y1``), else the name ``state``'s catalog prints (English)."""
    return name_in(None, type_of(instance_id), printed_name(state, instance_id))


def _names(ids: list[str]) -> str:
    return ", ".join(map(_name, ids)) or "-"


def _imps(n: int) -> str:
    return ngettext("{n} imp", "{n} imps", n).format(n=n)


def _cost(d: dict[str, int]) -> str:
    parts = [
        _("{n} step(s) down the Evilometer").format(n=-v)
        if k == "evil" and v < 0
        else _imps(v)
        if k == "imps"
        else f"{v} {word(k)}"
        for k, v in d.items()
        if v
    ]
    return ", ".join(parts) if parts else _("nothing")


def _minion(e: Any) -> str:
    who = _("{color} (non-player)").format(color=e.color) if e.nonplayer else e.color
    where = _("space {space}").format(space=e.space) if e.space else _("order card ({why})").format(why=e.reason)
    fee = ", " + _("paid {n} gold fee").format(n=e.fee_paid) if e.fee_paid else ""
    return f"{who} -> {e.action} {where}{fee}"


def order_words(row: dict, secret: bool, p: Player | None = None) -> str:
    """A colour's orders as a ``public_orders`` row says (``p``, when not ``secret``: the player's own, all
    shown): ``inaccessible: dig_tunnels, hire_monster   orders: mine_gold, hidden, hidden``."""
    text = _("inaccessible: {cards}").format(cards=", ".join(row["inaccessible"]) or "-")
    orders = row["revealed"] if secret or p is None else p.orders
    if orders:
        heading = _("orders this round") if row["nonplayer"] else _("orders")
        text += f"   {heading}: {', '.join(orders)}"
    third = row["third"] if secret or p is None else p.nonplayer_order
    return text + ("   " + _("non-player's third order: {card}").format(card=third) if third else "")


#: event type -> its words in the reader's language (the others: the domain's English words)
_EVENT: dict[str, Callable[[Any], str]] = {
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
        color=e.color, action=e.action, space=e.space, paid=_cost(e.paid), got=_cost(e.gained)
    ),
    "ActionDeclined": lambda e: _("{color} did not carry out {action} {space} ({why})").format(
        color=e.color, action=e.action, space=e.space, why=e.reason
    ),
    "EventTileRevealed": lambda e: _("{season}'s event: {tile}").format(season=word(e.season), tile=word(e.tile)),
    "AdventurerPutUnder": lambda e: _("All shared one glyph: {name} goes under the stack").format(name=_name(e.tile)),
    "AdventurersLinedUp": lambda e: _("{season}'s adventurers, weakest first: {names}").format(
        season=word(e.season), names=_names(e.tiles)
    ),
    "OrdersChosen": lambda e: _("{color} chose 3 orders (secret)").format(color=e.color),
    "OrdersRevealed": lambda e: _("Orders #{n} revealed: {cards}").format(
        n=e.slot + 1, cards=", ".join(f"{c} {a}" for c, a in e.cards.items())
    ),
    "MonstersRevealed": lambda e: _("Underground Tavern: {names}").format(names=_names(e.tiles)),
    "RoomsRevealed": lambda e: _("Bargain Basement: {names}").format(names=_names(e.tiles)),
    "AdventurersDrawn": lambda e: _("Adventurers for {season} drawn: {names}").format(
        season=word(e.season), names=_names(e.tiles)
    ),
    "TunnelDug": lambda e: _("{color} dug a tunnel at {square}").format(color=e.color, square=label(e.square)),
    "DiggingFinished": lambda e: ngettext(
        "{color} finished digging ({n} tunnel)", "{color} finished digging ({n} tunnels)", e.dug
    ).format(color=e.color, n=e.dug),
    "GoldMined": lambda e: _("{color} mined {n} gold").format(color=e.color, n=e.imps),
    "MonsterHired": lambda e: _("{color} hired the {monster} for {cost}").format(
        color=e.color, monster=_name(e.monster), cost=_cost(e.paid)
    ),
    "RoomBuilt": lambda e: _("{color} built the {room} at {square} for {cost}").format(
        color=e.color, room=_name(e.room), square=label(e.square), cost=_cost(e.paid)
    ),
    "WagePaid": lambda e: _("{color} paid the {monster}: {cost}").format(
        color=e.color, monster=_name(e.monster), cost=_cost(e.paid)
    ),
    "PayDayFinished": lambda e: _("{color} is done with Pay Day").format(color=e.color),
    "TaxesPaid": lambda e: (
        _("{color} paid {paid} of {due} gold tax").format(color=e.color, paid=e.paid, due=e.due)
        + (", " + ngettext("{n} red mark", "{n} red marks", e.red_marks).format(n=e.red_marks) if e.red_marks else "")
    ),
    "EvilometerMoved": lambda e: _("{color}'s Evil Marker moves {steps:+d} to {evil}").format(
        color=e.color, steps=e.steps, evil=e.evil
    ),
    "AdventurerAssigned": lambda e: _("{name} goes to {color} (position {n})").format(
        name=_name(e.tile), color=e.color, n=e.position + 1
    ),
    "PaladinArrived": lambda e: _("The paladin sets out for {color}'s dungeon").format(color=e.color),
    "CombatRoundBegan": lambda e: _("— Year {year} Combat, round {n}: planning —").format(year=e.year, n=e.round),
    "AdventurerImprisoned": lambda e: (
        "  " + _("{name} is eliminated: to {color}'s prison").format(name=_name(e.adventurer), color=e.color)
    ),
    "TileConquered": lambda e: _("The party conquers {color}'s tile {square}; {color} loses 1 Evil").format(
        color=e.color, square=label(e.tile)
    ),
    "BattleEnded": lambda e: _("{color}'s battle ends").format(color=e.color),
    "CombatRoundEnded": lambda e: _("End of combat round {n}").format(n=e.round),
    "TrapCardsDrawn": lambda e: ngettext(
        "{color} drew {n} Trap Card", "{color} drew {n} Trap Cards", len(e.cards)
    ).format(color=e.color, n=len(e.cards)),
}


def translated_events() -> set[str]:
    """The event types with words in the catalog (the others read in English: docs/i18n.md)."""
    return set(_EVENT)


def event_words(log: list[Any], number: int, viewer: str | None) -> str:
    """Event ``number`` (1-based) of ``log`` as ``viewer`` may see it, in the reader's language (the
    domain's English words for an event without a template here); printable."""
    e = visible_event(log, number, viewer)
    words = _EVENT.get(e.type)
    return printable(words(e)) if words is not None else describe_event(e)
