"""The DuckDB read models: table definitions shared by the projection (writer) and the analytics
(readers), each table and column documented once here. The documentation is written into the database
(``COMMENT ON``: ``dungeon-lords stats --schema`` prints it, ``duckdb_columns().comment`` holds it) and
into ``docs/analytics.md``. Every column is typed at ingest so questions never parse JSON unless they
want to (architecture §5). Colours are player colours ("red", "blue", "green", "yellow").
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

TRACKING = """
CREATE TABLE IF NOT EXISTS projection_tracking (
    name VARCHAR PRIMARY KEY,      -- the projection ("read_models")
    position BIGINT NOT NULL       -- the last notification id applied, in the same transaction as the rows
)"""


#: per game, the last event the read models projected: its number and chain hash (architecture §6), written in
#: the same transaction as the rows, so that `audit` can tell a log whose end was cut after it was projected
WITNESS = """
CREATE TABLE IF NOT EXISTS projection_witness (
    game_id VARCHAR PRIMARY KEY,   -- the game's id in the event store
    seq INTEGER NOT NULL,          -- the number of the last of its events projected
    chain VARCHAR                  -- that event's chain hash as stored
)"""


#: the last notification the read models applied, as the store held it: its id, whose event it was and a digest of
#: its stored bytes (which hold the event's chain hash). Written in the projection's transaction and checked
#: before every answer, so that read models that went on from a copy of the store (or a log that diverged since)
#: are refused rather than mixed with this store's events (issue #31)
HEAD = """
CREATE TABLE IF NOT EXISTS projection_head (
    name VARCHAR PRIMARY KEY,      -- the projection ("read_models")
    position BIGINT NOT NULL,      -- the notification id (as projection_tracking.position)
    originator_id VARCHAR,         -- the stream (game) the notification belongs to
    originator_version BIGINT,     -- its number in that stream
    digest VARCHAR                 -- sha256 of the stored event's bytes; NULL once that game was deleted
)"""


@dataclass(frozen=True)
class Table:
    """One read model: what one row stands for (its grain), and its columns ``(name, type, meaning)``."""

    name: str
    grain: str
    columns: tuple[tuple[str, str, str], ...]
    key: str = ""  # a PRIMARY KEY column, if any

    @property
    def ddl(self) -> str:
        cols = ",\n    ".join(f"{n} {t}{' PRIMARY KEY' if n == self.key else ''}" for n, t, _ in self.columns)
        return f"CREATE TABLE IF NOT EXISTS {self.name} (\n    {cols})"


_V, _I, _B, _J, _T, _BIG = "VARCHAR", "INTEGER", "BOOLEAN", "JSON", "TIMESTAMP", "BIGINT"
_GAME_ID = ("game_id", _V, "the game's id in the event store (a UUID)")
#: the dimensions of every aggregate: the filters it can answer (analytics.cells_predicate)
_CELL = (
    ("game", _V, "the game's registry name"),
    ("ruleset", _V, "the games' ruleset"),
    ("variant", _V, "the games' variant"),
    ("players", _I, "the number of players"),
    ("origin", _V, "the games' origin"),
    ("day", "DATE", "the day the games started (UTC; games.started_at)"),
)
_LINES = ("rooms", "monsters", "prisoners", "conquered", "red_marks", "room_bonus", "titles", "hall_of_fame", "total")

SPECS: tuple[Table, ...] = (
    Table(
        "events",
        "one row per stored event of a Dungeon Lords game (every event flattened, so new questions can be "
        "asked of old games)",
        (
            _GAME_ID,
            ("seq", _I, "event number within the game, from 1"),
            ("position", _BIG, "notification id in the event store (the total order of all games' events)"),
            ("year", _I, "the Year after the event (1 or 2)"),
            ("season", _V, "the season after the event: winter, spring, summer, fall (festival in five-season games)"),
            ("combat_round", _I, "the Combat round after the event (0 outside Combat)"),
            ("phase", _V, "the phase after the event ('setup', 'orders', ..., 'over')"),
            ("type", _V, "the event type, e.g. 'TunnelDug'"),
            ("kind", _V, "'decision' | 'chance' | 'consequence'"),
            ("player", _V, "the colour the event is about (payload 'color'), or NULL"),
            ("payload", _J, "the event's fields as stored"),
            ("undone", _B, "its input was taken back by a later InputUndone or superseded by an InputCorrected"),
            ("recorded_at", _T, "when the event was stored (UTC); filled for a game's first event (seq 1)"),
        ),
    ),
    Table(
        "games",
        "one row per game of any game (Dungeon Lords and Monster Inn), as it stands now",
        (
            _GAME_ID,
            ("players", _I, "the number of players"),
            ("variant", _V, "the rules variant: 'first_game' | 'full' (Monster Inn 'standard' | 'open_treasure')"),
            ("mode", _V, "'digital' (the engine draws) | 'tabletop' (draws recorded from the table)"),
            ("origin", _V, "where the game comes from: simulated | recorded | imported | forked | scenario | training"),
            ("archived", _B, "taken out of the statistics (GameArchived); every question leaves it out"),
            (
                "seed",
                _BIG,
                "the seed of a finished digital game; NULL while it is in progress (it would predict every draw: "
                "architecture §4) and for a tabletop game",
            ),
            ("starting_player", _V, "the colour (seat) that started the First Year"),
            ("scenario", _V, "the scenario's name if the game started from one, else NULL"),
            ("events", _I, "the number of events stored for the game"),
            ("finished", _B, "the game was scored; questions count finished games only"),
            ("winners", _V, "the winners' colours, comma-separated (more than one: a shared victory)"),
            ("winning_score", _I, "the winners' final score (Monster Inn: the highest Fame)"),
            ("first_position", _BIG, "notification id of the game's first event"),
            ("year", _I, "where the game stands now: the Year (NULL for Monster Inn)"),
            ("season", _V, "where the game stands now: the season (NULL for Monster Inn)"),
            ("combat_round", _I, "where the game stands now: the Combat round (NULL for Monster Inn)"),
            ("phase", _V, "where the game stands now: the phase ('over' once scored)"),
            ("game", _V, "the game's registry name (as --game names it, with '_' for '-')"),
            ("ruleset", _V, "the rules modules played, joined with '+' in registration order; 'base' for none"),
            ("started_at", _T, "when the game's first event was stored (UTC): what --since and --until compare"),
            ("catalog_hash", _V, "the content hash of the component catalog the game was played with"),
            ("first_year", _I, "the Year the game's log starts in: 1, or a scenario's Year (NULL for Monster Inn)"),
        ),
        key="game_id",
    ),
    Table(
        "player_results",
        "one row per seat of a finished (scored) game: its score card and who played it",
        (
            _GAME_ID,
            ("color", _V, "the seat's colour (Monster Inn: 'p1'..'p5')"),
            ("seat", _I, "0-based clockwise order of the seats"),
            ("play_position", _I, "0 = starting player of the First Year, 1 = on their left, ..."),
            ("name", _V, "the player's name as given"),
            ("bot", _V, "the bot that played the seat, NULL for a person"),
            ("strategy", _V, "the bot's name; for a person 'human' or 'human: NAME' (with the name given)"),
            ("players", _I, "the number of players in the game"),
            ("variant", _V, "the game's rules variant"),
            ("origin", _V, "the game's origin (as in games)"),
            ("total", _I, "the final score (Monster Inn: Fame)"),
            ("rooms", _I, "score line: unconquered rooms"),
            ("monsters", _I, "score line: monsters"),
            ("prisoners", _I, "score line: imprisoned adventurers (paladins 5)"),
            ("conquered", _I, "score line: conquered tiles (negative)"),
            ("red_marks", _I, "score line: red marks (negative)"),
            ("room_bonus", _I, "score line: point-scoring rooms"),
            ("titles", _I, "score line: titles"),
            ("hall_of_fame", _I, "score line: Hall of Fame"),
            ("titles_won", _V, "the title ids won, comma-separated"),
            ("exclusive_titles", _I, "titles won alone"),
            ("rank", _I, "1 = first place (ties share a rank)"),
            ("won", _B, "the seat won, alone or shared"),
            ("final_evil", _I, "Evil at the end"),
            ("peak_evil", _I, "highest Evil reached during the game"),
            ("tiles", _I, "built squares in the final dungeon (tunnels and rooms, starting ones too)"),
            ("rooms_built", _I, "RoomBuilt events of the seat"),
            ("monsters_hired", _I, "MonsterHired events of the seat"),
            ("game", _V, "the game's registry name: common questions filter on it"),
            ("ruleset", _V, "the game's ruleset (as in games)"),
            (
                "derived_strategy",
                _V,
                "the strategy the seat's play looks like, by the rule of the game's projection (peak Evil, rooms "
                "built, monsters hired, tiles); every Dungeon Lords seat, bots too (NULL for Monster Inn)",
            ),
        ),
    ),
    Table(
        "paladins",
        "one row per move of a paladin: arrived, moved, imprisoned, released, left, sent away",
        (
            _GAME_ID,
            ("seq", _I, "the event's number in the game"),
            ("year", _I, "the Year"),
            ("paladin", _V, "which paladin ('paladin_y1', 'paladin_y2')"),
            ("players", _I, "the number of players in the game"),
            (
                "event",
                _V,
                "'arrived' | 'moved' | 'imprisoned' | 'released' | 'left' | 'sent_away' (2 players, Festival "
                "Season: dealt to the non-player colour, he goes at once to the Distant Lands)",
            ),
            ("from_color", _V, "moved: the dungeon he left; left: his last host; sent_away: his host, if any"),
            ("to_color", _V, "arrived, moved: the dungeon he went to; imprisoned: the captor"),
            ("target_evil", _I, "Evil of to_color right after the event (arrived, moved)"),
        ),
    ),
    Table(
        "battles",
        "one row per battle (one dungeon's tile fought over in one Combat round)",
        (
            _GAME_ID,
            ("seq", _I, "the number of its BattleEnded"),
            ("year", _I, "the Year"),
            ("combat_round", _I, "the Combat round"),
            ("color", _V, "whose dungeon"),
            ("tile", _V, "the tile fought on, 'row,col'"),
            ("room", _V, "the room's id, NULL for a tunnel"),
            ("traps", _V, "trap instance ids used, comma-separated"),
            ("monsters", _V, "monster instance ids used, comma-separated"),
            ("damage_dealt", _I, "damage counters put on adventurers"),
            ("eliminated", _I, "adventurers imprisoned"),
            ("conquered", _B, "the tile was conquered"),
            ("courage_tokens", _I, "Festival Season: Courage tokens the bards gave at the Bard Step (0 without bards)"),
        ),
    ),
    Table(
        "damage",
        "one row per DamageDealt (one hit on one adventurer)",
        (
            _GAME_ID,
            ("seq", _I, "the event's number"),
            ("year", _I, "the Year"),
            ("combat_round", _I, "the Combat round"),
            ("color", _V, "whose dungeon"),
            ("source_kind", _V, "'trap' | 'monster' | 'fatigue' | 'poison'"),
            ("source", _V, "the trap or monster TYPE id (e.g. 'rolling_stone', 'troll_y1'), or NULL"),
            ("target", _V, "the adventurer hit"),
            ("amount", _I, "damage counters dealt, after prevention"),
            ("prevented", _I, "damage stopped (disarm, Magic Shield, Song of Courage, invisibility, Courage tokens)"),
            (
                "prevented_by",
                _V,
                "what stopped it last: 'disarm' | 'shield' | 'courage' | 'invisible' | 'courage_token' | '' (none)",
            ),
            (
                "courage_used",
                _I,
                "Festival Season: of prevented, the counters cancelled by the target's Courage tokens",
            ),
        ),
    ),
    Table(
        "festival_bids",
        "one row per player's bid at a Festival (Festival Season's fifth round), written when the Festival ends",
        (
            _GAME_ID,
            ("seq", _I, "the number of its FestivalEnded"),
            ("year", _I, "the Year"),
            ("color", _V, "the bidder"),
            ("imps", _I, "imps sent (0 too: every player bids)"),
            ("place", _I, "1 = picked first, 2 = second ... (NULL: sent no imp, so no pick)"),
            ("offered", _I, "the prizes (opportunity boards) offered at this Festival"),
            ("outcome", _V, "'taken' (a board and its prize) | 'declined' (took nothing) | 'no_pick' (sent no imp)"),
            ("board", _V, "the opportunity board taken, or NULL"),
            ("prize", _V, "its prize ('food', 'gold', 'dig_tunnel' ...), or NULL"),
        ),
    ),
    Table(
        "pets_held",
        "one row per Pet Card a player still held (unused, in the Pet Box) when a game was scored",
        (
            _GAME_ID,
            ("seq", _I, "the number of its GameScored"),
            ("color", _V, "who held it"),
            ("pet", _V, "the Pet Card id, e.g. 'pet_07'"),
        ),
    ),
    Table(
        "trap_installs",
        "one row per event of a trap installed on a tile (Festival Season's Install Traps): installed, sprung "
        "(in a battle on its tile), discarded (its tile altered)",
        (
            _GAME_ID,
            ("seq", _I, "the event's number"),
            ("year", _I, "the Year"),
            ("combat_round", _I, "the Combat round (sprung), else 0"),
            ("color", _V, "whose dungeon"),
            ("event", _V, "'installed' (TrapInstalled) | 'sprung' (TrapSprung in a battle on its tile) | 'discarded'"),
            ("trap", _V, "the trap card's type id, e.g. 'rolling_stone'"),
            ("card", _V, "the trap card's instance id"),
        ),
    ),
    Table(
        "orders",
        "one row per minion placed on an action space from a player's orders (not the non-player colour's)",
        (
            _GAME_ID,
            ("seq", _I, "the event's number"),
            ("year", _I, "the Year"),
            ("season", _V, "the season"),
            ("color", _V, "the player"),
            ("slot", _I, "0 = the first order of the round"),
            ("card", _V, "the order card (action), e.g. 'dig_tunnels'"),
            ("space", _V, "'I' | 'II' | 'III', NULL when shut out (the minion stayed on the card)"),
        ),
    ),
    Table(
        "evil",
        "one row per Evil Marker position: at the start, after a whole-state event (scenario, undo, correction) "
        "and at each EvilometerMoved",
        (
            _GAME_ID,
            ("seq", _I, "the event's number"),
            ("year", _I, "the Year"),
            ("season", _V, "the season"),
            ("phase", _V, "the phase"),
            ("color", _V, "the player"),
            ("evil", _I, "the player's Evil"),
        ),
    ),
    Table(
        "seat_cells",
        "an aggregate kept by the projection in the same transaction as the rows (projections/rollups.py): one "
        "row per game, ruleset, variant, player count, origin, day, strategy, play position and outcome, with "
        "its seats, wins and score lines summed; win_rate_by_strategy, seat_advantage and score_breakdown read it "
        "when their filters allow (no --strategy; --since/--until on whole days)",
        (
            *_CELL,
            ("strategy", _V, "player_results.strategy ('(none)' if NULL)"),
            ("derived_strategy", _V, "the strategy --derived-strategy counts: a person's derived one, a bot's own"),
            ("play_position", _I, "0 = starting player of the First Year, ..."),
            ("won", _B, "the seats won (alone or shared)"),
            ("sharers", _I, "a won seat: how many seats won its game (1 alone, k a k-way shared victory); else 0"),
            ("seats", _BIG, "finished, non-archived player-games in the cell"),
            ("wins", _BIG, "of those, the ones won (alone or shared)"),
            *((f"sum_{line}", "HUGEINT", f"the sum of the score line {line} over those seats") for line in _LINES),
            ("sq_total", "HUGEINT", "the sum of the squares of the final scores (score_breakdown's interval)"),
        ),
    ),
    Table(
        "pair_cells",
        "an aggregate kept like seat_cells: one row per game, ruleset, variant, player count, origin, day, "
        "way of counting people's seats and ordered pair of strategies (A, B) that met; head_to_head reads it",
        (
            *_CELL,
            ("derived", _B, "false: seats under player_results.strategy; true: people's seats under their derived one"),
            ("strategy_a", _V, "the first strategy"),
            ("strategy_b", _V, "the other strategy"),
            ("games", _BIG, "finished, non-archived games in which both were played"),
            ("meetings", _BIG, "pairs of seats (one A, one B) in those games"),
            ("a_ahead", _BIG, "meetings in which A finished ahead of B"),
            ("b_ahead", _BIG, "meetings in which B finished ahead of A"),
            ("ties", _BIG, "meetings with the same rank"),
        ),
    ),
    Table(
        "paladin_cells",
        "an aggregate kept like seat_cells, of Dungeon Lords games: one row per game, ruleset, variant, player "
        "count, origin, day, Year and target Evil (NULL on the rows counting games); paladin_frequency reads it",
        (
            *_CELL,
            ("year", _I, "the Year"),
            ("target_evil", _I, "NULL: the row counts games; else an Evil his target had after an arrival or move"),
            ("games", _BIG, "finished, non-archived games that played this Year (rows with target_evil NULL)"),
            ("arrived", _BIG, "of those, the games in which the paladin arrived at a dungeon this Year"),
            ("captured", _BIG, "of those, the games in which he was imprisoned this Year"),
            ("targets", _BIG, "arrivals and moves after which his target had this Evil"),
        ),
    ),
    Table(
        "conquest_cells",
        "an aggregate kept like seat_cells, of Dungeon Lords games: one row per game, ruleset, variant, player "
        "count, origin, day, unit (a game, a player's dungeon) and number of tiles conquered; conquered_tiles "
        "reads it",
        (
            *_CELL,
            ("per", _V, "'game': all dungeons of a game together | 'player': one dungeon"),
            ("tiles", _BIG, "tiles conquered"),
            ("n", _BIG, "finished, non-archived games (or dungeons) with that many tiles conquered"),
        ),
    ),
    Table(
        "damage_cells",
        "an aggregate kept like seat_cells, of Dungeon Lords games: one row per game, ruleset, variant, player "
        "count, origin, day and damage source (traps and monsters); damage_by_source reads it",
        (
            *_CELL,
            ("source_kind", _V, "'trap' | 'monster'"),
            ("source", _V, "the trap card or monster type id"),
            ("uses", _BIG, "distinct battles (game, Year, combat round, dungeon) in which it dealt damage"),
            ("hits", _BIG, "damage events"),
            ("total_damage", _BIG, "damage counters dealt, after prevention"),
            ("prevented", _BIG, "damage stopped"),
        ),
    ),
    Table(
        "order_cells",
        "an aggregate kept like seat_cells, of Dungeon Lords games: one row per game, ruleset, variant, player "
        "count, origin, day, season and order card; orders_by_season reads it",
        (
            *_CELL,
            ("season", _V, "the season"),
            ("card", _V, "the order card (action)"),
            ("plays", _BIG, "times a player played it (minions placed from players' orders)"),
            ("space_i", _BIG, "of those, the plays that got space I"),
            ("space_ii", _BIG, "the plays that got space II"),
            ("space_iii", _BIG, "the plays that got space III"),
            ("shut_out", _BIG, "the plays shut out (the minion stayed on the order card)"),
            ("score", "HUGEINT", "the sum of the final score of the player, per play"),
            ("wins", _BIG, "plays made by a player who went on to win (alone or shared)"),
            ("score_sq", "HUGEINT", "the sum of the squares of those final scores (avg_score's interval)"),
        ),
    ),
    Table(
        "prize_cells",
        "an aggregate kept like seat_cells, of Dungeon Lords games: one row per game, ruleset, variant, player "
        "count, origin, day, bid (imps sent to a Festival) and what it won; festival_prize_by_bid reads it",
        (
            *_CELL,
            ("imps", _I, "imps sent"),
            ("prize", _V, "the prize taken, '(declined)' or '(no pick)'"),
            ("times", _BIG, "bids of this size that won this (one player at one Festival)"),
            ("placed", _BIG, "of those, the ones with a place in the pick order"),
            ("sum_place", _BIG, "the sum of their places (1 = picked first)"),
            ("wins", _BIG, "of those bids, the ones made by a player who went on to win the game"),
        ),
    ),
    Table(
        "pet_cells",
        "an aggregate kept like seat_cells, of Dungeon Lords games with a Pet deck: one row per game, ruleset, "
        "variant, player count, origin, day and Pet Card (NULL on the rows counting every seat); pets_by_winner "
        "reads it",
        (
            *_CELL,
            ("pet", _V, "the Pet Card id; NULL: the row counts every seat of the games"),
            ("seats", _BIG, "pet NULL: finished, non-archived player-games; else those that ended holding the pet"),
            ("wins", _BIG, "of those seats, the ones that won (alone or shared)"),
        ),
    ),
    Table(
        "paladin_year_cells",
        "an aggregate kept like seat_cells, of Dungeon Lords games: one row per game, ruleset, variant, player "
        "count, origin, day, Year and paladin (NULL on the rows counting games); paladins_per_year reads it",
        (
            *_CELL,
            ("year", _I, "the Year"),
            ("paladin", _V, "the paladin; NULL: the row counts the games that played the Year"),
            ("games", _BIG, "finished, non-archived games that played this Year (rows with paladin NULL)"),
            ("came", _BIG, "games in which this paladin came into play (arrived, or was sent away)"),
            ("imprisoned", _BIG, "of those, the games in which his journey ended in a prison"),
            ("released", _BIG, "... in which he was imprisoned, then released"),
            ("departed", _BIG, "... in which he left for the Distant Lands after Combat"),
            ("sent_away", _BIG, "... in which he was sent away at once (2 players)"),
        ),
    ),
    Table(
        "courage_cells",
        "an aggregate kept like seat_cells, of Dungeon Lords games with bards: one row per game, ruleset, "
        "variant, player count, origin, day and Year; courage_prevented reads it",
        (
            *_CELL,
            ("year", _I, "the Year"),
            ("battles", _BIG, "battles fought"),
            ("tokens_given", _BIG, "Courage tokens the bards gave"),
            ("courage_used", _BIG, "damage counters cancelled by Courage tokens"),
            ("courage_hits", _BIG, "hits in which a Courage token was used"),
            ("from_traps", _BIG, "of courage_used, the counters aimed by traps"),
            ("from_monsters", _BIG, "of courage_used, the counters aimed by monsters"),
            ("damage", _BIG, "damage counters dealt, after prevention"),
            ("prevented", _BIG, "damage counters stopped by any means"),
        ),
    ),
    Table(
        "install_cells",
        "an aggregate kept like seat_cells, of Dungeon Lords games: one row per game, ruleset, variant, player "
        "count, origin, day and trap card type installed; installed_traps reads it",
        (
            *_CELL,
            ("trap", _V, "the trap card type"),
            ("installed", _BIG, "times it was installed"),
            ("sprung", _BIG, "times an installed one sprang"),
            ("discarded", _BIG, "times an installed one was discarded unsprung"),
            ("sum_round", _BIG, "the sum of the Combat rounds in which they sprang"),
        ),
    ),
    Table(
        "round_cells",
        "an aggregate kept like seat_cells, of Dungeon Lords games: one row per game, ruleset, variant, player "
        "count, origin, day, Year and Combat round (NULL on the rows counting games); conquests_by_round reads it",
        (
            *_CELL,
            ("year", _I, "the Year"),
            ("combat_round", _I, "the Combat round; NULL: the row counts the games that played the Year"),
            ("games", _BIG, "finished, non-archived games that played this Year (rows with combat_round NULL)"),
            ("battles", _BIG, "battles fought in this round"),
            ("conquered", _BIG, "tiles conquered in this round"),
        ),
    ),
    Table(
        "take_cells",
        "an aggregate kept like seat_cells, of Monster Inn games: one row per game, ruleset, variant, player "
        "count, origin, day, strategy and place in the order of leaving a round; who_leaves_first reads it",
        (
            *_CELL,
            ("strategy", _V, "mi_takes.strategy"),
            ("leave_order", _I, "1 = the first to leave the round"),
            ("takes", _BIG, "creatures taken at that place"),
            ("monsters", _BIG, "of those, the monsters"),
            ("pool", "HUGEINT", "the treasure taken with them (pieces of the Pool)"),
            ("pool_sq", "HUGEINT", "the sum of the squares of the treasure taken per creature (avg_pool's interval)"),
        ),
    ),
    Table(
        "fame_cells",
        "an aggregate kept like seat_cells, of Monster Inn games: one row per game, ruleset, variant, player "
        "count, origin, day and treasure kept at the end; fame_by_treasure_kept reads it",
        (
            *_CELL,
            ("treasure_kept", _I, "pieces in the player's supply at the end"),
            ("seats", _BIG, "finished, non-archived player-games that kept that many"),
            ("wins", _BIG, "of those, the ones won (alone or shared)"),
            ("fame", "HUGEINT", "the sum of their total Fame"),
            ("fame_sq", "HUGEINT", "the sum of the squares of their total Fame (avg_fame's interval)"),
            ("monsters", "HUGEINT", "the sum of their Fame from monsters alone"),
            ("humanoids", "HUGEINT", "the sum of their Fame lost to surviving humanoids"),
            ("treasure_fame", "HUGEINT", "the sum of their Fame from treasure"),
        ),
    ),
    Table(
        "mi_events",
        "one row per stored event of a Monster Inn game",
        (
            _GAME_ID,
            ("seq", _I, "event number within the game, from 1"),
            ("position", _BIG, "notification id in the event store"),
            ("type", _V, "the event type, e.g. 'Left'"),
            ("payload", _J, "its fields"),
            ("recorded_at", _T, "when the event was stored (UTC); filled for a game's first event (seq 1)"),
        ),
    ),
    Table(
        "mi_results",
        "one row per seat of a finished Monster Inn game",
        (
            _GAME_ID,
            ("seat", _V, "'p1'..'p5'"),
            ("strategy", _V, "the bot, or 'human'"),
            ("players", _I, "the number of players"),
            ("variant", _V, "'standard' | 'open_treasure'"),
            ("fame", _I, "the total"),
            ("monsters", _I, "Fame line: skulls of monsters alone"),
            ("humanoids", _I, "Fame line: the skull differences under surviving humanoids (<= 0)"),
            ("treasure_fame", _I, "Fame line: 1 per 3 treasures"),
            ("treasure_kept", _I, "pieces in the supply at the end (the tie-break; Support excluded)"),
            ("won", _B, "the seat won, alone or shared"),
        ),
    ),
    Table(
        "mi_takes",
        "one row per creature taken when a Monster Inn player leaves a round",
        (
            _GAME_ID,
            ("seq", _I, "the event's number"),
            ("round", _I, "the round"),
            ("seat", _V, "who left"),
            ("strategy", _V, "the bot, or 'human'"),
            ("players", _I, "the number of players"),
            ("leave_order", _I, "1 = the first to leave the round ... players = the last"),
            ("card", _V, "a monster id ('m7') or a humanoid's back ('h6-10')"),
            ("creature", _V, "'monster' | 'humanoid'"),
            ("pool", _I, "treasure taken with it (pieces of the Pool)"),
        ),
    ),
)

#: table name -> its CREATE TABLE statement
TABLES: dict[str, str] = {t.name: t.ddl for t in SPECS}
#: table name -> its spec (grain and documented columns)
SPEC: dict[str, Table] = {t.name: t for t in SPECS}

# the read models' shape: a file written under another shape is rebuilt from the log
SCHEMA_VERSION = hashlib.sha256(
    "".join([TRACKING, WITNESS, HEAD, *TABLES.values(), *(t.grain + str(t.columns) for t in SPECS)]).encode()
).hexdigest()[:16]


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def comment_all(con) -> None:
    """``COMMENT ON`` every read model and every column of it, from :data:`SPECS`."""
    for t in SPECS:
        con.execute(f"COMMENT ON TABLE {t.name} IS {_quote(t.grain)}")
        for name, _, doc in t.columns:
            con.execute(f"COMMENT ON COLUMN {t.name}.{name} IS {_quote(doc)}")


def create_all(con) -> None:
    """Create the tracking table and every read model (idempotent), with their comments. Read models are
    disposable: if the file holds tables of an older shape (another :data:`SCHEMA_VERSION`), they are
    dropped with the tracking position, and the next projection run rebuilds them from the whole log.

    In one transaction of its own (call it outside one): on a new file, each of its few hundred statements on
    its own was a commit, a write of the file's log (0.5-3 s of wall clock on a loaded machine)."""
    con.execute("BEGIN TRANSACTION")
    try:
        _create_all(con)
    except BaseException:
        import duckdb

        try:
            con.execute("ROLLBACK")
        except duckdb.Error:  # the failure ended the transaction already
            pass
        raise
    con.execute("COMMIT")


