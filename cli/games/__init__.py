"""A game's pictures in the terminal, chosen by lookup, never by a branch on the game's name.

Every game gets the generic terminal, built from its :class:`~domain.kernel.GamePackage` alone: the
pending decision with its rule (``rules.index.cite``), the numbered options in words (``describe_command``),
events in words (``ui.describe_event``, else the event's type) and its status (``ui.status_lines``, else
the view as JSON). A game that wants more has a module here named after it (``cli/games/<name>.py``) with
any of ``status(package, state, viewer)``, ``options(package, pending, viewer, hide_others, state)``,
``describe_event``, ``final(package, state)``, the record loop's ``record_hint`` and ``record_command``,
the table page's ``install_page(env)`` and ``page_taps``, and its own commands (in a package, its ``commands``
module); :func:`load_commands` imports them all (``docs/adding-a-game.md``).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import pkgutil
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

from domain.kernel import Pending
from domain.kernel.text import natural_key

from ..consoles import console
from ..i18n import DEFAULT, _, active, ngettext, set_names, word


def draw_hint() -> str:
    """How to record a draw, in the reader's language."""
    return _("Record it with: dungeon-lords act GAME --draw 'NAME NAME ...' (printed names, ids or prefixes)")


def legal_title(actor: str, n: int) -> str:
    """The title of an options table: ``red: 3 legal choice(s) - act GAME --pick N``."""
    return ngettext(
        "{actor}: {n} legal choice(s) - act GAME --pick N", "{actor}: {n} legal choice(s) - act GAME --pick N", n
    ).format(actor=actor, n=n)


def load_commands() -> None:
    """Import the ``commands`` module of every game's package here that has one (each registers its own
    commands on the app; the pictures alone, looked up when a game is read, leave the commands' option
    definitions unloaded; a game that is one module here has no commands of its own, and is not imported)."""
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg and importlib.util.find_spec(f"{__name__}.{module.name}.commands") is not None:
            importlib.import_module(f"{__name__}.{module.name}.commands")


@cache
def _own(name: str) -> ModuleType | None:
    """The module ``cli/games/<name>.py`` of a game, or None when it has none."""
    if not any(m.name == name for m in pkgutil.iter_modules(__path__)):
        return None
    return importlib.import_module(f"{__name__}.{name}")


def _hook(package: Any, name: str) -> Callable[..., Any] | None:
    module = _own(package.info.name)
    return getattr(module, name, None) if module is not None else None


def install_page(env: Any) -> None:
    """Give the table page's Jinja2 environment what each registered game's board template reads: the game's
    ``ui.extras["page_globals"]`` (pure functions of a view) and its module's ``install_page(env)`` (pictures)."""
    from domain.service.games import load_games

    for package in load_games().values():
        env.globals.update(package.ui.extras.get("page_globals", {}))
        own = _hook(package, "install_page")
        if own is not None:
            own(env)


def page_taps(package: Any, pending: Pending, actors: list[str]) -> dict[str, Any]:
    """The squares of the game's board that answer the page's decision (none for a game without a hook)."""
    own = _hook(package, "page_taps")
    return own(package, pending, actors) if own is not None else {}


def describe_event(package: Any) -> Callable[[Any], str]:
    """``event -> words`` for ``package``'s events."""
    own = _hook(package, "describe_event") or package.ui.describe_event
    return own or (lambda e: e.type)


def use_names(package: Any, state: Any) -> None:
    """Name the components in the reader's language from here on (this context: one CLI run, one page
    request): the game's ``ui.extras["name_in_language"]`` (``(state, component id, language) -> name``,
    English when untranslated), bound to ``state`` for the table's own names; a game without it: English."""
    shown = package.ui.extras.get("name_in_language")
    set_names(None if shown is None else lambda lang, component: shown(state, component, lang))


def event_words(package: Any) -> Callable[[list[Any], int, str | None], str] | None:
    """``(log, number, viewer) -> words`` in the reader's language when it is not English and the game's
    module has ``event_words``; None: the log entries' (English) text."""
    return _hook(package, "event_words") if active() != DEFAULT else None


def say(package: Any) -> Callable[[Any], str] | None:
    """``event -> words`` in the reader's language when it is not English and the game's module has ``say``."""
    return _hook(package, "say") if active() != DEFAULT else None


def status(package: Any, state: Any, viewer: str | None) -> None:
    """Print the game as ``viewer`` (a seat; None: the recorder) may see it."""
    own = _hook(package, "status")
    if own is not None:
        own(package, state, viewer)
        return
    view = package.view(state, viewer)
    console.print(f"[bold]{package.info.title}[/] - {word(state.mode)} - " + _("event {n}").format(n=state.version))
    if package.ui.status_lines is not None:
        for line in package.ui.status_lines(state, view, viewer):
            console.print(line, highlight=False)
    else:
        console.print_json(json.dumps(view))


def final(package: Any, state: Any) -> None:
    """Print a game's end as a bot game leaves it (the score card; the generic terminal: its status)."""
    own = _hook(package, "final")
    if own is not None:
        own(package, state)
    else:
        status(package, state, None)


def record_hint(package: Any, p: Pending, actor: str, options: Any) -> bool:
    """The record loop's prompt for a decision the game has its own way of typing (True: printed; False: the
    loop lists the numbered options)."""
    own = _hook(package, "record_hint")
    return bool(own(package, p, actor, options)) if own is not None else False


def record_command(package: Any, state: Any, p: Pending, actor: str, line: str) -> Any:
    """The command a line typed in the record loop stands for, read the game's own way; None: read it as
    the loop does (an option number or JSON)."""
    own = _hook(package, "record_command")
    return own(package, state, p, actor, line) if own is not None else None


def options(package: Any, p: Pending, viewer: str | None = None, hide_others: bool = False, state: Any = None) -> None:
    """Print who must act and the numbered legal choices (``act --pick N``), or the draw awaited."""
    own = _hook(package, "options")
    if own is not None:
        own(package, p, viewer, hide_others, state)
        return
    from ..refusal_i18n import cited, said

    console.print(_("[bold]Waiting for:[/] {prompt}").format(prompt=said(p.prompt)))
    console.print(_("rule: {rule}").format(rule=cited(package.rules.index, p.rule)), highlight=False)
    if p.is_chance and p.chance is not None:
        remaining = "" if hide_others else ": " + ", ".join(sorted(set(p.chance.pool), key=natural_key))
        console.print(_("Chance: {n} {what}").format(n=p.chance.count, what=p.chance.what) + remaining, highlight=False)
        console.print(draw_hint())
        return
    for actor in p.actors:
        if viewer and actor != viewer:
            continue
        opts = p.options(actor)
        from rich.table import Table  # (rich: imported when a table is printed)

        t = Table(title=legal_title(actor, len(opts)))
        t.add_column("#", justify="right")
        t.add_column(_("choice"))
        for i, o in enumerate(opts, 1):
            t.add_row(str(i), said(package.describe_command(o)))
        console.print(t)
