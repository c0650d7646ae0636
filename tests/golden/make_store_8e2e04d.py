"""Write tests/golden/store-8e2e04d.sqlite and its facts (.json) with the layout of commit 8e2e04d.

Run from a checkout of that commit: ``PYTHONPATH=. python tests/golden/make_store_8e2e04d.py OUT.sqlite``.
Not collected by pytest; kept so the fixture can be made again.
"""
import hashlib, json, os, sys
from domain.application import GameService
from domain import engine
from domain.bots import play_until_blocked
from domain.strategies import STRATEGIES
from domain.state import to_dict
from domain.chain import final_hash

out = sys.argv[1]
if os.path.exists(out):
    os.remove(out)
app = GameService.open(out, init=True)
facts = {}

def digest(state):
    return hashlib.sha256(json.dumps(to_dict(state), sort_keys=True).encode()).hexdigest()

# 1. a finished digital game played by bots (stored in one append, snapshot at the head)
events, state = engine.new_game(["Ann", "Bob"], seed=11, bots=["evil", "balanced"])
more, state, _ = play_until_blocked(state, {p.color: STRATEGIES[b] for p, b in zip(state.players, ["evil", "balanced"])}, seed=3)
g1 = app.create_from_events(events + more)
# 2. a tabletop game in progress with an undo and a correction
g2 = app.create_game(["Cat", "Dan", "Eve"], mode="tabletop")
for _ in range(12):
    st = app.state(g2)
    p = engine.pending(st)
    if p.is_chance:
        cmd = engine.random_draw(st, p)
        cmd = cmd.model_copy(update={"cards": sorted(p.chance.pool)[: p.chance.count]})
    else:
        cmd = p.options(p.actors[0])[0]
    app.execute(g2, cmd)
for _ in range(40):
    try:
        app.undo(g2)
        break
    except Exception:
        st = app.state(g2)
        p = engine.pending(st)
        if p.is_chance:
            cmd = engine.random_draw(st, p).model_copy(update={"cards": sorted(p.chance.pool)[: p.chance.count]})
        else:
            cmd = p.options(p.actors[0])[0]
        app.execute(g2, cmd)
# 3. a digital game in progress, archived later? no: a digital game mid-year
g3 = app.create_game(["Fay", "Gus"], seed=5)
for _ in range(30):
    st = app.state(g3)
    p = engine.pending(st)
    app.execute(g3, p.options(p.actors[0])[-1])
for gid in (g1, g2, g3):
    st = app.state(gid)
    stored = app.stored(gid)
    facts[str(gid)] = {"events": st.version, "state_sha256": digest(st), "final_hash": stored[-1][3], "integrity": app.integrity(gid),
                       "pending": engine.pending(st).kind}
json.dump(facts, open(out + ".json", "w"), indent=1, sort_keys=True)
print(json.dumps(facts, indent=1))
