-- The same answer as orders_by_season.sql, from the aggregate order_cells (projections/rollups.py).
WITH summed AS (
    SELECT c.ruleset, c.variant, c.players, c.season, c.card,
           sum(c.plays) AS n, sum(c.space_i) AS i, sum(c.space_ii) AS ii, sum(c.space_iii) AS iii,
           sum(c.shut_out) AS shut, sum(c.score) AS s, sum(c.score_sq) AS q, sum(c.wins) AS w
    FROM /*cellsof order_cells c*/
    GROUP BY c.ruleset, c.variant, c.players, c.season, c.card
), rated AS (
    SELECT *, s::DOUBLE / n AS avg_score, /*sd s q n*/ AS sd_score FROM summed
)
SELECT /*game*/,
       ruleset,
       variant,
       players,
       season,
       card,
       n::BIGINT                 AS plays,
       i::DOUBLE / n             AS share_i,
       ii::DOUBLE / n            AS share_ii,
       iii::DOUBLE / n           AS share_iii,
       shut::DOUBLE / n          AS share_shut_out,
       avg_score,
       /*meanci avg_score sd_score n*/,
       w::DOUBLE / n             AS win_rate,
       rank() OVER (PARTITION BY ruleset, variant, players, season ORDER BY w::DOUBLE / n DESC) AS rank
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, list_position(['winter', 'spring', 'summer', 'fall', 'festival'], season), win_rate DESC, plays DESC, card
