"""An independent recount of every analytics question from the games' raw events (issue #18).

Nothing here reads the read models or runs the questions' SQL: each game's log is read back from the
event store (``app.log``), folded with the engine's own ``evolve`` where a value needs the state (a
target's Evil), and every question's answer is counted in Python, for any set of the common filters
(``analytics.SCOPE``). ``tests/analytics/test_analytics_recount.py`` compares them with the questions.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from domain.games.dungeon_lords.evolve import evolve
from domain.games.dungeon_lords.phases.common import catalog
from projections.games.dungeon_lords import derive_strategy

Z = 1.959963984540054
#: Festival Season's questions (no row in a store of base games only)
FESTIVAL_QUESTIONS = (
    "festival_prize_by_bid",
    "pets_by_winner",
    "paladins_per_year",
    "courage_prevented",
    "installed_traps",
    "conquests_by_round",
)


def wilson(wins: float, n: int) -> tuple[float | None, float | None]:
    if n == 0:
        return None, None
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(name: str, xs: list) -> dict:
    """``{name, name_ci_low, name_ci_high}``: the average of ``xs`` and its 95% interval, normal on the standard
    error (mean ± z·s/√n, s the sample standard deviation; no interval under 2 values)."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return {name: mean, f"{name}_ci_low": None, f"{name}_ci_high": None}
    half = Z * statistics.stdev(xs) / math.sqrt(n)
    return {name: mean, f"{name}_ci_low": mean - half, f"{name}_ci_high": mean + half}


POOLED = "(pooled)"


@dataclass
class Seat:
    color: str
    name: str
    bot: str | None
    position: int  # play position in the First Year
    total: int
    rank: int
    won: bool
    derived: str | None  # the derivation rule on this seat's play (Dungeon Lords)
    card: dict = field(default_factory=dict)

    def strategy(self, derived: bool) -> str:
        if self.bot:
            return self.bot
        if derived and self.derived:
            return self.derived
        return f"human: {self.name}" if self.name else "human"


@dataclass
class Game:
    gid: str
    game: str  # dungeon_lords | monster_inn
    ruleset: str
    variant: str
    players: int
    origin: str
    batch: int  # 0: stored before the time cut, 1: after
    log: list
    seats: list[Seat]
    target_evil: dict = field(default_factory=dict)  # Year -> Evil of a paladin's target after each arrival or move
    pets: dict = field(default_factory=dict)  # colour -> the Pet Cards in its Pet Box at the end (the engine's fold)
    paladin_ids: frozenset = frozenset()  # the paladins of the game's catalog
    size: int = 0  # the number of players at the table (``players`` is None once pooled)
    own_ruleset: str = ""  # the ruleset (``ruleset`` is '(pooled)' once pooled)

    def __post_init__(self) -> None:
        self.size = self.size or self.players
        self.own_ruleset = self.own_ruleset or self.ruleset

    @property
    def modules(self) -> set[str]:
        return set(self.own_ruleset.split("+"))

    def pooled(self) -> Game:
        """The game as a pooled answer sees it: ruleset and variant '(pooled)', player count None."""
        return replace(self, ruleset=POOLED, variant=POOLED, players=None)

    def strategies(self, derived: bool) -> set[str]:
        return {s.strategy(derived) for s in self.seats}


