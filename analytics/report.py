"""One self-contained HTML page with the answers to every named question.

    from analytics.report import write_report
    write_report(con, "report.html")                                   # every finished game
    write_report(con, "report-4p.html", filters={"players": 4, "rulesets": ["base"]})

The page fetches nothing: the CSS is inline and the charts are Plotly figures whose JavaScript is
written into the page once (``include_plotlyjs=True``), so it opens offline. Every question with a
quantity gets a chart (:data:`CHARTS`, read by column name, so an answer's stratum columns become colours
whichever it has), with axis titles and units, n, 95% Wilson intervals where they exist and the fair share
where the answer has one; every question also gets a table (scrolling inside its own box, so the page is
never wider than the window) (rates as percentages with one decimal, other
fractional numbers with two) and the warnings of :func:`analytics.warnings_for`. The head of the page
says which filters were applied; the footer says where the numbers come from (the store's identity, the
games counted by origin and ruleset, the engine version, the catalog hashes, when the page was made).
Once the read models hold both games, each game has its own page (a section after a page break, with
a link at the top).
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import N_, QUESTIONS, column_name, default_game, run_question, warnings_for
from .games import LABELS, labels_of

__all__ = [
    "CHARTS",
    "Chart",
    "chart_figure",
    "charts_for",
    "render_report",
    "write_report",
    "format_cell",
    "is_rate_column",
    "provenance",
    "wilson",
]


CSS = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #222; margin: 2rem auto;
       max-width: 72rem; padding: 0 1rem; }
@media (max-width: 600px) { body { margin: 1rem auto; padding: 0 .5rem; font-size: 13px; }
                            th, td { padding: .2rem .35rem; } }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { font-size: 1.2rem; margin-top: 2.2rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; }
h2 code { font-size: .85rem; color: #777; font-weight: normal; }
p.answers { margin: .3rem 0; }
p.grain { margin: .1rem 0 .6rem; color: #666; font-size: .9rem; }
ul.warnings { color: #8a4b00; background: #fff6e5; padding: .4rem 1.6rem; border-left: 3px solid #e0a030; }
/* nothing may be wider than the page (1,280 px or a 390 px phone): a wide table scrolls inside its own box,
   long names and identifiers wrap */
div.table-wrap { max-width: 100%; overflow-x: auto; margin: .5rem 0 1rem; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
h1, h2, p, li, footer, td { overflow-wrap: anywhere; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid #eee; }
th { text-align: left; background: #f6f6f6; font-weight: 600; }
td.num { text-align: right; }
td.null { color: #aaa; text-align: center; }
h3.chart-title { font-size: 1rem; margin: 1.2rem 0 .1rem; }
ul.key { margin: 0; padding-left: 1.2rem; }
div.chart { margin: .6rem 0; max-width: 100%; overflow: hidden; }
section.page { break-before: page; }
nav a { margin-right: 1rem; }
footer { margin-top: 3rem; padding-top: .6rem; border-top: 1px solid #ddd; color: #555; font-size: .9rem; }
footer table { font-size: .85rem; }
"""

# ten colours that stay apart (Tableau 10, the first five as before): a stratum's colour is not reused
# before the eleventh
COLORS = (
    "#4a78b5",
    "#c8553d",
    "#5b9a68",
    "#8a6bb1",
    "#d0a040",
    "#76b7b2",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
    "#59a14f",
)


def is_rate_column(name: str) -> bool:
    """Columns holding a share in [0, 1], printed as percentages."""
    return (
        name in ("win_rate", "ci_low", "ci_high", "fair_share", "edge", "a_ahead_share")
        or name.endswith("_share")
        or name.startswith("share_")
    )


