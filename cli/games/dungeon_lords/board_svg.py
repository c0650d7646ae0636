"""The table page's pictures of a Dungeon Lords game, drawn server-side as inline SVG from a seat's view only.

A dungeon is its 4x5 site with columns lettered A.. and rows numbered 1.. (``dungeon.label``: "B2"), the
entrance above C1, its tunnels, rooms and conquered squares, and below it tokens for the party at the entrance
(front first), the monsters (face down when knocked out) and the trap cards (``board_central.py``: the rest).
A square that answers the page's decision (dig, build, place, battle) is highlighted, and over it lies a real
button in a form that posts that option's command with the page's csrf field, labelled in words ("dig a
tunnel at B2"). The central board shows the action spaces with the minions on them, the Evilometer and the
season track. Nothing here reads the state: only ``view(state, seat)`` and the page's legal options.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from html import escape
from typing import Any

from markupsafe import Markup

from domain.games.dungeon_lords.dungeon import COLUMNS, ENTRANCE, label
from domain.games.dungeon_lords.game_info import GRID_COLS, GRID_ROWS

from .board_central import central_svg

CELL = 60  # one square, in SVG units (the picture scales to the page's width)
LEFT, TOP = 24, 40  # room for the row numbers, and for the column letters and the entrance
WIDTH, HEIGHT = LEFT + GRID_COLS * CELL + 4, TOP + GRID_ROWS * CELL + 4
SQUARE_FIELDS = ("square", "tile")  # a command's field naming a square of its player's own dungeon
TAPS_SHOWN = 3  # more options than this on one square: highlighted only (the buttons below answer)
CHIP, CHIPS_ROW = 58, 5  # a party member's, monster's or trap's token below the site, and how many a row

Tap = tuple[str, str]  # (the option in words, its command as JSON)
Taps = dict[str, dict[tuple[int, int], list[Tap]]]  # by player, then square


def _pct(x: float, whole: float) -> str:
    return f"{100 * x / whole:.3f}%"


def square_taps(options: Iterable[Any], describe: Callable[[Any], str]) -> Taps:
    """The options that name a square of their own player's dungeon, by player and square: ``{colour:
    {(row, column): [(words, command JSON), ...]}}`` (a rented room's shelf, row -1, is not on the site)."""
    taps: Taps = {}
    for o in options:
        data = o.model_dump(mode="json")
        for f in SQUARE_FIELDS:
            sq = data.get(f)
            if isinstance(sq, list) and len(sq) == 2 and 0 <= sq[0] < GRID_ROWS and 0 <= sq[1] < GRID_COLS:
                where = taps.setdefault(str(data.get("player")), {}).setdefault((sq[0], sq[1]), [])
                where.append((describe(o), json.dumps(data)))
                break
    return taps


def page_taps(package: Any, pending: Any, actors: list[str]) -> Taps:
    """The squares that answer a page's decision (``actors``: the seats the page enters for), by player and
    square (:func:`square_taps`); none for a draw."""
    if pending.is_chance:
        return {}
    return square_taps((o for a in actors for o in pending.options(a)), package.describe_command)


def install_board(env: Any) -> None:
    """Give a Jinja2 environment the board's pictures: ``dl_dungeon`` (:func:`dungeon_svg`) and
    ``dl_central(view)`` (:func:`central_svg` with the seasons of the view's Year plan: the game's
    ``dl_seasons`` page global, installed first)."""
    env.globals["dl_dungeon"] = dungeon_svg
    env.globals["dl_central"] = lambda v: central_svg(v, env.globals["dl_seasons"](v))


def _chips(rows: list[tuple[str, list[str]]]) -> tuple[str, int]:
    """Tokens below the site, a row per kind that has any (each named in full for a screen reader), and
    the picture's height with them."""
    out, y = [], HEIGHT + 4
    for kind, names in rows:
        for k, shown in enumerate(names):
            x, top = LEFT + (k % CHIPS_ROW) * (CHIP + 2), y + (k // CHIPS_ROW) * 22
            out.append(
                f'<g role="img" aria-label="{kind}: {escape(shown)}" class="chip-{kind}"><rect x="{x}" y="{top}" '
                f'width="{CHIP}" height="18" rx="4"/><text x="{x + CHIP / 2}" y="{top + 13}">'
                f"{escape(shown.split(' (')[0][:10])}</text></g>"
            )
        y += 22 * -(-len(names) // CHIPS_ROW)
    return "".join(out), y + 2


def _cell_picture(x: int, y: int, cell: dict[str, Any] | None, name: Callable[[Any], str]) -> tuple[str, str]:
    """One square's drawing and its words ("tunnel", "the Tool Shed, conquered", "rock")."""
    if cell is None:
        return f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" class="rock"/>', "rock"
    conquered = bool(cell.get("conquered"))
    kind = "room" if cell.get("kind") == "room" else "tunnel"
    what = f"the {name(cell.get('room'))}" if kind == "room" else "tunnel"
    if cell.get("improved"):
        what += f" ({str(cell['improved']).replace('_', ' ')})"
    words = what + (", conquered" if conquered else "")
    cls = kind + (" conquered" if conquered else "")
    art = f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" class="{cls}"/>'
    if kind == "room":
        short = escape(name(cell.get("room")))[:10]
        art += f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" class="room-name">{short}</text>'
    if conquered:  # a conquest marker: the square crossed out
        a, b = 8, CELL - 8
        art += f'<path d="M{x + a} {y + a}L{x + b} {y + b}M{x + b} {y + a}L{x + a} {y + b}" class="conquest"/>'
    return art, words


def dungeon_svg(
    player: dict[str, Any],
    name: Callable[[Any], str],
    taps: dict[tuple[int, int], list[Tap]],
    form: dict[str, Any],
) -> Markup:
    """One player's dungeon (``player``: a player of the view) as SVG, with its legal squares' buttons.

    ``name``: the page's component names; ``taps``: this player's squares that answer the
    decision (:func:`square_taps`); ``form``: what each button's form posts besides the command
    (``action`` URL, ``expected`` event number, ``csrf`` token). Returns HTML (an escaped Markup)."""
    color = escape(str(player["color"]))
    rows = [
        ("party", [name(a) for a in player.get("party", [])]),  # at the entrance, front first
        (
            "monsters",
            [name(m["id"]) + (" (face down)" * bool(m.get("knocked_out"))) for m in player.get("monsters", [])],
        ),
        ("traps", [name(t) for t in player.get("traps", [])]),
    ]
    chips, height = _chips(rows)
    parts = [f'<svg viewBox="0 0 {WIDTH} {height}" class="site-svg" role="group" aria-label="{color}\'s dungeon">']
    for c in range(GRID_COLS):
        parts.append(f'<text x="{LEFT + c * CELL + CELL / 2}" y="14" class="axis">{COLUMNS[c]}</text>')
    ex = LEFT + ENTRANCE[1] * CELL + CELL / 2
    parts.append(
        f'<path d="M{ex - 8} 22L{ex + 8} 22L{ex} {TOP - 2}Z" class="entrance"><title>the entrance</title></path>'
    )
    for r in range(GRID_ROWS):
        parts.append(f'<text x="{LEFT / 2}" y="{TOP + r * CELL + CELL / 2 + 5}" class="axis">{r + 1}</text>')
    grid = player.get("dungeon") or []
    for r in range(GRID_ROWS):
        for c in range(GRID_COLS):
            x, y = LEFT + c * CELL, TOP + r * CELL
            cell = grid[r][c] if r < len(grid) and c < len(grid[r]) else None
            art, words = _cell_picture(x, y, cell, name)
            sq, legal = label((r, c)), (r, c) in taps
            ring = f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" class="highlight"/>'
            parts.append(
                f'<g class="sq{" legal" if legal else ""}" data-square="{sq}" role="img" '
                f'aria-label="{sq}: {escape(words)}">{art}{ring if legal else ""}</g>'
            )
    parts.append(chips + "</svg>")
    overlay = []
    for (r, c), options in sorted(taps.items()):
        if len(options) > TAPS_SHOWN:
            continue
        box = (
            f"left:{_pct(LEFT + c * CELL, WIDTH)};top:{_pct(TOP + r * CELL, height)};"
            f"width:{_pct(CELL, WIDTH)};height:{_pct(CELL, height)}"
        )
        buttons = "".join(
            f'<form method="post" action="{escape(form["action"])}">'
            f'<input type="hidden" name="expected" value="{form["expected"]}">'
            f'<input type="hidden" name="csrf" value="{escape(form["csrf"])}">'
            f'<input type="hidden" name="command" value="{escape(command)}">'
            f'<button class="tap" aria-label="{escape(words)}" title="{escape(words)}" '
            f'data-command="{escape(command)}">'
            f"{label((r, c)) if len(options) == 1 else escape(words.split(' at ')[0])}</button></form>"
            for words, command in options
        )
        overlay.append(f'<div class="taps" style="{box}" data-square="{label((r, c))}">{buttons}</div>')
    return Markup(f'<div class="site" data-color="{color}">{"".join(parts)}{"".join(overlay)}</div>')
