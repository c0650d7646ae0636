"""Refusals of Dungeon Lords rules: :func:`refuse` cites the base rulebook through :data:`.rules_index.INDEX`.

:class:`RuleViolation` is the kernel's (code, message, rule); see :mod:`domain.kernel.errors`.
"""

from __future__ import annotations

from domain.kernel.errors import RuleViolation

from .refusals import Refusal
from .rules_index import INDEX


def refuse(code: Refusal | str, message: str, rule_id: str | None = None) -> RuleViolation:
    """A RuleViolation citing ``rule_id`` (default: the code's usual rule) from the Dungeon Lords rule
    index (``raise refuse(...)``). ``code`` must be listed in :class:`.refusals.Refusal` or the kernel's
    enum (a KeyError otherwise: an engine bug)."""
    return INDEX.refuse(code, message, rule_id)


__all__ = ["Refusal", "RuleViolation", "refuse"]
