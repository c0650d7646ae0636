"""The worked examples of docs/adding-a-module.md, run: a central-board location, a trap and a score line,
each one registered function plus data (a catalog override), played in whole games."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.actions import ACTIONS, location, space_spec
from domain.games.dungeon_lords.bots import play_until_blocked, random_bot
from domain.games.dungeon_lords.catalog import base_catalog
from domain.games.dungeon_lords.commands import TakeAction
from domain.games.dungeon_lords.effects import TRAP_TARGETING, TrapContext, targeting
from domain.games.dungeon_lords.engine import new_game, replay
from domain.games.dungeon_lords.errors import RuleViolation, refuse
from domain.games.dungeon_lords.phases.combat import line
from domain.games.dungeon_lords.scoring import SCORE_LINES, ScoreCard, score, score_line
from domain.games.dungeon_lords.state import GameState, Placement, Player


@contextmanager
def registered(registry, key):
    """Take a test's registration out again, so other tests see the shipped rules."""
    try:
        yield
    finally:
        if isinstance(registry, dict):
            registry.pop(key, None)
        else:
            registry[:] = [line for line in registry if line.id != key]


def _play(overrides, seed: int, players: int = 3):
    events, state = new_game([f"P{i}" for i in range(players)], seed=seed, catalog_overrides=overrides)
    more, state, _ = play_until_blocked(state, {p.color: random_bot for p in state.players}, seed=seed)
    return events + more, state


# --- 1. a central-board location --------------------------------------------------------------------
MONEYLENDER = {
    "actions": [
        {
            "id": "moneylender",
            "name": "Moneylender",
            "resolve_order": ["I", "II", "III"],
            "status": "provisional",
            "sources": ["docs/adding-a-module.md"],
            "notes": "a worked example, not a published location",
            "spaces": {
                "I": {"cost": {}, "reward": {"gold": 1}},
                "II": {"cost": {}, "reward": {"gold": 2}},
                "III": {"cost": {}, "reward": {"gold": 3}},
            },
        }
    ],
    "order_cards": [*base_catalog().order_cards, "moneylender"],
}


def _offer(state: GameState, p: Player, pl: Placement) -> list[TakeAction]:
    return [TakeAction(player=p.color)]


def _never(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    return refuse("CANNOT_PAY", "the Moneylender always lends", "action.full_cost")


def moneylender(state: GameState, p: Player, pl: Placement, cmd: TakeAction) -> list[ev.Event]:
    """Take the space's gold and one step up the Evilometer (lending at interest is evil)."""
    gold = space_spec(state, pl).reward.gold
    return [ev.ActionTaken(color=p.color, action=pl.action, space=pl.space, paid={}, gained={"gold": gold, "evil": 1})]


def test_a_new_location_is_one_registered_function_plus_its_catalog_entry():
    with registered(ACTIONS, "moneylender"):
        with pytest.raises(RuleViolation, match="nobody registered: central-board location 'moneylender'"):
            new_game(["Ann", "Bob"], seed=1, catalog_overrides=MONEYLENDER)
        location("moneylender", TakeAction, candidates=_offer, why_not=_never)(moneylender)
        taken = []
        for seed in range(6):
            log, state = _play(MONEYLENDER, seed)
            assert state.scores is not None  # the game ran to its end
            taken += [e for e in log if isinstance(e, ev.ActionTaken) and e.action == "moneylender"]
        assert taken, "in six random games somebody sent a minion to the Moneylender"
        assert all(e.gained["gold"] == {"I": 1, "II": 2, "III": 3}[e.space] for e in taken)
        assert all(e.gained["evil"] == 1 for e in taken)


# --- 2. a trap ---------------------------------------------------------------------------------------
def last_in_line(t: TrapContext) -> list[tuple[str, int]]:
    """The trap hits the last adventurer of the party (a worked example)."""
    return [(t.party[-1], t.damage)]


TRIPWIRE = {
    "traps": [
        {
            "id": "rolling_stone",  # the same cards, now aimed at the back of the party
            "name": "Rolling Stone",
            "copies": 3,
            "year1": {"damage": 3, "targeting": "last"},
            "year2": {"damage": 4, "targeting": "last"},
            "effect": "Damage to the last adventurer (a worked example).",
            "status": "provisional",
            "sources": ["docs/adding-a-module.md"],
            "notes": "a worked example, not the printed card",
        }
    ]
}


def test_a_new_trap_targeting_is_one_registered_function_plus_its_catalog_entry():
    with registered(TRAP_TARGETING, "last"):
        with pytest.raises(RuleViolation, match="targeting 'last'"):
            new_game(["Ann", "Bob"], seed=1, catalog_overrides=TRIPWIRE)
        targeting("last")(last_in_line)
        sprung = 0
        for seed in range(8):
            log, state = _play(TRIPWIRE, seed, players=2)
            for i, e in enumerate(log):
                if isinstance(e, ev.TrapSprung) and e.trap.startswith("rolling_stone"):
                    sprung += 1
                    before = replay(log[:i])
                    party = line(before, before.player(e.color))
                    hits = [d for d in log[i + 1 :] if isinstance(d, ev.DamageDealt) and d.source == f"trap:{e.trap}"]
                    assert {d.target for d in hits} <= {party[-1]}  # the last in line, nobody else
        assert sprung, "in eight random games a Rolling Stone sprang"


# --- 3. a score line ---------------------------------------------------------------------------------
def hoard(card: ScoreCard) -> int:
    """1 point for every 3 gold left at the end (a worked example)."""
    return card.player.gold // 3


def test_a_new_score_line_is_one_registered_function():
    _, state = _play(None, seed=2, players=2)
    before = {s.color: s for s in score(state)}
    with registered(SCORE_LINES, "hoard"):
        score_line("hoard", "hoard")(hoard)
        after = {s.color: s for s in score(state)}
    for p in state.players:
        assert after[p.color].lines["hoard"] == p.gold // 3
        assert after[p.color].total == before[p.color].total + p.gold // 3
    assert [line.id for line in SCORE_LINES][-1] != "hoard"  # taken out again


def test_registering_a_location_twice_is_refused():
    with pytest.raises(ValueError, match="registered twice"):
        location("get_food", TakeAction, candidates=_offer, why_not=_never)(moneylender)
    assert ACTIONS["get_food"].decide is not moneylender  # the shipped registry is untouched
