"""Small drivers shared by the rules tests.

* :class:`Table` holds a live game (state + the whole event log) and records chance draws:
  in tabletop mode every chance node waits for a ``RecordDraw``; ``Table`` answers it from the
  queue of draws the test chose (keyed by ``what`` or ``(what, colour)``), else with the first
  ``count`` components of the pool (deterministic).
* :func:`drive` / :func:`drive_to` answer every input with a default (decline actions, take back
  the first order, pay what can be paid...) until a condition holds.
* :func:`make_scenario` builds a scenario dict (``domain.games.dungeon_lords.scenario.Scenario``) with sensible
  defaults; :func:`start` loads it into a :class:`Table`.
* :func:`assert_refused` checks a refusal: the RuleViolation code, and that neither the state
  nor the event count changed.
* :func:`fold_with_invariants` folds a whole log, checking the invariants after every event.
"""

from __future__ import annotations

import copy
import random
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import (
    ChooseOrders,
    Decline,
    PayTaxes,
    RecordDraw,
    RetrieveOrder,
    StopDigging,
)
from domain.games.dungeon_lords.engine import execute, from_scenario, new_game, pending
from domain.games.dungeon_lords.errors import RuleViolation
from domain.games.dungeon_lords.state import GameState, to_dict
from domain.kernel import Pending
from domain.service.storage import store_env

SCENARIOS = Path(__file__).parent / "scenarios"
ORDER_CARDS = [
    "get_food",
    "improve_reputation",
    "dig_tunnels",
    "mine_gold",
    "recruit_imps",
    "buy_traps",
    "hire_monster",
    "build_room",
]
COLORS = ["red", "blue", "green", "yellow"]
NAMES = ["Ann", "Bob", "Cid", "Dee"]


# --- a game under test ----------------------------------------------------------------------------
class Table:
    """A live game: ``state``, the whole event log ``events`` and the draws still to record."""

    def __init__(self, events, state: GameState, draws: dict | None = None, settle: bool = True):
        self.events: list[ev.Event] = list(events)
        self.state = state
        self.draws: dict[Any, list[list[str]]] = {k: [list(x) for x in v] for k, v in (draws or {}).items()}
        self.recorded: list[tuple[str, list[str]]] = []
        if settle:
            self.settle()

    # -- chance
    def queue_draw(self, what, cards: list[str], color: str | None = None) -> None:
        key = (what, color) if color else what
        self.draws.setdefault(key, []).append(list(cards))

    def _draw_for(self, p: Pending) -> list[str]:
        spec = p.chance
        for key in ((spec.what, spec.color), spec.what):
            queue = self.draws.get(key)
            if queue:
                return queue.pop(0)
        return list(spec.pool[: spec.count])

    def settle(self) -> Pending:
        """Record draws until a player (or nobody: Combat) must act; return that Pending."""
        while True:
            p = pending(self.state)
            if not p.is_chance:
                return p
            cards = self._draw_for(p)
            self.recorded.append((p.chance.what, cards))
            self.do(RecordDraw(cards=cards), settle=False)

    # -- commands
    def do(self, command, settle: bool = True) -> list[ev.Event]:
        """Execute ``command`` (then record draws); return every event this produced."""
        mark = len(self.events)
        events, self.state = execute(self.state, command)
        self.events += events
        if settle:
            self.settle()
        return self.events[mark:]

    @property
    def pending(self) -> Pending:
        return pending(self.state)

    def player(self, color: str):
        return self.state.player(color)

    def of_type(self, cls, since: int = 0) -> list:
        return [e for e in self.events[since:] if isinstance(e, cls)]


def tabletop_game(
    n: int = 4,
    *,
    variant: str = "first_game",
    starting_player: int = 0,
    draws: dict | None = None,
    inaccessible: dict[str, list[str]] | None = None,
) -> Table:
    """A new tabletop game whose draws the test chooses. ``inaccessible`` (colour -> cards) sets the
    set-up draw of order cards (2 in the first game, 3 in the full game)."""
    events, state = new_game(NAMES[:n], variant=variant, mode="tabletop", seed=None, starting_player=starting_player)
    draws = {k: [list(x) for x in v] for k, v in (draws or {}).items()}
    for color, cards in (inaccessible or {}).items():
        draws.setdefault(("order_cards", color), []).insert(0, list(cards))
    return Table(events, state, draws)


# --- scenarios ------------------------------------------------------------------------------------
def keep_accessible(wanted: list[str]) -> list[str]:
    """Two inaccessible order cards that leave every card of ``wanted`` in hand."""
    rest = [c for c in reversed(ORDER_CARDS) if c not in wanted]
    assert len(rest) >= 2, f"cannot keep {wanted} all in hand"
    return rest[:2]


