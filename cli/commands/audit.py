"""Checking a record: audit (the hash chain, stored times, snapshots, the read models' witness of the log's
end, and a replay under the current rules); snapshots (taking those a stored game lacks)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..context import OPTIONS, GameArg, StoreOpt, _app, _game_id, app
from ..errors import handled
from ..render import console


@app.command()
@handled
def audit(
    game: GameArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    store: StoreOpt = None,
) -> None:
    """Check the stored log (every event there, unchanged) and replay it under the current rules and the
    catalog it was played with (with the root --catalog: under those components instead); list undos,
    corrections, what they superseded, rulings and provisional cards. Exit 1 if it is not clean."""
    from dataclasses import asdict

    application = _app(store)
    gid = _game_id(application, game)
    package = application.game_of(gid)
    sealed, notes = application.sealing(gid)  # stored times and snapshots (the chain leaves them out)
    cut = _cut_since_projected(application, gid, store)  # the end of the log against the read models' witness
    integrity = application.integrity(gid) + sealed + ([cut] if cut else [])
    report = package.audit(application.log(gid), integrity, catalog_overrides=OPTIONS["catalog"])
    if as_json:
        print(json.dumps({**asdict(report), "notes": notes, "clean": report.clean}))
    else:
        for p in report.integrity:
            console.print(f"[red]integrity[/]: {p}")
        for note in notes:
            console.print(f"note: {note}", highlight=False)
        for f in report.findings:
            console.print(
                f"[red]event {f.event}[/]: stored: {f.stored}\n  the rules give: {f.expected}\n  rule: {f.rule}"
            )
        for u in report.undos:
            console.print(f"undo: {u}")
        for c in report.corrections:
            console.print(f"correction: {c}")
        for s in report.superseded:
            console.print(f"[red]superseded[/]: {s}")
        for r in report.rulings:
            console.print(f"table ruling: {r}")
        if report.catalog:
            console.print(f"catalog: {report.catalog}")
        if report.provisional:
            console.print("Provisional or partly known values that took part (the rulebook does not print them):")
            for card in report.provisional:
                console.print(f"  {card}")
        problems = len(report.findings) + len(report.integrity) + len(report.superseded)
        console.print(f"{report.events} events: " + ("clean" if report.clean else f"{problems} finding(s)"))
    if not report.clean:
        raise typer.Exit(1)


@app.command()
@handled
def snapshots(
    game: Annotated[str | None, typer.Argument(help="Game id (or a unique prefix); none: every stored game.")] = None,
    every: Annotated[
        int | None, typer.Option(help="A snapshot every N events (default: the service's, 25).", min=1)
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Take the snapshots stored games lack, one every N events, so that the state at any event (`status --at`,
    the page's history) reads at most N - 1 events past one. Games `simulate` stored have one, at their end."""
    application = _app(store)
    ids = [_game_id(application, game)] if game else application.games()
    more = {} if every is None else {"interval": every}
    taken = sum(application.take_snapshots(gid, **more) for gid in ids)
    console.print(f"{taken} snapshot(s) taken for {len(ids)} game(s)", highlight=False)


def _cut_since_projected(application, gid, store) -> str | None:
    """What the read models beside the store saw of the game and the store no longer has: its log ends
    before the last event they projected, or that event's chain hash differs (architecture §6). A log cut at
    an input boundary replays clean, so only this witness tells. None when there are no read models for
    this store (or they cannot be read now: a note says so)."""
    import duckdb

    from domain.service.storage import store_env
    from projections import analytics_path, witnessed

    from ..consoles import err_console

    try:
        seen = witnessed(analytics_path(store_env(store)), application.store_id(), gid)
    except duckdb.Error as exc:
        err_console.print(
            f"note: the read models could not be read ({str(exc).splitlines()[0]}); the log's end was not "
            "checked against what they projected",
            markup=False,
            highlight=False,
        )
        return None
    if seen is None:
        return None
    number, chain = seen
    stored = {version: link for version, _, _, link in application.stored(gid)}
    last = max(stored)
    if number not in stored:
        if last < number:
            return (
                f"the log ends at event {last}, but the read models projected it up to event {number}: "
                f"events {last + 1}..{number} are missing from the store (its end was cut)"
            )
        return f"event {number} is missing from the store, but the read models projected it"
    if chain and stored[number] != chain:
        return (
            f"event {number} has another chain hash than when the read models projected it "
            f"({stored[number][:12]}... stored, {chain[:12]}... projected): the log was changed since"
        )
    return None