def format_cell(column: str, value: Any, _: Callable[[str], str] | None = None) -> str:
    """The text shown for one value: '' for NULL, '33.3%' for rates, '1.25' for other fractions (``_``: the
    reader's words for yes and no)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return (_ or _same)(N_("yes") if value else N_("no"))
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if is_rate_column(column):
            return f"{100 * value:.1f}%"
        return f"{value:.2f}"
    return str(value)


def _table(columns: list[str], rows: list[tuple], table_id: str, _: Callable[[str], str] | None = None) -> str:
    _ = _ or _same
    if not rows:
        none = html.escape(_("No data."))
        return f'<p class="grain" id="table-{table_id}-empty">{none}</p>'
    if "game" in columns and len({r[columns.index("game")] for r in rows}) == 1:  # the page names its game
        keep = [i for i, c in enumerate(columns) if c != "game"]
        columns, rows = [columns[i] for i in keep], [tuple(r[i] for i in keep) for r in rows]
    # the reader's words for each column (the column itself stays as the data names it: --json, CSV)
    head = "".join(f"<th>{html.escape(column_name(c, _))}</th>" for c in columns)
    body = []
    for row in rows:
        cells = []
        for c, v in zip(columns, row):
            numeric = isinstance(v, int | float) and not isinstance(v, bool)
            cls = ' class="null"' if v is None else (' class="num"' if numeric else "")
            cells.append(f"<td{cls}>{html.escape(format_cell(c, v, _))}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    # the table scrolls inside its own box, so a wide answer never widens the page
    return (
        f'<div class="table-wrap"><table id="table-{table_id}"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


# --- charts (Plotly; the JavaScript goes into the page once) -------------------------------------------
#: the columns that say which games a row describes (a question answers per stratum unless pooled); the
#: report reads whichever of them an answer has, so a question that gains or drops one needs no change here
STRATA = ("game", "ruleset", "variant", "players")
Z = 1.959963984540054  # the questions' z for a 95% interval (analytics.WILSON_SQL)


@dataclass(frozen=True)
class Chart:
    """How to draw one quantity of a question's answer, by column name (columns it lacks are skipped).

    ``x``: the columns naming a bar (joined); ``series``: columns besides the strata that split bars into
    colours; ``n``: the column(s) summed for what the quantity rests on (shown on each bar; a share's 95%
    Wilson interval comes from it when the answer has no ``ci_low``/``ci_high`` of its own); ``share``: the
    quantity is a share in [0, 1]; ``ci``: the answer's ``ci_low``/``ci_high`` are this quantity's;
    ``melt``: these columns are the bars (a breakdown), their values the quantity."""

    measure: str
    title: str
    x_title: str
    y_title: str
    x: tuple[str, ...] = ()
    series: tuple[str, ...] = ()
    n: tuple[str, ...] = ()
    share: bool = True
    ci: bool = False
    melt: tuple[str, ...] = ()
    x_format: str = "{}"  # one x value as shown, e.g. "position {}"
    x_sep: str = " · "  # between the values of several ``x`` columns


_WIN = N_("Win rate (% of player-games)")
CHARTS: dict[str, tuple[Chart, ...]] = {
    "win_rate_by_strategy": (
        Chart(
            "win_rate",
            N_("Win rate by strategy"),
            N_("Strategy (bot, or a person's seat)"),
            _WIN,
            x=("strategy",),
            n=("games",),
            ci=True,
        ),
    ),
    "seat_advantage": (
        Chart(
            "win_rate",
            N_("Win rate by play position (0 = the starting player)"),
            N_("Play position in the First Year"),
            _WIN,
            x=("play_position",),
            n=("games",),
            ci=True,
            x_format=N_("position {}"),
        ),
    ),
    "head_to_head": (
        Chart(
            "a_ahead_share",
            N_("Head to head: how often A finishes ahead of B, of the meetings one of them won"),
            N_("Strategy A vs strategy B"),
            N_("A ahead (%)"),
            x=("strategy_a", "strategy_b"),
            x_sep=" vs ",
            n=("a_ahead", "b_ahead"),
            ci=True,
        ),
    ),
    "paladin_frequency": (
        Chart(
            "arrived_share",
            N_("Paladin: how often he arrives at a dungeon"),
            N_("Year"),
            N_("Games (%)"),
            x=("year",),
            n=("games",),
            x_format=N_("Year {}"),
        ),
        Chart(
            "captured_share",
            N_("Paladin: how often he is imprisoned"),
            N_("Year"),
            N_("Games (%)"),
            x=("year",),
            n=("games",),
            x_format=N_("Year {}"),
        ),
    ),
    "paladins_per_year": (
        Chart(
            "came_share",
            N_("Paladins: how often each comes into play"),
            N_("Year and paladin"),
            N_("Games (%)"),
            x=("year", "paladin"),
            n=("games",),
        ),
    ),
    "conquered_tiles": (
        Chart(
            "avg_per_player",
            N_("Tiles conquered in one dungeon"),
            N_("Players"),
            N_("Tiles (average per dungeon)"),
            x=("players",),
            n=("games",),
            share=False,
            x_format=N_("{} players"),
        ),
    ),
    "conquests_by_round": (
        Chart(
            "conquered_share",
            N_("Battles that conquered their tile, by Combat round"),
            N_("Year and Combat round"),
            N_("Battles (%)"),
            x=("year", "combat_round"),
            n=("battles",),
        ),
    ),
    "courage_prevented": (
        Chart(
            "courage_share",
            N_("Damage aimed that Courage tokens stopped"),
            N_("Year"),
            N_("Damage aimed (%)"),
            x=("year",),
            n=("damage", "prevented"),
            x_format=N_("Year {}"),
        ),
    ),
    "damage_by_source": (
        Chart(
            "damage_per_use",
            N_("Damage per battle, by source"),
            N_("Trap or monster"),
            N_("Damage counters per use"),
            x=("source",),
            series=("source_kind",),
            n=("uses",),
            share=False,
        ),
    ),
    "festival_prize_by_bid": (
        Chart(
            "share",
            N_("Festival: the prize a bid takes"),
            N_("Prize"),
            N_("Bids of this size (%)"),
            x=("prize",),
            series=("imps",),
            n=("bids",),
        ),
    ),
    "installed_traps": (
        Chart(
            "sprung_share",
            N_("Installed traps that sprang"),
            N_("Trap"),
            N_("Installed (%)"),
            x=("trap",),
            n=("installed",),
        ),
    ),
    "orders_by_season": (
        Chart(
            "win_rate",
            N_("Win rate of the player who played an order card"),
            N_("Order card"),
            N_("Plays (%)"),
            x=("card",),
            series=("season",),
            n=("plays",),
        ),
    ),
    "pets_by_winner": (
        Chart(
            "win_rate",
            N_("Win rate of the players who held a pet"),
            N_("Pet"),
            N_("Player-games holding it (%)"),
            x=("pet",),
            n=("held",),
        ),
    ),
    "score_breakdown": (
        Chart(
            "points",
            N_("Average score by part: winners and the others"),
            N_("Part of the score"),
            N_("Points (average per player-game)"),
            series=("outcome",),
            n=("player_games",),
            share=False,
            melt=(
                "rooms",
                "monsters",
                "prisoners",
                "conquered",
                "red_marks",
                "room_bonus",
                "titles",
                "hall_of_fame",
                "total",
            ),
        ),
    ),
    "fame_by_treasure_kept": (
        Chart(
            "avg_fame",
            N_("Fame by treasure kept"),
            N_("Treasure kept at the end (pieces)"),
            N_("Fame (average points)"),
            x=("treasure_kept",),
            n=("games",),
            share=False,
        ),
        Chart(
            "win_rate",
            N_("Win rate by treasure kept"),
            N_("Treasure kept at the end (pieces)"),
            _WIN,
            x=("treasure_kept",),
            n=("games",),
        ),
    ),
    "who_leaves_first": (
        Chart(
            "monster_share",
            N_("Creatures taken that were monsters, by leave order"),
            N_("Leave order (1 = first)"),
            N_("Creatures taken (%)"),
            x=("leave_order",),
            series=("strategy",),
            n=("takes",),
        ),
        Chart(
            "avg_pool",
            N_("Treasure taken with the creature, by leave order"),
            N_("Leave order (1 = first)"),
            N_("Treasure (average pieces)"),
            x=("leave_order",),
            series=("strategy",),
            n=("takes",),
            share=False,
        ),
    ),
}

_COUNT_NAMES = ("games", "meetings", "player_games", "plays", "takes", "uses", "bids", "battles", "held")


def charts_for(name: str, columns: list[str]) -> tuple[Chart, ...]:
    """The charts of question ``name`` whose quantity its answer has; a question not in :data:`CHARTS` gets
    one of its first share (else first fractional) column by the text columns that are not strata, so that
    a new question is charted too."""
    known = tuple(c for c in CHARTS.get(name, ()) if c.measure in columns or (c.melt and set(c.melt) & set(columns)))
    if known or name in CHARTS:
        return known
    shares = [c for c in columns if is_rate_column(c) and c not in ("ci_low", "ci_high", "fair_share", "edge")]
    measure = next(iter(shares), None) or next((c for c in columns if c.startswith(("avg_", "mean_"))), None)
    if measure is None:
        return ()
    x = tuple(c for c in columns if c not in STRATA and c != measure and not _is_number_column(c))[:2]
    n = next((c for c in _COUNT_NAMES if c in columns), None)
    return (
        Chart(
            measure,
            display_name(name),
            " · ".join(x) or N_("answer"),
            measure.replace("_", " "),
            x=x,
            n=(n,) if n else (),
            share=measure in shares,
            ci=measure == "win_rate" and "ci_low" in columns,
        ),
    )


def display_name(name: str) -> str:
    """A question's name as a heading reads it (``win_rate_by_strategy``: ``Win rate by strategy``); the
    questions' extractor puts it in the catalog (analytics/questions_i18n.py)."""
    return name.replace("_", " ").capitalize()


