"""Aggregates kept by the projection, so that every question answers in milliseconds over 100,000 games
(architecture §5). Each is a small table (schema in :mod:`projections.schema`) of cells: one row per
combination of the filters it can answer (game, ruleset, variant, player count, origin, day) and of the
question's own keys (strategy, season and card, damage source ...), holding sums only: counts of seats,
games, meetings, plays, and histograms where a question wants a minimum or a maximum. A sum can be taken
back, so the aggregates follow the read models exactly:

* **in the projection's transaction** (:func:`leave` and :func:`enter`, from
  :func:`projections.derive.apply_batch`): before a batch's rows are derived, the games it touches that
  counted until now (finished, not archived) are subtracted, as their rows stand; after, the games it
  touches that count now are added. A game finished, archived, undone or corrected is thereby right at
  every commit, with the rows and the position; ``rollup_state`` moves with the position (:func:`mark`).
  Adding appends the new games' cells (a cell may then stand in several rows: every question sums them,
  so the answers are right at once); taking back sums each table again with the negative part, and
  :func:`compact` does the same at the end of a projection run, so a table holds one row per cell;
* :func:`forget_games` subtracts a deleted game before its rows go (``games delete``: no event);
* :func:`refresh` rebuilds every aggregate from the read models (a file of another shape, one whose
  aggregates are stale, the benchmark's copied rows).

A reader uses an aggregate only when ``rollup_state`` equals the projection's position and the filters
allow (``analytics.prepare``); otherwise the question's own SQL over the read models answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType

STATE = "CREATE TABLE IF NOT EXISTS rollup_state (position BIGINT)"

#: the games the aggregates count, with the dimensions every aggregate keeps (``{only}``: of these games)
COUNTED = """
CREATE OR REPLACE TEMP TABLE rollup_counted AS
SELECT g.game_id, g.game, g.ruleset, g.variant, g.players, g.origin, g.started_at::DATE AS day, g.first_year
FROM games AS g
WHERE g.finished AND g.archived IS NOT TRUE {only}
"""
TOUCHED = "AND g.game_id IN (SELECT game_id FROM rollup_games)"  # the games a batch touches (:func:`touched`)
CELL = "g.game, g.ruleset, g.variant, g.players, g.origin, g.day"  # the filter dimensions, in table order


@dataclass(frozen=True)
class Rollup:
    """An aggregate: its table (columns in :data:`projections.schema.SPEC`, the first ``keys`` of them the
    cell, the others sums) and the query giving the counted games' part of it (``rollup_counted`` as ``g``)."""

    table: str
    keys: int
    part: str


#: the aggregates of every game's results (``player_results``); each game's own are its projection module's
#: ``ROLLUPS`` (:func:`all_rollups`)
COMMON: tuple[Rollup, ...] = (
    Rollup(
        "seat_cells",  # win_rate_by_strategy, seat_advantage, score_breakdown
        11,
        f"""
WITH sharing AS (  -- a won seat's victory is shared by every winner of its game (1/k each: a k-way tie)
    SELECT pr.*, CASE WHEN pr.won THEN count(*) FILTER (WHERE pr.won) OVER (PARTITION BY pr.game_id) ELSE 0 END
               AS sharers
    FROM player_results AS pr WHERE pr.game_id IN (SELECT game_id FROM rollup_counted)
)
SELECT {CELL}, coalesce(pr.strategy, '(none)'),
       coalesce(CASE WHEN pr.bot IS NULL THEN pr.derived_strategy ELSE pr.strategy END, '(none)'),
       pr.play_position, coalesce(pr.won, false), pr.sharers, count(*), count(*) FILTER (WHERE pr.won),
       sum(pr.rooms), sum(pr.monsters), sum(pr.prisoners), sum(pr.conquered), sum(pr.red_marks),
       sum(pr.room_bonus), sum(pr.titles), sum(pr.hall_of_fame), sum(pr.total), sum(pr.total * pr.total)
FROM sharing AS pr JOIN rollup_counted AS g USING (game_id)
GROUP BY ALL
""",
    ),
    Rollup(
        "pair_cells",  # head_to_head: each ordered pair of seats of different strategies in a game
        9,
        f"""
WITH seats AS (
    SELECT pr.game_id, pr.color, pr.rank, {CELL}, d.derived,
           coalesce(CASE WHEN d.derived AND pr.bot IS NULL THEN pr.derived_strategy ELSE pr.strategy END,
                    '(none)') AS strategy
    FROM player_results AS pr JOIN rollup_counted AS g USING (game_id) CROSS JOIN (VALUES (false), (true)) AS d(derived)
)
SELECT a.game, a.ruleset, a.variant, a.players, a.origin, a.day, a.derived, a.strategy, b.strategy,
       count(DISTINCT a.game_id), count(*), count(*) FILTER (WHERE a.rank < b.rank),
       count(*) FILTER (WHERE a.rank > b.rank), count(*) FILTER (WHERE a.rank = b.rank)
FROM seats AS a
JOIN seats AS b ON b.game_id = a.game_id AND b.derived = a.derived AND b.color <> a.color AND b.strategy <> a.strategy
GROUP BY ALL
""",
    ),
)


def only(module: str) -> str:
    """The filter of a game's own aggregates: the counted games of the game whose projection module is ``module``
    (its ``__name__``, ``projections.games.<game>``: the game's registry name is the module's)."""
    return f"g.game = '{module.rsplit('.', 1)[-1]}'"


