"""Rules modules: what a game's first event records in ``GameStarted.modules`` and how each changes the game.

A module (an expansion's part, such as Festival Season's five seasons) registers here, from its own package,
what it changes through the base game's seams: today the Year plan (:mod:`.year`). The base game never
asks which module is on; it asks the plan, which :func:`.year.year_plan` composes from the recorded
modules. A named ruleset is a set of modules (``festival``: every Festival Season module).

Modules are validated at set-up (:func:`modules_problem`): unknown names, a missing module another
requires, and modules not yet playable are refused with ``SETUP_INVALID``, never discovered mid-game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from domain.kernel.deferred import LoadOnRead

if TYPE_CHECKING:
    from .plan import YearPlan
    from .score_card import ScoreLine


@dataclass(frozen=True)
class Module:
    """One switchable rules module.

    Attributes:
        name: its id, as recorded (``"five_seasons"``).
        summary: what it changes, in a line.
        source: the rulebook section it implements.
        requires: modules it cannot be played without (Rulebook: "Without opportunities there is no
            Festival").
        excludes: modules it cannot be played with (no pets, and the pets).
        year: how it edits the Year plan (None: it does not).
        catalog: its components, an overlay in the catalog's override format (applied before a table's
            own overrides, which can replace any of them); every unknown value marked provisional.
        score_lines: lines it adds to the score card, scored before the base game's (Festival Season's pet
            show opens the scoring).
        playable: False while the module is registered but its rules are not all built: set-up refuses it.
    """

    name: str
    summary: str
    source: str
    requires: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    year: Callable[[YearPlan], YearPlan] | None = None
    catalog: dict[str, Any] | None = None
    score_lines: tuple[ScoreLine, ...] = ()
    playable: bool = True


#: every module, in the order their edits compose (registration order); the package face sets the loader that
#: imports the expansions' packages (they register here) before the first read (start-up: a base game's
#: replay never reads it)
MODULES: LoadOnRead[str, Module] = LoadOnRead()
#: named rulesets: name -> its modules (``base``: none); loaded as :data:`MODULES`
RULESETS: LoadOnRead[str, tuple[str, ...]] = LoadOnRead({"base": ()})


def load_modules_with(loader: Callable[[], object]) -> None:
    """Run ``loader`` (it registers modules and rulesets) before the first read of :data:`MODULES` or
    :data:`RULESETS`, once."""
    done: list[object] = []

    def once() -> None:
        if not done:
            done.append(loader())

    MODULES.set_loader(once)
    RULESETS.set_loader(once)


def register_module(module: Module) -> Module:
    """Add ``module`` to :data:`MODULES`. Raises ValueError if its name is taken."""
    if module.name in MODULES:
        raise ValueError(f"module {module.name!r} is registered twice")
    MODULES[module.name] = module
    return module


def register_ruleset(name: str, modules: tuple[str, ...]) -> None:
    """Name a set of modules (``dungeon-lords new --ruleset NAME``). Raises ValueError if the name is taken."""
    if name in RULESETS:
        raise ValueError(f"ruleset {name!r} is registered twice")
    RULESETS[name] = modules


def canonical(modules: list[str] | tuple[str, ...]) -> list[str]:
    """``modules`` without repeats, in registration order (unknown names last, as given)."""
    if not modules:
        return []  # (the base game: the registry not read)
    chosen = set(modules)
    known = [m for m in MODULES if m in chosen]
    return known + [m for m in dict.fromkeys(modules) if m not in MODULES]


def catalog_overlays(modules: list[str] | tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    """The catalog overlays of ``modules`` (registered ones that have any), in registration order."""
    if not modules:
        return ()  # (the base game: the registry not read)
    return tuple(m.catalog for name, m in MODULES.items() if name in modules and m.catalog)


#: developers only (the tests of a module being built set it): set-up accepts modules not yet playable
allow_unfinished_modules = False


def modules_problem(modules: list[str]) -> str | None:
    """Why these modules cannot make a game, or None. A module not yet playable is refused unless
    :data:`allow_unfinished_modules` is set (by its own tests; never for users)."""
    unknown = [m for m in modules if m not in MODULES]
    if unknown:
        names = ", ".join(MODULES) or "none"
        return f"unknown rules module(s) {', '.join(unknown)}: the modules are {names}"
    for name in modules:
        missing = [r for r in MODULES[name].requires if r not in modules]
        if missing:
            return f"module {name} cannot be played without {', '.join(missing)} ({MODULES[name].source})"
        clash = [x for x in MODULES[name].excludes if x in modules]
        if clash:
            return f"module {name} cannot be played with {', '.join(clash)} ({MODULES[name].source})"
    unbuilt = [m for m in modules if not MODULES[m].playable]
    if unbuilt and not allow_unfinished_modules:
        return f"module(s) {', '.join(unbuilt)} not playable yet: their rules are still being built"
    return None
