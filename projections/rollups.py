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

from dataclasses import dataclass

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
DL = "g.game = 'dungeon_lords'"  # the aggregates of Dungeon Lords' own questions hold its games only
MI = "g.game = 'monster_inn'"  # ... and Monster Inn's its own


@dataclass(frozen=True)
class Rollup:
    """An aggregate: its table (columns in :data:`projections.schema.SPEC`, the first ``keys`` of them the
    cell, the others sums) and the query giving the counted games' part of it (``rollup_counted`` as ``g``)."""

    table: str
    keys: int
    part: str


ROLLUPS: tuple[Rollup, ...] = (
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
    Rollup(
        "paladin_cells",  # paladin_frequency: the Years a game played (target_evil NULL), his targets' Evil
        8,
        f"""
WITH visits AS (
    SELECT game_id, year, bool_or(event = 'arrived') AS arrived, bool_or(event = 'imprisoned') AS captured
    FROM paladins WHERE game_id IN (SELECT game_id FROM rollup_counted)
    GROUP BY ALL
)
SELECT {CELL}, y.year, NULL::INTEGER, count(*), count(*) FILTER (WHERE v.arrived),
       count(*) FILTER (WHERE v.captured), 0
FROM rollup_counted AS g CROSS JOIN (VALUES (1), (2)) AS y(year)      -- the game's Years (game_info.YEARS)
LEFT JOIN visits AS v ON v.game_id = g.game_id AND v.year = y.year
WHERE {DL} AND y.year >= coalesce(g.first_year, 1)
GROUP BY ALL
UNION ALL
SELECT {CELL}, p.year, p.target_evil, 0, 0, 0, count(*)
FROM paladins AS p JOIN rollup_counted AS g USING (game_id)
WHERE {DL} AND p.event IN ('arrived', 'moved') AND p.target_evil IS NOT NULL
GROUP BY ALL
""",
    ),
    Rollup(
        "conquest_cells",  # conquered_tiles: how many games (dungeons) had so many tiles conquered
        8,
        f"""
WITH conquered AS (
    SELECT game_id, color, count(*) AS tiles FROM battles
    WHERE conquered AND game_id IN (SELECT game_id FROM rollup_counted)
    GROUP BY ALL
), per_player AS (
    SELECT pr.game_id, {CELL}, coalesce(c.tiles, 0) AS tiles
    FROM player_results AS pr JOIN rollup_counted AS g USING (game_id)
    LEFT JOIN conquered AS c ON c.game_id = pr.game_id AND c.color = pr.color
    WHERE {DL}
)
SELECT game, ruleset, variant, players, origin, day, 'player', tiles, count(*) FROM per_player GROUP BY ALL
UNION ALL
SELECT game, ruleset, variant, players, origin, day, 'game', tiles, count(*)
FROM (SELECT game_id, game, ruleset, variant, players, origin, day, sum(tiles) AS tiles FROM per_player GROUP BY ALL)
GROUP BY ALL
""",
    ),
    Rollup(
        "damage_cells",  # damage_by_source
        8,
        f"""
SELECT {CELL}, d.source_kind, d.source, count(DISTINCT (d.game_id, d.year, d.combat_round, d.color)), count(*),
       sum(d.amount), sum(d.prevented)
FROM damage AS d JOIN rollup_counted AS g USING (game_id)
WHERE {DL} AND d.source_kind IN ('trap', 'monster')
GROUP BY ALL
""",
    ),
    Rollup(
        "order_cells",  # orders_by_season
        8,
        f"""
SELECT {CELL}, o.season, o.card, count(*), count(*) FILTER (WHERE o.space = 'I'),
       count(*) FILTER (WHERE o.space = 'II'), count(*) FILTER (WHERE o.space = 'III'),
       count(*) FILTER (WHERE o.space IS NULL), sum(pr.total), count(*) FILTER (WHERE pr.won),
       sum(pr.total * pr.total)
FROM orders AS o JOIN rollup_counted AS g USING (game_id)
JOIN (SELECT game_id, color, total, won FROM player_results WHERE game_id IN (SELECT game_id FROM rollup_counted))
     AS pr ON pr.game_id = o.game_id AND pr.color = o.color
WHERE {DL}
GROUP BY ALL
""",
    ),
    Rollup(
        "prize_cells",  # festival_prize_by_bid
        8,
        f"""
SELECT {CELL}, fb.imps,
       CASE fb.outcome WHEN 'taken' THEN fb.prize WHEN 'declined' THEN '(declined)' ELSE '(no pick)' END,
       count(*), count(fb.place), coalesce(sum(fb.place), 0), count(*) FILTER (WHERE pr.won)
FROM festival_bids AS fb JOIN rollup_counted AS g USING (game_id)
JOIN player_results AS pr ON pr.game_id = fb.game_id AND pr.color = fb.color
WHERE {DL}
GROUP BY ALL
""",
    ),
    Rollup(
        "pet_cells",  # pets_by_winner: the seats of games with a Pet deck (pet NULL), the holders of each pet
        7,
        f"""
WITH seats AS (
    SELECT pr.game_id, pr.color, pr.won, {CELL}
    FROM player_results AS pr JOIN rollup_counted AS g USING (game_id)
    WHERE {DL} AND list_has_any(string_split(g.ruleset, '+'), ['pets', 'unique_opportunities'])
)
SELECT game, ruleset, variant, players, origin, day, NULL::VARCHAR, count(*), count(*) FILTER (WHERE won)
FROM seats GROUP BY ALL
UNION ALL
SELECT s.game, s.ruleset, s.variant, s.players, s.origin, s.day, p.pet, count(*), count(*) FILTER (WHERE s.won)
FROM pets_held AS p JOIN seats AS s ON s.game_id = p.game_id AND s.color = p.color
GROUP BY ALL
""",
    ),
    Rollup(
        "paladin_year_cells",  # paladins_per_year: the Years a game played (paladin NULL), each paladin's journey
        8,
        f"""
WITH journeys AS (
    SELECT game_id, paladin,
           min(year) FILTER (WHERE event IN ('arrived', 'sent_away')) AS year,
           arg_max(event, seq) FILTER (WHERE event IN ('imprisoned', 'released', 'left', 'sent_away')) AS fate
    FROM paladins WHERE game_id IN (SELECT game_id FROM rollup_counted)
    GROUP BY game_id, paladin
    HAVING bool_or(event IN ('arrived', 'sent_away'))
)
SELECT {CELL}, y.year, NULL::VARCHAR, count(*), 0, 0, 0, 0, 0
FROM rollup_counted AS g CROSS JOIN (VALUES (1), (2)) AS y(year)      -- the game's Years (game_info.YEARS)
WHERE {DL} AND y.year >= coalesce(g.first_year, 1)
GROUP BY ALL
UNION ALL
SELECT {CELL}, j.year, j.paladin, 0, count(*), count(*) FILTER (WHERE j.fate = 'imprisoned'),
       count(*) FILTER (WHERE j.fate = 'released'), count(*) FILTER (WHERE j.fate = 'left'),
       count(*) FILTER (WHERE j.fate = 'sent_away')
FROM journeys AS j JOIN rollup_counted AS g USING (game_id)
WHERE {DL} AND j.year >= coalesce(g.first_year, 1)
GROUP BY ALL
""",
    ),
    Rollup(
        "courage_cells",  # courage_prevented: games with bards
        7,
        f"""
WITH bardic AS (
    SELECT * FROM rollup_counted AS g WHERE {DL} AND list_contains(string_split(g.ruleset, '+'), 'bards')
), parts AS (
    SELECT {CELL}, b.year, count(*) AS battles, sum(b.courage_tokens) AS tokens, 0 AS used, 0 AS hits, 0 AS traps,
           0 AS monsters, 0 AS damage, 0 AS prevented
    FROM battles AS b JOIN bardic AS g USING (game_id)
    GROUP BY ALL
    UNION ALL
    SELECT {CELL}, d.year, 0, 0, sum(d.courage_used), count(*) FILTER (WHERE d.courage_used > 0),
           coalesce(sum(d.courage_used) FILTER (WHERE d.source_kind = 'trap'), 0),
           coalesce(sum(d.courage_used) FILTER (WHERE d.source_kind = 'monster'), 0), sum(d.amount), sum(d.prevented)
    FROM damage AS d JOIN bardic AS g USING (game_id)
    GROUP BY ALL
)
SELECT game, ruleset, variant, players, origin, day, year, sum(battles), sum(tokens), sum(used), sum(hits),
       sum(traps), sum(monsters), sum(damage), sum(prevented)
FROM parts
GROUP BY ALL
""",
    ),
    Rollup(
        "install_cells",  # installed_traps
        7,
        f"""
SELECT {CELL}, t.trap, count(*) FILTER (WHERE t.event = 'installed'), count(*) FILTER (WHERE t.event = 'sprung'),
       count(*) FILTER (WHERE t.event = 'discarded'), coalesce(sum(t.combat_round) FILTER (WHERE t.event = 'sprung'), 0)
FROM trap_installs AS t JOIN rollup_counted AS g USING (game_id)
WHERE {DL}
GROUP BY ALL
""",
    ),
    Rollup(
        "round_cells",  # conquests_by_round: the Years a game played (combat_round NULL), each round's battles
        8,
        f"""
SELECT {CELL}, y.year, NULL::INTEGER, count(*), 0, 0
FROM rollup_counted AS g CROSS JOIN (VALUES (1), (2)) AS y(year)      -- the game's Years (game_info.YEARS)
WHERE {DL} AND y.year >= coalesce(g.first_year, 1)
GROUP BY ALL
UNION ALL
SELECT {CELL}, b.year, b.combat_round, 0, count(*), count(*) FILTER (WHERE b.conquered)
FROM battles AS b JOIN rollup_counted AS g USING (game_id)
WHERE {DL} AND b.year >= coalesce(g.first_year, 1)
GROUP BY ALL
""",
    ),
    Rollup(
        "take_cells",  # who_leaves_first (Monster Inn)
        8,
        f"""
SELECT {CELL}, t.strategy, t.leave_order, count(*), count(*) FILTER (WHERE t.creature = 'monster'), sum(t.pool),
       sum(t.pool * t.pool)
FROM mi_takes AS t JOIN rollup_counted AS g USING (game_id)
WHERE {MI}
GROUP BY ALL
""",
    ),
    Rollup(
        "fame_cells",  # fame_by_treasure_kept (Monster Inn)
        7,
        f"""
SELECT {CELL}, r.treasure_kept, count(*), count(*) FILTER (WHERE r.won), sum(r.fame), sum(r.fame * r.fame),
       sum(r.monsters), sum(r.humanoids), sum(r.treasure_fame)
FROM mi_results AS r JOIN rollup_counted AS g USING (game_id)
WHERE {MI}
GROUP BY ALL
""",
    ),
)

