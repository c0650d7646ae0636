-- The same answer as paladin_frequency.sql, from the aggregate paladin_cells (projections/rollups.py).
SELECT /*game*/,
       c.ruleset,
       c.variant,
       c.year,
       c.players,
       sum(c.games)::BIGINT AS games,
       sum(c.arrived)::DOUBLE / sum(c.games)  AS arrived_share,
       sum(c.captured)::DOUBLE / sum(c.games) AS captured_share,
       sum(c.target_evil * c.targets)::DOUBLE / nullif(sum(c.targets), 0) AS avg_target_evil,
       max(c.target_evil)                     AS max_target_evil
FROM /*cellsof paladin_cells c*/
GROUP BY c.ruleset, c.variant, c.year, c.players
HAVING sum(c.games) > 0
ORDER BY c.ruleset, c.variant, c.year, c.players NULLS FIRST
