-- name: orders_by_season
-- grain: one row per game, ruleset, variant, player count, season and order card (players' orders only, not the non-player colour's)
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Which orders pay off in which season? For each ruleset, variant, player count, season and order card, how often players
--   played it, how often the minion got space I, II or III or was shut out, and the average final
--   score and win rate of the players who played it (counted once per play), most useful first.
-- columns:
--   game            'dungeon_lords'
--   ruleset         the game's ruleset ('base', 'five_seasons' ...)
--   variant         the game's variant ('first_game', 'full')
--   players         the number of players in the game
--   season          winter, spring, summer, fall (in that order; festival last in five-season games)
--   card            the order card (action), e.g. 'dig_tunnels'
--   plays           times a player played this card in this season (both Years)
--   share_i         share of those plays that got space I
--   share_ii        share that got space II
--   share_iii       share that got space III
--   share_shut_out  share shut out (the minion stayed on the order card)
--   avg_score       average final score of the player, per play
--   avg_score_ci_low   lower bound of its 95% interval (normal, on the standard error over the plays)
--   avg_score_ci_high  upper bound
--   win_rate        share of plays made by a player who went on to win (shared victories count)
--   rank            1 = the highest win rate in the season (ties share a rank); the last rank is the least useful
SELECT /*game*/,
       g.ruleset,
       g.variant,
       g.players,
       o.season,
       o.card,
       count(*)                                              AS plays,
       count(*) FILTER (WHERE o.space = 'I')::DOUBLE / count(*)   AS share_i,
       count(*) FILTER (WHERE o.space = 'II')::DOUBLE / count(*)  AS share_ii,
       count(*) FILTER (WHERE o.space = 'III')::DOUBLE / count(*) AS share_iii,
       count(*) FILTER (WHERE o.space IS NULL)::DOUBLE / count(*) AS share_shut_out,
       avg(pr.total)                                         AS avg_score,
       /*meanci avg_score stddev_samp(pr.total) plays*/,
       count(*) FILTER (WHERE pr.won)::DOUBLE / count(*)     AS win_rate,
       rank() OVER (PARTITION BY g.ruleset, g.variant, g.players, o.season ORDER BY count(*) FILTER (WHERE pr.won)::DOUBLE / count(*) DESC) AS rank
FROM orders AS o
JOIN player_results AS pr ON pr.game_id = o.game_id AND pr.color = o.color
JOIN /*games g*/ ON g.game_id = o.game_id
GROUP BY g.ruleset, g.variant, g.players, o.season, o.card
ORDER BY g.ruleset, g.variant, g.players NULLS FIRST, list_position(['winter', 'spring', 'summer', 'fall', 'festival'], o.season), win_rate DESC, plays DESC, o.card
