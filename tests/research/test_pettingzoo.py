"""Every registered game as a PettingZoo AEC environment (domain/research/zoo.py, docs/research.md):
PettingZoo's own API test, action masks from the legal options, observations from the views.

Needs the ``research`` extra (skipped without it).
"""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from domain.research import actions, observe, pettingzoo_env  # noqa: E402
from domain.research.setup import registered  # noqa: E402

GAMES = sorted(registered())


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoos_api_test_passes(name: str) -> None:
    info = registered()[name].info
    env = pettingzoo_env(name, players=info.min_players, seed=3)
    api_test(env, num_cycles=60)


@pytest.mark.parametrize("name", GAMES)
def test_the_mask_is_the_legal_options_and_the_observation_the_view(name: str) -> None:
    env = pettingzoo_env(name, seed=4)
    env.reset(seed=4)
    for _ in range(40):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        seat = env.possible_agents.index(agent)
        obs = env.observe(agent)
        legal = sorted(env.table.legal())
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        assert obs["action_mask"].shape == (actions.SPACE,)
        expected = np.zeros(observe.TENSOR_SIZE, np.float32)
        observe.fill_tensor(expected, env.table, seat, perfect_recall=False)
        assert (obs["observation"] == expected).all()
        assert env.infos[agent]["view"] == env.table.game.view(env.table.state, agent)
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(legal[len(legal) // 2])


def test_an_unknown_game_is_refused_with_the_registered_names() -> None:
    with pytest.raises(KeyError, match="registered"):
        pettingzoo_env("no_such_game")
