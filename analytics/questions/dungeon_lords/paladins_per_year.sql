-- name: paladins_per_year
-- grain: one row per game, ruleset, variant, Year, player count and paladin who came into play at least once
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: How many paladins come into play each Year, and where do they go? The base game has one
--   paladin a Year, Festival Season two (the elf and the dwarf; three with the Three Paladins variant).
--   For each paladin, the finished games that played his Year, the games in which he came into play
--   (arrived at a dungeon, or with 2 players was sent away from the non-player colour), and where his
--   journey ended: in a prison, released from one, off to the Distant Lands after Combat, or sent away;
--   with the paladins that came into play per game that Year, all of them together.
--   Rulebook › The Paladin; Festival Season › New Paladins.
-- columns:
--   game               'dungeon_lords'
--   ruleset            the games' ruleset (base: one paladin a Year; festival: two)
--   variant            the games' variant ('first_game', 'full')
--   year               the Year (1 or 2)
--   players            the number of players
--   paladin            the paladin ('paladin_y1', 'elf_y1', 'dwarf_y2' ...)
--   games              finished games of this ruleset and player count that played this Year
--   came               of those, the games in which this paladin came into play
--   came_share         came / games
--   paladins_per_game  the paladins (all of them) that came into play this Year, per game
--   imprisoned         games in which his journey ended in a dungeon lord's prison
--   released           ... in which he was imprisoned, then released to the Distant Lands
--   departed           ... in which he left for the Distant Lands after Combat
--   sent_away          ... in which he was sent away at once (2 players: dealt to the non-player colour)
WITH reached AS (                     -- a finished game played every Year from its first to the last
    SELECT g.game_id, g.ruleset, g.variant, g.players, y.year
    FROM /*games g*/
    CROSS JOIN (VALUES (1), (2)) AS y(year)      -- the game's Years (domain.game_info.YEARS)
    WHERE y.year >= coalesce(g.first_year, 1)
), counted AS (
    SELECT ruleset, variant, players, year, count(*) AS games FROM reached GROUP BY ALL
), journeys AS (                      -- one row per paladin who came into play in a game: where he ended
    SELECT game_id, paladin,
           min(year) FILTER (WHERE event IN ('arrived', 'sent_away')) AS year,
           arg_max(event, seq) FILTER (WHERE event IN ('imprisoned', 'released', 'left', 'sent_away')) AS fate
    FROM paladins
    GROUP BY game_id, paladin
    HAVING bool_or(event IN ('arrived', 'sent_away'))
)
SELECT /*game*/,
       r.ruleset,
       r.variant,
       r.year,
       r.players,
       j.paladin,
       any_value(c.games)                                    AS games,
       count(*)                                              AS came,
       count(*) / any_value(c.games)                         AS came_share,
       sum(count(*)) OVER (PARTITION BY r.ruleset, r.variant, r.year, r.players) / any_value(c.games) AS paladins_per_game,
       count(*) FILTER (WHERE j.fate = 'imprisoned')         AS imprisoned,
       count(*) FILTER (WHERE j.fate = 'released')           AS released,
       count(*) FILTER (WHERE j.fate = 'left')           AS departed,
       count(*) FILTER (WHERE j.fate = 'sent_away')          AS sent_away
FROM journeys AS j
JOIN reached AS r ON r.game_id = j.game_id AND r.year = j.year
JOIN counted AS c
  ON c.ruleset = r.ruleset AND c.variant = r.variant AND c.players IS NOT DISTINCT FROM r.players AND c.year = r.year
GROUP BY r.ruleset, r.variant, r.year, r.players, j.paladin
ORDER BY r.ruleset, r.variant, r.year, r.players NULLS FIRST, j.paladin
