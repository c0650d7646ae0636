"""One self-contained HTML page with the answers to every named question.

    from analytics.report import write_report
    write_report(con, "report.html")                                   # every finished game
    write_report(con, "report-4p.html", filters={"players": 4, "rulesets": ["base"]})

The page fetches nothing: the CSS is inline and the charts are Plotly figures whose JavaScript is
written into the page once (``include_plotlyjs=True``), so it opens offline. Every chart has axis titles
with their units; every question also gets a table (rates as percentages with one decimal, other
fractional numbers with two) and the warnings of :func:`analytics.warnings_for`. The head of the page
says which filters were applied; the footer says where the numbers come from (the store's identity, the
games counted by origin and ruleset, the engine version, the catalog hashes, when the page was made).
Once the read models hold both games, each game has its own page (a section after a page break, with
a link at the top).
"""

from __future__ import annotations

import html
import math
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import QUESTIONS, run_question, warnings_for

__all__ = ["render_report", "write_report", "format_cell", "is_rate_column", "provenance"]

GAMES = (("dungeon_lords", "Dungeon Lords"), ("monster_inn", "Monster Inn"))

CSS = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #222; margin: 2rem auto;
       max-width: 72rem; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { font-size: 1.2rem; margin-top: 2.2rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; }
h2 code { font-size: .85rem; color: #777; font-weight: normal; }
p.answers { margin: .3rem 0; }
p.grain { margin: .1rem 0 .6rem; color: #666; font-size: .9rem; }
ul.warnings { color: #8a4b00; background: #fff6e5; padding: .4rem 1.6rem; border-left: 3px solid #e0a030; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid #eee; }
th { text-align: left; background: #f6f6f6; font-weight: 600; }
td.num { text-align: right; }
td.null { color: #aaa; text-align: center; }
div.chart { margin: .6rem 0; }
section.page { break-before: page; }
nav a { margin-right: 1rem; }
footer { margin-top: 3rem; padding-top: .6rem; border-top: 1px solid #ddd; color: #555; font-size: .9rem; }
footer table { font-size: .85rem; }
"""

COLORS = ("#4a78b5", "#c8553d", "#5b9a68", "#8a6bb1", "#d0a040")


def is_rate_column(name: str) -> bool:
    """Columns holding a share in [0, 1], printed as percentages."""
    return (
        name in ("win_rate", "ci_low", "ci_high", "fair_share", "edge", "a_ahead_share")
        or name.endswith("_share")
        or name.startswith("share_")
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


def _table(columns: list[str], rows: list[tuple], table_id: str) -> str:
    if not rows:
        return f'<p class="grain" id="table-{table_id}-empty">No data.</p>'
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = []
    for row in rows:
        cells = []
        for c, v in zip(columns, row):
            numeric = isinstance(v, int | float) and not isinstance(v, bool)
            cls = ' class="null"' if v is None else (' class="num"' if numeric else "")
            cells.append(f"<td{cls}>{html.escape(format_cell(c, v))}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f'<table id="table-{table_id}"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


# --- charts (Plotly; the JavaScript goes into the page once) -------------------------------------------
def _pct(values) -> list[float | None]:
    return [None if v is None else 100 * v for v in values]


def _layout(fig, title: str, x_title: str, y_title: str, percent: bool = True) -> None:
    fig.update_layout(
        title={"text": title},
        xaxis_title=x_title,
        yaxis_title=y_title,
        barmode="group",
        height=420,
        margin={"l": 70, "r": 20, "t": 60, "b": 70},
        legend={"orientation": "h", "y": -0.22},
        template="plotly_white",
        font={"family": "system-ui, sans-serif", "size": 12},
    )
    if percent:
        fig.update_yaxes(ticksuffix="%", rangemode="tozero")


def _win_rate_figure(columns, rows):
    import plotly.graph_objects as go

    fig = go.Figure()
    ix = {c: i for i, c in enumerate(columns)}
    strata = list(dict.fromkeys((r[ix["ruleset"]], r[ix["players"]]) for r in rows))
    for k, (ruleset, players) in enumerate(strata):
        part = [r for r in rows if (r[ix["ruleset"]], r[ix["players"]]) == (ruleset, players)]
        label = "pooled" if players is None else f"{players} players" + ("" if ruleset == "base" else f" ({ruleset})")
        rate = _pct(r[ix["win_rate"]] for r in part)
        fig.add_bar(
            x=[r[ix["strategy"]] for r in part],
            y=rate,
            name=label,
            offsetgroup=label,
            marker_color=COLORS[k % len(COLORS)],
            error_y=_interval(part, rate, ix),
            customdata=[[r[ix["games"]], r[ix["wins"]]] for r in part],
            hovertemplate="%{x}: %{y:.1f}% (%{customdata[1]} wins in %{customdata[0]} games)<extra>"
            + label
            + "</extra>",
        )
        fig.add_scatter(
            x=[r[ix["strategy"]] for r in part],
            y=_pct(r[ix["fair_share"]] for r in part),
            mode="markers",
            offsetgroup=label,
            marker={"symbol": "line-ew-open", "size": 28, "color": "#222", "line": {"width": 3}},
            name="fair share (1/players)",
            legendgroup="fair",
            showlegend=k == 0,
            hovertemplate="fair share %{y:.1f}%<extra></extra>",
        )
    _layout(
        fig,
        "Win rate by strategy, with 95% Wilson intervals (dash: the fair share 1/players)",
        "Strategy (bot, or a person's seat)",
        "Win rate (% of player-games)",
    )
    fig.update_layout(scattermode="group")  # each fair-share dash over its own bar
    return fig


def _interval(part, rate, ix) -> dict:
    """Plotly's error bars for rows' Wilson intervals (``ci_low``, ``ci_high``) around ``rate`` (in %)."""
    return {
        "type": "data",
        "symmetric": False,
        "array": [100 * r[ix["ci_high"]] - y for r, y in zip(part, rate)],
        "arrayminus": [y - 100 * r[ix["ci_low"]] for r, y in zip(part, rate)],
    }


def _seat_figure(columns, rows):
    import plotly.graph_objects as go

    fig = go.Figure()
    ix = {c: i for i, c in enumerate(columns)}
    for k, stratum in enumerate(dict.fromkeys((r[ix["ruleset"]], r[ix["players"]]) for r in rows)):
        part = [r for r in rows if (r[ix["ruleset"]], r[ix["players"]]) == stratum]
        label = f"{stratum[1]} players" + ("" if stratum[0] == "base" else f" ({stratum[0]})")
        rate = _pct(r[ix["win_rate"]] for r in part)
        fig.add_bar(
            x=[f"position {r[ix['play_position']]}" for r in part],
            y=rate,
            name=label,
            marker_color=COLORS[k % len(COLORS)],
            error_y=_interval(part, rate, ix),
        )
    _layout(
        fig,
        "Win rate by play position (0 = the First Year's starting player), 95% Wilson intervals",
        "Play position in the First Year",
        "Win rate (% of player-games)",
    )
    return fig


def _paladin_figure(columns, rows):
    import plotly.graph_objects as go

    ix = {c: i for i, c in enumerate(columns)}
    x = [f"Year {r[ix['year']]}, {r[ix['players']]} players ({r[ix['games']]} games)" for r in rows]
    fig = go.Figure()
    fig.add_bar(x=x, y=_pct(r[ix["arrived_share"]] for r in rows), name="the paladin arrived", marker_color=COLORS[0])
    fig.add_bar(x=x, y=_pct(r[ix["captured_share"]] for r in rows), name="he was imprisoned", marker_color=COLORS[1])
    _layout(fig, "Paladin: how often he sets out, and is caught", "Year and player count", "Share of games (%)")
    return fig


def _fame_figure(columns, rows):
    import plotly.graph_objects as go

    ix = {c: i for i, c in enumerate(columns)}
    fig = go.Figure()
    fig.add_scatter(
        x=[r[ix["treasure_kept"]] for r in rows],
        y=[r[ix["avg_fame"]] for r in rows],
        mode="lines+markers",
        name="average Fame",
        marker_color=COLORS[0],
    )
    _layout(fig, "Fame by treasure kept", "Treasure kept at the end (pieces)", "Average Fame (points)", percent=False)
    return fig


CHARTS = {
    "win_rate_by_strategy": _win_rate_figure,
    "seat_advantage": _seat_figure,
    "paladin_frequency": _paladin_figure,
    "fame_by_treasure_kept": _fame_figure,
}


class _Scripts:
    """Writes Plotly's JavaScript into the page with the first chart only."""

    def __init__(self):
        self.done = False

    def html(self, fig, chart_id: str) -> str:
        out = fig.to_html(
            full_html=False,
            include_plotlyjs=not self.done,
            div_id=chart_id,
            config={"displaylogo": False, "responsive": True},
        )
        self.done = True
        return f'<div class="chart" data-chart="{chart_id}">{out}</div>'


# --- the page ---------------------------------------------------------------------------------------
FILTER_NAMES = {
    "rulesets": "ruleset",
    "variants": "variant",
    "players": "players",
    "origins": "origin",
    "since": "since",
    "until": "until",
    "strategies": "strategy",
    "derived": "people's seats by derived strategy",
    "pooled": "pooled strata",
}


def describe_filters(filters: dict[str, Any]) -> str:
    """The filters in force, for people: 'players 4; ruleset base' or 'none'."""
    parts = []
    for key, value in filters.items():
        if value is None or value is False or key == "game":
            continue
        shown = ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        parts.append(FILTER_NAMES.get(key, key) + ("" if value is True else f" {shown}"))
    return "; ".join(parts) or "none"


def provenance(con, filters: dict[str, Any] | None = None) -> dict[str, Any]:
    """Where the numbers come from: the store's identity (the one the read models were projected from), the
    projection's position, the finished non-archived games in scope by game, origin and ruleset, the catalog
    hashes they were played with, and when."""
    from . import expand

    filters = {k: v for k, v in (filters or {}).items() if k not in ("pooled", "game")}
    params = {p: filters.get(p) for p in ("rulesets", "variants", "players", "origins", "since", "until")}
    params.update(strategies=filters.get("strategies"), derived=filters.get("derived"), game=None)
    tables = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    store = con.execute("SELECT store_id FROM projection_store").fetchall() if "projection_store" in tables else []
    position = con.execute("SELECT max(position) FROM projection_tracking").fetchall()[0][0]
    counts = con.execute(
        expand(
            "SELECT g.game, g.origin, g.ruleset, count(*) FROM games AS g WHERE TRUE /*scope g*/ "
            "GROUP BY ALL ORDER BY ALL"
        ),
        params,
    ).fetchall()
    hashes = con.execute(
        expand("SELECT DISTINCT g.catalog_hash FROM games AS g WHERE TRUE /*scope g*/ ORDER BY 1"), params
    ).fetchall()
    return {
        "store": store[0][0] if store else "(not recorded)",
        "position": position or 0,
        "games": counts,
        "catalog_hashes": [h[0] for h in hashes if h[0]],
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def _footer(prov: dict[str, Any], engine: str) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(g.replace('_', ' '))}</td><td>{html.escape(o or '')}</td>"
        f'<td>{html.escape(r or "")}</td><td class="num">{n}</td></tr>'
        for g, o, r, n in prov["games"]
    )
    total = sum(n for *_, n in prov["games"])
    hashes = ", ".join(h[:16] for h in prov["catalog_hashes"]) or "none"
    return (
        '<footer id="provenance"><p><b>Where these numbers come from.</b> '
        f"{total} finished games that are not archived, from the event store "
        f"<code>{html.escape(str(prov['store']))}</code>, projected up to notification {prov['position']}; "
        f"engine {html.escape(engine)}; catalog {html.escape(hashes)}; made {html.escape(prov['when'])}.</p>"
        '<table id="table-provenance"><thead><tr><th>game</th><th>origin</th><th>ruleset</th><th>games</th>'
        f"</tr></thead><tbody>{rows}</tbody></table></footer>"
    )


def _questions_of(game: str) -> list[str]:
    return [n for n, q in QUESTIONS.items() if q.game in ("common", game)]


def _section(con, name: str, game: str, filters: dict[str, Any], scripts: _Scripts, prefix: str) -> str:
    q = QUESTIONS[name]
    params = {k: v for k, v in filters.items() if k in q.parameter_names}
    columns, rows = run_question(con, name, **{**params, "game": game})
    notes = warnings_for(con, name, columns, rows, **{**params, "game": game})
    chart = ""
    if name in CHARTS and rows:
        chart = scripts.html(CHARTS[name](columns, rows), f"chart-{prefix}{name}")
    elif name in CHARTS:
        chart = f'<p class="grain" id="chart-{prefix}{name}-empty">No finished games to chart.</p>'
    warned = '<ul class="warnings">' + "".join(f"<li>{html.escape(w)}</li>" for w in notes) + "</ul>" if notes else ""
    return (
        f'<section id="q-{prefix}{name}"><h2>{html.escape(name.replace("_", " ").capitalize())} '
        f"<code>{html.escape(name)}</code></h2>"
        f'<p class="answers">{html.escape(q.description)}</p>'
        f'<p class="grain">One row: {html.escape(q.grain)}.</p>'
        f"{warned}{chart}{_table(columns, rows, prefix + name)}</section>"
    )


def render_report(con, filters: dict[str, Any] | None = None, engine: str = "unknown", **legacy: Any) -> str:
    """The report page as a string (see :func:`write_report`)."""
    filters = {**(filters or {}), **{k: v for k, v in legacy.items() if v is not None}}
    prov = provenance(con, filters)
    present = {g for g, *_ in prov["games"]}
    games = [(g, title) for g, title in GAMES if g in present] or [GAMES[0]]
    if filters.get("game"):
        games = [(g, t) for g, t in GAMES if g == filters["game"]]
    scripts = _Scripts()
    pages = []
    for game, title in games:
        prefix = "mi-" if game == "monster_inn" else ""
        sections = [_section(con, name, game, filters, scripts, prefix) for name in _questions_of(game)]
        pages.append(
            f'<section class="page" id="page-{game.replace("_", "-")}"><h1 id="{game.replace("_", "-")}">{title}</h1>'
            f'<p class="grain">{sum(n for g, _, _, n in prov["games"] if g == game)} finished games.</p>'
            + "".join(sections)
            + "</section>"
        )
    nav = (
        "<nav>" + "".join(f'<a href="#{g.replace("_", "-")}">{t}</a>' for g, t in games) + "</nav>"
        if len(games) > 1
        else ""
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Dungeon Lords analytics</title><style>{CSS}</style></head><body>"
        f'<header><p class="grain" id="filters">Finished games that are not archived. Filters applied: '
        f"{html.escape(describe_filters(filters))}.</p>{nav}</header>" + "".join(pages) + _footer(prov, engine)
    ) + "</body></html>\n"


def write_report(con, path, filters: dict[str, Any] | None = None, engine: str = "unknown", **legacy: Any) -> Path:
    """Write the report for the read models in ``con`` to ``path`` (one HTML file) and return the path.

    Args:
        con: a DuckDB connection holding the read models (``projections.schema``); only read.
        path: where to write the page; its folder must exist.
        filters: the common filters (:data:`analytics.SCOPE`) and ``pooled``; e.g. ``{"players": 4}``.
        engine: the engine's version, for the footer.
        legacy: ``players=N`` as before.
    """
    out = Path(path)
    out.write_text(render_report(con, filters, engine, **legacy), encoding="utf-8")
    return out
