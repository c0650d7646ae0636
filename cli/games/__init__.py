"""Commands and rendering that belong to one game (by game name)."""
