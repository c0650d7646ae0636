"""The one error a rule can raise: :class:`RuleViolation` (code, message, rule).

Codes are stable strings grouped by prefix; clients match on ``code``, people read
``message`` and ``rule`` (the citation from :mod:`domain.rules_index`).
"""

from __future__ import annotations

from .rules_index import cite


class RuleViolation(Exception):
    """Raised when a command is refused. Nothing is appended when it is raised.

    Attributes:
        code: stable machine code, e.g. ``"DIG_WOULD_FILL_2X2"``.
        message: plain-language reason with the numbers involved.
        rule_id: key into :data:`domain.rules_index.RULES`.
        rule: the citation (rulebook section or engine choice).
    """

    def __init__(self, code: str, message: str, rule_id: str):
        super().__init__(f"{code}: {message} [{cite(rule_id)}]")
        self.code = code
        self.message = message
        self.rule_id = rule_id
        self.rule = cite(rule_id)

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "rule": self.rule}


def refuse(code: str, message: str, rule_id: str) -> RuleViolation:
    """Build a RuleViolation (``raise refuse(...)`` reads naturally at call sites)."""
    return RuleViolation(code, message, rule_id)
