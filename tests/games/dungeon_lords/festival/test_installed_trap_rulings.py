"""An installed trap leaves a tile conquered without a battle (Festival Season › Install Traps: it "must be
discarded if the marked dungeon tile is altered (... or if it is somehow conquered without a battle)"): a
table ruling that conquers the tile goes through the same rule as every other change of a tile, and the
invariants notice a trap left on a conquered tile (issue #32, item 7)."""

from __future__ import annotations

from helpers import drive_to, make_scenario, start

from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.audit import audit
from domain.games.dungeon_lords.commands import TableRuling
from domain.games.dungeon_lords.engine import execute, from_scenario
from domain.games.dungeon_lords.history import spans_of
from domain.games.dungeon_lords.invariants import installed_trap_problems, problems
from domain.games.dungeon_lords.state import Battle

SCENARIO = {
    "name": "installed",
    "seed": 3,
    "modules": ["five_seasons", "unique_opportunities"],
    "season": "spring",
    "starting_player": "red",
    "players": [
        {"color": "red", "name": "Ann", "installed": {"1,2": "rolling_stone"}},
        {"color": "blue", "name": "Bob"},
    ],
}


def _ruling(*squares: list[int]) -> TableRuling:
    return TableRuling(reason="the table says so", changes={"red": {"conquered": [list(sq) for sq in squares]}})


def test_a_ruling_that_conquers_a_tile_discards_the_trap_installed_there_unsprung():
    _, state = from_scenario(SCENARIO)
    assert state.player("red").installed == {"1,2": "rolling_stone#1"}
    events, after = execute(state, _ruling([1, 2], [0, 2]))
    assert [type(e) for e in events] == [ev.TableRulingApplied, ev.InstalledTrapDiscarded]
    gone = events[1]
    assert (gone.color, list(gone.square), gone.trap) == ("red", [1, 2], "rolling_stone#1")
    assert "conquered without a battle" in gone.reason
    assert after.player("red").installed == {} and "rolling_stone#1" in after.board.trap_discard
    assert after.player("red").dungeon[1][2].conquered and not problems(after)


def test_a_ruling_on_another_tile_leaves_the_installed_trap():
    _, state = from_scenario(SCENARIO)
    events, after = execute(state, _ruling([0, 2]))
    assert [type(e) for e in events] == [ev.TableRulingApplied]
    assert after.player("red").installed == {"1,2": "rolling_stone#1"}


def test_the_ruling_and_its_discard_are_one_input_that_replays_the_same():
    starting, state = from_scenario(SCENARIO)
    events, after = execute(state, _ruling([1, 2]))
    log = [*starting, *events]
    [span] = [s for s in spans_of(log) if s.actor == "ruling"]
    assert (span.first, span.last) == (len(starting) + 1, len(log))  # the discard is the ruling's
    report = audit(log)
    assert report.clean, report.findings[:3]


def test_the_invariants_see_a_trap_left_on_a_conquered_tile():
    _, state = from_scenario(SCENARIO)
    state.player("red").dungeon[1][2].conquered = True  # conquered by hand, the trap left behind
    assert installed_trap_problems(state) == ["red's installed rolling_stone#1 is still on the conquered tile 1,2"]
    assert installed_trap_problems(state)[0] in problems(state)
    state.battle = Battle(color="red", tile=[1, 2], installed=["rolling_stone#1"])  # the battle's: it springs
    assert installed_trap_problems(state) == []
    state.battle = None
    state.player("red").dungeon[1][2] = None
    [gone] = installed_trap_problems(state)
    assert gone == "red's installed rolling_stone#1 marks 1,2, where the dungeon has no tile"


def test_a_special_event_that_removes_the_tunnel_discards_its_trap_before_the_tunnel_goes():
    # Rulebook › Earthquake: each player removes 2 tunnels; the installed trap on one leaves first (one rule)
    sc = make_scenario(
        2,
        phase="orders",
        season="spring",
        variant="full",
        mode="digital",
        modules=["five_seasons"],
        event_tiles={"spring": "special_event"},
        special_events={"1": ["earthquake", "witch_hunt"], "2": ["vip_visit", "monster_strike"]},
        players={"red": {"dungeon": ["..#..", "..##.", "..#..", "....."], "installed": {"1,3": "rolling_stone"}}},
    )
    t = start(sc)
    p = drive_to(t, "special_event", "red")
    mark = len(t.events)
    t.do(next(o for o in p.options("red") if o.target == "1,3"))
    kinds = [type(e) for e in t.events[mark:]]
    assert kinds[:3] == [ev.SpecialEventChoiceMade, ev.InstalledTrapDiscarded, ev.SpecialEventApplied]
    assert t.player("red").installed == {} and t.player("red").dungeon[1][3] is None
    assert not problems(t.state)
