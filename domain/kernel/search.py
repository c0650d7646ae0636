"""A bot that searches: Information Set MCTS over determinizations, on the engine itself, for any game.

``ismcts`` (the name a line-up uses: ``ismcts``, ``ismcts:PLAYOUTS`` or ``ismcts:PLAYOUTS:SECONDS``) answers a
decision by running up to PLAYOUTS playouts (default :data:`DEFAULT_PLAYOUTS`) within SECONDS of wall time
(default :data:`DEFAULT_SECONDS`; at least one playout is always run), then plays the option tried most
often. A playout, on a copy of the state (the game's ``rules.clone``, nothing else):

1. **determinize**: the game's ``determinize(state, seat, rng)`` when its package gives one (what the seat
   cannot see drawn anew: both shipped games give one), else the copy as it is; every *later* draw is drawn
   by the search's own RNG (uniformly over what remains, as ``ChanceSpec.pool`` lists it), never by the
   game's seeded RNG, so the search cannot know the order of a deck;
2. **select** down one shared tree (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012): at each
   decision the mover's options are keyed (a ``LazyOptions`` spec, else the command itself), an option
   never tried there is tried first, else the one with the best UCB1 for *the mover* (each seat maximises
   its own reward, a general-sum game of several players), counting as trials only the playouts in which
   the option was legal (availability counts); draws are not tree nodes;
3. **roll out**: uniformly random legal options and random draws to the end of the game;
4. **back up** each seat's reward: 1 for the top final score (shared on a tie), plus :data:`MARGIN` times
   its score's place between the lowest and highest score of the game (a tie-break that lets few playouts
   tell a close loss from a rout).

Reproducible: the search draws everything from one RNG seeded by one draw from the bot's ``rng`` (the
play loop's seeded RNG), so the same game and seed give the same decisions, as long as the playout budget
ends the search before the time limit does (the time limit depends on the machine; set SECONDS large for
a reproducible experiment). Without a game's ``determinize`` (a game registered from outside may give none)
the search sees what the state holds now (another seat's hidden hand, a secret choice made earlier in a
simultaneous decision): an advantage over a strategy. Imports only the standard library and the kernel.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .pending import LazyOptions, Pending


class Engine(Protocol):
    """What the search uses of the kernel's :class:`~.engine.Engine` (a protocol, so that this module, which
    ``game`` imports, does not import ``engine``, which imports ``game``)."""

    rules: Any  # the game's GameRules: ``clone(state)``, ``draw_command(cards)``

    def pending(self, state: Any) -> Pending: ...

    def execute_pure(self, state: Any, command: Any, inplace: bool = False) -> tuple[list[Any], Any]: ...


#: the search bot's name in a line-up (``ismcts``, ``ismcts:PLAYOUTS``, ``ismcts:PLAYOUTS:SECONDS``)
NAME = "ismcts"
#: playouts per decision when the name gives none
DEFAULT_PLAYOUTS = 100
#: seconds of wall time per decision when the name gives none
DEFAULT_SECONDS = 10.0
#: UCB1's exploration constant (rewards lie in [0, 1 + MARGIN])
EXPLORATION = 0.7
#: the weight of a seat's place between the lowest and highest score in its reward
MARGIN = 0.25
#: inputs a rollout gives at most before it is scored as it stands (a guard: every game ends well before)
MAX_ROLLOUT = 20_000

Determinize = Callable[[Any, str, random.Random], Any]


@dataclass(frozen=True)
class SearchSpec:
    """A parsed search bot name: ``ismcts[:PLAYOUTS[:SECONDS]]``."""

    playouts: int = DEFAULT_PLAYOUTS
    seconds: float = DEFAULT_SECONDS

    @staticmethod
    def parse(name: str) -> SearchSpec | None:
        """The spec of ``name``, or None when ``name`` is not a search bot's (or its numbers are not
        positive: ``ismcts:0``, ``ismcts:x``)."""
        head, colon, rest = name.partition(":")
        if head != NAME:
            return None
        parts = rest.split(":") if colon else []
        if len(parts) > 2:
            return None
        try:
            playouts = int(parts[0]) if parts else DEFAULT_PLAYOUTS
            seconds = float(parts[1]) if len(parts) > 1 else DEFAULT_SECONDS
        except ValueError:
            return None
        if playouts < 1 or not seconds > 0 or math.isinf(seconds):
            return None
        return SearchSpec(playouts, seconds)


@dataclass
class _Node:
    """One node of the shared tree: the edge's statistics and the children by option key."""

    visits: int = 0
    avail: int = 0
    reward: dict[str, float] = field(default_factory=dict)
    children: dict[Hashable, _Node] = field(default_factory=dict)


