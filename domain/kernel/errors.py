"""The one error a rule can raise: :class:`RuleViolation` (code, message, rule).

Codes are stable strings (each game lists its own in an enum beside the kernel's, see
:mod:`domain.kernel.codes`); clients match on ``code``, people read ``message`` and ``rule`` (the
citation a game's :class:`~domain.kernel.rules_index.RuleIndex` gives for ``rule_id``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


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
