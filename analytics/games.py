"""What the report says of each game, as data beside its questions: ``questions/<game>/game.json``.

Analytics imports nothing of the engine, so a game's labels are not read from its ``GamePackage``: the game's
question folder carries them (``docs/adding-a-game.md``)::

    {"title": "Monster Inn",                               the page's heading and link
     "anchor": "mi-",                                      before each question's HTML id (stable links)
     "x_titles": {"Play position in the First Year": "Play position"}}   an axis title this game words otherwise

Every key may be left out (a folder without the file: the title is the folder's name in words, no anchor
prefix, the charts' own axis titles). The games are the folders, ``common`` aside, sorted by name; the
command line passes the registry's order and default instead (``render_report(games=...)``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib.resources import files

COMMON = "common"  # the folder of the questions asked of every game's results


@dataclass(frozen=True)
class GameLabels:
    """One game's labels (the keys of its ``game.json``; ``name`` is the folder's)."""

    name: str
    title: str
    anchor: str = ""
    x_titles: dict[str, str] = field(default_factory=dict)


def labels_of(name: str) -> GameLabels:
    """The labels of game ``name`` (registry name): its ``game.json``'s, or the defaults when it has none.

    Raises:
        ValueError: the file is not a JSON object of the keys above."""
    folder = files(__package__).joinpath("questions", name)
    source = folder.joinpath("game.json")
    data = json.loads(source.read_text(encoding="utf-8")) if source.is_file() else {}
    unknown = set(data) - {"title", "anchor", "x_titles"} if isinstance(data, dict) else {"(not an object)"}
    if unknown:
        raise ValueError(f"questions/{name}/game.json: unknown keys {', '.join(sorted(unknown))}")
    title = data.get("title") or name.replace("_", " ").title()
    return GameLabels(name, title, data.get("anchor", ""), data.get("x_titles", {}))


def game_folders() -> list[str]:
    """The games that have questions of their own (the folders of ``questions/`` but ``common``), by name."""
    root = files(__package__).joinpath("questions")
    return sorted(f.name for f in root.iterdir() if f.is_dir() and f.name != COMMON and not f.name.startswith("_"))


#: every game with questions of its own, by name
LABELS: dict[str, GameLabels] = {name: labels_of(name) for name in game_folders()}
