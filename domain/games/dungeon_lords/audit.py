"""Audit and explanation of a stored game, for disputed rulings (the audit is the kernel's, bound here).

``audit(log)`` replays the log under the current rules: at every input point it re-checks the input
(it must be legal now) and re-derives everything the rules make follow from it, comparing with what
was stored. Each finding names the event, what was stored, what the rules give instead, and the
rule. It also lists the provisional or partial cards that took part in the game (their printed
text is unknown: see ``dungeon-lords catalog``).

``explain(log, n)`` says why event ``n`` happened: the input it followed from, the rule, and for
the paladin and the adventurers the Evilometer that decided it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel.audit import Auditor, AuditReport, Cited, Finding
from domain.kernel.errors import N_, Listed, Phrase, Verbatim

from . import events as ev
from .catalog import UnknownCatalog, catalog_for, catalog_with
from .describe import describe_event
from .history import HISTORY
from .phases.settle import evolve_stored as evolve
from .rules_index import cite
from .ruleset import catalog_overlays
from .state import GameState

# The rule behind each kind of consequence (the input's own rule covers the rest).
EVENT_RULES = {
    "AdventurerAssigned": "adventurers.assign",
    "AdventurerDiscarded": "adventurers.two_players",
    "NonPlayerEvilMoved": "adventurers.two_players",
    "PaladinArrived": "paladin.arrives",
    "PaladinMoved": "paladin.moves",
    "PaladinSentAway": "paladin.nonplayer_festival",
    "OpportunityPlaced": "uo.boards",
    "InvestmentReturned": "uo.invest_gold",
    "FestivalBegan": "festival.prizes",
    "FestivalBidsRevealed": "festival.bids",
    "FestivalEnded": "festival.prizes",
    "PetDeckReshuffled": "pets.draft",
    "BardStepTaken": "combat.bards",
    "CourageRemoved": "combat.bards",
    "InstallOfferDiscarded": "uo.install_traps",
    "InstalledTrapDiscarded": "uo.install_traps",
    "PetsExchanged": "pets.draft",
    "PetDraftEnded": "pets.draft",
    "MinionPlaced": "orders.placement",
    "OrdersRevealed": "orders.placement",
    "NonPlayerOrdersRotated": "orders.three_players",
    "RoundEnded": "round.end",
    "YearBegan": "year.second",
    "TaxesPaid": "event.taxes",
    "WagePaid": "event.payday",
    "MonsterReleased": "event.payday",
    "ActionDeclined": "action.full_cost",
    "OrdersRetrieved": "orders.retrieval",
    "AdventurersLinedUp": "round.adventurers_redraw",
    "AdventurerPutUnder": "round.adventurers_redraw",
    "DamageDealt": "combat.trap",
    "AdventurerImprisoned": "combat.monsters",
    "TileConquered": "combat.tile",
    "ConquestPrevented": "combat.monsters",
    "SpellCast": "combat.spell",
    "SpellNotCast": "combat.spell",
    "GameScored": "scoring.winner",
}


def _overlays(first: ev.Event) -> tuple[dict[str, Any], ...]:
    """The catalog overlays of the rules modules a game's first event records."""
    return catalog_overlays(first.modules) if isinstance(first, ev.GameStarted) else ()


def _under_catalog(first: ev.Event, overrides: dict[str, Any] | None) -> ev.Event:
    """The first event as if the game had begun with the shipped catalog plus ``overrides``."""
    cat = catalog_with(overrides, _overlays(first))
    fields = {"catalog_hash": cat.content_hash, "catalog_overrides": overrides or None}
    if isinstance(first, ev.ScenarioLoaded):
        return first.replace(state={**first.state, **fields})
    return first.replace(**fields, setup=None)  # laid out again from that catalog


