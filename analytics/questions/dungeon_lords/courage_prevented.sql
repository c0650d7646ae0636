-- name: courage_prevented
-- grain: one row per game, ruleset, variant, player count and Year (games with bards only)
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: How much damage does the bards' Courage prevent? In games with bards (Festival Season), for
--   each Year: the battles, the Courage tokens the bards gave at the Bard Step, the damage counters those
--   tokens cancelled (against traps and against monsters) and the share of the tokens so used (the rest
--   are removed before the Conquering Step), against the damage dealt and the share of all damage aimed
--   at the adventurers that Courage stopped. Festival Season › Bards; › Courage; › Courage Is Temporary.
-- columns:
--   game           'dungeon_lords'
--   ruleset        the games' ruleset (one with the bards module)
--   variant        the games' variant ('first_game', 'full')
--   players        the number of players
--   year           the Year (1 or 2)
--   battles        battles fought (one dungeon's tile in one Combat round)
--   tokens_given   Courage tokens the bards gave at the Bard Step of those battles
--   courage_used   damage counters cancelled by Courage tokens (DamageDealt.courage_used)
--   used_share     courage_used / tokens_given (NULL when no token was given)
--   courage_hits   hits (DamageDealt) in which a Courage token was used
--   from_traps     of courage_used, the counters aimed by traps
--   from_monsters  of courage_used, the counters aimed by monsters
--   damage         damage counters dealt on adventurers, after every prevention (traps, monsters, fatigue, poison)
--   prevented      damage counters stopped by any means (disarm, Magic Shield, Song of Courage, invisibility, tokens)
--   courage_share  courage_used / (damage + prevented): the share of the damage aimed that Courage tokens stopped
WITH scoped AS (
    SELECT g.game_id, g.ruleset, g.variant, g.players FROM /*games g*/
    WHERE list_contains(string_split(g.table_ruleset, '+'), 'bards')
), fought AS (
    SELECT s.ruleset, s.variant, s.players, b.year, count(*) AS battles, sum(b.courage_tokens) AS tokens_given
    FROM battles AS b JOIN scoped AS s USING (game_id)
    GROUP BY ALL
), dealt AS (
    SELECT s.ruleset, s.variant, s.players, d.year, sum(d.courage_used) AS courage_used,
           count(*) FILTER (WHERE d.courage_used > 0) AS courage_hits,
           coalesce(sum(d.courage_used) FILTER (WHERE d.source_kind = 'trap'), 0) AS from_traps,
           coalesce(sum(d.courage_used) FILTER (WHERE d.source_kind = 'monster'), 0) AS from_monsters,
           sum(d.amount) AS damage, sum(d.prevented) AS prevented
    FROM damage AS d JOIN scoped AS s USING (game_id)
    GROUP BY ALL
)
SELECT /*game*/,
       coalesce(f.ruleset, d.ruleset)                           AS ruleset,
       coalesce(f.variant, d.variant)                           AS variant,
       coalesce(f.players, d.players)                           AS players,
       coalesce(f.year, d.year)                                 AS year,
       coalesce(f.battles, 0)                                   AS battles,
       coalesce(f.tokens_given, 0)::BIGINT                      AS tokens_given,
       coalesce(d.courage_used, 0)::BIGINT                      AS courage_used,
       d.courage_used / nullif(f.tokens_given, 0)               AS used_share,
       coalesce(d.courage_hits, 0)                              AS courage_hits,
       coalesce(d.from_traps, 0)::BIGINT                        AS from_traps,
       coalesce(d.from_monsters, 0)::BIGINT                     AS from_monsters,
       coalesce(d.damage, 0)::BIGINT                            AS damage,
       coalesce(d.prevented, 0)::BIGINT                         AS prevented,
       d.courage_used / nullif(d.damage + d.prevented, 0)       AS courage_share
FROM fought AS f
FULL JOIN dealt AS d
  ON d.ruleset = f.ruleset AND d.variant = f.variant AND d.players IS NOT DISTINCT FROM f.players AND d.year = f.year
ORDER BY ruleset, variant, players NULLS FIRST, year
