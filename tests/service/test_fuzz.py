"""Fuzzing the command boundary: malformed JSON/dicts and well-formed but illegal commands, sent at
random points of random games. Every one must raise RuleViolation with a non-empty code and leave
the state and the event count untouched (Rulebook › Executing Orders: a refused order changes
nothing; engine contract: "Nothing is appended when it is raised")."""

from __future__ import annotations

import json
import random
from functools import lru_cache

from helpers import random_legal
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from domain.games.dungeon_lords import commands as C
from domain.games.dungeon_lords.commands import parse_command
from domain.games.dungeon_lords.engine import decide, execute, new_game, pending
from domain.games.dungeon_lords.errors import RuleViolation
from domain.games.dungeon_lords.state import GameState, to_dict

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["Ann", "Bob", "Cid", "Dee"]
ALL_TYPES = [
    C.ChooseInaccessibleOrders,
    C.ChooseOrders,
    C.TakeAction,
    C.ImproveReputation,
    C.DigTunnel,
    C.StopDigging,
    C.MineGold,
    C.HireMonster,
    C.BuildRoom,
    C.DiscardTrap,
    C.Decline,
    C.Produce,
    C.RetrieveOrder,
    C.PayWage,
    C.ReleaseMonster,
    C.PayTaxes,
    C.ChooseEventOption,
    C.RecordDraw,
]


@lru_cache(maxsize=1)
def game_points() -> tuple[GameState, ...]:
    """States at random points of random games (2-4 players, both variants, digital and tabletop)."""
    out = []
    rng = random.Random(20240611)
    for i, (n, variant, mode) in enumerate(
        [(n, v, m) for n in (2, 3, 4) for v in ("first_game", "full") for m in ("digital", "tabletop")]
    ):
        _, state = new_game(NAMES[:n], variant=variant, mode=mode, seed=1000 + i, starting_player=i % n)
        step = 0
        while True:
            p = pending(state)
            if step % 7 == 0 or not p.actors:
                out.append(state)
            if not p.actors:
                break
            _, state = execute(state, random_legal(state, p, rng))
            step += 1
    return tuple(out)


def assert_rejected(state: GameState, command) -> RuleViolation:
    before, version = to_dict(state), state.version
    for fn in (execute, decide):
        try:
            fn(state, command)
        except RuleViolation as exc:
            err = exc
        else:
            raise AssertionError(f"{command!r} was accepted at {pending(state).kind}")
        assert isinstance(err.code, str) and err.code.strip(), "a refusal needs a code"
        assert err.message
        assert state.version == version
        assert to_dict(state) == before
    return err


def parses(data) -> bool:
    try:
        parse_command(data)
    except RuleViolation:
        return False
    return True


def _pick(select):
    def get(i: int) -> GameState:
        chosen = [s for s in game_points() if select(pending(s))]
        return chosen[i % len(chosen)]

    return st.integers(0, 10**6).map(get)


states = _pick(lambda p: True)
chance_states = _pick(lambda p: p.is_chance and p.chance.count > 0)
player_states = _pick(lambda p: bool(p.actors) and not p.is_chance)
colors = st.sampled_from(["red", "blue", "green", "yellow"])


# --- malformed --------------------------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
FIELD_NAMES = [
    "type",
    "player",
    "square",
    "imps",
    "gold",
    "cards",
    "orders",
    "monster",
    "room",
    "card",
    "spy",
    "option",
    "target",
    "dig",
    "discard_trap",
    "feed_monster",
    "nonplayer_order",
    "x",
]
TYPE_TAGS = [t.model_fields["type"].default for t in ALL_TYPES] + ["", "DIG_TUNNEL", "attack", "pass"]


@FUZZ
@given(state=states, text=st.text(max_size=60))
def test_random_text_is_refused(state, text):
    assume(not parses(text))
    err = assert_rejected(state, text)
    assert err.code == "COMMAND_MALFORMED"


@FUZZ
@given(
    state=states,
    data=st.dictionaries(st.sampled_from(FIELD_NAMES), json_values, max_size=5),
    tag=st.sampled_from(TYPE_TAGS) | st.none(),
)
def test_random_dicts_are_refused(state, data, tag):
    if tag is not None:
        data = {**data, "type": tag}
    assume(not parses(data))
    err = assert_rejected(state, data)
    assert err.code == "COMMAND_MALFORMED"
    assert_rejected(state, json.dumps(data))


