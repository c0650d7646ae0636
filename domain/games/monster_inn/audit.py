"""Monster Inn's audit: the kernel's :class:`~domain.kernel.audit.Auditor` bound to this game. Besides the
findings, it lists the provisional values that took part: the rule options in force and the card values
the rulebook does not print (kinds, skulls) of the cards that were scored."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from domain.kernel import HIDDEN
from domain.kernel.audit import Auditor, AuditReport
from domain.kernel.events import InputCorrected, InputUndone

from . import events as ev
from .catalog import UnknownCatalog, catalog_for, catalog_with
from .describe import describe
from .history import HISTORY
from .options import DEFAULT_RULES, RULE_OPTIONS
from .refusals import INDEX
from .views import redacted

#: the rule behind each consequence (the input's own rule covers the rest)
EVENT_RULES = {
    "RoundEnded": "round.next",
    "HumanoidsSetAside": "score.step1",
    "GameScored": "score.winner",
    "BonusTaken": "bonus.take",
    "BonusMissed": "bonus.short",
    "Left": "leave.take",
}


def provisional(log: list[ev.Event]) -> list[str]:
    """The provisional rules in force and the provisional values of the cards that were scored."""
    first = log[0]
    assert isinstance(first, ev.GameStarted), "a Monster Inn log begins with GameStarted"
    out = [
        f"rule {name} = {value}"
        + (" (the default)" if DEFAULT_RULES[name] == value else "")
        + f": {RULE_OPTIONS[name][1]}"
        for name, value in sorted(first.rules.items())
    ]
    try:
        cat = catalog_for(first.catalog_hash, first.catalog_overrides)
    except UnknownCatalog:  # audited under another (--catalog): today's says what is provisional
        cat = catalog_with(first.catalog_overrides)
    if cat.treasure.provisional:
        out.append(f"treasure split {cat.treasure.gold} gold / {cat.treasure.gem} gems [provisional]")
    scored = ev.GameScored in {type(e) for e in log}
    cards = set()
    for e in log if scored else []:
        if isinstance(e, ev.Left) and e.card.startswith("m"):
            cards.add(e.card)
        elif isinstance(e, ev.HumanoidRevealed):
            cards.add(e.card)
    for card_id in sorted(cards, key=lambda c: (c[0], int(c[1:]))):
        card = cat.card(card_id)
        if card.provisional:
            values = ", ".join(f"{f} {getattr(card, f)}" for f in card.provisional)
            out.append(f"{card_id}: {values} [provisional]")
    return out


def _under_catalog(first: ev.GameStarted, overrides: dict[str, Any] | None) -> ev.GameStarted:
    cat = catalog_with(overrides)
    return first.replace(catalog_hash=cat.content_hash, catalog_overrides=overrides or None)


def _catalog_note(first: ev.GameStarted, audited: ev.GameStarted) -> str:
    if audited is not first:
        return (
            f"the game was played with card list {first.catalog_hash[:12]}; audited under {audited.catalog_hash[:12]}"
        )
    return ""


class _BonusUnseen(ev.BonusTaken, tag="BonusTaken"):
    """Another seat's humanoid bonus as a seat sees it while the game runs: the treasure went from the
    general supply into a hidden personal supply, so which one it was (and whether the supply left no
    choice, which would tell the supply's split) reads ``hidden``."""

    treasure: str = HIDDEN
    forced: bool | str = HIDDEN  # type: ignore[assignment]  # a view's value: a bool, or hidden

    @property
    def type(self) -> str:
        return "BonusTaken"


def visible_event(log: list[ev.Event], n: int, viewer: str | None) -> ev.Event:
    """Event ``n`` as ``viewer`` (a seat; None: the recorder) may see it while the game runs: a digital
    game's seed is hidden from everyone (it predicts every draw), and in the standard variant another
    seat's humanoid bonus (:class:`_BonusUnseen`). Everything else a seat does happens on the table: the
    Pool it Remains into or Leaves with, the Support it puts on a monster. An undo or a correction carries
    a whole state: it is shown as :func:`.views.redacted` shows a state. After scoring all is open."""
    e = log[n - 1]
    if isinstance(log[-1], ev.GameScored):
        return e
    if isinstance(e, ev.GameStarted) and e.mode == "digital":
        return e.replace(seed=None)
    secret = viewer is not None and _variant(log) != "open_treasure"
    if secret and isinstance(e, ev.BonusTaken) and e.player != viewer:
        return _BonusUnseen(player=e.player)
    if not isinstance(e, InputUndone | InputCorrected):
        return e
    update: dict[str, Any] = {"state": redacted(copy.deepcopy(e.state), viewer)}
    if secret and viewer is not None:  # what was taken back or put instead, when it was another's bonus
        if _others_bonus(log, e.first, viewer):
            update["description" if isinstance(e, InputUndone) else "was"] = HIDDEN
        if isinstance(e, InputCorrected):
            if e.command.get("type") == "take_bonus" and e.command.get("player") != viewer:
                update["now"] = HIDDEN
                update["command"] = {**e.command, "treasure": HIDDEN}
            for field in ("kept", "superseded"):
                update[field] = [_unless_others_bonus(k, viewer) for k in getattr(e, field)]
    return e.replace(**update)


def _variant(log: list[ev.Event]) -> str:
    first = log[0]
    if isinstance(first, ev.GameStarted):
        return first.variant
    return str(getattr(first, "state", {}).get("variant", "standard"))


_BONUS_WORDS = "as the humanoid bonus"  # how describe_command words a bonus taken (in a correction's kept list)


def _unless_others_bonus(label: str, viewer: str) -> str:
    return HIDDEN if _BONUS_WORDS in label and f": {viewer}: " not in label else label


def _others_bonus(log: list[ev.Event], first: int, viewer: str) -> bool:
    taken = log[first - 1] if 1 <= first <= len(log) else None
    return isinstance(taken, ev.BonusTaken) and taken.player != viewer


AUDITOR = Auditor(
    history=HISTORY,
    describe_event=describe,
    cite=INDEX.cite,
    event_rules=EVENT_RULES,
    provisional=provisional,
    catalog_note=_catalog_note,
    under_catalog=_under_catalog,
    visible_event=visible_event,
)


def audit(
    log: list[ev.Event], integrity: list[str] | None = None, catalog_overrides: dict[str, Any] | None = None
) -> AuditReport:
    """Replay ``log`` under the current rules (see :class:`~domain.kernel.audit.Auditor`)."""
    return AUDITOR.audit(log, integrity, catalog_overrides)


def explain(
    log: list[ev.Event],
    n: int,
    viewer: str | None = None,
    words: Callable[[str], str] | None = None,
    describe: Callable[[ev.Event], str] | None = None,
    cite: Callable[[str], str] | None = None,
    text: Callable[[Any], str] | None = None,
) -> str:
    """Why event ``n`` happened (see :meth:`~domain.kernel.audit.Auditor.explain`).

    Raises:
        ValueError: ``n`` is not an event of the log."""
    return AUDITOR.explain(log, n, viewer, words, describe, cite, text)


def log_entries(log: list[ev.Event], viewer: str | None, first: int = 1) -> list[dict[str, Any]]:
    """Each event of ``log`` from number ``first`` on as ``viewer`` may see it: ``{"kind", "text" (in
    words), "data" (JSON)}``."""
    out = []
    for k, e in enumerate(log[first - 1 :], first):
        data = visible_event(log, k, viewer).to_json()
        if isinstance(e, ev.GameStarted) and e.mode == "digital" and data["seed"] is None:
            data["seed"] = HIDDEN  # it would predict every draw
        out.append({"kind": e.kind, "text": describe(data), "data": data})
    return out
