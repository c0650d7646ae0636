"""Monster Inn's read models, derived in SQL from one batch of events (architecture §5).

Its events are staged as ``"t":"mi.<Event>"`` (:mod:`projections.staging`) and kept in ``mi_events``.
For every Monster Inn game with events in the batch, its rows are derived again from the events that
still count (an ``InputUndone`` takes back ``first``..``last``, an ``InputCorrected`` everything from
``first`` up to itself): one ``games`` row, and once it is scored, ``player_results`` rows (the common
questions read them), ``mi_results`` (its Fame lines and the treasure kept) and ``mi_takes`` (who took
which creature, in which order, with how much treasure). Games are small (about 140 events), so
deriving a game's rows again is cheaper than tracking what changed.
"""

from __future__ import annotations

from projections.rollups import CELL, Rollup, only

#: its events are staged with their type prefixed (``"t":"mi.Left"``: :mod:`projections.staging`)
STAGED = "mi."

STAGE = """
INSERT INTO mi_events
SELECT g, s, p, substr(t, 4), e, ts FROM {source} WHERE starts_with(t, 'mi.')
"""

#: the games with events staged from notification ``$first`` on
GAMES_TOUCHED = "SELECT DISTINCT game_id FROM mi_events WHERE position >= $first"

TOUCHED = """
CREATE OR REPLACE TEMP TABLE mi_touched AS
SELECT DISTINCT game_id FROM mi_events WHERE position >= $first
"""

CLEAR = [
    f"DELETE FROM {table} WHERE game_id IN (SELECT game_id FROM mi_touched)"
    for table in ("games", "player_results", "mi_results", "mi_takes")
]

# the events that still count, and the game's set-up and score
LIVE = """
CREATE OR REPLACE TEMP TABLE mi_live AS
SELECT e.* FROM mi_events e
WHERE e.game_id IN (SELECT game_id FROM mi_touched)
  AND e.type NOT IN ('InputUndone', 'InputCorrected')
  AND NOT EXISTS (
      SELECT 1 FROM mi_events m
      WHERE m.game_id = e.game_id
        AND ((m.type = 'InputUndone' AND e.seq BETWEEN (m.payload->>'first')::INTEGER AND (m.payload->>'last')::INTEGER)
          OR (m.type = 'InputCorrected' AND e.seq >= (m.payload->>'first')::INTEGER AND e.seq < m.seq)))
"""

GAMES = """
INSERT INTO games (game_id, players, variant, mode, origin, archived, seed, starting_player, scenario, events,
                   finished, winners, winning_score, first_position, year, season, combat_round, phase, game,
                   ruleset, started_at, catalog_hash, first_year)
WITH started AS (
    SELECT game_id, payload AS p FROM mi_live WHERE type = 'GameStarted'
), scored AS (
    SELECT game_id, payload AS p FROM mi_live WHERE type = 'GameScored'
), span AS (
    SELECT game_id, max(seq) AS events, min(position) AS first_position, min(recorded_at) AS started_at FROM mi_events
    WHERE game_id IN (SELECT game_id FROM mi_touched) GROUP BY ALL
)
SELECT s.game_id, json_array_length(s.p->'players'), s.p->>'variant', s.p->>'mode', s.p->>'origin',
       EXISTS (SELECT 1 FROM mi_live a WHERE a.game_id = s.game_id AND a.type = 'GameArchived'),
       (s.p->>'seed')::BIGINT, s.p->>'starting_player', NULL, n.events, c.game_id IS NOT NULL,
       (SELECT string_agg(r->>'seat', ',') FROM unnest(CAST(c.p->'results' AS JSON[])) AS u(r)
        WHERE (r->>'winner')::BOOLEAN),
       (SELECT max((r->>'fame')::INTEGER) FROM unnest(CAST(c.p->'results' AS JSON[])) AS u(r)),
       n.first_position, NULL, NULL, NULL, CASE WHEN c.game_id IS NULL THEN 'play' ELSE 'over' END, 'monster_inn',
       'base', n.started_at, s.p->>'catalog_hash', NULL
FROM started s JOIN span n USING (game_id) LEFT JOIN scored c USING (game_id)
"""

