"""dungeon-lords: record, play and inspect Dungeon Lords games stored as event logs.

Every command is thin: it parses input, calls the application service (domain.service.application)
and prints. Errors pass one boundary (cli/errors.py): one line on stderr and a documented exit
code (0 ok, 1 findings, 2 usage or malformed input, 3 conflict, 4 refused by the rules, 5 store or
I/O failure, 6 internal error, 130 interrupted). No traceback reaches a user.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from domain.games.dungeon_lords import engine
from domain.games.dungeon_lords.commands import RecordDraw, parse_command

from .render import console, err_console, options_table, print_events, scores_table, status_table

app = typer.Typer(
    add_completion=False, no_args_is_help=True, help=__doc__.split("\n\n")[0], pretty_exceptions_enable=False
)

StoreOpt = Annotated[
    str | None,
    typer.Option(
        "--store",
        envvar="DL_STORE",
        help="Where games are stored: 'memory', a SQLite file path (sqlite:///path.sqlite), or a "
        "postgresql://user@host:port/db URL. Default: a SQLite file in your user data directory.",
    ),
]


@app.callback()
def main_options(
    catalog: Annotated[
        Path | None,
        typer.Option(
            "--catalog",
            envvar="DL_CATALOG",
            help="A catalog override file (same schema as the shipped base.json, see `catalog`): corrected numbers or "
            "a provisional card defined with the engine's effect vocabulary. New games record it whole and keep "
            "it; `audit` with it re-runs a game under these components.",
        ),
    ] = None,
    init: Annotated[
        bool,
        typer.Option(
            "--init",
            help="Make an existing empty file (or another SQLite database) a store of games; without it "
            "such a file is refused, so an emptied store is never mistaken for one with no games.",
        ),
    ] = False,
) -> None:
    """dungeon-lords: record, play and inspect Dungeon Lords games stored as event logs."""
    OPTIONS["init"] = init
    OPTIONS["catalog"] = None
    if catalog is not None:
        from domain.games.dungeon_lords.catalog import catalog_with, override_problem
        from domain.service.settings import catalog_overrides

        if not catalog.exists():
            raise typer.BadParameter(f"no such file: {catalog}")
        try:
            OPTIONS["catalog"] = overrides = catalog_overrides(str(catalog))
            catalog_with(overrides)  # refuse a bad file before any game records it
        except (OSError, ValueError) as exc:  # one line and exit 2, as every usage error
            from .errors import report

            raise typer.Exit(report(UserError(f"--catalog {catalog}: {override_problem(exc)}"))) from None


from .errors import UserError, handled  # noqa: E402  (the one error boundary; see cli/errors.py)

OPTIONS: dict[str, Any] = {"init": False, "catalog": None}  # the root options (set by main_options)
ANALYTICS_WAIT = 60.0  # seconds to wait for another process's lock on the read models


def _app(store: str | None):
    """The application on the store (refused: an existing file that is not a store, unless --init)."""
    from domain.service.application import DungeonLords

    return DungeonLords.open(store, init=OPTIONS["init"])


def _analytics(store: str | None, wait: float = ANALYTICS_WAIT):
    """The DuckDB read models beside the event store (created on first use; an unreadable file is set
    aside and rebuilt; another process's lock is waited for)."""
    from domain.service.storage import store_env
    from projections import AnalyticsBusy, analytics_path, open_analytics

    from .errors import AFTER_COMMAND

    try:
        con = open_analytics(
            analytics_path(store_env(store)),
            wait=wait,
            say=lambda text: err_console.print(f"note: {text}", markup=False),
        )
    except AnalyticsBusy as exc:
        raise UserError(str(exc), 5) from None
    AFTER_COMMAND.append(con.close)  # DuckDB allows one writer: let go of the file when done
    return con


def _game_id(application, game: str):
    """Accept a full game id or a unique prefix of one."""
    from uuid import UUID

    try:
        return UUID(game)
    except ValueError:
        pass
    matches = [g for g in application.games() if str(g).startswith(game)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise UserError(f"no game id starts with {game!r} in this store (see `dungeon-lords games`)")
    raise UserError(f"{game!r} matches {len(matches)} games; give more of the id", 2)


@app.command()
@handled
def new(
    players: Annotated[int, typer.Option(help="Number of players, 2 to 4.", min=2, max=4)] = 4,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names, clockwise (sets the count).")] = None,
    variant: Annotated[str, typer.Option(help="Rules variant: first_game or full.")] = "first_game",
    mode: Annotated[
        str, typer.Option(help="digital (the engine draws) or tabletop (you record every draw).")
    ] = "digital",
    seed: Annotated[
        int | None,
        typer.Option(help="Seed for the engine's draws (digital mode), 0 to 2^63 - 1.", min=0, max=2**63 - 1),
    ] = None,
    starting_player: Annotated[int, typer.Option(help="Seat (0-based) of the starting player.")] = 0,
    scenario: Annotated[Path | None, typer.Option(help="Start from a scenario file (JSON) instead.")] = None,
    store: StoreOpt = None,
) -> None:
    """Create a game and print its id."""
    application = _app(store)
    if scenario is not None:
        events, _ = engine.from_scenario(scenario, OPTIONS["catalog"])
        gid = application.create_from_events(events)
    else:
        seats = names.split(",") if names else [f"Player {i + 1}" for i in range(players)]
        gid = application.create_game(
            [s.strip() for s in seats],
            variant=variant,
            mode=mode,
            seed=seed,
            starting_player=starting_player,
            catalog_overrides=OPTIONS["catalog"],
        )
    console.print(str(gid))


@app.command()
@handled
def act(
    game: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    json_: Annotated[
        str | None,
        typer.Option("--json", help='The command as JSON, e.g. \'{"type": "decline", "player": "red"}\'.'),
    ] = None,
    pick: Annotated[int | None, typer.Option(help="Choose option number N as listed by `options`.")] = None,
    player: Annotated[
        str | None, typer.Option(help="With --pick: whose options (when several players choose at once).")
    ] = None,
    draw: Annotated[str | None, typer.Option(help="Record a draw: comma-separated component ids.")] = None,
    at_event: Annotated[
        int | None,
        typer.Option(
            "--at-event",
            help="The event number `options` listed the choices at: if the game has moved on since, "
            "nothing is stored (exit 3) and you look again.",
        ),
    ] = None,
    as_: Annotated[
        str | None,
        typer.Option(
            "--as",
            help="Act as this player only (a phone at the table): "
            "the command must be theirs, and what is shown is their view.",
        ),
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Submit one command: as JSON, by option number, or a recorded draw."""
    if sum(x is not None for x in (json_, pick, draw)) != 1:
        raise UserError("give exactly one of --json, --pick or --draw")
    application = _app(store)
    gid = _game_id(application, game)
    viewer = as_.strip().lower() if as_ else None
    if json_ is not None:
        command = parse_command(json_)
    elif draw is not None:
        command = RecordDraw(cards=[c.strip() for c in draw.split(",") if c.strip()])
    else:
        state = application.state(gid, version=at_event)
        p = engine.pending(state)
        actor = (player or viewer or (p.actors[0] if p.actors else "")).strip().lower()
        if p.is_chance or actor not in p.actors:
            raise UserError(
                f"--pick needs a player who must act now ({', '.join(p.actors) or 'nobody'}); for chance use --draw"
            )
        opts = p.options(actor)
        if not 1 <= pick <= len(opts):
            raise UserError(f"--pick takes 1..{len(opts)} for {actor}")
        command = opts[pick - 1]
    if viewer is not None and getattr(command, "player", None) != viewer:
        raise UserError(f"acting as {viewer}, only {viewer}'s own commands can be entered")
    _submit(store, game, command, application, expected=at_event, viewer=viewer)


def _submit(
    store: str | None, game: str, command, application=None, expected: int | None = None, viewer: str | None = None
) -> None:
    from domain.games.dungeon_lords.views import visible_event

    application = application or _app(store)
    gid = _game_id(application, game)
    events = application.execute(gid, command, expected=expected)
    log = application.log(gid)
    shown = [visible_event(log, n, viewer) for n in range(len(log) - len(events) + 1, len(log) + 1)]
    print_events(shown, start=len(log) - len(events) + 1)
    console.print(f"at event {len(log)}:")
    options_table(application.pending(gid), actor_filter=viewer, hide_others=viewer is not None)


@app.command()
@handled
def orders(
    game: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    player: Annotated[str, typer.Argument(help="The player's colour.")],
    cards: Annotated[list[str], typer.Argument(help="Three order cards, first order first (e.g. mine_gold).")],
    nonplayer: Annotated[str | None, typer.Option(help="2 players: the third order of your non-player colour.")] = None,
    store: StoreOpt = None,
) -> None:
    """Choose a player's 3 orders for this round (a friendlier form of `act --json`)."""
    command = parse_command(
        {"type": "choose_orders", "player": player.strip().lower(), "orders": cards, "nonplayer_order": nonplayer}
    )
    _submit(store, game, command)


@app.command()
@handled
def record(
    game: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    store: StoreOpt = None,
) -> None:
    """Record a game at the table: numbered choices, one input at a time, each stored at once."""
    from .record import record_loop

    application = _app(store)
    gid = _game_id(application, game)

    def ask(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    record_loop(application, gid, ask)


@app.command("export")
@handled
def export_cmd(
    game: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    out: Annotated[Path | None, typer.Option(help="Write the record to this file (default: standard output).")] = None,
    store: StoreOpt = None,
) -> None:
    """Write the game's record: a versioned text file, one line per decision and draw (docs/record-format.md)."""
    from domain.games.dungeon_lords.record_format import export

    application = _app(store)
    text = export(application.log(_game_id(application, game)))
    if out is None:
        print(text, end="")
    else:
        out.write_text(text)
        console.print(f"wrote {out} ({len(text.splitlines())} lines)")


@app.command("import")
@handled
def import_cmd(
    record_file: Annotated[Path, typer.Argument(help="A game record written by `export`.")],
    allow_unfinished: Annotated[
        bool,
        typer.Option(
            "--allow-unfinished", help="Import a record that ends before the game is over (to go on with it)."
        ),
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Rebuild a game from its record through the rules and store it; a bad line is refused with its number."""
    from domain.games.dungeon_lords.record_format import RecordError, rebuild

    try:
        text = record_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read {record_file}: {exc}") from None
    try:
        events, state = rebuild(text, allow_unfinished=allow_unfinished)
    except RecordError as exc:
        raise UserError(f"{record_file}: {exc} (nothing was stored)") from None
    events[0] = events[0].model_copy(update={"origin": "imported"})  # this copy's provenance (not hashed)
    gid = _app(store).create_from_events(events)
    if not any(line.startswith("hash ") for line in text.splitlines()):
        err_console.print("note: the record has no hash line, so it cannot be checked for changes")
    waiting = engine.pending(state)
    if waiting.actors:
        err_console.print(f"note: imported unfinished; the game waits for: {waiting.prompt}")
    console.print(str(gid))


def _bots():
    from domain.games.dungeon_lords.strategies import STRATEGIES

    return STRATEGIES


@app.command()
@handled
def play(
    players: Annotated[int, typer.Option(help="Number of players, 2 to 4.", min=2, max=4)] = 4,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the draws and the bots, 0 to 2^63 - 1.", min=0, max=2**63 - 1)
    ] = None,
    variant: Annotated[str, typer.Option(help="Rules variant: first_game or full.")] = "first_game",
    bots: Annotated[
        str,
        typer.Option(help="Bots for the seats, comma-separated (one name for all seats); see `dungeon-lords bots`."),
    ] = "random",
    store: StoreOpt = None,
    verbose: Annotated[bool, typer.Option(help="Print every event, not just the result.")] = False,
) -> None:
    """Play a complete game with bots for every seat, store it, and print the final scores and titles."""
    from domain.games.dungeon_lords.bots import play_until_blocked

    seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
    known = _bots()
    names = bots.split(",")
    if len(names) == 1:
        names = names * players
    if len(names) != players or any(n not in known for n in names):
        raise UserError(f"--bots takes 1 or {players} names among: {', '.join(known)}")
    events, state = engine.new_game(
        [f"{n} {i + 1}" for i, n in enumerate(names)],
        variant=variant,
        seed=seed,
        bots=names,
        catalog_overrides=OPTIONS["catalog"],
    )
    more, state, waiting = play_until_blocked(
        state, {p.color: known[n] for p, n in zip(state.players, names)}, seed=seed
    )
    events += more
    gid = _app(store).create_from_events(events)
    if verbose:
        print_events(events)
    if state.scores:
        scores_table(state)
    else:
        status_table(state, None)
    shown = f"seed {seed}, " if state.scores else ""  # a seed predicts the draws: shown once it is over
    console.print(f"Game {gid}: {len(events)} events stored ({shown}{variant.replace('_', ' ')}).")
    if waiting.actors or waiting.kind != "game_over":
        console.print(f"[bold]The game stops here:[/] {waiting.prompt}")


@app.command("bots")
@handled
def bots_cmd() -> None:
    """List the bots that can play a seat."""
    for name, bot in _bots().items():
        doc = (bot.__doc__ or "").strip().splitlines()
        console.print(f"{name:16s} {doc[0] if doc else ''}")


@app.command()
@handled
def training(
    number: Annotated[str, typer.Argument(help="Training dungeon 1, 2, 3 or 4, or 'room' (Combat in Rooms).")],
    store: StoreOpt = None,
) -> None:
    """Set up one of the rulebook's Combat Training dungeons; play it with `options` and `act`."""
    from importlib.resources import files

    if number not in ("1", "2", "3", "4", "room"):
        raise UserError("training takes 1, 2, 3, 4 or room")
    path = files("domain.games.dungeon_lords").joinpath("scenarios", f"training-{number}.json")
    events, state = engine.from_scenario(path.read_text(), OPTIONS["catalog"])
    events[0] = events[0].model_copy(update={"origin": "training"})
    gid = _app(store).create_from_events(events)
    console.print(f"{events[0].description}")
    status_table(state, None)
    options_table(engine.pending(state))
    console.print(f"\nGame {gid}")


@app.command()
@handled
def bench(
    games: Annotated[int, typer.Option(help="Complete games per measurement.", min=1)] = 20,
    players: Annotated[int, typer.Option(help="Players per game.", min=2, max=4)] = 4,
    bots: Annotated[str, typer.Option(help="Bots (one name for all seats, or one per seat).")] = "random",
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    analytics: Annotated[
        bool,
        typer.Option(
            help="Instead: simulate-and-store, projection vs the read ceiling, "
            "and headline-question latency over 10,000 games."
        ),
    ] = False,
) -> None:
    """Benchmark: complete games per second in memory and stored, and events per game."""
    from .bench import run, run_analytics

    if analytics:
        figures = run_analytics(games)
        console.print_json(json.dumps(figures))
        return
    known = _bots()
    names = bots.split(",")
    names = names * players if len(names) == 1 else names
    if len(names) != players or any(n not in known for n in names):
        raise UserError(f"--bots takes 1 or {players} names among: {', '.join(known)}")
    rows = run(games, players, names, known)
    if as_json:
        console.print_json(json.dumps(rows))
        return
    t = Table(title=f"{games} complete {players}-player games ({', '.join(sorted(set(names)))} bots)")
    for col in rows[0]:
        t.add_column(col.replace("_", " "), justify="right" if col != "mode" else "left")
    for r in rows:
        t.add_row(*[str(v) for v in r.values()])
    console.print(t)


@app.command()
@handled
def simulate(
    games: Annotated[int, typer.Option(help="How many complete games to play and store.", min=1)] = 100,
    players: Annotated[
        int | None, typer.Option(help="Players per game (default: 2, 3 and 4 in turn).", min=2, max=4)
    ] = None,
    bots: Annotated[
        str | None, typer.Option(help="Comma-separated bots to draw the seats from (default: all).")
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Seed of the first game; game i uses a seed derived from it.", min=0, max=2**63 - 1)
    ] = 0,
    variant: Annotated[str | None, typer.Option(help="first_game or full (default: both in turn).")] = None,
    store: StoreOpt = None,
) -> None:
    """Play N complete bot games on every core, store each in one append, then project them."""
    from domain.games.dungeon_lords.game_info import VARIANTS

    from .analytics_cmds import SimulationStopped, catch_up, simulate_into

    names = bots.split(",") if bots else None
    if names and any(n not in _bots() for n in names):
        raise UserError(f"--bots takes names among: {', '.join(_bots())}")
    if variant is not None and variant not in VARIANTS:
        raise UserError(f"--variant takes {' or '.join(VARIANTS)}")
    application = _app(store)
    try:
        figures = simulate_into(application, games, players, names, seed, variant)
    except SimulationStopped as stop:
        from .errors import report

        code = report(stop.cause)
        err_console.print(f"simulate: {stop}; nothing half-stored")
        raise typer.Exit(code) from None
    console.print(
        f"stored {figures['games']} games ({figures['events']} events) in {figures['seconds']} s: "
        f"{figures['games_per_second']} games/s"
    )
    try:
        con = _analytics(store)
    except UserError:
        err_console.print(
            "note: the games are stored; another process is using the read models, so they were "
            "not projected now: run `dungeon-lords project` later"
        )
        return
    catch_up(application, con)


@app.command()
@handled
def project(
    rebuild: Annotated[
        bool,
        typer.Option(
            "--rebuild",
            help="Drop the read models and project every game again "
            "(after a store was recreated, or to recover from anything).",
        ),
    ] = False,
    store: StoreOpt = None,
) -> None:
    """Catch the DuckDB read models up with the event store (exactly once; safe to re-run)."""
    from projections import rebuild_analytics

    from .analytics_cmds import catch_up

    application = _app(store)
    con = _analytics(store)
    if rebuild:
        rebuild_analytics(con)
    figures = catch_up(application, con, quiet=True)
    console.print(f"projected {figures['events']} new events; read models are at notification {figures['position']}")


@app.command()
@handled
def stats(
    name: Annotated[str | None, typer.Argument(help="The question to answer (omit to list them).")] = None,
    players: Annotated[int | None, typer.Option(help="Only games with this many players.", min=2, max=4)] = None,
    origin: Annotated[
        str | None,
        typer.Option(
            help="Only games of these origins, comma-separated: simulated, "
            "recorded, imported, forked, scenario, training (default: all). "
            "Archived games are always left out."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Rows as JSON.")] = False,
    sql: Annotated[
        str | None,
        typer.Option(help="Run a read-only SQL query over the read models (sandboxed: no files, 30 s, 1 GB)."),
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Ask a named question of the recorded and simulated games (catches up first)."""
    from analytics import QUESTIONS

    from .analytics_cmds import catch_up, print_question

    if name is None and sql is None:
        t = Table(title="Questions (dungeon-lords stats NAME)")
        t.add_column("name")
        t.add_column("answers")
        for q in QUESTIONS.values():
            t.add_row(q.name + (" *" if q.headline else ""), q.description)
        console.print(t)
        console.print("* headline question")
        return
    if name is not None and name not in QUESTIONS:
        raise UserError(f"unknown question {name!r}; questions: {', '.join(QUESTIONS)}")
    con = _analytics(store)
    catch_up(_app(store), con, quiet=True)
    if sql is not None:
        from analytics import UserQueryRefused, run_user_sql

        try:
            columns, rows = run_user_sql(con, sql)
        except UserQueryRefused as exc:
            raise UserError(f"--sql: {exc}") from None
        if as_json:
            console.print_json(json.dumps([dict(zip(columns, r)) for r in rows], default=str))
            return
        t = Table()
        for c in columns:
            t.add_column(c)
        for r in rows:
            t.add_row(*map(str, r))
        console.print(t)
        return
    from domain.games.dungeon_lords.events import ORIGINS

    origins = [o.strip() for o in origin.split(",")] if origin else None
    if origins and set(origins) - set(ORIGINS):
        raise UserError(f"--origin takes {', '.join(ORIGINS)}")
    print_question(con, name, players, as_json, origins)


@app.command()
@handled
def report(
    html: Annotated[Path, typer.Option("--html", help="Where to write the self-contained HTML page.")],
    store: StoreOpt = None,
) -> None:
    """Write one self-contained HTML page with the headline answers as charts."""
    from analytics.report import write_report

    from .analytics_cmds import catch_up

    con = _analytics(store)
    catch_up(_app(store), con, quiet=True)
    write_report(con, html)
    console.print(f"wrote {html}")


@app.command()
@handled
def demo(
    games: Annotated[int, typer.Option(help="Simulated games the demo wants in the store.", min=1)] = 300,
    store: StoreOpt = None,
) -> None:
    """The main job: simulate a few hundred games (or reuse them), project, print the headline answers."""
    from analytics import QUESTIONS

    from .analytics_cmds import catch_up, print_question, simulate_into

    start = time.perf_counter()
    application, con = _app(store), _analytics(store)
    catch_up(application, con, quiet=True)
    have = con.execute("SELECT count(*) FROM games WHERE origin = 'simulated' AND finished").fetchall()[0][0]
    if have < games:
        console.print(f"{have} simulated games in the store; playing {games - have} more on every core...")
        figures = simulate_into(application, games - have, None, None, seed=have)
        console.print(f"  {figures['games_per_second']} games/s")
        catch_up(application, con)
    total = con.execute("SELECT count(*), sum(events) FROM games WHERE finished").fetchall()[0]
    console.print(f"[bold]{total[0]} finished games, {total[1]} events[/]")
    for name, q in QUESTIONS.items():
        if q.headline:
            print_question(con, name, None, False)
    console.print(
        f"demo finished in {time.perf_counter() - start:.1f} s; more: dungeon-lords stats, "
        "dungeon-lords report --html report.html"
    )


@app.command("catalog")
@handled
def catalog_cmd(
    kind: Annotated[
        str | None, typer.Option(help="Only this kind (monster, adventurer, trap, combat_card, ...).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The rows as JSON.")] = False,
) -> None:
    """List every component with its status: verified, partial or provisional (with --catalog: as the
    override file changes them)."""
    from rich.table import Table

    from domain.games.dungeon_lords.catalog import catalog_with

    cat = catalog_with(OPTIONS["catalog"])
    kinds = sorted({r[0] for r in cat.all_components()})
    if kind is not None and kind not in kinds:
        raise UserError(f"--kind takes one of: {', '.join(kinds)}")
    rows = [r for r in cat.all_components() if kind is None or r[0] == kind]
    if as_json:
        console.print_json(json.dumps([dict(zip(("kind", "id", "name", "status", "notes"), r)) for r in rows]))
        return
    t = Table(title=f"Components (catalog {cat.content_hash[:12]})")
    for col in ("kind", "id", "name", "status", "notes"):
        t.add_column(col, overflow="fold")
    for r in rows:
        style = {"provisional": "yellow", "partial": "cyan"}.get(r[3], "")
        t.add_row(*[str(x) for x in r], style=style)
    console.print(t)
    counts = {s: sum(1 for r in rows if r[3] == s) for s in ("verified", "partial", "provisional")}
    console.print(
        ", ".join(f"{v} {k}" for k, v in counts.items())
        + ". Provisional cards are stand-ins defined by this engine; see their notes."
    )


def main() -> None:
    """Entry point of the ``dungeon-lords`` console script. Errors outside any command (the global
    options, an interrupt while starting) pass the same boundary: one line, a documented exit code."""
    from .errors import report

    try:
        app()
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001
        sys.exit(report(exc))


if __name__ == "__main__":
    main()


from . import game_cmds  # noqa: E402,F401  (registers status, options, log, explain, diff, undo, correct, audit, fork, games)
