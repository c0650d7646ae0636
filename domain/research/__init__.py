"""The games for game-AI research: every registered game as an OpenSpiel game and a PettingZoo environment.

An adapter ring beside the service: it imports the kernel and the registry (the games are loaded by
``domain.service.games``), never a game's package (an import-linter contract). Needs the ``research``
extra (``pip install -e '.[research]'``: open-spiel, pettingzoo). Importing it registers every game in
``pyspiel`` as ``python_<registry name>``:

    import pyspiel, domain.research
    game = pyspiel.load_game("python_dungeon_lords", {"players": 3})
    env = domain.research.pettingzoo_env("monster_inn", players=4)

    actions      stable integer ids of options and drawn components (independent of listing order)
    table        one game as a sequential game with explicit chance (whose move, actions, chance, views)
    observe      observation and information-state strings and tensors, from the views only
    determinize  a game a seat cannot tell from the one played (resample_from_infostate)
    spiel        the OpenSpiel games; zoo: the PettingZoo environments

See docs/research.md.
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
    import pyspiel  # noqa: F401
except ImportError as exc:  # one line that says what to install
    raise ImportError(f"domain.research needs the research extra: pip install -e '.[research]' ({exc})") from None

from .spiel import register_all, spiel_name  # noqa: E402
from .zoo import GameEnv, pettingzoo_env  # noqa: E402

SPIEL_GAMES = register_all()

__all__ = ["SPIEL_GAMES", "GameEnv", "pettingzoo_env", "register_all", "spiel_name"]