def _catalog_note(first: ev.Event, audited: ev.Event) -> str:
    def recorded(e: ev.Event) -> tuple[str, dict[str, Any] | None]:
        if isinstance(e, ev.GameStarted):
            return e.catalog_hash, e.catalog_overrides
        assert isinstance(e, ev.ScenarioLoaded), "a log begins with GameStarted or ScenarioLoaded"
        return e.state.get("catalog_hash", ""), e.state.get("catalog_overrides")

    played, overrides = recorded(first)
    used, used_overrides = recorded(audited)
    if audited is not first:
        return f"the game was played with catalog {played[:12]}; audited under another, {used[:12]} (--catalog)"
    rebuilt = catalog_with(overrides, _overlays(first)).content_hash
    if played and rebuilt != played:
        return (
            f"the game was played with catalog {played[:12]}, a kept earlier version of the shipped one (the "
            f"recorded overrides give {rebuilt[:12]} today); the audit replays it with its own"
        )
    return ""


def provisional_cards(log: list[ev.Event]) -> list[str]:
    """The cards of unknown or partly known text that took part in the game, with their status (in the
    catalog the game was played with)."""
    first = log[0]
    if isinstance(first, ev.GameStarted):
        played, overrides, overlays = first.catalog_hash, first.catalog_overrides, _overlays(first)
    else:
        assert isinstance(first, ev.ScenarioLoaded), "a log begins with GameStarted or ScenarioLoaded"
        played, overrides = first.state.get("catalog_hash", ""), first.state.get("catalog_overrides")
        overlays = catalog_overlays(first.state.get("modules") or [])
    try:
        cat = catalog_for(played, overrides, overlays)
    except UnknownCatalog:  # audited under another (--catalog): today's shipped one says the cards' status
        cat = catalog_with(overrides, overlays)
    seen: dict[str, str] = {}
    for e in log:
        ids = []
        if isinstance(e, (ev.CombatCardRevealed, ev.SpecialEventRevealed)):
            ids = [e.card]
        elif isinstance(e, ev.TrapSprung):
            ids = [e.trap.split("#")[0]]
        for card in ids:
            for table in (cat.combat_cards, cat.special_events, cat.traps):
                entry = table.get(card)
                if entry is not None and entry.status != "verified":
                    seen[card] = f"{entry.name} [{entry.status}]: {entry.notes or entry.status}"
    return [seen[k] for k in sorted(seen)]


AUDITOR = Auditor(
    history=HISTORY,
    describe_event=describe_event,
    cite=cite,
    event_rules=EVENT_RULES,
    provisional=lambda log: provisional_cards(log),
    catalog_note=lambda first, audited: _catalog_note(first, audited),
    under_catalog=lambda first, overrides: _under_catalog(first, overrides),
    volatile=("version", "archived"),
    marker_rule="record.ruling",
    visible_event=lambda log, n, viewer: _visible_event(log, n, viewer),
    explain_more=lambda log, n, e, before: _explain_more(log, n, e, before),
)


def _visible_event(log: list[ev.Event], n: int, viewer: str | None) -> ev.Event:
    from .views import visible_event

    return visible_event(log, n, viewer)


def audit(
    log: list[ev.Event], integrity: list[str] | None = None, catalog_overrides: dict[str, Any] | None = None
) -> AuditReport:
    """Replay ``log`` under the current rules (the kernel's :class:`~domain.kernel.audit.Auditor`) and the
    catalog the game was played with, or, given ``catalog_overrides``, under the shipped catalog with those
    overrides instead (a re-run under another ruling). ``integrity``: the stored log's hash-chain problems
    (``GameService.integrity``), reported as they are."""
    return AUDITOR.audit(log, integrity, catalog_overrides)


def _rule(rule_id: str) -> Phrase:
    """``Rule: <citation>``, cited for the reader by ``explain`` (:class:`~domain.kernel.audit.Cited`)."""
    return Phrase("Rule: {rule}", rule=Cited(rule_id, cite(rule_id)))


