-- name: who_leaves_first
-- grain: one row per game, ruleset, variant, player count, strategy and place in the order of leaving a round (Monster Inn; with pooled: per strategy and place)
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Who leaves a round first, and what does it earn them? For each variant, player count (place 3 is the
--   last at 3 players, the middle at 5), strategy and place in the order of leaving (1 = the first to leave the Inn, the last place = the player forced to take the
--   last creature), how often that strategy left there, the share of monsters among the creatures taken
--   and the treasure taken from the Pool with them (its average, with a 95% interval).
-- columns:
--   game          'monster_inn'
--   ruleset       the game's ruleset (Monster Inn has one: 'base'; '(pooled)' when pooled)
--   variant       the game's variant ('standard', 'open_treasure'; '(pooled)' when pooled)
--   players       the number of players in the game (NULL when pooled: then place 3 is the last of some tables, the middle of others)
--   strategy      the bot of simulated games, or 'human'
--   leave_order   1 = the first to leave the round
--   takes         creatures taken at that place
--   monster_share the share of them that were monsters (the rest: face-down humanoids)
--   avg_pool      the average treasure taken with the creature (pieces)
--   avg_pool_ci_low   lower bound of its 95% interval (normal, on the standard error over the takes)
--   avg_pool_ci_high  upper bound
SELECT /*game*/,
       g.ruleset,
       g.variant,
       g.players,
       t.strategy,
       t.leave_order,
       count(*)                                                   AS takes,
       count(*) FILTER (WHERE t.creature = 'monster')::DOUBLE / count(*) AS monster_share,
       avg(t.pool)                                                AS avg_pool,
       /*meanci avg_pool stddev_samp(t.pool) takes*/
FROM mi_takes AS t
JOIN /*games g*/ USING (game_id)
GROUP BY g.ruleset, g.variant, g.players, t.strategy, t.leave_order
ORDER BY g.ruleset, g.variant, g.players NULLS FIRST, t.strategy, t.leave_order
