"""One set of game options (issue #32, item 8): `new`, `play`, `simulate`, `bench` and `training` take the
options that set up a game from one declaration (cli/game_options.py), check them alike (the same error
line, exit 2) and pass them on; and `--help` groups every command in one panel (cli/panels.py)."""

from __future__ import annotations

import json
import typing

import pytest
import typer.main
from clirun import run

from cli import game_options
from cli.main import app
from cli.panels import PANELS, group
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.service.application import GameService

GAME_OPTIONS = ("--game", "--players", "--variant", "--ruleset", "--module", "--rule", "--catalog", "--mode")
OPTION_TYPES = [
    game_options.GameOpt,
    game_options.PlayersOpt,
    game_options.VariantOpt,
    game_options.RulesetOpt,
    game_options.ModuleOpt,
    game_options.RuleOpt,
    game_options.CatalogOpt,
    game_options.ModeOpt,
]
#: which game options each command takes: a bot game is digital (no --mode); a training dungeon fixes
#: its game, players, variant and modules
TAKES = {
    "new": set(GAME_OPTIONS),
    "play": set(GAME_OPTIONS) - {"--mode"},
    "simulate": set(GAME_OPTIONS) - {"--mode"},
    "bench": set(GAME_OPTIONS) - {"--mode"},
    "training": {"--catalog", "--mode"},
}


def _gid(application, printed: str):
    return next(g for g in application.games() if str(g) == printed)


def _commands() -> dict:
    return dict(typer.main.get_command(app).commands)


def _game_params(command) -> dict:
    return {p.opts[0]: p for p in command.params if p.opts and p.opts[0] in GAME_OPTIONS}


def test_every_command_is_in_one_help_panel_and_every_panel_lists_registered_commands() -> None:
    commands = _commands()
    assert {name: c.rich_help_panel for name, c in commands.items() if c.rich_help_panel not in PANELS} == {}
    listed = [name for names in PANELS.values() for name in names]
    assert len(listed) == len(set(listed)) and set(listed) == set(commands)
    shown = run("--help").output
    assert [p for p in PANELS if f"─ {p} " not in shown] == []
    # panels in their order, and the commands of a panel in its order
    assert [shown.index(f"─ {p} ") for p in PANELS] == sorted(shown.index(f"─ {p} ") for p in PANELS)
    play = shown.split("─ Play ", 1)[1].split("─ Record ", 1)[0]
    assert [line.split()[1] for line in play.splitlines() if line.startswith("│ ") and line[2] != " "] == list(
        PANELS["Play"]
    )


def test_a_command_no_panel_lists_stops_the_cli_from_starting() -> None:
    other = typer.Typer()
    other.command()(lambda: None)  # a command named "<lambda>"
    other.command("new")(lambda: None)
    with pytest.raises(RuntimeError, match="without a --help panel"):
        group(other)
    del other.registered_commands[0]
    group(other)
    assert [c.rich_help_panel for c in other.registered_commands] == ["Play"]


def test_the_game_commands_take_the_same_game_options_from_one_declaration() -> None:
    commands = _commands()
    seen: dict[str, set] = {}
    for name, wanted in TAKES.items():
        params = _game_params(commands[name])
        assert set(params) == wanted, name
        for flag, p in params.items():
            assert p.rich_help_panel == "Game options", (name, flag)
            seen.setdefault(flag, set()).add((str(p.type_descriptor.annotation), p.help, p.multiple))
    # one declaration each: the same type, help and repeatability wherever it is taken, those of cli/game_options.py
    assert {flag: len(kinds) for flag, kinds in seen.items()} == dict.fromkeys(GAME_OPTIONS, 1)
    declared = {}
    for annotated in OPTION_TYPES:
        kind, info = typing.get_args(annotated)
        declared[(*info.param_decls, info.default)[0]] = (info.help, "list" in str(kind))
    assert {flag: kinds.pop()[1:] for flag, kinds in seen.items()} == declared
    # outside these, only `bots --game` (which game's bots) and `catalog --ruleset/--module` (with which modules'
    # components) are game options; `stats --players` and the like are filters of stored games (cli/filters.py)
    elsewhere = {
        (name, p.opts[0])
        for name, command in commands.items()
        if name not in TAKES
        for p in command.params
        if getattr(p, "rich_help_panel", None) == "Game options"
    }
    assert elsewhere == {("bots", "--game"), ("catalog", "--ruleset"), ("catalog", "--module")}


