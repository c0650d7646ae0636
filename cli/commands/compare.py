"""Comparing two games' lines (a game and its fork, a re-run under another ruling): diff."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..context import AsOpt, StoreOpt, _app, _game_id, _viewer, app
from ..errors import UserError, handled
from ..render import console


@app.command()
@handled
def diff(
    game1: Annotated[str, typer.Argument(help="A game id (or prefix).")],
    game2: Annotated[str, typer.Argument(help="Another game id (or prefix), e.g. a fork.")],
    as_: AsOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print {shared, games: [{id, events, outcome}]} as JSON.")
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Compare two games' lines as they now stand (after undos and corrections): where they part, and
    their outcomes side by side."""
    application = _app(store)
    ids = [_game_id(application, g) for g in (game1, game2)]
    package = application.game_of(ids[0])
    if application.game_of(ids[1]) is not package:
        raise UserError("the two games are of different games: nothing to compare")
    states = [application.state(g) for g in ids]
    viewer = _viewer(states[0], as_)
    lines = [
        [x["data"] for x in package.log_entries(package.history.effective(application.log(g)), viewer)] for g in ids
    ]
    for line in lines:  # where a copy comes from (and its seed) is not part of its line
        for key in ("origin", "forked_from", "seed"):
            line[0].pop(key, None)
    shared = next((k for k, (x, y) in enumerate(zip(*lines)) if x != y), min(map(len, lines)))
    outcomes = []
    for state in states:
        scores = getattr(state, "scores", None) or getattr(state, "results", None) or []
        outcomes.append(
            ", ".join(
                f"{s.get('color') or s['seat']} {s.get('total', s.get('fame'))}" + (" (winner)" if s["winner"] else "")
                for s in scores
            )
            or f"not finished ({package.engine.pending(state).prompt})"
        )
    if as_json:
        print(
            json.dumps(
                {
                    "shared": shared,
                    "games": [
                        {"id": str(g), "events": len(line), "outcome": o} for g, line, o in zip(ids, lines, outcomes)
                    ],
                }
            )
        )
        return
    console.print(
        f"the lines share their first {shared} events; then {len(lines[0]) - shared} and "
        f"{len(lines[1]) - shared} events differ (undone and superseded events left out)"
    )
    for gid, line, outcome in zip(ids, lines, outcomes):
        console.print(f"{gid}: {len(line)} events; {outcome}")
