"""The digging, room and Planning rules worked out on bitmasks (speed) agree with the rules square by
square: the diggable squares with ``dig_rules``, room sites and whether a room fits with ``room_problem``,
the nearest unconquered tiles with a search from the entrance."""

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
        expected = [sq for sq in dg.squares() if dg.dig_rules(dg.occupancy(grid), *sq) is None]
        assert [sq for sq in dg.squares() if dg.dig_problem(grid, sq) is None] == expected
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


def _nearest_by_search(grid: list[list[Cell | None]]) -> list[tuple[int, int]]:
    """The Planning Phase's nearest unconquered tiles, by a breadth-first search square by square."""
    if grid[dg.ENTRANCE[0]][dg.ENTRANCE[1]] is None:
        return []
    dist = {dg.ENTRANCE: 0}
    todo = [dg.ENTRANCE]
    for sq in todo:
        for n in dg.neighbours(*sq):
            if n not in dist and grid[n[0]][n[1]] is not None:
                dist[n] = dist[sq] + 1
                todo.append(n)
    open_ = {sq: d for sq, d in dist.items() if not grid[sq[0]][sq[1]].conquered}  # type: ignore[union-attr]
    best = min(open_.values(), default=None)
    return sorted(sq for sq, d in open_.items() if d == best)


def test_nearest_unconquered_tiles_on_masks_agree_with_a_search_square_by_square() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        grid = _grid(rng)
        tiles, conquered = dg.tile_masks(grid)
        assert (tiles, conquered) == (dg.occupancy(grid), dg.conquered_mask(grid))
        assert list(dg.nearest_unconquered(tiles, conquered)) == _nearest_by_search(grid)
