"""The DuckDB read models: table definitions shared by the projection (writer) and the analytics
(readers). One row shapes per table; every column is typed at ingest so questions never parse JSON
unless they want to (architecture §3). Colours are player colours ("red", "blue", "green", "yellow").
"""

from __future__ import annotations

import hashlib

TRACKING = """
CREATE TABLE IF NOT EXISTS projection_tracking (
    name VARCHAR PRIMARY KEY,      -- the projection ("read_models")
    position BIGINT NOT NULL       -- the last notification id applied, in the same transaction as the rows
)"""

TABLES: dict[str, str] = {
    # every event flattened, so new questions can be asked of old games
    "events": """
CREATE TABLE IF NOT EXISTS events (
    game_id VARCHAR, seq INTEGER,            -- event number within the game, from 1
    position BIGINT,                          -- notification id in the event store
    year INTEGER, season VARCHAR, combat_round INTEGER, phase VARCHAR,   -- the game's clock after the event
    type VARCHAR, kind VARCHAR,               -- e.g. 'TunnelDug', 'decision' | 'chance' | 'consequence'
    player VARCHAR,                           -- the colour the event is about (payload 'color'), or NULL
    payload JSON,
    undone BOOLEAN)                           -- its input was taken back by a later InputUndone""",
    "games": """
CREATE TABLE IF NOT EXISTS games (
    game_id VARCHAR PRIMARY KEY, players INTEGER, variant VARCHAR,   -- 'first_game' | 'full'
    mode VARCHAR,                             -- 'digital' | 'tabletop'
    origin VARCHAR,                           -- simulated | recorded | imported | forked | scenario | training
    archived BOOLEAN,                         -- taken out of the statistics (GameArchived)
    seed BIGINT, starting_player VARCHAR, scenario VARCHAR,   -- scenario name if it started from one
    events INTEGER, finished BOOLEAN, winners VARCHAR,        -- winners: comma-separated colours
    winning_score INTEGER,
    first_position BIGINT,                    -- notification id of the game's first event
    year INTEGER, season VARCHAR, combat_round INTEGER, phase VARCHAR,   -- where the game stands now
    game VARCHAR)                             -- the game's registry name ('dungeon_lords')""",
    "player_results": """
CREATE TABLE IF NOT EXISTS player_results (
    game_id VARCHAR, color VARCHAR, seat INTEGER,     -- seat: 0-based clockwise order of the players
    play_position INTEGER,                    -- 0 = starting player of the First Year, 1 = on their left...
    name VARCHAR, bot VARCHAR,                -- bot: NULL for people
    strategy VARCHAR,                         -- the bot, or derived from play (projections.strategy)
    players INTEGER, variant VARCHAR, origin VARCHAR,
    total INTEGER, rooms INTEGER, monsters INTEGER, prisoners INTEGER, conquered INTEGER,
    red_marks INTEGER, room_bonus INTEGER, titles INTEGER, hall_of_fame INTEGER,   -- score-card lines
    titles_won VARCHAR,                       -- comma-separated title ids
    exclusive_titles INTEGER, rank INTEGER, won BOOLEAN,
    final_evil INTEGER, peak_evil INTEGER, tiles INTEGER, rooms_built INTEGER, monsters_hired INTEGER,
    game VARCHAR)                             -- the game's registry name: common questions filter on it""",
    "paladins": """
CREATE TABLE IF NOT EXISTS paladins (
    game_id VARCHAR, seq INTEGER, year INTEGER, paladin VARCHAR, players INTEGER,
    event VARCHAR,                            -- 'arrived' | 'moved' | 'imprisoned' | 'released' | 'left'
    from_color VARCHAR, to_color VARCHAR,     -- imprisoned: to_color = captor; left: from_color = last host
    target_evil INTEGER)                      -- Evil of to_color right after the event (arrived/moved)""",
    "battles": """
CREATE TABLE IF NOT EXISTS battles (
    game_id VARCHAR, seq INTEGER,             -- seq of the BattleEnded
    year INTEGER, combat_round INTEGER, color VARCHAR,
    tile VARCHAR, room VARCHAR,               -- tile 'row,col'; room id or NULL for a tunnel
    traps VARCHAR, monsters VARCHAR,          -- comma-separated instance ids used
    damage_dealt INTEGER, eliminated INTEGER, conquered BOOLEAN)""",
    "damage": """
CREATE TABLE IF NOT EXISTS damage (
    game_id VARCHAR, seq INTEGER, year INTEGER, combat_round INTEGER, color VARCHAR,
    source_kind VARCHAR,                      -- 'trap' | 'monster' | 'fatigue' | 'poison'
    source VARCHAR,                           -- trap or monster TYPE id (e.g. 'rolling_stone', 'troll_y1'), or NULL
    target VARCHAR, amount INTEGER, prevented INTEGER)""",
    "orders": """
CREATE TABLE IF NOT EXISTS orders (
    game_id VARCHAR, seq INTEGER, year INTEGER, season VARCHAR, color VARCHAR,
    slot INTEGER,                             -- 0 = first order of the round
    card VARCHAR, space VARCHAR)              -- 'I' | 'II' | 'III', NULL when shut out (minion on the card)""",
    "evil": """
CREATE TABLE IF NOT EXISTS evil (
    game_id VARCHAR, seq INTEGER, year INTEGER, season VARCHAR, phase VARCHAR,
    color VARCHAR, evil INTEGER)              -- each player at the start, after a whole-state event (scenario,
                                              -- undo, correction) and at each EvilometerMoved""",
    # --- Monster Inn (its games and player_results rows are in the common tables above) ---------
    "mi_events": """
CREATE TABLE IF NOT EXISTS mi_events (
    game_id VARCHAR, seq INTEGER,             -- event number within the game, from 1
    position BIGINT,                          -- notification id in the event store
    type VARCHAR, payload JSON)               -- e.g. 'Left', its fields""",
    "mi_results": """
CREATE TABLE IF NOT EXISTS mi_results (
    game_id VARCHAR, seat VARCHAR,            -- 'p1'..'p5'
    strategy VARCHAR, players INTEGER, variant VARCHAR,   -- 'standard' | 'open_treasure'
    fame INTEGER,                             -- the total
    monsters INTEGER, humanoids INTEGER, treasure_fame INTEGER,   -- its lines: skulls alone; the skull
                                              -- differences under surviving humanoids (<= 0); 1 per 3 treasures
    treasure_kept INTEGER,                    -- pieces in the supply at the end (the tie-break; Support excluded)
    won BOOLEAN)""",
    "mi_takes": """
CREATE TABLE IF NOT EXISTS mi_takes (
    game_id VARCHAR, seq INTEGER, round INTEGER,
    seat VARCHAR, strategy VARCHAR, players INTEGER,
    leave_order INTEGER,                      -- 1 = the first to leave the round ... players = the last
    card VARCHAR,                             -- a monster id ('m7') or a humanoid's back ('h6-10')
    creature VARCHAR,                         -- 'monster' | 'humanoid'
    pool INTEGER)                             -- treasure taken with it (pieces of the Pool)""",
}


# the read models' shape: a file written under another shape is rebuilt from the log
SCHEMA_VERSION = hashlib.sha256("".join([TRACKING, *TABLES.values()]).encode()).hexdigest()[:16]


def create_all(con) -> None:
    """Create the tracking table and every read model (idempotent). Read models are disposable: if
    the file holds tables of an older shape (another :data:`SCHEMA_VERSION`), they are dropped with
    the tracking position, and the next projection run rebuilds them from the whole log."""
    con.execute("CREATE TABLE IF NOT EXISTS projection_schema (version VARCHAR)")
    stored = [r[0] for r in con.execute("SELECT version FROM projection_schema").fetchall()]
    existing = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    if stored != [SCHEMA_VERSION] and existing & {*TABLES, "projection_tracking"}:
        for table in [*TABLES, "projection_tracking"]:
            con.execute(f"DROP TABLE IF EXISTS {table}")
    if stored != [SCHEMA_VERSION]:
        con.execute("DELETE FROM projection_schema")
        con.execute("INSERT INTO projection_schema VALUES (?)", [SCHEMA_VERSION])
    con.execute(TRACKING)
    for ddl in TABLES.values():
        con.execute(ddl)
