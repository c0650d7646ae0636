"""One game in progress as a research tool sees it: a sequential game with explicit chance and integer actions.

:class:`Table` drives a registered game's engine (``domain.kernel``) and is what both adapters wrap:

- **whose move**: the first of the pending decision's actors (a simultaneous decision, every player choosing
  orders at once, is asked one actor after another; the view of the next does not show the first's choice,
  which is secret until revealed); :data:`CHANCE` at a draw; nobody (:attr:`Table.over`) at the end;
- **the actions**: the legal options as stable ids (:func:`.actions.assign`), never depending on the order the
  game lists them;
- **chance**: a draw of ``count`` components from what remains is ``count`` chance moves, each drawing one
  component: component ``c`` with probability (copies of ``c`` left) / (components left), i.e. uniform over
  the physical components that remain; the draw is recorded (the game's ``draw_command``) when its last
  component is drawn, in the order drawn;
- **what a seat knows**: only ``view(state, seat)`` (:meth:`Table.view`).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from domain.kernel import CHANCE, GamePackage, Pending

from . import actions
from .setup import Setup, opening, registered

_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)

#: the opening of each set-up met in this process (registry name, set-up) -> Table, copied by Table.start
_OPENINGS: dict[tuple[str, Setup], Table] = {}


@dataclass(frozen=True)
class Move:
    """One input of a game as the adapters number them: ``seat`` (an index; -1 for chance) and its action id."""

    seat: int
    action: int


@dataclass
class Table:
    """A game of ``game`` from its opening to its end, moved one action at a time.

    Attributes:
        game: the registered game.
        how: its set-up.
        state: the game's state (owned: moved in place).
        seats: the seats as the game names them, in player order (OpenSpiel player ``i`` is ``seats[i]``).
        events: every event so far, the opening included (the game's event stream).
        moves: every action so far, chance draws included, in order.
        drawn: the components drawn so far in the draw under way (recorded when complete).
    """

    game: GamePackage
    how: Setup
    state: Any
    seats: list[str]
    events: list[Any] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    _legal: tuple[int, int, dict[int, Any]] | None = field(default=None, repr=False)
    _words: tuple[tuple[int, int], dict[int, str]] | None = field(default=None, repr=False)

    @classmethod
    def start(cls, game: GamePackage, how: Setup) -> Table:
        """A new game at its first input (RuleViolation SETUP_INVALID if the game refuses the set-up). The
        opening of a set-up is worked out once per process, and copied."""
        known = _OPENINGS.get((game.info.name, how))
        if known is None or known.game is not game:
            events, state = opening(game, how)
            known = cls(game, how, state, list(game.seats(state)), events)
            known._settle()
            if len(_OPENINGS) > 64:
                _OPENINGS.clear()
            _OPENINGS[(game.info.name, how)] = known
        return known.clone()

    def clone(self) -> Table:
        """An independent copy (the state cloned by the game's rules; the lists copied)."""
        return Table(
            self.game,
            self.how,
            self.game.rules.clone(self.state),
            self.seats,
            list(self.events),
            list(self.moves),
            list(self.drawn),
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.clone()  # OpenSpiel clones a Python state by deep-copying its attributes

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game's registry name, its set-up and the actions taken (OpenSpiel serializes a state
        by pickling its attributes): unpickling replays them."""
        return (_replayed, (self.game.info.name, self.how, [m.action for m in self.moves]))

    # --- whose move ---------------------------------------------------------------------------------------------

    @property
    def pending(self) -> Pending:
        """What the game waits for."""
        return self.game.engine.pending(self.state)

    @property
    def over(self) -> bool:
        """True when the game has ended (nobody is asked for anything)."""
        return not self.pending.actors

    @property
    def is_chance(self) -> bool:
        """True at a draw."""
        return self.pending.is_chance

    def current(self) -> int:
        """The seat index to move; -1 at a draw; -2 when the game is over."""
        p = self.pending
        if not p.actors:
            return -2
        if p.actors == [CHANCE]:
            return -1
        return self.seats.index(p.actors[0])

    # --- actions ------------------------------------------------------------------------------------------------

    def legal(self) -> dict[int, Any]:
        """The legal options of the seat to move by action id (commands); at a draw, the components that can
        come up next by action id; {} at the end."""
        version = self.state.version
        if self._legal is not None and self._legal[0] == version and self._legal[1] == len(self.drawn):
            return self._legal[2]
        p = self.pending
        if not p.actors:
            out: dict[int, Any] = {}
        elif p.is_chance:
            out = actions.assign(self.remaining())
        else:
            out = actions.assign(p.options(p.actors[0]))
        self._legal = (version, len(self.drawn), out)
        return out

    def remaining(self) -> Counter[str]:
        """At a draw: the components that remain (copies of each), those of the draw under way taken out."""
        p = self.pending
        assert p.chance is not None
        return Counter(p.chance.pool) - Counter(self.drawn)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a draw: ``[(action id, probability), ...]`` for the next component, sorted by id: uniform over the
        physical components that remain (copies of the component / components left); they sum to 1."""
        left = self.remaining()
        total = sum(left.values())
        return sorted((n, left[c] / total) for n, c in self.legal().items())

    def apply(self, action: int) -> list[Any]:
        """Move: the seat to move takes option ``action``, or the draw under way draws component ``action``.
        Returns the events it led to ([] for a component of a draw not yet complete).

        Raises:
            ValueError: ``action`` is not legal now.
            RuleViolation: the game refuses the option (an engine bug: every option listed is legal)."""
        legal = self.legal()
        if action not in legal:
            raise ValueError(f"action {action} is not legal now ({len(legal)} legal actions)")
        seat = self.current()
        self.moves.append(Move(seat, action))
        if seat == -1:
            self.drawn.append(legal[action])
            p = self.pending
            assert p.chance is not None
            if len(self.drawn) < p.chance.count:
                return []
            command = self.game.rules.draw_command(list(self.drawn))
            self.drawn = []
        else:
            command = legal[action]
        events, self.state = self.game.engine.execute_pure(self.state, command, inplace=True)
        self.events += events
        return events + self._settle()

    def _settle(self) -> list[Any]:
        """Record the draws of nothing (a draw of 0 components needs no chance move)."""
        out: list[Any] = []
        while True:
            p = self.pending
            if not (p.is_chance and p.chance is not None and p.chance.count == 0):
                return out
            events, self.state = self.game.engine.execute_pure(
                self.state, self.game.rules.draw_command([]), inplace=True
            )
            self.events += events
            out += events

    def describe(self, action: int) -> str:
        """An action in words, unique among the legal actions: the component drawn (its name and id), or the
        option's description (with its key when two options read the same); ``action <id>`` if not legal."""
        legal = self.legal()
        item = legal.get(action)
        if item is None:
            return f"action {action}"
        if self.is_chance:
            return f"draw {self.game.component_name(self.state, item)} ({item})"
        key = (self.state.version, len(self.drawn))
        if self._words is None or self._words[0] != key:
            words = {n: str(self.game.describe_command(c)) for n, c in legal.items()}
            twice = {w for w, k in Counter(words.values()).items() if k > 1}
            self._words = (key, {n: f"{w} ({actions.key(legal[n])})" if w in twice else w for n, w in words.items()})
        return self._words[1][action]

    # --- what a seat knows --------------------------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """What seat ``seat`` may see: the game's ``view(state, seat)`` and nothing else."""
        return self.game.view(self.state, self.seats[seat])

    def view_text(self, seat: int) -> str:
        """:meth:`view` as canonical JSON (sorted keys, compact)."""
        return str(_JSON.encode(self.view(seat)))

    def whole_text(self) -> str:
        """The whole state (the game's ``view(state, None)``) as canonical JSON: what a referee sees."""
        return str(_JSON.encode(self.game.view(self.state, None)))

    def own_moves(self, seat: int) -> list[int]:
        """The action ids seat ``seat`` chose so far (what it knows it did)."""
        return [m.action for m in self.moves if m.seat == seat]

    # --- the end ------------------------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Each seat's final score (``GameInfo.scores`` says where the game writes them); zeros before the end."""
        event_type, rows, score_key = self.game.info.scores
        scored = next((e for e in reversed(self.events) if e.type == event_type), None)
        if scored is None:
            return [0.0] * len(self.seats)
        table = getattr(scored, rows)
        if isinstance(table, dict):
            return [float(table[s]) for s in self.seats]
        by_seat: dict[str, float] = {}
        for i, row in enumerate(table):
            seat = next((v for v in row.values() if isinstance(v, str) and v in self.seats), self.seats[i])
            by_seat[seat] = float(row[score_key])
        return [by_seat[s] for s in self.seats]


def _replayed(name: str, how: Setup, moves: list[int]) -> Table:
    """The game registered as ``name`` set up as ``how`` with ``moves`` applied (what a pickled Table reads as)."""
    table = Table.start(registered()[name], how)
    for action in moves:
        table.apply(action)
    return table
