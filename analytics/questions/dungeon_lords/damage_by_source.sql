-- name: damage_by_source
-- grain: one row per game, ruleset, variant, player count and damage source type (traps and monsters only; fatigue and poison are left out)
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Which traps and monsters do the damage? For each ruleset, variant, player count, trap card and monster type, the battles
--   in which it dealt damage, the damage counters it put on adventurers in total, and per battle.
-- columns:
--   game             'dungeon_lords'
--   ruleset          the game's ruleset ('base', 'five_seasons' ...)
--   variant          the game's variant ('first_game', 'full')
--   players          the number of players in the game
--   source_kind      'trap' or 'monster'
--   source           the trap card or monster type id, e.g. 'rolling_stone', 'troll_y1'
--   uses             distinct battles (game, Year, combat round, dungeon) in which it dealt damage
--   hits             damage events (one per adventurer hit)
--   total_damage     damage counters dealt, after prevention
--   prevented        damage stopped (disarm, Magic Shield, Song of Courage, invisibility)
--   damage_per_use   total_damage / uses
SELECT /*game*/,
       g.ruleset,
       g.variant,
       g.players,
       d.source_kind,
       d.source,
       count(DISTINCT (d.game_id, d.year, d.combat_round, d.color)) AS uses,
       count(*)                      AS hits,
       sum(d.amount)                 AS total_damage,
       sum(d.prevented)              AS prevented,
       sum(d.amount)::DOUBLE / count(DISTINCT (d.game_id, d.year, d.combat_round, d.color)) AS damage_per_use
FROM damage AS d
JOIN /*games g*/ USING (game_id)
WHERE d.source_kind IN ('trap', 'monster')
GROUP BY g.ruleset, g.variant, g.players, d.source_kind, d.source
ORDER BY g.ruleset, g.variant, g.players NULLS FIRST, total_damage DESC, damage_per_use DESC, d.source_kind, d.source
