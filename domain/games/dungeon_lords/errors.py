"""Refusals of Dungeon Lords rules: :func:`refuse` cites the base rulebook through :data:`.rules_index.INDEX`.

:class:`RuleViolation` is the kernel's (code, message, rule); see :mod:`domain.kernel.errors`.
"""

from __future__ import annotations

from domain.kernel.errors import RuleViolation

from .rules_index import INDEX


def refuse(code: str, message: str, rule_id: str) -> RuleViolation:
    """A RuleViolation citing ``rule_id`` from the Dungeon Lords rule index (``raise refuse(...)``)."""
    return INDEX.refuse(code, message, rule_id)


__all__ = ["RuleViolation", "refuse"]