BAD = [  # (arguments, the one error line)
    (["--ruleset", "autumn"], "error: --ruleset takes base, festival or four_seasons for Dungeon Lords, not 'autumn'"),
    (["--module", "winter"], "error: --module takes five_seasons, "),
    (["--variant", "quick"], "error: --variant takes first_game or full for Dungeon Lords, not 'quick'"),
    (["--players", "7"], "error: --players takes 2 to 4 for Dungeon Lords, not 7"),
    (["--game", "monster-inn", "--ruleset", "festival"], "error: Monster Inn takes no --ruleset (given 'festival')"),
    (["--rule", "exchange=to_player"], "error: Dungeon Lords takes no --rule (given 'exchange=to_player')"),
    (["--game", "monster-inn", "--rule", "exchange=back"], "error: --rule exchange takes to_supply or to_player"),
    (["--game", "monster-inn", "--rule", "exchange"], "error: --rule takes NAME=VALUE, not 'exchange'"),
    (["--game", "chess"], "error: no game 'chess'; the games are dungeon-lords, monster-inn"),
    (["--catalog", "no-such.json"], "error: --catalog no-such.json: no such file"),
    (["--mode", "remote"], "error: --mode takes digital or tabletop, not 'remote'"),
]


@pytest.mark.parametrize(("args", "line"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_game_option_is_the_same_line_and_exit_2_in_every_command_that_takes_it(args, line, tmp_path):
    store = f"sqlite:///{tmp_path / 'games.sqlite'}"
    flags = {a for a in args if a.startswith("--")}
    takers = [name for name, takes in TAKES.items() if flags <= takes]
    assert takers  # every bad input is tried on at least one command
    for name in takers:
        before = ["training", "1"] if name == "training" else [name]
        where = ["--store", store] if name != "bench" else []  # bench keeps its games in a scratch store
        refused = run(*before, *args, *where, ok=False)
        lines = refused.stderr.strip().splitlines()
        assert (refused.exit_code, len(lines)) == (2, 1), (name, refused.output)
        assert lines[0].startswith(line), (name, lines[0])
    assert not (tmp_path / "games.sqlite").exists() or GameService.open(store).games() == []


def test_a_scenario_sets_up_its_game_so_new_refuses_set_up_options_beside_it(tmp_path):
    store = f"sqlite:///{tmp_path / 'games.sqlite'}"
    scenario = ["new", "--scenario", "tests/scenarios/combat-branching.json", "--store", store]
    refused = run(*scenario, "--variant", "full", "--module", "pets", ok=False)
    assert (refused.exit_code, refused.stderr) == (
        2,
        "error: --scenario sets up the game itself: drop --variant, --module\n",
    )
    assert len(GameService.open(store).games()) == 0
    run(*scenario)
    assert len(GameService.open(store).games()) == 1


def test_play_takes_a_ruleset_and_simulate_a_rule_and_each_game_records_them(tmp_path):
    store = f"sqlite:///{tmp_path / 'games.sqlite'}"
    run("play", "--ruleset", "festival", "--players", "2", "--seed", "3", "--store", store)  # issue #32: no such option
    run("simulate", "--game", "monster-inn", "--rule", "exchange=to_player", "--games", "2", "--store", store)
    run("new", "--module", "five_seasons", "--module", "festival", "--module", "unique_opportunities", "--store", store)
    application = GameService.open(store)
    first = [application.log(g)[0] for g in application.games()]
    assert sorted(tuple(getattr(e, "modules", ())) for e in first) == sorted(
        [(), (), ("five_seasons", "unique_opportunities", "festival"), RULESETS["festival"]]
    )
    assert sorted(str(getattr(e, "rules", {}).get("exchange")) for e in first) == ["None", "None", *["to_player"] * 2]


def test_a_commands_catalog_is_recorded_as_the_root_ones_and_training_takes_the_mode(tmp_path):
    from helpers import OUR_READING

    store = f"sqlite:///{tmp_path / 'games.sqlite'}"
    override = tmp_path / "ours.json"
    override.write_text(json.dumps(OUR_READING))
    by_command = run("new", "--catalog", override, "--players", "2", "--store", store).output.strip()
    by_root = run("--catalog", override, "new", "--players", "2", "--store", store).output.strip()
    shipped = run("new", "--players", "2", "--store", store).output.strip()
    trained = run("training", "1", "--mode", "tabletop", "--catalog", override, "--store", store).output
    application = GameService.open(store)
    recorded = [application.log(_gid(application, g))[0].catalog_overrides for g in (by_command, by_root)]
    assert recorded == [OUR_READING, OUR_READING]
    assert application.log(_gid(application, shipped))[0].catalog_overrides is None
    state = application.state(_gid(application, trained.split("Game ")[-1].strip()))
    assert (state.mode, state.catalog_overrides) == ("tabletop", OUR_READING)
