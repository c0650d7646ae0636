"""The table page's picture of Dungeon Lords' central board, as inline SVG from a seat's view only: each
action space (I, II, III) with the minion on it, the Evilometer (1..15, each player's marker) and the Year's
season track with the current season marked."""

from __future__ import annotations

from html import escape
from typing import Any

from markupsafe import Markup


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
