"""The digging and room rules worked out on bitmasks (speed) agree with the rules square by square: the
diggable squares with ``dig_problem``, room sites and whether a room fits with ``room_problem``."""

from __future__ import annotations

import random

from domain.games.dungeon_lords import dungeon as dg
from domain.games.dungeon_lords.game_info import GRID_COLS, GRID_ROWS
from domain.games.dungeon_lords.state import Cell


def _grid(rng: random.Random) -> list[list[Cell | None]]:
    cells = [None, None, Cell("tunnel"), Cell("tunnel", conquered=True), Cell("room", "x"), Cell("room", "y", True)]
    return [[rng.choice(cells) for _ in range(GRID_COLS)] for _ in range(GRID_ROWS)]


def test_diggable_squares_on_masks_are_those_dig_problem_accepts() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        grid = _grid(rng)
        expected = [sq for sq in dg.squares() if dg.dig_problem(grid, sq) is None]
        assert dg.diggable(grid) == expected
        assert dg.diggable_count(dg.occupancy(grid)) == len(expected)
        assert dg.diggable_mask(dg.occupancy(grid)) == sum(dg.bit(sq) for sq in expected)
        assert dg.count_tiles(grid) == sum(1 for _ in dg.tiles(grid))


def test_room_sites_and_fits_on_masks_agree_with_room_problem() -> None:
    rng = random.Random(6)
    zone = [(0, 0), (0, 1), (1, 0), (1, 4), (3, 2)]
    for _ in range(3000):
        grid = _grid(rng)
        _, tunnels, rooms = dg.site_masks(grid)
        assert tunnels == sum(dg.bit(sq) for sq in dg.unconquered_tunnels(grid))
        sites = [sq for sq in dg.unconquered_tunnels(grid) if dg.room_problem(grid, sq, None, "r") is None]
        assert dg.room_sites(tunnels, rooms) == len(sites)
        assert dg.room_fits(tunnels, rooms, None) == bool(sites)
        in_zone = [sq for sq in dg.unconquered_tunnels(grid) if dg.room_problem(grid, sq, zone, "r") is None]
        assert dg.room_fits(tunnels, rooms, dg.squares_mask(zone)) == bool(in_zone)
