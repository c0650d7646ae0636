"""Every registered game as an OpenSpiel game (domain/research, docs/research.md): registration, GameType and
GameInfo from our bounds, OpenSpiel's own random simulation test at every player count and with every rules
module, chance from what remains, views only, determinization, and the same events as our engine.

Needs the ``research`` extra (skipped without it). OpenSpiel's random simulation of a Dungeon Lords game takes
~10 s: beyond the first configuration they are marked heavy (``pytest --heavy -m heavy tests/research``).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

import domain.research  # noqa: E402  (registers the games in pyspiel)
from domain.kernel import RuleViolation  # noqa: E402
from domain.research import actions  # noqa: E402
from domain.research.setup import registered  # noqa: E402

GAMES = registered()


def _configs() -> list[tuple[str, dict, bool]]:
    """(game, parameters, heavy): every player count, every variant, every ruleset, rules module and rule option
    at least once."""
    out = []
    for name, game in sorted(GAMES.items()):
        info = game.info
        long = info.max_inputs > 1000  # Dungeon Lords: a game is ~300 inputs and a few seconds through pyspiel
        for n, players in enumerate(range(info.min_players, info.max_players + 1)):
            variant = info.variants[n % len(info.variants)]
            out.append((name, {"players": players, "variant": variant}, long and n > 0))
        for ruleset in sorted(game.rulesets):
            if game.rulesets[ruleset]:
                out.append((name, {"players": info.min_players, "ruleset": ruleset}, long))
        covered = {m for r in game.rulesets.values() for m in r}
        for module in sorted(set(game.modules) - covered):
            out.append((name, {"players": info.max_players, "modules": _with_what_it_needs(game, module)}, long))
        for rule, (values, _default) in sorted(game.rule_options.items()):
            out.append((name, {"players": info.min_players, "rules": f"{rule}={values[-1]}"}, long))
    return out


def _with_what_it_needs(game, module: str) -> str:
    """``module`` with the fewest other modules it can be played with (a ruleset, or a ruleset less a module that
    excludes it), as the ``modules`` parameter; the module alone if none will do (the test then fails)."""
    sets = [()] + sorted(game.rulesets.values(), key=len)
    sets += [tuple(m for m in r if m != left) for r in game.rulesets.values() for left in r]
    for others in sorted(set(sets), key=lambda s: (len(s), s)):  # the same order in every process (xdist)
        modules = [*others, module]
        try:
            game.new_game(["A", "B", "C", "D"][: game.info.max_players], seed=1, modules=modules)
        except RuleViolation:
            continue
        return ",".join(modules)
    return module


CONFIGS = [
    pytest.param(
        name,
        params,
        id=f"{name}-{'-'.join(f'{k}={v}' for k, v in params.items())}",
        marks=([pytest.mark.heavy] if heavy else []),
    )
    for name, params, heavy in _configs()
]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_is_a_pyspiel_game_with_our_bounds(name: str) -> None:
    info = GAMES[name].info
    assert f"python_{name}" in domain.research.SPIEL_GAMES
    game = pyspiel.load_game(f"python_{name}")
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (t.min_num_players, t.max_num_players) == (info.min_players, info.max_players)
    assert game.num_distinct_actions() == actions.SPACE == game.max_chance_outcomes()
    assert (game.min_utility(), game.max_utility()) == (info.min_score, info.max_score)
    assert game.max_game_length() >= info.max_inputs
    for players in range(info.min_players, info.max_players + 1):
        assert pyspiel.load_game(f"python_{name}", {"players": players}).num_players() == players


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_openspiels_random_simulation_test_passes(name: str, params: dict) -> None:
    game = pyspiel.load_game(f"python_{name}", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _play_to(state, rng: random.Random, stop) -> None:
    """Random moves (chance by its probabilities) until ``stop(state)`` or the end."""
    while not state.is_terminal() and not stop(state):
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_chance_node_draws_uniformly_from_the_components_that_remain(name: str) -> None:
    game = pyspiel.load_game(f"python_{name}")
    state, rng, seen = game.new_initial_state(), random.Random(3), 0
    while not state.is_terminal() and seen < 40:
        if state.is_chance_node():
            seen += 1
            spec = state.table.pending.chance
            left = Counter(spec.pool) - Counter(state.table.drawn)  # the pool, the draw under way's taken out
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(0 <= a < actions.SPACE for a, _ in outcomes)
            by_component = {state.table.legal()[a]: p for a, p in outcomes}
            assert by_component == pytest.approx({c: k / sum(left.values()) for c, k in left.items()})
            ids, probs = zip(*outcomes)
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_action_ids_do_not_depend_on_the_order_options_are_listed(name: str) -> None:
    game = pyspiel.load_game(f"python_{name}")
    state, rng, checked = game.new_initial_state(), random.Random(5), 0
    while not state.is_terminal() and checked < 30:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        p = state.table.pending
        options = list(p.options(p.actors[0]))
        mapping = {n: actions.key(c) for n, c in actions.assign(options).items()}
        for _ in range(3):
            rng.shuffle(options)
            assert {n: actions.key(c) for n, c in actions.assign(options).items()} == mapping
        assert sorted(mapping) == state.legal_actions()
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 0


def test_colliding_hashes_take_the_next_free_id_whatever_the_order() -> None:
    items = [f"option-{i}" for i in range(12)]
    reference = actions.assign(items, space=16)  # 12 items in 16 ids: collisions for sure
    assert sorted(reference.values()) == sorted(items)
    assert len({actions.stable_hash(i, 16) for i in items}) < len(items)  # the test can fail: there are collisions
    rng = random.Random(1)
    for _ in range(20):
        rng.shuffle(items)
        assert actions.assign(items, space=16) == reference


def _twins(name: str, seed: int):
    """Two states that differ only in one seat's input (a decision, or a draw of its own) where the game's view
    of some other seat does not show the difference; that seat, and whether the input was a choice made at the
    same time as others' (a secret by the rules). None if the game reached no such point."""
    game = pyspiel.load_game(f"python_{name}", {"seed": seed})
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        p = state.table.pending
        own_draw = p.is_chance and p.chance.color in state.table.seats and not state.table.drawn
        if (own_draw or not p.is_chance) and rng.random() < 0.3:
            a, b = state.clone(), state.clone()
            if own_draw:
                keeper, outcomes = state.table.seats.index(p.chance.color), [o for o, _ in state.chance_outcomes()]
                _draw(a, outcomes[0])
                _draw(b, outcomes[-1])
            else:
                keeper, outcomes = state.current_player(), state.legal_actions()
                a.apply_action(outcomes[0])
                b.apply_action(outcomes[-1])
            others = [n for n in range(a.num_players()) if n != keeper]
            if len(outcomes) > 1 and any(a.table.view(n) == b.table.view(n) for n in others):
                return a, b, keeper, len(p.actors) > 1
        ids = [o for o, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(ids))
    return None


