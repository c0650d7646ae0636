"""What Dungeon Lords brings to the programs above the service (:class:`~domain.kernel.ui.GameUI`): events in
words, its rulesets and set-up options, the catalog file check, the page's board data and the bench's runs.
Data and pure functions only; the terminal's pictures are ``cli/games/dungeon_lords.py``."""

from __future__ import annotations

from typing import Any

from domain.kernel.ui import GameUI

from .describe import describe_event
from .rules_index import INDEX
from .ruleset import RULESETS
from .views import public_orders
from .year import plan_for


def catalog_problem(overrides: dict[str, Any]) -> str:
    """What is wrong with a catalog override file's content, in one line ("" when it fits the schema)."""
    from .catalog import catalog_with, override_problem
    from .catalog.names import known_ids, names_problem

    try:
        cat = catalog_with(overrides)
    except ValueError as exc:
        return override_problem(exc)
    return names_problem(overrides, known_ids(cat))


def name_in_language(state: Any, component: str, language: str) -> str:
    """A component's name in ``language`` (``ru``: the Russian rulebook's, or the table's own from its
    catalog file), its printed English name when it has none there (docs/i18n.md, "Component names")."""
    from .catalog.names import localized
    from .phases.common import catalog, name_of

    shown = localized(catalog(state), component, language, state.catalog_overrides) if language != "en" else None
    return shown or name_of(state, component)


def seasons(view: dict[str, Any]) -> list[str]:
    """The seasons of a view's Year, in order (its rules modules' Year plan: Festival Season has five)."""
    return list(plan_for(tuple(view.get("modules", []))).seasons)


UI = GameUI(
    describe_event=describe_event,
    cite=INDEX.cite,
    options={"modules": "Festival Season's rules modules (`--ruleset festival`, `--module five_seasons`)"},
    rulesets=RULESETS,  # the dict itself: Festival Season registers its rulesets into it
    catalog_check=catalog_problem,
    extras={
        # the page (cli/http): the board's template globals, and the squares a decision's options name
        "page_globals": {
            "dl_season": lambda v: seasons(v)[v["season"]],
            "dl_seasons": seasons,
            "public_orders": public_orders,  # a view's face-up order cards
        },
        # a component's name in a reader's language: (state, component id, language) -> str (English fallback)
        "name_in_language": name_in_language,
        # `bench --suite`'s runs: (figure, games factor, players, bots, new_game options, every row)
        "bench": (
            ("random_4p", 1, 4, ("random",) * 4, {}, True),
            ("strategies_4p", 0.5, 4, ("tunneller", "monster_keeper", "evil", "room_builder"), {}, False),
            ("five_seasons_random_4p", 1, 4, ("random",) * 4, {"modules": ["five_seasons"]}, False),
        ),
    },
)