def make_scenario(
    n: int = 4,
    *,
    phase: str = "orders",
    year: int = 1,
    season: str = "winter",
    variant: str = "first_game",
    mode: str = "tabletop",
    starting: str = "red",
    first_starting: str | None = None,
    players: dict[str, dict] | None = None,
    hands: dict[str, list[str]] | None = None,
    **extra,
) -> dict:
    """A scenario dict. ``players`` (colour -> overrides of ScenarioPlayer fields); ``hands``
    (colour -> cards that must stay in hand: the inaccessible ones are picked to avoid them)."""
    players = players or {}
    hands = hands or {}
    out_players = []
    for color, name in zip(COLORS[:n], NAMES[:n]):
        p = {"color": color, "name": name}
        p["inaccessible"] = keep_accessible(hands.get(color, []))
        p.update(copy.deepcopy(players.get(color, {})))
        out_players.append(p)
    sc: dict[str, Any] = {
        "name": "test",
        "variant": variant,
        "mode": mode,
        "seed": 7,
        "year": year,
        "season": season,
        "phase": phase,
        "starting_player": starting,
        "players": out_players,
    }
    if first_starting:
        sc["first_starting_player"] = first_starting
    if phase == "orders":
        used_rooms = {r for p in out_players for r in p.get("rooms", {}).values()}
        rooms = (
            ["chicken_coop", "mushroom_bed", "souvenir_shop", "mint", "workshop", "tool_shed"]
            if year == 1
            else ["training_room", "chapel", "dark_room", "labyrinth"]
        )
        sc["room_offer"] = [r for r in rooms if r not in used_rooms][:2]
        sc["monster_offer"] = (
            ["goblin_y1", "slime_y1", "troll_y1"] if year == 1 else ["goblin_y2", "slime_y2", "troll_y2"]
        )
    if n < 4 and "nonplayers" not in extra:
        # fixed inaccessible non-player orders: the non-player decks are then predictable
        sc["nonplayers"] = [
            {"color": c, "inaccessible": ["buy_traps", "build_room", "recruit_imps"]} for c in COLORS[n:]
        ]
    sc.update(copy.deepcopy(extra))
    return sc


def start(scenario: dict | str | Path, draws: dict | None = None) -> Table:
    """A table from a scenario (a dict, its JSON text, or a file the test reads: a game reads none)."""
    events, state = from_scenario(scenario.read_text() if isinstance(scenario, Path) else scenario)
    return Table(events, state, draws)


# --- driving --------------------------------------------------------------------------------------
Policy = Callable[[GameState, Pending, str], Any]


def default_command(state: GameState, p: Pending, actor: str, orders: dict | None = None):
    """A plain default for every kind of input."""
    if p.kind == "choose_orders":
        want = (orders or {}).get(actor)
        opts = p.options(actor)
        if want is None:
            return opts[0]
        mine, np_order = want if isinstance(want, tuple) else (want, None)
        if np_order is None and opts[0].nonplayer_order is not None:
            np_order = opts[0].nonplayer_order
        return ChooseOrders(player=actor, orders=list(mine), nonplayer_order=np_order)
    if p.kind == "choose_inaccessible_orders":
        return p.options(actor)[0]
    if p.kind == "action":
        return Decline(player=actor)
    if p.kind == "digging":
        return StopDigging(player=actor)
    if p.kind == "production":
        return next(o for o in p.options(actor) if isinstance(o, RetrieveOrder))
    if p.kind == "taxes":
        return PayTaxes(
            player=actor,
            gold=p.detail["due"] if state.player(actor).gold >= p.detail["due"] else state.player(actor).gold,
        )
    return p.options(actor)[0]


def drive(
    t: Table,
    stop: Callable[[Pending], bool],
    orders: dict | None = None,
    policy: Policy | None = None,
    max_steps: int = 3000,
) -> Pending:
    """Answer inputs (``policy`` first, then :func:`default_command`) until ``stop(pending)``."""
    for _ in range(max_steps):
        p = t.settle()
        if stop(p):
            return p
        if not p.actors:
            raise AssertionError(f"the game waits for nobody ({p.kind}: {p.prompt}) before the stop condition")
        actor = p.actors[0]
        cmd = policy(t.state, p, actor) if policy else None
        if cmd is None:
            cmd = default_command(t.state, p, actor, orders)
        t.do(cmd)
    raise AssertionError("drive: too many steps")


def drive_to(t: Table, kind: str, actor: str | None = None, **kw) -> Pending:
    """Drive until the game waits for an input of ``kind`` (from ``actor`` if given)."""
    return drive(t, lambda p: p.kind == kind and (actor is None or actor in p.actors), **kw)


def drive_to_phase(t: Table, phase: str, **kw) -> Pending:
    return drive(t, lambda p: t.state.phase == phase, **kw)


def drive_to_action(t: Table, action: str, space: str, **kw) -> Pending:
    """Decline (by default) every action before the minion on ``action`` ``space`` acts."""
    return drive(t, lambda p: p.kind == "action" and p.detail == {"action": action, "space": space}, **kw)


def choose_orders(t: Table, orders: dict[str, Any]) -> None:
    """Every player listed chooses its orders (a list, or (list, non-player order) with 2 players)."""
    for color, want in orders.items():
        mine, np_order = want if isinstance(want, tuple) else (want, None)
        t.do(ChooseOrders(player=color, orders=list(mine), nonplayer_order=np_order))


