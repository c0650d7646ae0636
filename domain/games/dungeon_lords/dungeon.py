"""The construction site: a 4x5 grid of squares, row 0 nearest the surface.

Pure functions over ``Player.dungeon`` used by digging, room building, production and
(later) combat. Rules: Rulebook › Dig Tunnels, › Build Room.
"""

from __future__ import annotations

from collections.abc import Iterator

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
    for r, c in squares():
        cell = grid[r][c]
        if cell is not None:
            yield r, c, cell


def count_tiles(grid: Grid) -> int:
    return sum(1 for _ in tiles(grid))


def unconquered_tunnels(grid: Grid) -> list[tuple[int, int]]:
    return [(r, c) for r, c, cell in tiles(grid) if cell.kind == "tunnel" and not cell.conquered]


def fills_2x2(grid: Grid, r: int, c: int) -> bool:
    """Would building on (r, c) complete a filled 2x2 block?"""
    for r0 in (r - 1, r):
        for c0 in (c - 1, c):
            block = [(r0, c0), (r0 + 1, c0), (r0, c0 + 1), (r0 + 1, c0 + 1)]
            if all(inside(br, bc) for br, bc in block) and all(
                (br, bc) == (r, c) or grid[br][bc] is not None for br, bc in block
            ):
                return True
    return False


def dig_problem(grid: Grid, square: tuple[int, int]) -> tuple[str, str, str] | None:
    """Why a tunnel cannot be dug on ``square`` as ``(code, message, rule_id)``, or None if it can."""
    r, c = square
    if not inside(r, c):
        return ("DIG_OUTSIDE_SITE", f"square {list(square)} is outside the 4x5 construction site", "dig.adjacent")
    if grid[r][c] is not None:
        return ("DIG_SQUARE_TAKEN", f"square {list(square)} already holds a tile", "dig.adjacent")
    if not any(grid[nr][nc] is not None for nr, nc in neighbours(r, c)):
        return ("DIG_NOT_ADJACENT", f"square {list(square)} is not next to a tunnel or room", "dig.adjacent")
    if fills_2x2(grid, r, c):
        return ("DIG_WOULD_FILL_2X2", f"a tunnel on {list(square)} would fill a 2x2 block", "dig.no_2x2")
    return None


def diggable(grid: Grid) -> list[tuple[int, int]]:
    return [sq for sq in squares() if dig_problem(grid, sq) is None]


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