#: a game's own axis titles (its game.json's ``x_titles`` values), for the catalog
GAME_WORDS = (N_("Play position"),)


def _is_number_column(column: str) -> bool:
    return column in _COUNT_NAMES or column.startswith(("avg_", "min_", "max_")) or is_rate_column(column)


def wilson(successes: float, n: float) -> tuple[float, float] | tuple[None, None]:
    """The 95% Wilson score interval ``(low, high)`` of ``successes`` in ``n`` trials, as the questions'
    ``/*wilson*/`` computes it (``analytics.WILSON_SQL``); ``(None, None)`` when ``n`` is 0 or unknown."""
    if not n:
        return None, None
    p = successes / n
    half = Z * math.sqrt(p * (1 - p) * n + Z * Z / 4)
    centre = p * n + Z * Z / 2
    return max(0.0, (centre - half) / (n + Z * Z)), min(1.0, (centre + half) / (n + Z * Z))


POOLED = {
    "game": N_("games pooled"),
    "ruleset": N_("rulesets pooled"),
    "variant": N_("variants pooled"),
    "players": N_("player counts pooled"),
}


def _stratum_label(
    values: dict[str, Any], single_game: bool, aliases: dict[str, str], _: Callable[[str], str] | None = None
) -> str:
    _ = _ or _same
    parts = []
    for column, value in values.items():
        if column == "game" and single_game:
            continue
        if value is None or value == "(pooled)":
            pooled = POOLED.get(column)
            parts.append(_(pooled) if pooled else f"{column}s pooled")
        elif column == "players":
            parts.append(_(N_("{} players")).format(value))
        elif column == "imps":
            parts.append(_(N_("{} imp")).format(value) if value == 1 else _(N_("{} imps")).format(value))
        else:
            parts.append(aliases.get(str(value), str(value).replace("_", " ")))
    return ", ".join(parts) or _(N_("all games in scope"))


