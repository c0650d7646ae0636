"""Write tests/golden/tabletop-3p.dlr: a 3-player game recorded at a table, as the table page records it.

The draws come from a shuffled table (seed 303), each entered as the recorder types it: the printed names
of what came up (of identical copies, the first still possible is taken); a draw that can come out only
one way is entered by the service itself. The decisions are the strategy bots' (balanced, tunneller,
random), entered through the application service as the page enters them. The browser test enters the
same lines through the table page and compares its export with this file:

    python tests/golden/make_tabletop_3p.py
"""

from __future__ import annotations

import random
from pathlib import Path

from domain.games.dungeon_lords import GAME
from domain.service.application import GameService
from domain.service.names import draw_command, typed_name
from domain.service.storage import store_env

HERE = Path(__file__).parent
NAMES = ["Ann", "Bob", "Cid"]
BOTS = {"red": "balanced", "blue": "tunneller", "green": "random"}


def main() -> None:
    app = GameService(env=store_env("memory"))
    gid = app.create_game(NAMES, mode="tabletop", variant="first_game")
    table, rng = random.Random(303), random.Random(7)
    while (p := app.pending(gid)).actors:
        state = app.state(gid)
        if p.is_chance:
            drawn = table.sample(sorted(p.chance.pool), p.chance.count)
            typed = ", ".join(typed_name(c, lambda c, s=state: GAME.component_name(s, c)) for c in drawn)
            command = draw_command(GAME, state, typed)
        else:
            actor = p.actors[0]
            command = GAME.bots[BOTS[actor]](state, p, actor, rng)
        app.execute(gid, command)
    (HERE / "tabletop-3p.dlr").write_text(GAME.export(app.log(gid)))


if __name__ == "__main__":
    main()
