"""What every command shares: the root app, the root options, opening the store and the read models, game-id
prefixes, and the shared argument types."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .consoles import err_console
from .errors import UserError
from .i18n import _

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="dungeon-lords: record, play and inspect board games stored as event logs (`--game` says which).",
    pretty_exceptions_enable=False,
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


GameArg = Annotated[str, typer.Argument(help="Game id (or a unique prefix).")]


AsOpt = Annotated[str | None, typer.Option("--as", help="Show only what this player (colour) could see.")]


OPTIONS: dict[str, Any] = {"init": False, "catalog": None}  # the root options (set by main_options)


ANALYTICS_WAIT = 60.0  # seconds to wait for another process's lock on the read models


def _app(store: str | None):
    """The application on the store (refused: an existing file that is not a store, unless --init)."""
    from domain.service.application import GameService

    application = GameService.open(store, init=OPTIONS["init"])
    # a snapshot ignored (it failed its digest) is one line on stderr; the command goes on
    application.warn = lambda text: err_console.print(f"warning: {text}", markup=False, highlight=False)
    return application


def _game_id(application, game: str):
    """Accept a full game id or a unique prefix of one (remembered: a replay of it that fails is checked
    against its hash chain, cli.faults.GAMES_IN_USE)."""
    from uuid import UUID

    from .faults import GAMES_IN_USE

    try:
        gid = UUID(game)
    except ValueError:
        pass
    else:
        GAMES_IN_USE.append((application, gid))
        return gid
    matches = [g for g in application.games() if str(g).startswith(game)]
    if len(matches) == 1:
        GAMES_IN_USE.append((application, matches[0]))
        return matches[0]
    if not matches:
        raise UserError(
            _("no game id starts with {game} in this store (see `dungeon-lords games`)").format(game=repr(game))
        )
    raise UserError(_("{game} matches {n} games; give more of the id").format(game=repr(game), n=len(matches)), 2)


def _package(name: str | None):
    """The registered game ``name`` (a shipped game's, or one ``DL_GAMES`` or an entry point adds; a hyphen is
    read as an underscore; None: the default game, the first registered), or a one-line error."""
    from domain.kernel.registry import GAMES, default, get
    from domain.service.games import load_games

    load_games()
    if name is None:
        return default()
    try:
        return get(name)
    except KeyError:
        games = ", ".join(g.replace("_", "-") for g in GAMES)
        raise UserError(_("no game {name}; the games are {games}").format(name=repr(name), games=games)) from None


def _viewer(state, as_: str | None) -> str | None:
    """The player colour of ``--as`` (any case), or None for the omniscient view. ``state``: the game's
    state, or its log (the first event names the seats)."""
    if as_ is None:
        return None
    from domain.kernel.registry import GAMES

    if isinstance(state, list):  # the game whose events these are; its seats as the first event sets them
        package = next(g for g in GAMES.values() if g.events.get(state[0].type) is type(state[0]))
        state = package.engine.replay(state[:1])
    else:
        package = next(g for g in GAMES.values() if isinstance(state, g.state_type))
    seats = package.seats(state)  # how commands name the players (colours, p1..p5...)
    if as_.strip().lower() not in seats:
        raise UserError(_("--as takes a player of this game: {seats}").format(seats=", ".join(seats)))
    return as_.strip().lower()


def _warn_if_broken(application, gid) -> list[str]:
    problems = application.integrity(gid)
    for p in problems:
        err_console.print(f"warning: {p} (see `dungeon-lords audit`)")
    return problems


def _bots(game: str):
    """The bots that can play a seat of ``game`` (a registered name), by name."""
    return _package(game).bots


def _state_at_input(application, gid, at: int | None, flag: str):
    """The game's state just after event ``at`` (None: now), which must be a point where the game waited
    for an input: options are listed, and commands entered, only there.

    Raises:
        UserError: (exit 2) ``at`` is inside the events one input caused, naming that input's events and the
            input points on either side; ValueError: ``at`` is outside the log.
    """
    if at is None:
        return application.state(gid)
    state = application.state(gid, version=at)  # ValueError: not an event of the game
    log = application.log(gid)
    if at == len(log):
        return state
    points = _input_points(application.game_of(gid), log)
    if at in points:
        return state
    before = max((k for k in points if k < at), default=None)
    after = min((k for k in points if k > at), default=None)
    near = " or ".join(f"{flag} {k}" for k in (before, after) if k is not None)
    first, last = (before or 0) + 1, after or len(log)
    said = _("event {at} is inside the input of events {first}-{last}; use {near} (an input point)")
    raise UserError(said.format(at=at, first=first, last=last, near=near))


def _input_points(package, log: list) -> list[int]:
    """The event numbers after which the game waited for an input (the record's own reading of the log,
    as ``fork`` uses it; for a log the current rules no longer replay, the events after which the rules ask
    for an input, which may also count one inside an input, before the Evil steps it moved)."""
    from domain.kernel.errors import RuleViolation
    from domain.kernel.pending import Pending

    try:
        points: list[int] = package.history.input_points(log)
        return points
    except (ValueError, RuleViolation):
        engine = package.engine
        state, out = engine.replay(log[:1]), []
        for k, e in enumerate(log[1:], 2):
            state = engine.rules.evolve(state, e)
            if isinstance(engine.rules.step(state), Pending):
                out.append(k)
        return out
