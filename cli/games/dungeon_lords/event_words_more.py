"""Dungeon Lords' rarer log events in the reader's language (the common ones: ``event_words.py``): taking back
orders, leftovers, production, releasing monsters and prisoners, spells, healing and conquest skipped, the
special events, the paladin's moves, the table's undo, correction and ruling. A reason the domain stored in
English is said through the catalogs (``cli.refusal_i18n.reworded``); Festival Season's events keep the
domain's English words (docs/i18n.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.dungeon_lords.dungeon import label

from ...i18n import N_, _, ngettext, word
from ...input_words import input_words
from ...refusal_i18n import reworded
from .words import cost, name, names

#: the words of a spell's effect (``SpellCast.effect``'s keys) and of the steps, looked up by cli.i18n.word
EFFECTS = (N_("invisible"), N_("shield"), N_("imps"), N_("trap lost"), N_("rage"), N_("illusion"), N_("fed"))
EFFECTS += (N_("healed"), N_("courage"), N_("magic key"), N_("fast"), N_("slow"), N_("none"))
#: what a room produces (``RoomProduced.output``) and what an action gains (``cost``'s keys), as words
EFFECTS += (N_("dig"), N_("imp"), N_("trap"), N_("reputation"), N_("trap cards"))
#: where damage came from and what stopped it (``DamageDealt``), a trap's effects (``TrapSprung``)
EFFECTS += (N_("fatigue"), N_("monster"), N_("poison"), N_("spell"), N_("disarm"), N_("courage token"))
EFFECTS += (N_("no conquer"), N_("no heal"), N_("no healing"), N_("no spell"), N_("anti magic no effect"))
#: a spell's choices (``SpellChoiceMade.option``)
EFFECTS += (N_("gain evil"), N_("pay"), N_("target"), N_("withdraw"), N_("withdraw all"))


def _effect(fx: dict[str, Any]) -> str:
    """A spell's effect: ``{"gold": -1}`` -> ``gold -1``; a choice to come says nothing (its event follows)."""
    parts = []
    for k, v in fx.items():
        if k == "choice":
            continue
        shown = names(list(v)) if isinstance(v, dict) else name(v) if isinstance(v, str) else v
        parts.append(word(k) if v is True else f"{word(k)} {shown}")
    return ", ".join(parts)


def _reason(text: str) -> str:
    """A reason the domain stored in English: a component (``trap:trap_door#2``), else the catalogs' words."""
    kind, _sep, component = text.partition(":")
    if component and " " not in text:
        return name(component)
    return reworded(text)


def paladin(paladin_id: str) -> str:
    """The paladin, or Festival Season's elven or dwarven one."""
    kind = paladin_id.split("_")[0]
    return (
        _("The elven paladin") if kind == "elf" else _("The dwarven paladin") if kind == "dwarf" else _("The paladin")
    )


def _spell(e: Any) -> str:
    fx = _effect(e.effect)
    said = _("{step} spell {card} is cast").format(step=word(e.step), card=name(e.card))
    return said + (f": {fx}" if fx else "")


def _produced(e: Any) -> str | None:
    if e.trained > 0:  # Festival Season's imp Training Room
        return _("{color} sent {n} imp(s) into the {room}").format(color=e.color, n=e.trained, room=name(e.room))
    if e.trained < 0:
        return _("{color} took {n} imp(s) out of the {room}").format(color=e.color, n=-e.trained, room=name(e.room))
    return _("{color}'s {room} produced {output}").format(color=e.color, room=name(e.room), output=word(e.output))


def _moved(e: Any) -> str | None:
    return _("{who} moves from {source} to {target}").format(
        who=paladin(e.paladin), source=e.from_color, target=e.to_color
    )


def _sent_away(e: Any) -> str | None:
    return _("{who}, dealt to non-player {color}, goes to the Distant Lands").format(
        who=paladin(e.paladin), color=e.color
    )


