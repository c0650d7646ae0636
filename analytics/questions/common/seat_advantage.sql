-- name: seat_advantage
-- grain: one row per ruleset, player count and play position
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Does going first help? For each ruleset, player count and position in the First Year's play
--   order (0 = the starting player, 1 = the player on their left, ...), the finished games, the wins
--   (shared victories count) and the win rate with its 95% Wilson interval, next to the fair share of
--   1 / players.
-- columns:
--   ruleset        the game's ruleset ('base', 'five_seasons' ...)
--   players        the number of players in the game
--   play_position  0 = starting player of the First Year, 1 = on their left, ...
--   games          finished player-games at this position
--   wins           of those, the ones won (alone or shared)
--   win_rate       wins / games
--   fair_share     1 / players: the win rate if the position made no difference (and no ties)
--   edge           win_rate - fair_share
--   ci_low         lower bound of the 95% Wilson score interval of the win rate
--   ci_high        upper bound of the same interval
WITH per_position AS (
    SELECT g.ruleset, g.players, pr.play_position,
           count(*)                       AS games,
           count(*) FILTER (WHERE pr.won) AS wins
    FROM player_results AS pr
    JOIN games AS g USING (game_id)
    WHERE TRUE /*scope g*/
    GROUP BY ALL
), rated AS (
    SELECT *, wins::DOUBLE / games AS p, games::DOUBLE AS n, 1.959963984540054 AS z FROM per_position
)
SELECT ruleset,
       players,
       play_position,
       games,
       wins,
       p AS win_rate,
       1.0 / players AS fair_share,
       p - 1.0 / players AS edge,
       /*wilson*/
FROM rated
ORDER BY ruleset, players, play_position