def ruleset_aliases(columns: list[str], rows: list[tuple], _: Callable[[str], str] | None = None) -> dict[str, str]:
    """Short names for the long rulesets of an answer (a ruleset is its modules joined with '+': a legend
    entry that long would not fit a phone): ``{'five_seasons+...': 'ruleset A'}``; the page writes the key."""
    if "ruleset" not in columns:
        return {}
    i = columns.index("ruleset")
    long = [v for v in dict.fromkeys(r[i] for r in rows) if isinstance(v, str) and len(v) > 20]
    said = (_ or _same)(N_("ruleset {letter}"))
    return {v: said.format(letter=chr(ord("A") + k)) for k, v in enumerate(long[:26])}


@dataclass(frozen=True)
class Drawn:
    """One chart as the page shows it: the Plotly figure, its title and notes (written in HTML, so that they
    wrap on a narrow screen) and the key of its short ruleset names."""

    figure: Any
    title: str
    notes: list[str]
    key: dict[str, str]


def chart_figure(
    chart: Chart, columns: list[str], rows: list[tuple], game: str | None = None, _: Callable[[str], str] | None = None
) -> Drawn:
    """A Plotly bar chart of ``chart``'s quantity in an answer (``columns``, ``rows``): a colour per stratum
    (the answer's stratum columns and ``chart.series``), n on each bar (hatched below
    :data:`analytics.MIN_GAMES`), the 95% interval where the answer has one or the quantity is a share of
    a known n, and a dash at the fair share where the answer has one. Columns the answer lacks are skipped.
    ``_``: the reader's words (titles, axes, legend, notes: a gettext lookup of the English); None: English.

    Raises:
        KeyError: the answer lacks ``chart.measure`` (and ``chart`` melts no column); see :func:`charts_for`.
    """
    import plotly.graph_objects as go
    from plotly.colors import qualitative

    from . import MIN_GAMES

    _ = _ or _same
    ix = {c: i for i, c in enumerate(columns)}
    x_cols = [c for c in chart.x if c in ix]
    strata = [c for c in (*STRATA, *chart.series) if c in ix and c not in x_cols]
    games_in = {r[ix["game"]] for r in rows} if "game" in ix else {game}
    aliases = ruleset_aliases(columns, rows, _)
    points = []  # (stratum label, x label, value, n, low, high, fair share)
    averages = False  # some interval is an average's (normal, on its standard error), not a share's (Wilson)
    for r in rows:
        label = _stratum_label({c: r[ix[c]] for c in strata}, len(games_in) <= 1, aliases, _)
        n = sum(r[ix[c]] or 0 for c in chart.n if c in ix) if chart.n else None
        fair = r[ix["fair_share"]] if "fair_share" in ix else None
        parts = [(m, r[ix[m]]) for m in chart.melt if m in ix] if chart.melt else [(None, r[ix[chart.measure]])]
        for part, value in parts:
            if part is not None:
                x = column_name(part, _).replace("_", " ")
            else:
                x = chart.x_sep.join(str(r[ix[c]]).replace("_", " ") for c in x_cols) or _(N_("all"))
                if len(x_cols) == 1:
                    x = _(chart.x_format).format(r[ix[x_cols[0]]])
            low = high = None
            own = f"{part or chart.measure}_ci_low"  # an average's interval (``/*meanci*/``), when the answer has it
            if chart.ci and "ci_low" in ix:
                low, high = r[ix["ci_low"]], r[ix["ci_high"]]
            elif own in ix:
                low, high = r[ix[own]], r[ix[own[: -len("low")] + "high"]]
                averages = True
            elif chart.share and value is not None and n:
                low, high = wilson(value * n, n)
            points.append((label, x, value, n, low, high, fair))
    scale = 100 if chart.share else 1
    categories = list(dict.fromkeys(p[1] for p in points))
    labels = list(dict.fromkeys(p[0] for p in points))
    # many bars or long names: horizontal bars, so that every name is written out in full and fits
    horizontal = len(categories) * len(labels) > 24 or max(len(c) for c in categories) > 14
    # more strata than ten colours (a stratified answer can have a dozen): Plotly's 24 dark ones, then reused
    palette = COLORS if len(labels) <= len(COLORS) else qualitative.Dark24
    fig = go.Figure()
    for k, label in enumerate(labels):
        part = [p for p in points if p[0] == label]
        values = [None if p[2] is None else scale * p[2] for p in part]
        names = [p[1] for p in part]
        has_ci = any(p[4] is not None for p in part)
        error = {
            "type": "data",
            "symmetric": False,
            "array": [None if p[5] is None or v is None else scale * p[5] - v for p, v in zip(part, values)],
            "arrayminus": [None if p[4] is None or v is None else v - scale * p[4] for p, v in zip(part, values)],
            "color": "#444",
            "thickness": 1.2,
        }
        small = [p[3] is not None and p[3] < MIN_GAMES for p in part]
        bar = {
            "name": label,
            "offsetgroup": label,
            "marker": {"color": palette[k % len(palette)], "pattern": {"shape": ["/" if s else "" for s in small]}},
            "customdata": [[p[3] if p[3] is not None else "?"] for p in part],
            "hovertemplate": ("%{y}" if horizontal else "%{x}")
            + ": %{"
            + ("x" if horizontal else "y")
            + (":.1f}%" if chart.share else ":.2f}")
            + " (n = %{customdata[0]})<extra>"
            + html.escape(label)
            + "</extra>",
            "text": [f"n={p[3]}" if p[3] is not None else "" for p in part],
            "textposition": "inside",
            "insidetextanchor": "start",
            "textfont": {"size": 10},
        }
        if has_ci:
            bar["error_x" if horizontal else "error_y"] = error
        if horizontal:
            fig.add_bar(x=values, y=names, orientation="h", **bar)
        else:
            fig.add_bar(x=names, y=values, **bar)
        fair = [None if p[6] is None else scale * p[6] for p in part]
        if any(f is not None for f in fair):
            mark = {
                "mode": "markers",
                "offsetgroup": label,
                "marker": {
                    "symbol": "line-ns-open" if horizontal else "line-ew-open",
                    "size": 16,
                    "color": "#111",
                    "line": {"width": 3},
                },
                "name": _(N_("fair share")),
                "legendgroup": "fair",
                "showlegend": k == 0,
                "hovertemplate": html.escape(_(N_("fair share")))
                + " %{"
                + ("x" if horizontal else "y")
                + ":.1f}%<extra></extra>",
            }
            if horizontal:  # (grouped along y, as the bars are: else the dashes are shifted along x)
                fig.add_scatter(x=fair, y=names, orientation="h", **mark)
            else:
                fig.add_scatter(x=names, y=fair, **mark)
    interval = any(p[4] is not None for p in points)
    notes = [
        _(N_("n in each bar where it fits, and in its tooltip")),
        _(N_("hatched: n < {least}")).format(least=MIN_GAMES),
    ]
    if interval:
        shares = any(p[4] is not None for p in points) and (chart.share or chart.ci)
        kinds = [
            k
            for k, has in (
                (_(N_("Wilson for shares")), shares),
                (_(N_("normal on the standard error for averages")), averages),
            )
            if has
        ]
        both = _(N_("95% intervals ({kinds})")).format(kinds="; ".join(kinds))
        notes.insert(0, both if averages else _(N_("95% Wilson intervals")))
    if any(p[6] is not None for p in points):
        notes.append(_(N_("dash: the fair share")))
    x_title = _(labels_of(game).x_titles.get(chart.x_title, chart.x_title) if game else chart.x_title)
    bars = len(categories) * len(labels)
    fig.update_layout(
        barmode="group",
        scattermode="group",  # each fair-share dash over its own bar
        height=min(2400, 160 + 16 * bars) if horizontal else 440,
        # the legend above the plot (it pushes the plot down as it wraps), the axis labels below: they never
        # meet; the title is the page's, above the figure
        legend={"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom", "xanchor": "left"},
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        template="plotly_white",
        font={"family": "system-ui, sans-serif", "size": 12},
        uniformtext={"minsize": 8, "mode": "hide"},
    )
    value_axis = {"title": {"text": _(chart.y_title)}, "automargin": True}
    if chart.share:
        value_axis.update(ticksuffix="%", rangemode="tozero")
    category_axis = {"title": {"text": x_title}, "automargin": True, "type": "category"}
    if horizontal:
        fig.update_xaxes(**value_axis)
        fig.update_yaxes(**category_axis, autorange="reversed")
    else:
        fig.update_xaxes(**category_axis)
        fig.update_yaxes(**value_axis)
    used = {v: a for v, a in aliases.items() if any(a in label for label in labels)}
    return Drawn(fig, _(chart.title), notes, used)


