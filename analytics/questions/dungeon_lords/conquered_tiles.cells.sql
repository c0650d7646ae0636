-- The same answer as conquered_tiles.sql, from the aggregate conquest_cells (projections/rollups.py): the
-- games (and dungeons) counted by how many tiles were conquered, so the fewest and the most are kept too.
SELECT c.ruleset,
       c.variant,
       c.players,
       sum(c.n) FILTER (WHERE c.per = 'game')::BIGINT                                    AS games,
       sum(c.tiles * c.n) FILTER (WHERE c.per = 'game') / sum(c.n) FILTER (WHERE c.per = 'game')
                                                                                          AS avg_per_game,
       min(c.tiles) FILTER (WHERE c.per = 'game')                                          AS min_per_game,
       max(c.tiles) FILTER (WHERE c.per = 'game')                                          AS max_per_game,
       sum(c.tiles * c.n) FILTER (WHERE c.per = 'player') / sum(c.n) FILTER (WHERE c.per = 'player')
                                                                                          AS avg_per_player,
       min(c.tiles) FILTER (WHERE c.per = 'player')                                        AS min_per_player,
       max(c.tiles) FILTER (WHERE c.per = 'player')                                        AS max_per_player
FROM conquest_cells AS c
WHERE TRUE /*cells c*/
GROUP BY c.ruleset, c.variant, c.players
HAVING sum(c.n) FILTER (WHERE c.per = 'game') > 0
ORDER BY c.ruleset, c.variant, c.players
