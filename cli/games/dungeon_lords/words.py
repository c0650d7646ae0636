"""Dungeon Lords' words in the reader's language (cli/i18n.py): seasons, phases, set-ups, costs, a colour's
orders (``order_words``) and a component's name (``name_of``: the names seam, :func:`cli.i18n.name_in`,
English until a names hook plugs in). The log's events: ``event_words.py``."""

from __future__ import annotations

from typing import Any

from domain.games.dungeon_lords.describe import _n
from domain.games.dungeon_lords.phases.common import name_of as printed_name
from domain.games.dungeon_lords.phases.common import type_of
from domain.games.dungeon_lords.state import Player

from ...i18n import N_, _, name_in, ngettext, word

#: stored words shown as they are in English (marked for the catalog; cli.i18n.word looks them up)
WORDS = (
    *(N_("winter"), N_("spring"), N_("summer"), N_("fall"), N_("festival")),
    *(N_("setup"), N_("new round"), N_("orders"), N_("actions"), N_("production"), N_("event")),
    *(N_("adventurers"), N_("combat"), N_("year end"), N_("scoring"), N_("over")),
    *(N_("first game"), N_("full"), N_("digital"), N_("tabletop")),
    *(N_("gold"), N_("food"), N_("evil"), N_("pay day"), N_("taxes"), N_("special event")),
    # what a draw draws (``ChanceSpec.what``)
    *(N_("combat cards"), N_("special events"), N_("order cards"), N_("monsters"), N_("rooms"), N_("event tile")),
    *(N_("trap cards"), N_("combat card"), N_("pets")),
)


#: an option's change to its player's counts (``costs.RESOURCES``' keys), in the reader's words
EFFECT_WORDS = {
    "gold": N_("{n:+d} gold"),
    "food": N_("{n:+d} food"),
    "imps": N_("{n:+d} imp(s)"),
    "imps_busy": N_("{n:+d} imp(s) at work this round"),
    "evil": N_("{n:+d} Evil"),
    "traps": N_("{n:+d} trap card(s)"),
    "red_marks": N_("{n:+d} red mark(s)"),
}


def effect_words(effect: dict[str, int]) -> str:
    """What an option changes (``costs.option_effect``: ``{"gold": -3, "evil": 1}``) in the reader's words,
    ``-3 gold, +1 Evil`` in English as ``costs.effect_text`` says it; ``""`` when nothing."""
    return ", ".join(_(EFFECT_WORDS[k]).format(n=v) if k in EFFECT_WORDS else f"{v:+d} {k}" for k, v in effect.items())


def drawn(what: str) -> str:
    """What a draw draws (``trap_cards``) in the reader's words; the id as it is where the catalog has none
    (English: the output is as before)."""
    said = word(what)
    return said if said != what.replace("_", " ") else what


def name(i: str | None) -> str:
    """A component named in an event (an instance id, or None: ``-``) for the reader."""
    return name_in(None, type_of(i), _n(i)) if i else "-"


def name_of(state: Any, instance_id: str) -> str:
    """A component's name for the reader (the names seam, :func:`cli.i18n.name_in`, by its type id such as
    ``goblin_y1``), else the name ``state``'s catalog prints (English)."""
    return name_in(None, type_of(instance_id), printed_name(state, instance_id))


def names(ids: list[str]) -> str:
    """Components named in an event, comma-separated (none: ``-``)."""
    return ", ".join(map(name, ids)) or "-"


def imps(n: int) -> str:
    """``n`` imps with the reader's plural form (1 имп, 2 импа, 5 импов)."""
    return ngettext("{n} imp", "{n} imps", n).format(n=n)


def cost(d: dict[str, int]) -> str:
    """What an event paid or gained (``{"gold": 2, "evil": -1}``) in the reader's words (none: "nothing")."""
    parts = [
        _("{n} step(s) down the Evilometer").format(n=-v)
        if k == "evil" and v < 0
        else imps(v)
        if k == "imps"
        else f"{v} {word(k)}"
        for k, v in d.items()
        if v
    ]
    return ", ".join(parts) if parts else _("nothing")


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
