"""Festival Season's Rent Rooms board and rented rooms (spec UO-RR-1..UO-RR-7, NP-07, and the worked examples T-21,
T-22): renting, space I's gold, and a rented room beside the player board in Production, Taxes, Combat and
scoring (the "rental shelf": squares (-1, k))."""

from __future__ import annotations

import pytest
from opportunity_games import COLORS, execute, of
from test_opportunities import at_board, waiting_player

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.commands import Produce, RentRoom
from domain.games.dungeon_lords.phases.combat import battle_tiles
from domain.games.dungeon_lords.phases.event_phase import tax_due
from domain.games.dungeon_lords.phases.production import produce_events
from domain.games.dungeon_lords.scoring import count_conquered, count_rooms, score
from domain.games.dungeon_lords.state import Cell, Monster
from domain.kernel import RuleViolation

MODULES = ["five_seasons", "unique_opportunities"]
ALL_ON_BUILD_ROOM = dict.fromkeys(COLORS, "build_room")


def take(state, command):
    """``command`` by the player whose minion waits: (events, state)."""
    return execute(state, command)


@pytest.mark.spec("UO-RR-1", "UO-RR-2")
def test_T_21_all_three_spaces_III_pays_II_rents_free_and_I_takes_the_gold():
    _, state = at_board("rent_rooms", "III", first_orders=ALL_ON_BUILD_ROOM)
    on = {pl.space: pl.color for pl in state.board.spaces["build_room"] if pl}
    if len(on) < 3 or len(state.board.room_offer) < 2:
        pytest.fail(f"the position needs the three spaces taken and two rooms: {on}, {state.board.room_offer}")
    for color in on.values():
        state.player(color).gold = 3
    grids = {c: [row[:] for row in state.player(c).dungeon] for c in on.values()}
    first, second = state.board.room_offer[:2]
    events, state = take(state, RentRoom(player=on["III"], room=first))  # III chooses first, for 1 gold
    assert of(events, ev.RoomRented)[0].paid == {"gold": 1} and state.board.rent_gold == 1
    events, state = take(state, RentRoom(player=on["II"], room=second))  # II rents free
    assert of(events, ev.RoomRented)[0].paid == {}
    options = GAME.engine.pending(state).options(on["I"])
    assert RentRoom(player=on["I"], take_gold=True) in options
    gold = state.player(on["I"]).gold
    events, state = take(state, RentRoom(player=on["I"], take_gold=True))
    assert state.player(on["I"]).gold == gold + 1 and of(events, ev.RentGoldTaken)[0].gold == 1
    assert [c.room for c in state.player(on["III"]).rented] == [first]
    assert [c.room for c in state.player(on["II"]).rented] == [second]
    for color in on.values():  # beside the board: the dungeon is untouched
        assert state.player(color).dungeon == grids[color]


@pytest.mark.spec("UO-RR-1", "NP-07")
def test_T_22_with_nobody_paying_on_III_space_I_has_no_gold_option():
    _, state = at_board("rent_rooms", "I", first_orders=ALL_ON_BUILD_ROOM)
    color = waiting_player(state)
    state.board.rent_gold = 0  # the position: nobody (or only a non-player) on III
    options = GAME.engine.pending(state).options(color)
    assert not [o for o in options if isinstance(o, RentRoom) and o.take_gold]
    with pytest.raises(RuleViolation, match="RENT_GOLD_NONE"):
        GAME.engine.execute(state, RentRoom(player=color, take_gold=True))


@pytest.mark.spec("UO-RR-1")
def test_space_II_never_takes_the_gold():
    _, state = at_board("rent_rooms", "II", first_orders=ALL_ON_BUILD_ROOM)
    state.board.rent_gold = 1
    with pytest.raises(RuleViolation, match="RENT_GOLD_NOT_ON_SPACE"):
        GAME.engine.execute(state, RentRoom(player=waiting_player(state), take_gold=True))


def shelf(*rooms: str, conquered: bool = False) -> list[Cell]:
    return [Cell("room", room=r, conquered=conquered) for r in rooms]


def new_state(year: int = 1):
    _, state = GAME.new_game(["A", "B"], seed=3, variant="full", modules=MODULES)
    state.year = year
    return state


@pytest.mark.spec("UO-RR-3")
def test_UO_RR_3_a_rented_room_pays_no_taxes():
    state = new_state()
    red = state.player("red")
    due = tax_due(state, red)
    red.rented = shelf("chicken_coop", "hall_of_fame")
    assert tax_due(state, red) == due


@pytest.mark.spec("UO-RR-4")
@pytest.mark.parametrize("year", [1, 2])
def test_UO_RR_4_a_rented_production_room_works_once_a_round_even_in_year_2(year):
    state = new_state(year)
    red = state.player("red")
    red.rented = shelf("chicken_coop")
    red.imps, red.imps_busy = 6, 0
    events = produce_events(state, red, Produce(player="red", square=(-1, 0)))
    assert of(events, ev.RoomProduced)[0].output == "food"
    state = GAME.rules.evolve(state, events[0])
    assert state.player("red").food == 4 and state.player("red").imps_busy == 3
    with pytest.raises(RuleViolation, match="PRODUCE_ROOM_USED"):
        produce_events(state, state.player("red"), Produce(player="red", square=(-1, 0)))


@pytest.mark.spec("UO-RR-5", "SC-03")
def test_UO_RR_5_a_rented_combat_room_is_a_battle_tile_at_any_distance_and_counts_when_conquered():
    state = new_state(2)
    red = state.player("red")
    nearest = battle_tiles(state, red)
    red.rented = shelf("training_room", "cafeteria", "chicken_coop")
    assert battle_tiles(state, red) == [*nearest, (-1, 0)]  # the combat room only (provisional U-35)
    red.rented = shelf("training_room", conquered=True)
    assert battle_tiles(state, red) == nearest and count_conquered(red) == 1  # -2 and the Battlelord


@pytest.mark.spec("UO-RR-6", "UO-RR-7", "SC-03")
def test_UO_RR_6_7_a_rented_scoring_room_scores_its_bonus_but_is_never_a_room():
    state = new_state(2)
    red = state.player("red")
    before = score(state)[0].lines
    rooms = count_rooms(red)
    red.rented = shelf("chapel")
    red.monsters = []
    after = score(state)[0].lines
    assert count_rooms(red) == rooms  # never for the Lord of Halls
    assert after["rooms"] == before["rooms"]  # no +2 as an unconquered room
    red.monsters = [Monster("vampire_y2#1")]
    assert score(state)[0].lines["room_bonus"] == 2  # the Chapel's 2 per vampire or ghost
