"""Write the typed lines of a 5-player Monster Inn game recorded at a table (tests/golden/monster-inn-5p.typed).

Each line is what the recorder types into `dungeon-lords record`: the cards of each physical deal (monster
ids and humanoid backs, as they lie on the table; not a draw that can come out only one way: the service
enters it), the number of each player's choice as the loop lists it, and the humanoid fronts turned over
at scoring. The deals come from a shuffled deck (seed 5005), the
choices from the bots (budgeted, early_leaver, random), so the script is reproducible:

    python tests/golden/make_monster_inn_5p.py

The test feeds the lines to the record loop, exports the game and compares it with monster-inn-5p.mir.
"""

from __future__ import annotations

import random
from pathlib import Path

from domain.games.monster_inn import GAME
from domain.games.monster_inn.bots import BOTS
from domain.service.names import only_outcome

HERE = Path(__file__).parent
SEATS = {"p1": "budgeted", "p2": "early_leaver", "p3": "random", "p4": "budgeted", "p5": "early_leaver"}


def typed_lines() -> list[str]:
    engine = GAME.engine
    _, state = GAME.new_game(["Ann", "Bob", "Cat", "Dan", "Eve"], mode="tabletop", starting_player=3)
    table, rng = random.Random(5005), random.Random(7)
    lines = []
    while (p := engine.pending(state)).actors:
        if p.is_chance and only_outcome(p.chance.pool, p.chance.count) is not None:  # the service enters it
            command = GAME.rules.draw_command(only_outcome(p.chance.pool, p.chance.count))
        elif p.is_chance:  # what lies on the table: drawn from what remains, as a shuffled deck gives it
            command = GAME.rules.draw_command(table.sample(p.chance.pool, p.chance.count))
            lines.append(" ".join(command.cards))
        else:
            actor = p.actors[0]
            command = BOTS[SEATS[actor]](state, p, actor, rng)
            lines.append(str(p.options(actor).index(command) + 1))
        _, state = engine.execute(state, command)
    return lines


if __name__ == "__main__":
    (HERE / "monster-inn-5p.typed").write_text("\n".join(typed_lines()) + "\n")