@dataclass
class SearchStats:
    """What the last searches of one bot did (for benchmarks and reports): decisions searched, playouts
    run, seconds spent (wall), decisions the time limit cut short."""

    decisions: int = 0
    playouts: int = 0
    seconds: float = 0.0
    cut_short: int = 0

    @property
    def playouts_per_second(self) -> float:
        """Playouts run per second of search (0.0 before any)."""
        return self.playouts / self.seconds if self.seconds else 0.0


def _keys(options: Sequence[Any]) -> list[Hashable]:
    """A key per option, the same for the same option in every copy of the state."""
    if isinstance(options, LazyOptions):
        return [_hashable(s) for s in options.specs]
    return [_hashable(o) for o in options]


def _hashable(x: Any) -> Hashable:
    try:
        hash(x)
    except TypeError:
        return repr(x)
    return x  # type: ignore[no-any-return]


class SearchBot:
    """The ``ismcts`` bot of one game (see the module's docstring): ``(state, pending, actor, rng) -> command``.

    Args:
        engine: the game's :class:`~.engine.Engine` (``pending``, ``execute_pure``, ``rules.clone``).
        seats: ``(state) -> [seat, ...]``, the game's seats in order.
        scores: where the final scores are (``GameInfo.scores``: event type, rows field, score key).
        spec: the playout budget and the time limit per decision.
        determinize: ``(state, seat, rng) -> state``: a copy of ``state`` with what ``seat`` cannot see drawn
            anew (the game's own; None: a plain copy).
        clock: seconds, monotonic (``time.perf_counter``; a test may pass a fake).
    """

    #: one line for ``dungeon-lords bots``
    summary = (
        f"Information Set MCTS: random playouts on the engine, {DEFAULT_PLAYOUTS} per decision "
        f"within {DEFAULT_SECONDS:g} s unless told (ismcts:400, ismcts:400:30)"
    )

    def __init__(
        self,
        engine: Engine,
        seats: Callable[[Any], list[str]],
        scores: tuple[str, str, str],
        spec: SearchSpec,
        determinize: Determinize | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.engine, self.seats, self.scores_at, self.spec = engine, seats, scores, spec
        self.determinize, self.clock = determinize, clock
        self.stats = SearchStats()

    def __call__(self, state: Any, p: Pending, actor: str, rng: random.Random) -> Any:
        options = p.options(actor)
        search_rng = random.Random(rng.getrandbits(64))  # one draw, whatever the search does
        if len(options) == 1:
            return options[0]
        keys = _keys(options)
        root = self.search(state, actor, search_rng)
        best = max(
            range(len(keys)),
            key=lambda i: (
                (root.children[keys[i]].visits, _mean(root.children[keys[i]], actor))
                if keys[i] in root.children
                else (-1, 0.0)
            ),
        )
        return options[best]

    # --- the search ---------------------------------------------------------------------------------------

    def search(self, state: Any, actor: str, rng: random.Random) -> _Node:
        """The tree after the playouts of one decision of ``actor`` at ``state`` (``state`` is not changed)."""
        start = self.clock()
        deadline = start + self.spec.seconds
        root, done = _Node(), 0
        seats = self.seats(state)
        while done < self.spec.playouts:
            if done and self.clock() >= deadline:
                self.stats.cut_short += 1
                break
            self._playout(state, actor, seats, root, rng)
            done += 1
        self.stats.decisions += 1
        self.stats.playouts += done
        self.stats.seconds += self.clock() - start
        return root

    def _playout(self, state: Any, actor: str, seats: list[str], root: _Node, rng: random.Random) -> None:
        engine = self.engine
        game = engine.rules.clone(state) if self.determinize is None else self.determinize(state, actor, rng)
        path, node, expanded = [root], root, False
        events: list[Any] = []
        for _ in range(MAX_ROLLOUT):
            p = engine.pending(game)
            if not p.actors:
                break
            if p.is_chance:
                events, game = self._draw(game, p, rng)
                continue
            mover = actor if node is root and not expanded and actor in p.actors else p.actors[0]
            options = p.options(mover)
            if not options:
                break
            if expanded:  # the rollout: random to the end
                events, game = engine.execute_pure(game, rng.choice(options), inplace=True)
                continue
            keys = _keys(options)
            i = self._select(node, keys, mover, rng)
            child = node.children.get(keys[i])
            if child is None:
                child = node.children[keys[i]] = _Node()
                for k in keys:  # the siblings legal here were available too
                    sibling = node.children.get(k)
                    if sibling is not None and sibling is not child:
                        sibling.avail += 1
                child.avail += 1
                expanded = True
            path.append(child)
            node = child
            events, game = engine.execute_pure(game, options[i], inplace=True)
        rewards = self._rewards(events, seats)
        for n in path:
            n.visits += 1
            for seat, r in rewards.items():
                n.reward[seat] = n.reward.get(seat, 0.0) + r

    def _select(self, node: _Node, keys: list[Hashable], mover: str, rng: random.Random) -> int:
        """The option to follow at ``node``: one never tried (at random), else the best UCB1 for ``mover``
        among those legal now; the legal ones' availability counted."""
        untried = [i for i, k in enumerate(keys) if k not in node.children]
        if untried:
            return rng.choice(untried)
        best, best_value = 0, -math.inf
        for i, k in enumerate(keys):
            child = node.children[k]
            child.avail += 1
            value = _mean(child, mover) + EXPLORATION * math.sqrt(math.log(max(child.avail, 1)) / child.visits)
            if value > best_value:
                best, best_value = i, value
        return best

    def _draw(self, game: Any, p: Pending, rng: random.Random) -> tuple[list[Any], Any]:
        """The draw of chance node ``p`` by the search's RNG (uniform over what remains)."""
        assert p.chance is not None
        cards = rng.sample(p.chance.pool, p.chance.count)
        return self.engine.execute_pure(game, self.engine.rules.draw_command(cards), inplace=True)

    def _rewards(self, events: list[Any], seats: list[str]) -> dict[str, float]:
        """Each seat's reward from the final scores among ``events`` (the last input's); 0 each if none."""
        scores = final_scores(events, seats, self.scores_at)
        if scores is None:
            return dict.fromkeys(seats, 0.0)
        top, low = max(scores.values()), min(scores.values())
        winners = [s for s, v in scores.items() if v == top]
        spread = (top - low) or 1.0
        return {
            s: (1.0 / len(winners) if s in winners else 0.0) + MARGIN * (v - low) / spread for s, v in scores.items()
        }


def _mean(node: _Node, seat: str) -> float:
    return node.reward.get(seat, 0.0) / node.visits if node.visits else 0.0


def bot_names(bots: Mapping[str, Any]) -> list[str]:
    """Every bot name a line-up may use, for a message: the game's own, then the search bot's forms."""
    return [*bots, *(BotBook.searchers if isinstance(bots, BotBook) else ())]


def final_scores(events: Sequence[Any], seats: list[str], where: tuple[str, str, str]) -> dict[str, float] | None:
    """Each seat's final score from the scoring event among ``events`` (``where``: ``GameInfo.scores``), or None
    when there is none. A row names its seat by a string field equal to a seat, else by its place."""
    event_type, rows, score_key = where
    scored = next((e for e in reversed(events) if getattr(e, "type", None) == event_type), None)
    if scored is None:
        return None
    table = getattr(scored, rows)
    if isinstance(table, Mapping):
        return {s: float(table[s]) for s in seats}
    out: dict[str, float] = {}
    for i, row in enumerate(table):
        data = row if isinstance(row, Mapping) else row.model_dump()
        seat = next((v for v in data.values() if isinstance(v, str) and v in seats), seats[i])
        out[seat] = float(data[score_key])
    return out


class BotBook(Mapping[str, Any]):
    """A game's bots by name (what ``GamePackage.bots`` is): the game's own, and the search bot on request.

    Iterating lists the game's own bots only (a simulation drawing "every bot" never draws a search, which
    is slow); ``"ismcts"``, ``"ismcts:PLAYOUTS"`` and ``"ismcts:PLAYOUTS:SECONDS"`` are in it and give a
    :class:`SearchBot` on the package's engine (one per name, kept). ``searchers`` names the search bots'
    forms, for a listing.
    """

    searchers = (f"{NAME}[:PLAYOUTS[:SECONDS]]",)

    def __init__(self, own: Mapping[str, Any], make: Callable[[SearchSpec], SearchBot]) -> None:
        self.source, self._make = own, make  # copied on the first read (a deferred mapping loads then)
        self._copy: dict[str, Any] | None = None
        self._made: dict[str, SearchBot] = {}

    @property
    def own(self) -> dict[str, Any]:
        """The game's own bots by name."""
        if self._copy is None:
            self._copy = dict(self.source)
        return self._copy

    def __getitem__(self, name: str) -> Any:
        if name in self.own:
            return self.own[name]
        made = self._made.get(name)
        if made is not None:
            return made
        spec = SearchSpec.parse(name) if isinstance(name, str) else None
        if spec is None:
            raise KeyError(name)
        made = self._made[name] = self._make(spec)
        return made

    def __contains__(self, name: object) -> bool:
        return name in self.own or (isinstance(name, str) and SearchSpec.parse(name) is not None)

    def __iter__(self) -> Iterator[str]:
        return iter(self.own)

    def __len__(self) -> int:
        return len(self.own)