BAD = {
    "str": [5, ["x"], {"a": 1}, 2.5],
    "int": ["abc", 1.5, [1], {"a": 1}],
    "square": [[1], [1, 2, 3], "ab", [1.5, 2], {"r": 1}, ["a", "b"], 7],
    "list": ["abc", [1, 2], {"a": 1}, 5, [["x"]]],
}
KIND = {
    "player": "str",
    "imps": "int",
    "gold": "int",
    "spy": "int",
    "square": "square",
    "dig": "square",
    "cards": "list",
    "orders": "list",
}
EXAMPLES = [
    C.ChooseInaccessibleOrders(player="red", cards=["get_food", "mine_gold"]),
    C.ChooseOrders(player="red", orders=["get_food", "mine_gold", "dig_tunnels"], nonplayer_order="build_room"),
    C.TakeAction(player="red"),
    C.ImproveReputation(player="blue", spy=1),
    C.DigTunnel(player="red", square=(1, 1)),
    C.StopDigging(player="green"),
    C.MineGold(player="red", imps=2),
    C.HireMonster(player="red", monster="goblin_y1#1", discard_trap="pendulum#1", feed_monster="troll_y1#1"),
    C.BuildRoom(player="red", room="chicken_coop", square=(1, 2)),
    C.DiscardTrap(player="red", card="pendulum#1"),
    C.Decline(player="yellow"),
    C.Produce(player="red", square=(1, 2), dig=(3, 1)),
    C.RetrieveOrder(player="red", card="get_food"),
    C.PayWage(player="red", monster="goblin_y1#1"),
    C.ReleaseMonster(player="red", monster="goblin_y1#1"),
    C.PayTaxes(player="red", gold=1),
    C.ChooseEventOption(player="red", option="gain_evil:3", target="x"),
    C.RecordDraw(cards=["pay_day"]),
]


@FUZZ
@given(state=states, data=st.data())
def test_mutated_commands_are_malformed(state, data):
    # every documented field has a type: a wrong value, a missing required field, an unknown field or an
    # unknown type tag is refused before any rule is looked at
    base = data.draw(st.sampled_from(EXAMPLES))
    d = base.model_dump(mode="json")
    fields = type(base).model_fields
    how = data.draw(st.sampled_from(["drop", "extra", "wrong", "tag", "null"]))
    if how == "drop":
        required = [k for k, f in fields.items() if f.is_required()]
        d.pop(data.draw(st.sampled_from(required)))
    elif how == "extra":
        d[data.draw(st.sampled_from(["extra", "colour", "amount", "x"]))] = data.draw(json_values)
    elif how == "tag":
        d["type"] = data.draw(st.sampled_from(["", "dig", "dig_tunnels", "Decline", "hire", "record"]))
    elif how == "null":
        required = [k for k, f in fields.items() if f.is_required()]
        d[data.draw(st.sampled_from(required))] = None
    else:
        name = data.draw(
            st.sampled_from(
                [k for k in d if k in KIND or (k not in ("type",) and fields[k].annotation in (str, str | None))]
            )
        )
        d[name] = data.draw(st.sampled_from(BAD[KIND.get(name, "str")]))
    err = assert_rejected(state, d)
    assert err.code == "COMMAND_MALFORMED", (d, err.code)


# --- well-formed but illegal ----------------------------------------------------------------------------------
def _template(p, actor: str):
    """A command of a type the pending accepts, from ``actor``."""
    opts = p.options(actor) if actor in p.actors else []
    return opts[0] if opts else None


@FUZZ
@given(state=player_states, data=st.data())
def test_commands_from_a_player_the_game_does_not_wait_for(state, data):
    # Rulebook › First Year: decisions are taken in order; nobody acts for another lord
    p = pending(state)
    cmd = _template(p, p.actors[0])
    others = [q.color for q in state.players if q.color not in p.actors] + ["purple", "chance", ""]
    who = data.draw(st.sampled_from(others))
    err = assert_rejected(state, cmd.model_copy(update={"player": who}))
    assert err.code == "NOT_YOUR_TURN"


