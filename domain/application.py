"""``DungeonLords``: the application service. It loads a game, lets :mod:`domain.engine` decide, and
saves the resulting events in ONE append; it reads games as of any version (design §3).

    app = DungeonLords.open("memory")          # or DungeonLords(env=store_env(spec)); see domain.storage
    gid = app.create_game(["Ann", "Bob"], seed=7)
    events = app.execute(gid, {"type": "choose_orders", "player": "red", "orders": [...]})
    app.state(gid), app.state(gid, version=12), app.pending(gid), app.log(gid), app.games()

Errors: ``RuleViolation`` (the command is refused; nothing is stored), :class:`GameNotFound`,
:class:`GameConflict` (someone else appended to the game between our load and our save; nothing of
ours was stored; never retried here), ``ValueError`` (a version outside the game's log, or a list of
events that does not start a game).
"""
from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, JSONTranscoder

from . import engine
from .aggregate import CREATED_EVENTS, TOPIC_PREFIX, Game, GameStateAsDict, fold
from .events import Event, event_from_json
from .pending import Pending
from .state import GameState
from .storage import store_env

PAGE = 1000   # notifications per read (well above the library's log_section_size trap)


class GameNotFound(LookupError):
    """Raised when no game with the given id is in this store."""

    def __init__(self, game_id: Any):
        super().__init__(f"There is no game {game_id} in this store. List the games to see their ids.")
        self.game_id = game_id


class GameConflict(Exception):
    """Raised when someone else recorded into the game after we loaded it (a stale write)."""

    def __init__(self, game_id: UUID):
        super().__init__(f"Someone else recorded into game {game_id} meanwhile, so nothing of yours was saved. "
                         "Look at the game again and re-enter your command.")
        self.game_id = game_id


SNAPSHOT_INTERVAL = 100


class DungeonLords(Application):
    """Games of Dungeon Lords in one store (SQLite file, PostgreSQL tables ``dungeonlords_*``, or memory)."""

    name = "DungeonLords"
    snapshotting_intervals = {Game: SNAPSHOT_INTERVAL}
    snapshotting_projectors = {Game: fold}
    log_section_size = PAGE

    @classmethod
    def open(cls, store: str | None = None) -> DungeonLords:
        """The application on a store spec (see :func:`domain.storage.store_env`)."""
        return cls(env=store_env(store))

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        transcoder.register(GameStateAsDict())

    # --- writing ----------------------------------------------------------------------------------
    def create_game(self, names: list[str], variant: str = "first_game", mode: str = "digital",
                    seed: int | None = None, starting_player: int = 0) -> UUID:
        """Start a game (``engine.new_game``) and store its opening events in one append.

        Raises:
            RuleViolation: SETUP_INVALID (player count, variant, mode, starting player).
        """
        events, _ = engine.new_game(names, variant=variant, mode=mode, seed=seed, starting_player=starting_player)
        return self.create_from_events(events)

    def create_from_events(self, events: list[Event | dict[str, Any]],
                           final_state: GameState | None = None) -> UUID:
        """Store a whole log as a new game in one append (scenarios, simulation). Events may be domain
        events or their JSON form. They are folded, not validated against the rules.

        ``final_state`` (simulation): the state the log folds to, already computed; the log is then
        stored without folding it again, and with one snapshot at its head instead of one every
        100 events (notes/stack.md §3: simulation must not pay per-event costs).

        Raises:
            ValueError: the list is empty or does not start with GameStarted or ScenarioLoaded.
        """
        domain = [e if isinstance(e, Event) else event_from_json(e) for e in events]
        if not domain:
            raise ValueError("a game needs at least its first event (GameStarted or ScenarioLoaded)")
        game = Game.start(domain[0])
        if final_state is None:
            game.record(domain[1:])
            self.save(game)
            return game.id
        game.record(domain[1:], final_state=final_state)
        self.snapshotting_intervals = {}          # an instance value shadows the class's for this save
        try:
            self.save(game)
        finally:
            del self.snapshotting_intervals
        if game.version >= SNAPSHOT_INTERVAL:
            self.snapshots.put([Game.Snapshot.take(game)])   # the same class take_snapshot() uses
        return game.id

    def execute(self, game_id: UUID | str, command: Any) -> list[Event]:
        """Run one command (a command object, dict or JSON string) and store all its events in one append.

        Returns the events appended (decision, chance and consequences, in order).

        Raises:
            RuleViolation: the command is refused; nothing is stored.
            GameNotFound: unknown id.
            GameConflict: the game changed since it was loaded; nothing is stored.
        """
        game = self._load(game_id)
        events, _ = engine.execute(game.state, command)
        self._append(game, events)
        return events

    def undo(self, game_id: UUID | str, player: str) -> Event:
        """Take back ``player``'s latest input: an ``InputUndone`` event is appended (the undone events
        stay in the log).

        Raises:
            RuleViolation: the undo is refused (see :func:`domain.record_format.undo_event`).
            GameNotFound, GameConflict: as for :meth:`execute`.
        """
        from .record_format import undo_event
        game = self._load(game_id)
        event = undo_event(self.log(game.id), player)
        self._append(game, [event])
        return event

    def correct(self, game_id: UUID | str, event_number: int, command: Any) -> Event:
        """Replace the input behind event ``event_number`` and re-run the rest under the rules
        (``InputCorrected`` is appended; its ``dropped`` lists later inputs that became illegal).

        Raises:
            RuleViolation: see :func:`domain.record_format.correction_event`.
        """
        from .commands import parse_command
        from .record_format import correction_event
        game = self._load(game_id)
        if isinstance(command, dict | str):
            command = parse_command(command)
        event = correction_event(self.log(game.id), event_number, command)
        self._append(game, [event])
        return event

    def _append(self, game: Game, events: list[Event]) -> None:
        """Record ``events`` on the loaded game and save them in one append; a stale game (someone
        else appended since it was loaded) raises GameConflict and stores nothing."""
        game.record(events)
        try:
            self.save(game)
        except IntegrityError as e:
            raise GameConflict(game.id) from e

    # --- reading ----------------------------------------------------------------------------------
    def state(self, game_id: UUID | str, version: int | None = None) -> GameState:
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

    def pending(self, game_id: UUID | str) -> Pending:
        """What the game waits for now (``engine.pending``)."""
        return engine.pending(self.state(game_id))

    def log(self, game_id: UUID | str) -> list[Event]:
        """Every domain event of the game, in order (upcast and validated)."""
        gid = _uuid(game_id)
        events = [e.to_domain() for e in self.events.get(gid)]
        if not events:
            raise GameNotFound(game_id)
        return events

    def games(self) -> list[UUID]:
        """The ids of all games in the store, oldest first (read from the notification log)."""
        topics = [TOPIC_PREFIX + name for name in CREATED_EVENTS]
        ids: list[UUID] = []
        start = 0
        while True:
            page = self.recorder.select_notifications(start=start, limit=PAGE, topics=topics,
                                                      inclusive_of_start=False)
            ids += [_uuid(n.originator_id) for n in page]
            if len(page) < PAGE:
                return ids
            start = page[-1].id

    def _load(self, game_id: UUID | str, version: int | None = None) -> Game:
        gid = _uuid(game_id)
        try:
            return self.repository.get(gid, version=version, projector_func=fold)
        except AggregateNotFoundError:
            raise GameNotFound(game_id) from None


def _uuid(game_id: UUID | str) -> UUID:
    if isinstance(game_id, UUID):
        return game_id
    try:
        return UUID(str(game_id))
    except ValueError:
        raise GameNotFound(game_id) from None
