-- The same answer as score_breakdown.sql, from the aggregate seat_cells (projections/rollups.py).
WITH summed AS (
    SELECT c.ruleset, c.variant, c.players, c.won,
           sum(c.seats) AS n, sum(c.sum_rooms) AS rooms, sum(c.sum_monsters) AS monsters,
           sum(c.sum_prisoners) AS prisoners, sum(c.sum_conquered) AS conquered, sum(c.sum_red_marks) AS red_marks,
           sum(c.sum_room_bonus) AS room_bonus, sum(c.sum_titles) AS titles, sum(c.sum_hall_of_fame) AS hall_of_fame,
           sum(c.sum_total) AS s, sum(c.sq_total) AS q
    FROM /*cellsof seat_cells c*/
    GROUP BY c.ruleset, c.variant, c.players, c.won
), rated AS (
    SELECT *, s::DOUBLE / n AS total, /*sd s q n*/ AS sd_total FROM summed
)
SELECT /*game*/,
       ruleset,
       variant,
       players,
       CASE WHEN won THEN 'winners' ELSE 'others' END AS outcome,
       n::BIGINT                   AS player_games,
       rooms::DOUBLE / n           AS rooms,
       monsters::DOUBLE / n        AS monsters,
       prisoners::DOUBLE / n       AS prisoners,
       conquered::DOUBLE / n       AS conquered,
       red_marks::DOUBLE / n       AS red_marks,
       room_bonus::DOUBLE / n      AS room_bonus,
       titles::DOUBLE / n          AS titles,
       hall_of_fame::DOUBLE / n    AS hall_of_fame,
       total,
       /*meanci total sd_total n*/
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, won DESC