class _Scripts:
    """Writes Plotly's JavaScript into the page with the first chart only."""

    def __init__(self):
        self.done = False

    def html(self, drawn: Drawn, chart_id: str) -> str:
        out = drawn.figure.to_html(
            full_html=False,
            include_plotlyjs=not self.done,
            div_id=chart_id,
            config={"displaylogo": False, "responsive": True},
        )
        self.done = True
        key = "".join(f"<li>{html.escape(a)}: {html.escape(v)}</li>" for v, a in drawn.key.items())
        return (
            f'<h3 class="chart-title">{html.escape(drawn.title)}</h3>'
            f'<p class="grain chart-notes">{html.escape("; ".join(drawn.notes))}.</p>'
            + (f'<ul class="grain key">{key}</ul>' if key else "")
            + f'<div class="chart" data-chart="{chart_id}">{out}</div>'
        )


# --- the page ---------------------------------------------------------------------------------------
FILTER_NAMES = {
    "rulesets": N_("ruleset"),
    "variants": N_("variant"),
    "players": N_("players"),
    "origins": N_("origin"),
    "since": N_("since"),
    "until": N_("until"),
    "strategies": N_("strategy"),
    "derived": N_("people's seats by derived strategy"),
    "pooled": N_("pooled strata"),
}


def _same(text: str) -> str:
    return text


