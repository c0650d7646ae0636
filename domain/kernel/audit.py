"""Audit of a stored game, for disputed rulings, for any game: replay the log under the current rules.

At every input point the audit re-checks the input (it must be legal now) and re-derives everything the
rules make follow from it, comparing with what was stored. Each finding names the event, what was
stored, what the rules give instead, and the rule. Undos, corrections and a game's own markers are
listed; a marker's restored state must be the game as it was before the input it takes back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import N_, Phrase, RuleViolation, Verbatim
from .events import InputCorrected, InputUndone, same_event
from .history import History
from .pending import Pending

_Step = tuple[Any, int] | None  # the state after a step of the audit and the next event's index; None: stop

#: an event's kind (``decision``, ``chance``, ``consequence``) in the reader's words (explain's ``words``)
KINDS = (N_("decision"), N_("chance"), N_("consequence"))


class Cited(str):
    """A rule cited in a game's explanation (``explain_more``'s lines, a :class:`~domain.kernel.errors.Phrase`'s
    param): the English citation as text, the rule id kept so that a reader reads their rulebook's."""

    rule_id: str

    def __new__(cls, rule_id: str, english: str) -> Cited:
        text = super().__new__(cls, english)
        text.rule_id = rule_id
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return Cited, (self.rule_id, str(self))


@dataclass
class Finding:
    """One disagreement: ``event`` (1-based), what was ``stored``, what the rules give (``expected``), the rule."""

    event: int
    stored: str
    expected: str
    rule: str


@dataclass
class AuditReport:
    """What an audit found. ``clean`` when the log is whole and unchanged (``integrity``), every stored
    event follows under the current rules (``findings``) and no correction superseded later inputs
    (``corrections`` lists every correction; ``superseded`` the inputs they could not keep)."""

    events: int
    findings: list[Finding] = field(default_factory=list)
    undos: list[str] = field(default_factory=list)
    corrections: list[str] = field(default_factory=list)
    superseded: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    provisional: list[str] = field(default_factory=list)
    integrity: list[str] = field(default_factory=list)
    catalog: str = ""  # a note when the game was played with another catalog than the audit's

    @property
    def clean(self) -> bool:
        return not (self.findings or self.superseded or self.integrity)


def _prefix(a: list[Any], b: list[Any]) -> int:
    """How many of the re-derived events ``a`` match the stored ``b`` from the start."""
    k = 0
    for x, y in zip(a, b, strict=False):
        if not same_event(x, y):
            break
        k += 1
    return k


