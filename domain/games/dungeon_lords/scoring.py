"""Final scoring: the Overview Card's lines, the seven titles and the winner(s).

    score(state)            -> [PlayerScore, ...]   one per player, in seat order
    describe_scores(scores) -> str                  a small plain-text table

A pure function of :class:`~domain.games.dungeon_lords.state.GameState` and the catalog; it does not check that
the game is over (a projection may show the standings mid-game). Rules: Rulebook › Scoring,
› Titles, › Winning the Game, and the appendix › Point-Scoring Rooms.

Readings the rulebook leaves open (each also pinned by a test in ``tests/games/dungeon_lords/test_scoring.py``):

* **A title when the best count is 0** (e.g. nobody has a monster). Rulebook › Titles only
  compares the players: "Titles are given to players who have the most in selected categories.
  If one player has the most, then the title is exclusive [...]. If 2 or more players have the
  most, then they have to share the title". It sets no minimum, and the Battlelord ("the fewest
  conquered tiles") plainly rewards a count of 0. So the title goes to every player tied at the
  best count *even when that count is 0*: if nobody has a monster, everybody shares the
  Monsterlord; if one player has a single monster and the others none, that player's Monsterlord
  is exclusive. (Giving a title to everybody or to nobody changes no ranking; it only moves
  the totals, and so who passes the licence test of Rulebook › Winning the Game.)
* **Monsters knocked out in the last Combat** still score, and still count for titles and the
  Cafeteria/Chapel/Pandemonium: "Don't forget to turn your Monster (or Ghost) Tiles face up
  after the Second Year's Combat. Those monsters just love to be scored." (appendix
  › Point-Scoring Rooms; also Rulebook › Scoring: "They should all be face up again").
* **Hall of Fame**, as printed (appendix › Point-Scoring Rooms › Hall of Fame): "For each
  exclusive title you earn, you gain an additional 2 points (or 1 point in a three- or
  two-player game)" -- so 2 per exclusive title with 4 players, 1 with 2 or 3 players; shared
  titles give nothing; and, like every point-scoring room, only if it is unconquered.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field

from .catalog import Catalog
from .dungeon import tiles
from .phases.common import catalog
from .ruleset import MODULES
from .score_card import ScoreCard, ScoreLine
from .state import GameState, Player

# Rulebook › Scoring
POINTS_PER_UNCONQUERED_ROOM = 2  # "2 points for each unconquered room in your dungeon."
POINTS_PER_MONSTER = 1  # "1 point for each monster in your Monster Lair. [...] No points for ghosts."
POINTS_PER_ADVENTURER = 2  # "2 points for each adventurer in your Prison, except for paladins"
POINTS_PER_CONQUERED_TILE = -2  # "You lose 2 points for each conquered tile (room or tunnel)."
POINTS_PER_RED_MARK = -3  # "You lose 3 points for each red mark in your Dead Letter Office."

HALL_OF_FAME = "hall_of_fame"

EXCLUSIVE, SHARED = "exclusive", "shared"


def title_points(n_players: int) -> dict[str, int]:
    """Rulebook › Titles: exclusive 3, shared 2; "In a 2-player game, exclusive titles are worth
    2 points and shared titles are worth 1.\""""
    return {EXCLUSIVE: 2, SHARED: 1} if n_players == 2 else {EXCLUSIVE: 3, SHARED: 2}


def hall_of_fame_points(n_players: int, cat: Catalog) -> int:
    """Appendix › Point-Scoring Rooms › Hall of Fame: "For each exclusive title you earn, you gain
    an additional 2 points (or 1 point in a three- or two-player game)." The catalog's ``bonus``
    is the 4-player value."""
    return cat.rooms[HALL_OF_FAME].bonus if n_players >= 4 else 1


# --- counting ------------------------------------------------------------------------------


def _type_id(instance_id: str) -> str:
    return instance_id.split("#", 1)[0]


def _monster_kinds(p: Player, cat: Catalog) -> list[tuple[str, bool]]:
    """(kind, is_ghost) of every Monster (or Ghost) Tile the player owns, face down or up."""
    out = []
    for m in p.monsters:
        t = cat.monsters[_type_id(m.id)]
        out.append((t.kind, t.is_ghost))
    return out


def count_monsters(p: Player, cat: Catalog) -> int:
    """Monsters, ghosts excluded (Rulebook › Scoring; appendix › Ghost: "Ghosts do not count as
    monsters during scoring")."""
    return sum(1 for _, ghost in _monster_kinds(p, cat) if not ghost)


def count_rooms(p: Player) -> int:
    """Rulebook › Titles › The Lord of Halls: "Even conquered rooms count.\""""
    return sum(1 for _, _, cell in tiles(p.dungeon) if cell.kind == "room")


def _secret(cell, cat: Catalog | None) -> bool:
    """Festival Season › Secret Passage: "it doesn't count during scoring" (conquered or not)."""
    return bool(cell.improved) and cat is not None and cat.improved_tunnels[cell.improved].effect == "secret_passage"


def count_tunnels(p: Player, cat: Catalog | None = None) -> int:
    """Rulebook › Titles › The Tunnellord: "Even conquered tunnels count." (A Secret Passage never does.)"""
    return sum(1 for _, _, cell in tiles(p.dungeon) if cell.kind == "tunnel" and not _secret(cell, cat))


def count_conquered(p: Player, cat: Catalog | None = None) -> int:
    """Conquered tiles, rooms and tunnels alike (Rulebook › Scoring; › Titles › The Battlelord); a
    conquered rented room counts, a conquered Secret Passage does not (Festival Season)."""
    grid = sum(1 for _, _, cell in tiles(p.dungeon) if cell.conquered and not _secret(cell, cat))
    return grid + sum(1 for c in p.rented if c.conquered)


def riches(p: Player) -> int:
    """Rulebook › Titles › The Lord of Riches: "the total number of Gold Tokens, Food Tokens, and
    unplayed Trap Cards you have\"."""
    return p.gold + p.food + len(p.traps)


# Rulebook › Titles, in the order printed. Each: (id, what is counted, True = most wins / False = fewest wins)
TITLES: tuple[tuple[str, Callable[[Player, Catalog], int], bool], ...] = (
    # The Lord of Dark Deeds: "the player highest on the Evilometer. In case of a tie, this title
    # is shared. (The Starting Player Marker has no effect on this title.)"
    ("dark_deeds", lambda p, cat: p.evil, True),
    # The Lord of Halls: "the most rooms. Even conquered rooms count."
    ("halls", lambda p, cat: count_rooms(p), True),
    # The Tunnellord: "the most tunnels. Even conquered tunnels count."
    ("tunnellord", lambda p, cat: count_tunnels(p, cat), True),
    # The Monsterlord: "the most monsters. Ghosts do not count."
    ("monsterlord", count_monsters, True),
    # The Lord of Imps: "the most Imp Figures. Troll Tokens do not count." (Player.imps counts
    # figures only; troll tokens are derived from trolls and never added to it.)
    ("imps", lambda p, cat: p.imps, True),
    # The Lord of Riches: gold + food + unplayed Trap Cards.
    ("riches", lambda p, cat: riches(p), True),
    # The Battlelord: "Unlike the other titles, this one goes to the player with the fewest: the
    # fewest conquered tiles (tunnels and rooms)."
    ("battlelord", lambda p, cat: count_conquered(p, cat), False),
)
TITLE_IDS: tuple[str, ...] = tuple(t[0] for t in TITLES)


def award_titles(players: list[Player], cat: Catalog) -> list[dict[str, str]]:
    """For each player (same order), title id -> "exclusive" | "shared" for the titles won.

    Only the players compete: "Ignore non-player Dungeon Boards and Evil Counters" (Rulebook
    › Titles); non-player colours are not in ``state.players``. A best count of 0 still wins
    (see the module docstring)."""
    won: list[dict[str, str]] = [{} for _ in players]
    for title, count, most in TITLES:
        values = [count(p, cat) for p in players]
        best = max(values) if most else min(values)
        holders = [i for i, v in enumerate(values) if v == best]
        status = EXCLUSIVE if len(holders) == 1 else SHARED
        for i in holders:
            won[i][title] = status
    return won


# --- the score card ---------------------------------------------------------------------------


class PlayerScore(BaseModel):
    """One player's score card. ``lines`` holds every line of :data:`LINES`, in that order."""

    model_config = ConfigDict(frozen=True)

    color: str
    name: str = ""
    lines: dict[str, int]
    titles: dict[str, str] = Field(default_factory=dict)  # title id -> "exclusive" | "shared"
    total: int
    rank: int  # 1 = best; equal totals share a rank
    winner: bool  # every player with the top total
    licensed: bool  # total above zero (Rulebook › Winning the Game)
    tiles: int = 0  # built squares of the final dungeon (not scored;
    #                                                        analytics derive a strategy from it)

    def to_json(self) -> dict:
        return self.model_dump(mode="json")


def _prisoner_points(p: Player, cat: Catalog) -> int:
    # Rulebook › Scoring: "2 points for each adventurer in your Prison, except for paladins who
    # are each worth 5 points." (the 5 is the catalog's PaladinType.score_points)
    return sum(cat.paladins[a].score_points if a in cat.paladins else POINTS_PER_ADVENTURER for a in p.prison)


def _room_bonus(p: Player, cat: Catalog) -> int:
    """Cafeteria, Chapel, Pandemonium (appendix › Point-Scoring Rooms): ``bonus`` points per owned
    monster (or ghost) of the room's ``monster_kinds``, "but only if you can keep them from being
    conquered". The Hall of Fame is scored with the titles instead (Rulebook › Scoring: "except
    for the Hall of Fame which is scored while handing out titles"). Combat rooms with
    ``monster_kinds`` (Training Room, Dark Room) are not point-scoring rooms and give nothing."""
    kinds = [k for k, _ in _monster_kinds(p, cat)]  # ghosts included: the Chapel scores them
    total = 0
    # Festival Season › Rent Rooms: a rented scoring room scores its bonus too
    for cell in [*(cell for _, _, cell in tiles(p.dungeon)), *p.rented]:
        if cell.kind != "room" or cell.conquered or cell.room is None:
            continue
        room = cat.rooms[cell.room]
        if room.category != "scoring" or room.id == HALL_OF_FAME:
            continue
        total += room.bonus * sum(1 for k in kinds if k in room.monster_kinds)
        total += sum(room.kind_bonus.get(k, 0) for k in kinds)  # Festival Season's Violet Lounge: per kind
    return total


def _has_hall_of_fame(p: Player) -> bool:
    # appendix › Point-Scoring Rooms: bonus points "only if you can keep them from being conquered"
    cells = [*(cell for _, _, cell in tiles(p.dungeon)), *p.rented]  # a rented Hall of Fame too (Festival Season)
    return any(cell.kind == "room" and cell.room == HALL_OF_FAME and not cell.conquered for cell in cells)


# --- the score card: one registered function per line --------------------------------------------
#: the base game's score card, in the order of the Overview Card (Rulebook › Scoring), then the titles
SCORE_LINES: list[ScoreLine] = []


def score_line(line_id: str, head: str) -> Callable[[Callable[[ScoreCard], int]], Callable[[ScoreCard], int]]:
    """Register a score line (appended to :data:`SCORE_LINES`; registration order is card order)."""

    def register(fn: Callable[[ScoreCard], int]) -> Callable[[ScoreCard], int]:
        if any(line.id == line_id for line in SCORE_LINES):
            raise ValueError(f"score line {line_id!r} is registered twice")
        SCORE_LINES.append(ScoreLine(line_id, head, fn))
        return fn

    return register


@score_line("rooms", "rooms")
def unconquered_rooms(card: ScoreCard) -> int:
    """Rulebook › Scoring: 2 points for each unconquered room."""
    rooms = sum(1 for _, _, c in tiles(card.player.dungeon) if c.kind == "room" and not c.conquered)
    return POINTS_PER_UNCONQUERED_ROOM * rooms


@score_line("monsters", "monst")
def monsters(card: ScoreCard) -> int:
    """Rulebook › Scoring: 1 point for each monster in the Monster Lair; no points for ghosts."""
    return POINTS_PER_MONSTER * count_monsters(card.player, card.catalog)


@score_line("prisoners", "prisn")
def prisoners(card: ScoreCard) -> int:
    """Rulebook › Scoring: 2 points per imprisoned adventurer, a paladin his own (5)."""
    return _prisoner_points(card.player, card.catalog)


@score_line("conquered", "conq")
def conquered(card: ScoreCard) -> int:
    """Rulebook › Scoring: -2 points for each conquered tile (room or tunnel)."""
    return POINTS_PER_CONQUERED_TILE * count_conquered(card.player, card.catalog)


@score_line("red_marks", "red")
def red_marks(card: ScoreCard) -> int:
    """Rulebook › Scoring: -3 points for each red mark in the Dead Letter Office."""
    return POINTS_PER_RED_MARK * card.player.red_marks


@score_line("room_bonus", "bonus")
def room_bonus(card: ScoreCard) -> int:
    """Appendix › Point-Scoring Rooms (the Hall of Fame is scored with the titles)."""
    return _room_bonus(card.player, card.catalog)


@score_line("titles", "title")
def titles(card: ScoreCard) -> int:
    """Rulebook › Titles: Fame for each title, by player count, exclusive or shared."""
    return sum(card.title_points[s] for s in card.titles.values())


@score_line("hall_of_fame", "hof")
def hall_of_fame(card: ScoreCard) -> int:
    """Appendix › Hall of Fame: points per exclusive title, if the Hall stands unconquered."""
    exclusive = sum(1 for s in card.titles.values() if s == EXCLUSIVE)
    return card.hall_of_fame * exclusive if _has_hall_of_fame(card.player) else 0


#: the line ids of the base score card, in order (``PlayerScore.lines`` keys)
LINES: tuple[str, ...] = tuple(line.id for line in SCORE_LINES)


def lines_for(modules: list[str] | tuple[str, ...]) -> list[ScoreLine]:
    """The score card of a game with these rules modules: their lines first, then the base game's."""
    added = list({line.id: line for name, m in MODULES.items() if name in modules for line in m.score_lines}.values())
    return [*added, *SCORE_LINES] if added else SCORE_LINES


def score(
    state: GameState, cat: Catalog | None = None, score_lines: list[ScoreLine] | None = None
) -> list[PlayerScore]:
    """Score every player (seat order): one ``PlayerScore`` each, its ``lines`` those of ``score_lines``
    (default: :func:`lines_for` the game's modules). ``cat`` defaults to the game's own catalog."""
    score_lines = lines_for(state.modules) if score_lines is None else score_lines
    cat = catalog(state) if cat is None else cat
    players = list(state.players)
    n = len(players)
    tpoints = title_points(n)
    hof = hall_of_fame_points(n, cat)
    won = award_titles(players, cat)

    cards: list[tuple[Player, dict[str, int], dict[str, str]]] = []
    for p, won_titles in zip(players, won):
        card = ScoreCard(p, cat, won_titles, tpoints, hof)
        lines = {line.id: line.points(card) for line in score_lines}
        # keep the title order of Rulebook › Titles
        cards.append((p, lines, {t: won_titles[t] for t in TITLE_IDS if t in won_titles}))

    totals = [sum(lines.values()) for _, lines, _ in cards]
    top = max(totals) if totals else 0
    return [
        PlayerScore(
            color=p.color,
            name=p.name,
            lines=lines,
            titles=titles,
            total=total,
            # competition ranking: 1 + the number of players strictly ahead
            rank=1 + sum(1 for t in totals if t > total),
            # Rulebook › Winning the Game: "The player with the most points wins [...]. If there is
            # a tie, then victory is shared."
            winner=total == top,
            # Rulebook › Winning the Game: "All players who finish the game with a score above zero
            # pass the test and get their dungeon lord licenses."
            licensed=total > 0,
            tiles=sum(1 for _ in tiles(p.dungeon)),
        )
        for (p, lines, titles), total in zip(cards, totals)
    ]


# --- text ---------------------------------------------------------------------------------------


def describe_scores(scores: list[PlayerScore]) -> str:
    """A plain-text table: one row per player, every line, total, rank, winner mark ``*``, then
    the titles (``!`` = exclusive, ``=`` = shared)."""
    label = lambda s: f"{s.color} ({s.name})" if s.name else s.color  # noqa: E731
    w = max([len("player")] + [len(label(s)) for s in scores])
    keys = list(scores[0].lines) if scores else list(LINES)  # the card these scores were made with
    heads = {line.id: line.head for line in [*SCORE_LINES, *(x for m in MODULES.values() for x in m.score_lines)]}
    head = (
        f"{'player':<{w}} "
        + " ".join(f"{heads.get(k, k[:5]):>5}" for k in keys)
        + f" {'total':>5} {'rank':>4} win  titles"
    )
    rows = [head, "-" * len(head)]
    for s in scores:
        titles = " ".join(f"{t}{'!' if v == EXCLUSIVE else '='}" for t, v in s.titles.items()) or "-"
        rows.append(
            f"{label(s):<{w}} "
            + " ".join(f"{s.lines[k]:>5}" for k in keys)
            + f" {s.total:>5} {s.rank:>4} {'*' if s.winner else ' ':>3}  {titles}"
        )
    rows.append("titles: ! exclusive, = shared; * winner (ties share victory)")
    return "\n".join(rows)


__all__ = [
    "LINES",
    "SCORE_LINES",
    "ScoreCard",
    "ScoreLine",
    "TITLES",
    "TITLE_IDS",
    "PlayerScore",
    "award_titles",
    "describe_scores",
    "hall_of_fame_points",
    "score",
    "score_line",
    "title_points",
]
