"""``GameService``: the application service (it serves every registered game; ``DungeonLords`` is its old
name, kept as an alias). It
loads a game, lets that game's engine decide, and saves the resulting events in ONE append; it reads games
as of any version (architecture §3).

    app = GameService.open("memory")          # or GameService(env=store_env(spec)); see domain.service.storage
    gid = app.create_game(["Ann", "Bob"], seed=7)
    events = app.execute(gid, {"type": "choose_orders", "player": "red", "orders": [...]})
    app.state(gid), app.state(gid, version=12), app.pending(gid), app.log(gid), app.games()

Errors: ``RuleViolation`` (the command is refused; nothing is stored), :class:`GameNotFound`,
:class:`GameConflict` (someone else appended to the game between our load and our save; nothing of
ours was stored; never retried here), ``ValueError`` (a version outside the game's log, or a list of
events that does not start a game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID, uuid4
from weakref import WeakSet

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, JSONTranscoder, Mapper, Recording, Transcoder

from domain.kernel import GamePackage, Pending, RuleViolation
from domain.kernel.events import Event
from domain.kernel.registry import GAMES, default
from domain.kernel.registry import get as get_game

from .aggregate import (
    AGGREGATES,
    ON_BUILT,
    GameAggregate,
    GameSnapshot,
    SnapshotMismatch,
    aggregate_for,
    aggregate_of_topic,
    fold,
    seal,
    state_digest,
    sync_aggregates,
    transcoding_of,
    transcodings,
)
from .live import adopt_from_public, connect, schema_lock_key, table_of
from .names import only_outcome
from .storage import store_env
from .transcoder import OrjsonTranscoder

if TYPE_CHECKING:
    from domain.kernel.history import Correction

PAGE = 1000  # notifications per read (well above the library's log_section_size trap)
COMMUTE_RETRIES = 8  # an input re-tried while other seats' answers to the same decision keep coming in


class GameNotFound(LookupError):
    """Raised when no game with the given id is in this store."""

    def __init__(self, game_id: Any):
        super().__init__(f"There is no game {game_id} in this store. List the games to see their ids.")
        self.game_id = game_id


class GameConflict(Exception):
    """Raised when someone else recorded into the game after we loaded it (a stale write)."""

    def __init__(self, game_id: UUID, detail: str = ""):
        super().__init__(
            f"Someone else recorded into game {game_id} meanwhile"
            + (f" ({detail})" if detail else "")
            + ", so nothing of yours was saved. Look at the game again and re-enter your command."
        )
        self.game_id = game_id


class StoredEventDamaged(Exception):
    """Raised when a stored row (an event or a snapshot) cannot be read: its JSON, topic or fields are
    damaged. ``game_id``, ``version``: the game and the event number; ``snapshot``: the row is a snapshot."""

    def __init__(self, game_id: Any, version: int, snapshot: bool, cause: BaseException) -> None:
        what = f"the snapshot at event {version}" if snapshot else f"event {version}"
        inner = cause.__cause__ or cause  # the library's error wraps the JSON decoder's
        reason = f"{type(inner).__name__}: {' '.join(str(inner).split())[:160]}"
        super().__init__(
            f"game {game_id}: {what} cannot be read from the store ({reason}); the store "
            "is damaged: restore it from a backup, or delete the game and import its record"
        )
        self.game_id, self.version, self.snapshot = game_id, version, snapshot


SNAPSHOT_INTERVAL = 100  # a snapshot every so many events, taken as a game is stored (``take_snapshots``: more)
HISTORY_INTERVAL = 25  # take_snapshots' default: the state at any event in under 5 ms (docs/performance.md)
IDENTITY_TABLE = "dungeonlords_store"


class StoreRefused(ValueError):
    """An existing file that is not a store of games (see :meth:`GameService.open`)."""


def _check_sqlite_store(path: str) -> None:
    """Refuse an existing SQLite file that holds neither our identity nor our events."""
    import os
    import sqlite3

    if path == ":memory:" or "mode=memory" in path or not os.path.exists(path):
        return
    if os.path.getsize(path) == 0:
        raise StoreRefused(
            f"{path} is an empty file, not a store of games: if it should become one, "
            "give --init (or choose another --store)"
        )
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        con.close()
    if not tables & {IDENTITY_TABLE, "stored_events"}:
        raise StoreRefused(
            f"{path} is a SQLite database but not a store of games: if it should become one, "
            "give --init (or choose another --store)"
        )


@dataclass(frozen=True)
class GameSummary:
    """A game as ``games`` lists it: ``origin`` (its first event's: recorded...), ``seats`` ("red Ann (bot)"),
    ``status`` ("in progress" | "finished" | "archived"), ``events`` (how many), ``created`` and
    ``last_input`` (ISO times, UTC)."""

    id: UUID
    origin: str
    forked_from: str | None
    seats: list[str]
    status: str
    events: int
    created: str
    last_input: str
    game: str = ""  # the registry name


class GameService(Application[UUID]):
    """The games of every registered game in one store (SQLite file, PostgreSQL
    tables ``dungeonlords_*``, or memory); each stored game runs by its own rules (``game_of``)."""

    name = "DungeonLords"  # the stored name (tables ``dungeonlords_*``, records): unchanged by the rename
    snapshotting_intervals = {}  # every aggregate's, as it is built (_serve)
    snapshotting_projectors = {}
    log_section_size = PAGE

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        """The application on an eventsourcing env (:func:`~domain.service.storage.store_env`). On PostgreSQL,
        the tables are created (if missing) and the store's identity read under an advisory lock of the
        schema's, so processes starting together on a fresh schema do not collide creating them.

        Every registered game is served: one loaded or registered since the class was defined gets its
        aggregate here (:func:`~.aggregate.sync_aggregates`).

        Raises:
            eventsourcing's PersistenceError: the store cannot be opened or its tables created.
            GameLoadError: a game named by ``DL_GAMES`` or an entry point cannot be loaded."""
        sync_aggregates()  # (each one built: _serve; a shipped game not imported yet: when first read)
        if env is None or env.get("PERSISTENCE_MODULE") != "eventsourcing.postgres":
            super().__init__(env=env)
            return
        with _schema_lock(env):
            super().__init__(env=env)
            self.store_id()

    @classmethod
    def open(cls, store: str | None = None, init: bool = False) -> GameService:
        """The application on a store spec (see :func:`domain.service.storage.store_env`), with its identity.

        An existing SQLite file that is not a store of games (a zero-byte file, another program's
        database) is refused unless ``init`` (then it becomes one): opening it would silently show
        no games where the user expects theirs.

        Raises:
            StoreRefused: the file exists but holds no store (and ``init`` is not given).
            ValueError: a bad store spec.  eventsourcing's PersistenceError / sqlite3.Error: the store
                cannot be opened or read (truncated, overwritten, unreadable, read-only).
        """
        env = store_env(store)
        path = env.get("SQLITE_DBNAME") if env.get("PERSISTENCE_MODULE") == "eventsourcing.sqlite" else None
        if path and not init:
            _check_sqlite_store(path)
        app = cls(env=env)
        app.store_id()
        return app

    def store_id(self) -> str:
        """This store's identity (a UUID created with the store; read models record it, so they are
        never mixed with another store's). Stores made before identities existed get one now."""
        known: str | None = self.__dict__.get("_store_id")
        if known:
            return known
        recorder: Any = self.recorder  # a SQLite, PostgreSQL or POPO recorder: their tables differ
        if hasattr(recorder, "_stored_events"):  # memory: one identity per instance
            made = str(getattr(recorder, "_dl_store_id", None) or uuid4())
            recorder._dl_store_id = self.__dict__["_store_id"] = made
            return made
        name = table_of(recorder, IDENTITY_TABLE)  # on PostgreSQL in the store's schema
        sqlite = type(recorder).__module__.endswith("sqlite")
        mark = "?" if sqlite else "%s"
        with recorder.datastore.transaction(commit=True) as c:
            c.execute(f"CREATE TABLE IF NOT EXISTS {name} (id TEXT NOT NULL)")
            # a store of games made when the identity went to public keeps it (its read models stay its own)
            adopt_from_public(c, recorder, IDENTITY_TABLE, "EXISTS (SELECT 1 FROM {events})")
            c.execute(f"SELECT id FROM {name}")
            row = c.fetchone()
            if row is None:
                row = (str(uuid4()),)
                c.execute(f"INSERT INTO {name} (id) VALUES ({mark})", row)
        found = str(row[0] if isinstance(row, tuple | list) else row["id"])
        self.__dict__["_store_id"] = found
        return found

    def on_saved(self, listener: Callable[[set[UUID]], None]) -> None:
        """Call ``listener(game_ids)`` after every save of this instance, with the games it appended to (on
        the saving thread): how a server hears its own appends on a store without notices (:mod:`.live`)."""
        self.__dict__.setdefault("_saved_listeners", []).append(listener)

    def _notify(self, recordings: list[Recording[UUID]]) -> None:
        """eventsourcing's hook after a save: tell the :meth:`on_saved` listeners."""
        for listener in self.__dict__.get("_saved_listeners", ()):
            listener({r.domain_event.originator_id for r in recordings})

    def construct_mapper(self) -> Mapper[UUID]:
        """eventsourcing's mapper, whose reading of a stored row raises :class:`StoredEventDamaged` (naming the
        game and the event) for any row it cannot read, instead of the library's errors (a ValueError)."""
        mapper = super().construct_mapper()
        decode = mapper.to_domain_event

        def to_domain_event(stored: Any) -> Any:
            try:
                return decode(stored)
            except Exception as exc:  # noqa: BLE001  (whatever a damaged row raises: JSON, topic, fields)
                if _first_use(stored.topic):  # a shipped game's first event read here: its classes are made now
                    return to_domain_event(stored)
                snapshot = "Snapshot" in str(stored.topic)
                raise StoredEventDamaged(stored.originator_id, stored.originator_version, snapshot, exc) from exc

        setattr(mapper, "to_domain_event", to_domain_event)  # noqa: B010  (an instance attribute wraps the method)
        return mapper

    def construct_transcoder(self) -> Transcoder:
        """eventsourcing's JSON transcoder, encoding with orjson (the same bytes, faster: see
        :mod:`domain.service.transcoder`), unless the environment names another (``TRANSCODER_TOPIC``)."""
        if self.factory.env.get(self.factory.TRANSCODER_TOPIC):
            return super().construct_transcoder()
        transcoder = OrjsonTranscoder()
        self.register_transcodings(transcoder)
        return transcoder

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        for t in transcodings():
            transcoder.register(t)
        _TRANSCODERS.add(transcoder)  # a game built later: its transcoding added (_serve)

    # --- writing ----------------------------------------------------------------------------------
    def create_game(
        self,
        names: list[str],
        variant: str | None = None,
        mode: str = "digital",
        seed: int | None = None,
        starting_player: int | None = None,
        origin: str = "recorded",
        catalog_overrides: dict[str, Any] | None = None,
        game: str | None = None,
        **options: Any,
    ) -> UUID:
        """Start a game of ``game`` (a registered name, a hyphen read as an underscore; None: the default
        game, the first registered; its ``new_game``) and store its opening events in one append.
        ``catalog_overrides``: the table's catalog (recorded whole in ``GameStarted``); ``options``: the
        game's own set-up options (e.g. ``rules``: provisional rule choices). ``variant``/``starting_player``
        None: the game's default.

        Raises:
            RuleViolation: SETUP_INVALID (player count, variant, mode, starting player, catalog).
            KeyError: no such game.
        """
        package = get_game(game) if game else default()
        given = {"variant": variant, "starting_player": starting_player}
        events, _ = package.new_game(
            names,
            mode=mode,
            seed=seed,
            origin=origin,
            catalog_overrides=catalog_overrides,
            **{k: v for k, v in given.items() if v is not None},
            **options,
        )
        return self.create_from_events(events, game=package.info.name)

    def create_from_events(
        self, events: Sequence[Event | dict[str, Any]], final_state: Any = None, game: str | None = None
    ) -> UUID:
        """Store a whole log as a new game in one append (scenarios, simulation, imports). Events may be
        domain events or their JSON form (then ``game`` names the game; None: the default game, the first
        registered). They are folded, not validated against the rules; with ``final_state`` (a log our own
        engine made) they are not even decoded: their JSON form is stored as it is.

        ``final_state`` (simulation): the state the log folds to, already computed; the log is then
        stored without folding it again, and with one snapshot at its head instead of one every
        100 events (architecture §3). Events handed over by a simulation worker
        (``simulation.HandedOver``) carry their chain hashes, which are stored as they are.

        Raises:
            ValueError: the list is empty or does not start with the game's first event.
        """
        cls = _aggregate_of(events, game)
        package = cls.package
        if not events:
            raise ValueError("a game needs at least its first event (GameStarted or ScenarioLoaded)")
        if final_state is not None:  # our own engine's log (simulation): stored as it is, in either form
            first = events[0] if isinstance(events[0], Event) else package.event_from_json(events[0])
            aggregate = cls.start(first)
            chains = getattr(events, "chains", None)  # simulation.HandedOver: hashed by the worker
            if chains is not None and (len(chains) != len(events) or chains[0] != aggregate.chain):
                raise ValueError("the handed-over hash chain does not fit the events")
            aggregate.record(events[1:], final_state=final_state, chains=chains[1:] if chains else None)
            return self._save_simulated(aggregate, cls)
        domain = [e if isinstance(e, Event) else package.event_from_json(e) for e in events]
        aggregate = cls.start(domain[0])
        aggregate.record(domain[1:])
        self.save(aggregate)
        return UUID(str(aggregate.id))

    def _save_simulated(self, aggregate: Any, cls: Any) -> UUID:
        """Save a simulated game in one append, with one snapshot at its head (not one every 100 events)."""
        self.__dict__["snapshotting_intervals"] = {}  # an instance value shadows the class's for this save
        try:
            self.save(aggregate)
        finally:
            del self.__dict__["snapshotting_intervals"]
        if aggregate.version >= SNAPSHOT_INTERVAL and self.snapshots is not None:
            self.snapshots.put([cls.Snapshot.take(aggregate)])  # the same class take_snapshot() uses
        return UUID(str(aggregate.id))

    def create_simulated(
        self, games: Sequence[tuple[Sequence[dict[str, Any]], Any, UUID]], game: str, bulk: bool = True
    ) -> list[UUID]:
        """Store a batch of simulated games of ``game`` in ONE append (one transaction: the whole batch or
        none of it): each (events in their JSON form, with their worker-made chains, ``simulation.HandedOver``;
        its final state; its id, ``executors.plan_id``), each with one snapshot at its head (100 events or
        more) and one at each event the worker handed the state of (``HandedOver.states``: ``simulate
        --snapshot-every``). A game whose id is stored already refuses the whole batch.

        ``bulk`` (default): the rows are built straight from the JSON (:mod:`.bulk`), not through the
        aggregates (``bulk=False``, the reference path): the same rows, several times faster.

        Raises:
            ValueError: a log does not start with the game's first event, or its chain does not fit it.
            eventsourcing.persistence.IntegrityError: one of the ids is stored already (nothing is stored)."""
        cls = aggregate_for(get_game(game))
        if bulk and not self.repository.cache:  # (a cache of aggregates wants the aggregates)
            return self._store_bulk(cls, games)
        from .bulk import snapshots_at

        aggregates, more = [], []
        for events, final_state, game_id in games:
            aggregate = cls.start(cls.package.event_from_json(events[0]), id=game_id)
            chains = getattr(events, "chains", None)
            if chains is not None and (len(chains) != len(events) or chains[0] != aggregate.chain):
                raise ValueError("the handed-over hash chain does not fit the events")
            aggregate.record(events[1:], final_state=final_state, chains=chains[1:] if chains else None)
            aggregates.append(aggregate)
            states = getattr(events, "states", None)
            if states:  # each marked event's time and chain hash, as bulk.add_rows gives them
                marks = {e.originator_version: (e.timestamp, e.chain) for e in aggregate.pending_events}
                fields = {"_created_on": aggregate.created_on, "marks": marks}
                more.append((game_id, fields, states, aggregate.version * (aggregate.version >= SNAPSHOT_INTERVAL)))
        self.__dict__["snapshotting_intervals"] = {}  # as _save_simulated: one snapshot a game, below
        try:
            self.save(*aggregates)
        finally:
            del self.__dict__["snapshotting_intervals"]
        if self.snapshots is not None:
            taken = [cls.Snapshot.take(a) for a in aggregates if a.version >= SNAPSHOT_INTERVAL]
            self.snapshots.put(taken + [s for game in more for s in snapshots_at(cls, *game)])
        return [UUID(str(a.id)) for a in aggregates]

    def _store_bulk(self, cls: Any, games: Sequence[tuple[Sequence[dict[str, Any]], Any, UUID]]) -> list[UUID]:
        """:meth:`create_simulated`'s bulk path: every game's rows in one ``insert_events``, then the head
        snapshots, as ``save`` and ``_save_simulated`` store them (:mod:`.bulk`)."""
        from .bulk import Rows, add_rows, head_snapshot, insert_rows, snapshots_at

        rows = Rows()
        heads, more = [], []
        for events, final_state, game_id in games:
            fields = add_rows(rows, cls, events, game_id, self.mapper)
            head = len(events) if len(events) >= SNAPSHOT_INTERVAL else 0
            if head:
                heads.append((game_id, head, fields, final_state))
            states = getattr(events, "states", None)
            if states:
                more.append((game_id, fields, states, head))
        insert_rows(self.recorder, rows)
        if self.snapshots is not None and (heads or more):
            taken = [head_snapshot(cls, *head) for head in heads]
            self.snapshots.put(taken + [s for game in more for s in snapshots_at(cls, *game)])
        ids = [game_id for _, _, game_id in games]
        for listener in self.__dict__.get("_saved_listeners", ()):
            listener(set(ids))
        return ids

    def import_record(self, text: str, allow_unfinished: bool = False, check_hash: bool = True) -> UUID:
        """Rebuild a game from its record (``docs/record-format.md``; the first word names the game's format)
        through the rules and store it as a new game of origin ``imported``. ``check_hash`` False: the
        record's ``hash`` line is ignored, whatever it holds (``import --no-hash-check``).

        Raises:
            RecordError: (a ValueError) the first malformed or refused line, with its number (an empty or
                malformed ``hash`` line too, unless ``check_hash`` is False); a record whose events do not
                hash to its ``hash`` line; or, unless ``allow_unfinished``, a record that ends before the
                game is over. Nothing is stored."""
        from domain.kernel.record import refuse_unfinished, without_hash

        if not check_hash:
            text = without_hash(text)
        word = text.split(None, 1)[0] if text.strip() else ""
        package = next((g for g in GAMES.values() if g.info.record_format == word), default())
        events, state = package.rebuild(text)
        if not allow_unfinished:
            refuse_unfinished(package.engine.pending(state), text)
        events[0] = events[0].replace(origin="imported")  # this copy's provenance (not hashed)
        return self.create_from_events(events, game=package.info.name)

    def execute(self, game_id: UUID | str, command: Any, expected: int | None = None) -> list[Event]:
        """Run one command (a command object, dict or JSON string) and store all its events in one append.
        ``expected``: the number of events the game had when the user saw it (optimistic concurrency).

        Returns the events appended (decision, chance and consequences, in order). A draw that can then
        come out only one way (the last cards of a pile) is entered at once, as the recorder would, and
        stored in the same append: the recorder never types a forced draw.

        Seats answering one simultaneous decision (secret orders, a bid, a draft) do not conflict: when
        the game moved on since ``expected`` (or while this input was decided) only by other seats'
        answers to that same decision, the input is checked against the game as it now stands and stored
        (``History.answers_alongside``).

        Raises:
            RuleViolation: the command is refused; nothing is stored.
            GameNotFound: unknown id.
            GameConflict: the game changed since it was loaded, or since event ``expected``, other than by
                other seats' answers to the same decision; nothing is stored.
        """
        return self.store_input(game_id, command, expected)[1]

    def store_input(self, game_id: UUID | str, command: Any, expected: int | None = None) -> tuple[int, list[Event]]:
        """:meth:`execute`, also saying where the events were stored: ``(n, events)``, the events being
        numbers ``n + 1`` to ``n + len(events)`` (``n`` is ``expected``, or later when other seats'
        answers to the same decision came first)."""
        based_on = expected
        for _ in range(COMMUTE_RETRIES):
            game = self._load(game_id)
            if based_on is not None and game.version != based_on and not self._commutes(game, command, based_on):
                raise GameConflict(game.id, f"the game is at event {game.version}, not {based_on} as when you looked")
            at = game.version
            try:
                return at, self._decide_and_append(game, command)
            except GameConflict:
                based_on = at  # someone stored an input while this one was decided
        raise GameConflict(_uuid(game_id), "the game kept moving on while this input was stored; try again")

    def _decide_and_append(self, game: Any, command: Any) -> list[Event]:
        package = type(game).package
        events: list[Event]
        events, state = package.engine.execute(game.state, command)
        while (p := package.engine.pending(state)).is_chance and p.chance is not None:
            forced = only_outcome(p.chance.pool, p.chance.count)
            if forced is None:
                break
            more, state = package.engine.execute(state, package.rules.draw_command(forced), inplace=True)
            events += more
        self._append(game, events)
        return events

    def _commutes(self, game: Any, command: Any, based_on: int) -> bool:
        """Whether ``command``, entered when the game stood at event ``based_on``, answers the same
        simultaneous decision now, only other seats having answered it since (see :meth:`execute`)."""
        package = type(game).package
        try:
            parsed = package.parse_command(command) if isinstance(command, dict | str) else command
        except RuleViolation:
            return False  # malformed: refused as such when it is decided
        player = getattr(parsed, "player", None)
        if not isinstance(player, str) or based_on >= game.version:
            return False
        log = self.log(game.id)[: game.version]
        return bool(package.history.answers_alongside(log, based_on, player))

    def game_of(self, game_id: UUID | str) -> GamePackage:
        """The registered game a stored game is of (read from its first event's topic).

        Raises:
            GameNotFound: unknown id."""
        gid = _uuid(game_id)
        first = self.recorder.select_events(gid, limit=1)
        if not first:
            raise GameNotFound(game_id)
        return aggregate_of_topic(first[0].topic).package

    def _load_at(self, game_id: UUID | str, expected: int | None) -> Any:
        """The game, checked to be at event ``expected`` when that is given (else GameConflict)."""
        game = self._load(game_id)
        if expected is not None and game.version != expected:
            raise GameConflict(game.id, f"the game is at event {game.version}, not {expected} as when you looked")
        return game

    def undo(self, game_id: UUID | str, player: str | None = None, expected: int | None = None) -> Event:
        """Take back the latest input still standing (``player``'s, if given; a draw only in a tabletop
        game): an ``InputUndone`` event is appended (the undone events stay in the log).

        Raises:
            RuleViolation: the undo is refused (see :meth:`domain.kernel.history.History.undo_event`).
            GameNotFound, GameConflict: as for :meth:`execute` (``expected`` too).
        """
        game = self._load_at(game_id, expected)
        event: Event = type(game).package.history.undo_event(self.log(game.id), player)
        self._append(game, [event])
        return event

    def correct(
        self, game_id: UUID | str, event_number: int, command: Any, dry_run: bool = False, expected: int | None = None
    ) -> Correction:
        """Replace the input behind event ``event_number`` and re-apply the later inputs to the same
        decisions they answered (:meth:`domain.kernel.history.History.correct`). Appends the ``InputCorrected``
        marker and the corrected line's events in one append, unless ``dry_run``.

        Returns the :class:`~.corrections.Correction` (what is kept, superseded, the divergence).

        Raises:
            RuleViolation: see :meth:`domain.kernel.history.History.correct`.  GameNotFound, GameConflict
                (``expected``: as for :meth:`execute`).
        """
        game = self._load_at(game_id, expected)
        package = type(game).package
        if isinstance(command, dict | str):
            command = package.parse_command(command)
        plan: Correction = package.history.correct(self.log(game.id), event_number, command)
        if not dry_run:
            self._append(game, plan.events)
        return plan

    def archive(self, game_id: UUID | str, reason: str = "") -> Event:
        """Take a game out of the statistics (a ``GameArchived`` event; it stays readable).

        Raises:
            GameNotFound, GameConflict.  ValueError: the game is archived already.
        """
        from domain.kernel.events import GameArchived

        game = self._load(game_id)
        if game.state.archived:
            raise ValueError(f"game {game.id} is archived already")
        event = GameArchived(reason=reason)
        self._append(game, [event])
        return event

    def delete(self, game_id: UUID | str) -> int:
        """Remove a game's stream and its snapshots from the store; returns how many events were removed.
        This is the one thing that is not an event: the game is gone.

        Raises:
            GameNotFound: unknown id.
        """
        gid = _uuid(game_id)
        count = len(self.stored(gid))
        for recorder in (self.recorder, getattr(self.snapshots, "recorder", None)):
            if recorder is not None:
                _delete_stream(recorder, gid)
        return count

    def stored(self, game_id: UUID | str) -> list[tuple[int, str, dict[str, Any], str]]:
        """The game's stored events as ``(version, type, payload, chain hash)``, as stored.

        Raises:
            GameNotFound: unknown id.
        """
        gid = _uuid(game_id)
        rows = [(e.originator_version, type(e).__name__, e.data, e.chain) for e in self._stored_events(gid)]
        if not rows:
            raise GameNotFound(game_id)
        return rows

    def integrity(self, game_id: UUID | str) -> list[str]:
        """Problems with the stored log's hash chain and numbering (``chain.broken_links``);
        empty when every event is there and unchanged."""
        return self.game_of(game_id).chain.broken_links(self.stored(game_id))

    def _append(self, game: Any, events: list[Event]) -> None:
        """Record ``events`` on the loaded game and save them in one append; a stale game (someone
        else appended since it was loaded) raises GameConflict and stores nothing."""
        game.record(events)
        try:
            self.save(game)
        except IntegrityError as e:
            raise GameConflict(game.id) from e

    # --- reading ----------------------------------------------------------------------------------
    def state(self, game_id: UUID | str, version: int | None = None) -> Any:
        """The state now, or just after event number ``version`` (1-based; the aggregate version).

        Raises:
            GameNotFound: unknown id.  ValueError: ``version`` is not 1..number of events.
        """
        if version is not None and version < 1:
            raise ValueError(f"event numbers start at 1, not {version}")
        game = self._load(game_id, version)
        if version is not None and game.version != version:
            raise ValueError(f"game {game.id} has {game.version} events, so there is no event number {version}")
        return game.state

    def now(self, game_id: UUID | str) -> tuple[int, Any]:
        """The event number the game is at and its state, read together (one load, so they always agree
        even while other clients append: what a client shows with ``expected`` must be this pair).

        Raises:
            GameNotFound: unknown id.
        """
        game = self._load(game_id)
        return game.version, game.state

    def pending(self, game_id: UUID | str) -> Pending:
        """What the game waits for now (the game's ``engine.pending``)."""
        game = self._load(game_id)
        waiting: Pending = type(game).package.engine.pending(game.state)
        return waiting

    def _stored_events(self, gid: UUID) -> Iterator[GameAggregate.Event]:
        """The stored events of one game, oldest first, as the aggregate's event classes."""
        for e in self.events.get(gid):
            assert isinstance(e, GameAggregate.Event)
            yield e

    def log(self, game_id: UUID | str) -> list[Event]:  # type: ignore[override]  # notifications: notification_log
        """Every domain event of the game, in order (upcast and validated)."""
        gid = _uuid(game_id)
        events = [e.to_domain() for e in self._stored_events(gid)]
        if not events:
            raise GameNotFound(game_id)
        return events

    def games(self) -> list[UUID]:
        """The ids of all games in the store, oldest first (read from the notification log)."""
        topics = _created_topics()
        ids: list[UUID] = []
        start = 0
        while True:
            page = self.recorder.select_notifications(start=start, limit=PAGE, topics=topics, inclusive_of_start=False)
            ids += [_uuid(n.originator_id) for n in page]
            if len(page) < PAGE:
                return ids
            start = page[-1].id

    def summaries(self) -> list[GameSummary]:
        """One :class:`GameSummary` per game, oldest first, read from the notification log and each
        game's latest stored event (no game is replayed)."""

        def last_of(*names: str) -> dict[UUID, int]:
            """Each game with an event of these types -> the notification id of its last such event."""
            out: dict[UUID, int] = {}
            start = 0
            while True:
                page = self.recorder.select_notifications(
                    start=start,
                    limit=PAGE,
                    topics=[c.package.info.topic_prefix + name for c in AGGREGATES.values() for name in names],
                    inclusive_of_start=False,
                )
                out |= {_uuid(n.originator_id): n.id for n in page}
                if len(page) < PAGE:
                    return out
                start = page[-1].id

        # a game is finished while its last scoring stands: an undo or a correction after it takes it back
        # (a correction that still reaches the end is followed by a scoring of its own)
        taken_back = last_of("InputUndone", "InputCorrected")
        scored = {gid for gid, n in last_of("GameScored").items() if taken_back.get(gid, 0) < n}
        archived = set(last_of("GameArchived"))
        out: list[GameSummary] = []
        start = 0
        topics = _created_topics()
        while True:
            page = self.recorder.select_notifications(start=start, limit=PAGE, topics=topics, inclusive_of_start=False)
            for n in page:
                gid = _uuid(n.originator_id)
                first: Any = self.mapper.to_domain_event(n)
                data = first.data
                last: Any = self.mapper.to_domain_event(
                    self.recorder.select_events(n.originator_id, desc=True, limit=1)[0]
                )
                seats = data.get("players") or data.get("state", {}).get("players", [])
                status = "archived" if gid in archived else "finished" if gid in scored else "in progress"
                out.append(
                    GameSummary(
                        id=gid,
                        origin=data.get("origin", "scenario" if "state" in data else "recorded"),
                        forked_from=data.get("forked_from"),
                        seats=[
                            f"{p.get('color') or p.get('seat')} {p['name']}"
                            + (f" ({p['bot']})" if p.get("bot") else "")
                            for p in seats
                        ],
                        game=aggregate_of_topic(n.topic).package.info.name,
                        status=status,
                        events=last.originator_version,
                        created=first.timestamp.isoformat(timespec="seconds"),
                        last_input=last.timestamp.isoformat(timespec="seconds"),
                    )
                )
            if len(page) < PAGE:
                return out
            start = page[-1].id

    def _load(self, game_id: UUID | str, version: int | None = None) -> Any:
        """The game (as of event ``version``), through its latest snapshot; a snapshot that fails its digest
        or cannot be read is ignored with a warning (:attr:`warn`) and the game replayed from its events,
        so a tampered snapshot is never shown."""
        gid = _uuid(game_id)
        try:
            return self.repository.get(gid, version=version, projector_func=fold)
        except AggregateNotFoundError:
            raise GameNotFound(game_id) from None
        except SnapshotMismatch as exc:
            self.warn(str(exc))
        except StoredEventDamaged as exc:
            if not exc.snapshot:
                raise
            self.warn(f"{exc}".split("; the store is damaged")[0] + "; it was ignored and the game replayed")
        game = fold(None, self.events.get(gid, lte=version))
        if game is None:
            raise GameNotFound(game_id)
        return game

    def warn(self, text: str) -> None:
        """Say something the caller should know but that does not stop the command (a snapshot ignored);
        the CLI sets it to print one line on standard error. Default: a Python warning."""
        import warnings

        warnings.warn(text, stacklevel=3)

    def take_snapshot(self, aggregate_id: UUID, version: int | None = None, projector_func: Any = fold) -> None:
        """Store a snapshot of the game as of ``version``, loaded as :meth:`_load` does (a snapshot that
        fails its digest is not built upon)."""
        if self.snapshots is None:
            return
        game = self._load(aggregate_id, version)
        self.snapshots.put([type(game).Snapshot.take(game)])

    def take_snapshots(self, game_id: UUID | str, interval: int = HISTORY_INTERVAL) -> int:
        """Store the snapshots a game lacks at every ``interval``-th event (``interval``, ``2 * interval``...
        up to its last event; a game stored in bulk has one, at its head), replaying it once from its
        events; returns how many were stored. Then the state at any event N (``state(game, version=N)``,
        ``status --at N``) replays at most ``interval - 1`` events from the snapshot before N.

        Raises:
            GameNotFound: unknown id.  ValueError: ``interval`` below 1."""
        if interval < 1:
            raise ValueError(f"a snapshot interval is 1 event or more, not {interval}")
        gid = _uuid(game_id)
        if self.snapshots is None:
            return 0
        have = {s.originator_version for s in self.snapshots.recorder.select_events(gid)}
        taken = []
        game: Any = None
        for e in self._stored_events(gid):
            game = e.mutate(game)
            if game.version % interval == 0 and game.version not in have:  # encoded now: the fold goes on
                taken.append(self.mapper.to_stored_event(type(game).Snapshot.take(game)))
        if game is None:
            raise GameNotFound(game_id)
        if taken:
            self.snapshots.recorder.insert_events(taken)
        return len(taken)

    def sealing(self, game_id: UUID | str) -> tuple[list[str], list[str]]:
        """Check the game's stored times against their seals and its snapshots against the replayed log:
        ``(problems, notes)``. A problem: an event whose stored time (or seal) was changed, a snapshot
        whose digest, chain hash or state does not match the events it stands for. A note: how many events
        carry no seal, or snapshots no digest (stored before they existed; information, not a finding).

        Raises:
            GameNotFound: unknown id.  StoredEventDamaged: a row cannot be read."""
        gid = _uuid(game_id)
        problems: list[str] = []
        unsealed: list[int] = []
        snapshots = {s.originator_version: s for s in (self.snapshots.get(gid) if self.snapshots else [])}
        game: Any = None
        undigested, differ = 0, []
        for e in self._stored_events(gid):
            if not e.seal:
                unsealed.append(e.originator_version)
            elif e.seal != seal(e.chain, e.timestamp):
                problems.append(
                    f"event {e.originator_version} ({type(e).__name__}): its stored time "
                    f"{e.timestamp.isoformat(timespec='seconds')} does not match its seal: it was changed after "
                    "it was stored"
                )
            try:
                game = e.mutate(game)
            except Exception as exc:  # noqa: BLE001  (an edited event the fold cannot take)
                problems.append(
                    f"event {e.originator_version} ({type(e).__name__}) cannot be applied to the game "
                    f"({type(exc).__name__}: {' '.join(str(exc).split())[:120]}); later snapshots were not checked"
                )
                snapshots.clear()
                break
            snapshot = snapshots.pop(e.originator_version, None)
            if snapshot is None:
                continue
            trouble = self._snapshot_problem(snapshot, game)
            if not isinstance(snapshot, GameSnapshot):  # taken before digests: an older fold's state is no finding
                undigested += 1
                if trouble:
                    differ.append(e.originator_version)
            elif trouble:
                problems.append(f"the snapshot at event {e.originator_version} {trouble}")
        if game is None and not problems:
            raise GameNotFound(game_id)
        problems += [f"the snapshot at event {v} is beyond the stored events" for v in sorted(snapshots)]
        notes = []
        if unsealed:
            notes.append(
                f"{len(unsealed)} event(s) from event {unsealed[0]} on carry no seal of their stored time "
                "(stored before events were sealed): their times cannot be checked"
            )
        if undigested:
            notes.append(
                f"{undigested} snapshot(s) carry no digest (taken before snapshots were checked)"
                + (
                    f"; those at event(s) {', '.join(map(str, differ))} differ from the replayed state (the fold "
                    "has changed since, or they were edited): `status` may read them"
                    if differ
                    else ""
                )
            )
        return problems, notes

    @staticmethod
    def _snapshot_problem(snapshot: Any, game: Any) -> str:
        """What is wrong with ``snapshot`` against ``game`` replayed to the same event ("" when nothing)."""
        state = dict(snapshot.state)
        digest = state.pop("digest", None)
        package = type(game).package
        held = state["state"] if isinstance(state["state"], dict) else package.to_dict(state["state"])
        if state.get("chain", game.chain) != game.chain:
            return "does not carry the chain hash of its event"
        if held != package.to_dict(game.state):
            return "does not hold the state the events give (it was changed in the store)"
        if digest is None:
            return "has no digest"
        if digest != state_digest(game.version, game.chain, held):
            return "does not match its digest"
        return ""


#: the transcoders of the live applications (a game's aggregate built after they were made adds its transcoding)
_TRANSCODERS: WeakSet[JSONTranscoder] = WeakSet()


def _serve(cls: type[GameAggregate]) -> None:
    """A game's aggregate, once built, in the application's settings: snapshots every SNAPSHOT_INTERVAL events
    (the library reads them by aggregate class), and its state's transcoding in every live application."""
    GameService.snapshotting_intervals.setdefault(cls, SNAPSHOT_INTERVAL)
    GameService.snapshotting_projectors.setdefault(cls, fold)
    for transcoder in list(_TRANSCODERS):
        transcoder.register(transcoding_of(cls))


for _built in list(dict.values(AGGREGATES)):
    _serve(_built)
ON_BUILT.append(_serve)


def _first_use(topic: str) -> bool:
    """Whether ``topic`` is a shipped game's not built yet (it is now: its classes made and served)."""
    if any(topic.startswith(c.package.info.topic_prefix) for c in dict.values(AGGREGATES)):
        return False
    try:
        aggregate_of_topic(topic)
    except KeyError:
        return False
    return True


def _created_topics() -> list[str]:
    return [c.package.info.topic_prefix + name for c in AGGREGATES.values() for name in c.package.chain.first_events]


def _aggregate_of(events: Sequence[Any], game: str | None) -> type[GameAggregate]:
    """The aggregate class for a log: the game named, or the one whose event classes the log's first
    event is of (else the default game's)."""
    if game is not None:
        return aggregate_for(get_game(game))
    if events and not isinstance(events[0], dict):
        for cls in AGGREGATES.values():
            if cls.package.events.get(events[0].type) is type(events[0]):
                return cls
    return aggregate_for(default())


def _uuid(game_id: UUID | str) -> UUID:
    if isinstance(game_id, UUID):
        return game_id
    try:
        return UUID(str(game_id))
    except ValueError:
        raise GameNotFound(game_id) from None


@contextmanager
def _schema_lock(env: Mapping[str, str]) -> Iterator[None]:
    """Hold PostgreSQL's session advisory lock of the store's schema (on a connection of its own) while the
    body runs: creating tables, types and the identity row at once in several processes collided ("tuple
    concurrently updated", a unique violation on pg_type), each creation being idempotent only alone.

    Raises:
        eventsourcing's OperationalError: the server cannot be reached (a store failure, as any other)."""
    import psycopg
    from eventsourcing.persistence import OperationalError

    key = schema_lock_key(env.get("POSTGRES_SCHEMA") or "public")
    try:
        conn = connect(env)
    except psycopg.Error as exc:
        raise OperationalError(" ".join(str(exc).split())) from exc
    try:
        conn.execute("SELECT pg_advisory_lock(%s)", (key,))
        yield  # the lock goes with the connection, whatever happens
    finally:
        conn.close()


def _delete_stream(recorder: Any, gid: UUID) -> None:
    """Remove one originator's records from an eventsourcing recorder (SQLite, PostgreSQL or memory)."""
    table = getattr(recorder, "events_table_name", None)
    if hasattr(recorder, "_stored_events"):  # memory (POPO)
        with recorder._database_lock:
            recorder._stored_events[:] = [e for e in recorder._stored_events if e.originator_id != gid]
            recorder._stored_events_index.pop(gid, None)
    elif table is not None and type(recorder).__module__.endswith("sqlite"):
        with recorder.datastore.transaction(commit=True) as c:
            c.execute(f"DELETE FROM {table} WHERE originator_id = ?", (gid.hex,))  # stored without hyphens
    elif table is not None:
        with recorder.datastore.transaction(commit=True) as c:
            c.execute(f"DELETE FROM {table} WHERE originator_id = %s", (gid,))


#: The service's old name, from when it served one game: an alias kept so users' scripts keep working
#: (``from domain.service.application import DungeonLords``); new code says ``GameService``.
DungeonLords = GameService
