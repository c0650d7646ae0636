"""Reading a game: status, options, log, explain, diff (each with --as: one player's view)."""

from __future__ import annotations

import json
from functools import partial
from typing import Annotated

import typer

from domain.kernel.text import natural_key

from .. import games
from ..consoles import line
from ..context import AsOpt, GameArg, StoreOpt, _app, _game_id, _state_at_input, _viewer, _warn_if_broken, app
from ..errors import UserError, handled
from ..i18n import _, gettext
from ..refusal_i18n import cited, reworded, said
from ..render import console


@app.command()
@handled
def status(
    game: GameArg,
    at: Annotated[int | None, typer.Option(help="Show the game just after event number N.")] = None,
    as_: AsOpt = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help="Print the whole state (or that player's view) as JSON; `new --scenario` loads it back."
        ),
    ] = False,
    store: StoreOpt = None,
) -> None:
    """The game's state (as the game shows it: resources, boards, offers...) and the pending input."""
    application = _app(store)
    gid = _game_id(application, game)
    state = application.state(gid, version=at)
    viewer = _viewer(state, as_)
    package = application.game_of(gid)
    games.use_names(package, state)
    if as_json:
        console.print_json(json.dumps(package.view(state, viewer)))
        return
    games.status(package, state, viewer)
    if at is None:
        games.options(package, package.engine.pending(state), viewer, hide_others=viewer is not None, state=state)


@app.command()
@handled
def options(
    game: GameArg,
    at: Annotated[int | None, typer.Option(help="The options as they were just after event N.")] = None,
    as_: AsOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the pending input and the legal commands as JSON.")
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Who must act now, and the legal choices (numbered for `act --pick`), listed at an event number."""
    application = _app(store)
    gid = _game_id(application, game)
    state = _state_at_input(application, gid, at, "--at")
    viewer = _viewer(state, as_)
    package = application.game_of(gid)
    p = package.engine.pending(state)
    games.use_names(package, state)
    if as_json:
        out = {"event": state.version, "kind": p.kind, "actors": p.actors, "prompt": p.prompt, "rule": p.rule}
        if p.is_chance:
            out["chance"] = {
                "what": p.chance.what,
                "count": p.chance.count,
                "pool": sorted(p.chance.pool, key=natural_key) if viewer is None else "hidden",
            }
        else:
            out["options"] = {
                a: [o.model_dump(mode="json") for o in p.options(a)] for a in p.actors if viewer is None or a == viewer
            }
        console.print_json(json.dumps(out))
        return
    console.print(_("at event {n}:").format(n=state.version))
    games.options(package, p, viewer, hide_others=viewer is not None, state=state)


@app.command()
@handled
def log(
    game: GameArg,
    as_: AsOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per event, with its number.")] = False,
    store: StoreOpt = None,
) -> None:
    """Every event of the game, numbered as stored; undone and superseded events are marked."""
    application = _app(store)
    gid = _game_id(application, game)
    _warn_if_broken(application, gid)
    events = application.log(gid)
    numbers = [v for v, *_ in application.stored(gid)]  # as stored: a missing event leaves a gap
    package = application.game_of(gid)
    gone = package.history.taken_back(events)
    viewer, words = _viewer(events, as_), games.event_words(package)  # words: the reader's language, not English
    if words is not None:  # names in that language too (the game's catalog and the table's own names)
        games.use_names(package, application.state(gid))
    for k, (n, entry) in enumerate(zip(numbers, package.log_entries(events, viewer), strict=True), 1):
        if as_json:
            mark = {"taken_back": gone[k]} if k in gone else {}
            print(json.dumps({"n": n, "kind": entry["kind"], **mark, **entry["data"]}))
        else:
            mark = f"  [{reworded(gone[k])}]" if k in gone else ""
            text = words(events, k, viewer) if words is not None else entry["text"]
            line(f"{n:>5}  {text}{mark}")  # (as console.print(..., markup=False, soft_wrap=True) prints it)


@app.command()
@handled
def explain(
    game: GameArg,
    number: Annotated[int, typer.Argument(help="The event number (see `log`).")],
    as_: AsOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print {event, text} as JSON.")] = False,
    store: StoreOpt = None,
) -> None:
    """Say why event N happened: the input it followed from, the options legal then, and the rule."""
    application = _app(store)
    gid = _game_id(application, game)
    events = application.log(gid)
    try:
        package = application.game_of(gid)
        if games.say(package) is not None:  # the reader's language: its component names too
            games.use_names(package, application.state(gid))
        reader = {"cite": partial(cited, package.rules.index), "text": said}  # rules and prompts in the reader's
        text = package.explain(
            events, number, _viewer(events, as_), words=gettext, describe=games.say(package), **reader
        )
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if as_json:
        print(json.dumps({"event": number, "text": text}))
    else:
        console.print(text, highlight=False)
