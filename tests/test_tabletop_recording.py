"""A complete 4-player tabletop game recorded the way a person at the table records it.

The "table" is scripted: a seeded RNG stands for the physical draws (which tiles and cards came up),
and strategy bots stand for the players' decisions. Every answer is typed into the same
``record`` loop a person uses (cli.record.record_loop), as text: component ids for draws, option
numbers for decisions. The game is then exported, imported through the rules, and compared event
for event; the exported record is kept as a golden replay (tests/golden/tabletop-4p.dlr).
"""
from __future__ import annotations

import random
from pathlib import Path

from cli.record import record_loop
from domain.application import DungeonLords
from domain.record_format import export, rebuild
from domain.storage import store_env
from domain.strategies import STRATEGIES

GOLDEN = Path(__file__).parent / "golden" / "tabletop-4p.dlr"
SEATS = ["tunneller", "monster_keeper", "evil", "room_builder"]


def scripted_table(app, game, seed):
    """The person at the table: reads what the loop waits for and types the answer."""
    rng = random.Random(seed)
    bots = dict(zip(["red", "blue", "green", "yellow"], SEATS))
    typed = []

    def ask(prompt):
        p = app.pending(game)
        if not p.actors:
            return "quit"
        if p.is_chance:                                   # what physically came up
            line = ",".join(rng.sample(p.chance.pool, p.chance.count))
        else:                                             # the first actor's decision, by number
            actor = p.actors[0]
            options = p.options(actor)
            choice = STRATEGIES[bots[actor]](app.state(game), p, actor, rng)
            line = str(options.index(choice) + 1)
        typed.append(line)
        return line

    return ask, typed


def test_a_recorded_tabletop_game_exports_imports_and_matches_its_golden_record():
    app = DungeonLords(env=store_env("memory"))
    game = app.create_game(["Ann", "Bob", "Cid", "Dee"], mode="tabletop")
    ask, typed = scripted_table(app, game, seed=2026)
    stored = record_loop(app, game, ask)
    log = app.log(game)
    assert app.pending(game).kind == "game_over" and stored == len(typed)   # every typed line was stored
    assert log[0].mode == "tabletop" and app.state(game).scores
    text = export(log)
    rebuilt, _ = rebuild(text)
    assert [e.to_json() for e in rebuilt] == [e.to_json() for e in log]
    assert text == GOLDEN.read_text()                     # the golden record (see the module docstring)


def test_the_golden_tabletop_record_replays():
    log, state = rebuild(GOLDEN.read_text())
    assert state.phase == "over" and len(state.players) == 4
    assert sum(1 for s in state.scores if s["winner"]) >= 1