def _create_all(con) -> None:
    con.execute("CREATE TABLE IF NOT EXISTS projection_schema (version VARCHAR)")
    stored = [r[0] for r in con.execute("SELECT version FROM projection_schema").fetchall()]
    existing = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    if stored != [SCHEMA_VERSION] and existing & {*TABLES, "projection_tracking"}:
        for table in [*TABLES, "projection_tracking", "projection_witness", "projection_head"]:
            con.execute(f"DROP TABLE IF EXISTS {table}")
    fresh = stored != [SCHEMA_VERSION] or not set(TABLES) <= existing
    if stored != [SCHEMA_VERSION]:
        con.execute("DELETE FROM projection_schema")
        con.execute("INSERT INTO projection_schema VALUES (?)", [SCHEMA_VERSION])
    con.execute(TRACKING)
    con.execute(WITNESS)
    con.execute(HEAD)
    for ddl in TABLES.values():
        con.execute(ddl)
    if fresh:
        comment_all(con)


def describe(con) -> list[tuple[str, str, str, str]]:
    """The documented schema as the database holds it: ``(table, column, type, comment)`` rows, a table's
    own row first with column ``''`` (from DuckDB's catalog: ``duckdb_tables()``, ``duckdb_columns()``)."""
    order = {t.name: i for i, t in enumerate(SPECS)}
    tables = con.execute(
        "SELECT table_name, comment FROM duckdb_tables() "
        "WHERE schema_name = 'main' AND database_name = current_database()"
    ).fetchall()
    cols = con.execute(
        "SELECT table_name, column_name, data_type, comment, column_index FROM duckdb_columns() "
        "WHERE schema_name = 'main' AND database_name = current_database() ORDER BY table_name, column_index"
    ).fetchall()
    out = []
    for table, comment in sorted(tables, key=lambda r: (order.get(r[0], 99), r[0])):
        if table not in order:
            continue
        out.append((table, "", "", comment or ""))
        out += [(t, c, ty, cm or "") for t, c, ty, cm, _ in cols if t == table]
    return out
