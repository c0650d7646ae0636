-- name: conquests_by_round
-- grain: one row per game, ruleset, variant, player count, Year and Combat round in which a battle was fought
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: In which Combat round do the adventurers conquer? The base game has four Combat rounds a Year,
--   Festival Season five. For each round: the finished games that played the Year, the battles fought in
--   that round, the tiles conquered in it, the share of its battles that conquered a tile and the tiles
--   conquered per game. Rulebook › Combat › Conquering; Festival Season › Changes to the Progress Board.
-- columns:
--   game             'dungeon_lords'
--   ruleset          the games' ruleset (base: 4 Combat rounds a Year; five_seasons: 5)
--   variant          the games' variant ('first_game', 'full')
--   players          the number of players
--   year             the Year (1 or 2)
--   combat_round     the Combat round (1 to 4, or 5)
--   games            finished games of this ruleset and player count that played this Year
--   battles          battles fought in this round (one dungeon's tile each)
--   conquered        tiles conquered in this round
--   conquered_share  conquered / battles
--   per_game         conquered / games
WITH reached AS (
    SELECT g.game_id, g.ruleset, g.variant, g.players, y.year
    FROM /*games g*/
    CROSS JOIN (VALUES (1), (2)) AS y(year)      -- the game's Years (domain.game_info.YEARS)
    WHERE y.year >= coalesce(g.first_year, 1)
), counted AS (
    SELECT ruleset, variant, players, year, count(*) AS games FROM reached GROUP BY ALL
), fought AS (
    SELECT r.ruleset, r.variant, r.players, r.year, b.combat_round, count(*) AS battles,
           count(*) FILTER (WHERE b.conquered) AS conquered
    FROM battles AS b
    JOIN reached AS r ON r.game_id = b.game_id AND r.year = b.year
    GROUP BY ALL
)
SELECT /*game*/,
       f.ruleset,
       f.variant,
       f.players,
       f.year,
       f.combat_round,
       c.games,
       f.battles,
       f.conquered,
       f.conquered / f.battles   AS conquered_share,
       f.conquered / c.games     AS per_game
FROM fought AS f
JOIN counted AS c
  ON c.ruleset = f.ruleset AND c.variant = f.variant AND c.players IS NOT DISTINCT FROM f.players AND c.year = f.year
ORDER BY f.ruleset, f.variant, f.players NULLS FIRST, f.year, f.combat_round
