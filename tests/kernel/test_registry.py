"""The registry of games (domain/kernel/registry.py) and how the service loads games by name
(domain/service/games.py): the shipped ones, an entry point's, DL_GAMES's."""

from __future__ import annotations

import dataclasses

import pytest
import toy_game

from domain.kernel import registry
from domain.service import games as loading


@pytest.fixture
def clean(monkeypatch):
    """The registry and the loader's memory as they were, whatever the test registers."""
    before, loaded = dict(registry.GAMES), set(loading._loaded)
    yield
    registry.GAMES.clear()
    registry.GAMES.update(before)
    loading._loaded.clear()
    loading._loaded.update(loaded)


class _Rules:
    def __init__(self, info):
        self.info = info


def _renamed(**info):
    """The toy game under another GameInfo (its name, topic prefix or record word changed)."""
    return dataclasses.replace(toy_game.GAME, rules=_Rules(dataclasses.replace(toy_game.INFO, **info)))


def test_the_shipped_games_come_first_and_the_first_is_the_default():
    assert list(registry.GAMES)[:2] == ["dungeon_lords", "monster_inn"]
    assert registry.default() is registry.GAMES["dungeon_lords"]
    assert registry.get("monster-inn") is registry.GAMES["monster_inn"]
    with pytest.raises(KeyError, match="registered: dungeon_lords, monster_inn"):
        registry.get("chess")


def test_a_game_registers_once_and_never_under_another_games_name_prefix_or_record_word(clean):
    assert registry.register(toy_game.GAME) is toy_game.GAME
    assert registry.register(toy_game.GAME) is toy_game.GAME  # again: nothing happens
    with pytest.raises(ValueError, match="registered already"):
        registry.register(_renamed(topic_prefix="xx.Game."))
    with pytest.raises(ValueError, match="topic prefix 'dl.Game.' is dungeon_lords's"):
        registry.register(_renamed(name="other", topic_prefix="dl.Game."))
    with pytest.raises(ValueError, match="record format 'monster-inn-record' is monster_inn's"):
        registry.register(_renamed(name="other", topic_prefix="o.Game.", record_format="monster-inn-record"))


def test_dl_games_names_modules_and_attributes(clean, monkeypatch):
    monkeypatch.setenv("DL_GAMES", " toy_game:GAME , ")
    assert loading.load_games()["high_card"] is toy_game.GAME
    monkeypatch.setenv("DL_GAMES", "toy_game:INFO")
    with pytest.raises(loading.GameLoadError, match="'toy_game:INFO' is a GameInfo, not a GamePackage"):
        loading.load_games()
    monkeypatch.setenv("DL_GAMES", "toy_game:NOTHING")
    with pytest.raises(loading.GameLoadError, match="cannot load the game 'toy_game:NOTHING'"):
        loading.load_games()


def test_an_installed_package_registers_through_its_entry_point(clean, monkeypatch):
    class Point:
        value = "toy_game:GAME"

        @staticmethod
        def load():
            return toy_game.GAME

    monkeypatch.setattr(loading, "entry_points", lambda group: [Point] if group == "dungeon-lords.games" else [])
    loading._loaded.discard(loading.SHIPPED)
    assert loading.load_games()["high_card"] is toy_game.GAME
