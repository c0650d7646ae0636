-- The same answer as courage_prevented.sql, from the aggregate courage_cells (projections/rollups.py).
SELECT /*game*/,
       c.ruleset,
       c.variant,
       c.players,
       c.year,
       sum(c.battles)::BIGINT                                          AS battles,
       sum(c.tokens_given)::BIGINT                                     AS tokens_given,
       sum(c.courage_used)::BIGINT                                     AS courage_used,
       sum(c.courage_used) / nullif(sum(c.tokens_given), 0)            AS used_share,
       sum(c.courage_hits)::BIGINT                                     AS courage_hits,
       sum(c.from_traps)::BIGINT                                       AS from_traps,
       sum(c.from_monsters)::BIGINT                                    AS from_monsters,
       sum(c.damage)::BIGINT                                           AS damage,
       sum(c.prevented)::BIGINT                                        AS prevented,
       sum(c.courage_used) / nullif(sum(c.damage) + sum(c.prevented), 0) AS courage_share
FROM /*cellsof courage_cells c*/
WHERE list_contains(string_split(c.table_ruleset, '+'), 'bards')
GROUP BY c.ruleset, c.variant, c.players, c.year
HAVING sum(c.battles) + sum(c.damage) + sum(c.prevented) > 0
ORDER BY c.ruleset, c.variant, c.players NULLS FIRST, c.year
