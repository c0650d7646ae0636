"""How a research adapter starts a game of the registry: the set-up options as parameters, and the opening.

Both adapters (OpenSpiel and PettingZoo) start a game the same way, from a registered
:class:`~domain.kernel.GamePackage` and a few plain parameters (what OpenSpiel's ``load_game`` passes):

    players  int   the player count (default: 4, within the game's bounds)
    seed     int   the seed recorded in the game's first event (a game may draw its starting player from it)
    variant  str   one of ``GameInfo.variants`` (default: ``new_game``'s own default)
    ruleset  str   a named set of rules modules (``GamePackage.rulesets``; "" for none)
    modules  str   rules modules, comma-separated (``GamePackage.modules``), added to the ruleset's
    rules    str   provisional rule choices, ``name=value`` pairs separated by commas (``GamePackage.rule_options``)

Every draw is left to the adapter's caller: the game is started in digital mode with the seed, but only its
opening events are folded (``HashChain.first_events``); the engine is never asked to draw.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from domain.kernel import GamePackage
from domain.kernel.registry import GAMES
from domain.service.games import load_games

#: the names given to the players (a seat's name is not part of what a bot sees: views name seats)
NAMES = ("P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8")


def registered() -> dict[str, GamePackage]:
    """Every registered game (the shipped ones, the entry points', ``DL_GAMES``'s), by registry name."""
    load_games()
    return dict(GAMES)


def default_parameters(game: GamePackage) -> dict[str, Any]:
    """The parameters a game starts with when none is given (the keys and types OpenSpiel declares)."""
    info = game.info
    variant = inspect.signature(game.new_game).parameters.get("variant")
    default_variant = variant.default if variant is not None and isinstance(variant.default, str) else ""
    return {
        "players": max(info.min_players, min(4, info.max_players)),
        "seed": 0,
        "variant": default_variant or info.variants[0],
        "ruleset": "",
        "modules": "",
        "rules": "",
    }


@dataclass(frozen=True)
class Setup:
    """One game's set-up from adapter parameters: what ``new_game`` is called with."""

    players: int
    seed: int
    variant: str
    modules: tuple[str, ...]
    rules: tuple[tuple[str, str], ...]

    def options(self, game: GamePackage) -> dict[str, Any]:
        """The keyword arguments of ``game.new_game`` (modules and rules only for a game that has them)."""
        out: dict[str, Any] = {"seed": self.seed, "mode": "digital", "variant": self.variant}
        if game.modules or self.modules:
            out["modules"] = list(self.modules)
        if game.rule_options or self.rules:
            out["rules"] = dict(self.rules)
        return out


def setup(game: GamePackage, params: dict[str, Any]) -> Setup:
    """The set-up the parameters describe (missing ones take :func:`default_parameters`).

    Raises:
        ValueError: an unknown ruleset, or a ``rules`` pair without ``=`` (the game itself refuses a wrong
            player count, variant, module or rule value when the game starts: RuleViolation SETUP_INVALID)."""
    p = {**default_parameters(game), **{k: v for k, v in params.items() if v is not None}}
    modules: list[str] = []
    if p["ruleset"]:
        if p["ruleset"] not in game.rulesets:
            known = ", ".join(sorted(game.rulesets)) or "none"
            raise ValueError(f"{game.info.name} has no ruleset {p['ruleset']!r} (rulesets: {known})")
        modules += game.rulesets[p["ruleset"]]
    modules += [m.strip() for m in str(p["modules"]).split(",") if m.strip() and m.strip() not in modules]
    rules = []
    for pair in (x.strip() for x in str(p["rules"]).split(",") if x.strip()):
        name, eq, value = pair.partition("=")
        if not eq:
            raise ValueError(f"rules: {pair!r} is not name=value")
        rules.append((name.strip(), value.strip()))
    return Setup(int(p["players"]), int(p["seed"]), str(p["variant"]), tuple(modules), tuple(rules))


def opening(game: GamePackage, how: Setup) -> tuple[list[Any], Any]:
    """The game's opening events and the state they lead to, advanced to the first input (no draw made).

    Raises:
        RuleViolation: SETUP_INVALID (the game refuses the set-up)."""
    events, _ = game.new_game(list(NAMES[: how.players]), **how.options(game))
    first = []
    for e in events:
        if e.type not in game.chain.first_events:
            break
        first.append(e)
    state = game.engine.replay(first)
    more, state = game.engine.advance(state)
    return first + more, state
