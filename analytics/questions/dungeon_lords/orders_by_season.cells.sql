-- The same answer as orders_by_season.sql, from the aggregate order_cells (projections/rollups.py).
SELECT c.ruleset,
       c.variant,
       c.players,
       c.season,
       c.card,
       sum(c.plays)::BIGINT                            AS plays,
       sum(c.space_i)::DOUBLE / sum(c.plays)           AS share_i,
       sum(c.space_ii)::DOUBLE / sum(c.plays)          AS share_ii,
       sum(c.space_iii)::DOUBLE / sum(c.plays)         AS share_iii,
       sum(c.shut_out)::DOUBLE / sum(c.plays)          AS share_shut_out,
       sum(c.score)::DOUBLE / sum(c.plays)             AS avg_score,
       sum(c.wins)::DOUBLE / sum(c.plays)              AS win_rate,
       rank() OVER (PARTITION BY c.ruleset, c.variant, c.players, c.season ORDER BY sum(c.wins)::DOUBLE / sum(c.plays) DESC) AS rank
FROM order_cells AS c
WHERE TRUE /*cells c*/
GROUP BY c.ruleset, c.variant, c.players, c.season, c.card
ORDER BY c.ruleset, c.variant, c.players, list_position(['winter', 'spring', 'summer', 'fall', 'festival'], c.season), win_rate DESC, plays DESC, c.card
