"""Festival Season's Install Traps board and installed traps (spec UO-IN-1..UO-IN-6 and the worked examples T-18,
T-19, T-20): the traps dealt face up, installing with its cost, the installed trap springing by itself in the
first battle on its tile (on top of the battle's own trap, in the order the owner says, sharing the disarm),
and what discards it unsprung."""

from __future__ import annotations

import pytest
from opportunity_games import COLORS, execute, of, play
from test_opportunities import at_board, waiting_player
from test_rules_combat import ENTRANCE, Fight, hits, one

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.actions import ACTIONS
from domain.games.dungeon_lords.actions.build_room import build_room
from domain.games.dungeon_lords.commands import BuildRoom, InstallTrap, OrderTraps
from domain.games.dungeon_lords.phases.actions import current
from domain.games.dungeon_lords.state import Cell, Placement
from domain.games.dungeon_lords.views import view
from domain.kernel import RuleViolation

ALL_ON_BUY_TRAPS = dict.fromkeys(COLORS, "buy_traps")


def decide(state, board: str, cmd):
    """The board's own rules for ``cmd`` on the waiting minion (without the flow around them)."""
    pl = current(state)
    return ACTIONS[board].decide(state, state.player(pl.color), pl, cmd)


@pytest.mark.spec("UO-IN-1", "UO-IN-6")
def test_UO_IN_1_6_three_traps_dealt_face_up_and_the_untaken_discarded_as_the_orders_end():
    boards = ["install_traps", "harvest_food", "invest_gold", "masquerade"]
    events, state = play(boards, until=lambda s: s.season == 1 and s.phase == "production")
    (dealt,) = of(events, ev.TrapsDealtForInstalling)
    assert len(dealt.cards) == 3
    installed = [e.trap for e in of(events, ev.TrapInstalled)]
    left = [c for c in dealt.cards if c not in installed]
    discarded = of(events, ev.InstallOfferDiscarded)
    assert (discarded[0].cards if discarded else []) == left and state.board.install_offer == []
    assert all(c in state.board.trap_discard for c in left)
    for e in of(events, ev.TrapInstalled):  # face up beside the player board: everyone sees it
        assert view(state, next(c for c in COLORS if c != e.color))["players"][COLORS.index(e.color)]["installed"]


@pytest.mark.spec("UO-IN-2", "UO-IN-3")
def test_T_19_T_20_installing_pays_the_traps_cost_now_and_a_gold_more_on_a_room():
    _, state = at_board("install_traps", "I", first_orders=ALL_ON_BUY_TRAPS)
    color = waiting_player(state)
    p = state.player(color)
    state.board.install_offer = ["poisoned_meal#1", "kamikaze_imp#1", "rolling_stone#1"]  # the position
    tunnel = next((r, c) for r, row in enumerate(p.dungeon) for c, cell in enumerate(row) if cell is not None)
    p.gold, p.food, p.imps, p.imps_busy = 0, 1, 3, 0
    # T-19: the Poisoned Meal costs this Year's food (1 in Year 1), paid now
    (meal,) = decide(state, "install_traps", InstallTrap(player=color, trap="poisoned_meal#1", square=tunnel))
    assert meal.paid == {"food": 1}
    (imp,) = decide(state, "install_traps", InstallTrap(player=color, trap="kamikaze_imp#1", square=tunnel))
    assert imp.paid == {"imps": 1}  # an available imp, at once (provisional U-46)
    # T-20: on a room, 1 gold more, which the bank's marker cannot pay
    r, c = tunnel
    p.dungeon[r][c] = Cell("room", room="chicken_coop")
    with pytest.raises(RuleViolation, match="CANNOT_PAY_GOLD"):
        decide(state, "install_traps", InstallTrap(player=color, trap="rolling_stone#1", square=tunnel))
    p.gold = 1
    (stone,) = decide(state, "install_traps", InstallTrap(player=color, trap="rolling_stone#1", square=tunnel))
    assert stone.paid == {"gold": 1}
    p.dungeon[r][c].conquered = True
    with pytest.raises(RuleViolation, match="INSTALL_SQUARE_INVALID"):
        decide(state, "install_traps", InstallTrap(player=color, trap="rolling_stone#1", square=tunnel))


