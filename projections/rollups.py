"""Aggregates kept by the projection, so the fair-comparison questions answer in milliseconds over
100,000 games: ``seat_cells`` (schema in :mod:`projections.schema`), refreshed from ``player_results`` and
``games`` after every projection run that applied events, and whenever it is stale. ``rollup_state`` holds
the notification position it was refreshed at: a reader uses the aggregate only when that equals the
projection's position (analytics.run_question falls back on the read models themselves otherwise)."""

from __future__ import annotations

STATE = "CREATE TABLE IF NOT EXISTS rollup_state (position BIGINT)"

REFRESH = [
    "DELETE FROM seat_cells",
    """
INSERT INTO seat_cells
SELECT g.game, g.ruleset, g.variant, g.players, g.origin, g.started_at::DATE,
       coalesce(pr.strategy, '(none)'),
       coalesce(CASE WHEN pr.bot IS NULL THEN pr.derived_strategy ELSE pr.strategy END, '(none)'),
       pr.play_position, coalesce(pr.won, false), count(*), count(*) FILTER (WHERE pr.won), sum(1.0 / g.players),
       sum(pr.rooms), sum(pr.monsters), sum(pr.prisoners), sum(pr.conquered), sum(pr.red_marks),
       sum(pr.room_bonus), sum(pr.titles), sum(pr.hall_of_fame), sum(pr.total)
FROM player_results AS pr JOIN games AS g USING (game_id)
WHERE g.finished AND g.archived IS NOT TRUE
GROUP BY ALL
""",
    "DELETE FROM rollup_state",
    "INSERT INTO rollup_state SELECT coalesce(max(position), 0) FROM projection_tracking",
]


def position(con) -> int | None:
    """The projection position the aggregates were refreshed at (None: never, or made stale)."""
    con.execute(STATE)
    rows = con.execute("SELECT position FROM rollup_state").fetchall()
    return rows[0][0] if rows else None


def stale(con) -> bool:
    head = con.execute("SELECT coalesce(max(position), 0) FROM projection_tracking").fetchall()[0][0]
    return position(con) != head


def refresh(con) -> None:
    """Rebuild the aggregates from the read models, in one transaction."""
    con.execute(STATE)
    con.execute("BEGIN TRANSACTION")
    try:
        for sql in REFRESH:
            con.execute(sql)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def forget(con) -> None:
    """Mark the aggregates stale (a game's rows were removed without a new event)."""
    con.execute(STATE)
    con.execute("DELETE FROM rollup_state")


__all__ = ["forget", "position", "refresh", "stale"]
