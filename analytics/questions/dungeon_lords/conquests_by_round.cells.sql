-- The same answer as conquests_by_round.sql, from the aggregate round_cells (projections/rollups.py): the rows
-- with combat_round NULL count the games that played a Year, the others the battles of each round.
WITH cells AS (
    SELECT * FROM /*cellsof round_cells c*/
), counted AS (
    SELECT ruleset, variant, players, year, sum(games) AS games FROM cells WHERE combat_round IS NULL GROUP BY ALL
), fought AS (
    SELECT ruleset, variant, players, year, combat_round, sum(battles) AS battles, sum(conquered) AS conquered
    FROM cells WHERE combat_round IS NOT NULL GROUP BY ALL HAVING sum(battles) > 0
)
SELECT /*game*/,
       f.ruleset,
       f.variant,
       f.players,
       f.year,
       f.combat_round,
       c.games::BIGINT           AS games,
       f.battles::BIGINT         AS battles,
       f.conquered::BIGINT       AS conquered,
       f.conquered / f.battles   AS conquered_share,
       f.conquered / c.games     AS per_game
FROM fought AS f
JOIN counted AS c
  ON c.ruleset = f.ruleset AND c.variant = f.variant AND c.players IS NOT DISTINCT FROM f.players AND c.year = f.year
ORDER BY f.ruleset, f.variant, f.players NULLS FIRST, f.year, f.combat_round
