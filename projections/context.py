"""Per-game context: one game's folded state plus the counters the read models need, and the rows
each event produces.

:class:`GameContext` folds a game's events one by one with :func:`domain.evolve.evolve` (so every
row can carry the game's clock *after* the event) and keeps what the state does not: the seats'
bots, the origin, each player's last and peak Evil, rooms built and monsters hired, and the
battle being fought. :meth:`GameContext.apply` turns one event into rows of :class:`Rows`; with
``rows=None`` it only folds (that is how a context is rebuilt after a restart: the same code over
the game's earlier events, so a rebuilt context equals the one an uninterrupted run would hold).

Row shapes follow :mod:`projections.schema` column by column.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from domain import events as ev
from domain.catalog import load_catalog
from domain.evolve import evolve
from domain.game_info import SEASONS
from domain.state import GameState

from .strategy import derive_strategy

PALADINS = frozenset(load_catalog().paladins)

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def csv(items: Any) -> str:
    """Comma-separated ids ('' for none)."""
    return ",".join(str(i) for i in items)


def split_source(source: str) -> tuple[str, str | None]:
    """A DamageDealt source -> (kind, TYPE id): "trap:rolling_stone#1" -> ("trap", "rolling_stone"),
    "monster:troll_y1#2" -> ("monster", "troll_y1"), "fatigue" -> ("fatigue", None)."""
    kind, _, rest = source.partition(":")
    return kind, (rest.split("#", 1)[0] or None) if rest else None


@dataclass(slots=True)
class Rows:
    """The rows of one batch, per table (tuples in schema column order). ``games`` holds the row
    of each game touched in the batch as it stands at the batch's end (upserted once per batch;
    the runner fills it from :meth:`GameContext.games_row`)."""
    events: list[tuple] = field(default_factory=list)
    games: dict[str, tuple] = field(default_factory=dict)
    player_results: list[tuple] = field(default_factory=list)
    paladins: list[tuple] = field(default_factory=list)
    battles: list[tuple] = field(default_factory=list)
    damage: list[tuple] = field(default_factory=list)
    orders: list[tuple] = field(default_factory=list)
    evil: list[tuple] = field(default_factory=list)

    APPENDED = ("events", "player_results", "paladins", "battles", "damage", "orders", "evil")

    def count(self) -> int:
        return sum(len(getattr(self, t)) for t in self.APPENDED) + len(self.games)


@dataclass(slots=True)
class Battle:
    year: int
    combat_round: int
    color: str
    tile: str
    room: str | None
    traps: str
    monsters: str
    damage: int = 0
    eliminated: int = 0
    conquered: bool = False


class GameContext:
    """One game as the projection sees it after event number :attr:`seq`."""

    __slots__ = ("game_id", "seq", "state", "origin", "scenario", "bots", "evil", "peak", "rooms_built",
                 "monsters_hired", "battle", "finished", "winners", "winning_score")

    def __init__(self, game_id: str):
        self.game_id = game_id
        self.seq = 0                                  # events folded so far
        self.state: GameState | None = None
        self.origin: str | None = None
        self.scenario: str | None = None
        self.bots: dict[str, str | None] = {}         # colour -> bot (None for people)
        self.evil: dict[str, int] = {}                # colour -> Evil last written to the evil table
        self.peak: dict[str, int] = {}
        self.rooms_built: Counter[str] = Counter()
        self.monsters_hired: Counter[str] = Counter()
        self.battle: Battle | None = None
        self.finished = False
        self.winners: str | None = None
        self.winning_score: int | None = None

    # --- the games row -------------------------------------------------------------------------
    def games_row(self) -> tuple:
        s = self.state
        return (self.game_id, len(s.players), s.variant, s.mode, self.origin, s.seed,
                s.players[s.first_starting_player].color, self.scenario, self.seq, self.finished,
                self.winners, self.winning_score)

    # --- folding -------------------------------------------------------------------------------
    def apply(self, e: ev.Event, payload: dict[str, Any], seq: int, position: int | None,
              rows: Rows | None) -> None:
        """Fold event number ``seq`` (``payload``: its JSON form, without "type") and, unless
        ``rows`` is None, add the rows it produces.

        Raises:
            ValueError: ``seq`` is not the next event of this game.
        """
        if seq != self.seq + 1:
            raise ValueError(f"game {self.game_id}: event {seq} cannot follow event {self.seq}")
        t = type(e)
        if t is ev.GameStarted:
            self.origin = e.origin
            self.bots = {p.color: p.bot for p in e.players}
        elif t is ev.ScenarioLoaded:
            self.origin, self.scenario = "recorded", e.name
        elif self.state is None:
            raise ValueError(f"game {self.game_id} does not start with GameStarted or ScenarioLoaded")
        s = self.state = evolve(self.state, e)
        self.seq = seq
        if t is ev.ScenarioLoaded:
            self.bots = {p.color: None for p in s.players}
        gid = self.game_id
        year, season, rnd, phase = s.year, SEASONS[s.season], s.combat_round, s.phase

        if rows is not None:
            rows.events.append((gid, seq, position, year, season, rnd, phase, t.__name__, t.kind,
                                payload.get("color"), _dumps(payload)))
        # Evil: a row per player at the start and whenever it changes; the peak for player_results
        for p in s.players:
            if self.evil.get(p.color) != p.evil:
                self.evil[p.color] = p.evil
                if p.evil > self.peak.get(p.color, -1):
                    self.peak[p.color] = p.evil
                if rows is not None:
                    rows.evil.append((gid, seq, year, season, phase, p.color, p.evil))

        if t is ev.MinionPlaced:
            if not e.nonplayer and rows is not None:
                rows.orders.append((gid, year, season, e.color, e.slot, e.action, e.space))
        elif t is ev.MonsterHired:
            self.monsters_hired[e.color] += 1
        elif t is ev.RoomBuilt:
            self.rooms_built[e.color] += 1
        elif t is ev.BattleBegan:
            plan = s.player(e.color).plan or {}
            self.battle = Battle(year, rnd, e.color, csv(e.tile), e.room, csv(plan.get("traps", ())),
                                 csv(plan.get("monsters", ())))
        elif t is ev.DamageDealt:
            b = self.battle
            if b is not None and b.color == e.color:
                b.damage += e.amount
            if rows is not None:
                kind, source = split_source(e.source)
                rows.damage.append((gid, year, rnd, e.color, kind, source, e.target, e.amount, e.prevented))
        elif t is ev.AdventurerImprisoned:
            b = self.battle
            if b is not None and b.color == e.color:
                b.eliminated += 1
            if e.adventurer in PALADINS and rows is not None:
                rows.paladins.append((gid, seq, year, e.adventurer, len(s.players), "imprisoned",
                                      None, e.color, None))
        elif t is ev.TileConquered:
            if self.battle is not None and self.battle.color == e.color:
                self.battle.conquered = True
        elif t is ev.BattleEnded:
            b, self.battle = self.battle, None
            if b is not None and rows is not None:
                rows.battles.append((gid, b.year, b.combat_round, b.color, b.tile, b.room, b.traps, b.monsters,
                                     b.damage, b.eliminated, b.conquered))
        elif t is ev.CombatRoundEnded or t is ev.CombatEnded:
            self.battle = None
            if t is ev.CombatEnded and rows is not None:
                for color, leaving in e.departed.items():
                    for who in leaving:
                        if who in PALADINS:
                            rows.paladins.append((gid, seq, year, who, len(s.players), "left", color, None, None))
        elif t is ev.PaladinArrived:
            if rows is not None:
                rows.paladins.append((gid, seq, year, e.paladin, len(s.players), "arrived", None, e.color,
                                      s.player(e.color).evil))
        elif t is ev.PaladinMoved:
            if rows is not None:
                rows.paladins.append((gid, seq, year, e.paladin, len(s.players), "moved", e.from_color,
                                      e.to_color, s.player(e.to_color).evil))
        elif t is ev.PrisonerReleased:
            if e.prisoner in PALADINS and rows is not None:
                rows.paladins.append((gid, seq, year, e.prisoner, len(s.players), "released", e.color, None,
                                      None))
        elif t is ev.GameScored:
            self._scored(e, rows)

    def _scored(self, e: ev.GameScored, rows: Rows | None) -> None:
        s = self.state
        winners = [sc for sc in e.scores if sc.get("winner")]
        self.finished = True
        self.winners = csv(sc["color"] for sc in winners)
        self.winning_score = max((sc["total"] for sc in winners), default=None)
        if rows is None:
            return
        n = len(s.players)
        seats = {p.color: i for i, p in enumerate(s.players)}
        for sc in e.scores:
            color = sc["color"]
            seat = seats[color]
            p = s.players[seat]
            lines, titles = sc.get("lines", {}), sc.get("titles", {})
            tiles = sum(1 for row in p.dungeon for cell in row if cell is not None)
            features = {"peak_evil": self.peak.get(color, p.evil), "rooms_built": self.rooms_built[color],
                        "monsters_hired": self.monsters_hired[color], "tiles": tiles}
            bot = self.bots.get(color)
            rows.player_results.append((
                self.game_id, color, seat, (seat - s.first_starting_player) % n, sc.get("name", p.name), bot,
                bot or derive_strategy(features), n, s.variant, self.origin,
                sc["total"], lines.get("rooms"), lines.get("monsters"), lines.get("prisoners"),
                lines.get("conquered"), lines.get("red_marks"), lines.get("room_bonus"), lines.get("titles"),
                lines.get("hall_of_fame"), csv(titles), sum(1 for v in titles.values() if v == "exclusive"),
                sc.get("rank"), bool(sc.get("winner")), p.evil, features["peak_evil"], tiles,
                features["rooms_built"], features["monsters_hired"]))


__all__ = ["Battle", "GameContext", "PALADINS", "Rows", "csv", "split_source"]
