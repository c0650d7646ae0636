"""The game options' help texts, written from the registered games' packages (no game named here).

Written when a help is first shown (:class:`Lazy`: importing the CLI's modules loads no game, so `act` and
`orders` start without loading every game), from the games shipped with the program (``load_games(shipped_only=
True)``; a game added by ``DL_GAMES`` or an entry point is played with ``--game`` and named when an unknown
``--game`` is refused, but is not in this text).
"""

from __future__ import annotations

from collections import UserString
from collections.abc import Callable
from typing import Any


class Lazy(UserString):
    """A text written by ``make`` when first read (a string's every operation reads it), then kept: an option's
    help that only ``--help`` shows costs nothing to a command that does not show it."""

    def __init__(self, make: Callable[[], str] | str) -> None:  # a str: what UserString's own methods pass
        self._make, self._text = (make, None) if callable(make) else (None, str(make))

    @property  # type: ignore[override]
    def data(self) -> str:  # noqa: D102
        if self._text is None:
            assert self._make is not None
            self._text = self._make()
        return self._text


def _games() -> list[Any]:
    from domain.service.games import load_games

    return list(load_games(shipped_only=True).values())


def _cli_name(package: Any) -> str:
    return package.info.name.replace("_", "-")


def game_help() -> str:
    """``--game``: the games by the name the command line takes, the default first."""
    names = [_cli_name(p) for p in _games()]
    rest = f"; also {', '.join(names[1:])}" if names[1:] else ""
    return f"Which game: {names[0]} when omitted{rest} (an unknown name is refused with the list of them all)."


def players_help() -> str:
    """``--players``: each game's range of players."""
    return (
        "Number of players: "
        + ", ".join(f"{p.info.min_players}-{p.info.max_players} ({p.info.title})" for p in _games())
        + "."
    )


def variant_help() -> str:
    """``--variant``: each game's variants (the game's default when omitted)."""
    return (
        "Rules variant (the game's default when omitted): "
        + "; ".join(f"{' or '.join(p.info.variants)} ({p.info.title})" for p in _games() if p.info.variants)
        + "."
    )


def ruleset_help() -> str:
    """``--ruleset``: each game's named sets of rules modules."""
    sets = [f"{', '.join(p.rulesets)} ({p.info.title})" for p in _games() if p.rulesets]
    return "A named set of rules modules: " + ("; ".join(sets) if sets else "none of the games has one") + "."


def module_help() -> str:
    """``--module``: one module of each game that has some, as an example."""
    examples = [f"{next(iter(p.modules))} ({p.info.title})" for p in _games() if p.modules]
    shown = f", e.g. {'; '.join(examples)}" if examples else ""
    return f"A rules module{shown}; repeatable, added to --ruleset (an unknown one is refused with the game's list)."


def rule_help() -> str:
    """``--rule``: one provisional rule choice of each game that has some, as an example."""
    examples = [
        f"{name}={values[-1]} ({p.info.title})"
        for p in _games()
        for name, (values, _) in list(p.rule_options.items())[:1]
    ]
    shown = f", e.g. {'; '.join(examples)}" if examples else ""
    return f"A provisional rule choice NAME=VALUE{shown}; repeatable."
