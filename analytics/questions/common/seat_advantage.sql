-- name: seat_advantage
-- grain: one row per game, ruleset, variant, player count and play position
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Does going first help? For each ruleset, variant, player count and position in the First Year's
--   play order (0 = the starting player, 1 = the player on their left, ...), the finished games, the wins,
--   the win credit (a victory shared by k players counts 1/k for each) and the win rate (credit / games)
--   with its 95% Wilson interval, next to the fair share of 1 / players.
-- columns:
--   game           the game (a registered game's name; never pooled with another)
--   ruleset        the game's ruleset ('base', 'five_seasons' ...)
--   variant        the game's variant ('first_game', 'full'; Monster Inn 'standard' ...)
--   players        the number of players in the game
--   play_position  0 = starting player of the First Year, 1 = on their left, ...
--   games          finished player-games at this position
--   wins           of those, the ones won (alone or shared)
--   win_credit     the wins with a k-way shared victory counted 1/k (a game hands out a credit of 1 in all)
--   win_rate       win_credit / games
--   fair_share     1 / players: the win rate if the position made no difference (pooled: its average over the games)
--   edge           win_rate - fair_share
--   ci_low         lower bound of the 95% Wilson score interval of the win rate
--   ci_high        upper bound of the same interval
WITH seats AS (
    SELECT g.ruleset, g.variant, g.players, pr.play_position, pr.won, 1.0 / g.table_size AS share,
           -- a victory shared by k seats: 1/k to each (docs/analytics.md, "Fair share")
           CASE WHEN pr.won THEN 1.0 / count(*) FILTER (WHERE pr.won) OVER (PARTITION BY pr.game_id) ELSE 0 END
               AS credit
    FROM player_results AS pr
    JOIN /*games g*/ USING (game_id)
), per_position AS (
    SELECT ruleset, variant, players, play_position,
           count(*)                    AS games,
           count(*) FILTER (WHERE won) AS wins,
           sum(credit)                 AS win_credit,
           avg(share)                  AS fair_share
    FROM seats
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
