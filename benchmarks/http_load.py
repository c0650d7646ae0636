"""Load test of the HTTP game service: many clients entering decisions at once, then an audit of the logs.

    python benchmarks/http_load.py [--seconds 60] [--port P] [--store SPEC] [--servers N] [--workers W] [--json]

It starts ``dungeon-lords serve`` on 127.0.0.1 (a free port unless ``--port``) over a fresh temporary
SQLite store (``--store``: another; a PostgreSQL address without ``?schema=`` runs on a new schema of its
own, dropped afterwards; ``--servers N``: N serve processes on that one store, the clients spread over
them, so the shared game's inputs arrive through every process; ``--workers W``: ``serve --workers W``
each), creates Dungeon Lords games in ``digital`` mode (the engine draws, so every input is a
player's decision) and runs, concurrently for ``--seconds``:

* ``--private-clients`` (8) clients, each entering decisions into a game of its own;
* ``--shared-clients`` (4) clients, all entering decisions into ONE shared game.

Each client loops: GET ``/options`` (its ``event``), pick a legal command of one of the actors (random,
seeded per client), POST it to ``/inputs`` with ``expected=event``. A finished game (``game_over``) is
replaced by a new one (the shared game once, by whichever client sees it first). Every POST is recorded:
200 (accepted, with the events it appended), 409 (the game moved on: nothing stored) or anything else
(a failure; a 5xx fails the run).

Then every game's log (``GET /log``, the recorder's token) is replayed with the game's own rules and audited:

* each accepted input's command, executed on the game as it was where the answer says it was stored
  (event ``expected``, or later when the game moved on only by other seats' answers to the same
  simultaneous decision, which commute; the seeded draws come out as the server's), makes exactly the events
  the log holds from there on, and the
  accepted inputs tile the log after the opening events with no gap and no overlap. ``lost`` counts
  decision events of accepted inputs that are not in the log there, ``duplicated`` decision events in the
  log that no accepted input accounts for. Decision events are those of kind ``decision`` (the ``kind``
  of a ``/log`` entry, else of the event's class in ``domain.kernel.events``): one input makes one or more
  (``TunnelDug`` + ``DiggingFinished``), then chance and consequence events;
* every 409 happened when ANOTHER client had moved the game on: an input of another client was stored
  at or after the ``expected`` the 409 was given, sent before the 409 came back (a 409 in a private game,
  which has one client, is always wrong);
* each accepted (or refused, 422) input was chosen from a listing that is the game's at event ``expected``
  (the game waits there for the same kind of decision, from the same actors, and lists the command):
  otherwise the listing and its ``event`` did not belong together, and an accepted one is a decision
  applied to a state its client never saw (a 409 was due);
* each accepted answer lists the events its input made and ``event`` = where they were stored + their
  number (``misreported`` otherwise).

The report: inputs accepted, conflicts (409), inputs/s, p50/p95/p99 latency of an accepted POST in ms,
lost and duplicated decisions, and any failure; ``--json`` prints it as one JSON object. The exit status
is 0 when nothing was lost, duplicated, wrongly refused, wrongly accepted, misreported or failed, else 1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
GAME = "dungeon_lords"
IDLE_RECONNECT = 2.0  # s: reopen a connection idle this long (uvicorn closes idle ones after 5 s)
REQUEST_TIMEOUT = 120.0  # s: one request (a slow machine under load is slow, but never this slow)


# --- the server ------------------------------------------------------------------------------------
@dataclass
class Server:
    """A running ``dungeon-lords serve``: its port, process and output file."""

    port: int
    process: subprocess.Popen[bytes]
    output: Path

    def output_tail(self, lines: int = 40) -> str:
        """The end of what the server wrote (tracebacks of a 500 land here)."""
        try:
            return "\n".join(self.output.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def free_port() -> int:
    """A TCP port nothing listens on now (127.0.0.1)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_command(port: int, store: str, workers: int = 1) -> list[str]:
    """``dungeon-lords serve`` of this interpreter's environment (its console script, else the entry point)."""
    script = Path(sys.executable).with_name("dungeon-lords")
    program = [str(script)] if script.exists() else [sys.executable, "-c", "from cli.main import main; main()"]
    return [*program, "serve", "--port", str(port), "--store", store, "--workers", str(workers)]


