"""Rule ids and their citations: :class:`RuleIndex`, one per game, on top of the kernel's own rules.

A rule id (``"dig.no_2x2"``) is what a refusal cites; the index turns it into the text a person reads
("Rulebook › Description of Actions › Dig Tunnels (no 2x2 block may be filled)"). The kernel's
rules (``flow.*``, ``input.*``) are about taking input at all and hold for every game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .codes import KernelRefusal, RefusalCode
from .errors import N_, RuleViolation

#: Rules of the kernel: how any game takes input (engine rules: marked ``N_``, translated in the domain ``refusals``).
KERNEL_RULES: dict[str, str] = {
    "flow.turn": N_("The game waits for one kind of input at a time (see `options`)"),
    "flow.not_your_turn": N_("The game waits for one input at a time, from the players it names (see `options`)"),
    "input.chance": N_("A draw can only produce components that remain (counted from the log)"),
    "input.schema": N_("A command is a JSON object whose fields match its type"),
    "input.seat": N_("A seat is named as the game names it (red, blue, green, yellow; p1, p2...; see `status`)"),
    "record.undo": N_(
        "Engine: undo takes back the latest input still standing (again: the one before it), "
        "never across a revealed card (as online platforms restrict it); a draw only in a "
        "tabletop game, where the recorder typed it (in a digital game it would be a re-roll)"
    ),
    "record.correction": N_(
        "Engine: a correction replaces one earlier input (or a tabletop draw) and re-applies "
        "each later input to the same decision it answered; the first that no longer "
        "fits, and every one after it, is superseded and reported"
    ),
    "record.format": N_(
        "A game record (docs/record-format.md) is read line by line through the rules of its game; "
        "the first malformed or refused line is reported with its number"
    ),
    "record.event_number": N_("A game's events are numbered from 1 in the order they were stored (see `log`)"),
}


class RuleIndex:
    """Rule id -> citation for one game (the kernel's rules included).

    Args:
        rules: the game's rule ids and citations; they may override a kernel rule's wording.
        refusals: the game's refusal enums (the kernel's are always included).
        citations: the same rules cited from a rulebook in another language (language code, e.g.
            ``"ru"`` -> rule id -> that rulebook's section heading); a rule missing there is cited in
            English. Carried by every refusal (``RuleViolation.citations``) for the reader's language.
    """

    def __init__(
        self,
        rules: Mapping[str, str],
        refusals: Iterable[type[RefusalCode]] = (),
        citations: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        self.rules: dict[str, str] = {**KERNEL_RULES, **rules}
        self.refusal_enums: list[type[RefusalCode]] = [KernelRefusal, *refusals]
        self.codes: dict[str, RefusalCode] = {m.code: m for e in self.refusal_enums for m in e}
        self.citations: Mapping[str, Mapping[str, str]] = citations or {}

    def cite(self, rule_id: str) -> str:
        """The citation for ``rule_id``; an unknown id is returned as it is."""
        return self.rules.get(rule_id, rule_id)

    def refuse(
        self, code: RefusalCode | str, message: str, rule_id: str | None = None, /, **params: Any
    ) -> RuleViolation:
        """A :class:`RuleViolation` citing ``rule_id`` (default: the code's usual rule); ``raise
        index.refuse(...)`` at call sites. ``message`` is a template with named placeholders filled
        from ``params`` (``refuse("DIG_PERMIT_EXCEEDED", "the permit allows {limit} tunnels",
        "dig.permit", limit=2)``): the msgid that ``pybabel extract -k refuse:2`` finds.

        Raises:
            KeyError: ``code`` is in none of the game's refusal enums (an engine bug: list it).
        """
        member = self.codes[str(code)]
        rule_id = rule_id or member.rule_id
        return RuleViolation(member.code, message, rule_id, self.cite(rule_id), params=params, citations=self.citations)

    def refuse_n(
        self,
        code: RefusalCode | str,
        singular: str,
        plural: str,
        n: int,
        rule_id: str | None = None,
        /,
        **params: Any,
    ) -> RuleViolation:
        """:meth:`refuse` for a message that depends on the count ``n`` (the placeholder ``{n}``), as
        gettext's ``ngettext``: English uses ``singular`` when ``n == 1``; a translation has as many
        forms as its language (Russian three: 1 имп, 2 импа, 5 импов). Extracted with ``-k refuse_n:2,3``."""
        member = self.codes[str(code)]
        rule_id = rule_id or member.rule_id
        return RuleViolation(
            member.code,
            singular,
            rule_id,
            self.cite(rule_id),
            params={**params, "n": n},
            plural=plural,
            citations=self.citations,
        )

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules
