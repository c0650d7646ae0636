-- The same answer as fame_by_treasure_kept.sql, from the aggregate fame_cells (projections/rollups.py).
WITH summed AS (
    SELECT c.ruleset, c.variant, c.players, c.treasure_kept,
           sum(c.seats) AS n, sum(c.wins) AS w, sum(c.fame) AS s, sum(c.fame_sq) AS q,
           sum(c.monsters) AS monsters, sum(c.humanoids) AS humanoids, sum(c.treasure_fame) AS treasure
    FROM /*cellsof fame_cells c*/
    GROUP BY c.ruleset, c.variant, c.players, c.treasure_kept
    HAVING sum(c.seats) > 0
), rated AS (
    SELECT *, s::DOUBLE / n AS avg_fame, /*sd s q n*/ AS sd_fame FROM summed
)
SELECT /*game*/,
       ruleset,
       variant,
       players,
       treasure_kept,
       n::BIGINT                AS games,
       avg_fame,
       /*meanci avg_fame sd_fame n*/,
       monsters::DOUBLE / n     AS avg_monsters,
       humanoids::DOUBLE / n    AS avg_humanoids,
       treasure::DOUBLE / n     AS avg_treasure,
       w::DOUBLE / n            AS win_rate
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, treasure_kept
