"""One self-contained HTML page with the answers to every named question.

    from analytics.report import write_report
    write_report(con, "report.html")              # all player counts
    write_report(con, "report-4p.html", players=4)

The page has no external files, fonts, scripts or CDN links: the CSS is inline and the two headline
charts (win rate by strategy with its 95% confidence interval, paladin frequency) are SVG drawn here.
Every question also gets a table; the footer says how many games and events the read models hold.
Rates and shares are printed as percentages with one decimal, other fractional numbers with two.
"""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any

from . import HEADLINES, QUESTIONS, run_question

__all__ = ["render_report", "write_report", "format_cell", "is_rate_column"]

CSS = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #222; margin: 2rem auto;
       max-width: 70rem; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { font-size: 1.2rem; margin-top: 2.2rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; }
h2 code { font-size: .85rem; color: #777; font-weight: normal; }
p.answers { margin: .3rem 0; }
p.grain { margin: .1rem 0 .6rem; color: #666; font-size: .9rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid #eee; }
th { text-align: left; background: #f6f6f6; font-weight: 600; }
td.num { text-align: right; }
td.null { color: #aaa; text-align: center; }
svg { display: block; margin: .6rem 0; max-width: 100%; height: auto; }
footer { margin-top: 3rem; padding-top: .6rem; border-top: 1px solid #ddd; color: #666; font-size: .9rem; }
"""


BLUE, RED = "#4a78b5", "#c8553d"
SVG_FONT = 'font-family="system-ui, sans-serif" font-size="12" fill="#333"'


def is_rate_column(name: str) -> bool:
    """Columns holding a share in [0, 1], printed as percentages."""
    return (
        name in ("win_rate", "ci_low", "ci_high", "fair_share") or name.endswith("_share") or name.startswith("share_")
    )


def format_cell(column: str, value: Any) -> str:
    """The text shown for one value: '' for NULL, '33.3%' for rates, '1.25' for other fractions."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if is_rate_column(column):
            return f"{100 * value:.1f}%"
        return f"{value:.2f}"
    return str(value)


def _table(columns: list[str], rows: list[tuple], question: str) -> str:
    if not rows:
        return '<p class="grain">No data.</p>'
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = []
    for row in rows:
        cells = []
        for c, v in zip(columns, row):
            numeric = isinstance(v, int | float) and not isinstance(v, bool)
            cls = ' class="null"' if v is None else (' class="num"' if numeric else "")
            cells.append(f"<td{cls}>{html.escape(format_cell(c, v))}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f'<table id="table-{question}"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


def _no_data_svg(chart_id: str, title: str) -> str:
    return (
        f'<svg id="{chart_id}" xmlns="http://www.w3.org/2000/svg" width="640" height="60" '
        f'viewBox="0 0 640 60" role="img" aria-label="{html.escape(title)}" {SVG_FONT}>'
        f'<text x="10" y="35">{html.escape(title)}: no finished games yet.</text></svg>'
    )


def win_rate_svg(columns: list[str], rows: list[tuple]) -> str:
    """Horizontal bars of the win rate per strategy, with 95% Wilson interval whiskers."""
    chart_id, title = "chart-win_rate_by_strategy", "Win rate by strategy (95% Wilson interval)"
    if not rows:
        return _no_data_svg(chart_id, title)
    ix = {c: i for i, c in enumerate(columns)}
    left, plot_w, bar_h, gap, top = 130, 420, 20, 10, 30
    width = left + plot_w + 150
    height = top + len(rows) * (bar_h + gap) + 30

    def x(rate: float) -> float:
        return left + plot_w * max(0.0, min(1.0, rate))

    parts = [
        f'<svg id="{chart_id}" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(title)}" {SVG_FONT}>',
        f"<title>{html.escape(title)}</title>",
        f'<text x="{left}" y="16" font-weight="600">{html.escape(title)}</text>',
    ]
    axis_y = top + len(rows) * (bar_h + gap)
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        tx = x(tick)
        parts.append(
            f'<line stroke="#e6e6e6" stroke-width="1" x1="{tx:.1f}" y1="{top - 4}" x2="{tx:.1f}" y2="{axis_y}"/>'
        )
        parts.append(f'<text x="{tx:.1f}" y="{axis_y + 16}" text-anchor="middle">{int(tick * 100)}%</text>')
    parts.append(f'<line stroke="#999" stroke-width="1" x1="{left}" y1="{axis_y}" x2="{left + plot_w}" y2="{axis_y}"/>')
    for k, row in enumerate(rows):
        y = top + k * (bar_h + gap)
        rate, lo, hi = row[ix["win_rate"]], row[ix["ci_low"]], row[ix["ci_high"]]
        label = html.escape(str(row[ix["strategy"]]))
        tip = (
            f"{row[ix['strategy']]}: {row[ix['wins']]} wins in {row[ix['games']]} games, "
            f"{format_cell('win_rate', rate)} (95% CI {format_cell('ci_low', lo)} to {format_cell('ci_high', hi)})"
        )
        parts.append(f'<text x="{left - 8}" y="{y + bar_h * 0.7:.1f}" text-anchor="end">{label}</text>')
        parts.append(
            f'<rect fill="{BLUE}" x="{left}" y="{y}" width="{x(rate) - left:.1f}" height="{bar_h}">'
            f"<title>{html.escape(tip)}</title></rect>"
        )
        mid = y + bar_h / 2
        parts.append(
            f'<line stroke="#222" stroke-width="1.5" x1="{x(lo):.1f}" y1="{mid}" x2="{x(hi):.1f}" y2="{mid}"/>'
        )
        for edge in (lo, hi):
            parts.append(
                f'<line stroke="#222" stroke-width="1.5" x1="{x(edge):.1f}" y1="{y + 4}" '
                f'x2="{x(edge):.1f}" y2="{y + bar_h - 4}"/>'
            )
        parts.append(
            f'<text x="{left + plot_w + 8}" y="{y + bar_h * 0.7:.1f}">'
            f"{format_cell('win_rate', rate)} ({row[ix['wins']]}/{row[ix['games']]})</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def paladin_svg(columns: list[str], rows: list[tuple]) -> str:
    """Paired vertical bars per (Year, player count): share of games the paladin arrived / was captured."""
    chart_id, title = "chart-paladin_frequency", "Paladin: share of games in which he set out, and was captured"
    if not rows:
        return _no_data_svg(chart_id, title)
    ix = {c: i for i, c in enumerate(columns)}
    left, top, plot_h, group_w, bar_w = 50, 56, 200, 110, 40
    width = max(left + len(rows) * group_w + 20, 480)
    height = top + plot_h + 46

    def y(share: float) -> float:
        return top + plot_h * (1 - max(0.0, min(1.0, share)))

    parts = [
        f'<svg id="{chart_id}" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(title)}" {SVG_FONT}>',
        f"<title>{html.escape(title)}</title>",
        f'<text x="{left}" y="16" font-weight="600">{html.escape(title)}</text>',
        f'<rect fill="{BLUE}" x="{left}" y="26" width="10" height="10"/><text x="{left + 14}" y="35">arrived</text>',
        f'<rect fill="{RED}" x="{left + 80}" y="26" width="10" height="10"/>'
        f'<text x="{left + 94}" y="35">captured</text>',
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        ty = y(tick)
        parts.append(
            f'<line stroke="#e6e6e6" stroke-width="1" x1="{left}" y1="{ty:.1f}" x2="{width - 10}" y2="{ty:.1f}"/>'
        )
        parts.append(f'<text x="{left - 6}" y="{ty + 4:.1f}" text-anchor="end">{int(tick * 100)}%</text>')
    parts.append(
        f'<line stroke="#999" stroke-width="1" x1="{left}" y1="{top + plot_h}" x2="{width - 10}" y2="{top + plot_h}"/>'
    )
    for k, row in enumerate(rows):
        gx = left + 14 + k * group_w
        arrived, captured = row[ix["arrived_share"]] or 0.0, row[ix["captured_share"]] or 0.0
        for j, (share, colour, what) in enumerate(((arrived, BLUE, "arrived"), (captured, RED, "captured"))):
            bx = gx + j * bar_w
            tip = (
                f"Year {row[ix['year']]}, {row[ix['players']]} players: {what} in "
                f"{format_cell('arrived_share', share)} of {row[ix['games']]} games"
            )
            parts.append(
                f'<rect fill="{colour}" x="{bx}" y="{y(share):.1f}" width="{bar_w - 4}" '
                f'height="{top + plot_h - y(share):.1f}"><title>{html.escape(tip)}</title></rect>'
            )
            parts.append(
                f'<text x="{bx + (bar_w - 4) / 2:.1f}" y="{y(share) - 4:.1f}" text-anchor="middle" '
                f'font-size="10">{100 * share:.0f}%</text>'
            )
        parts.append(
            f'<text x="{gx + bar_w - 2}" y="{top + plot_h + 16}" text-anchor="middle">'
            f"Year {row[ix['year']]} · {row[ix['players']]}p</text>"
        )
        parts.append(
            f'<text x="{gx + bar_w - 2}" y="{top + plot_h + 30}" text-anchor="middle" font-size="10">'
            f"{row[ix['games']]} games</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


CHARTS = {"win_rate_by_strategy": win_rate_svg, "paladin_frequency": paladin_svg}


def _coverage(con) -> tuple[int, int, int]:
    games, finished = con.execute("SELECT count(*), count(*) FILTER (WHERE finished) FROM games").fetchone()
    (events,) = con.execute("SELECT count(*) FROM events").fetchone()
    return games, finished or 0, events


def render_report(con, players: int | None = None) -> str:
    """The report page as a string (see :func:`write_report`)."""
    games, finished, events = _coverage(con)
    scope = "all player counts" if players is None else f"{players}-player games only"
    sections = []
    for name in [*HEADLINES, *(n for n in QUESTIONS if n not in HEADLINES)]:
        q = QUESTIONS[name]
        if q.game not in ("common", "dungeon_lords"):
            continue  # the page is Dungeon Lords' (a Monster Inn page is still to come)
        scoped = {"game": "dungeon_lords"} if any(p.name == "game" for p in q.parameters) else {}
        columns, rows = run_question(con, name, players=players, **scoped)
        chart = CHARTS[name](columns, rows) if name in CHARTS else ""
        sections.append(
            f'<section id="q-{name}"><h2>{html.escape(name.replace("_", " ").capitalize())} '
            f"<code>{html.escape(name)}</code></h2>"
            f'<p class="answers">{html.escape(q.description)}</p>'
            f'<p class="grain">One row: {html.escape(q.grain)}.</p>'
            f"{chart}{_table(columns, rows, name)}</section>"
        )
    sections += _monster_inn_sections(con, players)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Dungeon Lords analytics</title><style>{CSS}</style></head><body>"
        f'<h1>Dungeon Lords analytics</h1><p class="grain">Finished games, {html.escape(scope)}.</p>'
        + "".join(sections)
        + f'<footer id="coverage">This report covers {games} games ({finished} finished) and {events} events.'
        "</footer></body></html>\n"
    )


def _monster_inn_sections(con, players: int | None) -> list[str]:
    """Monster Inn's part of the page (its own questions and the common ones asked of its games), when the
    read models hold finished Monster Inn games; tables only, their ids prefixed ``mi-``."""
    (count,) = con.execute("SELECT count(*) FROM games WHERE game = 'monster_inn' AND finished").fetchone()
    if not count:
        return []
    out = [f'<h1 id="monster-inn">Monster Inn</h1><p class="grain">{count} finished games.</p>']
    for name, q in QUESTIONS.items():
        if q.game not in ("common", "monster_inn"):
            continue
        scoped = {"game": "monster_inn"} if any(p.name == "game" for p in q.parameters) else {}
        columns, rows = run_question(con, name, players=players, **scoped)
        out.append(
            f'<section id="q-mi-{name}"><h2>{html.escape(name.replace("_", " ").capitalize())} '
            f"<code>{html.escape(name)}</code></h2>"
            f'<p class="answers">{html.escape(q.description)}</p>'
            f"{_table(columns, rows, 'mi-' + name)}</section>"
        )
    return out


def write_report(con, path, players: int | None = None) -> Path:
    """Write the report for the read models in ``con`` to ``path`` (one HTML file) and return the path.

    Args:
        con: a DuckDB connection holding the read models (``projections.schema``); only read.
        path: where to write the page; its folder must exist.
        players: restrict every question to games with this many players; ``None`` = all.
    """
    out = Path(path)
    out.write_text(render_report(con, players=players), encoding="utf-8")
    return out
