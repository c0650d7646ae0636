"""The named analytics questions (analytics/questions/*.sql), each on a small set of complete games.

The read models are filled from nine simulated games (2, 3 and 4 players, both variants, every bot,
two shared victories, paladins caught and not). Two ways, when both exist:

- ``own``: a minimal loader in this file that walks the domain events into the tables;
- ``projection``: ``projections.project(app, con)`` (the real projection), when it is importable.

Every EXPECTED answer is computed here straight from the event logs (``GameStarted``, ``GameScored``,
``PaladinArrived``/``Moved``, ``AdventurerImprisoned`` of a paladin, ``DamageDealt``, ``MinionPlaced``,
``TileConquered``...), never by running the SQL again.
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
from collections import defaultdict
from html.parser import HTMLParser

import duckdb
import pytest

from analytics import HEADLINES, QUESTIONS, SCOPE, ReadOnlyViolation, parse_question, run_question, run_sql
from analytics.report import write_report
from domain.games.dungeon_lords.bots import play_until_blocked
from domain.games.dungeon_lords.engine import new_game
from domain.games.dungeon_lords.evolve import evolve
from domain.games.dungeon_lords.game_info import SEASONS
from domain.games.dungeon_lords.strategies import STRATEGIES
from projections.schema import create_all

# (bots clockwise from red, variant, starting player index, seed)
GAMES = [
    (["monster_keeper", "balanced"], "first_game", 0, 187),  # shared victory
    (["evil", "balanced"], "full", 1, 12),
    (["room_builder", "monster_keeper", "evil"], "full", 2, 13),
    (["balanced", "random", "tunneller"], "first_game", 0, 14),  # no paladin in Year 1
    (["balanced", "evil", "room_builder"], "first_game", 0, 112),  # shared victory
    (["monster_keeper", "room_builder", "balanced"], "full", 1, 15),
    (["random", "tunneller", "evil", "balanced"], "full", 3, 16),
    (["evil", "monster_keeper", "room_builder", "random"], "first_game", 1, 17),
    (["balanced", "evil", "tunneller", "monster_keeper"], "full", 2, 18),
]
PLAYER_FILTERS = [None, 2, 3, 4]


def _play(bots, variant, starting, seed):
    events, state = new_game(
        [b.replace("_", " ").title() for b in bots], seed=seed, variant=variant, bots=bots, starting_player=starting
    )
    log, state, _ = play_until_blocked(state, {p.color: STRATEGIES[b] for p, b in zip(state.players, bots)}, seed=seed)
    return events + log


@pytest.fixture(scope="module")
def logs() -> dict[str, list]:
    """game id -> the complete event log."""
    out = {f"g{i}": _play(*spec) for i, spec in enumerate(GAMES)}
    for gid, log in out.items():
        assert log[-1].type == "GameScored", gid
    return out


# --- a minimal loader: event logs -> read-model rows (test only) -------------------------------------


def _src(source: str) -> tuple[str, str | None]:
    kind, _, rest = source.partition(":")
    return kind, (rest.split("#", 1)[0] if rest else None)


def load_read_models(con, logs: dict[str, list]) -> None:
    """Fill the read models straight from the logs: one fold per game, rows per event."""
    create_all(con)
    position = 0
    for gid, log in logs.items():
        start = log[0]
        seats = [s.color for s in start.players]
        n = len(seats)
        state = None
        rows = defaultdict(list)
        peak: dict[str, int] = {}
        counts = defaultdict(int)
        battle = None
        for seq, e in enumerate(log, 1):
            position += 1
            state = evolve(state, e)
            payload = e.to_json()
            year, season = state.year, SEASONS[state.season]
            rows["events"].append(
                (
                    gid,
                    seq,
                    position,
                    year,
                    season,
                    state.combat_round,
                    state.phase,
                    e.type,
                    type(e).kind,
                    payload.get("color"),
                    payload,
                    False,
                    None,  # recorded_at: the loader stores no time
                )
            )
            for p in state.players:
                peak[p.color] = max(peak.get(p.color, p.evil), p.evil)
            t = e.type
            if t in ("TunnelDug", "RoomBuilt", "MonsterHired"):
                counts[(t, e.color)] += 1
            elif t == "PaladinArrived":
                rows["paladins"].append(
                    (gid, seq, year, e.paladin, n, "arrived", None, e.color, state.player(e.color).evil)
                )
            elif t == "PaladinMoved":
                rows["paladins"].append(
                    (gid, seq, year, e.paladin, n, "moved", e.from_color, e.to_color, state.player(e.to_color).evil)
                )
            elif t == "AdventurerImprisoned" and e.adventurer.startswith("paladin"):
                rows["paladins"].append((gid, seq, year, e.adventurer, n, "imprisoned", None, e.color, None))
            elif t == "PrisonerReleased" and e.prisoner.startswith("paladin"):
                rows["paladins"].append((gid, seq, year, e.prisoner, n, "released", e.color, None, None))
            elif t == "CombatEnded":
                for color, gone in e.departed.items():
                    for who in gone:
                        if who.startswith("paladin"):
                            rows["paladins"].append((gid, seq, year, who, n, "left", color, None, None))
            elif t == "MinionPlaced":
                rows["orders"].append((gid, seq, year, season, e.color, e.slot, e.action, e.space))
            elif t == "DamageDealt":
                kind, source = _src(e.source)
                rows["damage"].append(
                    (gid, seq, year, state.combat_round, e.color, kind, source, e.target, e.amount, e.prevented)
                )
            if t == "BattleBegan":
                battle = {
                    "year": year,
                    "round": state.combat_round,
                    "color": e.color,
                    "tile": f"{e.tile[0]},{e.tile[1]}",
                    "room": e.room,
                    "traps": [],
                    "monsters": [],
                    "damage": 0,
                    "eliminated": 0,
                    "conquered": False,
                }
            elif battle is not None:
                if t == "TrapSprung":
                    battle["traps"].append(e.trap)
                elif t == "MonsterAttacked":
                    battle["monsters"].append(e.monster)
                elif t == "DamageDealt":
                    battle["damage"] += e.amount
                elif t == "AdventurerImprisoned":
                    battle["eliminated"] += 1
                elif t == "TileConquered":
                    battle["conquered"] = True
                elif t == "BattleEnded":
                    b = battle
                    rows["battles"].append(
                        (
                            gid,
                            seq,
                            b["year"],
                            b["round"],
                            b["color"],
                            b["tile"],
                            b["room"],
                            ",".join(b["traps"]),
                            ",".join(b["monsters"]),
                            b["damage"],
                            b["eliminated"],
                            b["conquered"],
                        )
                    )
                    battle = None
            else:
                assert t != "TileConquered", "a tile conquered outside a battle"
        scored = log[-1] if log[-1].type == "GameScored" else None
        cards = {s["color"]: s for s in scored.scores} if scored else {}
        winners = [c for c, s in cards.items() if s["winner"]]
        rows["games"].append(
            (
                gid,
                n,
                start.variant,
                start.mode,
                start.origin,
                False,
                start.seed,
                start.starting_player,
                None,
                len(log),
                scored is not None,
                ",".join(winners),
                max((s["total"] for s in cards.values()), default=None),
                position - len(log) + 1,
                state.year,
                SEASONS[state.season],
                state.combat_round,
                state.phase,
                "dungeon_lords",
                "+".join(start.modules) or "base",
                None,  # started_at
                start.catalog_hash,
                1,  # first_year: the logs start with GameStarted
            )
        )
        first = seats.index(start.starting_player)
        for i, seat in enumerate(start.players):
            s = cards.get(seat.color)
            lines = s["lines"] if s else {}
            titles = s["titles"] if s else {}
            rows["player_results"].append(
                (
                    gid,
                    seat.color,
                    i,
                    (i - first) % n,
                    seat.name,
                    seat.bot,
                    seat.bot,
                    n,
                    start.variant,
                    start.origin,
                    s and s["total"],
                    *(
                        lines.get(k)
                        for k in (
                            "rooms",
                            "monsters",
                            "prisoners",
                            "conquered",
                            "red_marks",
                            "room_bonus",
                            "titles",
                            "hall_of_fame",
                        )
                    ),
                    ",".join(titles),
                    sum(1 for v in titles.values() if v == "exclusive"),
                    s and s["rank"],
                    s and s["winner"],
                    state.player(seat.color).evil,
                    peak[seat.color],
                    counts[("TunnelDug", seat.color)],
                    counts[("RoomBuilt", seat.color)],
                    counts[("MonsterHired", seat.color)],
                    "dungeon_lords",
                    "+".join(start.modules) or "base",
                    None,  # derived_strategy (no question reads it unless asked to)
                )
            )
        for table, table_rows in rows.items():
            _insert(con, table, table_rows)


def _insert(con, table: str, rows: list[tuple]) -> None:
    """Bulk insert through a newline-delimited JSON file (executemany is slow; no pandas here)."""
    columns = con.execute(
        "SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = ? ORDER BY column_index", [table]
    ).fetchall()
    names = [n for n, _ in columns]
    with tempfile.NamedTemporaryFile("w", suffix=".ndjson", delete=False, encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(dict(zip(names, row))) + "\n")
    spec = "{" + ", ".join(f"'{n}': '{t}'" for n, t in columns) + "}"
    try:
        con.execute(
            f"INSERT INTO {table} SELECT {', '.join(names)} FROM "
            f"read_json(?, format = 'newline_delimited', columns = {spec})",
            [f.name],
        )
    finally:
        os.unlink(f.name)


def _project(con, logs):
    """The real projection, through an in-memory application holding the same games."""
    from domain.service.application import GameService
    from projections import project  # noqa: PLC0415  (only when it exists)

    app = GameService.open("memory")
    ids = {}
    for gid, log in logs.items():
        ids[str(app.create_from_events(log))] = gid
    project(app, con)
    # give the games the test's ids back, so expectations can name them
    for table in ("events", "games", "player_results", "paladins", "battles", "damage", "orders", "evil"):
        for real, ours in ids.items():
            con.execute(f"UPDATE {table} SET game_id = ? WHERE game_id = ?", [ours, real])


@pytest.fixture(scope="module", params=["own", "projection"])
def con(request, logs):
    """A DuckDB connection with the read models of the nine games."""
    c = duckdb.connect()
    if request.param == "own":
        load_read_models(c, logs)
    else:
        _project(c, logs)  # the real projection: its answers must equal the own loader's
    yield c
    c.close()


# --- expectations, straight from the logs -------------------------------------------------------------


class Game:
    """What the expectations need from one log."""

    def __init__(self, gid, log):
        self.gid, self.log = gid, log
        start, scored = log[0], log[-1]
        self.colors = [s.color for s in start.players]
        self.variant = start.variant
        self.bots = {s.color: s.bot for s in start.players}
        self.n = len(self.colors)
        first = self.colors.index(start.starting_player)
        self.position = {c: (i - first) % self.n for i, c in enumerate(self.colors)}
        self.card = {s["color"]: s for s in scored.scores}
        self.won = {c: s["winner"] for c, s in self.card.items()}
        # a k-way shared victory counts 1/k for each sharer (docs/analytics.md, "Fair share")
        self.credit = {c: w / sum(self.won.values()) for c, w in self.won.items()}


@pytest.fixture(scope="module")
def games(logs) -> list[Game]:
    return [Game(gid, log) for gid, log in logs.items()]


def _keep(games, players):
    return [g for g in games if players is None or g.n == players]


def wilson(wins: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _dicts(columns, rows):
    return [dict(zip(columns, r)) for r in rows]


def _same(actual: dict, expected: dict):
    assert set(expected) <= set(actual)
    for k, v in expected.items():
        if isinstance(v, float):
            assert actual[k] == pytest.approx(v, rel=1e-9, abs=1e-12), k
        else:
            assert actual[k] == v, k


# --- every question ---------------------------------------------------------------------------------


def test_questions_are_loaded_with_headers():
    assert set(QUESTIONS) == {
        "win_rate_by_strategy",
        "paladin_frequency",
        "seat_advantage",
        "score_breakdown",
        "orders_by_season",
        "damage_by_source",
        "conquered_tiles",
        "fame_by_treasure_kept",
        "who_leaves_first",
        "head_to_head",
        "festival_prize_by_bid",
        "pets_by_winner",
        "paladins_per_year",
        "courage_prevented",
        "installed_traps",
        "conquests_by_round",
    }
    assert HEADLINES == ("win_rate_by_strategy", "paladin_frequency")
    for q in QUESTIONS.values():
        assert q.description and q.grain and q.columns
        assert "players" in q.parameter_names
        assert q.sql.lstrip().startswith("-- name: " + q.name)
        # every question takes the common filters (analytics.SCOPE) and pools on request: its games come from
        # /*games g*/ (the games in scope, strata pooled when $pooled), its aggregate's cells from /*cellsof*/
        assert "/*games g*/" in q.sql and "/*scope" not in q.sql
        assert not q.cells_sql or "/*cellsof " in q.cells_sql and "/*cells " not in q.cells_sql
        assert {p.name for p in SCOPE} | {"pooled"} <= set(q.parameter_names)
        assert "/*game*/" in q.sql and "game" in q.columns  # the game column: every answer names its game


def test_parse_question_header():
    q = parse_question(
        "-- name: demo\n-- headline: 2\n-- grain: one row\n-- parameters:\n"
        "--   players INTEGER  how many players; NULL = all\n--   variant VARCHAR  the rules\n"
        "-- answers: A first line\n--   and a second.\n-- columns:\n--   n  how many\n"
        "SELECT count(*) AS n FROM games WHERE $players IS NULL OR $variant IS NULL\n"
    )
    assert (q.name, q.grain, q.description, q.headline, q.headline_rank) == (
        "demo",
        "one row",
        "A first line and a second.",
        True,
        2,
    )
    assert q.parameter_names == ("players", "variant") and q.parameters[0].type == "INTEGER"
    assert q.columns == {"n": "how many"}
    with pytest.raises(ValueError, match="lacks grain"):
        parse_question("-- name: x\n-- parameters:\n-- answers: y\nSELECT 1")


def test_columns_are_the_documented_ones(con):
    for name, q in QUESTIONS.items():
        columns, _ = run_question(con, name)
        assert columns == list(q.columns), name


def test_unknown_question_and_parameter(con):
    with pytest.raises(KeyError, match="no question named"):
        run_question(con, "nope")
    with pytest.raises(TypeError):
        run_question(con, "seat_advantage", variant="full")


@pytest.mark.parametrize("players", PLAYER_FILTERS)
def test_win_rate_by_strategy(con, games, players):
    """Stratified by ruleset, variant and player count: never a 2-player win mixed with a 4-player one."""
    tally = defaultdict(lambda: [0, 0, 0.0])
    for g in _keep(games, players):
        for c in g.colors:
            t = tally[("base", g.variant, g.n, g.bots[c])]
            t[0] += 1
            t[1] += g.won[c]
            t[2] += g.credit[c]
    columns, rows = run_question(con, "win_rate_by_strategy", players=players)
    got = {(r["ruleset"], r["variant"], r["players"], r["strategy"]): r for r in _dicts(columns, rows)}
    assert set(got) == set(tally)
    for key, (n, w, credit) in tally.items():
        lo, hi = wilson(credit, n)
        fair = 1 / key[2]
        expected = {"games": n, "wins": w, "win_credit": credit, "win_rate": credit / n, "fair_share": fair}
        _same(got[key], {**expected, "edge": credit / n - fair})
        _same(got[key], {"ci_low": lo, "ci_high": hi})
    # best first within each stratum
    for stratum in {k[:3] for k in tally}:
        rates = [r[columns.index("win_rate")] for r in rows if tuple(r[:3]) == stratum]
        assert rates == sorted(rates, reverse=True)


@pytest.mark.parametrize("players", PLAYER_FILTERS)
def test_win_rate_pooled_says_its_fair_share_is_an_average(con, games, players):
    tally = defaultdict(lambda: [0, 0, 0.0])
    for g in _keep(games, players):
        for c in g.colors:
            tally[g.bots[c]][0] += 1
            tally[g.bots[c]][1] += g.won[c]
            tally[g.bots[c]][2] += 1 / g.n
    columns, rows = run_question(con, "win_rate_by_strategy", players=players, pooled=True)
    got = {r["strategy"]: r for r in _dicts(columns, rows)}
    assert set(got) == set(tally)
    for bot, (n, w, shares) in tally.items():
        _same(got[bot], {"ruleset": "(pooled)", "players": None, "games": n, "wins": w, "fair_share": shares / n})


def test_win_rate_known_values(con, games):
    """Counted by hand from the nine score cards; two ties give a win to each player in them."""
    assert sum(sum(g.won.values()) > 1 for g in games) == 2
    columns, rows = run_question(con, "win_rate_by_strategy", pooled=True)
    got = {r["strategy"]: (r["games"], r["wins"]) for r in _dicts(columns, rows)}
    assert got == {
        "balanced": (7, 6),
        "monster_keeper": (5, 4),
        "room_builder": (4, 1),
        "evil": (6, 0),
        "random": (3, 0),
        "tunneller": (3, 0),
    }
    assert [r["strategy"] for r in _dicts(columns, rows)][:3] == ["balanced", "monster_keeper", "room_builder"]
    # 0 wins in 3: the Wilson interval is [0, z^2 / (n + z^2)]
    random_row = next(r for r in _dicts(columns, rows) if r["strategy"] == "random")
    assert random_row["ci_low"] == 0 and random_row["ci_high"] == pytest.approx(3.8414588 / 6.8414588, abs=1e-7)


def _paladin_expectation(games, players):
    out = {}
    for g in _keep(games, players):
        # the Evil of the target right after each arrival or move: fold the log as the engine does
        state, evils = None, defaultdict(list)
        for e in g.log:
            state = evolve(state, e)
            if e.type == "PaladinArrived":
                evils[int(e.paladin[-1])].append(state.player(e.color).evil)
            elif e.type == "PaladinMoved":
                evils[int(e.paladin[-1])].append(state.player(e.to_color).evil)
        for year in (1, 2):
            paladin = f"paladin_y{year}"
            row = out.setdefault(("base", g.variant, year, g.n), {"games": 0, "arrived": 0, "captured": 0, "evils": []})
            row["games"] += 1
            row["arrived"] += any(e.type == "PaladinArrived" and e.paladin == paladin for e in g.log)
            row["captured"] += any(e.type == "AdventurerImprisoned" and e.adventurer == paladin for e in g.log)
            row["evils"] += evils[year]
    return out


@pytest.mark.parametrize("players", PLAYER_FILTERS)
def test_paladin_frequency(con, games, players):
    expected = _paladin_expectation(games, players)
    columns, rows = run_question(con, "paladin_frequency", players=players)
    got = {(r["ruleset"], r["variant"], r["year"], r["players"]): r for r in _dicts(columns, rows)}
    assert list(got) == sorted(expected)
    for key, e in expected.items():
        _same(
            got[key],
            {
                "games": e["games"],
                "arrived_share": e["arrived"] / e["games"],
                "captured_share": e["captured"] / e["games"],
                "avg_target_evil": sum(e["evils"]) / len(e["evils"]) if e["evils"] else None,
                "max_target_evil": max(e["evils"], default=None),
            },
        )


def test_paladin_frequency_known_values(con):
    """By hand from the logs: in Year 1 he stayed home in one 3-player game, and was caught in every
    2- and 4-player game and one 3-player game; in Year 2 he stayed home in one 3-player game and was
    caught in two 3-player and two 4-player games, never in a 2-player game."""
    columns, rows = run_question(con, "paladin_frequency")
    by: dict = defaultdict(lambda: [0, 0.0, 0.0])  # (year, players) over both variants: games, arrived, captured
    for r in _dicts(columns, rows):
        t = by[(r["year"], r["players"])]
        t[0] += r["games"]
        t[1] += r["arrived_share"] * r["games"]
        t[2] += r["captured_share"] * r["games"]
    got = {k: (n, round(a / n, 4), round(c / n, 4)) for k, (n, a, c) in by.items()}
    assert got == (
        {
            (1, 2): (2, 1.0, 1.0),
            (1, 3): (4, 0.75, 0.25),
            (1, 4): (3, 1.0, 1.0),
            (2, 2): (2, 1.0, 0.0),
            (2, 3): (4, 0.75, 0.5),
            (2, 4): (3, 1.0, 0.6667),
        }
    )


@pytest.mark.parametrize("players", PLAYER_FILTERS)
def test_seat_advantage(con, games, players):
    tally = defaultdict(lambda: [0, 0, 0.0])
    for g in _keep(games, players):
        for c in g.colors:
            t = tally[(g.variant, g.n, g.position[c])]
            t[0] += 1
            t[1] += g.won[c]
            t[2] += g.credit[c]
    columns, rows = run_question(con, "seat_advantage", players=players)
    got = {(r["variant"], r["players"], r["play_position"]): r for r in _dicts(columns, rows)}
    assert list(got) == sorted(tally)
    for (variant, n, pos), (games_, wins, credit) in tally.items():
        expected = {"games": games_, "wins": wins, "win_credit": credit, "win_rate": credit / games_}
        _same(got[(variant, n, pos)], {**expected, "fair_share": 1 / n})


LINES = ("rooms", "monsters", "prisoners", "conquered", "red_marks", "room_bonus", "titles", "hall_of_fame")


@pytest.mark.parametrize("players", PLAYER_FILTERS)
def test_score_breakdown(con, games, players):
    groups = defaultdict(list)
    for g in _keep(games, players):
        for card in g.card.values():
            outcome = "winners" if card["winner"] else "others"
            groups[(g.variant, g.n, outcome)].append({**card["lines"], "total": card["total"]})
    columns, rows = run_question(con, "score_breakdown", players=players)
    got = _dicts(columns, rows)
    assert [(r["variant"], r["players"], r["outcome"]) for r in got] == sorted(
        groups, key=lambda k: (*k[:2], k[2] != "winners")
    )
    for r in got:
        cards = groups[(r["variant"], r["players"], r["outcome"])]
        _same(r, {"player_games": len(cards), **{k: sum(c[k] for c in cards) / len(cards) for k in (*LINES, "total")}})
    # the lines add up to the total
    for r in got:
        assert sum(r[k] for k in LINES) == pytest.approx(r["total"])


@pytest.mark.parametrize("players", PLAYER_FILTERS)
def test_orders_by_season(con, games, players):
    plays = defaultdict(list)  # (variant, players, season, card) -> [(space, total, won)]
    for g in _keep(games, players):
        season = None
        for e in g.log:
            if e.type == "PhaseBegan":
                season = e.season
            elif e.type == "MinionPlaced" and not e.nonplayer:
                card = g.card[e.color]
                plays[(g.variant, g.n, season, e.action)].append((e.space, card["total"], card["winner"]))
    columns, rows = run_question(con, "orders_by_season", players=players)
    got = {(r["variant"], r["players"], r["season"], r["card"]): r for r in _dicts(columns, rows)}
    assert set(got) == set(plays)
    for key, ps in plays.items():
        n = len(ps)
        _same(
            got[key],
            {
                "plays": n,
                "share_i": sum(s == "I" for s, _, _ in ps) / n,
                "share_ii": sum(s == "II" for s, _, _ in ps) / n,
                "share_iii": sum(s == "III" for s, _, _ in ps) / n,
                "share_shut_out": sum(s is None for s, _, _ in ps) / n,
                "avg_score": sum(t for _, t, _ in ps) / n,
                "win_rate": sum(w for _, _, w in ps) / n,
            },
        )
    # per stratum, seasons in game order, most useful first within a season, rank 1 = highest win rate
    order = [(r["variant"], r["players"], SEASONS.index(r["season"]), -r["win_rate"]) for r in _dicts(columns, rows)]
    assert order == sorted(order)
    for stratum in {k[:3] for k in plays}:
        in_season = [r for r in got.values() if (r["variant"], r["players"], r["season"]) == stratum]
        best = max(r["win_rate"] for r in in_season)
        assert {r["rank"] for r in in_season if r["win_rate"] == best} == {1}
        # every season's shares add up to one
        for r in in_season:
            assert r["share_i"] + r["share_ii"] + r["share_iii"] + r["share_shut_out"] == pytest.approx(1)


@pytest.mark.parametrize("players", PLAYER_FILTERS)
def test_damage_by_source(con, games, players):
    agg = defaultdict(lambda: {"battles": set(), "hits": 0, "total": 0, "prevented": 0})
    for g in _keep(games, players):
        battle = 0
        for e in g.log:
            if e.type == "BattleBegan":
                battle += 1
            elif e.type == "DamageDealt" and e.source.startswith(("trap:", "monster:")):
                kind, _, what = e.source.partition(":")
                a = agg[(g.variant, g.n, kind, what.split("#")[0])]
                a["battles"].add((g.gid, battle))
                a["hits"] += 1
                a["total"] += e.amount
                a["prevented"] += e.prevented
    columns, rows = run_question(con, "damage_by_source", players=players)
    got = {(r["variant"], r["players"], r["source_kind"], r["source"]): r for r in _dicts(columns, rows)}
    assert set(got) == set(agg)
    for key, a in agg.items():
        uses = len(a["battles"])
        _same(
            got[key],
            {
                "uses": uses,
                "hits": a["hits"],
                "total_damage": a["total"],
                "prevented": a["prevented"],
                "damage_per_use": a["total"] / uses,
            },
        )
    totals = [(r["variant"], r["players"], -r["total_damage"]) for r in _dicts(columns, rows)]
    assert totals == sorted(totals)  # most damage first in each stratum


@pytest.mark.parametrize("players", PLAYER_FILTERS)
def test_conquered_tiles(con, games, players):
    per_game, per_player = defaultdict(list), defaultdict(list)
    for g in _keep(games, players):
        tiles = {c: sum(1 for e in g.log if e.type == "TileConquered" and e.color == c) for c in g.colors}
        per_game[(g.variant, g.n)].append(sum(tiles.values()))
        per_player[(g.variant, g.n)] += tiles.values()
    columns, rows = run_question(con, "conquered_tiles", players=players)
    got = {(r["variant"], r["players"]): r for r in _dicts(columns, rows)}
    assert list(got) == sorted(per_game)
    for n in per_game:
        pg, pp = per_game[n], per_player[n]
        _same(
            got[n],
            {
                "games": len(pg),
                "avg_per_game": sum(pg) / len(pg),
                "min_per_game": min(pg),
                "max_per_game": max(pg),
                "avg_per_player": sum(pp) / len(pp),
                "min_per_player": min(pp),
                "max_per_player": max(pp),
            },
        )


def test_unfinished_games_are_left_out(logs):
    """A game cut before its end is in the read models but in no answer."""
    c = duckdb.connect()
    cut = dict(logs)
    cut["unfinished"] = logs["g6"][:400]
    load_read_models(c, cut)
    full = duckdb.connect()
    load_read_models(full, logs)
    for name in QUESTIONS:
        assert _rounded(run_question(c, name)) == _rounded(run_question(full, name)), name


def _rounded(answer):
    """An answer with its floats to 9 places: another store's rows may be summed in another order (the last
    bits of an average or an interval differ; the figures do not)."""
    columns, rows = answer
    return columns, [tuple(round(v, 9) if isinstance(v, float) else v for v in row) for row in rows]


def test_paladin_frequency_counts_only_the_years_a_game_played():
    """Tiny hand-made read models: a scored game recorded from a Year 2 scenario counts for Year 2 only."""
    c = duckdb.connect()
    create_all(c)
    c.execute(
        "INSERT INTO games (game_id, players, finished, game, first_year) VALUES ('a', 2, true, 'dungeon_lords', 1), "
        "('b', 2, true, 'dungeon_lords', 2), ('c', 2, false, 'dungeon_lords', 1)"
    )
    c.execute(
        "INSERT INTO events (game_id, seq, year, type) VALUES ('a', 1, 1, 'GameStarted'), "
        "('b', 1, 2, 'ScenarioLoaded'), ('c', 1, 1, 'GameStarted')"
    )
    c.execute(
        "INSERT INTO paladins (game_id, seq, year, paladin, players, event, from_color, to_color, target_evil) "
        "VALUES ('a', 9, 1, 'paladin_y1', 2, 'arrived', NULL, 'red', 11), "
        "('a', 10, 1, 'paladin_y1', 2, 'moved', 'red', 'blue', 12), "
        "('b', 5, 2, 'paladin_y2', 2, 'arrived', NULL, 'red', 9), "
        "('b', 6, 2, 'paladin_y2', 2, 'imprisoned', NULL, 'red', NULL), "
        "('c', 5, 1, 'paladin_y1', 2, 'arrived', NULL, 'red', 15)"
    )
    assert run_question(c, "paladin_frequency")[1] == [
        ("dungeon_lords", None, None, 1, 2, 1, 1.0, 0.0, 11.5, 12),
        ("dungeon_lords", None, None, 2, 2, 2, 0.5, 0.5, 9.0, 9),
    ]
    assert run_question(c, "paladin_frequency", players=3)[1] == []


def test_empty_read_models_answer_nothing():
    c = duckdb.connect()
    create_all(c)
    for name in QUESTIONS:
        columns, rows = run_question(c, name)
        assert columns == list(QUESTIONS[name].columns) and rows == [], name


# --- run_sql ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sql",
    [
        "INSERT INTO games (game_id) VALUES ('x')",
        "CREATE TABLE t (a INTEGER)",
        "DROP TABLE games",
        "DELETE FROM games",
        "UPDATE games SET players = 5",
        "SELECT 1; DROP TABLE games",
        "COPY games TO '/tmp/should_not_exist_analytics.csv'",
        "ATTACH ':memory:' AS other",
        "SET threads = 1",
        "CREATE TEMP TABLE t AS SELECT 1",
    ],
)
def test_run_sql_refuses_writes(con, sql):
    before = con.execute("SELECT count(*), sum(players) FROM games").fetchone()
    with pytest.raises(ReadOnlyViolation):
        run_sql(con, sql)
    assert con.execute("SELECT count(*), sum(players) FROM games").fetchone() == before
    assert con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 't'").fetchone() == (0,)


def test_run_sql_refuses_a_select_that_writes():
    c = duckdb.connect()
    c.execute("CREATE SEQUENCE s")
    with pytest.raises(ReadOnlyViolation, match="tried to write"):
        run_sql(c, "SELECT nextval('s')")
    assert c.execute("SELECT nextval('s')").fetchone() == (1,)  # the sequence never moved


def test_run_sql_runs_a_select(con, games):
    columns, rows = run_sql(con, "SELECT players, count(*) AS n FROM games GROUP BY players ORDER BY players")
    assert columns == ["players", "n"]
    assert rows == [(n, sum(1 for g in games if g.n == n)) for n in (2, 3, 4)]
    assert run_sql(con, "WITH x AS (SELECT 1 AS a) SELECT a FROM x") == (["a"], [(1,)])


def test_run_sql_on_a_read_only_file(tmp_path, logs):
    path = str(tmp_path / "rm.duckdb")
    w = duckdb.connect(path)
    load_read_models(w, dict(list(logs.items())[:2]))
    w.close()
    r = duckdb.connect(path, read_only=True)
    assert run_sql(r, "SELECT count(*) FROM games") == (["count_star()"], [(2,)])
    with pytest.raises(ReadOnlyViolation):
        run_sql(r, "DROP TABLE games")
    assert run_question(r, "seat_advantage")[1]
    r.close()


def test_run_sql_reports_bad_sql(con):
    with pytest.raises(duckdb.Error):
        run_sql(con, "SELECT * FROM no_such_table")
    # and the connection is still usable afterwards
    assert run_sql(con, "SELECT 42")[1] == [(42,)]


# --- the HTML report --------------------------------------------------------------------------------


class _Page(HTMLParser):
    """Collects svg ids, table rows (per table id) and the footer text."""

    def __init__(self):
        super().__init__()
        self.svgs, self.tables, self.footer = [], defaultdict(list), ""
        self._table = self._row = None
        self._cell = None
        self._in_footer = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("svg", "div") and a.get("id"):
            self.svgs.append(a.get("id"))
        elif tag == "table":
            self._table = a.get("id")
        elif tag == "tr" and self._table:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = ""
        elif tag == "footer":
            self._in_footer = True

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append(self._cell.strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[self._table].append(self._row)
            self._row = None
        elif tag == "table":
            self._table = None
        elif tag == "footer":
            self._in_footer = False

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data
        if self._in_footer:
            self.footer += data


def _shown_matches(cell: str, value) -> bool:
    """A table cell shows ``value``: '' for NULL, '12.3%' for rates, 2 decimals for other fractions."""
    if value is None:
        return cell == ""
    if isinstance(value, str):
        return cell == value
    if isinstance(value, int):
        return cell == str(value)
    if cell.endswith("%"):
        return abs(float(cell[:-1]) / 100 - value) <= 0.0005 + 1e-9
    return abs(float(cell) - value) <= 0.005 + 1e-9


def test_write_report(con, games, logs, tmp_path):
    out = write_report(con, tmp_path / "report.html")
    text = out.read_text(encoding="utf-8")
    page = _Page()
    page.feed(text)
    # a chart (a Plotly figure, its script in the page) per headline question and the seat advantage, and
    # nothing fetched from elsewhere: no script, style sheet, image or frame is loaded from a file or address
    assert {"chart-win_rate_by_strategy", "chart-paladin_frequency", "chart-seat_advantage"} <= set(page.svgs)
    assert not re.search(r"<script[^>]*\bsrc=|<link|<img|<iframe|@import", text, re.I)
    assert text.count("<script") >= 3 and "Plotly.newPlot" in text
    # axis titles with their units
    assert "Win rate (% of player-games)" in text and "Strategy (bot, or a person" in text
    # every question of Dungeon Lords (and the common ones) has its table; the headline tables carry the
    # question's numbers (the page is Dungeon Lords': Monster Inn's questions are not on it)
    for name, q in QUESTIONS.items():  # (with no rows, as Festival Season's here: "No data." under its name)
        shown = f"table-{name}" in page.tables or f'id="table-{name}-empty"' in text
        assert shown == (q.game in ("common", "dungeon_lords")), name
        if f"table-{name}" not in page.tables and shown:
            assert not run_question(con, name)[1], name
    for name in HEADLINES:
        columns, rows = run_question(con, name)
        table = page.tables[f"table-{name}"]
        assert columns[0] == "game" and {r[0] for r in rows} == {"dungeon_lords"}  # the page names its game:
        columns, rows = columns[1:], [r[1:] for r in rows]  # its tables leave the one-value column out
        assert table[0] == columns
        assert len(table) == 1 + len(rows)
        for shown, row in zip(table[1:], rows):
            for column, cell, value in zip(columns, shown, row):
                assert _shown_matches(cell, value), (name, column, cell, value)
    # the footer: where the numbers come from (games by origin and ruleset, the catalog, when)
    origins = defaultdict(int)
    for log in logs.values():
        origins[log[0].origin] += 1
    assert f"{len(games)} finished games" in page.footer
    assert page.tables["table-provenance"][1:] == [
        ["dungeon lords", o, "base", str(n)] for o, n in sorted(origins.items())
    ]
    assert logs["g0"][0].catalog_hash[:16] in page.footer
    assert "Filters applied: none." in text


def test_write_report_filtered_and_empty(tmp_path, con):
    write_report(con, tmp_path / "r4.html", players=4)
    page = _Page()
    page.feed((tmp_path / "r4.html").read_text(encoding="utf-8"))
    header, *body = page.tables["table-paladin_frequency"]
    assert body and {r[header.index("players")] for r in body} == {"4"}
    empty = duckdb.connect()
    create_all(empty)
    write_report(empty, tmp_path / "empty.html")
    text = (tmp_path / "empty.html").read_text(encoding="utf-8")
    assert "No finished games to chart" in text and "0 finished games" in text and "Plotly.newPlot" not in text
    assert "Filters applied: players 4." in (tmp_path / "r4.html").read_text(encoding="utf-8")


def test_questions_live_in_a_common_folder_and_one_folder_per_game():
    assert {q.game for q in QUESTIONS.values()} == {"common", "dungeon_lords", "monster_inn"}
    assert {n for n, q in QUESTIONS.items() if q.game == "monster_inn"} == {"fame_by_treasure_kept", "who_leaves_first"}
    assert {n for n, q in QUESTIONS.items() if q.game == "common"} == {
        "win_rate_by_strategy",
        "seat_advantage",
        "head_to_head",
    }
    assert QUESTIONS["paladin_frequency"].path == "dungeon_lords/paladin_frequency.sql"


def test_the_projection_names_the_game_of_every_game_and_result(logs):
    c = duckdb.connect()
    _project(c, logs)
    assert c.execute("SELECT DISTINCT game FROM games").fetchall() == [("dungeon_lords",)]
    assert c.execute("SELECT DISTINCT game FROM player_results").fetchall() == [("dungeon_lords",)]
    c.close()
