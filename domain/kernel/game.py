"""The protocol a game fills in so the kernel can run it: :class:`GameRules` and :class:`GameInfo`.

The kernel is to its games what OpenSpiel's ``pyspiel`` API is to its games: it knows nothing of a
game's components or phases, only how to ask a game what it waits for (``step``), how to fold an
event (``evolve``) and how to read a command. A game package provides one ``GameRules`` object and
registers it by name in :mod:`domain.games`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .chain import HashChain
from .history import History
from .pending import DecisionSpec, Pending
from .rules_index import RuleIndex
from .search import BotBook, SearchBot, SearchSpec
from .ui import GameUI


class KernelState(Protocol):
    """What the kernel reads of any game's state (the game's own class adds the rest).

    Attributes:
        seed: the RNG seed of a digital game (None at a table).
        version: how many events have been folded (event N is the state's version N).
        mode: ``"digital"`` (the engine draws) or ``"tabletop"`` (a person records each draw).
    """

    seed: int | None
    version: int
    mode: str


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts about a game that tools show and check before a game starts.

    Attributes:
        name: registry name (``"dungeon_lords"``).
        title: as printed on the box.
        min_players, max_players: the player count the rulebook allows.
        chance: ``"explicit"`` (the log records every draw) or ``"none"``.
        information: ``"imperfect"`` when players hold secrets (views redact them).
        variants: the rule variants a game can start with.
        topic_prefix: prefix of the stored event topics (``"dl.Game."``), fixed for ever.
        record_format: the first word of the game's record (``"dungeon-lords-record"``).
        max_inputs, min_score, max_score, scores: the game's bounds (below).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    chance: str
    information: str
    variants: tuple[str, ...]
    topic_prefix: str
    record_format: str = ""

    # --- bounds: what a whole game can reach, each number justified where a game declares it, and checked
    # against simulated games by the conformance suite (tests/kernel/test_conformance.py). Players:
    # min_/max_players above.
    #: the most inputs (decisions and recorded draws) a game takes from set-up to its end (0: not declared)
    max_inputs: int = 0
    #: the lowest and the highest final score one seat can have
    min_score: int = 0
    max_score: int = 0
    #: where the final scores are: (event type, its list of one row per seat, the score's key in a row); a
    #: field that maps seat -> score takes the key ""
    scores: tuple[str, str, str] = ("", "", "")


class GameRules(Protocol):
    """One game's rules as the kernel needs them.

    ``step`` answers "what happens next": the consequence events to apply, or the :class:`Pending`
    input the game waits for. ``evolve`` folds one event and decides nothing.
    """

    info: GameInfo
    index: RuleIndex

    def draw_command(self, cards: list[str]) -> Any:
        """The command that records a draw of ``cards`` (what the seeded RNG answers in digital play)."""
        ...

    def step(self, state: Any) -> Sequence[Any] | Pending: ...

    def evolve(self, state: Any, event: Any) -> Any: ...

    def apply(self, state: Any, event: Any, out: list[Any]) -> Any:
        """Fold ``event`` into ``state`` and append it to ``out``, with any event derived from it."""
        ...

    def clone(self, state: Any) -> Any: ...

    def parse_command(self, data: dict[str, Any] | str) -> Any: ...

    def outside_turn(self, state: Any, command: Any) -> list[Any] | None:
        """The events of a command that is not an answer to the pending decision (a table ruling),
        or None when ``command`` is an ordinary answer. Raises RuleViolation."""
        ...


@dataclass(frozen=True)
class GamePackage:
    """What a game package registers in :mod:`domain.games`: its rules, the engine over them, and the
    entry points an embedding program needs (the stable Python API, see ``docs/python-api.md``).

    Attributes:
        rules: the game's :class:`GameRules`.
        engine: the kernel's loop over ``rules`` (``pending``, ``execute``, ``replay``...).
        new_game: ``(names, **options) -> (events, state)``; raises RuleViolation (SETUP_INVALID).
        from_scenario: ``(dict | JSON text, catalog_overrides=None) -> (events, state)``: a game reads no
            file, its caller does (``new --scenario FILE``); raises RuleViolation (SCENARIO_INVALID).
        view: ``(state, player | None) -> dict``: what one player may see (None: the whole state).
        to_dict, from_dict: the state to and from a JSON-native dict.
        event_from_json: ``(dict) -> event``: a stored or exported event back to its class.
        parse_command: ``(dict | JSON text) -> command``; raises RuleViolation (COMMAND_MALFORMED).
        export: ``(events) -> text``: the game's record (its inputs; consequences left out).
        rebuild: ``(text) -> (events, state)``: a record re-derived through the rules; raises the
            game's record error (a ValueError) naming the line.
        problems: ``(state) -> [str]``: broken invariants (components conserved, tracks in range...).
        decisions: every kind of decision the game can wait for (:class:`~.pending.DecisionSpec` by kind).
        seats: ``(state) -> [seat, ...]``: how commands name the players, clockwise (colours, ``"p1"``...).
        events: every domain event class by its type name (what a store registers under the game's topics).
        chain: the game's hash chain; its ``first_events`` are the events that begin a game.
        state_type: the class of the game's state (snapshots are stored as its ``to_dict`` form).
        history: the game's inputs, undo, correction and fork (:class:`~.history.History`).
        audit: ``(log, integrity, catalog_overrides) -> AuditReport``: the log replayed under the current
            rules (:class:`~.audit.Auditor`).
        bots: the bots that can play a seat, by name (``random`` and the game's strategies).
        explain: ``(log, n, viewer, words=None, describe=None, cite=None, text=None) -> str``: why event ``n``
            happened, as ``viewer`` may see it (``words``: a gettext lookup for its fixed phrases; ``describe``: an
            event in the reader's words; ``cite``: a rule id cited for the reader; ``text``: a prompt in the
            reader's words; None: English).
        component_name: ``(state, component id) -> str``: the name printed on it (what a recorder types).
        component_aliases: ``(state, component id) -> (name, ...)``: the other names a person may type for
            it (other languages' names, their plurals and printed spellings, a table's own), understood
            in any inflection by the service's name resolver; None: only the printed name.
        log_entries: ``(log, viewer, first=1) -> [{"kind", "text", "data"}, ...]``: each event from number
            ``first`` on as ``viewer`` (a seat; None: the recorder) may see it, in words (``text``) and as
            JSON (``data``).
        describe_command: ``(command) -> str``: a command in words (what a button or a log line says).
        option_effect: ``(state, pending, command) -> str``: what a legal option costs and yields its
            player in words ("-3 gold, +1 Evil"; "" for nothing), worked out from the option's events;
            None for a game that does not say.
        rulesets: named sets of rules modules (``new --ruleset NAME``), each passed to ``new_game`` as
            ``modules=[...]``; empty for a game without modules.
        modules: every rules module the game can play, by name (``new --module NAME``, passed to ``new_game``
            as ``modules=[...]``; the rules refuse a combination that cannot make a game).
        rule_options: the provisional rule choices a game can start with, option -> (allowed values, default
            first; what it decides) (``new --rule NAME=VALUE``, passed to ``new_game`` as ``rules={...}``).
        upcasts: ``{(event type, stored version): fn}``: how a stored payload of an older schema version of
            one of the game's events is read as the next version (``fn(data)`` edits the dict in place;
            the service sets them on the game's stored event classes).
        default_bots: the bots a simulation draws the seats from when none are named (empty: every bot).
        determinize: ``(state, seat, rng) -> state``: a copy of ``state`` with what ``seat`` cannot see drawn
            anew by ``rng`` (for the search bot, :mod:`.search`); None: the search plays on a plain copy.
        ui: the game's pieces for the programs above the service (words, terminal pictures, record-loop
            prompts, set-up options, the page's board...): a :class:`~.ui.GameUI`; data and pure functions.
    """

    rules: GameRules
    engine: Any
    new_game: Callable[..., tuple[list[Any], Any]]
    from_scenario: Callable[..., tuple[list[Any], Any]]
    view: Callable[[Any, str | None], dict[str, Any]]
    to_dict: Callable[[Any], dict[str, Any]]
    from_dict: Callable[[dict[str, Any]], Any]
    event_from_json: Callable[[dict[str, Any]], Any]
    parse_command: Callable[[Any], Any]
    export: Callable[[list[Any]], str]
    rebuild: Callable[[str], tuple[list[Any], Any]]
    problems: Callable[[Any], list[str]]
    decisions: Mapping[str, DecisionSpec]
    seats: Callable[[Any], list[str]]
    events: Mapping[str, type]
    chain: HashChain
    state_type: type
    history: History
    audit: Callable[..., Any]
    bots: Mapping[str, Callable[..., Any]]
    explain: Callable[..., str]
    component_name: Callable[[Any, str], str]
    log_entries: Callable[..., list[dict[str, Any]]]
    describe_command: Callable[[Any], str]
    option_effect: Callable[[Any, Any, Any], str] | None = None
    component_aliases: Callable[[Any, str], tuple[str, ...]] | None = None
    rulesets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    modules: Mapping[str, Any] = field(default_factory=dict)
    rule_options: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)
    upcasts: Mapping[tuple[str, int], Callable[[dict[str, Any]], None]] = field(default_factory=dict)
    default_bots: tuple[str, ...] = ()
    ui: GameUI = field(default_factory=lambda: GameUI())
    determinize: Callable[[Any, str, Any], Any] | None = None

    def __post_init__(self) -> None:
        # ``bots`` answers the search bot's names too (``ismcts[:PLAYOUTS[:SECONDS]]``), built on this engine
        own = self.bots.source if isinstance(self.bots, BotBook) else self.bots  # dataclasses.replace: this engine
        object.__setattr__(self, "bots", BotBook(own, self._searcher))

    def _searcher(self, spec: SearchSpec) -> SearchBot:
        return SearchBot(self.engine, self.seats, self.info.scores, spec, self.determinize)

    @property
    def info(self) -> GameInfo:
        """The game's :class:`GameInfo`."""
        return self.rules.info
