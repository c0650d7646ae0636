"""The table page's pictures of a Dungeon Lords game, drawn server-side as inline SVG from a seat's view only.

A dungeon is its 4x5 site with columns lettered A.. and rows numbered 1.. (``dungeon.label``: "B2"), the
entrance above C1, its tunnels, rooms and conquered squares (the template lists monsters, traps and party).
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
from domain.games.dungeon_lords.year import plan_for

CELL = 60  # one square, in SVG units (the picture scales to the page's width)
LEFT, TOP = 24, 40  # room for the row numbers, and for the column letters and the entrance
WIDTH, HEIGHT = LEFT + GRID_COLS * CELL + 4, TOP + GRID_ROWS * CELL + 4
SQUARE_FIELDS = ("square", "tile")  # a command's field naming a square of its player's own dungeon
TAPS_SHOWN = 3  # more options than this on one square: highlighted only (the buttons below answer)

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
    square (:func:`square_taps`); none for a draw or a game other than Dungeon Lords."""
    if package.info.name != "dungeon_lords" or pending.is_chance:
        return {}
    return square_taps((o for a in actors for o in pending.options(a)), package.describe_command)


def install_board(env: Any) -> None:
    """Give a Jinja2 environment the board's pictures: ``dl_dungeon`` (:func:`dungeon_svg`) and
    ``dl_central(view)`` (:func:`central_svg` with the seasons of the view's Year plan)."""
    env.globals["dl_dungeon"] = dungeon_svg
    env.globals["dl_central"] = lambda v: central_svg(v, list(plan_for(tuple(v.get("modules", []))).seasons))


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
    parts = [f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" class="site-svg" role="group" aria-label="{color}\'s dungeon">']
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
    parts.append("</svg>")
    overlay = []
    for (r, c), options in sorted(taps.items()):
        if len(options) > TAPS_SHOWN:
            continue
        box = (
            f"left:{_pct(LEFT + c * CELL, WIDTH)};top:{_pct(TOP + r * CELL, HEIGHT)};"
            f"width:{_pct(CELL, WIDTH)};height:{_pct(CELL, HEIGHT)}"
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


def central_svg(view: dict[str, Any], seasons: list[str]) -> Markup:
    """The central board of ``view`` as SVG: each action space (I, II, III) with the minion on it, the
    Evilometer (1..15, each player's marker) and the Year's season track (the current season marked).
    ``seasons``: the Year plan's season names. Returns HTML (an escaped Markup)."""
    spaces: dict[str, list[Any]] = view.get("board", {}).get("spaces", {}) or {}
    row_h = 26
    height = 20 + row_h * len(spaces) + 96
    width = max(340, 64 + 70 * len(seasons))  # Festival Season's Year has a fifth season
    out = [f'<svg viewBox="0 0 {width} {height}" class="central-svg" role="group" aria-label="the central board">']
    out.append('<text x="4" y="14" class="heading">action spaces: I II III</text>')
    for i, (action, slots) in enumerate(spaces.items()):
        y = 20 + i * row_h
        out.append(f'<text x="4" y="{y + 17}" class="action">{escape(action.replace("_", " "))}</text>')
        for k, slot in enumerate(slots):
            roman = ("I", "II", "III")[k] if k < 3 else str(k + 1)
            cx = 220 + k * 40
            who = slot.get("color") if isinstance(slot, dict) else None
            fill = escape(str(who)) if who else "none"
            said = f"{escape(action.replace('_', ' '))} {roman}: " + (f"{fill}'s minion" if who else "free")
            out.append(
                f'<g role="img" aria-label="{said}"><circle cx="{cx}" cy="{y + 12}" r="10" class="space" '
                f'style="fill:{fill}"/><text x="{cx}" y="{y + 16}" class="roman">{roman}</text></g>'
            )
    y0 = 30 + row_h * len(spaces)
    out.append(f'<text x="4" y="{y0}" class="heading">Evilometer</text>')
    for k in range(1, 16):
        x = 4 + (k - 1) * 22
        out.append(f'<rect x="{x}" y="{y0 + 6}" width="20" height="18" class="evil{" paladin" if k == 10 else ""}"/>')
        out.append(f'<text x="{x + 10}" y="{y0 + 19}" class="num">{k}</text>')
    for j, p in enumerate(view.get("players", [])):
        evil = int(p.get("evil", 0))
        if 1 <= evil <= 15:
            color = escape(str(p["color"]))
            out.append(
                f'<circle cx="{4 + (evil - 1) * 22 + 4 + 4 * j}" cy="{y0 + 30}" r="4" style="fill:{color}">'
                f"<title>{color}: Evil {evil}</title></circle>"
            )
    y1 = y0 + 56
    out.append(f'<text x="4" y="{y1}" class="heading">Year {escape(str(view.get("year")))}</text>')
    current = view.get("season")
    for k, season in enumerate(seasons):
        x = 60 + k * 70
        now = k == current
        out.append(
            f'<g role="img" aria-label="{escape(season)}{" (now)" if now else ""}"><rect x="{x}" y="{y1 - 14}" '
            f'width="66" height="20" class="season{" now" if now else ""}"/><text x="{x + 33}" y="{y1}" '
            f'class="num">{escape(season)}</text></g>'
        )
    out.append("</svg>")
    return Markup("".join(out))
