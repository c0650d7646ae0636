"""Fixtures of the Festival Season tests."""

from __future__ import annotations

import pytest

from domain.games.dungeon_lords import ruleset


@pytest.fixture
def unfinished_modules(monkeypatch):
    """Set-up accepts the modules still being built (the developers' switch; never for users)."""
    monkeypatch.setattr(ruleset, "allow_unfinished_modules", True)
