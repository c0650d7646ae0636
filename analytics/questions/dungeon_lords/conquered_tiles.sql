-- name: conquered_tiles
-- grain: one row per game, ruleset, variant and player count
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: How much of a dungeon do the adventurers take? Conquered tiles per finished game (all
--   dungeons together) and per player, for each ruleset, variant and player count: average, fewest and most.
-- columns:
--   game            'dungeon_lords'
--   ruleset         the game's ruleset ('base', 'five_seasons' ...; '(pooled)' when pooled)
--   variant         the game's variant ('first_game', 'full'; '(pooled)' when pooled)
--   players         the number of players in the game (NULL when pooled)
--   games           finished games
--   avg_per_game    average tiles conquered in a game, all dungeons together
--   avg_per_game_ci_low   lower bound of its 95% interval (normal, on the standard error over the games)
--   avg_per_game_ci_high  upper bound
--   min_per_game    fewest in a game
--   max_per_game    most in a game
--   avg_per_player  average tiles conquered in one player's dungeon
--   avg_per_player_ci_low   lower bound of its 95% interval (normal, on the standard error over the dungeons)
--   avg_per_player_ci_high  upper bound
--   min_per_player  fewest in one dungeon
--   max_per_player  most in one dungeon
WITH per_player AS (
    SELECT pr.game_id, g.ruleset, g.variant, g.players, coalesce(c.tiles, 0) AS tiles
    FROM player_results AS pr
    JOIN /*games g*/ USING (game_id)
    LEFT JOIN (SELECT game_id, color, count(*) AS tiles
               FROM battles WHERE conquered GROUP BY game_id, color) AS c
           ON c.game_id = pr.game_id AND c.color = pr.color
), per_game AS (
    SELECT game_id, ruleset, variant, players, sum(tiles) AS tiles
    FROM per_player
    GROUP BY game_id, ruleset, variant, players
), games_agg AS (
    SELECT ruleset, variant, players, count(*) AS games, avg(tiles) AS avg_per_game, min(tiles) AS min_per_game,
           max(tiles) AS max_per_game, stddev_samp(tiles) AS sd_game
    FROM per_game GROUP BY ruleset, variant, players
), players_agg AS (
    SELECT ruleset, variant, players, count(*) AS dungeons, avg(tiles) AS avg_per_player,
           min(tiles) AS min_per_player, max(tiles) AS max_per_player, stddev_samp(tiles) AS sd_player
    FROM per_player GROUP BY ruleset, variant, players
), joined AS (
    SELECT ga.*, pa.dungeons, pa.avg_per_player, pa.min_per_player, pa.max_per_player, pa.sd_player
    FROM games_agg AS ga
    JOIN players_agg AS pa
      ON pa.ruleset = ga.ruleset AND pa.variant = ga.variant AND pa.players IS NOT DISTINCT FROM ga.players
)
SELECT /*game*/, ruleset, variant, players, games,
       avg_per_game, /*meanci avg_per_game sd_game games*/, min_per_game, max_per_game,
       avg_per_player, /*meanci avg_per_player sd_player dungeons*/, min_per_player, max_per_player
FROM joined
ORDER BY ruleset, variant, players NULLS FIRST
