-- The same answer as fame_by_treasure_kept.sql, from the aggregate fame_cells (projections/rollups.py).
WITH rated AS (
    SELECT /*game*/,
           c.ruleset,
           c.variant,
           c.players,
           c.treasure_kept,
           sum(c.seats)::BIGINT                                 AS games,
           sum(c.fame) / sum(c.seats)                           AS avg_fame,
           /*sd sum(c.fame) sum(c.fame_sq) sum(c.seats)*/         AS sd_fame,
           /*meanci avg_fame sd_fame games*/,
           sum(c.monsters) / sum(c.seats)                       AS avg_monsters,
           sum(c.humanoids) / sum(c.seats)                      AS avg_humanoids,
           sum(c.treasure_fame) / sum(c.seats)                  AS avg_treasure,
           sum(c.wins)::DOUBLE / sum(c.seats)                   AS win_rate
    FROM /*cellsof fame_cells c*/
    GROUP BY c.ruleset, c.variant, c.players, c.treasure_kept
    HAVING sum(c.seats) > 0
)
SELECT * EXCLUDE (sd_fame)
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, treasure_kept
