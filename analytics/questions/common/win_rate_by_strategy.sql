-- name: win_rate_by_strategy
-- headline: 1
-- grain: one row per strategy (a player-game counts once for the strategy that seat played)
-- parameters:
--   players INTEGER  keep only games with this many players (2, 3 or 4); NULL = all player counts
--   origins VARCHAR[]  keep only games of these origins (simulated, recorded, imported, forked, scenario, training); NULL = all (archived games are always left out)
--   game VARCHAR  keep only this game's results ('dungeon_lords', 'monster_inn'); NULL = every game (its bots' names may coincide: ask per game)
-- answers: Which strategy wins most often, and how sure can we be? For each strategy, the finished
--   player-games it played, how many it won (a shared victory counts as a win), its win rate and a
--   95% Wilson score interval for that rate, best first.
-- columns:
--   strategy  the bot policy of simulated games, or the strategy derived from play for recorded ones ('(none)' if unknown)
--   games     finished player-games played with this strategy
--   wins      of those, the ones the player won, alone or shared
--   win_rate  wins / games
--   ci_low    lower bound of the 95% Wilson score interval of the win rate (z = 1.959964)
--   ci_high   upper bound of the same interval
WITH per_strategy AS (
    SELECT coalesce(pr.strategy, '(none)') AS strategy,
           count(*)                         AS games,
           count(*) FILTER (WHERE pr.won)   AS wins
    FROM player_results AS pr
    JOIN games AS g USING (game_id)
    WHERE g.finished AND g.archived IS NOT TRUE AND ($origins IS NULL OR list_contains($origins, g.origin)) AND ($players IS NULL OR g.players = $players) AND ($game IS NULL OR g.game = $game)
    GROUP BY 1
), rated AS (
    SELECT strategy, games, wins,
           wins::DOUBLE / games AS p,
           games::DOUBLE AS n,
           1.959963984540054 AS z
    FROM per_strategy
)
SELECT strategy,
       games,
       wins,
       p AS win_rate,
       greatest(0.0, (p + z * z / (2 * n) - z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n)) AS ci_low,
       least(1.0, (p + z * z / (2 * n) + z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n)) AS ci_high
FROM rated
ORDER BY win_rate DESC, games DESC, strategy
