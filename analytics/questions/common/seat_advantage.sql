-- name: seat_advantage
-- grain: one row per player count and play position
-- parameters:
--   players INTEGER  keep only games with this many players (2, 3 or 4); NULL = all player counts
--   origins VARCHAR[]  keep only games of these origins (simulated, recorded, imported, forked, scenario, training); NULL = all (archived games are always left out)
--   game VARCHAR  keep only this game's results ('dungeon_lords', 'monster_inn'); NULL = every game (its bots' names may coincide: ask per game)
-- answers: Does going first help? For each player count and position in the First Year's play
--   order (0 = the starting player, 1 = the player on their left, ...), the finished games, the wins
--   (shared victories count) and the win rate, next to the fair share of 1 / players.
-- columns:
--   players        the number of players in the game
--   play_position  0 = starting player of the First Year, 1 = on their left, ...
--   games          finished player-games at this position
--   wins           of those, the ones won (alone or shared)
--   win_rate       wins / games
--   fair_share     1 / players: the win rate if the position made no difference (and no ties)
SELECT g.players,
       pr.play_position,
       count(*)                                    AS games,
       count(*) FILTER (WHERE pr.won)              AS wins,
       count(*) FILTER (WHERE pr.won)::DOUBLE / count(*) AS win_rate,
       1.0 / g.players                             AS fair_share
FROM player_results AS pr
JOIN games AS g USING (game_id)
WHERE g.finished AND g.archived IS NOT TRUE AND ($origins IS NULL OR list_contains($origins, g.origin)) AND ($players IS NULL OR g.players = $players) AND ($game IS NULL OR g.game = $game)
GROUP BY g.players, pr.play_position
ORDER BY g.players, pr.play_position