def read_game(gid: str, log: list, batch: int) -> Game:
    """A finished game's facts, from its log alone."""
    start, scored = log[0], log[-1]
    assert scored.type == "GameScored", gid
    if hasattr(scored, "results"):  # Monster Inn
        seats_of = [p.seat for p in start.players]
        first = seats_of.index(start.starting_player)
        results = {r["seat"]: r for r in scored.results}
        seats = [
            Seat(
                p.seat,
                results[p.seat].get("name") or p.name,
                p.bot,
                (i - first) % len(seats_of),
                results[p.seat]["fame"],
                results[p.seat]["rank"],
                results[p.seat]["winner"],
                None,
                results[p.seat],
            )
            for i, p in enumerate(start.players)
        ]
        return Game(gid, "monster_inn", "base", start.variant, len(seats), start.origin, batch, log, seats)
    colors = [p.color for p in start.players]
    first = colors.index(start.starting_player)
    cards = {c["color"]: c for c in scored.scores}
    state, peak = None, {}
    built, hired, target = defaultdict(int), defaultdict(int), defaultdict(list)
    year = 1
    for e in log:  # the engine's own fold: Evil as the rules keep it
        state = evolve(state, e)
        year = e.year if e.type == "YearBegan" else year
        for p in state.players:
            peak[p.color] = max(peak.get(p.color, p.evil), p.evil)
        if e.type == "RoomBuilt":
            built[e.color] += 1
        elif e.type == "MonsterHired":
            hired[e.color] += 1
        elif e.type == "PaladinArrived":
            target[year].append(state.player(e.color).evil)
        elif e.type == "PaladinMoved":
            target[year].append(state.player(e.to_color).evil)
    seats = []
    for i, p in enumerate(start.players):
        card = cards[p.color]
        features = {
            "peak_evil": peak[p.color],
            "rooms_built": built[p.color],
            "monsters_hired": hired[p.color],
            "tiles": card["tiles"],
        }
        seats.append(
            Seat(
                p.color,
                card.get("name") or p.name,
                p.bot,
                (i - first) % len(colors),
                card["total"],
                card["rank"],
                card["winner"],
                derive_strategy(features),
                card,
            )
        )
    ruleset = "+".join(start.modules) or "base"
    pets = {p.color: [*p.pets, *p.pets_used] for p in state.players}  # used pets stay in the Pet Box, face up
    paladins = frozenset(catalog(state).paladins)
    game = Game(gid, "dungeon_lords", ruleset, start.variant, len(seats), start.origin, batch, log, seats, target)
    game.pets, game.paladin_ids = pets, paladins
    return game


EARLY, LATE = datetime(2001, 1, 1), datetime(2999, 1, 1)  # before and after every game of the tests


def in_scope(g: Game, f: dict[str, Any]) -> bool:
    """The common filters, as analytics.SCOPE states them. ``since``/``until``: a time before EARLY or after
    LATE keeps every game; any other is the tests' time cut between the two batches (1 = after it)."""
    return (
        (f.get("game") is None or g.game == f["game"])
        and (f.get("rulesets") is None or g.ruleset in f["rulesets"])
        and (f.get("variants") is None or g.variant in f["variants"])
        and (f.get("players") is None or g.players == f["players"])
        and (f.get("origins") is None or g.origin in f["origins"])
        and (f.get("since") is None or f["since"] <= EARLY or g.batch == 1)
        and (f.get("until") is None or f["until"] >= LATE or g.batch == 0)
        and (f.get("strategies") is None or bool(g.strategies(bool(f.get("derived"))) & set(f["strategies"])))
    )


# --- the questions ----------------------------------------------------------------------------------
def credit(g: Game, s: Seat) -> float:
    """A seat's share of its game's victory: 1/k for each of k winners (docs/analytics.md, "Fair share")."""
    return 1 / sum(t.won for t in g.seats) if s.won else 0.0


def stratum(g: Game, f: dict) -> tuple:
    """(ruleset, variant, players) of a game (of a pooled one: ("(pooled)", "(pooled)", None), see :func:`recount`)."""
    return (g.ruleset, g.variant, g.players)


def win_rate_by_strategy(games: list[Game], f: dict) -> dict:
    derived = bool(f.get("derived"))
    tally: dict = defaultdict(lambda: [0, 0, 0.0, 0.0])
    for g in games:
        for s in g.seats:
            t = tally[(*stratum(g, f), s.strategy(derived))]
            t[0] += 1
            t[1] += s.won
            t[2] += credit(g, s)
            t[3] += 1 / g.size
    out = {}
    for key, (n, w, c, shares) in tally.items():
        lo, hi = wilson(c, n)
        out[key] = {
            "games": n,
            "wins": w,
            "win_credit": c,
            "win_rate": c / n,
            "fair_share": shares / n,
            "edge": c / n - shares / n,
            "ci_low": lo,
            "ci_high": hi,
        }
    return out


def seat_advantage(games: list[Game], f: dict) -> dict:
    tally: dict = defaultdict(lambda: [0, 0, 0.0, 0.0])
    for g in games:
        for s in g.seats:
            t = tally[(g.ruleset, g.variant, g.players, s.position)]
            t[0] += 1
            t[1] += s.won
            t[2] += credit(g, s)
            t[3] += 1 / g.size
    out = {}
    for key, (n, w, c, shares) in tally.items():
        lo, hi = wilson(c, n)
        fair = shares / n
        out[key] = {
            "games": n,
            "wins": w,
            "win_credit": c,
            "win_rate": c / n,
            "fair_share": fair,
            "edge": c / n - fair,
            "ci_low": lo,
            "ci_high": hi,
        }
    return out


