"""Start-up stays lazy (issue #35): what ``import cli.main`` loads is checked by module name, not by a timing
(speed is measured by ``benchmarks/startup.py`` and ``bench --suite``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: never needed to parse a command line: the server, analytics, the cluster, translations' catalogs, templates
HEAVY = ["fastapi", "uvicorn", "starlette", "duckdb", "ray", "babel", "jinja2", "eventsourcing", "psycopg"]


def _loaded(argv: list[str]) -> set[str]:
    """The modules ``import cli.main`` leaves loaded when the program is run with ``argv``."""
    code = f"import json, sys; sys.argv = {argv!r}; import cli.main; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout))


def _tops(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def test_importing_the_cli_loads_no_heavy_library() -> None:
    """Every command registered (as tests and `--help` see the program): still none of the heavy libraries."""
    assert _tops(_loaded(["pytest"])).isdisjoint(HEAVY)


@pytest.mark.parametrize("command", ["status", "options", "log", "undo", "act", "orders"])
def test_a_recorder_command_imports_its_module_only(command: str) -> None:
    """Run as ``dungeon-lords COMMAND``: neither a heavy library nor another command's module, and no game's
    rules before the command reads a game (the game a store holds is loaded when it is read)."""
    loaded = _loaded(["dungeon-lords", "--lang", "en", command, "GAME"])
    assert _tops(loaded).isdisjoint(HEAVY)
    commands = {m for m in loaded if m.startswith("cli.commands.")}
    assert len(commands) <= 1, commands
    if command != "orders":  # `orders` is Dungeon Lords' own (the game options' help is written when shown)
        assert not any(m.startswith("domain.games.") for m in loaded)


def test_each_command_is_found_in_the_module_it_is_mapped_to() -> None:
    """cli.main.MODULES names, for every registered command, the module that registers it (a wrong entry
    would make that command unknown when typed)."""
    import cli.main as main
    from cli.panels import command_name

    infos = [*main.app.registered_commands, *main.app.registered_groups]
    for info in infos:
        name = command_name(info)
        group = getattr(info, "typer_instance", None)  # a group of commands: its first command's module
        target = info.callback if group is None else group.registered_commands[0].callback
        module = target.__module__
        expected = main.MODULES[name]
        if expected == "+games":
            assert module.startswith("cli.games."), (name, module)
        else:
            assert module == f"cli.commands.{expected}", (name, module)
    assert {main.MODULES[command_name(i)] for i in infos} == set(main.ALL)


def test_the_command_word_is_found_past_the_global_options() -> None:
    from cli.main import typed_command

    assert typed_command(["--lang", "ru", "--init", "--catalog=x.json", "status", "g"]) == "status"
    assert typed_command(["--catalog", "x.json", "undo"]) == "undo"
    assert typed_command(["--help"]) is None
    assert typed_command([]) is None


#: what reading a base Dungeon Lords game never needs: another game (domain/games/__init__.py declares them), the
#: expansion's modules, the strategy bots, the audit, the record format (each loads on first use:
#: domain/games/dungeon_lords/__init__.py), the typo matcher
NOT_FOR_READING = [
    "domain.games.monster_inn",
    "domain.games.dungeon_lords.festival",
    "domain.games.dungeon_lords.strategies",
    "domain.games.dungeon_lords.audit",
    "domain.games.dungeon_lords.record_format",
    "rapidfuzz",
]


def _ran(argv: list[str], store: str) -> tuple[set[str], str]:
    """The modules loaded after running ``dungeon-lords ARGV`` to its end in one process, and what it printed."""
    code = (
        f"import json, sys; sys.argv = {['dungeon-lords', *argv]!r}; import cli.main\n"
        "try:\n    cli.main.main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    env = {**os.environ, "DL_STORE": store, "DL_LANG": "en"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env, check=True)
    *printed, modules = done.stdout.strip().splitlines()
    return set(json.loads(modules)), "\n".join(printed)


@pytest.fixture(scope="module")
def base_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    store = f"sqlite:///{tmp_path_factory.mktemp('startup') / 'games.sqlite'}"
    env = {**os.environ, "DL_STORE": store, "DL_LANG": "en"}
    made = subprocess.run(
        [sys.executable, "-m", "cli.main", "new", "--seed", "3"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert made.returncode == 0, made.stderr
    return store, made.stdout.split()[-1]


@pytest.mark.parametrize("command", ["status", "options", "log"])
def test_reading_a_base_game_loads_only_what_it_reads(command: str, base_game: tuple[str, str]) -> None:
    """`status`, `options`, `log` of a base Dungeon Lords game, run to the end: none of the modules that load on
    first use (and what they print still names the game's state). `log` names components from every module's
    catalog (describe.py: a description is the same text in every game), so it reads the expansion's (which
    registers its strategy bots' hooks)."""
    store, gid = base_game
    loaded, printed = _ran([command, gid], store)
    assert printed.strip()
    assert "domain.games.dungeon_lords.engine" in loaded  # the game was read
    lazy = [m for m in NOT_FOR_READING if not (command == "log" and m.endswith((".festival", ".strategies")))]
    lazy += ["rich"] if command == "log" else []  # its lines are written as they are (cli/consoles.py's line)
    assert not {m for m in loaded for name in lazy if m == name or m.startswith(f"{name}.")}


@pytest.mark.parametrize(
    "text",
    ["   12  Adventurers drawn: wizard 4", "a :smile: face", "10:15:30", "tab\there", "bell\x07", "", "Год 1, зима"],
)
def test_a_line_is_written_as_rich_writes_it(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`line` writes what ``console.print(text, highlight=False, markup=False, soft_wrap=True)`` writes: itself
    when rich would leave it as it is, else through rich (an emoji code, a control character)."""
    import io

    from rich.console import Console

    from cli.consoles import line

    out = io.StringIO()
    Console(file=out, highlight=False).print(text, highlight=False, markup=False, soft_wrap=True)
    line(text)
    assert capsys.readouterr().out == out.getvalue()


@pytest.mark.parametrize("words", [["orders", "red", "1", "2", "3"], ["act", "--pick", "1"]])
def test_entering_an_input_loads_no_other_game(words: list[str], base_game: tuple[str, str]) -> None:
    """`orders` and `act` on a base Dungeon Lords game, run to the end (then taken back): none of the modules that
    load on first use either. Their commands' modules also register commands whose game options' help lists
    every shipped game (`new`, `catalog`): typer builds only the typed command, and that help is written when a
    help shows it (cli/game_help.py's Lazy)."""
    store, gid = base_game
    loaded, printed = _ran([words[0], gid, *words[1:]], store)
    assert "chose" in printed or "took" in printed or "at event" in printed
    assert not {m for m in loaded for name in NOT_FOR_READING if m == name or m.startswith(f"{name}.")}
    _ran(["undo", gid], store)


def test_a_lazy_help_text_reads_as_the_text_it_writes_once() -> None:
    from cli.game_help import Lazy

    written: list[int] = []
    text = Lazy(lambda: written.append(1) or "Which game:\tone")
    assert not written
    assert text == "Which game:\tone" and str(text) == "Which game:\tone" and len(text) == 15
    assert text.expandtabs(4).split("\n") == ["Which game: one"] and hash(text) == hash("Which game:\tone")
    assert written == [1]


def test_a_game_of_another_kind_is_read_by_its_own_rules_imported_on_first_use(tmp_path: Path) -> None:
    """A store holding a Monster Inn game: `status` in a fresh process imports Monster Inn when it reads the
    game's events (its topic prefix is declared) and prints its state as it did when every game was imported."""
    store = f"sqlite:///{tmp_path / 'games.sqlite'}"
    env = {**os.environ, "DL_STORE": store, "DL_LANG": "en"}
    made = subprocess.run(
        [sys.executable, "-m", "cli.main", "new", "--game", "monster-inn", "--players", "3", "--seed", "5"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    gid = made.stdout.split()[-1]
    loaded, printed = _ran(["status", gid], store)
    assert "domain.games.monster_inn" in loaded
    assert "domain.games.dungeon_lords.festival" not in loaded
    everything = (
        f"import sys; sys.argv = ['dungeon-lords', 'status', {gid!r}]; from domain.games import GAMES;"
        "list(GAMES.values()); import cli.main; cli.main.main()"
    )
    eager = subprocess.run([sys.executable, "-c", everything], cwd=ROOT, env=env, capture_output=True, text=True)
    assert eager.returncode == 0, eager.stderr
    assert printed == eager.stdout.strip()
