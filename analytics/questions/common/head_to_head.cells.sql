-- The same answer as head_to_head.sql, from the aggregate pair_cells (projections/rollups.py): used when
-- the filters allow it (analytics.prepare), checked against the raw events by the same recount.
WITH pairs AS (
    SELECT c.ruleset, c.variant, c.players,
           c.strategy_a, c.strategy_b,
           sum(c.games)::BIGINT    AS games,
           sum(c.meetings)::BIGINT AS meetings,
           sum(c.a_ahead)::BIGINT  AS a_ahead,
           sum(c.b_ahead)::BIGINT  AS b_ahead,
           sum(c.ties)::BIGINT     AS ties
    FROM /*cellsof pair_cells c*/
    WHERE c.derived = coalesce($derived, false)
    GROUP BY ALL
), rated AS (
    SELECT *, a_ahead::DOUBLE / nullif(a_ahead + b_ahead, 0) AS p, (a_ahead + b_ahead)::DOUBLE AS n,
           1.959963984540054 AS z
    FROM pairs
)
SELECT /*game*/, ruleset, variant, players, strategy_a, strategy_b, games, meetings, a_ahead, b_ahead, ties,
       p AS a_ahead_share,
       /*wilson*/
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, strategy_a, strategy_b
