"""The construction site: a 4x5 grid of squares, row 0 nearest the surface.

Pure functions over ``Player.dungeon`` used by digging, room building, production and
(later) combat. Rules: Rulebook › Dig Tunnels, › Build Room.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from .game_info import GRID_COLS, GRID_ROWS
from .state import Cell

Grid = list[list[Cell | None]]
ENTRANCE = (0, 2)  # the stairs from the surface end above row 0, column 2


def squares() -> Iterator[tuple[int, int]]:
    for r in range(GRID_ROWS):
        for c in range(GRID_COLS):
            yield r, c


def inside(r: int, c: int) -> bool:
    return 0 <= r < GRID_ROWS and 0 <= c < GRID_COLS


def neighbours(r: int, c: int) -> Iterator[tuple[int, int]]:
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if inside(r + dr, c + dc):
            yield r + dr, c + dc


def key(square: tuple[int, int]) -> str:
    return f"{square[0]},{square[1]}"


def tiles(grid: Grid) -> Iterator[tuple[int, int, Cell]]:
    """Each tile as (row, column, cell), row by row (the grid's rows are the site's: see :func:`squares`)."""
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell is not None:
                yield r, c, cell


def count_tiles(grid: Grid) -> int:
    return sum(1 for _ in tiles(grid))


def unconquered_tunnels(grid: Grid) -> list[tuple[int, int]]:
    return [(r, c) for r, c, cell in tiles(grid) if cell.kind == "tunnel" and not cell.conquered]


def _mask(grid: Grid, conquered_only: bool) -> int:
    mask = 0
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell is not None and (cell.conquered or not conquered_only):
                mask |= 1 << (r * GRID_COLS + c)
    return mask


def occupancy(grid: Grid) -> int:
    """The squares holding a tile, as a bitmask (bit ``r * GRID_COLS + c``): all the digging rules see."""
    return _mask(grid, conquered_only=False)


def conquered_mask(grid: Grid) -> int:
    """The conquered tiles, as a bitmask like :func:`occupancy`'s."""
    return _mask(grid, conquered_only=True)


def taken(mask: int, r: int, c: int) -> bool:
    """Whether square (r, c) is in ``mask`` (see :func:`occupancy`)."""
    return bool(mask >> (r * GRID_COLS + c) & 1)


def _fills_2x2(mask: int, r: int, c: int) -> bool:
    mask |= 1 << (r * GRID_COLS + c)
    for r0 in (r - 1, r):
        for c0 in (c - 1, c):
            if 0 <= r0 < GRID_ROWS - 1 and 0 <= c0 < GRID_COLS - 1:
                if all(taken(mask, br, bc) for br, bc in ((r0, c0), (r0 + 1, c0), (r0, c0 + 1), (r0 + 1, c0 + 1))):
                    return True
    return False


def fills_2x2(grid: Grid, r: int, c: int) -> bool:
    """Would building on (r, c) complete a filled 2x2 block?"""
    return _fills_2x2(occupancy(grid), r, c)


@lru_cache(maxsize=1 << 16)  # a pure function of the occupied squares: dungeons repeat across games
def _dig_problem(mask: int, r: int, c: int) -> tuple[str, str, str] | None:
    square = [r, c]
    if taken(mask, r, c):
        return ("DIG_SQUARE_TAKEN", f"square {square} already holds a tile", "dig.adjacent")
    if not any(taken(mask, nr, nc) for nr, nc in neighbours(r, c)):
        return ("DIG_NOT_ADJACENT", f"square {square} is not next to a tunnel or room", "dig.adjacent")
    if _fills_2x2(mask, r, c):
        return ("DIG_WOULD_FILL_2X2", f"a tunnel on {square} would fill a 2x2 block", "dig.no_2x2")
    return None


def dig_problem(grid: Grid, square: tuple[int, int]) -> tuple[str, str, str] | None:
    """Why a tunnel cannot be dug on ``square`` as ``(code, message, rule_id)``, or None if it can."""
    r, c = square
    if not inside(r, c):
        return ("DIG_OUTSIDE_SITE", f"square {list(square)} is outside the 4x5 construction site", "dig.adjacent")
    return _dig_problem(occupancy(grid), r, c)


@lru_cache(maxsize=1 << 16)
def _diggable(mask: int) -> tuple[tuple[int, int], ...]:
    return tuple(sq for sq in squares() if _dig_problem(mask, *sq) is None)


def diggable(grid: Grid) -> list[tuple[int, int]]:
    """The squares a tunnel can be dug on now, row by row."""
    return list(_diggable(occupancy(grid)))


def room_problem(
    grid: Grid, square: tuple[int, int], allowed: list[tuple[int, int]] | None, room_name: str
) -> tuple[str, str, str] | None:
    """Why ``room_name`` cannot replace the tile on ``square``, or None if it can."""
    r, c = square
    if not inside(r, c):
        return ("ROOM_OUTSIDE_SITE", f"square {list(square)} is outside the construction site", "room.on_tunnel")
    cell = grid[r][c]
    if cell is None or cell.kind != "tunnel":
        return ("ROOM_NEEDS_TUNNEL", f"a room replaces a tunnel; square {list(square)} has none", "room.on_tunnel")
    if cell.conquered:
        return ("ROOM_ON_CONQUERED", f"the tunnel on {list(square)} is conquered", "room.on_tunnel")
    if allowed is not None and (r, c) not in allowed:
        return (
            "ROOM_OUTSIDE_ZONE",
            f"{room_name} must be built in its zone; {list(square)} is outside it",
            "room.zone",
        )
    for nr, nc in neighbours(r, c):
        other = grid[nr][nc]
        if other is not None and other.kind == "room":
            return ("ROOM_ADJACENT_ROOM", f"{list(square)} is next to the room on {[nr, nc]}", "room.not_adjacent")
    return None


def render(grid: Grid, room_names: dict[str, str] | None = None) -> str:
    """A text drawing: ``#`` tunnel, a letter for a room, lower case when conquered, ``.`` empty."""
    lines = ["    " + " " * (2 * ENTRANCE[1]) + "v"]
    for r in range(GRID_ROWS):
        row = []
        for c in range(GRID_COLS):
            cell = grid[r][c]
            if cell is None:
                row.append(".")
            elif cell.kind == "tunnel":
                row.append("x" if cell.conquered else "#")
            else:
                letter = (room_names or {}).get(cell.room or "", "R")[0].upper()
                row.append(letter.lower() if cell.conquered else letter)
        lines.append(f"  {r} " + " ".join(row))
    return "\n".join(lines)
