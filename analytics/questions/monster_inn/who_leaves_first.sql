-- name: who_leaves_first
-- grain: one row per variant, player count, strategy and place in the order of leaving a round (Monster Inn)
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Who leaves a round first, and what does it earn them? For each variant, player count (place 3 is the
--   last at 3 players, the middle at 5), strategy and place in the order of leaving (1 = the first to leave the Inn, the last place = the player forced to take the
--   last creature), how often that strategy left there, the share of monsters among the creatures taken
--   and the treasure taken from the Pool with them.
-- columns:
--   variant       the game's variant ('standard', 'open_treasure')
--   players       the number of players in the game
--   strategy      the bot of simulated games, or 'human'
--   leave_order   1 = the first to leave the round
--   takes         creatures taken at that place
--   monster_share the share of them that were monsters (the rest: face-down humanoids)
--   avg_pool      the average treasure taken with the creature (pieces)
SELECT g.variant,
       g.players,
       t.strategy,
       t.leave_order,
       count(*)                                                   AS takes,
       count(*) FILTER (WHERE t.creature = 'monster')::DOUBLE / count(*) AS monster_share,
       avg(t.pool)                                                AS avg_pool
FROM mi_takes AS t
JOIN games AS g USING (game_id)
WHERE TRUE /*scope g*/
GROUP BY g.variant, g.players, t.strategy, t.leave_order
ORDER BY g.variant, g.players, t.strategy, t.leave_order
