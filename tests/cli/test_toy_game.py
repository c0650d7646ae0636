"""A third game registered from outside the program (``tests/toy_game.py``, loaded through ``DL_GAMES``) gets
every command without a line of core code naming it: new, options, act, status, log, record, export, import,
audit, explain, simulate, games, serve; and it keeps the kernel's conformance promises.

The commands run in processes of their own, as a user runs them: the toy game is registered there only
(``DL_GAMES=toy_game``, with ``tests/`` on ``PYTHONPATH``), never in the test process's registry.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
import toy_game
from served import served

from domain.kernel import registry

ROOT = Path(__file__).parent.parent.parent
CLI = [sys.executable, "-c", "from cli.main import main; main()"]


@pytest.fixture
def toy_env(monkeypatch):
    """The environment that registers the toy game in every process started from the test."""
    monkeypatch.setenv("DL_GAMES", "toy_game")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("COLUMNS", "200")


def cli(*args, stdin: str | None = None, ok: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run([*CLI, *map(str, args)], cwd=ROOT, capture_output=True, text=True, input=stdin, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    if ok:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def test_the_toy_game_is_not_registered_in_the_program(toy_env):
    """Only the environment registers it: the core names no such game."""
    assert "high_card" not in registry.GAMES
    assert "high_card" not in (ROOT / "domain" / "games" / "__init__.py").read_text()


def test_every_command_plays_the_toy_game(toy_env, tmp_path):
    store = tmp_path / "games.sqlite"
    s = ["--store", store]
    gid = cli("new", "--game", "high-card", "--players", "3", "--seed", "5", *s).stdout.strip().splitlines()[-1]
    options = cli("options", gid, *s).stdout
    assert "p1 bets 0" in options and "p1 bets 2" in options
    options_json = json.loads(cli("options", gid, "--json", *s).stdout)
    assert options_json["kind"] == "bet" and options_json["actors"] == ["p1"]
    cli("act", gid, "--pick", "3", *s)  # p1 bets 2
    assert "bets 2" in cli("log", gid, *s).stdout
    status = json.loads(cli("status", gid, "--json", "--as", "p2", *s).stdout)
    assert status["players"][0]["card"] == "hidden" and status["players"][1]["card"].startswith("c")  # p2's own
    shown = cli("status", gid, "--as", "p2", *s).stdout  # the game's own status lines, from p2's view
    assert "round 1 of 2, bet" in shown and "p1 Player 1: card hidden, bet 2" in shown
    assert "bets 2" in cli("explain", gid, "3", *s).stdout
    bad = cli("act", gid, "--json", '{"type": "bet", "player": "p2", "amount": 7}', *s, ok=False)
    assert bad.returncode == 4 and "BET_INVALID" in bad.stdout + bad.stderr

    recorded = cli("record", gid, *s, stdin="1\n2\n1\n1\n1\nquit\n").stdout
    assert "p2 bets 0" in recorded and "the game is over" in recorded.lower()

    record = tmp_path / "game.txt"
    cli("export", gid, "--out", record, *s)
    assert record.read_text().startswith("high-card-record 1")
    imported = cli("import", record, *s).stdout.split()[-1]
    assert cli("export", imported, *s).stdout.splitlines()[-1] == record.read_text().splitlines()[-1]  # hash
    assert "no finding" in cli("audit", gid, *s).stdout.lower() or cli("audit", gid, *s).returncode == 0

    cli("simulate", "--game", "high-card", "--games", "4", "--seed", "1", *s)
    listed = cli("games", *s).stdout
    assert listed.count("high_card") + listed.count("high-card") >= 6, listed


def test_the_page_serves_the_toy_game(toy_env, tmp_path):
    store = str(tmp_path / "games.sqlite")
    gid = cli("new", "--game", "high-card", "--players", "2", "--seed", "2", "--store", store).stdout.split()[-1]
    link = cli("tokens", gid, "--store", store).stdout
    with served(store) as server:
        listed = urllib.request.urlopen(server.url + "/api/games", timeout=10).read().decode()
        assert "high_card" in listed, listed
        start = urllib.request.urlopen(server.url + "/", timeout=10).read().decode()
        assert "High Card" in start  # the start page offers it
        recorder = next(w for w in link.split() if "/join/" in w).replace("http://", "").split("/", 1)[1]
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())  # the join link sets a cookie
        table = browser.open(f"{server.url}/{recorder}", timeout=10).read().decode()
        assert "p1 bets 2" in table and "High Card" in table  # the decision's buttons and the generic board


def test_a_game_that_cannot_be_loaded_is_one_line_and_exit_2(toy_env, monkeypatch, tmp_path):
    monkeypatch.setenv("DL_GAMES", "toy_game,no_such_game_module")
    result = cli("games", "--store", tmp_path / "s.sqlite", ok=False)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines() == [
        "error: cannot load the game 'no_such_game_module': No module named 'no_such_game_module'"
    ]


def test_a_record_of_another_game_names_the_toy_format(toy_env, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("high-card-record 1\nmode digital\nplayer p1 A\nplayer p2 B\nnonsense line\n")
    result = cli("import", bad, "--store", tmp_path / "s.sqlite", ok=False)
    assert result.returncode == 2 and "line" in result.stderr


@pytest.fixture
def toy_registered():
    """The toy game in this process's registry for one test, then gone again."""
    registry.register(toy_game.GAME)
    try:
        yield toy_game.GAME
    finally:
        registry.GAMES.pop(toy_game.INFO.name, None)