def all_rollups() -> tuple[Rollup, ...]:
    """Every aggregate: :data:`COMMON`, then each registered game's own (its projection module's ``ROLLUPS``),
    in registration order (:func:`projections.games.registered`)."""
    from .games import registered

    return COMMON + tuple(r for module in registered() for r in getattr(module, "ROLLUPS", ()))


def __getattr__(name: str):
    """``ROLLUPS``: :func:`all_rollups`; ``TABLES``: the aggregates' tables (looked up once the games are loaded)."""
    if name == "ROLLUPS":
        return all_rollups()
    if name == "TABLES":
        return tuple(r.table for r in all_rollups())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _columns(rollup: Rollup) -> tuple[list[str], list[str]]:
    from .schema import SPEC

    names = [c[0] for c in SPEC[rollup.table].columns]
    return names[: rollup.keys], names[rollup.keys :]


def _sum(rollup: Rollup, part: str = "") -> list[str]:
    """Statements summing ``rollup``'s table cell by cell, with ``part`` (a query of its columns) if given:
    one row per cell, and a cell whose every sum comes to 0 gone (the table is small)."""
    keys, sums = _columns(rollup)
    t = rollup.table
    more = f" UNION ALL {part}" if part else ""
    return [
        f"""CREATE OR REPLACE TEMP TABLE rollup_sum AS
SELECT {", ".join(keys)}, {", ".join(f"sum({s}) AS {s}" for s in sums)}
FROM (SELECT * FROM {t}{more})
GROUP BY ALL
HAVING {" OR ".join(f"sum({s}) <> 0" for s in sums)}""",
        f"DELETE FROM {t}",
        f"INSERT INTO {t} SELECT * FROM rollup_sum",
    ]


def _apply(con, sign: int, only: str, values: dict | None = None) -> None:
    """Add (``sign`` 1: appended) or take back (-1: summed in) the part of the counted games ``only`` names."""
    if not con.execute(COUNTED.format(only=only), values).fetchall()[0][0]:  # (the rows it made)
        return
    for rollup in all_rollups():
        keys, sums = _columns(rollup)
        if sign > 0:
            con.execute(f"INSERT INTO {rollup.table} {rollup.part}")
            continue
        negative = ", ".join(f"-{s}" for s in sums)
        part = f"SELECT {', '.join(keys)}, {negative} FROM ({rollup.part}) AS p({', '.join(keys + sums)})"
        for sql in _sum(rollup, part):
            con.execute(sql)


def touched(con, first: int, games: Sequence[ModuleType] = ()) -> None:
    """``rollup_games``: the games with events from notification ``first`` on (a batch's), in the staged events of
    each of ``games`` (projection modules: their ``GAMES_TOUCHED`` query)."""
    sql = " UNION ".join(module.GAMES_TOUCHED for module in games) or "SELECT NULL::VARCHAR AS game_id WHERE false"
    con.execute(f"CREATE OR REPLACE TEMP TABLE rollup_games AS {sql}", {"first": first})


def leave(con) -> None:
    """Take back the part of the games of ``rollup_games`` that counted until now (before the batch's rows
    are derived)."""
    _apply(con, -1, TOUCHED)


def enter(con) -> None:
    """Add the part of the games of ``rollup_games`` that count now (after the batch's rows are derived)."""
    _apply(con, 1, TOUCHED)


def compact(con) -> None:
    """One row per cell again in every aggregate (the same sums), in one transaction."""

    def work() -> None:
        for rollup in all_rollups():
            for sql in _sum(rollup):
                con.execute(sql)

    _transaction(con, work)


def mark(con, position: int) -> None:
    """The aggregates agree with the read models at ``position`` (in the caller's transaction)."""
    con.execute(STATE)
    con.execute("DELETE FROM rollup_state")
    con.execute("INSERT INTO rollup_state VALUES (?)", [position])


def head(con) -> int:
    return con.execute("SELECT coalesce(max(position), 0) FROM projection_tracking").fetchall()[0][0]


def position(con) -> int | None:
    """The projection position the aggregates agree with (None: never, or made stale)."""
    con.execute(STATE)
    rows = con.execute("SELECT position FROM rollup_state").fetchall()
    return rows[0][0] if rows else None


def stale(con) -> bool:
    return position(con) != head(con)


def _transaction(con, work) -> None:
    con.execute("BEGIN TRANSACTION")
    try:
        work()
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def refresh(con) -> None:
    """Rebuild every aggregate from the read models, in one transaction."""

    def work() -> None:
        for t in (r.table for r in all_rollups()):
            con.execute(f"DELETE FROM {t}")
        _apply(con, 1, "")  # every counted game: one row per cell already
        mark(con, head(con))

    con.execute(STATE)
    _transaction(con, work)


def forget_games(con, game_ids: list[str], delete) -> None:
    """Take the games out of the aggregates, then ``delete()`` their rows, in one transaction."""

    def work() -> None:
        _apply(con, -1, "AND g.game_id IN (SELECT unnest($ids::VARCHAR[]))", {"ids": game_ids})
        delete()

    con.execute(STATE)
    _transaction(con, work)


def forget(con) -> None:
    """Mark the aggregates stale (rebuilt at the next projection run)."""
    con.execute(STATE)
    con.execute("DELETE FROM rollup_state")


__all__ = [
    "CELL",
    "COMMON",
    "Rollup",
    "all_rollups",
    "compact",
    "enter",
    "forget",
    "forget_games",
    "leave",
    "mark",
    "only",
    "position",
    "refresh",
    "stale",
    "touched",
]