def _draw(state, first: int) -> None:
    """Draw ``first``, then the rest of the draw by the lowest id."""
    state.apply_action(first)
    while state.is_chance_node() and state.table.drawn:
        state.apply_action(state.chance_outcomes()[0][0])


def _seen(state, player: int) -> tuple:
    return (
        state.observation_string(player),
        state.information_state_string(player),
        tuple(state.observation_tensor(player)),
        tuple(state.information_state_tensor(player)),
    )


@pytest.mark.parametrize("name", sorted(GAMES))
def test_another_seats_secret_does_not_change_what_a_player_observes(name: str) -> None:
    """Two states that differ in one seat's input: every other seat observes the same (strings and tensors)
    wherever the game's view shows it the same, always when the input is a secret choice; the seat whose input
    it was sees the difference."""
    secrets = 0
    for seed in range(16):
        twins = _twins(name, seed)
        if twins is None:
            continue
        a, b, keeper, secret = twins
        for player in range(a.num_players()):
            if player == keeper:
                continue
            same_view = a.table.view(player) == b.table.view(player)
            assert same_view or not secret, f"seed {seed}: the game's view shows player {player} a secret choice"
            if same_view:
                secrets += 1
                assert _seen(a, player) == _seen(b, player), f"seed {seed}: player {player} tells the twins apart"
            else:  # the test can fail: what the view shows, the strings show
                assert a.observation_string(player) != b.observation_string(player)
        if a.table.view(keeper) != b.table.view(keeper):
            assert _seen(a, keeper) != _seen(b, keeper)
        if secrets >= 4:
            break
    if not secrets:
        pytest.skip(f"{name}: no secret choice or private draw met in 16 games")


