-- name: installed_traps
-- grain: one row per game, ruleset, variant, player count and trap card type installed at least once
-- parameters:
--   scope  the common filters (analytics.SCOPE): game, rulesets, variants, players, origins, since, until, strategies, derived
-- answers: Do installed traps spring? Festival Season's Install Traps board lets a lord install a trap on a
--   tunnel or room, where it springs by itself in the first battle fought on that tile. For each trap card,
--   how often it was installed, how often it sprang, how often it was discarded unsprung because its tile
--   was altered, how many were still waiting at the end, and the Combat round it sprang in on average.
--   Festival Season › Unique Opportunities › Install Traps.
-- columns:
--   game          'dungeon_lords'
--   ruleset       the games' ruleset (one with the unique_opportunities module)
--   variant       the games' variant ('first_game', 'full')
--   players       the number of players
--   trap          the trap card type, e.g. 'rolling_stone'
--   installed     times it was installed (TrapInstalled)
--   sprung        times an installed one sprang (TrapSprung in a battle on its tile)
--   discarded     times an installed one was discarded unsprung (its tile altered)
--   unsprung      installed - sprung - discarded: still on its tile when the game ended
--   sprung_share  sprung / installed
--   avg_round     the average Combat round in which an installed one sprang (NULL if none did)
SELECT /*game*/,
       g.ruleset,
       g.variant,
       g.players,
       t.trap,
       count(*) FILTER (WHERE t.event = 'installed')                                   AS installed,
       count(*) FILTER (WHERE t.event = 'sprung')                                      AS sprung,
       count(*) FILTER (WHERE t.event = 'discarded')                                   AS discarded,
       installed - sprung - discarded                                                  AS unsprung,
       sprung / nullif(installed, 0)                                                   AS sprung_share,
       avg(t.combat_round) FILTER (WHERE t.event = 'sprung')                           AS avg_round
FROM trap_installs AS t
JOIN /*games g*/ USING (game_id)
GROUP BY g.ruleset, g.variant, g.players, t.trap
ORDER BY g.ruleset, g.variant, g.players NULLS FIRST, installed DESC, t.trap
