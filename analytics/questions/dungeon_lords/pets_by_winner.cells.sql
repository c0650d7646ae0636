-- The same answer as pets_by_winner.sql, from the aggregate pet_cells (projections/rollups.py): the rows with
-- pet NULL count the seats of games with a Pet deck, the others the holders of each pet.
WITH cells AS (
    SELECT * FROM pet_cells AS c WHERE TRUE /*cells c*/
), totals AS (
    SELECT ruleset, sum(wins) AS winners, sum(seats) - sum(wins) AS others
    FROM cells WHERE pet IS NULL GROUP BY ruleset
), held AS (
    SELECT ruleset, pet, sum(seats)::BIGINT AS held, sum(wins)::BIGINT AS by_winners,
           (sum(seats) - sum(wins))::BIGINT AS by_others
    FROM cells WHERE pet IS NOT NULL GROUP BY ruleset, pet HAVING sum(seats) > 0
)
SELECT h.ruleset,
       h.pet,
       h.held,
       h.by_winners,
       h.by_others,
       h.by_winners / nullif(t.winners, 0)                                          AS winners_share,
       h.by_others / nullif(t.others, 0)                                            AS others_share,
       h.by_winners / nullif(t.winners, 0) - h.by_others / nullif(t.others, 0)      AS difference,
       h.by_winners / h.held                                                        AS win_rate
FROM held AS h
JOIN totals AS t USING (ruleset)
ORDER BY h.ruleset, difference DESC NULLS LAST, h.pet
