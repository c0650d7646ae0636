"""demo: the main job in one command: simulate a few hundred games (or reuse them), project, answer."""

from __future__ import annotations

import time
from typing import Annotated

import typer

from ..context import StoreOpt, _app, app
from ..errors import handled
from ..render import console


@app.command()
@handled
def demo(
    games: Annotated[int, typer.Option(help="Simulated games the demo wants in the store.", min=1)] = 300,
    store: StoreOpt = None,
) -> None:
    """The main job: simulate a few hundred games (or reuse them), project, print the headline answers."""
    from analytics import QUESTIONS
    from domain.games import default

    from ..analytics_cmds import print_question, simulate_into
    from ..read_models import reading

    start = time.perf_counter()
    application = _app(store)
    con = reading(store, application).con
    have = con.execute("SELECT count(*) FROM games WHERE origin = 'simulated' AND finished").fetchall()[0][0]
    if have < games:
        console.print(f"{have} simulated games in the store; playing {games - have} more on every core...")
        figures = simulate_into(application, games - have, None, None, seed=have)
        console.print(f"  {figures['games_per_second']} games/s")
        con.close()  # (this process holds the file it read no longer: the next one is the caught-up file)
        con = reading(store, application, quiet=False).con
    total = con.execute("SELECT count(*), sum(events) FROM games WHERE finished").fetchall()[0]
    console.print(f"[bold]{total[0]} finished games, {total[1]} events[/]")
    for name, q in QUESTIONS.items():
        if q.headline:
            print_question(con, name, {"game": default().info.name}, False)  # the default game's games
    console.print(
        f"demo finished in {time.perf_counter() - start:.1f} s; more: dungeon-lords stats, "
        "dungeon-lords report --html report.html"
    )
