"""What Monster Inn brings to the programs above the service (:class:`~domain.kernel.ui.GameUI`): events in
words, its set-up options (the provisional rules), the card list check and the bench's runs. Data and pure
functions only; the terminal's pictures are ``cli/games/monster_inn.py``."""

from __future__ import annotations

from typing import Any

from domain.kernel.ui import GameUI

from .describe import describe
from .refusals import INDEX


def catalog_problem(overrides: dict[str, Any]) -> str:
    """What is wrong with a card list file's content, in one line ("" when it fits the schema)."""
    from .catalog import catalog_with, override_problem
    from .names import names_problem

    try:
        cat = catalog_with(overrides)
    except ValueError as exc:
        return override_problem(exc)
    return names_problem(overrides, cat)


def _named(state: Any, component: str, language: str) -> str:
    from .names import name_in_language

    return name_in_language(state, component, language)


UI = GameUI(
    describe_event=describe,
    cite=INDEX.cite,
    options={"rules": "the provisional rules' choices, NAME=VALUE (`--rule exchange=to_player`; docs/monster-inn.md)"},
    catalog_check=catalog_problem,
    extras={
        # a card's name in a reader's language: the table's own (names.py), else as printed
        "name_in_language": lambda state, component, language: _named(state, component, language),
        # `bench --suite`'s runs: (figure, games factor, players, bots, new_game options, every row)
        "bench": (
            ("random_4p", 4, 4, ("random",) * 4, {}, True),
            ("budgeted_4p", 2, 4, ("budgeted",) * 4, {}, False),
        ),
    },
)
