-- The same answer as pets_by_winner.sql, from the aggregate pet_cells (projections/rollups.py): the rows with
-- pet NULL count the seats of games with a Pet deck, the others the holders of each pet.
WITH cells AS (
    SELECT * FROM /*cellsof pet_cells c*/
), totals AS (
    SELECT ruleset, variant, players, sum(wins) AS winners, sum(seats) - sum(wins) AS others
    FROM cells WHERE pet IS NULL GROUP BY ruleset, variant, players
), held AS (
    SELECT ruleset, variant, players, pet, sum(seats)::BIGINT AS held, sum(wins)::BIGINT AS by_winners,
           (sum(seats) - sum(wins))::BIGINT AS by_others
    FROM cells WHERE pet IS NOT NULL GROUP BY ruleset, variant, players, pet HAVING sum(seats) > 0
)
SELECT /*game*/,
       h.ruleset,
       h.variant,
       h.players,
       h.pet,
       h.held,
       h.by_winners,
       h.by_others,
       h.by_winners / nullif(t.winners, 0)                                          AS winners_share,
       h.by_others / nullif(t.others, 0)                                            AS others_share,
       h.by_winners / nullif(t.winners, 0) - h.by_others / nullif(t.others, 0)      AS difference,
       h.by_winners / h.held                                                        AS win_rate
FROM held AS h
JOIN totals AS t ON t.ruleset = h.ruleset AND t.variant = h.variant AND t.players IS NOT DISTINCT FROM h.players
ORDER BY h.ruleset, h.variant, h.players NULLS FIRST, difference DESC NULLS LAST, h.pet
