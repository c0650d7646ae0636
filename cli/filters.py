"""The common filters of `stats`, `report` and `export-data` (analytics.SCOPE), as typer options, and
turning them into the questions' parameters (each a one-line error when malformed)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

import typer

from .errors import UserError

#: the origins a game's first event may name (domain.games.dungeon_lords.events.ORIGINS; a test keeps them equal)
ORIGINS = ("simulated", "recorded", "imported", "forked", "scenario", "training")

#: the registered games (domain.games.GAMES; a test keeps them equal)
GAMES = ("dungeon_lords", "monster_inn")


def registry_name(game: str) -> str:
    """``--game`` (``dungeon-lords``, ``monster_inn``...) as the read models name it, or a one-line error."""
    name = game.strip().lower().replace("-", "_")
    if name not in GAMES:
        raise UserError(f"no game {game!r}; the games are {', '.join(g.replace('_', '-') for g in GAMES)}")
    return name


GameFilter = Annotated[
    str, typer.Option(help="The game whose results a common question reads: dungeon-lords or monster-inn.")
]
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
    typer.Option("--pooled", help="Pool every ruleset and player count into one row per strategy (said in a warning)."),
]


def _list(text: str | None) -> list[str] | None:
    if text is None:
        return None
    items = [t.strip() for t in text.split(",") if t.strip()]
    return items or None


def _when(option: str, text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise UserError(f"{option} takes a date or time such as 2026-11-25 or 2026-11-25T18:00, not {text!r}") from None
    return when.astimezone(UTC).replace(tzinfo=None) if when.tzinfo else when  # started_at is UTC


def rulesets(con, given: list[str] | None) -> list[str] | None:
    """``--ruleset`` values as games.ruleset holds them: a value the read models hold is kept; a ruleset name
    (``festival``) becomes its modules joined with '+'; anything else is a one-line error."""
    if given is None:
        return None
    held = {r[0] for r in con.execute("SELECT DISTINCT ruleset FROM games").fetchall()}
    if set(given) <= held:
        return given
    from domain.games.dungeon_lords.ruleset import MODULES, RULESETS

    known = {"base": "base", **{n: "+".join(m) or "base" for n, m in RULESETS.items()}, **{m: m for m in MODULES}}
    unknown = [g for g in given if g not in held and g not in known]
    if unknown:
        raise UserError(
            f"--ruleset {', '.join(unknown)}: no such ruleset; rulesets are {', '.join(sorted(known))} "
            f"(held now: {', '.join(sorted(held)) or 'none'})"
        )
    return [g if g in held else known[g] for g in given]


def scope(
    con,
    game: str | None,
    ruleset: str | None,
    variant: str | None,
    players: int | None,
    origin: str | None,
    since: str | None,
    until: str | None,
    strategy: str | None,
    derived: bool = False,
    pooled: bool = False,
) -> dict[str, Any]:
    """The questions' parameters for these options (``game`` already a registry name, or None)."""
    origins = _list(origin)
    if origins and set(origins) - set(ORIGINS):
        raise UserError(f"--origin takes {', '.join(ORIGINS)}")
    start, end = _when("--since", since), _when("--until", until)
    if start and end and start >= end:
        raise UserError("--since must come before --until")
    return {
        "game": game,
        "rulesets": rulesets(con, _list(ruleset)),
        "variants": _list(variant),
        "players": players,
        "origins": origins,
        "since": start,
        "until": end,
        "strategies": _list(strategy),
        "derived": derived or None,
        "pooled": pooled or None,
    }