def wait_until_up(server: Server, timeout: float = 60.0) -> None:
    """Poll ``GET /api/games`` until the server answers 200.

    Raises:
        RuntimeError: the server exited or did not answer within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the server exited ({server.process.returncode}):\n{server.output_tail()}")
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)
        try:
            connection.request("GET", "/api/games")
            if connection.getresponse().status == 200:
                return
        except (OSError, http.client.HTTPException):
            pass
        finally:
            connection.close()
        time.sleep(0.2)
    raise RuntimeError(f"the server did not answer on port {server.port} within {timeout:.0f} s")


@contextmanager
def fresh_schema(store: str) -> Iterator[str]:
    """``store`` itself, unless it is a PostgreSQL address without ``?schema=``: then the same database on
    a new schema of its own (``http_load_<hex>``), dropped on exit."""
    if not store.startswith(("postgresql://", "postgres://")) or "schema=" in store:
        yield store
        return
    import uuid

    import psycopg

    schema = f"http_load_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(store, autocommit=True) as c:
        c.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{store}{'&' if '?' in store else '?'}schema={schema}"
    finally:
        with psycopg.connect(store, autocommit=True) as c:
            c.execute(f"DROP SCHEMA {schema} CASCADE")


@contextmanager
def running_servers(
    port: int | None = None, store: str | None = None, servers: int = 1, workers: int = 1
) -> Iterator[list[Server]]:
    """``servers`` ``dungeon-lords serve`` processes (``workers`` each) on 127.0.0.1, on ``store`` (default:
    a new SQLite store in a temporary directory; a PostgreSQL address: see :func:`fresh_schema`), started
    together, up and answering; stopped (and the directory removed) on exit. ``port``: the first one's."""
    with (
        tempfile.TemporaryDirectory(prefix="dl-http-load-") as tmp,
        fresh_schema(store or str(Path(tmp) / "games.sqlite")) as spec,
    ):
        ports = [port or free_port()] + [free_port() for _ in range(servers - 1)]
        started: list[Server] = []
        try:
            for i, p in enumerate(ports):
                output = Path(tmp) / f"server-{i}.log"
                with output.open("wb") as sink:
                    process = subprocess.Popen(serve_command(p, spec, workers), stdout=sink, stderr=subprocess.STDOUT)
                started.append(Server(p, process, output))
            for server in started:
                wait_until_up(server)
            yield started
        finally:
            for server in started:
                server.process.terminate()
            for server in started:
                try:
                    server.process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    server.process.kill()
                    server.process.wait()


# --- one client's HTTP connection ------------------------------------------------------------------
class Timed:
    """An exchange with send and receive times (``time.perf_counter``): its latency in ``ms``."""

    sent: float
    received: float

    @property
    def ms(self) -> float:
        return (self.received - self.sent) * 1000


@dataclass
class Reply(Timed):
    """One HTTP answer: status (0: no answer, the connection failed), JSON body, send and receive times."""

    status: int
    body: Any
    sent: float
    received: float


