"""The kernel/games/service layout keeps what users had: stored games of the previous layout load and
play on, the old import paths still work (and warn), and the public surface reaches every game."""

import hashlib
import importlib
import json
import shutil
import sys
import warnings
from pathlib import Path

import pytest

from domain import games
from domain.games.dungeon_lords import engine
from domain.games.dungeon_lords.state import to_dict
from domain.kernel import Engine, GamePackage, RuleViolation
from domain.service.application import GameService

GOLDEN = Path(__file__).parent / "golden"


# state fields added since commit 8e2e04d, with the value a game of that time has
ADDED_SINCE = {
    "catalog_overrides": None,
    "modules": [],
    "paladin_captors": [],
    "paladin_nonplayers": [],
    "festival": None,
    "pet_draft": None,
}


def _digest(state) -> str:
    d = to_dict(state)
    for key, then in ADDED_SINCE.items():
        assert d.pop(key) == then
    # Since Festival Season a Year's Special Event Cards are a list (was: the one card) and the board
    # counts those revealed (was: a flag): a game of that time has one card a Year.
    b = d["board"]
    # Festival Season's Unique Opportunity boards and Invest Gold: none in a base game
    assert (b.pop("opportunity_next"), b.pop("opportunity"), b.pop("opportunities_placed")) == ("", "", {})
    assert (b.pop("pet_deck"), b.pop("pet_discard"), b.pop("rent_gold"), b.pop("install_offer")) == ([], [], 0, [])
    for player in d["players"]:
        festival = ("gold_invested", "pets", "rented", "installed", "mourning", "pets_used", "pets_active", "trained")
        assert [player.pop(k) for k in festival] == [0, [], [], {}, 0, [], [], 0]
        for row in player["dungeon"]:  # ... Improved Tunnels
            for cell in row:
                if cell is not None:
                    assert cell.pop("improved") == ""
        for monster in player["monsters"]:  # ... and Expertise tiles
            assert (monster.pop("expertise"), monster.pop("expertise_used")) == ("", False)
    assert all(len(cards) == 1 for cards in b["special_events"].values())
    b["special_events"] = {y: cards[0] for y, cards in b["special_events"].items()}
    b["special_revealed"] = {y: bool(n) for y, n in b["special_revealed"].items()}
    # ... and a Year's free paladins are a list (was: the one paladin, or none once captured or gone)
    paladins = d.pop("paladins")
    assert len(paladins) <= 1
    d["paladin"] = paladins[0] if paladins else None
    return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()


def test_a_store_written_by_the_previous_layout_loads_and_plays_on(tmp_path):
    """tests/golden/store-8e2e04d.sqlite was written by commit 8e2e04d (before the move): a finished bot
    game (one append, snapshot at the head), a tabletop game with an undo, a digital game in progress."""
    store = tmp_path / "old.sqlite"
    shutil.copy(GOLDEN / "store-8e2e04d.sqlite", store)
    facts = json.loads((GOLDEN / "store-8e2e04d.json").read_text())
    app = GameService.open(str(store))
    assert {str(s.id) for s in app.summaries()} == set(facts)
    for gid, fact in facts.items():
        state = app.state(gid)
        assert state.version == fact["events"]
        assert _digest(state) == fact["state_sha256"]  # snapshot or fold: the same state as before the move
        assert to_dict(state) == to_dict(engine.replay(app.log(gid)))  # and the new fold agrees
        assert app.stored(gid)[-1][3] == fact["final_hash"]
        assert app.integrity(gid) == fact["integrity"] == []
        assert engine.pending(state).kind == fact["pending"]
    in_progress = next(g for g, f in facts.items() if f["pending"] != "game_over" and app.state(g).mode == "digital")
    p = app.pending(in_progress)
    app.execute(in_progress, p.options(p.actors[0])[0])
    reopened = GameService.open(str(store))
    assert reopened.state(in_progress).version > facts[in_progress]["events"]
    assert reopened.integrity(in_progress) == []


@pytest.mark.parametrize(
    ("old", "names"),
    [
        ("domain.engine", ["new_game", "from_scenario", "pending", "execute", "replay", "RuleViolation"]),
        ("domain.commands", ["parse_command", "TakeAction", "RecordDraw"]),
        ("domain.events", ["GameStarted", "event_from_json"]),
        ("domain.state", ["to_dict", "from_dict", "GameState"]),
    ],
)
def test_the_first_layouts_import_paths_still_work_and_warn(old, names):
    sys.modules.pop(old, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(old)
    assert any(issubclass(w.category, DeprecationWarning) and old in str(w.message) for w in caught)
    new = importlib.import_module(old.replace("domain.", "domain.games.dungeon_lords.", 1))
    for name in names:
        if name == "RuleViolation":
            assert module.RuleViolation is RuleViolation
        else:
            assert getattr(module, name) is getattr(new, name)


def test_old_engine_path_plays_a_game_the_same_as_the_registry():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        old = importlib.import_module("domain.engine")
    a = old.new_game(["Ann", "Bob"], seed=3)[1]
    b = games.get("dungeon_lords").new_game(["Ann", "Bob"], seed=3)[1]
    assert to_dict(a) == to_dict(b)


def test_the_registry_names_every_game_and_refuses_an_unknown_one():
    assert set(games.GAMES) >= {"dungeon_lords"}
    for name, game in games.GAMES.items():
        assert isinstance(game, GamePackage) and isinstance(game.engine, Engine)
        assert game.info.name == name
    with pytest.raises(KeyError, match="registered: dungeon_lords"):
        games.get("chess")


def test_kernel_refusals_cite_the_games_rule_index():
    dl = games.get("dungeon_lords")
    _, state = dl.new_game(["Ann", "Bob"], seed=1)
    p = dl.engine.pending(state)
    cmd = p.options(p.actors[0])[0]
    with pytest.raises(RuleViolation) as exc:  # a colour the game does not wait for
        dl.engine.execute(state, cmd.model_copy(update={"player": "purple"}))
    assert exc.value.code == "NOT_YOUR_TURN" and exc.value.rule == dl.rules.index.cite("flow.not_your_turn")
    with pytest.raises(RuleViolation) as exc:
        dl.engine.execute(state, {"type": "no_such_command", "player": "red"})
    assert exc.value.code == "COMMAND_MALFORMED" and exc.value.rule == dl.rules.index.cite("input.schema")


def test_the_cli_is_a_root_app_and_modules_of_one_idea_each():
    """cli/main.py is the root (options, boundary, entry point); no CLI module grows past 200 lines."""
    cli = Path(__file__).parent.parent / "cli"
    sizes = {str(p.relative_to(cli)): len(p.read_text().splitlines()) for p in cli.rglob("*.py")}
    assert {name: n for name, n in sizes.items() if n > 200} == {}
    from cli.main import app

    names = {c.name or c.callback.__name__ for c in app.registered_commands}
    assert {"new", "act", "status", "undo", "correct", "audit", "export", "import", "simulate", "stats"} <= names
    assert any(g.name == "games" for g in app.registered_groups)