# one row per seat of a scored game: the common results and Monster Inn's own
SEATS = """
CREATE OR REPLACE TEMP TABLE mi_seats AS
WITH started AS (
    SELECT game_id, payload AS p FROM mi_live WHERE type = 'GameStarted'
), scored AS (
    SELECT game_id, CAST(payload->'results' AS JSON[]) AS results FROM mi_live WHERE type = 'GameScored'
)
SELECT c.game_id, i AS seat_index, c.results[i + 1] AS r, s.p->'players'->>i AS name_json,
       s.p->'players'->i->>'bot' AS bot, s.p->'players'->i->>'name' AS seat_name,
       json_array_length(s.p->'players') AS players, s.p->>'variant' AS variant,
       s.p->>'origin' AS origin,
       (i - list_position([x->>'seat' FOR x IN CAST(s.p->'players' AS JSON[])], s.p->>'starting_player') + 1
            + json_array_length(s.p->'players')) % json_array_length(s.p->'players') AS play_position
FROM scored c JOIN started s USING (game_id), unnest(range(len(c.results))) AS n(i)
"""

RESULTS = """
INSERT INTO player_results (game_id, color, seat, play_position, name, bot, strategy, players, variant, origin,
                            total, rank, won, game, ruleset)
SELECT game_id, r->>'seat', seat_index, play_position, coalesce(r->>'name', seat_name), bot,
       coalesce(bot, CASE WHEN coalesce(r->>'name', seat_name, '') = '' THEN 'human'
                          ELSE 'human: ' || coalesce(r->>'name', seat_name) END),
       players, variant, origin, (r->>'fame')::INTEGER, (r->>'rank')::INTEGER, (r->>'winner')::BOOLEAN,
       'monster_inn', 'base'
FROM mi_seats
"""

MI_RESULTS = """
INSERT INTO mi_results
SELECT game_id, r->>'seat', coalesce(bot, 'human'), players, variant, (r->>'fame')::INTEGER,
       (r->'lines'->>'monsters')::INTEGER, (r->'lines'->>'humanoids')::INTEGER, (r->'lines'->>'treasure')::INTEGER,
       (r->>'treasure')::INTEGER, (r->>'winner')::BOOLEAN
FROM mi_seats
"""

TAKES = """
INSERT INTO mi_takes
WITH clocked AS (
    SELECT *, sum(CASE WHEN type = 'InnDealt' THEN 1 ELSE 0 END) OVER (PARTITION BY game_id ORDER BY seq) AS round
    FROM mi_live
), taken AS (
    SELECT game_id, seq, round, payload->>'player' AS seat, payload->>'card' AS card,
           (payload->>'gold')::INTEGER + (payload->>'gem')::INTEGER AS pool,
           row_number() OVER (PARTITION BY game_id, round ORDER BY seq) AS leave_order
    FROM clocked WHERE type = 'Left'
)
SELECT t.game_id, t.seq, t.round, t.seat, coalesce(s.bot, 'human'), s.players, t.leave_order, t.card,
       CASE WHEN starts_with(t.card, 'm') THEN 'monster' ELSE 'humanoid' END, t.pool
FROM taken t JOIN mi_seats s ON s.game_id = t.game_id AND s.r->>'seat' = t.seat
"""


def stage(con, path_source: str) -> None:
    """Keep the batch's Monster Inn events (``path_source``: the batch's ``read_json(...)``) in ``mi_events``."""
    con.execute(STAGE.format(source=path_source))


def derive(con, first: int, undo: bool = True) -> None:
    """Derive the rows of every Monster Inn game with events at or after notification ``first`` (``undo``: each
    game's rows are derived again from the events that still count, so an undo needs no step of its own)."""
    con.execute(TOUCHED, {"first": first})
    for sql in [*CLEAR, LIVE, GAMES, SEATS, RESULTS, MI_RESULTS, TAKES]:
        con.execute(sql)


ONLY = only(__name__)  # its own aggregates hold its games only

#: Monster Inn's own aggregates (:mod:`projections.rollups`)
ROLLUPS: tuple[Rollup, ...] = (
    Rollup(
        "take_cells",  # who_leaves_first (Monster Inn)
        8,
        f"""
SELECT {CELL}, t.strategy, t.leave_order, count(*), count(*) FILTER (WHERE t.creature = 'monster'), sum(t.pool),
       sum(t.pool * t.pool)
FROM mi_takes AS t JOIN rollup_counted AS g USING (game_id)
WHERE {ONLY}
GROUP BY ALL
""",
    ),
    Rollup(
        "fame_cells",  # fame_by_treasure_kept (Monster Inn)
        7,
        f"""
SELECT {CELL}, r.treasure_kept, count(*), count(*) FILTER (WHERE r.won), sum(r.fame), sum(r.fame * r.fame),
       sum(r.monsters), sum(r.humanoids), sum(r.treasure_fame)
FROM mi_results AS r JOIN rollup_counted AS g USING (game_id)
WHERE {ONLY}
GROUP BY ALL
""",
    ),
)


__all__ = ["GAMES_TOUCHED", "ROLLUPS", "STAGED", "derive", "stage"]
