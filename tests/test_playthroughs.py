"""The reviewable golden playthroughs (tests/playthroughs.py): one text file per registered game and per rules
module, compared exactly, so that a change of rules, views or wording shows as a readable diff. Regenerate
after a change meant to change games: ``DL_REGENERATE_GOLDEN=1 pytest -n 0 tests/test_playthroughs.py``."""

from __future__ import annotations

import os

import pytest
from playthroughs import HERE, MAX_LINES, cases, modules_of, path_of, playthrough

REGENERATE = os.environ.get("DL_REGENERATE_GOLDEN") == "1"


def test_every_registered_game_and_module_has_a_playthrough():
    missing = [path_of(g, m).name for g, m in cases() if not path_of(g, m).exists()]
    assert not missing or REGENERATE, f"no golden playthrough for {missing}: regenerate (module docstring)"
    assert ("dungeon_lords", "festival") in cases() and ("monster_inn", None) in cases()
    assert "five_seasons" in modules_of("dungeon_lords") and modules_of("monster_inn") == {}


def test_no_playthrough_is_left_without_its_game_or_module():
    known = {path_of(g, m).name for g, m in cases()}
    assert sorted(p.name for p in HERE.glob("*.txt") if p.name not in known) == []


@pytest.mark.parametrize(("game", "module"), cases(), ids=lambda x: x or "base")
def test_a_playthrough_matches_its_golden_text(game: str, module: str | None):
    text = playthrough(game, module)
    path = path_of(game, module)
    if REGENERATE:
        HERE.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert len(text.splitlines()) < MAX_LINES + 200  # short enough to review
    assert text == path.read_text(), f"{path.name} differs: regenerate it if the change is meant (module docstring)"