@pytest.mark.parametrize(
    ("name", "moves", "redealt"),
    [("monster_inn", 90, True), pytest.param("dungeon_lords", 120, False, marks=pytest.mark.heavy)],
)
def test_resampling_keeps_the_information_state_and_redeals_what_is_hidden(name: str, moves: int, redealt: bool):
    game = pyspiel.load_game(f"python_{name}", {"players": GAMES[name].info.min_players})
    state, rng = game.new_initial_state(), random.Random(2)
    _play_to(state, rng, lambda s: len(s.history()) > moves and not s.is_chance_node())
    player = state.current_player()
    wholes = set()
    for _ in range(3):
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.history() == [m.action for m in other.table.moves]
        wholes.add(str(other))
    if redealt:  # Monster Inn hides supplies and humanoids' faces: some are redealt
        assert len(wholes | {str(state)}) > 1, "nothing hidden was redealt"


@pytest.mark.parametrize(("name", "players", "seed"), [("monster_inn", 4, 11), ("dungeon_lords", 2, 7)])
def test_the_wrapper_and_our_engine_give_the_same_event_stream(name: str, players: int, seed: int) -> None:
    game = GAMES[name]
    engine = game.engine
    # our engine: a digital game; the seeded RNG draws
    log, ours = game.new_game(list(domain.research.setup.NAMES[:players]), seed=seed, mode="digital")
    # the wrapper: OpenSpiel chooses each component, here as our seeded RNG drew it
    state = pyspiel.load_game(f"python_{name}", {"players": players, "seed": seed}).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            cards = list(engine.random_draw(state.table.state, state.table.pending).cards)
            for card in cards:
                [action] = [a for a, c in state.table.legal().items() if c == card]
                state.apply_action(action)
        else:
            action = rng.choice(state.legal_actions())
            command = state.table.legal()[action]
            state.apply_action(action)
            events, ours = engine.execute(ours, command)
            log += events
    assert engine.pending(ours).actors == []
    assert [e.to_json() for e in state.table.events] == [e.to_json() for e in log]
    assert state.returns() == pytest.approx(state.table.scores())


def test_a_game_registered_from_outside_is_an_openspiel_game_and_a_pettingzoo_env_too() -> None:
    """The toy game of tests/toy_game.py, registered by DL_GAMES in a process of its own (never in this one's
    registry): both adapters serve it without a line of their own."""
    tests = Path(__file__).parents[1]
    code = (
        "import warnings; warnings.simplefilter('ignore')\n"
        "import pyspiel, domain.research\n"
        "from pettingzoo.test import api_test\n"
        "game = pyspiel.load_game('python_high_card', {'players': 3})\n"
        "pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)\n"
        "api_test(domain.research.pettingzoo_env('high-card', players=2), num_cycles=20)\n"
        "print('served', domain.research.SPIEL_GAMES)\n"
    )
    env = {**os.environ, "DL_GAMES": "toy_game", "PYTHONPATH": os.pathsep.join([str(tests), str(tests.parent)])}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "python_high_card" in done.stdout