class Http:
    """One keep-alive connection to the server (one per client thread), JSON in and out."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection: http.client.HTTPConnection | None = None
        self.last_used = 0.0

    def _connection(self) -> http.client.HTTPConnection:
        if self.connection is not None and time.monotonic() - self.last_used > IDLE_RECONNECT:
            self.close()
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
        return self.connection

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> Reply:
        """Send one request. A connection failure is status 0 (never retried: a POST might have been
        stored); the connection is then reopened for the next request."""
        headers = {"content-type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        sent = time.perf_counter()
        try:
            connection = self._connection()
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as exc:
            self.close()
            return Reply(0, {"detail": f"{type(exc).__name__}: {exc}"}, sent, time.perf_counter())
        received = time.perf_counter()
        self.last_used = time.monotonic()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = {"detail": raw.decode(errors="replace")[:500]}
        return Reply(response.status, parsed, sent, received)

    def get(self, path: str, token: str | None = None) -> Reply:
        """A GET (read-only, so one retry after a failed connection)."""
        reply = self.request("GET", path, token=token)
        return reply if reply.status != 0 else self.request("GET", path, token=token)


# --- games and what the clients did ---------------------------------------------------------------
@dataclass(frozen=True)
class GameRef:
    """A game the benchmark created: id, the recorder's token, how many events it opened with, whether
    several clients share it, and its seed."""

    id: str
    token: str
    opening: int
    shared: bool
    seed: int


@dataclass
class Post(Timed):
    """One POST of an input: who sent it where, what it saw, and the answer."""

    client: str
    game: str
    expected: int
    seen_kind: str
    seen_actors: list[str]
    command: dict[str, Any]
    status: int
    body: Any
    sent: float
    received: float

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events an accepted input appended (its response's ``events``)."""
        return list(self.body.get("events", [])) if self.status == 200 else []

    @property
    def stored_at(self) -> int:
        """The event number an accepted input's events follow: ``expected``, or later when the game moved on
        only by other seats' answers to the same simultaneous decision (they commute: the service checks
        the input against the game as it stands and stores it there; the answer's ``event`` says where)."""
        if self.status != 200 or not isinstance(self.body.get("event"), int):
            return self.expected
        return max(self.expected, int(self.body["event"]) - len(self.events))


@dataclass
class Failure:
    """A request answered with a status other than 200/409 (0: no answer at all; -1: the client broke)."""

    client: str
    what: str
    status: int
    detail: str

    @property
    def label(self) -> str:
        """How the report counts it: what, status, and a 422's refusal code or why there was no answer."""
        if self.status == 422:
            try:
                return f"{self.what} 422 {json.loads(self.detail).get('code', '?')}"
            except (ValueError, AttributeError):
                return f"{self.what} 422"
        return f"{self.what} {self.status}" + (f" {self.detail}" if self.status in (0, -1) else "")


class GameCreationFailed(RuntimeError):
    """The server would not create a game (the client that asked stops)."""


class Ledger:
    """Everything the clients did (thread-safe): the games, every POST, every failure, GET latencies."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.games: list[GameRef] = []
        self.posts: list[Post] = []
        self.failures: list[Failure] = []
        self.options_ms: list[float] = []

    def game(self, game: GameRef) -> None:
        with self.lock:
            self.games.append(game)

    def post(self, post: Post) -> None:
        with self.lock:
            self.posts.append(post)

    def failure(self, failure: Failure) -> None:
        with self.lock:
            self.failures.append(failure)

    def options(self, ms: float) -> None:
        with self.lock:
            self.options_ms.append(ms)


def create_game(http: Http, rng: random.Random, shared: bool, ledger: Ledger, client: str) -> GameRef:
    """POST /api/games: a digital Dungeon Lords game for ``PLAYERS`` (seeded from ``rng``).

    Raises:
        GameCreationFailed: any answer but 201 (also recorded as a failure)."""
    seed = rng.randrange(2**31)
    body = {"game": GAME, "names": PLAYERS, "mode": "digital", "seed": seed}
    reply = http.request("POST", "/api/games", body)
    if reply.status != 201:
        ledger.failure(Failure(client, "create game", reply.status, json.dumps(reply.body)[:300]))
        raise GameCreationFailed(f"creating a game answered {reply.status}")
    made = reply.body
    game = GameRef(made["id"], made["tokens"]["recorder"], made["events"], shared, seed)
    ledger.game(game)
    return game


class OwnGame:
    """A private client's game: replaced by a new one when it ends."""

    def __init__(self, game: GameRef) -> None:
        self.game = game

    def current(self) -> GameRef:
        return self.game

    def after(self, finished: GameRef, http: Http, rng: random.Random, ledger: Ledger, client: str) -> GameRef:
        self.game = create_game(http, rng, False, ledger, client)
        return self.game


