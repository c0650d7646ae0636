"""dungeon-lords: record, play and inspect board games stored as event logs (`--game` says which).

Every command is thin: it parses input, calls the application service (domain.service.application)
and prints. Errors pass one boundary (cli/errors.py): one line on stderr and a documented exit
code (0 ok, 1 findings, 2 usage or malformed input, 3 conflict, 4 refused by the rules, 5 store or
I/O failure, 6 internal error, 130 interrupted). No traceback reaches a user.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

#: run as the command (or as `python -m cli.main`): then a command's words decide which modules are loaded
_COMMAND = Path(sys.argv[0]).name in ("dungeon-lords", "main.py")
if _COMMAND:  # no pydantic plugin observes the program's own models: its scan of every installed package's entry
    # points cost ~4% of a recorder command (start-up, docs/performance.md); set the variable empty for them
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

# `dungeon-lords stats NAME ...` on caught-up read models is answered here, before typer is imported
# (cli/fast.py; start-up, docs/analytics.md), in English only (`--lang en` before it, or DL_LANG / the
# locale reading English); anything it is not sure of, or another language, goes on the usual way below
if _COMMAND and "stats" in sys.argv[1:4]:
    from .fast import answer, english_stats

    _words = english_stats(sys.argv[1:])
    _answered = answer(_words) if _words is not None else None
    if _answered is not None:
        raise SystemExit(_answered)

import typer  # noqa: E402  (after the fast way)

from .context import OPTIONS, app  # noqa: E402
from .errors import UserError  # noqa: E402


@app.callback()
def main_options(
    catalog: Annotated[
        Path | None,
        typer.Option(
            "--catalog",
            envvar="DL_CATALOG",
            help="A catalog override file (the schema of the game's shipped catalog, see `catalog`): corrected "
            "numbers or a provisional card defined with the engine's effect vocabulary. New games record it whole "
            "and keep it; `audit` with it re-runs a game under these components. A file for another game than "
            'the default says "game": "<its registry name>". The commands that start games take --catalog too.',
        ),
    ] = None,
    init: Annotated[
        bool,
        typer.Option(
            "--init",
            help="Make an existing empty file (or another SQLite database) a store of games; without it "
            "such a file is refused, so an emptied store is never mistaken for one with no games.",
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            envvar="DL_LANG",
            help="The language the output reads in: en or ru (default: the locale's, LC_ALL/LANG; else English). "
            "Names, codes, JSON and records stay language-neutral (docs/i18n.md).",
        ),
    ] = None,
) -> None:
    """dungeon-lords: record, play and inspect board games stored as event logs (`--game` says which)."""
    OPTIONS["init"] = init
    from .i18n import LANG, check, from_locale, set_names

    set_names(None)  # a run's component names come from the game it reads (cli.games.use_names)
    try:
        LANG.set(check(lang) if lang is not None else from_locale())
    except ValueError as exc:  # an unknown language: one line, exit 2 (a usage error)
        from .errors import report

        raise typer.Exit(report(UserError(str(exc)))) from None
    OPTIONS["catalog"] = None
    if catalog is not None:  # refused before any game records it: one line and exit 2, as every usage error
        from .errors import report
        from .game_options import load_catalog

        try:
            OPTIONS["catalog"] = load_catalog(catalog)
        except UserError as exc:
            raise typer.Exit(report(exc)) from None


def main() -> None:
    """Entry point of the ``dungeon-lords`` console script. Errors outside any command (the global
    options, an interrupt while starting) pass the same boundary: one line, a documented exit code."""
    from .errors import report

    try:
        app()
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001
        sys.exit(report(exc))


# Each module registers its commands on `app`; cli/panels.py groups and orders them for `--help` (docs/cli.md).
# Run as a command, only the module of the command typed is imported (start-up: `status` needs neither the
# analytics, the server nor the records' tools); `--help`, no command, or a word not listed here: all of them.
#: command -> its module in cli/commands ("+games": the games' own commands, cli/games/<game>)
MODULES = {
    **dict.fromkeys(("new", "act"), "play"),
    **dict.fromkeys(("play", "bots"), "bots"),
    **dict.fromkeys(("orders", "training", "catalog"), "+games"),
    **dict.fromkeys(("status", "options", "log", "explain"), "inspect"),
    **dict.fromkeys(("record", "export", "import"), "records"),
    **dict.fromkeys(("undo", "correct", "fork"), "history"),
    **dict.fromkeys(("simulate", "project", "report"), "analytics"),
    **dict.fromkeys(("serve", "tokens"), "serve"),
    **dict.fromkeys(("audit", "snapshots"), "audit"),
    "diff": "compare",
    "games": "games",
    "stats": "stats",
    "export-data": "export_data",
    "demo": "demo",
    "bench": "tools",
}
#: every module, in the order they register (the order `--help` falls back on before cli/panels.py sorts)
ALL = ["play", "bots", "+games", "inspect", "records", "history", "audit", "compare", "games", "analytics", "stats"]
ALL += ["export_data", "demo", "tools", "serve"]


def typed_command(argv: list[str]) -> str | None:
    """The command word in ``argv`` (the words after the program's name), past the global options; None: no
    command, or an option this does not know (then every module is loaded and typer decides)."""
    words = iter(argv)
    for word in words:
        if word in ("--catalog", "--lang"):
            next(words, None)
        elif word == "--init" or word.startswith(("--catalog=", "--lang=")):
            continue
        else:
            return None if word.startswith("-") else word
    return None


def load(modules: list[str]) -> None:
    """Import these command modules (each registers its commands on ``app``)."""
    import importlib

    for module in modules:
        if module == "+games":
            from .games import load_commands

            load_commands()  # a game's own commands (cli/games/<game>: found by name)
        else:
            importlib.import_module(f"{__package__}.commands.{module}")


def only(word: str) -> None:
    """Leave ``word`` the one command registered on ``app`` (when it is one): typer builds every registered
    command's options before it runs one, and a game option's help lists every game (cli/game_help.py)."""
    from .panels import command_name

    for infos in (app.registered_commands, app.registered_groups):
        if any(command_name(i) == word for i in [*app.registered_commands, *app.registered_groups]):
            infos[:] = [i for i in infos if command_name(i) == word]


_word = typed_command(sys.argv[1:]) if _COMMAND else None
_typed = MODULES.get(_word or "")
load([_typed] if _typed else ALL)

from .panels import group  # noqa: E402

group(app)  # each command in its --help panel (Play, Record, Audit, Analyze, Serve, Tools)
if _typed and _word:
    only(_word)

if __name__ == "__main__":
    main()
