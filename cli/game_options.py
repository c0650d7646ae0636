"""The game options: each option that sets up a game (``--game``, ``--players``, ``--variant``, ``--ruleset``,
``--module``, ``--rule``, ``--catalog``, ``--mode``) declared once, and :func:`setup`, their one check.

``new``, ``play``, ``simulate``, ``bench`` and ``training`` take the ones that apply to them (a bot game is
digital: no ``--mode``; a training dungeon fixes its players and variant), so an option reads, checks and
fails alike in every command: an unknown name is one line naming the valid ones, exit 2. The names come
from the game's package (``GameInfo``, ``rulesets``, ``modules``, ``rule_options``); what only the rules can
judge (a module without one it requires, a player count a catalog cannot seat) is refused by the rules
(``SETUP_INVALID``, also exit 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from .context import OPTIONS, _package
from .errors import UserError
from .game_help import Lazy, game_help, module_help, players_help, rule_help, ruleset_help, variant_help
from .i18n import _

PANEL = "Game options"  # where `COMMAND --help` lists them


def _option(flag: str, text: Any) -> Any:
    return typer.Option(flag, help=text, rich_help_panel=PANEL)


# the games' texts are written when a help shows them (game_help.Lazy): importing this loads no game
GameOpt = Annotated[str | None, _option("--game", Lazy(game_help))]  # None: the default game (the first registered)
PlayersOpt = Annotated[int | None, _option("--players", Lazy(players_help))]
VariantOpt = Annotated[str | None, _option("--variant", Lazy(variant_help))]
RulesetOpt = Annotated[str | None, _option("--ruleset", Lazy(ruleset_help))]
ModuleOpt = Annotated[list[str] | None, _option("--module", Lazy(module_help))]
RuleOpt = Annotated[list[str] | None, _option("--rule", Lazy(rule_help))]
CatalogOpt = Annotated[
    Path | None,
    _option(
        "--catalog",
        "A catalog override file (the schema of the shipped catalog, see `catalog`), recorded whole in each new "
        "game; instead of the root --catalog / DL_CATALOG.",
    ),
]
ModeOpt = Annotated[str, _option("--mode", "digital (the engine draws) or tabletop (you record every draw).")]

MODES = ("digital", "tabletop")


@dataclass(frozen=True)
class GameSetup:
    """The game options, checked. ``package``: the game (a ``GamePackage``); ``players``/``variant`` None: the
    command's default; ``modules`` None: none asked for; ``rules``: option -> value; ``catalog``: the overrides
    a new game records (None: the shipped catalog)."""

    package: Any
    players: int | None = None
    variant: str | None = None
    modules: tuple[str, ...] | None = None
    rules: tuple[tuple[str, str], ...] = ()
    catalog: dict[str, Any] | None = None
    mode: str = "digital"

    def new_game_options(self) -> dict[str, Any]:
        """Keyword arguments for the game's ``new_game`` (and ``create_game``): mode, catalog overrides, and
        variant, modules and rules when given (the game's defaults otherwise)."""
        out: dict[str, Any] = {"mode": self.mode, "catalog_overrides": self.catalog}
        if self.variant is not None:
            out["variant"] = self.variant
        if self.modules is not None:
            out["modules"] = list(self.modules)
        if self.rules:
            out["rules"] = dict(self.rules)
        return out

    def plan_options(self) -> dict[str, Any]:
        """Keyword arguments for ``domain.service.simulation.plans`` (bot games: digital, variant and players
        given apart): the catalog overrides, modules and rules."""
        return {"catalog_overrides": self.catalog, "modules": self.modules or (), "rules": self.rules}


def setup(
    game: str | None = None,
    players: int | None = None,
    variant: str | None = None,
    ruleset: str | None = None,
    module: list[str] | None = None,
    rule: list[str] | None = None,
    catalog: Path | None = None,
    mode: str = "digital",
) -> GameSetup:
    """Check the game options of any command against the game's package; ``game`` None: the default game (the
    first registered); ``catalog`` None: the root ``--catalog`` (already loaded), if any.

    Raises:
        UserError: (exit 2, one line naming what is valid) an unknown game, variant, ruleset, module, rule
            option or value, mode, a player count outside the game's, a catalog file that cannot be used.
    """
    package = _package(game)
    info = package.info
    if players is not None and not info.min_players <= players <= info.max_players:
        said = _("--players takes {least} to {most} for {title}, not {players}")
        raise UserError(said.format(least=info.min_players, most=info.max_players, title=info.title, players=players))
    if variant is not None:
        _known("--variant", variant, info.variants, info.title)
    if mode not in MODES:
        raise UserError(_("--mode takes {names}, not {given}").format(names=_one_of(MODES), given=repr(mode)))
    modules = None
    if ruleset is not None:
        _known("--ruleset", ruleset, package.rulesets, info.title)
        modules = tuple(package.rulesets[ruleset])
    for name in module or []:
        _known("--module", name, package.modules, info.title)
        modules = (*(modules or ()), name)
    rules = tuple(_rule(package, text) for text in rule or [])
    overrides = load_catalog(catalog) if catalog is not None else OPTIONS["catalog"]
    return GameSetup(package, players, variant, modules, rules, overrides, mode)


def _one_of(names) -> str:
    """``names`` as a choice: "a", "a or b", "a, b or c"."""
    names = list(names)
    return names[0] if len(names) == 1 else _("{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _known(flag: str, given: str, names, title: str) -> None:
    """Refuse ``given`` unless it is one of ``names`` (what the game has): one line naming them."""
    if not names:
        raise UserError(_("{title} takes no {flag} (given {given})").format(title=title, flag=flag, given=repr(given)))
    if given not in names:
        said = _("{flag} takes {names} for {title}, not {given}")
        raise UserError(said.format(flag=flag, names=_one_of(names), title=title, given=repr(given)))


def _rule(package, text: str) -> tuple[str, str]:
    name, sep, value = (part.strip() for part in text.partition("="))
    if not sep:
        raise UserError(_("--rule takes NAME=VALUE, not {given}").format(given=repr(text)))
    _known("--rule", name if package.rule_options else text, package.rule_options, package.info.title)
    values = package.rule_options[name][0]
    if value not in values:
        said = _("--rule {name} takes {names}, not {given}")
        raise UserError(said.format(name=name, names=_one_of(values), given=repr(value)))
    return name, value


def load_catalog(path: Path) -> dict[str, Any]:
    """The catalog overrides in ``path``, checked by the game they are for (a file for another game than the
    default names it: ``"game": "<its registry name>"``) before any game records them.

    Raises:
        UserError: (exit 2) no such file, or a file that cannot be read or does not fit the game's schema."""
    from domain.kernel.registry import default
    from domain.service.settings import catalog_overrides

    if not path.exists():
        raise UserError(_("--catalog {path}: no such file").format(path=path))
    try:
        overrides: dict[str, Any] = catalog_overrides(str(path))
        package = _package(str(overrides["game"])) if "game" in overrides else default()  # the file says
        check = package.ui.catalog_check
        problem = check(overrides) if check else f"{package.info.title} takes no catalog file"
    except (OSError, ValueError) as exc:
        problem = str(exc).splitlines()[0]
    if problem:
        raise UserError(f"--catalog {path}: {problem}")
    return overrides