@pytest.mark.parametrize("mode", ["digital", "tabletop"])
@pytest.mark.parametrize("players", [2, 3])
def test_the_toy_game_passes_the_conformance_suite(toy_registered, players, mode):
    from kernel.test_conformance import test_a_random_playout_keeps_every_promise

    test_a_random_playout_keeps_every_promise("high_card", "standard", players, mode, players * 7 + len(mode))


def test_bots_play_the_toy_game_and_an_input_is_taken_back(toy_env, tmp_path):
    s = ["--store", tmp_path / "games.sqlite"]
    assert "random" in cli("bots", "--game", "high-card").stdout
    played = cli("play", "--game", "high-card", "--players", "2", "--seed", "3", "--verbose", *s).stdout
    assert "winner(s):" in played and "High Card" in played
    gid = cli("new", "--game", "high-card", "--players", "2", "--seed", "1", "--mode", "tabletop", *s).stdout.split()[
        -1
    ]
    cli("act", gid, "--draw", "c1 c6", *s)
    cli("act", gid, "--pick", "2", *s)
    cli("undo", gid, *s)
    assert json.loads(cli("options", gid, "--json", *s).stdout)["actors"] == ["p1"]  # p1's bet taken back


def test_the_game_options_help_is_written_from_the_registry(toy_registered):
    """``--game``/``--players``/``--variant`` help names what the registered games declare, none by hand."""
    from cli import game_help
    from domain.kernel.registry import default

    title = toy_registered.info.title
    assert f"{toy_registered.info.min_players}-{toy_registered.info.max_players} ({title})" in game_help.players_help()
    assert f"{' or '.join(toy_registered.info.variants)} ({title})" in game_help.variant_help()
    assert toy_registered.info.name.replace("_", "-") in game_help.game_help()
    assert game_help.game_help().startswith(f"Which game: {default().info.name.replace('_', '-')} when omitted")


def test_the_analytics_say_the_toy_game_has_no_read_models(toy_env, tmp_path):
    """The toy game brings no projection and no questions: `stats` and `export-data` for it say so in one line
    (exit 2); `stats` without --game reads the registry's default game; `report` leaves it out."""
    store = tmp_path / "games.sqlite"
    s = ["--store", store]
    cli("simulate", "--game", "high-card", "--games", "2", *s)
    for args in (
        ("stats", "seat_advantage", "--game", "high-card"),
        ("export-data", "--out", tmp_path / "x", "--game", "high_card"),
    ):
        refused = cli(*args, *s, ok=False)
        assert refused.returncode == 2
        assert refused.stderr.strip().splitlines() == [
            "error: high-card has no questions and no read models: the analytics do not read it"
        ]
    assert not (tmp_path / "x").exists()
    assert json.loads(cli("stats", "seat_advantage", "--json", *s).stdout) == []  # none of the default game
    default = registry.default().info.name.replace("_", " ")  # (the shipped default: the toy game comes later)
    assert f"seat_advantage (game {default})" in cli("stats", "seat_advantage", *s).stdout
    assert "no game 'chess'" in cli("stats", "seat_advantage", "--game", "chess", *s, ok=False).stderr
    cli("report", "--html", tmp_path / "r.html", *s)
    assert "High Card" not in (tmp_path / "r.html").read_text()