def head_to_head(games: list[Game], f: dict) -> dict:
    derived = bool(f.get("derived"))
    tally: dict = defaultdict(lambda: {"games": set(), "meetings": 0, "a_ahead": 0, "b_ahead": 0, "ties": 0})
    for g in games:
        key = stratum(g, f)
        for a in g.seats:
            for b in g.seats:
                sa, sb = a.strategy(derived), b.strategy(derived)
                if a is b or sa == sb:
                    continue
                t = tally[(*key, sa, sb)]
                t["games"].add(g.gid)
                t["meetings"] += 1
                t["a_ahead" if a.rank < b.rank else "b_ahead" if a.rank > b.rank else "ties"] += 1
    out = {}
    for key, t in tally.items():
        decided = t["a_ahead"] + t["b_ahead"]
        lo, hi = wilson(t["a_ahead"], decided)
        out[key] = {
            "games": len(t["games"]),
            "meetings": t["meetings"],
            "a_ahead": t["a_ahead"],
            "b_ahead": t["b_ahead"],
            "ties": t["ties"],
            "a_ahead_share": t["a_ahead"] / decided if decided else None,
            "ci_low": lo,
            "ci_high": hi,
        }
    return out


def paladin_frequency(games: list[Game], f: dict) -> dict:
    """Any paladin of the Year (the base game's one, Festival Season's pair) counts as "the paladin"."""
    rows: dict = {}
    for g in games:
        arrived, captured = set(), set()
        for year, e in clocked(g.log):
            if e.type == "PaladinArrived":
                arrived.add(year)
            elif e.type == "AdventurerImprisoned" and e.adventurer in g.paladin_ids:
                captured.add(year)
        for year in (1, 2):
            key = (g.ruleset, g.variant, year, g.players)
            r = rows.setdefault(key, {"games": 0, "arrived": 0, "captured": 0, "evils": []})
            r["games"] += 1
            r["arrived"] += year in arrived
            r["captured"] += year in captured
            r["evils"] += g.target_evil.get(year, [])
    return {
        key: {
            "games": r["games"],
            "arrived_share": r["arrived"] / r["games"],
            "captured_share": r["captured"] / r["games"],
            "avg_target_evil": sum(r["evils"]) / len(r["evils"]) if r["evils"] else None,
            "max_target_evil": max(r["evils"], default=None),
        }
        for key, r in rows.items()
    }


def clocked(log: list):
    """(Year, event) for each event of a log: the Year it happened in (YearBegan starts the second)."""
    year = 1
    for e in log:
        if e.type == "YearBegan":
            year = e.year
        yield year, e


LINES = ("rooms", "monsters", "prisoners", "conquered", "red_marks", "room_bonus", "titles", "hall_of_fame")


def score_breakdown(games: list[Game], f: dict) -> dict:
    groups = defaultdict(list)
    for g in games:
        for s in g.seats:
            groups[(g.ruleset, g.variant, g.players, "winners" if s.won else "others")].append(
                {**s.card["lines"], "total": s.total}
            )
    return {
        k: {
            "player_games": len(cs),
            **{x: sum(c[x] for c in cs) / len(cs) for x in LINES},
            **mean_ci("total", [c["total"] for c in cs]),
        }
        for k, cs in groups.items()
    }


def orders_by_season(games: list[Game], f: dict) -> dict:
    plays = defaultdict(list)
    for g in games:
        seat = {s.color: s for s in g.seats}
        season = None
        for e in g.log:
            if e.type == "PhaseBegan":
                season = e.season
            elif e.type == "MinionPlaced" and not e.nonplayer:
                plays[(g.ruleset, g.variant, g.players, season, e.action)].append(
                    (e.space, seat[e.color].total, seat[e.color].won)
                )
    out = {}
    for key, ps in plays.items():
        n = len(ps)
        out[key] = {
            "plays": n,
            "share_i": sum(s == "I" for s, _, _ in ps) / n,
            "share_ii": sum(s == "II" for s, _, _ in ps) / n,
            "share_iii": sum(s == "III" for s, _, _ in ps) / n,
            "share_shut_out": sum(s is None for s, _, _ in ps) / n,
            **mean_ci("avg_score", [t for _, t, _ in ps]),
            "win_rate": sum(w for _, _, w in ps) / n,
        }
    return out


