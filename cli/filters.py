"""The common filters of `stats`, `report` and `export-data` (analytics.SCOPE): turning the options into the
questions' parameters (each a one-line error when malformed). Imports no typer, so that `stats` on caught-up
read models answers before typer is loaded (cli/fast.py); the options themselves, as typer declares them, are
in cli/filter_options.py (also reachable here by name, for the commands that import them from here)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

#: the origins a game's first event may name (the games' ORIGINS; a test keeps them equal)
ORIGINS = ("simulated", "recorded", "imported", "forked", "scenario", "training")

#: the typer options of the filters (cli/filter_options.py), imported on first use
OPTIONS: tuple[str, ...] = ("GameFilter", "RulesetFilter", "VariantFilter", "PlayersFilter", "OriginFilter")
OPTIONS += ("SinceFilter", "UntilFilter", "StrategyFilter", "DerivedOpt", "PooledOpt")


def __getattr__(name: str) -> Any:
    if name in ("rulesets", "ruleset_label"):
        from . import analytics_games

        return getattr(analytics_games, name)
    if name in OPTIONS:
        from . import filter_options

        return getattr(filter_options, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _error(message: str) -> Exception:
    from .errors import UserError  # (typer comes with it: only when there is something to say)

    return UserError(message)


def registry_name(game: str) -> str:
    """``--game`` (a registered game's name, ``-`` or ``_``) as the read models name it, or a one-line error
    naming the registered games (a game with questions of its own is known without loading the registry)."""
    from analytics import QUESTIONS

    name = game.strip().lower().replace("-", "_")
    if name in {q.game for q in QUESTIONS.values()} - {"common"}:
        return name
    from .analytics_games import registered

    if name not in (games := registered()):
        raise _error(f"no game {game!r}; the games are {', '.join(g.replace('_', '-') for g in games)}")
    return name


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
        raise _error(f"{option} takes a date or time such as 2026-11-25 or 2026-11-25T18:00, not {text!r}") from None
    return when.astimezone(UTC).replace(tzinfo=None) if when.tzinfo else when  # started_at is UTC


#: the games a question counts (finished, not archived), of ``$game`` when it is not NULL
COUNTED = "FROM games AS g WHERE g.finished AND g.archived IS NOT TRUE AND ($game IS NULL OR g.game = $game)"


def _held(con, column: str, game: str | None) -> list[Any]:
    """The values of games.``column`` among the counted games of ``game`` (None: of every game), sorted."""
    return [r[0] for r in con.execute(f"SELECT DISTINCT g.{column} {COUNTED} ORDER BY 1", {"game": game}).fetchall()]


def scope(
    con,
    game: str | None,
    ruleset: str | None = None,
    variant: str | None = None,
    players: int | None = None,
    origin: str | None = None,
    since: str | None = None,
    until: str | None = None,
    strategy: str | None = None,
    derived: bool = False,
    pooled: bool = False,
) -> dict[str, Any]:
    """The questions' parameters for these options (``game`` already a registry name, or None: every game),
    ``--ruleset`` and ``--origin`` checked against the counted games of that game (:func:`rulesets`).

    Raises:
        UserError (exit 2): a malformed value, or a ruleset or origin no counted game of ``game`` has here
            (the message names the ones they have).
    """
    origins = _list(origin)
    if origins and set(origins) - set(ORIGINS):
        raise _error(f"--origin takes {', '.join(ORIGINS)}")
    if origins and (bad := [o for o in origins if o not in (held := _held(con, "origin", game))]):
        have = ", ".join(held) or "none (no finished game yet)"
        raise _error(f"--origin {', '.join(bad)}: no finished {_title(game)} game has it here; they have {have}")
    from .analytics_games import rulesets

    start, end = _when("--since", since), _when("--until", until)
    if start and end and start >= end:
        raise _error("--since must come before --until")
    return {
        "game": game,
        "rulesets": rulesets(con, _list(ruleset), game, _held, _error),
        "variants": _list(variant),
        "players": players,
        "origins": origins,
        "since": start,
        "until": end,
        "strategies": _list(strategy),
        "derived": derived or None,
        "pooled": pooled or None,
    }


def question_params(
    con, name: str, game: str | None = None, pooled: bool = False, default: str | None = None, **filters: Any
) -> dict[str, Any]:
    """The parameters of question ``name`` for the options of `stats` (``filters``: those of :func:`scope`
    but ``game`` and ``pooled``), checked against the read models (:func:`check_values`).

    ``game``: ``--game`` as given (None: not given). A common question reads the ``default`` game's results
    unless told otherwise (None: the registry's default game); a game's own question reads its own games, and
    refuses another ``--game``.

    Raises:
        UserError (exit 2): a malformed filter, ``--game`` naming another game than a game's own question's, a
            game without read models (:func:`no_read_models`), or a value no counted game of that game holds.
    """
    from analytics import QUESTIONS

    q = QUESTIONS[name]
    wanted = registry_name(game) if game is not None else None
    if q.game != "common" and wanted not in (None, q.game):
        raise _error(
            f"{name} is a {q.game.replace('_', ' ').title()} question: --game {game} does not apply "
            f"(leave it out, or give --game {q.game.replace('_', '-')})"
        )
    if q.game == "common" and wanted is None:
        from .analytics_games import default_game

        wanted = default or default_game()
    from .analytics_games import no_read_models

    no_read_models(con, q.game if q.game != "common" else wanted, _error)
    params = scope(con, q.game if q.game != "common" else wanted, pooled=pooled, **filters)
    check_values(con, params)
    return {k: v for k, v in params.items() if k in q.parameter_names}


def _title(game: str | None) -> str:
    from .analytics_games import title

    return title(game)


def _strategies(con, game: str, derived: bool) -> list[str]:
    """The strategies the seats of the counted games of ``game`` were played with (as the questions count them)."""
    column = "coalesce(CASE WHEN $derived AND pr.bot IS NULL THEN pr.derived_strategy ELSE pr.strategy END, '(none)')"
    sql = f"SELECT DISTINCT {column} FROM player_results AS pr WHERE pr.game_id IN (SELECT g.game_id {COUNTED})"
    return [r[0] for r in con.execute(sql + " ORDER BY 1", {"game": game, "derived": derived}).fetchall()]


def check_values(con, params: dict[str, Any]) -> None:
    """Each ``--variant``, ``--players`` and ``--strategy`` value must be held by a counted game (finished,
    not archived) of ``params["game"]`` in the read models: an answer is then never empty because of a typo
    (``--strategy evl``) or a value of another game (``--players 5`` on Dungeon Lords).

    Raises:
        UserError (exit 2): naming the value and the ones the read models hold for that game.
    """
    game = params["game"]
    for option, key, values in (
        ("--variant", "variants", lambda: _held(con, "variant", game)),
        ("--players", "players", lambda: _held(con, "players", game)),
        ("--strategy", "strategies", lambda: _strategies(con, game, bool(params.get("derived")))),
    ):
        given = params.get(key)
        wanted = [given] if isinstance(given, int) else given or []
        if wanted and (bad := [v for v in wanted if v not in (have := values())]):
            listed = ", ".join(map(str, have)) or "none (no finished game yet)"
            raise _error(
                f"{option} {', '.join(map(str, bad))}: no finished {_title(game)} game has it here; they have {listed}"
            )
