-- The same answer as win_rate_by_strategy.sql, from the aggregate seat_cells (projections/rollups.py):
-- used when the filters allow it (analytics.prepare), checked against the raw events by the same recount.
WITH seats AS (
    SELECT c.ruleset, c.variant, c.players,
           CASE WHEN coalesce($derived, false) THEN c.derived_strategy ELSE c.strategy END AS strategy,
           c.seats, c.wins, CASE WHEN c.sharers > 0 THEN c.wins / c.sharers ELSE 0 END AS credit,
           c.seats / c.table_size AS share
    FROM /*cellsof seat_cells c*/
), per_strategy AS (
    SELECT ruleset, variant, players, strategy,
           sum(seats)::BIGINT           AS games,
           sum(wins)::BIGINT            AS wins,
           sum(credit)                  AS win_credit,
           sum(share) / sum(seats)      AS fair_share
    FROM seats
    GROUP BY ALL
), rated AS (
    SELECT *, win_credit::DOUBLE / games AS p, games::DOUBLE AS n, 1.959963984540054 AS z
    FROM per_strategy
)
SELECT /*game*/,
       ruleset,
       variant,
       players,
       strategy,
       games,
       wins,
       win_credit::DOUBLE AS win_credit,
       p AS win_rate,
       fair_share,
       p - fair_share AS edge,
       /*wilson*/
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, win_rate DESC, games DESC, strategy
