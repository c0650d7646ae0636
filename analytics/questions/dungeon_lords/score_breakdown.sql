-- name: score_breakdown
-- grain: one row per game, ruleset, variant, player count and outcome group ('winners', then 'others')
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Where do winners get their points? The average of every score-card line for the players
--   who won their game (shared victories included) against everyone else, over finished games, for each ruleset, variant and player count.
-- columns:
--   game          'dungeon_lords'
--   ruleset       the game's ruleset ('base', 'five_seasons' ...)
--   variant       the game's variant ('first_game', 'full')
--   players       the number of players in the game
--   outcome       'winners' (won or shared the victory) or 'others'
--   player_games  how many player-games are in the group
--   rooms         average points for unconquered rooms
--   monsters      average points for monsters
--   prisoners     average points for imprisoned adventurers (paladins 5)
--   conquered     average (negative) points for conquered tiles
--   red_marks     average (negative) points for red marks
--   room_bonus    average points from point-scoring rooms
--   titles        average title points
--   hall_of_fame  average Hall of Fame points
--   total         average final score
--   total_ci_low  lower bound of its 95% interval (normal, on the standard error over the player-games)
--   total_ci_high upper bound
WITH grouped AS (
    SELECT g.ruleset,
           g.variant,
           g.players,
           pr.won,
           count(*)             AS player_games,
           avg(pr.rooms)        AS rooms,
           avg(pr.monsters)     AS monsters,
           avg(pr.prisoners)    AS prisoners,
           avg(pr.conquered)    AS conquered,
           avg(pr.red_marks)    AS red_marks,
           avg(pr.room_bonus)   AS room_bonus,
           avg(pr.titles)       AS titles,
           avg(pr.hall_of_fame) AS hall_of_fame,
           avg(pr.total)        AS total,
           stddev_samp(pr.total) AS sd_total
    FROM player_results AS pr
    JOIN /*games g*/ USING (game_id)
    GROUP BY g.ruleset, g.variant, g.players, pr.won
)
SELECT /*game*/,
       ruleset,
       variant,
       players,
       CASE WHEN won THEN 'winners' ELSE 'others' END AS outcome,
       player_games, rooms, monsters, prisoners, conquered, red_marks, room_bonus, titles, hall_of_fame, total,
       /*meanci total sd_total player_games*/
FROM grouped
ORDER BY ruleset, variant, players NULLS FIRST, won DESC
