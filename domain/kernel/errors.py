"""The one error a rule can raise: :class:`RuleViolation` (code, message, rule).

Codes are stable strings (each game lists its own in an enum beside the kernel's, see
:mod:`domain.kernel.codes`); clients match on ``code``, people read ``message`` and ``rule`` (the
citation a game's :class:`~domain.kernel.rules_index.RuleIndex` gives for ``rule_id``).
"""

from __future__ import annotations


class RuleViolation(Exception):
    """Raised when a command is refused. Nothing is appended when it is raised.

    Attributes:
        code: stable machine code, e.g. ``"DIG_WOULD_FILL_2X2"``.
        message: plain-language reason with the numbers involved.
        rule_id: key into the game's rule index (e.g. ``"dig.no_2x2"``).
        rule: the citation (rulebook section or engine choice); ``rule_id`` when none is known.
    """

    def __init__(self, code: str, message: str, rule_id: str, rule: str | None = None) -> None:
        self.code = code
        self.message = message
        self.rule_id = rule_id
        self.rule = rule if rule is not None else rule_id
        super().__init__(f"{code}: {message} [{self.rule}]")

    def as_dict(self) -> dict[str, str]:
        """``{"code", "message", "rule"}``: the shape the CLI and the HTTP service print."""
        return {"code": self.code, "message": self.message, "rule": self.rule}