@FUZZ
@given(state=states, data=st.data())
def test_commands_of_a_type_the_game_does_not_wait_for(state, data):
    p = pending(state)
    wrong = [e for e in EXAMPLES if not isinstance(e, p.accepts)]
    cmd = data.draw(st.sampled_from(wrong))
    if p.actors and not p.is_chance and "player" in type(cmd).model_fields and cmd.player is not None:
        cmd = cmd.model_copy(update={"player": p.actors[0]})
    err = assert_rejected(state, cmd)
    assert err.code == "UNEXPECTED_COMMAND"


def _illegal(state: GameState, p, actor: str, draw) -> list:
    """Well-formed commands that no rule allows, whatever the situation."""
    far = draw(st.sampled_from([(9, 9), (-1, 2), (4, 0), (0, 5), (-3, -3), (100, 1)]))
    neg = draw(st.integers(-50, -1))
    return [
        C.DigTunnel(player=actor, square=far),
        C.BuildRoom(player=actor, room="castle", square=(1, 2)),
        C.BuildRoom(player=actor, room=draw(st.sampled_from(["chicken_coop", "mint", "chapel"])), square=far),
        C.Produce(player=actor, square=far),
        C.MineGold(player=actor, imps=neg),
        C.MineGold(player=actor, imps=0),
        C.PayTaxes(player=actor, gold=neg),
        C.ImproveReputation(player=actor, spy=draw(st.sampled_from([neg, 0, 5, 99]))),
        C.HireMonster(player=actor, monster="unicorn_y1#1"),
        C.RetrieveOrder(player=actor, card="nap"),
        C.ChooseOrders(player=actor, orders=["nap", "snack", "sleep"]),
        C.ChooseOrders(player=actor, orders=["get_food"]),
        C.ChooseInaccessibleOrders(player=actor, cards=["nap", "sleep"]),
        C.DiscardTrap(player=actor, card="nothing#9"),
        C.PayWage(player=actor, monster="yeti_y1#1"),
        C.ReleaseMonster(player=actor, monster="yeti_y1#1"),
        C.ChooseEventOption(player=actor, option="dance"),
    ]


@FUZZ
@given(state=states, data=st.data())
def test_impossible_squares_unknown_ids_and_negative_amounts(state, data):
    p = pending(state)
    actor = (
        p.actors[0] if p.actors and not p.is_chance else data.draw(st.sampled_from([q.color for q in state.players]))
    )
    cmd = data.draw(st.sampled_from(_illegal(state, p, actor, data.draw)))
    err = assert_rejected(state, cmd)
    if p.is_chance or not isinstance(cmd, p.accepts):
        assert err.code == "UNEXPECTED_COMMAND"


@FUZZ
@given(state=chance_states, data=st.data())
def test_impossible_draws_are_refused(state, data):
    # Engine contract (input.chance): a recorded draw must be possible from the components that remain
    p = pending(state)
    spec = p.chance
    pool = list(spec.pool)
    singles = [c for c in pool if pool.count(c) == 1]
    everything = (
        {c for q in state.players for c in q.traps}
        | set(state.board.monster_offer)
        | set(state.board.room_offer)
        | set(state.board.combat_cards)
        | set(state.board.event_tiles.values())
        | {a for q in state.players for a in q.party}
    )
    gone = sorted(everything - set(pool))
    ways = (
        ["more", "fewer", "unknown"] + (["twice"] if spec.count >= 2 and singles else []) + (["gone"] if gone else [])
    )
    how = data.draw(st.sampled_from(ways))
    if how == "more":
        cards = pool[: spec.count] + [data.draw(st.sampled_from(pool))]
    elif how == "fewer":
        cards = pool[: spec.count - 1]
    elif how == "unknown":
        cards = pool[: spec.count - 1] + [data.draw(st.sampled_from(["dragon_y9#1", "nap", "paladin_y1", ""]))]
    elif how == "twice":
        cards = [singles[0]] * 2 + [c for c in pool if c != singles[0]][: spec.count - 2]
    else:  # a component that is no longer in the pool (drawn earlier, or elsewhere)
        cards = pool[: spec.count - 1] + [data.draw(st.sampled_from(gone))]
    err = assert_rejected(state, C.RecordDraw(cards=cards))
    assert err.code == "DRAW_IMPOSSIBLE"


def test_fuzz_points_cover_chance_and_player_inputs():
    kinds = {pending(s).kind for s in game_points()}
    assert "chance" in kinds and "choose_orders" in kinds and "action" in kinds
    assert len(game_points()) > 60
