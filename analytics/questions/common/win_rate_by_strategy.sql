-- name: win_rate_by_strategy
-- headline: 1
-- grain: one row per game, ruleset, variant, player count and strategy (with pooled: one row per strategy)
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Which strategy wins more than its fair share, and how sure can we be? For each ruleset, variant
--   and player count (a 2-player game is won far more often than a 4-player one, so they are never mixed
--   unless pooled), each strategy's finished player-games, wins, the win credit (a victory shared by k
--   players counts 1/k for each of them), the win rate (credit / games), the fair share 1 / players, the
--   edge over it, and a 95% Wilson score interval for the rate.
-- columns:
--   game        the game (a registered game's name; a game's results are never pooled with another's)
--   ruleset     the game's ruleset ('base', 'five_seasons' ...; '(pooled)' when pooled)
--   variant     the game's variant ('first_game', 'full'; Monster Inn 'standard' ...; '(pooled)' when pooled)
--   players     the number of players (NULL when pooled)
--   strategy    the bot of the seat; a person's seat 'human' or 'human: NAME' (their derived strategy with derived)
--   games       finished player-games played with this strategy
--   wins        of those, the ones the player won, alone or shared
--   win_credit  the wins with a k-way shared victory counted 1/k (a game hands out a credit of 1 in all)
--   win_rate    win_credit / games
--   fair_share  1 / players: the win rate if strategies made no difference (pooled: its average over the games)
--   edge        win_rate - fair_share
--   ci_low      lower bound of the 95% Wilson score interval of the win rate (z = 1.959964)
--   ci_high     upper bound of the same interval
WITH seats AS (
    SELECT g.ruleset, g.variant, g.players,
           /*strategy pr*/ AS strategy,
           pr.won,
           -- a victory shared by k seats: 1/k to each (docs/analytics.md, "Fair share")
           CASE WHEN pr.won THEN 1.0 / count(*) FILTER (WHERE pr.won) OVER (PARTITION BY pr.game_id) ELSE 0 END
               AS credit,
           1.0 / g.table_size AS share
    FROM player_results AS pr
    JOIN /*games g*/ USING (game_id)
), per_strategy AS (
    SELECT ruleset, variant, players, strategy,
           count(*)                       AS games,
           count(*) FILTER (WHERE won)    AS wins,
           sum(credit)                    AS win_credit,
           avg(share)                     AS fair_share
    FROM seats
    GROUP BY ALL
), rated AS (
    SELECT *, win_credit::DOUBLE / games AS p, games::DOUBLE AS n, 1.959963984540054 AS z
    FROM per_strategy
)
SELECT /*game*/,
       ruleset,
       variant,
       players,
       strategy,
       games,
       wins,
       win_credit::DOUBLE AS win_credit,
       p AS win_rate,
       fair_share,
       p - fair_share AS edge,
       /*wilson*/
FROM rated
ORDER BY ruleset, variant, players NULLS FIRST, win_rate DESC, games DESC, strategy