def describe_filters(filters: dict[str, Any], _: Callable[[str], str] = _same) -> str:
    """The filters in force, for people: 'players 4; ruleset base' or 'none' (``_``: its translation)."""
    parts = []
    for key, value in filters.items():
        if value is None or value is False or key == "game":
            continue
        shown = ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        parts.append(_(FILTER_NAMES.get(key, key)) + ("" if value is True else f" {shown}"))
    return "; ".join(parts) or _("none")


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
        "made_at": datetime.now(UTC),
    }


def _made(prov: dict[str, Any], lang: str) -> str:
    # when the page was made, as the reader's locale writes a date and time (English: the UTC stamp as before)
    if lang == "en" or "made_at" not in prov:
        return str(prov["when"])
    from babel.dates import format_datetime

    return str(format_datetime(prov["made_at"], format="medium", tzinfo=UTC, locale=lang)) + " UTC"


def _footer(prov: dict[str, Any], engine: str, _: Callable[[str], str] = _same, lang: str = "en") -> str:
    rows = "".join(
        f"<tr><td>{html.escape(g.replace('_', ' '))}</td><td>{html.escape(o or '')}</td>"
        f'<td>{html.escape(r or "")}</td><td class="num">{n}</td></tr>'
        for g, o, r, n in prov["games"]
    )
    total = sum(n for *_n, n in prov["games"])
    hashes = ", ".join(h[:16] for h in prov["catalog_hashes"]) or _("none")
    said = _(
        "{total} finished games that are not archived, from the event store {store}, projected up to notification "
        "{position}; engine {engine}; catalog {catalog}; made {when}."
    ).format(
        total=total,
        store=f"<code>{html.escape(str(prov['store']))}</code>",
        position=prov["position"],
        engine=html.escape(engine),
        catalog=html.escape(hashes),
        when=html.escape(_made(prov, lang)),
    )
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (_("game"), _("origin"), _("ruleset"), _("games")))
    where = html.escape(_("Where these numbers come from."))
    return (
        f'<footer id="provenance"><p><b>{where}</b> {said}</p>'
        f'<div class="table-wrap"><table id="table-provenance"><thead><tr>{head}'
        f"</tr></thead><tbody>{rows}</tbody></table></div></footer>"
    )


