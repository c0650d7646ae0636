-- name: fame_by_treasure_kept
-- grain: one row per variant, player count and number of treasures kept at the end (Monster Inn)
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Does hoarding treasure pay in Monster Inn? For each variant, player count and number of
--   treasures a player kept to the end (Support excluded), the finished player-games, their average Fame and how it splits into the
--   score's lines (monsters alone, skull differences under surviving humanoids, 1 per 3 treasures),
--   and the win rate.
-- columns:
--   variant         the game's variant ('standard', 'open_treasure')
--   players         the number of players in the game
--   treasure_kept   pieces in the player's supply at the end
--   games           finished player-games that kept that many
--   avg_fame        average total Fame
--   avg_monsters    average Fame from monsters with no humanoid under them
--   avg_humanoids   average Fame lost to surviving humanoids (0 or less)
--   avg_treasure    average Fame from treasure (1 per 3 pieces)
--   win_rate        the share of those player-games won (shared victories count)
SELECT g.variant,
       g.players,
       r.treasure_kept,
       count(*)                                       AS games,
       avg(r.fame)                                    AS avg_fame,
       avg(r.monsters)                                AS avg_monsters,
       avg(r.humanoids)                               AS avg_humanoids,
       avg(r.treasure_fame)                           AS avg_treasure,
       count(*) FILTER (WHERE r.won)::DOUBLE / count(*) AS win_rate
FROM mi_results AS r
JOIN games AS g USING (game_id)
WHERE TRUE /*scope g*/
GROUP BY g.variant, g.players, r.treasure_kept
ORDER BY g.variant, g.players, r.treasure_kept