def _explain_more(log: list[ev.Event], n: int, e: ev.Event, before_state: GameState) -> list[str] | None:
    """What Dungeon Lords adds to an explanation: the Evilometer behind a paladin or an adventurer, what
    stopped damage, an installed trap, the bards, a conquest. Lines are :class:`Phrase` (translated by the
    reader's ``explain``)."""
    after = evolve(_copy(before_state), log[n - 1])
    if isinstance(e, (ev.PaladinArrived, ev.PaladinMoved)):
        scale = ", ".join(f"{p.color} {p.evil}" for p in sorted(after.players, key=lambda p: -p.evil))
        return [
            Phrase("Evilometer then: {scale} (paladin space 10).", scale=Verbatim(scale)),
            _rule("paladin.moves" if isinstance(e, ev.PaladinMoved) else "paladin.arrives"),
        ]
    if isinstance(e, ev.AdventurerAssigned):
        scale = ", ".join(f"{p.color} {p.evil}" for p in sorted(before_state.players, key=lambda p: p.evil))
        return [
            Phrase("Nicest first: {scale}; ties go by play order from the starting player.", scale=Verbatim(scale)),
            _rule("adventurers.assign"),
        ]
    if isinstance(e, ev.DamageDealt):
        return _prevention(e)
    if isinstance(e, ev.TrapSprung) and any(isinstance(x, ev.BattleBegan) and e.trap in x.installed for x in log[:n]):
        return [
            Phrase(
                "The {trap} was installed on this tile earlier: it springs by itself in the first battle there, "
                "on top of the battle's own trap, and leaves the tile.",
                trap=e.trap,
            ),
            _rule("uo.install_traps"),
        ]
    if isinstance(e, ev.BardStepTaken):
        return [
            Phrase(
                "Each bard in the party gives a Courage token per lute (1 fewer per adventurer captured from this "
                "party this Combat: Mourning), to the adventurers front to back, paladins skipped; a token cancels "
                "a Damage Counter, after disarm and the spells, and all are removed before the Conquering Step."
            ),
            _rule("combat.bards"),
        ]
    if isinstance(e, ev.TileConquered):
        return [_rule("combat.conquering")]
    if isinstance(e, ev.MinionPlaced):
        return [_rule("orders.placement")]
    return None


#: what stopped damage (``DamageDealt.prevented_by``) -> the rule it rests on
PREVENTED_BY = {
    "disarm": (N_("the party's disarm (thieves' symbols, shared by the battle's traps)"), "combat.trap"),
    "shield": (N_("Magic Shield"), "combat.spell"),
    "courage": (N_("Song of Courage (the first monster damage on each adventurer)"), "combat.spell"),
    "invisible": (N_("Invisibility (a wizard cannot be hurt)"), "combat.spell"),
    "courage_token": (N_("Courage tokens from the bards"), "combat.bards"),
}


def _prevention(e: ev.DamageDealt) -> list[str] | None:
    """Which rule stopped which part of a hit: the first preventer, then the bards' Courage tokens."""
    if not e.prevented:
        return None
    tokens = e.courage_used if e.prevented_by != "courage_token" else e.prevented
    first = e.prevented - tokens
    lines: list[str] = [
        Phrase(
            "{total} damage came from {source}; {amount} went on.",
            total=e.amount + e.prevented,
            source=Listed([(e.source.partition(":")[2].split("#")[0], e.source)]) if ":" in e.source else e.source,
            amount=e.amount,
        )
    ]
    for n, (what, rule) in (
        (first, PREVENTED_BY.get(e.prevented_by, (e.prevented_by, "combat.trap"))),
        (tokens, PREVENTED_BY["courage_token"]),
    ):
        if n:
            lines.append(Phrase("{n} stopped by {what}. Rule: {rule}", n=n, what=what, rule=Cited(rule, cite(rule))))
    return lines


def explain(
    log: list[ev.Event],
    n: int,
    viewer: str | None = None,
    words: Callable[[str], str] | None = None,
    describe: Callable[[ev.Event], str] | None = None,
    cite: Callable[[str], str] | None = None,
    text: Callable[[Any], str] | None = None,
) -> str:
    """Why event number ``n`` happened (the kernel's :meth:`~domain.kernel.audit.Auditor.explain`, with
    the Evilometer for the paladin and the adventurers). ``viewer``: only what that player could see.

    Raises:
        ValueError: ``n`` is not an event of the log.
    """
    return AUDITOR.explain(log, n, viewer, words, describe, cite, text)


def _copy(state: GameState) -> GameState:
    from .state import clone

    return clone(state)


__all__ = ["AUDITOR", "AuditReport", "EVENT_RULES", "Finding", "audit", "explain", "provisional_cards"]