def _questions_of(game: str) -> list[str]:
    return [n for n, q in QUESTIONS.items() if q.game in ("common", game)]


def _section(
    con, name: str, game: str, filters: dict[str, Any], scripts: _Scripts, prefix: str, _: Callable[[str], str] = _same
) -> str:
    q = QUESTIONS[name]
    params = {k: v for k, v in filters.items() if k in q.parameter_names}
    columns, rows = run_question(con, name, **{**params, "game": game})
    notes = warnings_for(con, name, columns, rows, _, **{**params, "game": game})
    charts = charts_for(name, columns)
    chart = ""
    if charts and rows:
        chart = "".join(
            scripts.html(
                chart_figure(c, columns, rows, game, _), f"chart-{prefix}{name}" + (f"-{c.measure}" if k else "")
            )
            for k, c in enumerate(charts)
        )
    elif charts:
        none = html.escape(_("No finished games to chart."))
        chart = f'<p class="grain" id="chart-{prefix}{name}-empty">{none}</p>'
    grain = html.escape(_("One row: {grain}.").format(grain=_(q.grain)))
    warned = '<ul class="warnings">' + "".join(f"<li>{html.escape(w)}</li>" for w in notes) + "</ul>" if notes else ""
    return (
        f'<section id="q-{prefix}{name}"><h2>{html.escape(_(display_name(name)))} '
        f"<code>{html.escape(name)}</code></h2>"
        f'<p class="answers">{html.escape(_(q.description))}</p>'
        f'<p class="grain">{grain}</p>'
        f"{warned}{chart}{_table(columns, rows, prefix + name, _)}</section>"
    )


