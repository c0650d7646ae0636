"""Every registered game as a PettingZoo AEC environment: ``domain.research.pettingzoo_env(game, **options)``.

- agents: the game's seats (``"red"``, ``"blue"``... or ``"p1"``...), in player order;
- an action: the option's stable id (:mod:`.actions`), in ``Discrete(SPACE)``;
- an observation: ``{"observation": the seat's view tensor (float32, :data:`.observe.TENSOR_SIZE`),
  "action_mask": int8 of SPACE cells, 1 for each legal option of the agent to move}`` (all 0 for an agent not
  to move); ``infos[agent]["view"]`` is the seat's view itself (a dict) and ``infos[agent]["legal"]`` the
  legal options in words by id;
- chance: the environment draws (uniformly over the components that remain, from the seed given to
  ``reset``), so the agents see only decisions;
- rewards: 0 until the end, then each seat's final score.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import actions, observe
from .setup import registered, setup
from .table import Table


class GameEnv(AECEnv):
    """A registered game as a PettingZoo ``AECEnv``.

    Args:
        game: the registry name (``"monster_inn"``; a hyphen reads as an underscore).
        render_mode: None or ``"ansi"`` (``render`` returns the whole state as JSON text).
        **options: the set-up (:mod:`.setup`: ``players``, ``seed``, ``variant``, ``ruleset``, ``modules``,
            ``rules``).

    Raises:
        KeyError: no such game. ValueError: a bad option (RuleViolation when the game refuses the set-up).
    """

    metadata = {"render_modes": ["ansi"], "name": "dungeon_lords_games_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        games = registered()
        name = game.replace("-", "_")
        if name not in games:
            raise KeyError(f"no game {game!r}; registered: {', '.join(sorted(games))}")
        self.package = games[name]
        self.how = setup(self.package, options)
        self.render_mode = render_mode
        self.table = Table.start(self.package, self.how)
        self.possible_agents = list(self.table.seats)
        self.action_spaces = {a: spaces.Discrete(actions.SPACE) for a in self.possible_agents}
        box = spaces.Box(0.0, np.inf, (observe.TENSOR_SIZE,), np.float32)
        mask = spaces.Box(0, 1, (actions.SPACE,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self._rng = random.Random(self.how.seed)

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """``Discrete(SPACE)``: an option's stable id."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (``seed``: the draws' RNG; the game's own set-up is the environment's)."""
        self._rng = random.Random(self.how.seed if seed is None else seed)
        self.table = Table.start(self.package, self.how)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._draw()
        self.agent_selection = self.possible_agents[self.table.current()]
        self._update_infos()

    def _draw(self) -> None:
        while self.table.is_chance:
            outcomes = self.table.chance_outcomes()
            self.table.apply(self._rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])

    def _update_infos(self) -> None:
        for i, agent in enumerate(self.possible_agents):
            if agent in self.infos:
                self.infos[agent] = {"view": self.table.view(i)}
        if not self.table.over and self.agent_selection in self.infos:
            legal = self.table.legal()
            self.infos[self.agent_selection]["legal"] = {n: self.table.describe(n) for n in sorted(legal)}

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s view tensor and action mask."""
        seat = self.possible_agents.index(agent)
        tensor = np.zeros(observe.TENSOR_SIZE, np.float32)
        observe.fill_tensor(tensor, self.table, seat, perfect_recall=False)
        mask = np.zeros(actions.SPACE, np.int8)
        if not self.table.over and self.table.current() == seat:
            mask[sorted(self.table.legal())] = 1
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: Any) -> None:
        """The agent to move takes option ``action`` (an id its mask allows); at the end, every agent steps
        once with None and leaves.

        Raises:
            ValueError: ``action`` is not legal."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.apply(int(action))
        self._draw()
        if self.table.over:
            for agent_name, score in zip(self.possible_agents, self.table.scores(), strict=True):
                self.rewards[agent_name] = score
                self.terminations[agent_name] = True
            following = (self.possible_agents.index(agent) + 1) % len(self.possible_agents)
            self.agent_selection = self.possible_agents[following]
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[self.table.current()]
        self._accumulate_rewards()
        self._update_infos()

    def render(self) -> str | None:
        """The whole state as JSON text (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        return self.table.whole_text()

    def close(self) -> None:
        """Nothing to release."""


def pettingzoo_env(game: str, **options: Any) -> GameEnv:
    """The AEC environment of registered game ``game`` (see :class:`GameEnv`)."""
    return GameEnv(game, **options)
