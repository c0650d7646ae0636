"""Write tests/golden/store-a940cd7.sqlite and its facts (.json) with the code of commit a940cd7, the last
commit whose fold decided things (clamped Evil, trap draws, trolls, pets...) instead of reading them from the
events. Its events carry none of the values the rules now settle and store with each event, so the store
shows that old games are completed on replay (``domain/games/dungeon_lords/phases/settle.py``) and replay
to the very same states, hashes and audits.

Run from a checkout of that commit: ``PYTHONPATH=. python tests/golden/make_store_a940cd7.py OUT.sqlite``.
Not collected by pytest; kept so the fixture can be made again.
"""

import hashlib
import json
import os
import sys

from domain.games import GAMES
from domain.games.dungeon_lords import engine
from domain.games.dungeon_lords.audit import audit
from domain.games.dungeon_lords.commands import TableRuling
from domain.games.dungeon_lords.state import to_dict
from domain.kernel import play_until_blocked
from domain.service.application import GameService

out = sys.argv[1]
if os.path.exists(out):
    os.remove(out)
app = GameService.open(out, init=True)
package = GAMES["dungeon_lords"]
FESTIVAL = ["five_seasons", "unique_opportunities", "festival", "pets", "bards", "new_components", "paladin_pair"]


def digest(state):
    return hashlib.sha256(json.dumps(to_dict(state), sort_keys=True).encode()).hexdigest()


def bot_game(players, seed, variant, bot, modules=()):
    names = [f"{bot} {k}" for k in range(players)]
    events, state = engine.new_game(names, seed=seed, variant=variant, bots=[bot] * players, modules=list(modules))
    bots = {seat: package.bots[bot] for seat in package.seats(state)}
    more, state, waiting = play_until_blocked(engine.ENGINE, state, bots, seed=seed, max_commands=50_000)
    assert not waiting.actors
    return app.create_from_events(events + more)


def step(gid, pick=0):
    st = app.state(gid)
    p = engine.pending(st)
    if p.is_chance:
        cmd = engine.random_draw(st, p)
        if st.mode == "tabletop":
            cmd = cmd.model_copy(update={"cards": sorted(p.chance.pool)[: p.chance.count]})
    else:
        options = p.options(p.actors[0])
        cmd = options[pick % len(options)]
    app.execute(gid, cmd)


games = [
    bot_game(2, 3, "full", "evil"),  # the base game to the end: a non-player Evil Marker, Evil at the top
    bot_game(3, 5, "full", "random", FESTIVAL),  # Festival Season: prizes, pets, masquerade, training room
    bot_game(2, 9, "full", "balanced", FESTIVAL),  # the elf and dwarf, a non-player colour
]
# a tabletop Festival game in progress, input by input: an undo, a table ruling past the top of the Evilometer
g = app.create_game(["Cat", "Dan", "Eve"], mode="tabletop", variant="full", modules=FESTIVAL)
for k in range(60):
    step(g, k)
app.undo(g)
app.execute(g, TableRuling(reason="the table's word", changes={"red": {"evil": 3, "gold": 1}}))
for k in range(25):
    step(g, k)
games.append(g)
# a digital base game in progress, input by input (snapshots every 100 events)
g = app.create_game(["Fay", "Gus", "Hal"], seed=5, variant="full")
for k in range(150):
    step(g, k * 7 + 1)
games.append(g)

facts = {}
for gid in games:
    st = app.state(gid)
    report = audit(app.log(gid), app.integrity(gid))
    facts[str(gid)] = {
        "events": st.version,
        "state_sha256": digest(st),
        "final_hash": app.stored(gid)[-1][3],
        "integrity": app.integrity(gid),
        "pending": engine.pending(st).kind,
        "audit_findings": len(report.findings),
    }
with open(out.removesuffix(".sqlite") + ".json", "w") as f:
    json.dump(facts, f, indent=1, sort_keys=True)
print(json.dumps(facts, indent=1))