def _default_or_none(con) -> str | None:
    """The default game (:func:`analytics.default_game`), or None where the read models cannot say."""
    try:
        return default_game(con)
    except ValueError:
        return None


def render_report(
    con,
    filters: dict[str, Any] | None = None,
    engine: str = "unknown",
    games: list[str] | None = None,
    words: Callable[[str], str] | None = None,
    lang: str = "en",
    **legacy: Any,
) -> str:
    """The report page as a string (see :func:`write_report`)."""
    _ = words or _same
    filters = {**(filters or {}), **{k: v for k, v in legacy.items() if v is not None}}
    prov = provenance(con, filters)
    present = {g for g, *_ in prov["games"]}
    known = [g for g in games or [_default_or_none(con), *LABELS] if g in LABELS]  # (a game without questions: no page)
    known = list(dict.fromkeys(known))
    chosen = [g for g in known if g in present] or known[:1]
    if filters.get("game"):
        chosen = [g for g in known if g == filters["game"]]
    scripts = _Scripts()
    pages = []
    titled = [(g, LABELS[g].title) for g in chosen]
    for game, title in titled:
        prefix = LABELS[game].anchor
        sections = [_section(con, name, game, filters, scripts, prefix, _) for name in _questions_of(game)]
        counted = _("{n} finished games.").format(n=sum(n for g, *_n, n in prov["games"] if g == game))
        pages.append(
            f'<section class="page" id="page-{game.replace("_", "-")}"><h1 id="{game.replace("_", "-")}">{title}</h1>'
            f'<p class="grain">{counted}</p>' + "".join(sections) + "</section>"
        )
    nav = (
        "<nav>" + "".join(f'<a href="#{g.replace("_", "-")}">{t}</a>' for g, t in titled) + "</nav>"
        if len(titled) > 1
        else ""
    )
    title = html.escape(_("Dungeon Lords analytics"))
    return (
        f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{CSS}</style></head><body>"
        f'<header><p class="grain" id="filters">'
        + html.escape(_("Finished games that are not archived. Filters applied: {filters}.")).format(
            filters=html.escape(describe_filters(filters, _))
        )
        + f"</p>{nav}</header>"
        + "".join(pages)
        + _footer(prov, engine, _, lang)
    ) + "</body></html>\n"


def write_report(
    con,
    path,
    filters: dict[str, Any] | None = None,
    engine: str = "unknown",
    games: list[str] | None = None,
    words: Callable[[str], str] | None = None,
    lang: str = "en",
    **legacy: Any,
) -> Path:
    """Write the report for the read models in ``con`` to ``path`` (one HTML file) and return the path.

    Args:
        con: a DuckDB connection holding the read models (``projections.schema``); only read.
        path: where to write the page; its folder must exist.
        filters: the common filters (:data:`analytics.SCOPE`) and ``pooled``; e.g. ``{"players": 4}``.
        engine: the engine's version, for the footer.
        games: the games in the order of their pages, the first the one shown when the read models hold
            none (the command line passes the registry's); a game with no questions folder has no page. None:
            :func:`analytics.default_game`, then the question folders by name (:mod:`analytics.games`).
        words: the reader's language for the page's own words (a gettext lookup of each English template,
            then filled: cli/i18n.py); None: English. The questions' descriptions and grains too
            (analytics/questions_i18n.py); names and columns stay English.
        lang: the page's language code (``<html lang>``, the date's locale: Babel).
        legacy: ``players=N`` as before.
    """
    out = Path(path)
    out.write_text(render_report(con, filters, engine, games, words, lang, **legacy), encoding="utf-8")
    return out
