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

from typing import Any

from domain.kernel.audit import Auditor, AuditReport, Finding

from . import events as ev
from .catalog import catalog_for, catalog_with
from .describe import describe_command, describe_event
from .engine import pending
from .evolve import evolve
from .history import HISTORY, spans_of, state_before, taken_back
from .rules_index import cite
from .state import GameState

# The rule behind each kind of consequence (the input's own rule covers the rest).
EVENT_RULES = {
    "AdventurerAssigned": "adventurers.assign",
    "AdventurerDiscarded": "adventurers.two_players",
    "NonPlayerEvilMoved": "adventurers.two_players",
    "PaladinArrived": "paladin.arrives",
    "PaladinMoved": "paladin.moves",
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


def _under_catalog(first: ev.Event, overrides: dict[str, Any] | None) -> ev.Event:
    """The first event as if the game had begun with the shipped catalog plus ``overrides``."""
    cat = catalog_with(overrides)
    fields = {"catalog_hash": cat.content_hash, "catalog_overrides": overrides or None}
    if isinstance(first, ev.ScenarioLoaded):
        return first.model_copy(update={"state": {**first.state, **fields}})
    return first.model_copy(update=fields)


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
    rebuilt = catalog_with(overrides).content_hash
    if played and rebuilt != played:
        return (
            f"the game was played with catalog {played[:12]}; the shipped catalog has changed since, so the "
            f"recorded overrides now give {rebuilt[:12]}, which the audit uses"
        )
    return ""


def provisional_cards(log: list[ev.Event]) -> list[str]:
    """The cards of unknown or partly known text that took part in the game, with their status (in the
    catalog the game was played with)."""
    first = log[0]
    if isinstance(first, ev.GameStarted):
        cat = catalog_for(first.catalog_hash, first.catalog_overrides)
    else:
        assert isinstance(first, ev.ScenarioLoaded), "a log begins with GameStarted or ScenarioLoaded"
        cat = catalog_for(first.state.get("catalog_hash", ""), first.state.get("catalog_overrides"))
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
)


def audit(
    log: list[ev.Event], integrity: list[str] | None = None, catalog_overrides: dict[str, Any] | None = None
) -> AuditReport:
    """Replay ``log`` under the current rules (the kernel's :class:`~domain.kernel.audit.Auditor`) and the
    catalog the game was played with, or, given ``catalog_overrides``, under the shipped catalog with those
    overrides instead (a re-run under another ruling). ``integrity``: the stored log's hash-chain problems
    (``DungeonLords.integrity``), reported as they are."""
    return AUDITOR.audit(log, integrity, catalog_overrides)


def explain(log: list[ev.Event], n: int, viewer: str | None = None) -> str:
    """Why event number ``n`` happened: the input it followed from, whether it still counts (undone or
    superseded), the rule, and for a decision the options that were legal at that moment. ``viewer``:
    say only what that player could see (:func:`domain.games.dungeon_lords.views.visible_event`).

    Raises:
        ValueError: ``n`` is not an event of the log.
    """
    from .views import visible_event

    if not 1 <= n <= len(log):
        raise ValueError(f"the game has events 1..{len(log)}")
    e = visible_event(log, n, viewer)
    lines = [f"Event {n}: {describe_event(e)} ({e.kind})"]
    if n == 1:
        return lines[0] + "\nIt starts the game."
    gone = taken_back(log).get(n)
    if gone:
        lines.append(f"It no longer counts: {gone}.")
    spans = spans_of(log)
    span = next((s for s in spans if s.first <= n <= s.last), None)
    if span is None:
        lines.append("It followed from the set-up, before any input (the rules' own steps).")
    else:
        visible = span.actor in (viewer, "chance", "undo", "ruling", "archive") or viewer is None
        who = {
            "chance": "a draw",
            "undo": "an undo",
            "correction": "a correction",
            "ruling": "a table ruling",
            "archive": "archiving",
        }.get(span.actor, f"{span.actor}'s input")
        first = visible_event(log, span.first, viewer)
        what = (
            describe_event(first)
            if span.actor in ("chance", "correction", "archive") or not visible
            else span.command
            if span.actor == "undo"
            else describe_command(span.command)
        )
        lines.append(
            ("It is " if span.first == n else "It followed from ")
            + f"{who} at event {span.first}: {what}"
            + (f" (events {span.first}..{span.last})." if span.last > span.first else ".")
        )
        if span.first == n and span.key is not None and span.actor != "chance":
            before = state_before(log, n)
            p = pending(before)
            lines.append(f"The game asked {', '.join(p.actors)}: {p.prompt}. Rule: {cite(p.rule)}")
            if viewer is None or span.actor == viewer:
                options = [describe_command(o) for o in p.options(span.actor)]
                lines.append(
                    f"Legal for {span.actor} then ({len(options)}): "
                    + "; ".join(options[:20])
                    + ("; ..." if len(options) > 20 else "")
                )
    before_state: GameState = state_before(log, n)
    after = evolve(_copy(before_state), log[n - 1])
    if isinstance(e, (ev.PaladinArrived, ev.PaladinMoved)):
        scale = ", ".join(f"{p.color} {p.evil}" for p in sorted(after.players, key=lambda p: -p.evil))
        lines.append(f"Evilometer then: {scale} (paladin space 10).")
        lines.append("Rule: " + cite("paladin.moves" if isinstance(e, ev.PaladinMoved) else "paladin.arrives"))
    elif isinstance(e, ev.AdventurerAssigned):
        scale = ", ".join(f"{p.color} {p.evil}" for p in sorted(before_state.players, key=lambda p: p.evil))
        lines.append(f"Nicest first: {scale}; ties go by play order from the starting player.")
        lines.append("Rule: " + cite("adventurers.assign"))
    elif isinstance(e, ev.TileConquered):
        lines.append("Rule: Rulebook › Conquering Step (someone was left after fatigue; the lord loses 1 Evil)")
    elif isinstance(e, ev.MinionPlaced):
        lines.append("Rule: " + cite("orders.placement"))
    elif e.type in EVENT_RULES:
        lines.append("Rule: " + cite(EVENT_RULES[e.type]))
    return "\n".join(lines)


def _copy(state: GameState) -> GameState:
    from .state import clone

    return clone(state)


__all__ = ["AUDITOR", "AuditReport", "EVENT_RULES", "Finding", "audit", "explain", "provisional_cards"]
