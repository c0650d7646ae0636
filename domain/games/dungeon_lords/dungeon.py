"""The construction site: a 4x5 grid of squares, row 0 nearest the surface.

Pure functions over ``Player.dungeon`` used by digging, room building, production and
(later) combat. Rules: Rulebook › Dig Tunnels, › Build Room.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from domain.kernel.errors import N_

from .game_info import GRID_COLS, GRID_ROWS
from .state import Cell

Grid = list[list[Cell | None]]
ENTRANCE = (0, 2)  # the stairs from the surface end above row 0, column 2
ALL = (1 << GRID_ROWS * GRID_COLS) - 1  # every square, as a mask (see occupancy)


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


COLUMNS = "ABCDEFGH"[:GRID_COLS]  # a square is named by its column letter, then its row number: "C1"


def label(square: Sequence[int]) -> str:
    """A square's name as the page, the CLI diagram and option texts print it: column letter A.. from the
    left, row number 1.. from the surface (``(0, 2)`` -> ``"C1"``, the entrance's square). A rented room's
    place on Festival Season's shelf (row -1) reads ``"shelf 1"``."""
    r, c = square[0], square[1]
    if r < 0:
        return f"shelf {c + 1}"
    return f"{COLUMNS[c]}{r + 1}" if 0 <= c < GRID_COLS else f"[{r}, {c}]"


def parse_label(text: str) -> tuple[int, int]:
    """The (row, column) of a square named as :func:`label` prints it ("B2", "b2"; "shelf 1").

    Raises:
        ValueError: ``text`` names no square of the site (the message says the convention).
    """
    t = text.strip().upper()
    if t.startswith("SHELF") and t[5:].strip().isdigit() and int(t[5:]) >= 1:
        return (-1, int(t[5:]) - 1)
    if len(t) >= 2 and t[0] in COLUMNS and t[1:].isdigit() and 1 <= int(t[1:]) <= GRID_ROWS:
        return (int(t[1:]) - 1, COLUMNS.index(t[0]))
    raise ValueError(f"{text!r} is not a square: a column A-{COLUMNS[-1]} and a row 1-{GRID_ROWS}, such as B2")


def key(square: tuple[int, int]) -> str:
    return f"{square[0]},{square[1]}"


def tiles(grid: Grid) -> Iterator[tuple[int, int, Cell]]:
    """Each tile as (row, column, cell), row by row (the grid's rows are the site's: see :func:`squares`)."""
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell is not None:
                yield r, c, cell


def count_tiles(grid: Grid) -> int:
    return occupancy(grid).bit_count()


def unconquered_tunnels(grid: Grid) -> list[tuple[int, int]]:
    return [(r, c) for r, c, cell in tiles(grid) if cell.kind == "tunnel" and not cell.conquered]


def count_unconquered_tunnels(grid: Grid) -> int:
    """``len(unconquered_tunnels(grid))`` without listing them (the Mine Gold permit and the bots ask it often)."""
    n = 0
    for row in grid:
        for cell in row:
            if cell is not None and cell.kind == "tunnel" and not cell.conquered:
                n += 1
    return n


def _mask(grid: Grid, conquered_only: bool) -> int:
    # Bit r * GRID_COLS + c is the (r * GRID_COLS + c)-th cell of the rows read in order: a running bit.
    mask, bit = 0, 1
    for row in grid:
        for cell in row:
            if cell is not None and (not conquered_only or cell.conquered):
                mask |= bit
            bit <<= 1
    return mask


def occupancy(grid: Grid) -> int:
    """The squares holding a tile, as a bitmask (bit ``r * GRID_COLS + c``): all the digging rules see."""
    return _mask(grid, conquered_only=False)


def conquered_mask(grid: Grid) -> int:
    """The conquered tiles, as a bitmask like :func:`occupancy`'s."""
    return _mask(grid, conquered_only=True)


def tile_masks(grid: Grid) -> tuple[int, int]:
    """(tiles, conquered tiles) as bitmasks like :func:`occupancy`'s, in one pass."""
    occupied = conquered = 0
    bit = 1
    for row in grid:
        for cell in row:
            if cell is not None:
                occupied |= bit
                if cell.conquered:
                    conquered |= bit
            bit <<= 1
    return occupied, conquered


def site_masks(grid: Grid) -> tuple[int, int, int]:
    """(tiles, unconquered tunnels, rooms) as bitmasks like :func:`occupancy`'s, in one pass: what the
    room rules see (:func:`room_sites`, :func:`room_fits`)."""
    occupied = tunnels = rooms = 0
    bit = 1
    for row in grid:
        for cell in row:
            if cell is not None:
                occupied |= bit
                if cell.kind == "room":
                    rooms |= bit
                elif cell.kind == "tunnel" and not cell.conquered:
                    tunnels |= bit
            bit <<= 1
    return occupied, tunnels, rooms


def bit(square: Sequence[int]) -> int:
    """The bit of ``square`` in the masks above."""
    return 1 << (square[0] * GRID_COLS + square[1])


def squares_mask(squares: Iterable[Sequence[int]]) -> int:
    """The squares ``[(r, c), ...]`` inside the site, as a mask."""
    return sum(bit((r, c)) for r, c in set(map(tuple, squares)) if inside(r, c))


_COL0 = sum(1 << r * GRID_COLS for r in range(GRID_ROWS))  # the first column, as a mask
_COL_LAST = _COL0 << (GRID_COLS - 1)


def next_to(mask: int) -> int:
    """The squares next to any square of ``mask`` (shifted by a row up and down, a column left and right)."""
    return ((mask << GRID_COLS) | (mask >> GRID_COLS) | ((mask & ~_COL_LAST) << 1) | ((mask & ~_COL0) >> 1)) & ALL


def room_sites(tunnels: int, rooms: int) -> int:
    """How many unconquered tunnels (mask) a room could go on: those not next to a room (:func:`room_problem`)."""
    return (tunnels & ~next_to(rooms)).bit_count()


def room_fits(tunnels: int, rooms: int, allowed: int | None) -> bool:
    """Whether a room with zone ``allowed`` (a mask; None: anywhere) can replace one of ``tunnels``
    (unconquered tunnels, a mask) given the ``rooms``: :func:`room_problem` finds nothing on one of them."""
    return bool(tunnels & ~next_to(rooms) & (ALL if allowed is None else allowed))


@lru_cache(maxsize=1 << 16)  # a pure function of which squares hold a tile and which are conquered
def nearest_unconquered(tiles: int, conquered: int) -> tuple[tuple[int, int], ...]:
    """The unconquered tiles nearest the entrance, walking from tile to tile (the conquered ones too),
    row by row; () if the entrance holds no tile or every reachable tile is conquered. Masks as
    :func:`occupancy`'s. The walk goes a step at a time: each step's squares are the last step's
    neighbours among the tiles not reached yet, and the first step with an unconquered tile answers."""
    step = bit(ENTRANCE) & tiles
    reached = step
    while step:
        open_ = step & ~conquered
        if open_:
            return tuple(sq for i, sq in enumerate(_SQUARES) if open_ >> i & 1)
        step = next_to(step) & tiles & ~reached
        reached |= step
    return ()


def taken(mask: int, r: int, c: int) -> bool:
    """Whether square (r, c) is in ``mask`` (see :func:`occupancy`)."""
    return bool(mask >> (r * GRID_COLS + c) & 1)


#: every 2x2 block of the site as a mask, and the blocks each square (by its bit's index) is in
_BLOCKS = [
    bit((r, c)) | bit((r + 1, c)) | bit((r, c + 1)) | bit((r + 1, c + 1))
    for r in range(GRID_ROWS - 1)
    for c in range(GRID_COLS - 1)
]
_BLOCKS_OF = [[b for b in _BLOCKS if b >> i & 1] for i in range(GRID_ROWS * GRID_COLS)]
_SQUARES = list(squares())  # by bit index


def _fills_2x2(mask: int, r: int, c: int) -> bool:
    i = r * GRID_COLS + c
    mask |= 1 << i
    for b in _BLOCKS_OF[i]:
        if mask & b == b:
            return True
    return False


def fills_2x2(grid: Grid, r: int, c: int) -> bool:
    """Would building on (r, c) complete a filled 2x2 block?"""
    return _fills_2x2(occupancy(grid), r, c)


def _dig_problem(mask: int, r: int, c: int) -> tuple[str, str, str, dict[str, object]] | None:
    if diggable_mask(mask) >> (r * GRID_COLS + c) & 1:
        return None  # the usual question, answered for the whole site at once (and remembered)
    return dig_rules(mask, r, c)


def dig_rules(mask: int, r: int, c: int) -> tuple[str, str, str, dict[str, object]] | None:
    """The digging rules square by square, the first broken one as ``(code, message, rule_id)``, given the
    tiles (a mask): the square is free, next to a tile, and not the last free square of a 2x2 block."""
    square = [r, c]
    b = 1 << (r * GRID_COLS + c)
    if mask & b:
        return ("DIG_SQUARE_TAKEN", N_("square {square} already holds a tile"), "dig.adjacent", {"square": square})
    if not mask & next_to(b):
        return (
            "DIG_NOT_ADJACENT",
            N_("square {square} is not next to a tunnel or room"),
            "dig.adjacent",
            {"square": square},
        )
    if _fills_2x2(mask, r, c):
        return (
            "DIG_WOULD_FILL_2X2",
            N_("a tunnel on {square} would fill a 2x2 block"),
            "dig.no_2x2",
            {"square": square},
        )
    return None


def dig_problem(grid: Grid, square: tuple[int, int]) -> tuple[str, str, str, dict[str, object]] | None:
    """Why a tunnel cannot be dug on ``square`` as ``(code, message, rule_id)``, or None if it can."""
    r, c = square
    if not inside(r, c):
        return (
            "DIG_OUTSIDE_SITE",
            N_("square {square} is outside the 4x5 construction site"),
            "dig.adjacent",
            {"square": list(square)},
        )
    return _dig_problem(occupancy(grid), r, c)


@lru_cache(maxsize=1 << 16)
def diggable_mask(occupied: int) -> int:
    """The squares a tunnel can be dug on, given the tiles (a mask, :func:`occupancy`), as a mask: free,
    next to a tile, and not the last free square of a 2x2 block (:func:`_dig_problem`, all at once)."""
    mask = ALL & ~occupied & next_to(occupied)
    for b in _BLOCKS:
        if (occupied & b).bit_count() == 3:
            mask &= ~b
    return mask


@lru_cache(maxsize=1 << 16)  # a pure function of the occupied squares: dungeons repeat across games
def _diggable(occupied: int) -> tuple[tuple[int, int], ...]:
    mask = diggable_mask(occupied)
    return tuple(sq for i, sq in enumerate(_SQUARES) if mask >> i & 1)


def diggable_count(occupied: int) -> int:
    """How many squares a tunnel can be dug on, given the tiles (a mask)."""
    return diggable_mask(occupied).bit_count()


def diggable(grid: Grid) -> list[tuple[int, int]]:
    """The squares a tunnel can be dug on now, row by row."""
    return list(_diggable(occupancy(grid)))


def room_problem(
    grid: Grid, square: tuple[int, int], allowed: list[tuple[int, int]] | None, room_name: str
) -> tuple[str, str, str, dict[str, object]] | None:
    """Why ``room_name`` cannot replace the tile on ``square``, or None if it can."""
    r, c = square
    if not inside(r, c):
        return (
            "ROOM_OUTSIDE_SITE",
            N_("square {square} is outside the construction site"),
            "room.on_tunnel",
            {"square": list(square)},
        )
    cell = grid[r][c]
    if cell is None or cell.kind != "tunnel":
        return (
            "ROOM_NEEDS_TUNNEL",
            N_("a room replaces a tunnel; square {square} has none"),
            "room.on_tunnel",
            {"square": list(square)},
        )
    if cell.conquered:
        return (
            "ROOM_ON_CONQUERED",
            N_("the tunnel on {square} is conquered"),
            "room.on_tunnel",
            {"square": list(square)},
        )
    if allowed is not None and (r, c) not in allowed:
        return (
            "ROOM_OUTSIDE_ZONE",
            N_("{room} must be built in its zone; {square} is outside it"),
            "room.zone",
            {"room": room_name, "square": list(square)},
        )
    for nr, nc in neighbours(r, c):
        other = grid[nr][nc]
        if other is not None and other.kind == "room":
            return (
                "ROOM_ADJACENT_ROOM",
                N_("{square} is next to the room on {other}"),
                "room.not_adjacent",
                {"square": list(square), "other": [nr, nc]},
            )
    return None


def render(grid: Grid, room_names: dict[str, str] | None = None) -> str:
    """A text drawing: ``#`` tunnel, a letter for a room, lower case when conquered, ``.`` empty; columns
    lettered A.. above, rows numbered 1.. on the left (as :func:`label` names squares), ``v`` the entrance."""
    lines = ["    " + " ".join(COLUMNS), "    " + " " * (2 * ENTRANCE[1]) + "v"]
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
        lines.append(f"  {r + 1} " + " ".join(row))
    return "\n".join(lines)