class SharedGame:
    """The game several clients enter into: the first client to see it end creates the next one."""

    def __init__(self, game: GameRef) -> None:
        self.lock = threading.Lock()
        self.game = game

    def current(self) -> GameRef:
        with self.lock:
            return self.game

    def after(self, finished: GameRef, http: Http, rng: random.Random, ledger: Ledger, client: str) -> GameRef:
        with self.lock:
            if self.game.id == finished.id:
                self.game = create_game(http, rng, True, ledger, client)
            return self.game


# --- the client loop ------------------------------------------------------------------------------
def choose(seen: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random legal command of a random actor that has one, from an ``/options`` answer (None: none)."""
    offered = {actor: commands for actor, commands in (seen.get("options") or {}).items() if commands}
    if not offered:
        return None
    return rng.choice(offered[rng.choice(sorted(offered))])


def client_loop(name: str, port: int, games: OwnGame | SharedGame, deadline: float, seed: int, ledger: Ledger) -> None:
    """One client until ``deadline`` (``time.monotonic``): look, choose, enter; a new game after game over."""
    http, rng = Http(port), random.Random(seed)
    game = games.current()
    try:
        while time.monotonic() < deadline:
            looked = http.get(f"/api/games/{game.id}/options", token=game.token)
            if looked.status != 200:
                ledger.failure(Failure(name, "GET options", looked.status, json.dumps(looked.body)[:300]))
                time.sleep(0.1)  # a server that does not answer is not hammered
                continue
            ledger.options(looked.ms)
            seen = looked.body
            if seen["kind"] == "game_over":
                game = games.after(game, http, rng, ledger, name)
                continue
            command = choose(seen, rng)
            if command is None:
                ledger.failure(Failure(name, "GET options", 200, f"no legal command at event {seen['event']}"))
                time.sleep(0.1)
                continue
            reply = http.request(
                "POST", f"/api/games/{game.id}/inputs", {"command": command, "expected": seen["event"]}, game.token
            )
            ledger.post(
                Post(
                    client=name,
                    game=game.id,
                    expected=seen["event"],
                    seen_kind=seen["kind"],
                    seen_actors=list(seen["actors"]),
                    command=command,
                    status=reply.status,
                    body=reply.body,
                    sent=reply.sent,
                    received=reply.received,
                )
            )
            if reply.status not in (200, 409):
                ledger.failure(Failure(name, "POST inputs", reply.status, json.dumps(reply.body)))
    except GameCreationFailed:
        pass  # recorded; this client stops
    except Exception as exc:  # a client bug must not hang the run: record it
        ledger.failure(Failure(name, "client", -1, f"{type(exc).__name__}: {exc}"))
    finally:
        http.close()


def run_clients(
    ports: list[int], seconds: float, private_clients: int, shared_clients: int, seed: int
) -> tuple[Ledger, float]:
    """Create the games, run every client thread for ``seconds``, client ``i`` on server ``ports[i % len]``
    (the shared game's clients so spread over the servers); (what they did, the seconds it took)."""
    ledger = Ledger()
    setup, rng = Http(ports[0]), random.Random(seed)
    sources: list[tuple[str, OwnGame | SharedGame]] = [
        (f"private-{i}", OwnGame(create_game(setup, rng, False, ledger, "setup"))) for i in range(private_clients)
    ]
    if shared_clients:
        shared = SharedGame(create_game(setup, rng, True, ledger, "setup"))
        sources += [(f"shared-{i}", shared) for i in range(shared_clients)]
    setup.close()
    start = time.monotonic()
    threads = [
        threading.Thread(
            target=client_loop,
            args=(name, ports[i % len(ports)], games, start + seconds, seed * 1000 + i, ledger),
            name=name,
        )
        for i, (name, games) in enumerate(sources)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return ledger, time.monotonic() - start


# --- the audit -----------------------------------------------------------------------------------
@dataclass
class GameAudit:
    """What one game's log says about the inputs sent into it."""

    game: GameRef
    events: int = 0
    decisions_accepted: int = 0
    decisions_logged: int = 0
    lost: int = 0
    duplicated: int = 0
    wrong_conflicts: int = 0
    stale_listings: int = 0
    stale_accepted: int = 0
    misreported: int = 0
    stored: dict[int, int] = field(default_factory=dict)  # id of an accepted Post -> the event its events follow
    problems: list[str] = field(default_factory=list)  # what went wrong
    notes: list[str] = field(default_factory=list)  # why a 422 came (a refused input's stale listing)


@dataclass
class Log:
    """A game's log as ``GET /log`` gives it to the recorder: each event's JSON (``{"type", **fields}``,
    what an accepted response lists) and its kind (decision, chance, consequence...)."""

    events: list[dict[str, Any]]
    kinds: list[str]


def decision_types() -> set[str]:
    """The event types that are decisions (``kind == "decision"``) in the game's event classes."""
    from domain.games import get

    return {name for name, cls in get(GAME).events.items() if getattr(cls, "kind", "") == "decision"}


def read_log(entries: list[dict[str, Any]], decisions: set[str]) -> Log:
    """``GET /log``'s answer in either shape: ``{"n", "kind", "text", "data"}`` (the event's JSON in
    ``data``, its kind beside it) or ``{"n", "type", **fields}`` (the kind from the event's class)."""
    if entries and "data" in entries[0]:
        return Log([e["data"] for e in entries], [e["kind"] for e in entries])
    events = [{k: v for k, v in e.items() if k != "n"} for e in entries]
    return Log(events, ["decision" if e.get("type") in decisions else "other" for e in events])


def replay_inputs(audit: GameAudit, log: Log, posts: list[Post]) -> dict[int, list[dict[str, Any]]]:
    """Replay the log with the game's own rules (``domain.games``) and, at event ``expected`` of each
    accepted or refused (422) input:

    * the game must wait for the decision its client saw (kind, actors) and list its command, else the
      listing and its ``event`` did not belong together (``stale_listings``; ``stale_accepted``: the
      server stored it, a decision applied to a state its client never saw, where a 409 was due);
    * an accepted command is executed there (digital: the seeded draws come out as the server's): the
      events it stores, by ``id`` of its Post (what :func:`check_tiling` looks for in the log). An answer
      that lists other events, or an ``event`` other than ``expected`` + their number, is ``misreported``.

    The recorder's log may hide a digital game's seed while it is in progress: the benchmark chose it."""
    from domain.games import get

    package = get(GAME)
    listed: dict[int, list[Post]] = defaultdict(list)  # by the event its client saw
    tried: dict[int, list[Post]] = defaultdict(list)  # accepted: where its events may follow
    for post in posts:
        if post.status in (200, 422):
            listed[post.expected].append(post)
        if post.status == 200:
            tried[post.expected].append(post)
    made: dict[int, list[dict[str, Any]]] = {}
    state = None
    for n, event in enumerate(log.events, 1):
        if event.get("type") == "GameStarted" and not isinstance(event.get("seed"), int):
            event = {**event, "seed": audit.game.seed}
        state = package.rules.evolve(state, package.event_from_json(event))
        for post in listed.get(n, []):
            check_listing(audit, package, state, post)
        for post in tried.get(n, []):
            try:
                mine = [e.to_json() for e in package.engine.execute(state, post.command)[0]]
            except Exception as exc:  # the rules refuse it there: the server should not have stored it
                if post.stored_at > n:  # it commuted: its place is where the answer says
                    tried[post.stored_at].append(post)
                    continue
                audit.problems.append(f"{post.client}: accepted at event {n}, but the rules refuse it: {exc}")
                continue
            if log.events[n : n + len(mine)] != mine and post.stored_at > n:
                tried[post.stored_at].append(post)  # other seats' answers to the same decision came first
                continue
            made[id(post)], audit.stored[id(post)] = mine, n
            check_answer(audit, post, mine, n)
    return made


def check_listing(audit: GameAudit, package: Any, state: Any, post: Post) -> None:
    """The game at ``state`` (event ``post.expected``) waits for what ``post``'s client saw and lists its command."""
    pending = package.engine.pending(state)
    actor = post.command.get("player")
    legal = [o.model_dump(mode="json") for o in pending.options(actor)] if actor in pending.actors else []
    if pending.kind == post.seen_kind and sorted(pending.actors) == sorted(post.seen_actors) and post.command in legal:
        return
    audit.stale_listings += 1
    audit.stale_accepted += post.status == 200
    (audit.problems if post.status == 200 else audit.notes).append(
        f"{post.client}: input {'accepted' if post.status == 200 else 'refused (422)'} at expected={post.expected} "
        f"was chosen from a listing of {post.seen_kind} {post.seen_actors}, but at event {post.expected} the game "
        f"waited for {pending.kind} {pending.actors}; the command {json.dumps(post.command)} is "
        + ("legal there" if post.command in legal else "not legal there")
    )


def check_answer(audit: GameAudit, post: Post, made: list[dict[str, Any]], at: int) -> None:
    """An accepted answer lists the events its input made (stored after event ``at``) and the event number
    after them."""
    answered, due = post.body.get("event"), at + len(made)
    if post.events == made and answered == due:
        return
    audit.misreported += 1
    wrong = [] if post.events == made else [f"lists [{', '.join(e.get('type', '?') for e in post.events)}]"]
    wrong += [] if answered == due else [f"says event={answered}"]
    audit.problems.append(
        f"{post.client}: the answer to its {post.command.get('type')} at expected={post.expected} "
        f"{' and '.join(wrong)}, but the input made events {at + 1}..{due} "
        f"[{', '.join(e['type'] for e in made)}]"
    )


def check_tiling(
    audit: GameAudit, log: Log, accepted: list[Post], made: dict[int, list[dict[str, Any]]], decisions: set[str]
) -> None:
    """Each accepted input's events (``made``; its answer's where there are none) must be the log's from
    event ``expected+1``, and the accepted inputs must cover the log after the opening exactly once. Sets
    ``lost`` (decision events of accepted inputs not in the log where their ``expected`` puts them),
    ``duplicated`` (decision events in the log that no accepted input accounts for) and the two counts."""

    def count(events: list[dict[str, Any]]) -> int:
        return sum(e.get("type") in decisions for e in events)

    events, covered = log.events, [False] * len(log.events)
    by_start: dict[int, list[Post]] = defaultdict(list)
    for post in accepted:
        by_start[audit.stored.get(id(post), post.expected)].append(post)
    for start, posts in sorted(by_start.items()):
        matched = False
        for post in posts:
            mine = made.get(id(post), post.events)
            if not matched and start >= audit.game.opening and events[start : start + len(mine)] == mine:
                matched = True
                covered[start : start + len(mine)] = [True] * len(mine)
            else:
                audit.lost += count(mine)
                audit.problems.append(
                    f"{post.client}: input accepted after event {start} ({post.command.get('type')}) is not in "
                    f"the log at event {start + 1}" + (" (another accepted input is)" if matched else "")
                )
    for n, (event, kind, seen) in enumerate(zip(events, log.kinds, covered), 1):
        if n > audit.game.opening and not seen and kind == "decision":
            audit.duplicated += 1
            audit.problems.append(f"log event {n} ({event.get('type')}) is a decision no accepted input accounts for")
    audit.decisions_accepted = sum(count(made.get(id(p), p.events)) for p in accepted)
    audit.decisions_logged = log.kinds[audit.game.opening :].count("decision")


def check_conflicts(audit: GameAudit, posts: list[Post]) -> None:
    """Every 409 needs another client's input accepted at the same ``expected``, sent before the 409
    came back (in a private game, with one client, none can be right), and a reported event past it."""
    winners = [post for post in posts if post.status == 200]
    for post in posts:
        if post.status != 409:
            continue
        # another client's input stored after the event this one saw (at it, or after other seats' answers
        # to the same decision that commuted), sent before the 409 came back
        moved_on = [
            w for w in winners if w.client != post.client and w.stored_at >= post.expected and w.sent < post.received
        ]
        reported = post.body.get("event") if isinstance(post.body, dict) else None
        if not moved_on or not isinstance(reported, int) or reported <= post.expected:
            audit.wrong_conflicts += 1
            audit.problems.append(
                f"{post.client}: 409 at expected={post.expected} (answered event={reported}) but no other "
                "client's input was accepted at that event"
            )


def audit_game(http: Http, game: GameRef, posts: list[Post], decisions: set[str]) -> GameAudit:
    """Read the game's log (recorder token) and check the inputs sent into it against it."""
    audit = GameAudit(game)
    reply = http.get(f"/api/games/{game.id}/log", token=game.token)
    if reply.status != 200:
        audit.problems.append(f"GET log of {game.id} answered {reply.status}")
        return audit
    log = read_log(reply.body, decisions)
    audit.events = len(log.events)
    made = replay_inputs(audit, log, posts)
    check_tiling(audit, log, [p for p in posts if p.status == 200], made, decisions)
    check_conflicts(audit, posts)
    return audit


def audit_all(port: int, ledger: Ledger) -> list[GameAudit]:
    """One :class:`GameAudit` per game created."""
    http, decisions = Http(port), decision_types()
    by_game: dict[str, list[Post]] = defaultdict(list)
    for post in ledger.posts:
        by_game[post.game].append(post)
    try:
        return [audit_game(http, game, by_game[game.id], decisions) for game in ledger.games]
    finally:
        http.close()


# --- the report ----------------------------------------------------------------------------------
def percentiles(values: list[float]) -> dict[str, float]:
    """p50, p95, p99 and max (ms, rounded), or zeros when there is nothing to measure."""
    if len(values) < 2:
        only = round(values[0], 1) if values else 0.0
        return {"p50": only, "p95": only, "p99": only, "max": only}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {
        "p50": round(cuts[49], 1),
        "p95": round(cuts[94], 1),
        "p99": round(cuts[98], 1),
        "max": round(max(values), 1),
    }


def summarize(
    ledger: Ledger,
    audits: list[GameAudit],
    elapsed: float,
    seconds: float,
    clients: dict[str, int],
    servers: list[Server],
    store: str = "sqlite",
    workers: int = 1,
) -> dict[str, Any]:
    """The run as one JSON-ready dict (see the module docstring)."""
    accepted = [p for p in ledger.posts if p.status == 200]
    conflicts = [p for p in ledger.posts if p.status == 409]
    shared_ids = {g.id for g in ledger.games if g.shared}
    statuses = Counter(f.status for f in ledger.failures)
    failures = Counter(f.label for f in ledger.failures)
    totals = {k: sum(getattr(a, k) for a in audits) for k in ("lost", "duplicated", "wrong_conflicts")}
    report: dict[str, Any] = {
        "seconds": seconds,
        "elapsed": round(elapsed, 2),
        "clients": clients,
        "store": store,
        "servers": len(servers),
        "workers": workers,
        "games": {
            "private": sum(not g.shared for g in ledger.games),
            "shared": sum(g.shared for g in ledger.games),
        },
        "inputs_accepted": len(accepted),
        "inputs_accepted_shared": sum(p.game in shared_ids for p in accepted),
        "conflicts": len(conflicts),
        "conflicts_shared": sum(p.game in shared_ids for p in conflicts),
        "inputs_per_s": round(len(accepted) / elapsed, 1) if elapsed else 0.0,
        "input_latency_ms": percentiles([p.ms for p in accepted]),
        "options_latency_ms": percentiles(ledger.options_ms),
        "decisions_accepted": sum(a.decisions_accepted for a in audits),
        "decisions_logged": sum(a.decisions_logged for a in audits),
        **totals,
        "stale_listings": sum(a.stale_listings for a in audits),
        "stale_accepted": sum(a.stale_accepted for a in audits),
        "misreported": sum(a.misreported for a in audits),
        "failures": dict(sorted(failures.items())),
        "refused": sum(p.status == 422 for p in ledger.posts),
        "server_errors": sum(n for s, n in statuses.items() if s >= 500),
        "problems": [f"game {a.game.id[:8]}: {p}" for a in audits for p in a.problems][:20],
        "notes": [f"game {a.game.id[:8]}: {n}" for a in audits for n in a.notes][:10],
    }
    report["ok"] = not (ledger.failures or any(totals.values()) or report["stale_accepted"] or report["misreported"])
    if report["server_errors"]:
        report["server_output"] = "\n".join(server.output_tail() for server in servers)
    return report


def format_report(report: dict[str, Any]) -> str:
    """The report for people: a few lines."""
    lat, opt = report["input_latency_ms"], report["options_latency_ms"]
    lines = [
        f"HTTP load: {report['clients']['private']} clients in their own games, {report['clients']['shared']} in "
        f"one shared game, {report['elapsed']:.1f} s; games: {report['games']['private']} private, "
        f"{report['games']['shared']} shared",
        f"{report['servers']} server process(es) x {report['workers']} worker(s) on one {report['store']} store",
        f"inputs accepted: {report['inputs_accepted']} ({report['inputs_accepted_shared']} in the shared game), "
        f"{report['inputs_per_s']:.1f} inputs/s",
        f"conflicts (409): {report['conflicts']} ({report['conflicts_shared']} in the shared game), "
        f"wrong: {report['wrong_conflicts']}",
        f"accepted input POST latency: p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms, p99 {lat['p99']:.1f} ms, "
        f"max {lat['max']:.1f} ms (GET options p50 {opt['p50']:.1f} ms, p95 {opt['p95']:.1f} ms)",
        f"decisions accepted: {report['decisions_accepted']}, in the logs: {report['decisions_logged']}",
        f"lost: {report['lost']}, duplicated: {report['duplicated']}",
    ]
    if report["stale_listings"] or report["misreported"]:
        lines.append(
            f"inputs chosen from a listing that was not the game's at their expected event: "
            f"{report['stale_listings']} ({report['stale_accepted']} of them accepted, "
            f"{report['stale_listings'] - report['stale_accepted']} of the {report['refused']} 422s); "
            f"accepted answers that list other events than the input's or another event number: {report['misreported']}"
        )
    for what, n in report["failures"].items():
        lines.append(f"failure: {what} x{n}")
    lines += [f"problem: {p}" for p in report["problems"]]
    lines += [f"note: {n}" for n in report["notes"]]
    if report.get("server_output"):
        lines += ["server output (tail):", report["server_output"]]
    lines.append("OK" if report["ok"] else "FAILED")
    return "\n".join(lines)


def run_benchmark(
    seconds: float = 60.0,
    private_clients: int = 8,
    shared_clients: int = 4,
    port: int | None = None,
    seed: int = 1,
    store: str | None = None,
    servers: int = 1,
    workers: int = 1,
) -> dict[str, Any]:
    """Start the servers, run the clients for ``seconds``, audit every game; the report (:func:`summarize`)."""
    with running_servers(port, store, servers, workers) as started:
        ports = [s.port for s in started]
        ledger, elapsed = run_clients(ports, seconds, private_clients, shared_clients, seed)
        audits = audit_all(ports[0], ledger)
        clients = {"private": private_clients, "shared": shared_clients}
        kind = "postgresql" if (store or "").startswith(("postgresql://", "postgres://")) else "sqlite"
        return summarize(ledger, audits, elapsed, seconds, clients, started, kind, workers)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the clients run (default 60)")
    parser.add_argument("--port", type=int, default=None, help="the server's port (default: a free one)")
    parser.add_argument("--private-clients", type=int, default=8, help="clients with a game each (default 8)")
    parser.add_argument("--shared-clients", type=int, default=4, help="clients sharing one game (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the clients' choices and the games")
    parser.add_argument(
        "--store",
        default=None,
        help="the store (default: a new SQLite file); a PostgreSQL address without ?schema= gets a new schema",
    )
    parser.add_argument("--servers", type=int, default=1, help="serve processes on the store (default 1)")
    parser.add_argument("--workers", type=int, default=1, help="serve --workers of each (default 1)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    args = parser.parse_args(argv)
    report = run_benchmark(
        args.seconds,
        args.private_clients,
        args.shared_clients,
        args.port,
        args.seed,
        args.store,
        args.servers,
        args.workers,
    )
    print(json.dumps(report) if args.json else format_report(report))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
