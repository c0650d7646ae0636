-- The same answer as conquered_tiles.sql, from the aggregate conquest_cells (projections/rollups.py): the
-- games (and dungeons) counted by how many tiles were conquered, so the fewest and the most are kept too.
WITH agg AS (
    SELECT c.ruleset, c.variant, c.players,
           sum(c.n) FILTER (WHERE c.per = 'game')                    AS games,
           sum(c.tiles * c.n) FILTER (WHERE c.per = 'game')          AS s_game,
           sum(c.tiles * c.tiles * c.n) FILTER (WHERE c.per = 'game') AS q_game,
           min(c.tiles) FILTER (WHERE c.per = 'game')                AS min_per_game,
           max(c.tiles) FILTER (WHERE c.per = 'game')                AS max_per_game,
           sum(c.n) FILTER (WHERE c.per = 'player')                  AS dungeons,
           sum(c.tiles * c.n) FILTER (WHERE c.per = 'player')        AS s_player,
           sum(c.tiles * c.tiles * c.n) FILTER (WHERE c.per = 'player') AS q_player,
           min(c.tiles) FILTER (WHERE c.per = 'player')              AS min_per_player,
           max(c.tiles) FILTER (WHERE c.per = 'player')              AS max_per_player
    FROM /*cellsof conquest_cells c*/
    GROUP BY c.ruleset, c.variant, c.players
    HAVING sum(c.n) FILTER (WHERE c.per = 'game') > 0
), rated AS (
    SELECT *, s_game / games AS avg_per_game, /*sd s_game q_game games*/ AS sd_game,
           s_player / dungeons AS avg_per_player, /*sd s_player q_player dungeons*/ AS sd_player
    FROM agg
)
SELECT /*game*/, ruleset, variant, players, games::BIGINT AS games,
       avg_per_game, /*meanci avg_per_game sd_game games*/, min_per_game, max_per_game,
       avg_per_player, /*meanci avg_per_player sd_player dungeons*/, min_per_player, max_per_player
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST
