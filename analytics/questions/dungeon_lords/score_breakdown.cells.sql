-- The same answer as score_breakdown.sql, from the aggregate seat_cells (projections/rollups.py).
WITH rated AS (
    SELECT /*game*/,
           c.ruleset,
           c.variant,
           c.players,
           c.won,
           CASE WHEN c.won THEN 'winners' ELSE 'others' END AS outcome,
           sum(c.seats)::BIGINT                        AS player_games,
           sum(c.sum_rooms) / sum(c.seats)             AS rooms,
           sum(c.sum_monsters) / sum(c.seats)          AS monsters,
           sum(c.sum_prisoners) / sum(c.seats)         AS prisoners,
           sum(c.sum_conquered) / sum(c.seats)         AS conquered,
           sum(c.sum_red_marks) / sum(c.seats)         AS red_marks,
           sum(c.sum_room_bonus) / sum(c.seats)        AS room_bonus,
           sum(c.sum_titles) / sum(c.seats)            AS titles,
           sum(c.sum_hall_of_fame) / sum(c.seats)      AS hall_of_fame,
           sum(c.sum_total) / sum(c.seats)             AS total,
           /*sd sum(c.sum_total) sum(c.sq_total) sum(c.seats)*/ AS sd_total,
           /*meanci total sd_total player_games*/
    FROM /*cellsof seat_cells c*/
    GROUP BY c.ruleset, c.variant, c.players, c.won
)
SELECT * EXCLUDE (won, sd_total)
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, won DESC