def damage_by_source(games: list[Game], f: dict) -> dict:
    agg = defaultdict(lambda: {"uses": set(), "hits": 0, "total": 0, "prevented": 0})
    for g in games:
        year, rnd = 1, 0
        for e in g.log:
            if e.type == "YearBegan":
                year = e.year
            elif e.type == "CombatRoundBegan":
                rnd = e.round
            elif e.type == "CombatEnded":
                rnd = 0
            elif e.type == "DamageDealt" and e.source.startswith(("trap:", "monster:")):
                kind, _, what = e.source.partition(":")
                a = agg[(g.ruleset, g.variant, g.players, kind, what.split("#")[0])]
                a["uses"].add((g.gid, year, rnd, e.color))
                a["hits"] += 1
                a["total"] += e.amount
                a["prevented"] += e.prevented
    return {
        key: {
            "uses": len(a["uses"]),
            "hits": a["hits"],
            "total_damage": a["total"],
            "prevented": a["prevented"],
            "damage_per_use": a["total"] / len(a["uses"]),
        }
        for key, a in agg.items()
    }


def conquered_tiles(games: list[Game], f: dict) -> dict:
    per_game, per_player = defaultdict(list), defaultdict(list)
    for g in games:
        tiles = {s.color: sum(1 for e in g.log if e.type == "TileConquered" and e.color == s.color) for s in g.seats}
        per_game[(g.ruleset, g.variant, g.players)].append(sum(tiles.values()))
        per_player[(g.ruleset, g.variant, g.players)] += tiles.values()
    return {
        n: {
            "games": len(pg),
            **mean_ci("avg_per_game", pg),
            "min_per_game": min(pg),
            "max_per_game": max(pg),
            **mean_ci("avg_per_player", per_player[n]),
            "min_per_player": min(per_player[n]),
            "max_per_player": max(per_player[n]),
        }
        for n, pg in per_game.items()
    }


def fame_by_treasure_kept(games: list[Game], f: dict) -> dict:
    groups = defaultdict(list)
    for g in games:
        for s in g.seats:
            groups[(g.ruleset, g.variant, g.players, s.card["treasure"])].append(s.card)
    return {
        k: {
            "games": len(cs),
            **mean_ci("avg_fame", [c["fame"] for c in cs]),
            "avg_monsters": sum(c["lines"]["monsters"] for c in cs) / len(cs),
            "avg_humanoids": sum(c["lines"]["humanoids"] for c in cs) / len(cs),
            "avg_treasure": sum(c["lines"]["treasure"] for c in cs) / len(cs),
            "win_rate": sum(c["winner"] for c in cs) / len(cs),
        }
        for k, cs in groups.items()
    }


def who_leaves_first(games: list[Game], f: dict) -> dict:
    takes = defaultdict(list)
    for g in games:
        bots = {s.color: s.bot or "human" for s in g.seats}
        order = 0
        for e in g.log:
            if e.type == "InnDealt":
                order = 0
            elif e.type == "Left":
                order += 1
                key = (g.ruleset, g.variant, g.players, bots[e.player], order)
                takes[key].append((e.card.startswith("m"), e.gold + e.gem))
    return {
        key: {
            "takes": len(ts),
            "monster_share": sum(m for m, _ in ts) / len(ts),
            **mean_ci("avg_pool", [p for _, p in ts]),
        }
        for key, ts in takes.items()
    }


# --- Festival Season ----------------------------------------------------------------------------------
def festival_prize_by_bid(games: list[Game], f: dict) -> dict:
    tally = defaultdict(list)  # (ruleset, variant, players, imps, prize) -> [(place, won)]
    for g in games:
        won = {s.color: s.won for s in g.seats}
        bids: dict = {}
        order: list = []
        got: dict = {}
        for e in g.log:
            if e.type == "FestivalBidsRevealed":
                bids, order, got = dict(e.bids), list(e.pick_order), {}
            elif e.type == "FestivalPrizeTaken":
                got[e.color] = e.prize
            elif e.type == "FestivalPrizeDeclined":
                got[e.color] = "(declined)"
            elif e.type == "FestivalEnded":
                for color, imps in bids.items():
                    place = order.index(color) + 1 if color in order else None
                    prize = got.get(color, "(no pick)") if place else "(no pick)"
                    tally[(g.ruleset, g.variant, g.players, imps, prize)].append((place, won[color]))
    out = {}
    for key, picks in tally.items():
        bids_of_size = sum(len(v) for k, v in tally.items() if k[:4] == key[:4])
        places = [p for p, _ in picks if p is not None]
        out[key] = {
            "bids": bids_of_size,
            "times": len(picks),
            "share": len(picks) / bids_of_size,
            "avg_place": sum(places) / len(places) if places else None,
            "win_rate": sum(w for _, w in picks) / len(picks),
        }
    return out