#: the aggregates' tables
TABLES: tuple[str, ...] = tuple(r.table for r in ROLLUPS)


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
    for rollup in ROLLUPS:
        keys, sums = _columns(rollup)
        if sign > 0:
            con.execute(f"INSERT INTO {rollup.table} {rollup.part}")
            continue
        negative = ", ".join(f"-{s}" for s in sums)
        part = f"SELECT {', '.join(keys)}, {negative} FROM ({rollup.part}) AS p({', '.join(keys + sums)})"
        for sql in _sum(rollup, part):
            con.execute(sql)


def touched(con, first: int, others: bool = True) -> None:
    """``rollup_games``: the games with events from notification ``first`` on (a batch's; ``others``: Monster
    Inn's too)."""
    more = " UNION SELECT DISTINCT game_id FROM mi_events WHERE position >= $first" if others else ""
    games = f"SELECT DISTINCT game_id FROM events WHERE position >= $first{more}"
    con.execute(f"CREATE OR REPLACE TEMP TABLE rollup_games AS {games}", {"first": first})


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
        for rollup in ROLLUPS:
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
        for t in TABLES:
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
    "ROLLUPS",
    "TABLES",
    "compact",
    "enter",
    "forget",
    "forget_games",
    "leave",
    "mark",
    "position",
    "refresh",
    "stale",
    "touched",
]
