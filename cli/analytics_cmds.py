"""The analytics commands: simulate, project, stats, report, demo (issue "replay analytics").

They open the event store (domain.service.application) and the DuckDB file beside it
(projections.analytics_path), catch the read models up (projections.project), and ask the named
questions (analytics). They catch up on a copy of the file, swapped in (cli.read_models,
projections.swap): a reader of the file never waits.
"""

from __future__ import annotations

import json

from .consoles import console
from .i18n import N_
from .simulating import PROGRESS_AFTER, SimulationStopped, simulate_into  # noqa: F401 (their old home)

#: the filters a table's title names, for the catalog (the strata's words are the questions' columns)
TITLE_WORDS = (N_("rulesets"), N_("variants"), N_("origins"), N_("strategies"), N_("derived"), N_("pooled"))
PROGRESS_FROM = 20_000  # notifications behind: about a second of projection, when a bar is worth showing


def catch_up(application, con, quiet: bool = False, progress_from: int = PROGRESS_FROM, bar_console=None) -> dict:
    """Bring the DuckDB read models up to the end of the event store's notification log; a progress bar
    (on standard error, gone when done) when at least ``progress_from`` notifications are to be read."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from projections import Projector
    from projections.runner import DEFAULT_BATCH, stored_position

    from .consoles import err_console

    projector = Projector(application, con)
    backlog = (application.recorder.max_notification_id() or 0) - stored_position(con)
    if backlog < max(progress_from, 1):
        result = projector.run()
    else:
        with Progress(
            TextColumn("projecting"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("events"),
            TimeElapsedColumn(),
            console=bar_console or err_console,
            transient=bar_console is None,
        ) as bar:
            task = bar.add_task("events", total=backlog)
            # batches of DEFAULT_BATCH however short the backlog: a batch's statements cost about 0.2 s of CPU
            # whatever its size, so the "ten steps or more" of a bar made projecting 200 games cost half again
            # as much (docs/performance.md, "Session 14"); the bar moves every DEFAULT_BATCH events
            result = projector.run(DEFAULT_BATCH, progress=lambda r: bar.update(task, completed=r.events))
    for gid, reason in projector.newly_quarantined:
        from .consoles import err_console

        err_console.print(
            f"note: game {gid} cannot be projected ({reason}); it is quarantined and left out of "
            "the statistics, the rest goes on (see `dungeon-lords audit` on it)",
            markup=False,
        )
    if not quiet and result.events:
        console.print(f"projected {result.events} events in {result.seconds:.2f} s")
    return {"events": result.events, "seconds": result.seconds, "position": result.position}


def say_warnings(con, name: str, columns: list[str], rows: list[tuple], params: dict) -> None:
    """The answer's warnings (analytics.warnings_for), one line each on standard error, in the reader's
    language (cli.i18n.LANG)."""
    from analytics import warnings_for

    from .consoles import err_console
    from .i18n import _

    for text in warnings_for(con, name, columns, rows, _, **params):
        err_console.print(_("warning: {text}").format(text=text), markup=False, highlight=False)


def print_question(con, name: str, params: dict, as_json: bool) -> None:
    """The answer of ``name`` with ``params`` (analytics.SCOPE and ``pooled``): a table, or rows as JSON on
    standard output; its warnings on standard error."""
    from rich import box
    from rich.table import Table

    from analytics import QUESTIONS, column_name, run_question, scope_of

    from .consoles import err_console
    from .filters import ruleset_label
    from .i18n import gettext

    q = QUESTIONS[name]
    columns, rows = run_question(con, name, **params)
    say_warnings(con, name, columns, rows, params)
    stands_on = scope_of(con, name, **params)
    if as_json:
        # the rows stay a list on standard output (as before); the scope is one JSON line on standard error
        err_console.out(f"scope: {json.dumps(stands_on)}", highlight=False)
        console.print_json(json.dumps([dict(zip(columns, r)) for r in rows], default=str))
        return
    shown = {k: v for k, v in params.items() if v is not None and not (k == "game" and q.game != "common")}
    # a stratum column with one value in every row goes to the title: the table then fits a terminal
    strata = ("game", "ruleset", "variant", "players")  # (the game is in the title already)
    same = [c for c in strata if c in columns and len({r[columns.index(c)] for r in rows}) == 1]
    shown.update({c: rows[0][columns.index(c)] for c in same if c != "game" and rows[0][columns.index(c)] is not None})
    if "rulesets" in shown:
        shown["rulesets"] = [ruleset_label(v) for v in shown["rulesets"]]
    if "ruleset" in shown:
        shown["ruleset"] = ruleset_label(str(shown["ruleset"]))
        if [shown["ruleset"]] == shown.get("rulesets"):
            del shown["ruleset"]  # said once
    if "variant" in shown and [shown["variant"]] == shown.get("variants"):
        del shown["variant"]
    said = {k: column_name(k, gettext) for k in shown}  # the filters' words in the reader's language (TITLE_WORDS)
    scope = "; ".join(f"{said[k]} {', '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in shown.items())
    t = Table(
        title=name + (f" ({scope.replace('_', ' ')})" if scope else ""),
        caption=gettext(q.description) + " " + scope_caption(stands_on),  # (the reader's language: docs/i18n.md)
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    keep = [i for i, c in enumerate(columns) if c not in same]
    for i in keep:
        t.add_column(column_name(columns[i], gettext), justify="right")  # (--json keeps the column)
    for r in rows:
        t.add_row(*[f"{r[i]:.3f}" if isinstance(r[i], float) else "" if r[i] is None else str(r[i]) for i in keep])
    console.print(t)


def scope_caption(scope: dict) -> str:
    """What an answer stands on, in words of the reader's language (analytics.scope_of): the games and seats,
    and what a pooled answer pools."""
    from .filters import ruleset_label
    from .i18n import _

    said = _("Finished games that are not archived: {games} in scope, with {seats} seats.").format(
        games=scope["games"], seats=scope["seats"]
    )
    if scope["pooled"]:
        said += " " + _(
            "Pooled (one row over every stratum): rulesets {rulesets}; variants {variants}; player counts {players}."
        ).format(
            rulesets=", ".join(ruleset_label(r) for r in scope["rulesets"]),
            variants=", ".join(scope["variants"]),
            players=", ".join(map(str, scope["players"])),
        )
    return said