#: event type -> its words in the reader's language, or None (a part these words do not say: English)
MORE: dict[str, Callable[[Any], str | None]] = {
    "TrapSprung": lambda e: (
        _("{color} springs the {trap}").format(color=e.color, trap=name(e.trap))
        + (" " + _("at {target}").format(target=name(e.target)) if e.target else "")
        + (", " + _("paying {cost}").format(cost=cost(e.paid)) if e.paid else "")
        + (f" ({', '.join(map(word, e.effects))})" if e.effects else "")
    ),
    "DamageDealt": lambda e: (
        "  "
        + _("{name} takes {n} ({source})").format(name=name(e.target), n=e.amount, source=word(e.source.split(":")[0]))
        + (", " + _("{n} stopped by {what}").format(n=e.prevented, what=word(e.prevented_by)) if e.prevented else "")
    ),
    "MonsterAttacked": lambda e: (
        _("{color}'s {monster} attacks ({option})").format(color=e.color, monster=name(e.monster), option=e.option)
        + (f" {names(e.targets)}" if e.targets else "")
        + ("" if e.attacked else " - " + _("no one it may attack"))
        + ("" if e.knocked_out else ", " + _("and returns face up"))
    ),
    "OrdersRetrieved": lambda e: _("{color} took back {card}; inaccessible: {cards}").format(
        color=e.color, card=e.card, cards=", ".join(e.inaccessible)
    ),
    "OfferDiscarded": lambda e: _("Leftovers discarded: {names}").format(names=names(e.monsters + e.rooms)),
    "SpecialEventFinished": lambda e: _("{color} is done with the event").format(color=e.color),
    "FaceDownCardSeen": lambda e: (
        _("Year {year}'s Special Event Card is {card}").format(year=e.year, card=name(e.card))
        if e.what == "special_event"
        else _("The sprung Trap Card #{n} was {card}").format(n=e.position, card=name(e.card))
        if e.what == "trap_card"
        else _("Year {year}'s Combat Card #{n} is {card}").format(year=e.year, n=e.position, card=name(e.card))
    ),
    "SpecialEventsDrawn": lambda e: _("2 Special Event Cards drawn face down"),
    "SpecialEventRevealed": lambda e: _("Year {year}'s Special Event: {card}").format(year=e.year, card=name(e.card)),
    "SpecialEventChoiceMade": lambda e: (
        _("{color} chose {option} {target}")
        .format(color=e.color, option=word(e.option), target=name(e.target) if e.target else "")
        .strip()
    ),
    "MonsterReleased": lambda e: _("{color} let the {monster} go (+1 Evil)").format(
        color=e.color, monster=name(e.monster)
    ),
    "RoomProduced": _produced,
    "CombatCardSpied": lambda e: _("{color} spied on Combat Card #{n}").format(color=e.color, n=e.position),
    "TrapDiscarded": lambda e: _("{color} discarded a Trap Card").format(color=e.color),
    "TrapDeckReshuffled": lambda e: _("Trap deck re-formed from {n} discarded cards").format(n=e.cards),
    "PrisonerReleased": lambda e: _("{color} has no unconquered tile and releases the {name}").format(
        color=e.color, name=name(e.prisoner)
    ),
    "AdventurerDiscarded": lambda e: _("{name} discarded ({why})").format(name=name(e.tile), why=reworded(e.reason)),
    "PaladinMoved": _moved,
    "PaladinSentAway": _sent_away,
    "NonPlayerEvilMoved": lambda e: _("Non-player {color} Evil Counter moves {steps:+d}").format(
        color=e.color, steps=e.steps
    ),
    "SpellCast": _spell,
    "SpellNotCast": lambda e: _("{step} spell {card}: not cast ({why})").format(
        step=word(e.step), card=name(e.card), why=_reason(e.reason)
    ),
    "SpellChoiceMade": lambda e: (
        _("{color} answers {card}: {option} {target}")
        .format(color=e.color, card=name(e.card), option=word(e.option), target=name(e.target) if e.target else "")
        .strip()
    ),
    "IllusionVanished": lambda e: "  " + _("the Illusion vanishes"),
    "HealingSkipped": lambda e: _("No healing: {why}").format(why=_reason(e.reason)),
    "ConquestPrevented": lambda e: _("No conquest at {color}'s: {why}").format(color=e.color, why=_reason(e.reason)),
    "TrapsOrdered": lambda e: _("{color} springs the Labyrinth's traps in this order: {names}").format(
        color=e.color, names=names(e.traps)
    ),
    "InstallOfferDiscarded": lambda e: ngettext(
        "{n} Trap Card nobody installed is discarded", "{n} Trap Cards nobody installed are discarded", len(e.cards)
    ).format(n=len(e.cards)),
    "InstalledTrapDiscarded": lambda e: _("{color}'s installed {trap} at {square} is discarded ({why})").format(
        color=e.color, trap=name(e.trap), square=label(e.square), why=reworded(e.reason)
    ),
    "InputUndone": lambda e: _("{who} took back events {first}..{last} ({what})").format(
        who=_("The recorder") if e.player == "chance" else e.player,
        first=e.first,
        last=e.last,
        what=input_words(e.description),
    ),
    "InputCorrected": lambda e: (
        ngettext(
            "Correction of event {first}: {was} -> {now}; {n} later input re-applied",
            "Correction of event {first}: {was} -> {now}; {n} later inputs re-applied",
            len(e.kept),
        ).format(first=e.first, was=input_words(e.was), now=input_words(e.now), n=len(e.kept))
        + (
            ", " + _("{n} superseded from {event}").format(n=len(e.superseded), event=e.divergence)
            if e.superseded
            else ""
        )
    ),
    "TableRulingApplied": lambda e: _("Table ruling ({why}): {changes}").format(why=e.reason, changes=e.changes),
    "GameArchived": lambda e: (
        _("The game is archived (left out of the statistics)") + (f": {e.reason}" if e.reason else "")
    ),
}


def hired(e: Any) -> str:
    """A hire that discards a trap or feeds a monster (the plain hire: ``event_words.py``)."""
    said = _("{color} hired the {monster} for {cost}").format(color=e.color, monster=name(e.monster), cost=cost(e.paid))
    if e.discarded_trap:
        said += ", " + _("discarding {name}").format(name=name(e.discarded_trap))
    if e.fed_monster:
        said += ", " + _("feeding it the {name}").format(name=name(e.fed_monster))
    return said


def wage(e: Any) -> str:
    """A wage, fed or not."""
    said = _("{color} paid the {monster}: {cost}").format(color=e.color, monster=name(e.monster), cost=cost(e.paid))
    return said + (", " + _("fed the {name}").format(name=name(e.fed_monster)) if e.fed_monster else "")
