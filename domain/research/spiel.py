"""Every registered game as an OpenSpiel Python game: ``pyspiel.load_game("python_<registry name>")``.

Registered when :mod:`domain.research` is imported (:func:`register_all`). The game's parameters are those of
:mod:`.setup` (``players``, ``seed``, ``variant``, ``ruleset``, ``modules``, ``rules``):
``pyspiel.load_game("python_dungeon_lords", {"players": 3, "ruleset": "festival"})``.

- ``GameType``: sequential, explicit chance, imperfect information (perfect when the game says its
  ``GameInfo.information`` is not ``"imperfect"``), general-sum, terminal rewards; every string and tensor.
- ``GameInfo``: ``num_distinct_actions`` and ``max_chance_outcomes`` = :data:`.actions.SPACE` (stable hashed
  ids), ``min_utility``/``max_utility`` = the game's ``min_score``/``max_score``, ``max_game_length`` = its
  ``max_inputs`` (decisions and draws; a draw of several components is several chance moves, at most
  :data:`MAX_DRAW` each, so the history is at most ``max_inputs * MAX_DRAW`` long).
- A state is a :class:`~.table.Table`: whose move, the actions, chance and the views are documented there;
  ``returns`` are the final scores; ``resample_from_infostate`` is :func:`.determinize.resample`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from domain.kernel import GamePackage

from . import actions, determinize, observe
from .setup import default_parameters, registered, setup
from .table import Table

#: the most components one draw takes, as far as ``max_game_length`` counts chance moves
MAX_DRAW = 8


def spiel_name(game: GamePackage) -> str:
    """The name a game is registered under in ``pyspiel``: ``python_<registry name>``."""
    return f"python_{game.info.name}"


def game_type(game: GamePackage) -> Any:
    """The ``pyspiel.GameType`` of a registered game."""
    info = game.info
    T = pyspiel.GameType
    return T(
        short_name=spiel_name(game),
        long_name=f"{info.title} (Python, {info.name})",
        dynamics=T.Dynamics.SEQUENTIAL,
        chance_mode=T.ChanceMode.EXPLICIT_STOCHASTIC if info.chance == "explicit" else T.ChanceMode.DETERMINISTIC,
        information=(
            T.Information.IMPERFECT_INFORMATION
            if info.information == "imperfect"
            else T.Information.PERFECT_INFORMATION
        ),
        utility=T.Utility.GENERAL_SUM,
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=default_parameters(game),
    )


def game_info(game: GamePackage, players: int) -> Any:
    """The ``pyspiel.GameInfo`` of a registered game at ``players`` players (from its ``GameInfo`` bounds)."""
    info = game.info
    return pyspiel.GameInfo(
        num_distinct_actions=actions.SPACE,
        max_chance_outcomes=actions.SPACE,
        num_players=players,
        min_utility=float(info.min_score),
        max_utility=float(info.max_score),
        utility_sum=None,
        max_game_length=info.max_inputs * MAX_DRAW,
    )


class SpielGame(pyspiel.Game):
    """One registered game with its parameters, as a ``pyspiel.Game``."""

    package: GamePackage

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        how = setup(self.package, dict(params or {}))
        super().__init__(game_type(self.package), game_info(self.package, how.players), params or {})
        self.how = how

    def new_initial_state(self) -> SpielState:
        """The game at its first input (RuleViolation SETUP_INVALID if the parameters cannot make a game)."""
        return SpielState(self, Table.start(self.package, self.how))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """The observer of views: an information state (perfect recall) or an observation."""
        return ViewObserver(bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


class SpielState(pyspiel.State):
    """A game in progress (a :class:`~.table.Table`) as a ``pyspiel.State``."""

    def __init__(self, game: SpielGame, table: Table) -> None:
        super().__init__(game)
        self.table = table

    def current_player(self) -> int:
        """The player to move, ``PlayerId.CHANCE`` at a draw, ``PlayerId.TERMINAL`` at the end."""
        seat = self.table.current()
        if seat == -2:
            return int(pyspiel.PlayerId.TERMINAL)
        if seat == -1:
            return int(pyspiel.PlayerId.CHANCE)
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.table.legal()) if player == self.table.current() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a draw: ``[(component's action id, probability)]``, uniform over the components that remain."""
        return self.table.chance_outcomes() if self.table.is_chance else []

    def _apply_action(self, action: int) -> None:
        self.table.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.table.describe(int(action))

    def is_terminal(self) -> bool:
        """True at the game's end."""
        return self.table.over

    def returns(self) -> list[float]:
        """Each player's final score (zeros before the end)."""
        return self.table.scores()

    def rewards(self) -> list[float]:
        """The score at the end, 0 at every other move (terminal rewards)."""
        return self.returns() if self.table.over else [0.0] * len(self.table.seats)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one, what it cannot see redealt
        (:func:`.determinize.resample`). ``probability_sampler()`` returns a uniform number in [0, 1) (OpenSpiel's
        ``UniformProbabilitySampler``): it picks each drawn component and seeds the other seats' choices. The
        state returned has the resampled game's own history (replayed: it is not this state's history)."""
        sample = _picker(probability_sampler)
        rng = random.Random(int(_uniform(probability_sampler) * 2**31))
        table = determinize.resample(self.table, player_id, sample, rng)
        state: SpielState = self.get_game().new_initial_state()
        for move in table.moves:
            state.apply_action(move.action)
        return state

    def __str__(self) -> str:
        return self.table.whole_text()


def _uniform(probability_sampler: Any) -> float:
    return float(probability_sampler()) if callable(probability_sampler) else random.random()


def _picker(probability_sampler: Any) -> determinize.Pick:
    """``[(action, probability)] -> action``, by the cumulative probabilities at a uniform number of the sampler."""

    def pick(outcomes: list[tuple[int, float]]) -> int:
        u, total = _uniform(probability_sampler), 0.0
        for action, p in outcomes:
            total += p
            if u < total:
                return action
        return outcomes[-1][0]

    return pick


class ViewObserver:
    """OpenSpiel's observer over :mod:`.observe`: ``tensor`` (float32, :data:`.observe.TENSOR_SIZE`), ``dict``."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(observe.TENSOR_SIZE, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        observe.fill_tensor(self.tensor, state.table, player, self.perfect_recall)

    def string_from(self, state: SpielState, player: int) -> str:
        """``player``'s information state or observation as text."""
        if self.perfect_recall:
            return observe.information_state_string(state.table, player)
        return observe.observation_string(state.table, player)


def register_all() -> list[str]:
    """Register every game of the registry in ``pyspiel`` (once each); returns the names."""
    names = []
    known = set(pyspiel.registered_names())
    for game in registered().values():
        name = spiel_name(game)
        names.append(name)
        if name in known:
            continue
        cls = type(f"SpielGame_{game.info.name}", (SpielGame,), {"package": game})
        pyspiel.register_game(game_type(game), cls)
    return names
