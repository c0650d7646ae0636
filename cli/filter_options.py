"""The common filters (cli/filters.py) as typer options: `stats`, `report` and `export-data` declare them."""

from __future__ import annotations

from typing import Annotated

import typer

GameFilter = Annotated[str, typer.Option(help="The game whose results a common question reads (a registered game).")]
RulesetFilter = Annotated[
    str | None,
    typer.Option(
        help="Only games of these rulesets, comma-separated: 'base', a ruleset name ('festival') or the "
        "modules joined with '+' ('five_seasons'), as games.ruleset holds them."
    ),
]
VariantFilter = Annotated[
    str | None, typer.Option(help="Only games of these variants, comma-separated (first_game, full; standard...).")
]
PlayersFilter = Annotated[int | None, typer.Option(help="Only games with this many players.", min=2, max=5)]
OriginFilter = Annotated[
    str | None,
    typer.Option(
        help="Only games of these origins, comma-separated: simulated, recorded, imported, forked, scenario, "
        "training (default: all). Archived games are always left out."
    ),
]
SinceFilter = Annotated[
    str | None, typer.Option(help="Only games started at or after this date or time (ISO 8601, UTC).")
]
UntilFilter = Annotated[str | None, typer.Option(help="Only games started before this date or time (ISO 8601, UTC).")]
StrategyFilter = Annotated[
    str | None,
    typer.Option(help="Only games in which a seat played one of these strategies, comma-separated."),
]
DerivedOpt = Annotated[
    bool,
    typer.Option(
        "--derived-strategy",
        help="Count people's seats under the strategy their play looks like (the bots' features; "
        "the output says how it classified), not as 'human'.",
    ),
]
PooledOpt = Annotated[
    bool,
    typer.Option(
        "--pooled",
        help="Pool the rulesets, variants and player counts in scope into one row per the question's own keys "
        "(strategy, position, Year ...), for every question; said in the output and the JSON scope. Two games "
        "are never pooled.",
    ),
]