def orders_round(t: Table, orders: dict[str, Any]) -> list[ev.MinionPlaced]:
    """Drive to the Orders Phase choice, let everyone choose, and return the placements made."""
    drive_to(t, "choose_orders")
    mark = len(t.events)
    choose_orders(t, orders)
    return t.of_type(ev.MinionPlaced, mark)


def placements(state: GameState, action: str) -> list[str | None]:
    """Colours on spaces I, II, III of ``action`` (None = empty)."""
    return [pl.color if pl else None for pl in state.board.spaces[action]]


def random_legal(state: GameState, p: Pending, rng: random.Random):
    """A random legal input: a draw from the chance pool, or one of the actor's options."""
    if p.is_chance:
        return RecordDraw(cards=rng.sample(p.chance.pool, p.chance.count))
    actor = rng.choice(p.actors)
    return rng.choice(p.options(actor))


# --- refusals -------------------------------------------------------------------------------------
def assert_refused(target: GameState | Table, command, code: str) -> RuleViolation:
    """``command`` raises RuleViolation ``code``; the state and the event count are unchanged."""
    state = target.state if isinstance(target, Table) else target
    n_events = len(target.events) if isinstance(target, Table) else None
    before, version = to_dict(state), state.version
    with pytest.raises(RuleViolation) as info:
        execute(state, command)
    assert info.value.code == code, f"expected {code}, got {info.value.code}: {info.value.message}"
    assert info.value.message and info.value.rule
    assert state.version == version
    assert to_dict(state) == before
    if n_events is not None:
        assert len(target.events) == n_events
    return info.value


__all__ = [
    "Table",
    "tabletop_game",
    "make_scenario",
    "start",
    "drive",
    "drive_to",
    "drive_to_phase",
    "drive_to_action",
    "choose_orders",
    "orders_round",
    "placements",
    "assert_refused",
    "random_legal",
    "keep_accessible",
    "default_command",
    "ORDER_CARDS",
    "COLORS",
    "SCENARIOS",
]


def same_game(a, b) -> bool:
    """Two logs hold the same game: every event equal but for what a record may leave out (a digital
    game's withheld seed, the first event's provenance: see dungeon_lords.chain), so the same chain hash."""
    from domain.games.dungeon_lords.chain import _canonical, final_hash

    return [_canonical(e.type, e.payload()) for e in a] == [_canonical(e.type, e.payload()) for e in b] and final_hash(
        (e.type, e.payload()) for e in a
    ) == final_hash((e.type, e.payload()) for e in b)


def fold_with_invariants(log: list, label: str = ""):
    """The state ``log`` folds to, asserting the invariants (``invariants.problems``) after every event;
    ``label`` names the game in the failure."""
    from domain.games.dungeon_lords.evolve import evolve
    from domain.games.dungeon_lords.invariants import problems

    folded = None
    for n, e in enumerate(log, 1):
        folded = evolve(folded, e)
        broken = problems(folded)
        assert not broken, f"{label}event {n} ({e.type}): {broken}"
    return folded


def postgres_schema(dsn: str):
    """A PostgreSQL store of its own on ``dsn``: ``(store_env settings on a fresh schema, drop())``."""
    import psycopg  # only the tests talk to the database directly

    u = urlsplit(dsn)
    conninfo = {
        "host": u.hostname or "localhost",
        "port": u.port or 5432,
        "dbname": u.path.lstrip("/"),
        "user": u.username,
        "password": u.password or "",
        "connect_timeout": 5,
    }
    schema = f"dl_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(**conninfo, autocommit=True) as conn:  # unreachable server: the test errors
        conn.execute(f'CREATE SCHEMA "{schema}"')

    def drop():
        with psycopg.connect(**conninfo, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')

    return store_env(urlunsplit(u._replace(query=f"schema={schema}"))), drop


#: a group's reading of a provisional card (a catalog override), as a table writes one
OUR_READING = {
    # A group's reading of a provisional card, written in the engine's effect vocabulary.
    "special_events": [
        {
            "id": "vip_visit",
            "name": "VIP Visit",
            "status": "provisional",
            "sources": ["our table"],
            "notes": "our group's reading",
            "effect": "Each player pays 1 gold or gains 2 evil.",
            "effect_spec": {"each_player_choice": ["pay_gold:1", "gain_evil:2"]},
        }
    ]
}


def count_event_reads(monkeypatch: Any, service: Any) -> list[int]:
    """Count what ``service`` reads from its event store: the returned list gets, for each ``get``, the number
    of stored events it returned (``monkeypatch`` undoes it at the test's end)."""
    read: list[int] = []
    get = service.repository.event_store.get

    def counted(*args: Any, **kwargs: Any) -> Any:
        out = list(get(*args, **kwargs))
        read.append(len(out))
        return out

    monkeypatch.setattr(service.repository.event_store, "get", counted)
    return read
