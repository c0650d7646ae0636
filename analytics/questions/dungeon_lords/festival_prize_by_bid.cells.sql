-- The same answer as festival_prize_by_bid.sql, from the aggregate prize_cells (projections/rollups.py).
SELECT /*game*/,
       c.ruleset,
       c.variant,
       c.players,
       c.imps,
       c.prize,
       (sum(sum(c.times)) OVER (PARTITION BY c.ruleset, c.variant, c.players, c.imps))::BIGINT      AS bids,
       sum(c.times)::BIGINT                                                             AS times,
       sum(c.times) / sum(sum(c.times)) OVER (PARTITION BY c.ruleset, c.variant, c.players, c.imps) AS share,
       sum(c.sum_place) / nullif(sum(c.placed), 0)                                      AS avg_place,
       sum(c.wins)::DOUBLE / sum(c.times)                                               AS win_rate
FROM /*cellsof prize_cells c*/
GROUP BY c.ruleset, c.variant, c.players, c.imps, c.prize
HAVING sum(c.times) > 0
ORDER BY c.ruleset, c.variant, c.players NULLS FIRST, c.imps, times DESC, c.prize
