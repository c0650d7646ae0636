-- name: head_to_head
-- grain: one row per game, ruleset, variant, player count and ordered pair of different strategies (A, B) that met in a game (with pooled: per pair)
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Strategy A against strategy B in the same games: every time a seat of A and a seat of B sat at
--   the same table, which one finished ahead (a better rank; the same rank is a tie), and how sure we can
--   be that A finishes ahead of B more often than not (a 95% Wilson interval on the decided meetings).
-- columns:
--   game           the game (a registered game's name; a game's results are never pooled with another's)
--   ruleset        the game's ruleset ('(pooled)' when pooled)
--   variant        the game's variant ('(pooled)' when pooled)
--   players        the number of players (NULL when pooled)
--   strategy_a     the first strategy
--   strategy_b     the other strategy
--   games          finished games in which both were played
--   meetings       pairs of seats (one A, one B) in those games
--   a_ahead        meetings in which A finished ahead of B
--   b_ahead        meetings in which B finished ahead of A
--   ties           meetings with the same rank
--   a_ahead_share  a_ahead / (a_ahead + b_ahead): the share of decided meetings A won (NULL if none)
--   ci_low         lower bound of its 95% Wilson score interval
--   ci_high        upper bound of the same interval
WITH seats AS (
    SELECT pr.game_id, pr.color, pr.rank, /*strategy pr*/ AS strategy,
           g.ruleset, g.variant, g.players
    FROM player_results AS pr
    JOIN /*games g*/ USING (game_id)
), pairs AS (
    SELECT a.ruleset, a.variant, a.players, a.strategy AS strategy_a, b.strategy AS strategy_b,
           count(DISTINCT a.game_id)              AS games,
           count(*)                               AS meetings,
           count(*) FILTER (WHERE a.rank < b.rank) AS a_ahead,
           count(*) FILTER (WHERE a.rank > b.rank) AS b_ahead,
           count(*) FILTER (WHERE a.rank = b.rank) AS ties
    FROM seats AS a
    JOIN seats AS b ON b.game_id = a.game_id AND b.color <> a.color AND b.strategy <> a.strategy
    GROUP BY ALL
), rated AS (
    SELECT *, a_ahead::DOUBLE / nullif(a_ahead + b_ahead, 0) AS p, (a_ahead + b_ahead)::DOUBLE AS n,
           1.959963984540054 AS z
    FROM pairs
)
SELECT /*game*/, ruleset, variant, players, strategy_a, strategy_b, games, meetings, a_ahead, b_ahead, ties,
       p AS a_ahead_share,
       /*wilson*/
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, strategy_a, strategy_b
