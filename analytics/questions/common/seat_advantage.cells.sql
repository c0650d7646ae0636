-- The same answer as seat_advantage.sql, from the aggregate seat_cells (projections/rollups.py).
WITH per_position AS (
    SELECT c.ruleset, c.variant, c.players, c.play_position,
           sum(c.seats)::BIGINT AS games,
           sum(c.wins)::BIGINT  AS wins,
           sum(CASE WHEN c.sharers > 0 THEN c.wins / c.sharers ELSE 0 END) AS win_credit,
           sum(c.seats / c.table_size) / sum(c.seats) AS fair_share
    FROM /*cellsof seat_cells c*/
    GROUP BY ALL
), rated AS (
    SELECT *, win_credit::DOUBLE / games AS p, games::DOUBLE AS n, 1.959963984540054 AS z FROM per_position
)
SELECT /*game*/,
       ruleset,
       variant,
       players,
       play_position,
       games,
       wins,
       win_credit::DOUBLE AS win_credit,
       p AS win_rate,
       fair_share,
       p - fair_share AS edge,
       /*wilson*/
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, play_position
