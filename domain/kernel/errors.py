"""The one error a rule can raise: :class:`RuleViolation` (code, message, rule).

Codes are stable strings (each game lists its own in an enum beside the kernel's, see
:mod:`domain.kernel.codes`); clients match on ``code``, people read ``message`` and ``rule`` (the
citation a game's :class:`~domain.kernel.rules_index.RuleIndex` gives for ``rule_id``).

A message is a template with named placeholders (``"the permit allows {limit} tunnels"``) and its
params, so that it can be translated where it is shown (``cli/refusal_i18n.py``, gettext domain
``refusals``); ``message`` is the English text, formatted here. The kernel knows no language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from types import MappingProxyType
from typing import Any, TypeVar

T = TypeVar("T")
_NONE: Any = MappingProxyType({})  # no params, no other citations (shared: refusals are made often)


class RuleViolation(Exception):
    """Raised when a command is refused. Nothing is appended when it is raised.

    Attributes:
        code: stable machine code, e.g. ``"DIG_WOULD_FILL_2X2"``.
        message: plain-language reason with the numbers involved (English: ``template`` formatted with
            ``params``; the text itself when there are no params).
        rule_id: key into the game's rule index (e.g. ``"dig.no_2x2"``).
        rule: the citation (rulebook section or engine choice); ``rule_id`` when none is known.
        template: the message before formatting, the msgid of the gettext domain ``refusals``
            (``str.format`` placeholders: ``"the permit allows {limit} tunnels and {dug} are dug"``).
        plural: the plural msgid when the message depends on a count (the param ``n``), else None.
        params: the values of the placeholders (numbers, component ids, colors, English fragments).
        citations: other languages' citations of the game's rules (language -> rule id -> text), as
            the game's rule index holds them; empty when it holds none.
    """

    def __init__(
        self,
        code: str,
        message: str,
        rule_id: str,
        rule: str | None = None,
        *,
        params: dict[str, Any] | None = None,
        plural: str | None = None,
        citations: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        self.code = code
        self.template = message
        self.plural = plural
        self.params = params or _NONE
        self.rule_id = rule_id
        self.rule = rule if rule is not None else rule_id
        self.citations = citations if citations is not None else _NONE
        super().__init__(code)  # the text is made when read (str(), message): most refusals never are

    @cached_property
    def message(self) -> str:
        """The English message: ``template`` (or ``plural`` when ``params["n"] != 1``) formatted with ``params``."""
        if not self.params:
            return self.template
        text = self.plural if self.plural is not None and self.params.get("n") != 1 else self.template
        return text.format(**self.params)

    def __str__(self) -> str:
        return f"{self.code}: {self.message} [{self.rule}]"

    def as_dict(self) -> dict[str, str]:
        """``{"code", "message", "rule"}``: the shape the CLI and the HTTP service print."""
        return {"code": self.code, "message": self.message, "rule": self.rule}


def unless_refused(decide: Callable[..., T], *args: Any) -> T | None:
    """``decide(*args)``, or None when it raises a :class:`RuleViolation`: how options are worked out, by
    trying each candidate command.

    The refusal's traceback is dropped. A rule often holds its refusal in a local before raising it
    (``problem = payment_problem(...)``, then ``raise problem``), a reference cycle through the traceback
    that would keep every frame up the stack, and all they hold, alive until the garbage collector
    runs: thousands of objects a game, and a tenth of the collector's work in a batch of games."""
    try:
        return decide(*args)
    except RuleViolation as refusal:
        refusal.__traceback__ = None
        return None


def N_(text: str) -> str:  # noqa: N802 (gettext's name for it, which pybabel extracts)
    """``text`` unchanged, marked for extraction into the gettext domain ``refusals`` (gettext's
    ``gettext_noop``): a message written apart from its ``refuse`` call, or a fragment passed as a
    param (``where=N_("a room")``). Translated where the refusal is shown, never here."""
    return text


class Because(str):
    """A refusal given as the param of another (``"{cost} (a trap whose cost cannot be paid cannot be
    chosen)"``): the English message as text, the refusal itself in ``refusal`` so that it is translated
    with the one that quotes it."""

    refusal: RuleViolation

    def __new__(cls, refusal: RuleViolation) -> Because:
        text = super().__new__(cls, refusal.message)
        text.refusal = refusal
        return text


class Phrase(str):
    """A fragment with its own placeholders, passed as a param of a refusal (``what=Phrase("{action}
    space {space}", action=..., space=2)``): the English text as text, its template (a msgid, extracted
    with ``-k Phrase``) and params kept so that it is translated with the refusal that quotes it."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Phrase:
        text = super().__new__(cls, template.format(**params) if params else template)  # (a prompt: often none)
        text.template, text.params = template, params
        return text

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (a process pool, Ray) as it was made
        return _phrase, (self.template, self.params)


def _phrase(template: str, params: dict[str, Any]) -> Phrase:
    return Phrase(template, **params)


class Listed(str):
    """Components named in a message (``what can: Troll, Ghost``): the English text (each component's name
    as shown, joined by ``joiner``) and each ``(component id, name)`` kept, so that a reader of another
    language reads the names in theirs (``cli/refusal_i18n.py``). ``joiner`` is a msgid (``", "``,
    ``" or "``); ``ranked``: the order is meaningful (a did-you-mean, best first), else it is sorted by name."""

    items: tuple[tuple[str, str], ...]
    joiner: str
    ranked: bool

    def __new__(cls, items: Any, /, joiner: str = ", ", ranked: bool = False) -> Listed:
        pairs = tuple(items)
        text = super().__new__(cls, joiner.join(name for _, name in pairs))
        text.items, text.joiner, text.ranked = pairs, joiner, ranked
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return Listed, (self.items, self.joiner, self.ranked)


class Verbatim(str):
    """A param shown as it is in every language (what a person typed): never looked up as a fragment or a
    component id when the message is translated."""
