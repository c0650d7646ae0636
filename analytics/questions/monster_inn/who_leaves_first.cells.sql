-- The same answer as who_leaves_first.sql, from the aggregate take_cells (projections/rollups.py).
WITH summed AS (
    SELECT c.ruleset, c.variant, c.players, c.strategy, c.leave_order,
           sum(c.takes) AS n, sum(c.monsters) AS m, sum(c.pool) AS s, sum(c.pool_sq) AS q
    FROM /*cellsof take_cells c*/
    GROUP BY c.ruleset, c.variant, c.players, c.strategy, c.leave_order
    HAVING sum(c.takes) > 0
), rated AS (
    SELECT *, s::DOUBLE / n AS avg_pool, /*sd s q n*/ AS sd_pool FROM summed
)
SELECT /*game*/,
       ruleset,
       variant,
       players,
       strategy,
       leave_order,
       n::BIGINT          AS takes,
       m::DOUBLE / n      AS monster_share,
       avg_pool,
       /*meanci avg_pool sd_pool n*/
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, strategy, leave_order
