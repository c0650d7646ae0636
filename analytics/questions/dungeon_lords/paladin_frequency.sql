-- name: paladin_frequency
-- headline: 2
-- grain: one row per game, ruleset, variant, Year and player count
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: How often does the paladin come, and how often is he caught? For each ruleset, variant,
--   Year and player count (the base game sends one paladin a Year, Festival Season's pair two: never in
--   one row), the finished games that reached that Year, the share of them in which the paladin set out
--   (arrived at a dungeon), the share in which a dungeon lord imprisoned him, and the average and
--   highest Evil of the lord he was heading for whenever he arrived or moved.
-- columns:
--   game             'dungeon_lords'
--   ruleset          the game's ruleset ('base', 'five_seasons' ...)
--   variant          the game's variant ('first_game', 'full')
--   year             the Year (1 or 2)
--   players          the number of players in the game
--   games            finished games with that player count that played this Year
--   arrived_share    share of those games in which a paladin arrived at a dungeon this Year
--   captured_share   share of those games in which he was imprisoned this Year
--   avg_target_evil  average Evil of his target right after each arrival or move (NULL if he never came)
--   max_target_evil  highest such Evil (NULL if he never came)
WITH reached AS (                     -- a finished game played every Year from its first to the last
    SELECT g.game_id, y.year, g.ruleset, g.variant, g.players
    FROM /*games g*/
    CROSS JOIN (VALUES (1), (2)) AS y(year)      -- the game's Years (domain.game_info.YEARS)
    WHERE y.year >= coalesce(g.first_year, 1)
), visits AS (
    SELECT game_id, year,
           bool_or(event = 'arrived')    AS arrived,
           bool_or(event = 'imprisoned') AS captured
    FROM paladins
    GROUP BY game_id, year
), targets AS (
    SELECT g.ruleset, g.variant, p.year, g.players,
           avg(p.target_evil) AS avg_target_evil,
           max(p.target_evil) AS max_target_evil
    FROM paladins AS p
    JOIN /*games g*/ USING (game_id)
    WHERE p.event IN ('arrived', 'moved')
    GROUP BY g.ruleset, g.variant, p.year, g.players
)
SELECT /*game*/,
       r.ruleset,
       r.variant,
       r.year,
       r.players,
       count(*) AS games,
       count(*) FILTER (WHERE v.arrived)::DOUBLE / count(*)  AS arrived_share,
       count(*) FILTER (WHERE v.captured)::DOUBLE / count(*) AS captured_share,
       any_value(t.avg_target_evil) AS avg_target_evil,
       any_value(t.max_target_evil) AS max_target_evil
FROM reached AS r
LEFT JOIN visits AS v ON v.game_id = r.game_id AND v.year = r.year
LEFT JOIN targets AS t
       ON t.ruleset IS NOT DISTINCT FROM r.ruleset AND t.variant IS NOT DISTINCT FROM r.variant
       AND t.year = r.year AND t.players IS NOT DISTINCT FROM r.players
GROUP BY r.ruleset, r.variant, r.year, r.players
ORDER BY r.ruleset, r.variant, r.year, r.players NULLS FIRST
