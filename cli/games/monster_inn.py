"""Monster Inn in the terminal (looked up by :mod:`cli.games` by the game's name): the status picture (the
Inn, the Pool, every Dungeon) and the final scores; its options and events are the generic terminal's. The
commands are the shared ones (``new --game monster-inn``)."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from domain.games.monster_inn.state import GameState
from domain.kernel import HIDDEN

from ..consoles import console


def _card(state: GameState, token: str) -> str:
    if token.startswith("m"):
        c: Any = state.catalog.card(token)
        return f"{token} ({c.kind}, {c.skulls} skull{'s' if c.skulls > 1 else ''})"
    return f"{token} (face down)" if "-" in token else token


def status(package, state: GameState, viewer: str | None) -> None:
    """The game as one player (or the recorder) sees it, from the game's redacted view."""
    view = package.view(state, viewer)
    out = console.print
    out(
        f"[bold]Monster Inn[/] - round {state.round} - {state.phase} - {state.variant.replace('_', ' ')}, "
        f"{state.mode} - event {state.version}"
    )
    if state.inn:
        pool = f"{state.pool} {state.pool_type}" if state.pool else "empty"
        out("Inn (left to right): " + ", ".join(_card(state, t) for t in state.inn) + f"   Pool: {pool}")
    general = view["supply"]  # the view: a seat does not see its split while the game runs
    split = "hidden" if HIDDEN in general.values() else f"gold {general['gold']}, gems {general['gem']}"
    out(f"General supply: {split}   deck: {len(state.deck)} cards")
    for p in view["players"]:
        gold, gem = p["gold"], p["gem"]
        supply = "hidden" if HIDDEN in (gold, gem) else f"gold {gold}, gems {gem}"
        out("")
        out(f"[bold]{p['seat']}[/] ({p['name']})  supply: {supply}")
        monsters = [
            _card(state, m["card"]) + (f" +{m['support']} (Support)" if m["support"] else "") for m in p["monsters"]
        ]
        humanoids = [
            (h["card"] or f"h{h['back']} face down") + (f" ({h['removed'].replace('_', ' ')})" if h["removed"] else "")
            for h in p["humanoids"]
        ]
        out("  monsters:  " + (", ".join(monsters) or "-"))
        out("  humanoids: " + (", ".join(humanoids) or "-"))
    if state.results:
        scores(state)


def scores(state: GameState) -> None:
    """The final scores: a column per player, a row per line of Fame."""
    rows = sorted(state.results or [], key=lambda r: r["rank"])
    t = Table(title="Final scores (Fame)")
    t.add_column("line")
    for r in rows:
        t.add_column(r["seat"] + (" *" if r["winner"] else ""), justify="right")
    for line in ("monsters", "humanoids", "treasure"):
        t.add_row(line, *[str(r["lines"][line]) for r in rows])
    t.add_row("[bold]Fame[/]", *[f"[bold]{r['fame']}[/]" for r in rows])
    t.add_row("treasure kept (tie-break)", *[str(r["treasure"]) for r in rows])
    console.print(t)
    console.print("Winner(s): " + ", ".join(r["seat"] for r in rows if r["winner"]) + " (* in the table)")
