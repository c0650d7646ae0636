-- The same answer as installed_traps.sql, from the aggregate install_cells (projections/rollups.py).
SELECT /*game*/,
       c.ruleset,
       c.variant,
       c.players,
       c.trap,
       sum(c.installed)::BIGINT                                    AS installed,
       sum(c.sprung)::BIGINT                                       AS sprung,
       sum(c.discarded)::BIGINT                                    AS discarded,
       (sum(c.installed) - sum(c.sprung) - sum(c.discarded))::BIGINT AS unsprung,
       sum(c.sprung) / nullif(sum(c.installed), 0)                 AS sprung_share,
       sum(c.sum_round) / nullif(sum(c.sprung), 0)                 AS avg_round
FROM /*cellsof install_cells c*/
GROUP BY c.ruleset, c.variant, c.players, c.trap
HAVING sum(c.installed) + sum(c.sprung) + sum(c.discarded) > 0
ORDER BY c.ruleset, c.variant, c.players NULLS FIRST, installed DESC, c.trap
