"""The provisional rules of Monster Inn as named, switchable options, recorded in ``GameStarted.rules``.

Each option is a rule the rulebook leaves open (spec section 9); the first value is the default.
``new --rule exchange=to_player`` picks another reading; a game keeps the choice it started with.
"""

from __future__ import annotations

#: option -> (allowed values, default first; what it decides)
RULE_OPTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "exchange": (
        ("to_supply", "to_player"),
        "M-04 Treasure Exchange: the Pool's pieces go back to the general supply (expensive), or to the "
        "exchanging player (the alternative reading)",
    ),
    "support": (
        ("once", "stack"),
        "A-03: one Support per monster, or more than one on the same monster",
    ),
    "positive_difference": (
        ("zero", "count"),
        "A-05/M-08: a monster over a surviving humanoid with fewer skulls scores 0 (rulebook: '0 or even "
        "minus Fame'), or the positive difference",
    ),
}

DEFAULT_RULES: dict[str, str] = {name: values[0] for name, (values, _) in RULE_OPTIONS.items()}


def rules_problem(rules: dict[str, str]) -> str | None:
    """Why ``rules`` (option -> value) is not a valid choice, or None."""
    for name, value in rules.items():
        if name not in RULE_OPTIONS:
            return f"no rule option {name!r} (options: {', '.join(RULE_OPTIONS)})"
        if value not in RULE_OPTIONS[name][0]:
            return f"rule option {name} takes {' or '.join(RULE_OPTIONS[name][0])}, not {value!r}"
    return None
