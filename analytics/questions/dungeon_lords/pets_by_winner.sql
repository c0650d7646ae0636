-- name: pets_by_winner
-- grain: one row per game, ruleset, variant, player count and Pet Card held at the end by some player
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Which pets do winners hold? For each Pet Card, how many players still held it (unused, in the
--   Pet Box) when the game was scored, split between the winners and the others, the share of all winners
--   and of all other players in scope who held it, and the win rate of its holders. Games with a Pet deck
--   only (the pets or unique_opportunities module). Festival Season › Pets; › Pets During Scoring.
-- columns:
--   game           'dungeon_lords'
--   ruleset        the games' ruleset
--   variant        the games' variant ('first_game', 'full')
--   players        the number of players
--   pet            the Pet Card id (the deck is provisional stand-ins: 'pet_01' ...)
--   held           player-games that ended with it in the Pet Box
--   by_winners     of those, the players who won (alone or shared)
--   by_others      of those, the others
--   winners_share  by_winners / every winner's seat in scope (in games with a Pet deck)
--   others_share   by_others / every other seat in scope (in games with a Pet deck)
--   difference     winners_share - others_share: above 0, winners held it more often
--   win_rate       by_winners / held
WITH seats AS (
    SELECT g.ruleset, g.variant, g.players, pr.game_id, pr.color, pr.won
    FROM player_results AS pr
    JOIN /*games g*/ USING (game_id)
    WHERE list_has_any(string_split(g.table_ruleset, '+'), ['pets', 'unique_opportunities'])
), totals AS (
    SELECT ruleset, variant, players, count(*) FILTER (WHERE won) AS winners, count(*) FILTER (WHERE NOT won) AS others
    FROM seats GROUP BY ruleset, variant, players
), held AS (
    SELECT s.ruleset, s.variant, s.players, p.pet, count(*) AS held, count(*) FILTER (WHERE s.won) AS by_winners,
           count(*) FILTER (WHERE NOT s.won) AS by_others
    FROM pets_held AS p
    JOIN seats AS s ON s.game_id = p.game_id AND s.color = p.color
    GROUP BY s.ruleset, s.variant, s.players, p.pet
)
SELECT /*game*/,
       h.ruleset,
       h.variant,
       h.players,
       h.pet,
       h.held,
       h.by_winners,
       h.by_others,
       h.by_winners / nullif(t.winners, 0)                                          AS winners_share,
       h.by_others / nullif(t.others, 0)                                            AS others_share,
       h.by_winners / nullif(t.winners, 0) - h.by_others / nullif(t.others, 0)      AS difference,
       h.by_winners / h.held                                                        AS win_rate
FROM held AS h
JOIN totals AS t ON t.ruleset = h.ruleset AND t.variant = h.variant AND t.players IS NOT DISTINCT FROM h.players
ORDER BY h.ruleset, h.variant, h.players NULLS FIRST, difference DESC NULLS LAST, h.pet
