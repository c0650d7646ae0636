"""The declared game: the fixed facts every other module relies on."""

from __future__ import annotations

GAME_NAME = "Dungeon Lords"
RULESET_VERSION = "base-2009/1"  # bump when a rule's implementation changes meaning
MIN_PLAYERS, MAX_PLAYERS = 2, 4  # Rulebook › Summary
COLORS = ("red", "blue", "green", "yellow")  # four Dungeon Boards; unused ones are non-player colours
YEARS = (1, 2)  # Rulebook › Overview of Play
SEASONS = ("winter", "spring", "summer", "fall")  # Building has 4 rounds
EVENT_SEASONS = ("spring", "summer", "fall")  # winter has no Event or Adventurers Phase
GRID_ROWS, GRID_COLS = 4, 5  # construction site, row 0 nearest the surface
VARIANTS = ("first_game", "full")  # Rulebook › First Game / Full Game
MODES = ("digital", "tabletop")  # who answers chance: the seeded RNG or the person recording
EVENT_TILES = ("pay_day", "taxes", "special_event")  # each Year has the same 3 Event Tiles
COMBAT_CARDS_PER_YEAR = 4
STARTING = {"gold": 3, "food": 3, "imps": 3, "minions": 3}  # "three of everything"


def adventurers_per_round(players: int) -> int:
    """4 adventurers in a 4-player game, otherwise 3 (Rulebook › Next Round's Adventurers)."""
    return 4 if players == 4 else 3
