"""The Dungeon Lords fold decides nothing: what the rules work out from the game as it stands is settled into
each event (phases/settle.py) and stored with it; an event stored before those fields existed is settled on
replay, so old stores replay to the very same states, hashes and audits (docs/architecture.md §1)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from domain.games import GAMES
from domain.games.dungeon_lords import engine
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.audit import audit
from domain.games.dungeon_lords.chain import SETTLED, final_hash
from domain.games.dungeon_lords.evolve import evolve
from domain.games.dungeon_lords.state import to_dict
from domain.kernel import play_until_blocked
from domain.service.application import GameService

GOLDEN = Path(__file__).parent.parent.parent / "golden"
FESTIVAL = ["five_seasons", "unique_opportunities", "festival", "pets", "bards", "new_components", "paladin_pair"]


def _digest(state) -> str:
    return hashlib.sha256(json.dumps(to_dict(state), sort_keys=True).encode()).hexdigest()


def _unsettled(e: ev.Event) -> bool:
    return bool(type(e).settled) and getattr(e, type(e).settled[0]) is None


def _strip(e: ev.Event) -> ev.Event:
    """``e`` as it was stored before its settled fields existed."""
    return e.replace(**dict.fromkeys(type(e).settled)) if type(e).settled else e


def _bot_game(players: int, seed: int, modules: list[str], bot: str = "random") -> list[ev.Event]:
    package = GAMES["dungeon_lords"]
    events, state = engine.new_game([f"p{k}" for k in range(players)], seed=seed, variant="full", modules=modules)
    bots = dict.fromkeys(package.seats(state), package.bots[bot])
    more, state, waiting = play_until_blocked(engine.ENGINE, state, bots, seed=seed, max_commands=50_000)
    assert not waiting.actors
    return [*events, *more]


def test_a_store_written_before_the_settled_fields_replays_the_same_and_passes_audit(tmp_path):
    """tests/golden/store-a940cd7.sqlite was written by commit a940cd7 (its fold still decided; make_store_a940cd7.py):
    two finished base and Festival games, a finished 2-player Festival game, a tabletop Festival game in progress with
    an undo and a table ruling, and a digital game in progress stored input by input (snapshots)."""
    store = tmp_path / "old.sqlite"
    shutil.copy(GOLDEN / "store-a940cd7.sqlite", store)
    facts = json.loads((GOLDEN / "store-a940cd7.json").read_text())
    app = GameService.open(str(store))
    unsettled: set[str] = set()
    for gid, fact in facts.items():
        log = app.log(gid)
        unsettled |= {e.type for e in log if _unsettled(e)}
        state = app.state(gid)
        assert (state.version, _digest(state)) == (fact["events"], fact["state_sha256"])
        assert to_dict(engine.replay(log)) == to_dict(state)  # the fold of the whole log, not only a snapshot
        assert app.stored(gid)[-1][3] == fact["final_hash"] == final_hash((e.type, e.payload()) for e in log)
        assert app.integrity(gid) == fact["integrity"] == []
        assert engine.pending(state).kind == fact["pending"]
        report = audit(log, app.integrity(gid))
        assert report.findings == [] and fact["audit_findings"] == 0
    # the store is old: nearly every kind of event the rules now settle was stored without its settled fields
    assert unsettled >= set(SETTLED) - {"PetUsed", "RentGoldTaken", "TrapInstalled"}
    # and a game in progress plays on: its new events are stored settled, the chain still holds
    gid = next(g for g, f in facts.items() if f["pending"] == "plan_battle")
    p = app.pending(gid)
    app.execute(gid, p.options(p.actors[0])[0])
    reopened = GameService.open(str(store))
    new = reopened.log(gid)[facts[gid]["events"] :]
    assert any(type(e).settled for e in new) and not any(_unsettled(e) for e in new)
    assert reopened.integrity(gid) == []


@pytest.mark.parametrize(
    ("players", "seed", "modules"), [(4, 1, []), (2, 2, FESTIVAL), (3, 4, FESTIVAL), (4, 6, FESTIVAL)]
)
def test_events_carry_what_the_rules_settled_and_old_events_settle_the_same(players, seed, modules):
    """Every event of a new game carries its settled fields, and the bare fold (which imports neither phases/ nor
    the catalog) replays the game from them alone. Stripped of them (as stored before they existed), the same
    log settles on replay to the same state and hashes the same."""
    log = _bot_game(players, seed, modules)
    final = engine.replay(log)
    assert not any(_unsettled(e) for e in log)
    bare = None
    for e in log:
        bare = evolve(bare, e)
    assert to_dict(bare) == to_dict(final)
    old = [_strip(e) for e in log]
    assert sum(map(_unsettled, old)) > len(log) // 10
    assert to_dict(engine.replay(old)) == to_dict(final)
    hashes = [final_hash((e.type, e.payload()) for e in x) for x in (log, old)]
    assert hashes[0] == hashes[1]
    with pytest.raises(AssertionError, match="settled"):  # the bare fold never works a value out itself
        first_unsettled = next(i for i, e in enumerate(old) if i and _unsettled(e))
        state = engine.replay(log[:first_unsettled])
        evolve(state, old[first_unsettled])


def test_a_settled_field_is_outside_the_hash_but_audit_finds_a_wrong_one():
    """Settled fields follow from the events before them: the chain leaves them out, and ``audit``, which
    re-derives every consequence, reports an edited one."""
    log = _bot_game(2, 3, [])
    i = next(i for i, e in enumerate(log) if isinstance(e, ev.TileConquered))
    e = log[i]
    assert isinstance(e, ev.TileConquered) and e.evilometer is not None
    edited = [*log[:i], e.replace(evilometer=e.evilometer + 3), *log[i + 1 :]]
    assert final_hash((x.type, x.payload()) for x in edited) == final_hash((x.type, x.payload()) for x in log)
    assert audit(log).findings == []
    findings = audit(edited).findings
    assert findings and findings[0].event == i + 1


def test_settled_fields_tell_no_secret():
    """The cards put back in the box are the complement of the face-down ones: hidden as they are."""
    from domain.games.dungeon_lords.views import HIDDEN, visible_log

    log, _ = engine.new_game(["Ann", "Bob", "Cid"], seed=5, variant="full")
    seen = {d["type"]: d for d in visible_log(log, "red")}
    assert seen["CombatCardsDealt"]["boxed"] == [HIDDEN] * 5
    assert seen["SpecialEventsDrawn"]["boxed"] == HIDDEN
    assert "seed" not in seen["GameStarted"]["setup"]


def test_one_dispatch_table_folds_every_event():
    """The fold's modules (one per phase) fill one table: every event class has its handler there, but the
    four that begin or restore a whole state."""
    from domain.games.dungeon_lords.evolve import HANDLERS
    from domain.kernel.events import Event

    classes = {
        c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, Event) and c.__module__ == ev.__name__
    }
    starts = {ev.GameStarted, ev.ScenarioLoaded}
    assert classes - starts - set(HANDLERS) == set()
    assert ev.GameArchived in HANDLERS and ev.InputUndone not in HANDLERS
    # and every event with settled fields has the rules that settle them
    from domain.games.dungeon_lords.phases.settle import SETTLERS

    assert set(SETTLED) == {c.__name__ for c in SETTLERS}


def test_evil_markers_are_looked_for_only_after_the_events_that_move_them(monkeypatch):
    """The engine derives ``EvilometerMoved`` only after the events that carry where an Evil Marker ends
    (``engine.MOVES_EVIL``): looking after every event gives the very same log."""
    cases = [(2, 1, FESTIVAL), (3, 2, FESTIVAL), (4, 3, [])]
    fast = [[e.to_json() for e in _bot_game(*c)] for c in cases]
    every = frozenset(c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event))
    monkeypatch.setattr(engine, "MOVES_EVIL", every)
    assert [[e.to_json() for e in _bot_game(*c)] for c in cases] == fast
    assert sum(e["type"] == "EvilometerMoved" for log in fast for e in log) > 20


def test_games_set_up_alike_share_no_list_with_each_other_nor_with_the_setup():
    """The fold unpickles one table per settled ``setup`` (evolve._start): each game still gets its own."""
    package = GAMES["dungeon_lords"]
    first, _ = package.new_game(["a", "b", "c"], seed=1)
    second, _ = package.new_game(["a", "b", "c"], seed=2)
    a, b = engine.replay(first[:1]), engine.replay(second[:1])
    assert first[0].setup is second[0].setup  # the memoised set-up: the case the table is kept for
    assert (a.seed, b.seed) == (1, 2)
    setup_before = json.dumps(first[0].setup, sort_keys=True)
    a.players[0].monsters.append("x")
    a.board.event_pool.clear()
    assert b.players[0].monsters == [] and b.board.event_pool
    assert json.dumps(first[0].setup, sort_keys=True) == setup_before
    assert _digest(engine.replay(first[:1])) != _digest(a)  # a third fold starts from the table, untouched
