-- name: fame_by_treasure_kept
-- grain: one row per game, ruleset, variant, player count and number of treasures kept at the end (Monster Inn; with pooled: per number of treasures)
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Does hoarding treasure pay in Monster Inn? For each variant, player count and number of
--   treasures a player kept to the end (Support excluded), the finished player-games, their average Fame
--   with its 95% interval, how it splits into the score's lines (monsters alone, skull differences under
--   surviving humanoids, 1 per 3 treasures), and the win rate.
-- columns:
--   game            'monster_inn'
--   ruleset         the game's ruleset (Monster Inn has one: 'base'; '(pooled)' when pooled)
--   variant         the game's variant ('standard', 'open_treasure'; '(pooled)' when pooled)
--   players         the number of players in the game (NULL when pooled)
--   treasure_kept   pieces in the player's supply at the end
--   games           finished player-games that kept that many
--   avg_fame        average total Fame
--   avg_fame_ci_low   lower bound of its 95% interval (normal, on the standard error over the player-games)
--   avg_fame_ci_high  upper bound
--   avg_monsters    average Fame from monsters with no humanoid under them
--   avg_humanoids   average Fame lost to surviving humanoids (0 or less)
--   avg_treasure    average Fame from treasure (1 per 3 pieces)
--   win_rate        the share of those player-games won (shared victories count)
SELECT /*game*/,
       g.ruleset,
       g.variant,
       g.players,
       r.treasure_kept,
       count(*)                                       AS games,
       avg(r.fame)                                    AS avg_fame,
       /*meanci avg_fame stddev_samp(r.fame) games*/,
       avg(r.monsters)                                AS avg_monsters,
       avg(r.humanoids)                               AS avg_humanoids,
       avg(r.treasure_fame)                           AS avg_treasure,
       count(*) FILTER (WHERE r.won)::DOUBLE / count(*) AS win_rate
FROM mi_results AS r
JOIN /*games g*/ USING (game_id)
GROUP BY g.ruleset, g.variant, g.players, r.treasure_kept
ORDER BY g.ruleset, g.variant, g.players NULLS FIRST, r.treasure_kept
