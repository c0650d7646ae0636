-- The same answer as damage_by_source.sql, from the aggregate damage_cells (projections/rollups.py).
SELECT /*game*/,
       c.ruleset,
       c.variant,
       c.players,
       c.source_kind,
       c.source,
       sum(c.uses)::BIGINT                           AS uses,
       sum(c.hits)::BIGINT                           AS hits,
       sum(c.total_damage)                           AS total_damage,
       sum(c.prevented)                              AS prevented,
       sum(c.total_damage)::DOUBLE / sum(c.uses)     AS damage_per_use
FROM /*cellsof damage_cells c*/
GROUP BY c.ruleset, c.variant, c.players, c.source_kind, c.source
ORDER BY c.ruleset, c.variant, c.players NULLS FIRST, total_damage DESC, damage_per_use DESC, c.source_kind, c.source
