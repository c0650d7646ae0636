"""Audit and explanation of a stored game, for disputed rulings.

``audit(log)`` replays the log under the current rules: at every input point it re-checks the input
(it must be legal now) and re-derives everything the rules make follow from it, comparing with what
was stored. Each finding names the event, what was stored, what the rules give instead, and the
rule. It also lists the provisional or partial cards that took part in the game (their printed
text is unknown: see ``dungeon-lords catalog``).

``explain(log, n)`` says why event ``n`` happened: the input it followed from, the rule, and for
the paladin and the adventurers the Evilometer that decided it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import events as ev
from .catalog import load_catalog
from .describe import describe_command, describe_event
from .engine import advance, execute_pure, pending
from .errors import RuleViolation
from .evolve import evolve
from .record_format import spans_of
from .rules_index import cite
from .state import GameState


@dataclass
class Finding:
    event: int          # 1-based event number
    stored: str
    expected: str
    rule: str


@dataclass
class AuditReport:
    events: int
    findings: list[Finding] = field(default_factory=list)
    undos: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    provisional: list[str] = field(default_factory=list)
    catalog: str = ""        # a note when the game was played with another catalog than the audit's

    @property
    def clean(self) -> bool:
        return not self.findings


# The rule behind each kind of consequence (the input's own rule covers the rest).
EVENT_RULES = {
    "AdventurerAssigned": "adventurers.assign", "AdventurerDiscarded": "adventurers.two_players",
    "NonPlayerEvilMoved": "adventurers.two_players", "PaladinArrived": "paladin.arrives",
    "PaladinMoved": "paladin.moves", "MinionPlaced": "orders.placement", "OrdersRevealed": "orders.placement",
    "NonPlayerOrdersRotated": "orders.three_players", "RoundEnded": "round.end", "YearBegan": "year.second",
    "TaxesPaid": "event.taxes", "WagePaid": "event.payday", "MonsterReleased": "event.payday",
    "ActionDeclined": "action.full_cost", "OrdersRetrieved": "orders.retrieval",
    "AdventurersLinedUp": "round.adventurers_redraw", "AdventurerPutUnder": "round.adventurers_redraw",
    "DamageDealt": "combat.trap", "AdventurerImprisoned": "combat.monsters", "TileConquered": "combat.tile",
    "ConquestPrevented": "combat.monsters", "SpellCast": "combat.spell", "SpellNotCast": "combat.spell",
    "GameScored": "scoring.winner",
}


def _rule_for(stored: list[ev.Event], index: int, fallback: str) -> str:
    if index < len(stored) and stored[index].type in EVENT_RULES:
        return cite(EVENT_RULES[stored[index].type])
    return cite(fallback)


def _prefix(a: list[ev.Event], b: list[ev.Event]) -> int:
    k = 0
    for x, y in zip(a, b):
        if x.to_json() != y.to_json():
            break
        k += 1
    return k


def audit(log: list[ev.Event]) -> AuditReport:
    report = AuditReport(events=len(log))
    state = evolve(None, log[0])
    auto, state = advance(state)
    i = 1
    k = _prefix(auto, log[i:i + len(auto)])
    if k < len(auto):
        report.findings.append(Finding(i + k + 1, _d(log, i + k), describe_event(auto[k]), cite("flow.turn")))
    i += len(auto)
    while i < len(log):
        if isinstance(log[i], (ev.InputUndone, ev.InputCorrected)):
            report.undos.append(f"event {i + 1}: {describe_event(log[i])}")
            state, i = evolve(state, log[i]), i + 1
            continue
        if isinstance(log[i], ev.TableRulingApplied):
            report.rulings.append(f"event {i + 1}: {describe_event(log[i])}")
            from .commands import TableRuling
            try:
                events, state = execute_pure(state, TableRuling(reason=log[i].reason, changes=log[i].changes))
            except RuleViolation as exc:
                report.findings.append(Finding(i + 1, _d(log, i), f"a ruling that cannot apply: {exc.message}",
                                               exc.rule))
                break
            i += len(events)
            continue
        p = pending(state)
        if not p.actors:
            report.findings.append(Finding(i + 1, _d(log, i), "nothing: the game was over", cite(p.rule)))
            break
        candidates = [_draw(log[i])] if p.is_chance else [o for a in p.actors for o in p.options(a)]
        best: tuple[int, list, GameState] | None = None
        for command in candidates:
            if command is None:
                continue
            try:
                events, after = execute_pure(state, command)
            except RuleViolation:
                continue
            k = _prefix(events, log[i:i + len(events)])
            if best is None or k > best[0] or (k == best[0] == len(events) > len(best[1])):
                best = (k, events, after)
        if best is None or best[0] == 0:
            why = "a draw the components that remained could not produce" if p.is_chance else \
                "an input that is not legal at this point"
            report.findings.append(Finding(i + 1, _d(log, i), f"{why} (the game waited for: {p.prompt})",
                                           cite(p.rule)))
            break
        k, events, after = best
        if k < len(events):
            report.findings.append(Finding(i + k + 1, _d(log, i + k), describe_event(events[k]),
                                           _rule_for(events, k, p.rule)))
        state, i = after, i + len(events)
    report.provisional = provisional_cards(log)
    first = log[0]
    played = first.catalog_hash if isinstance(first, ev.GameStarted) else first.state.get("catalog_hash", "")
    now = load_catalog().content_hash
    if played and played != now:
        report.catalog = (f"the game was played with catalog {played[:12]}, the audit uses {now[:12]} "
                          "(pass the same --catalog override to audit it as played)")
    return report


def _d(log: list[ev.Event], index: int) -> str:
    return describe_event(log[index]) if index < len(log) else "(the log ends)"


def _draw(e: ev.Event):
    from .commands import RecordDraw
    from .record_format import _draw_cards
    try:
        return RecordDraw(cards=_draw_cards(e))
    except ValueError:
        return None


def provisional_cards(log: list[ev.Event]) -> list[str]:
    """The cards of unknown or partly known text that took part in the game, with their status."""
    cat = load_catalog()
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


def explain(log: list[ev.Event], n: int) -> str:
    """Why event number ``n`` happened (the input it followed from, and the rule)."""
    if not 1 <= n <= len(log):
        raise ValueError(f"the game has events 1..{len(log)}")
    e = log[n - 1]
    lines = [f"Event {n}: {describe_event(e)} ({e.kind})"]
    if n == 1:
        return lines[0] + "\nIt starts the game."
    span = next(((a, c, f, l) for a, c, f, l in spans_of(log) if f <= n <= l), None)
    if span is None:
        lines.append("It followed from the set-up, before any input (the rules' own steps).")
    else:
        actor, command, first, last = span
        who = "a draw" if actor == "chance" else "an undo" if actor == "undo" else f"{actor}'s input"
        what = ", ".join(command.cards) if actor == "chance" else command if actor == "undo" else \
            describe_command(command)
        lines.append(("It is " if first == n else "It followed from ") + f"{who} at event {first}: {what}"
                     + (f" (events {first}..{last})." if last > first else "."))
    before: GameState | None = None
    for x in log[:n - 1]:
        before = evolve(before, x)
    after = evolve(evolve(None, log[0]) if n == 1 else _copy(before), e)
    if isinstance(e, (ev.PaladinArrived, ev.PaladinMoved)):
        scale = ", ".join(f"{p.color} {p.evil}" for p in sorted(after.players, key=lambda p: -p.evil))
        lines.append(f"Evilometer then: {scale} (paladin space 10).")
        lines.append("Rule: " + cite("paladin.moves" if isinstance(e, ev.PaladinMoved) else "paladin.arrives"))
    elif isinstance(e, ev.AdventurerAssigned):
        scale = ", ".join(f"{p.color} {p.evil}" for p in sorted(before.players, key=lambda p: p.evil))
        lines.append(f"Nicest first: {scale}; ties go by play order from the starting player.")
        lines.append("Rule: " + cite("adventurers.assign"))
    elif isinstance(e, ev.TileConquered):
        lines.append("Rule: Rulebook › Conquering Step (someone was left after fatigue; the lord loses 1 Evil)")
    elif isinstance(e, ev.MinionPlaced):
        lines.append("Rule: " + cite("orders.placement"))
    return "\n".join(lines)


def _copy(state: GameState) -> GameState:
    from .state import clone
    return clone(state)
