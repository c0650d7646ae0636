"""The DuckDB read models: table definitions shared by the projection (writer) and the analytics
(readers). One row shapes per table; every column is typed at ingest so questions never parse JSON
unless they want to (stack.md §2g). Colours are player colours ("red", "blue", "green", "yellow").
"""
from __future__ import annotations

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
    payload JSON)""",
    "games": """
CREATE TABLE IF NOT EXISTS games (
    game_id VARCHAR PRIMARY KEY, players INTEGER, variant VARCHAR,   -- 'first_game' | 'full'
    mode VARCHAR,                             -- 'digital' | 'tabletop'
    origin VARCHAR,                           -- 'simulated' (bots) | 'recorded' (people)
    seed BIGINT, starting_player VARCHAR, scenario VARCHAR,   -- scenario name if it started from one
    events INTEGER, finished BOOLEAN, winners VARCHAR,        -- winners: comma-separated colours
    winning_score INTEGER,
    first_position BIGINT,                    -- notification id of the game's first event
    year INTEGER, season VARCHAR, combat_round INTEGER, phase VARCHAR)   -- where the game stands now""",
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
    final_evil INTEGER, peak_evil INTEGER, tiles INTEGER, rooms_built INTEGER, monsters_hired INTEGER)""",
    "paladins": """
CREATE TABLE IF NOT EXISTS paladins (
    game_id VARCHAR, seq INTEGER, year INTEGER, paladin VARCHAR, players INTEGER,
    event VARCHAR,                            -- 'arrived' | 'moved' | 'imprisoned' | 'released' | 'left'
    from_color VARCHAR, to_color VARCHAR,     -- imprisoned: to_color = captor; left: from_color = last host
    target_evil INTEGER)                      -- Evil of to_color right after the event (arrived/moved)""",
    "battles": """
CREATE TABLE IF NOT EXISTS battles (
    game_id VARCHAR, year INTEGER, combat_round INTEGER, color VARCHAR,
    tile VARCHAR, room VARCHAR,               -- tile 'row,col'; room id or NULL for a tunnel
    traps VARCHAR, monsters VARCHAR,          -- comma-separated instance ids used
    damage_dealt INTEGER, eliminated INTEGER, conquered BOOLEAN)""",
    "damage": """
CREATE TABLE IF NOT EXISTS damage (
    game_id VARCHAR, year INTEGER, combat_round INTEGER, color VARCHAR,
    source_kind VARCHAR,                      -- 'trap' | 'monster' | 'fatigue' | 'poison'
    source VARCHAR,                           -- trap or monster TYPE id (e.g. 'rolling_stone', 'troll_y1'), or NULL
    target VARCHAR, amount INTEGER, prevented INTEGER)""",
    "orders": """
CREATE TABLE IF NOT EXISTS orders (
    game_id VARCHAR, year INTEGER, season VARCHAR, color VARCHAR,
    slot INTEGER,                             -- 0 = first order of the round
    card VARCHAR, space VARCHAR)              -- 'I' | 'II' | 'III', NULL when shut out (minion on the card)""",
    "evil": """
CREATE TABLE IF NOT EXISTS evil (
    game_id VARCHAR, seq INTEGER, year INTEGER, season VARCHAR, phase VARCHAR,
    color VARCHAR, evil INTEGER)              -- each player at the start, after a whole-state event (scenario,
                                              -- undo, correction) and at each EvilometerMoved""",
}


def create_all(con) -> None:
    """Create the tracking table and every read model (idempotent)."""
    con.execute(TRACKING)
    for ddl in TABLES.values():
        con.execute(ddl)
