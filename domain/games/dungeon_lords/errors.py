"""Refusals of Dungeon Lords rules: :func:`refuse` cites the base rulebook through :data:`.rules_index.INDEX`.

:class:`RuleViolation` is the kernel's (code, message, rule); see :mod:`domain.kernel.errors`.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.errors import RuleViolation

from .refusals import Refusal
from .rules_index import INDEX


def refuse(code: Refusal | str, message: str, rule_id: str | None = None, /, **params: Any) -> RuleViolation:
    """A RuleViolation citing ``rule_id`` (default: the code's usual rule) from the Dungeon Lords rule
    index (``raise refuse(...)``). ``message`` is a template whose ``{placeholders}`` are filled from
    ``params`` (the msgid of the gettext domain ``refusals``). ``code`` must be listed in
    :class:`.refusals.Refusal` or the kernel's enum (a KeyError otherwise: an engine bug)."""
    return INDEX.refuse(code, message, rule_id, **params)


def refuse_n(
    code: Refusal | str, singular: str, plural: str, n: int, rule_id: str | None = None, /, **params: Any
) -> RuleViolation:
    """:func:`refuse` for a message that depends on the count ``n`` (``{n}``; ngettext's forms)."""
    return INDEX.refuse_n(code, singular, plural, n, rule_id, **params)


__all__ = ["Refusal", "RuleViolation", "refuse", "refuse_n"]