def pets_by_winner(games: list[Game], f: dict) -> dict:
    seats: dict = defaultdict(lambda: [0, 0])  # (ruleset, variant, players) -> [winners, others]
    held: dict = defaultdict(lambda: [0, 0])  # (ruleset, variant, players, pet) -> [by winners, by others]
    for g in games:
        if not g.modules & {"pets", "unique_opportunities"}:
            continue
        for s in g.seats:
            seats[(g.ruleset, g.variant, g.players)][0 if s.won else 1] += 1
            for pet in g.pets[s.color]:
                held[(g.ruleset, g.variant, g.players, pet)][0 if s.won else 1] += 1
    out = {}
    for key, (w, o) in held.items():
        winners, others = seats[key[:3]]
        ws = w / winners if winners else None
        os_ = o / others if others else None
        out[key] = {
            "held": w + o,
            "by_winners": w,
            "by_others": o,
            "winners_share": ws,
            "others_share": os_,
            "difference": ws - os_ if ws is not None and os_ is not None else None,
            "win_rate": w / (w + o),
        }
    return out


def paladins_per_year(games: list[Game], f: dict) -> dict:
    played: dict = defaultdict(int)  # (ruleset, variant, year, players) -> games
    fates: dict = defaultdict(lambda: defaultdict(int))  # (ruleset, variant, year, players, paladin) -> fate -> games
    for g in games:
        came: dict = {}  # paladin -> the Year he came into play
        fate: dict = {}  # paladin -> where his journey ended (so far)
        for year, e in clocked(g.log):
            if e.type in ("PaladinArrived", "PaladinSentAway"):
                came.setdefault(e.paladin, year)
            if e.type == "PaladinSentAway":
                fate[e.paladin] = "sent_away"
            elif e.type == "AdventurerImprisoned" and e.adventurer in g.paladin_ids:
                fate[e.adventurer] = "imprisoned"
            elif e.type == "PrisonerReleased" and e.prisoner in g.paladin_ids:
                fate[e.prisoner] = "released"
            elif e.type == "CombatEnded":
                for who in (w for line in e.departed.values() for w in line if w in g.paladin_ids):
                    fate[who] = "departed"
        for year in (1, 2):
            played[(g.ruleset, g.variant, year, g.players)] += 1
        for paladin, year in came.items():
            row = fates[(g.ruleset, g.variant, year, g.players, paladin)]
            row["came"] += 1
            row[fate.get(paladin, "(none)")] += 1
    out = {}
    for key, row in fates.items():
        n = played[key[:4]]
        every = sum(r["came"] for k, r in fates.items() if k[:4] == key[:4])
        out[key] = {
            "games": n,
            "came": row["came"],
            "came_share": row["came"] / n,
            "paladins_per_game": every / n,
            **{k: row[k] for k in ("imprisoned", "released", "departed", "sent_away")},
        }
    return out


def courage_prevented(games: list[Game], f: dict) -> dict:
    rows: dict = {}
    for g in games:
        if "bards" not in g.modules:
            continue
        for year, e in clocked(g.log):
            r = rows.setdefault((g.ruleset, g.variant, g.players, year), defaultdict(int))
            if e.type == "BattleEnded":
                r["battles"] += 1
            elif e.type == "BardStepTaken":
                r["tokens_given"] += sum(e.tokens.values())
            elif e.type == "DamageDealt":
                r["courage_used"] += e.courage_used
                r["courage_hits"] += e.courage_used > 0
                r["from_traps"] += e.courage_used if e.source.startswith("trap:") else 0
                r["from_monsters"] += e.courage_used if e.source.startswith("monster:") else 0
                r["damage"] += e.amount
                r["prevented"] += e.prevented
    keys = ("battles", "tokens_given", "courage_used", "courage_hits", "from_traps", "from_monsters")
    return {
        key: {
            **{k: r[k] for k in (*keys, "damage", "prevented")},
            "used_share": r["courage_used"] / r["tokens_given"] if r["tokens_given"] else None,
            "courage_share": (r["courage_used"] / aimed if (aimed := r["damage"] + r["prevented"]) else None),
        }
        for key, r in rows.items()
        if r["battles"] or r["damage"] or r["prevented"]
    }