@dataclass(frozen=True)
class Auditor:
    """One game's audit.

    Attributes:
        history: the game's :class:`~.history.History` (engine, draws, its own markers).
        describe_event: an event in words.
        cite: rule id -> citation.
        event_rules: consequence type -> the rule id behind it (the input's own rule covers the rest).
        provisional: ``log -> [str]``: the components of unknown or partly known text that took part.
        catalog_note: ``(first event, first event audited under) -> str``: a word on the catalog used.
        under_catalog: ``(first event, overrides) -> first event``: the game as if begun with those
            overrides (a re-run under another ruling); None: the game cannot be re-run so.
        volatile: state keys a marker's restored state may differ in (the version count...).
        marker_rule: the rule cited when a game's own marker (a ruling) no longer reads as valid.
        visible_event: ``(log, n, viewer) -> event``: event ``n`` as ``viewer`` may see it (None: all).
        explain_more: ``(log, n, event, state before it) -> [str] | None``: what else explains the event
            (e.g. the track that moved a piece); None: cite ``event_rules``.
    """

    history: History
    describe_event: Callable[[Any], str]
    cite: Callable[[str], str]
    event_rules: Mapping[str, str] = field(default_factory=dict)
    provisional: Callable[[list[Any]], list[str]] = lambda log: []
    catalog_note: Callable[[Any, Any], str] = lambda first, audited: ""
    under_catalog: Callable[[Any, dict[str, Any] | None], Any] | None = None
    volatile: tuple[str, ...] = ("version",)
    marker_rule: str = "flow.turn"
    visible_event: Callable[[list[Any], int, str | None], Any] = lambda log, n, viewer: log[n - 1]
    explain_more: Callable[[list[Any], int, Any, Any], list[str] | None] = lambda log, n, e, before: None

    def _d(self, log: list[Any], index: int) -> str:
        return self.describe_event(log[index]) if index < len(log) else "(the log ends)"

    def _rule_for(self, events: list[Any], index: int, fallback: str) -> str:
        if index < len(events) and events[index].type in self.event_rules:
            return self.cite(self.event_rules[events[index].type])
        return self.cite(fallback)

    def _same_state(self, restored: dict[str, Any], state: Any) -> bool:
        def strip(d: dict[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in d.items() if k not in self.volatile}

        return strip(restored) == strip(self.history.to_dict(state))

    def audit(
        self, log: list[Any], integrity: list[str] | None = None, catalog_overrides: dict[str, Any] | None = None
    ) -> AuditReport:
        """Replay ``log`` under the current rules and the catalog it was played with (or, given
        ``catalog_overrides``, the shipped catalog with those overrides: a re-run under another ruling).
        ``integrity``: the stored log's hash-chain problems, reported as they are.

        Raises:
            ValueError: ``catalog_overrides`` given for a game that cannot be re-run under another catalog.
        """
        history, engine, cite = self.history, self.history.engine, self.cite
        report = AuditReport(events=len(log), integrity=list(integrity or []))
        first = log[0]
        if catalog_overrides is not None:
            if self.under_catalog is None:
                raise ValueError("this game cannot be audited under another catalog")
            first = self.under_catalog(log[0], catalog_overrides)
        state = engine.replay([first])
        auto, state = engine.advance(state)
        i = 1
        k = _prefix(auto, log[i : i + len(auto)])
        if k < len(auto):
            report.findings.append(
                Finding(i + k + 1, self._d(log, i + k), self.describe_event(auto[k]), cite("flow.turn"))
            )
        i += len(auto)
        while i < len(log):
            e = log[i]
            if isinstance(e, InputUndone | InputCorrected):
                step = self._taken_back(log, i, e, state, report)
            else:
                try:
                    own = history.marker(e)
                except ValueError as exc:  # stored before the marker's command was typed: not valid now
                    why = f"a ruling that is not valid: {exc}".split("\n")[0]
                    report.findings.append(Finding(i + 1, self._d(log, i), why, cite(self.marker_rule)))
                    break
                if own is None:
                    step = self._input(log, i, state, report)
                else:
                    step = self._own_marker(log, i, e, own, state, report)
            if step is None:  # a finding that ends the replay
                break
            state, i = step
        report.provisional = self.provisional(log)
        report.catalog = self.catalog_note(log[0], first)
        return report

    def _taken_back(self, log: list[Any], i: int, e: Any, state: Any, report: AuditReport) -> _Step:
        """An undo or a correction at ``log[i]``: listed; its state must be the game's before the input it
        took back (else a finding, and None)."""
        entry = f"event {i + 1}: {self.describe_event(e)}"
        if isinstance(e, InputCorrected):
            report.corrections.append(entry)
            report.superseded += [f"{s} (superseded by the correction at event {i + 1})" for s in e.superseded]
        else:
            report.undos.append(entry)
        start = e.first if isinstance(e, InputUndone) or e.follows else 0
        if start and not self._same_state(e.state, self.history.state_before(log, start)):
            rule = "record.undo" if isinstance(e, InputUndone) else "record.correction"
            report.findings.append(
                Finding(
                    i + 1,
                    f"a marker whose state is not the game before event {start}",
                    f"the state before event {start}",
                    self.cite(rule),
                )
            )
            return None
        return self.history.engine.rules.evolve(state, e), i + 1

    def _own_marker(
        self, log: list[Any], i: int, e: Any, own: tuple[str, Any, bool], state: Any, report: AuditReport
    ) -> _Step:
        """A game's own marker at ``log[i]`` (``own``: what :attr:`History.marker` says of it): archiving is
        folded; a ruling is re-applied and listed (None after a finding: it cannot apply now)."""
        actor, command, replay = own
        if not replay:
            return self.history.engine.rules.evolve(state, e), i + 1
        report.rulings.append(f"event {i + 1}: {self.describe_event(e)}")
        try:
            events, state = self.history.engine.execute_pure(state, command)
        except RuleViolation as exc:
            why = f"a ruling that cannot apply: {exc.message}"
            report.findings.append(Finding(i + 1, self._d(log, i), why, exc.rule))
            return None
        return state, i + len(events)

    def _input(self, log: list[Any], i: int, state: Any, report: AuditReport) -> _Step:
        """The input behind ``log[i]``: the legal option (or the draw) that reproduces the longest run of the
        log's next events. A finding where none reproduces its first event (then None), or where the log
        departs from the rules' events later in the span."""
        engine, cite = self.history.engine, self.cite
        p = engine.pending(state)
        if not p.actors:
            report.findings.append(Finding(i + 1, self._d(log, i), "nothing: the game was over", cite(p.rule)))
            return None
        best: tuple[int, list[Any], Any] | None = None
        for command in self._candidates(p, log[i]):
            try:
                events, after = engine.execute_pure(state, command)
            except RuleViolation:
                continue
            k = _prefix(events, log[i : i + len(events)])
            if best is None or k > best[0] or (k == best[0] == len(events) > len(best[1])):
                best = (k, events, after)
        if best is None or best[0] == 0:
            why = (
                "a draw the components that remained could not produce"
                if p.is_chance
                else "an input that is not legal at this point"
            )
            report.findings.append(
                Finding(i + 1, self._d(log, i), f"{why} (the game waited for: {p.prompt})", cite(p.rule))
            )
            return None
        k, events, after = best
        if k < len(events):
            rule = self._rule_for(events, k, p.rule)
            report.findings.append(Finding(i + k + 1, self._d(log, i + k), self.describe_event(events[k]), rule))
        return after, i + len(events)

    def _candidates(self, p: Pending, e: Any) -> list[Any]:
        """The inputs that could have caused ``e``: the draw it says came up (none if it names no
        components), or every legal option of every actor."""
        if p.is_chance:
            try:
                return [self.history.engine.rules.draw_command(self.history.chance_cards(e))]
            except ValueError:
                return []
        return [o for a in p.actors for o in p.options(a)]

    def explain(
        self,
        log: list[Any],
        n: int,
        viewer: str | None = None,
        words: Callable[[str], str] | None = None,
        describe: Callable[[Any], str] | None = None,
        cite: Callable[[str], str] | None = None,
        text: Callable[[Any], str] | None = None,
    ) -> str:
        """Why event number ``n`` happened: the input it followed from, whether it still counts (undone
        or superseded), the rule, and for a decision the options that were legal at that moment.
        ``viewer``: say only what that player could see. ``words``: the reader's language for the fixed
        phrases (a gettext lookup of each English template, then filled; None: English); ``describe``: an
        event in the reader's words (None: the game's ``describe_event``); ``cite``: a rule id cited for the
        reader (None: the game's citation); ``text``: a prompt in the reader's words (None: as it is).

        Raises:
            ValueError: ``n`` is not an event of the log.
        """
        _ = words or _same  # the name a catalog's extraction looks for (cli/i18n.py, docs/i18n.md)
        say = describe or self.describe_event
        history, cite, text = self.history, cite or self.cite, text or str
        if not 1 <= n <= len(log):
            raise ValueError(f"the game has events 1..{len(log)}")
        e = self.visible_event(log, n, viewer)
        lines = [_("Event {n}: {what} ({kind})").format(n=n, what=say(e), kind=_(e.kind))]
        if n == 1:
            return lines[0] + "\n" + _("It starts the game.")
        gone = history.taken_back(log).get(n)
        if gone:
            lines.append(_("It no longer counts: {why}.").format(why=gone))
        span = next((s for s in history.spans_of(log) if s.first <= n <= s.last), None)
        if span is None:
            lines.append(_("It followed from the set-up, before any input (the rules' own steps)."))
        else:
            visible = span.actor in (viewer, "chance", "undo", "ruling", "archive") or viewer is None
            who = {
                "chance": _("a draw"),
                "undo": _("an undo"),
                "correction": _("a correction"),
                "ruling": _("a table ruling"),
                "archive": _("archiving"),
            }.get(span.actor) or _("{actor}'s input").format(actor=span.actor)
            first = self.visible_event(log, span.first, viewer)
            if span.actor in ("chance", "correction", "archive") or not visible:
                what = say(first)
            else:
                what = span.command if span.actor == "undo" else text(history.describe_command(span.command))
            said = (
                _("It is {who} at event {n}: {what}")
                if span.first == n
                else _("It followed from {who} at event {n}: {what}")
            )
            lines.append(
                said.format(who=who, n=span.first, what=what)
                + (
                    " " + _("(events {first}..{last}).").format(first=span.first, last=span.last)
                    if span.last > span.first
                    else "."
                )
            )
            if span.first == n and span.key is not None and span.actor != "chance":
                p = history.engine.pending(history.state_before(log, n))
                asked = _("The game asked {actors}: {prompt}. Rule: {rule}")
                lines.append(asked.format(actors=", ".join(p.actors), prompt=text(p.prompt), rule=cite(p.rule)))
                if viewer is None or span.actor == viewer:
                    options = [text(history.describe_command(o)) for o in p.options(span.actor)]
                    lines.append(
                        _("Legal for {actor} then ({n}): ").format(actor=span.actor, n=len(options))
                        + "; ".join(options[:20])
                        + ("; ..." if len(options) > 20 else "")
                    )
        more = self.explain_more(log, n, e, history.state_before(log, n))
        if more is not None:
            lines += [text(_cited(line, cite)) for line in more]
        elif e.type in self.event_rules:
            lines.append(_("Rule: {rule}").format(rule=cite(self.event_rules[e.type])))
        return "\n".join(lines)


def _same(text: str) -> str:
    return text


def _cited(line: Any, cite: Callable[[str], str]) -> Any:
    """``line`` with each :class:`Cited` rule it quotes cited for the reader (``cite``), as it is shown."""
    if not isinstance(line, Phrase) or not any(isinstance(v, Cited) for v in line.params.values()):
        return line
    params = {k: Verbatim(cite(v.rule_id)) if isinstance(v, Cited) else v for k, v in line.params.items()}
    return Phrase(line.template, **params)
