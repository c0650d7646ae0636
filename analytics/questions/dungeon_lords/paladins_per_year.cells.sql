-- The same answer as paladins_per_year.sql, from the aggregate paladin_year_cells (projections/rollups.py):
-- the rows with paladin NULL count the games that played a Year, the others each paladin's journeys.
WITH cells AS (
    SELECT * FROM /*cellsof paladin_year_cells c*/
), counted AS (
    SELECT ruleset, variant, year, players, sum(games) AS games FROM cells WHERE paladin IS NULL GROUP BY ALL
), came AS (
    SELECT ruleset, variant, year, players, paladin, sum(came) AS came, sum(imprisoned) AS imprisoned,
           sum(released) AS released, sum(departed) AS departed, sum(sent_away) AS sent_away
    FROM cells WHERE paladin IS NOT NULL GROUP BY ALL HAVING sum(came) > 0
)
SELECT /*game*/,
       p.ruleset,
       p.variant,
       p.year,
       p.players,
       p.paladin,
       c.games::BIGINT                                       AS games,
       p.came::BIGINT                                        AS came,
       p.came / c.games                                      AS came_share,
       sum(p.came) OVER (PARTITION BY p.ruleset, p.variant, p.year, p.players) / c.games AS paladins_per_game,
       p.imprisoned::BIGINT                                  AS imprisoned,
       p.released::BIGINT                                    AS released,
       p.departed::BIGINT                                    AS departed,
       p.sent_away::BIGINT                                   AS sent_away
FROM came AS p
JOIN counted AS c
  ON c.ruleset = p.ruleset AND c.variant = p.variant AND c.year = p.year AND c.players IS NOT DISTINCT FROM p.players
ORDER BY p.ruleset, p.variant, p.year, p.players NULLS FIRST, p.paladin