def installed_traps(games: list[Game], f: dict) -> dict:
    rows: dict = defaultdict(lambda: {"installed": 0, "sprung": 0, "discarded": 0, "rounds": []})
    for g in games:
        installed_here: dict = {}  # colour -> the installed trap of the battle under way
        rnd = 0
        for e in g.log:
            if e.type == "CombatRoundBegan":
                rnd = e.round
            elif e.type == "TrapInstalled":
                rows[(g.ruleset, g.variant, g.players, e.trap.split("#")[0])]["installed"] += 1
            elif e.type == "InstalledTrapDiscarded":
                rows[(g.ruleset, g.variant, g.players, e.trap.split("#")[0])]["discarded"] += 1
            elif e.type == "BattleBegan":
                installed_here[e.color] = set(e.installed)
            elif e.type == "TrapSprung" and e.trap in installed_here.get(e.color, ()):
                r = rows[(g.ruleset, g.variant, g.players, e.trap.split("#")[0])]
                r["sprung"] += 1
                r["rounds"].append(rnd)
    return {
        key: {
            "installed": r["installed"],
            "sprung": r["sprung"],
            "discarded": r["discarded"],
            "unsprung": r["installed"] - r["sprung"] - r["discarded"],
            "sprung_share": r["sprung"] / r["installed"] if r["installed"] else None,
            "avg_round": sum(r["rounds"]) / len(r["rounds"]) if r["rounds"] else None,
        }
        for key, r in rows.items()
    }


def conquests_by_round(games: list[Game], f: dict) -> dict:
    played: dict = defaultdict(int)
    rows: dict = defaultdict(lambda: [0, 0])  # (ruleset, variant, players, year, round) -> [battles, conquered]
    for g in games:
        for year in (1, 2):
            played[(g.ruleset, g.variant, g.players, year)] += 1
        rnd = 0
        for year, e in clocked(g.log):
            if e.type == "CombatRoundBegan":
                rnd = e.round
            elif e.type == "BattleEnded":
                rows[(g.ruleset, g.variant, g.players, year, rnd)][0] += 1
            elif e.type == "TileConquered":
                rows[(g.ruleset, g.variant, g.players, year, rnd)][1] += 1
    return {
        key: {
            "games": played[key[:4]],
            "battles": b,
            "conquered": c,
            "conquered_share": c / b,
            "per_game": c / played[key[:4]],
        }
        for key, (b, c) in rows.items()
    }


#: question -> (its recount, the columns that key a row)
RECOUNTS = {
    "win_rate_by_strategy": (win_rate_by_strategy, ("ruleset", "variant", "players", "strategy")),
    "seat_advantage": (seat_advantage, ("ruleset", "variant", "players", "play_position")),
    "head_to_head": (head_to_head, ("ruleset", "variant", "players", "strategy_a", "strategy_b")),
    "paladin_frequency": (paladin_frequency, ("ruleset", "variant", "year", "players")),
    "score_breakdown": (score_breakdown, ("ruleset", "variant", "players", "outcome")),
    "orders_by_season": (orders_by_season, ("ruleset", "variant", "players", "season", "card")),
    "damage_by_source": (damage_by_source, ("ruleset", "variant", "players", "source_kind", "source")),
    "conquered_tiles": (conquered_tiles, ("ruleset", "variant", "players")),
    "fame_by_treasure_kept": (fame_by_treasure_kept, ("ruleset", "variant", "players", "treasure_kept")),
    "who_leaves_first": (who_leaves_first, ("ruleset", "variant", "players", "strategy", "leave_order")),
    "festival_prize_by_bid": (festival_prize_by_bid, ("ruleset", "variant", "players", "imps", "prize")),
    "pets_by_winner": (pets_by_winner, ("ruleset", "variant", "players", "pet")),
    "paladins_per_year": (paladins_per_year, ("ruleset", "variant", "year", "players", "paladin")),
    "courage_prevented": (courage_prevented, ("ruleset", "variant", "players", "year")),
    "installed_traps": (installed_traps, ("ruleset", "variant", "players", "trap")),
    "conquests_by_round": (conquests_by_round, ("ruleset", "variant", "players", "year", "combat_round")),
}


def recount(name: str, games: list[Game], game: str, f: dict) -> tuple[tuple[str, ...], dict]:
    """The answer of question ``name`` over ``games`` of ``game`` under filters ``f``: its key columns and
    ``{key: {column: value}}``. Pooled (``f["pooled"]``), each game's ruleset, variant and player count are
    the pooled row's, after the filters chose the games."""
    count, keys = RECOUNTS[name]
    kept = [g for g in games if g.game == game and in_scope(g, f)]
    if f.get("pooled"):
        kept = [g.pooled() for g in kept]
    return keys, count(kept, f)