@pytest.mark.spec("UO-IN-2")
def test_UO_IN_2_the_installed_trap_lies_on_its_tile_and_leaves_the_offer():
    _, state = at_board("install_traps", "III", first_orders=ALL_ON_BUY_TRAPS)
    color = waiting_player(state)
    p = state.player(color)
    p.gold = 5
    options = [o for o in GAME.engine.pending(state).options(color) if isinstance(o, InstallTrap)]
    cmd = next(o for o in options if "cursed_ring" not in o.trap)
    events, after = execute(state, cmd)
    assert of(events, ev.TrapInstalled)[0].trap == cmd.trap
    assert after.player(color).installed == {f"{cmd.square[0]},{cmd.square[1]}": cmd.trap}
    assert cmd.trap not in after.board.install_offer and cmd.trap not in after.player(color).traps


@pytest.mark.spec("UO-IN-4")
def test_UO_IN_4_the_installed_trap_springs_by_itself_on_top_of_the_battles_trap_paid_already():
    f = Fight(one(["warrior_y1_d", "priest_y1_c"], traps=["pendulum"]))
    f.p().installed = {"0,2": "rolling_stone#9"}  # installed earlier on the entrance tile
    planned = f.plan(traps=["pendulum#1"])
    began = of(planned, ev.BattleBegan)[0]
    assert began.installed == ["rolling_stone#9"]
    assert f.pending.kind == "labyrinth_order"  # the owner orders the traps (not only in the Labyrinth)
    events = f.do(OrderTraps(player="red", first="rolling_stone#9"))
    sprung = of(events, ev.TrapSprung)
    assert [(e.trap, e.paid) for e in sprung] == [("rolling_stone#9", {}), ("pendulum#1", {})]
    assert f.p().installed == {} and "rolling_stone#9" in f.state.board.trap_discard


@pytest.mark.spec("UO-IN-4")
def test_T_18_an_installed_trap_in_the_labyrinth_makes_three_traps_sharing_the_disarm():
    f = Fight(
        one(
            ["warrior_y2_d", "thief_y2_a"],
            year=2,
            dungeon=["..L..", "..#..", "..#..", "....."],
            rooms={"0,2": "labyrinth"},
            traps=["rolling_stone", "pendulum"],
        )
    )
    f.p().installed = {f"{ENTRANCE[0]},{ENTRANCE[1]}": "cursed_ring#9"}
    f.plan(traps=["rolling_stone#1", "pendulum#1"])
    assert {o.first for o in f.pending.options("red")} == {"rolling_stone#1", "pendulum#1", "cursed_ring#9"}
    f.do(OrderTraps(player="red", first="cursed_ring#9"))
    assert f.pending.kind == "labyrinth_order"  # two left: asked again
    events = f.do(OrderTraps(player="red", first="pendulum#1"))
    sprung = [e.trap for e in of(events, ev.TrapSprung)]
    assert sprung == ["pendulum#1", "rolling_stone#1"]
    assert sum(e.disarm_used for e in of(f.log, ev.TrapSprung)) <= 2  # the thief's symbols, shared once
    assert hits(f.log, source="trap:cursed_ring#9")


@pytest.mark.spec("UO-IN-5")
def test_UO_IN_5_a_room_built_over_the_tunnel_discards_the_installed_trap():
    _, state = GAME.new_game(["A", "B"], seed=2, variant="full")
    red = state.player("red")
    red.installed = {"1,2": "rolling_stone#9"}
    red.dungeon[1][2] = Cell("tunnel")
    state.board.room_offer = ["chicken_coop"]

    events = build_room(
        state, red, Placement("red", "build_room", "I", 0), BuildRoom(player="red", room="chicken_coop", square=(1, 2))
    )
    discarded = of(events, ev.InstalledTrapDiscarded)
    assert [(d.trap, d.square) for d in discarded] == [("rolling_stone#9", (1, 2))]
