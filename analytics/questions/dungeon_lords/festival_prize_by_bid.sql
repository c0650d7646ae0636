-- name: festival_prize_by_bid
-- grain: one row per game, ruleset, variant, player count, bid (imps sent) and what it won (a prize, '(declined)', '(no pick)')
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: What does a bid at the Festival win? At the Festival (Festival Season's fifth round, each Year:
--   secret imp bids, most imps picks first, each picker takes one opportunity board's prize), for each bid
--   size, how often it won each prize or nothing, the average place in the pick order it got, and how often
--   the bidder went on to win the game. Festival Season › Festival!
-- columns:
--   game         'dungeon_lords'
--   ruleset      the games' ruleset (only rulesets with the festival module have Festivals)
--   variant      the games' variant ('first_game', 'full')
--   players      the number of players (as many prizes are offered as players, from the Year's boards)
--   imps         imps sent to the Festival (0 too: every player bids)
--   prize        the prize taken ('food', 'gold', 'imp', 'lose_evil', 'trap_card', 'dig_tunnel', 'hire_from_discard', 'build_from_discard'); '(declined)': picked nothing; '(no pick)': sent no imp
--   bids         bids of this size (one player at one Festival), whatever they won
--   times        of those, the ones that won this
--   share        times / bids
--   avg_place    average place in the pick order of those (1 = picked first); NULL for '(no pick)'
--   win_rate     share of those made by a player who went on to win the game (alone or shared)
WITH bids AS (
    SELECT g.ruleset, g.variant, g.players, fb.imps, fb.place, pr.won,
           CASE fb.outcome WHEN 'taken' THEN fb.prize WHEN 'declined' THEN '(declined)' ELSE '(no pick)' END AS prize
    FROM festival_bids AS fb
    JOIN /*games g*/ USING (game_id)
    JOIN player_results AS pr ON pr.game_id = fb.game_id AND pr.color = fb.color
)
SELECT /*game*/,
       ruleset,
       variant,
       players,
       imps,
       prize,
       (sum(count(*)) OVER (PARTITION BY ruleset, variant, players, imps))::BIGINT AS bids,
       count(*)                                                            AS times,
       count(*) / sum(count(*)) OVER (PARTITION BY ruleset, variant, players, imps) AS share,
       avg(place)                                                          AS avg_place,
       count(*) FILTER (WHERE won)::DOUBLE / count(*)                      AS win_rate
FROM bids
GROUP BY ruleset, variant, players, imps, prize
ORDER BY ruleset, variant, players NULLS FIRST, imps, times DESC, prize
