"""The registered games as the analytics commands (`stats`, `report`, `export-data`, `bench --analytics`, the
notebook API) need them: their names, titles, default and named rulesets, read from the registry
(:mod:`domain.kernel.registry`, loaded by :func:`domain.service.games.load_games`) and never named here.

Loading the registry imports every game's rules (half a second): the callers ask only when a value is not
already settled by the read models, so that `stats` on caught-up read models stays quick (cli/fast.py).
"""

from __future__ import annotations

from typing import Any


def registered() -> dict[str, Any]:
    """The registered games by registry name (``GamePackage`` objects), in registration order.

    Raises:
        GameLoadError (exit 2): a game named by ``DL_GAMES`` or an entry point cannot be loaded."""
    from domain.service.games import load_games

    return load_games()


def default_game() -> str:
    """The registry name of the game a common question reads when ``--game`` is not given: the registry's
    default (the first registered)."""
    from domain.kernel.registry import default

    registered()
    return default().info.name


def title(name: str | None) -> str:
    """How a message names game ``name`` (its ``GameInfo.title``; None: "any"; an unregistered name: itself)."""
    if name is None:
        return "any"
    package = registered().get(name)
    return package.info.title if package is not None else name.replace("_", " ")


def stored(package: Any, modules: tuple[str, ...] | list[str]) -> str:
    """games.ruleset for a game of ``package`` played with ``modules``: the modules in the game's registration
    order joined with '+', 'base' for none (as the projection writes it)."""
    return "+".join(m for m in package.modules if m in modules) or "base"


def ruleset_names(game: str | None) -> dict[str, str]:
    """What ``--ruleset`` may name for ``game`` (None: any registered game), mapped to the games.ruleset
    value it stands for: 'base', each rules module by its name, each named ruleset by its modules joined
    with '+' (a ruleset's name wins over a module's: ``festival`` is the whole expansion)."""
    known: dict[str, str] = {"base": "base"}
    for name, package in registered().items():
        if game in (None, name):
            known.update({m: m for m in package.modules})
            known.update({n: stored(package, m) for n, m in package.rulesets.items()})
    return known


def rulesets(con, given: list[str] | None, game: str | None, held_in: Any, error: Any) -> list[str] | None:
    """``--ruleset`` values as games.ruleset holds them, checked against the counted games of ``game`` (None:
    of every game; ``held_in(con, column, game)``: the values they hold; ``error(message)``: the exception to
    raise): a value they hold is kept; a registered ruleset's name (``festival``) becomes
    its modules joined with '+'; anything else, or a ruleset no such game has here (one of another game),
    is a one-line error naming the ones they have."""
    if given is None:
        return None
    held = held_in(con, "ruleset", game)
    if set(given) <= set(held):
        return given
    known = ruleset_names(game)  # a game's names mean nothing to another game
    named = [g if g in held else known.get(g, g) for g in given]
    bad = [g for g, n in zip(given, named) if n not in held]
    if bad:
        have = ", ".join(f"{ruleset_label(h)} ({h})" if "+" in h else h for h in held) or "none (no finished game yet)"
        raise error(f"--ruleset {', '.join(bad)}: no finished {title(game)} game has it here; they have {have}")
    return named


def ruleset_label(value: str) -> str:
    """A games.ruleset value as people name it: a registered game's ruleset name (``festival``) for its
    modules joined with '+'; anything else as it is."""
    if "+" not in value:
        return value
    for package in registered().values():
        for name, modules in package.rulesets.items():
            if stored(package, modules) == value:
                return name
    return value


def no_read_models(con, game: str | None, error: Any) -> None:
    """Refuse ``game`` when the analytics have nothing of it: no questions of its own, no projection
    (:mod:`projections.games`) and no game in the read models (``docs/adding-a-game.md``).

    Raises:
        ``error`` (UserError, exit 2): one line naming the game."""
    from analytics import QUESTIONS
    from projections.games import modules_here

    if game is None or any(q.game == game for q in QUESTIONS.values()) or game in modules_here():
        return
    if not con.execute("SELECT 1 FROM games WHERE game = $g LIMIT 1", {"g": game}).fetchall():
        raise error(f"{game.replace('_', '-')} has no questions and no read models: the analytics do not read it")
