"""The line of inputs behind a log, and fixing it honestly: undo, correction, fork; for any game.

A log is a sequence of events; an *input* is one decision or one draw, and the events from it up to
the next input point are its *span*. Undo (:class:`~.events.InputUndone`) and correction
(:class:`~.events.InputCorrected`) are markers in the log: they take events back without deleting
them, and the events after a marker continue from the state it carries. A game may have markers of
its own (e.g. a table ruling, or archiving a game): :attr:`History.marker` names them.

    spans_of(log)                -> [Span, ...]          every input and marker, in log order
    standing(spans)              -> [Span, ...]          the inputs not taken back, oldest first
    taken_back(log)              -> {event number: why}  every event an undo or a correction took back
    undo_event(log, player)      -> InputUndone          the latest input still standing
    correct(log, number, command)-> Correction           a plan: the events to append, kept, superseded
    fork(log, at)                -> [Event, ...]         the start of a new game
    effective(log)               -> [Event, ...]         the line as it now stands
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import RuleViolation
from .events import InputCorrected, InputUndone, same_event
from .pending import CHANCE, Pending

MARKERS = ("undo", "correction", "ruling", "archive")
#: logs whose walk :meth:`History.spans_of` keeps to go on from (a page served to a few tables at once)
WALKED_KEPT = 16


@dataclass(frozen=True, slots=True)
class Span:
    """One input (or marker) of a log.

    ``actor``: a seat, ``"chance"`` for a draw, or a marker: ``"undo"`` (command = the player),
    ``"correction"`` (command = the InputCorrected event), or a game's own (``"ruling"``: command =
    the command that re-applies it; ``"archive"``: command = the event).
    ``first``/``last``: the 1-based numbers of the events it caused. ``key``: the decision it answered
    (:attr:`History.decision_key`; None for markers)."""

    actor: str
    command: Any
    first: int
    last: int
    key: tuple[Any, ...] | None = None

    @property
    def is_input(self) -> bool:
        return self.actor not in MARKERS


def _fresh_seed(first: Any) -> dict[str, Any]:
    """The update of a digital game's first event that gives it a new seed (nothing for a tabletop game):
    its ``seed`` field, or the ``seed`` of the position it starts from (a scenario's ``state``)."""
    seed = random.SystemRandom().randrange(2**63)  # setup.SEED_LIMIT (setup imports game, which imports this)
    if getattr(first, "mode", None) == "digital" and getattr(first, "seed", None) is not None:
        return {"seed": seed}
    state = getattr(first, "state", None)
    if isinstance(state, dict) and state.get("mode") == "digital" and state.get("seed") is not None:
        return {"state": {**state, "seed": seed}}
    return {}


def _where(state: Any, p: Pending, actor: str) -> tuple[Any, ...]:
    what = (p.kind, p.chance.what) if p.is_chance and p.chance else (p.kind,)
    return (*what, actor)


def _key_words(key: tuple[Any, ...] | None) -> str:
    return ", ".join(str(k) for k in key) if key else "no decision"


def _same(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(same_event(x, y) for x, y in zip(a, b, strict=True))


class _Rules(Protocol):
    """The part of a game's rules (:class:`~.game.GameRules`) a history uses."""

    def draw_command(self, cards: list[str]) -> Any: ...
    def evolve(self, state: Any, event: Any) -> Any: ...
    def clone(self, state: Any) -> Any: ...


class Replayer(Protocol):
    """What a history needs of the engine (:class:`~.engine.Engine` is one): named here, not imported,
    as the engine imports the game protocol, which names :class:`History`."""

    @property
    def rules(self) -> _Rules: ...
    def replay(self, events: Iterable[Any]) -> Any: ...
    def advance(self, state: Any) -> tuple[list[Any], Any]: ...
    def pending(self, state: Any) -> Pending: ...
    def execute_pure(self, state: Any, command: Any, inplace: bool = False) -> tuple[list[Any], Any]: ...
    def resolve_chance(self, state: Any, inplace: bool = False) -> tuple[list[Any], Any]: ...


class _Diverged(Exception):
    """A later input's decision no longer arises at its place in the corrected line."""


@dataclass
class Correction:
    """What a correction does, before it is stored: ``events`` (the InputCorrected marker, the new
    input's events, the re-applied inputs' events) and, for people, ``kept``/``superseded``."""

    marker: InputCorrected
    events: list[Any] = field(default_factory=list)

    @property
    def kept(self) -> list[str]:
        return self.marker.kept

    @property
    def superseded(self) -> list[str]:
        return self.marker.superseded

    @property
    def divergence(self) -> str:
        return self.marker.divergence


@dataclass(frozen=True)
class History:
    """One game's inputs and their markers.

    Attributes:
        engine: the game's engine (its rules decide what each input caused).
        chance_cards: a chance event -> the components it says came up (the record's ``draw`` line).
        describe_command: a command in words (labels of kept and superseded inputs).
        to_dict: the game's state as a JSON-native dict (the state a marker carries).
        refuse: the game's ``RuleIndex.refuse`` (the refusal codes are the kernel's).
        decision_key: ``(state, pending, actor) -> tuple``: which decision an input answered (who, what,
            where); a correction re-applies a later input only where the game asks the same again.
        describe_key: a decision key in words.
        marker: a game's own marker event -> ``(actor, command, replay)``, or None: ``replay`` re-runs
            ``command`` to get its events (a ruling); otherwise the event is folded alone (archiving).
        reveals: event types after which an input cannot be undone (it showed someone a card).
        not_counted: event types :meth:`effective` leaves out besides the markers.
    """

    engine: Replayer
    chance_cards: Callable[[Any], list[str]]
    describe_command: Callable[[Any], str]
    to_dict: Callable[[Any], dict[str, Any]]
    refuse: Callable[..., RuleViolation]
    decision_key: Callable[[Any, Pending, str], tuple[Any, ...]] = _where
    describe_key: Callable[[tuple[Any, ...] | None], str] = _key_words
    marker: Callable[[Any], tuple[str, Any, bool] | None] = lambda e: None
    reveals: tuple[type, ...] = ()
    not_counted: tuple[type, ...] = ()
    #: the last logs walked (see :meth:`spans_of`): ``(events, spans, state after them)``, newest last
    _walked: list[tuple[tuple[Any, ...], list[Span], Any]] = field(
        default_factory=list, init=False, repr=False, compare=False
    )

    # --- reading the line -------------------------------------------------------------------------
    def spans_of(self, log: list[Any]) -> list[Span]:
        """Every input and marker of ``log`` in order: at each input point, the legal option whose
        events are the log's next events.

        Raises:
            ValueError: the log does not follow from its first event under the current rules, or no
                legal input reproduces some event (the message names it).
        """
        engine = self.engine
        known = self._walked_before(log)
        if known is not None:  # a log walked before, now longer (a page loaded again after an input)
            walked, spans, state = known
            more, state = self._spans(engine.rules.clone(state), log, len(walked))
            spans = spans + more
        else:
            state = engine.replay(log[:1])
            auto, state = engine.advance(state)
            if not _same(auto, log[1 : 1 + len(auto)]):
                raise ValueError("the log does not follow from its first event under the current rules")
            spans, state = self._spans(state, log, 1 + len(auto))
        if known is None or len(known[0]) < len(log):
            self._walked.append((tuple(log), spans, state))
            del self._walked[:-WALKED_KEPT]
        return list(spans)

    def _walked_before(self, log: list[Any]) -> tuple[tuple[Any, ...], list[Span], Any] | None:
        """The longest log walked before of which ``log`` is a continuation (the same events first), if any:
        spans are a function of the log alone (the rules are this History's), so the walk goes on from
        where it ended. Only a walk that ended at an input point is kept (every complete one does)."""
        best = None
        for walked, spans, state in reversed(self._walked):
            n = len(walked)
            if (
                1 < n <= len(log)
                and (best is None or n > len(best[0]))
                and all(a is b or a == b for a, b in zip(walked, log[:n], strict=True))
            ):
                best = (walked, spans, state)
        return best

    def _spans(self, state: Any, log: list[Any], i: int) -> tuple[list[Span], Any]:
        """The spans of ``log[i:]``, walked from ``state`` (the state after ``log[:i]``, at an input
        point), and the state at the end. Raises ValueError as :meth:`spans_of`."""
        engine = self.engine
        evolve = engine.rules.evolve
        out: list[Span] = []
        while i < len(log):
            e = log[i]
            if isinstance(e, InputUndone | InputCorrected):
                actor = "undo" if isinstance(e, InputUndone) else "correction"
                out.append(Span(actor, e.player if isinstance(e, InputUndone) else e, i + 1, i + 1))
                state, i = evolve(state, e), i + 1
                continue
            own = self.marker(e)
            if own is not None:
                actor, command, replay = own
                if replay:
                    events, state = engine.execute_pure(state, command)
                else:
                    events, state = [e], evolve(state, e)
                out.append(Span(actor, command, i + 1, i + len(events)))
                i += len(events)
                continue
            p = engine.pending(state)
            if p.is_chance:
                candidates: list[tuple[str, Any]] = [(CHANCE, engine.rules.draw_command(self.chance_cards(e)))]
            else:
                candidates = [(a, o) for a in p.actors for o in p.options(a)]
            best = None  # the input that reproduces the longest run of the log's next events
            for actor, command in candidates:
                try:
                    if not p.is_chance and p.handle is not None:  # cheap first: the decision event itself
                        decided = p.handle(state, command)  # (pure: validates, applies nothing)
                        if decided and not same_event(decided[0], e, decided=True):
                            continue
                    events, after = engine.execute_pure(state, command)
                except RuleViolation:
                    continue
                if _same(events, log[i : i + len(events)]) and (best is None or len(events) > best[2]):
                    best = (actor, command, len(events), after)
            if best is None:
                raise ValueError(f"no legal input reproduces event {i + 1} ({e.type})")
            out.append(Span(best[0], best[1], i + 1, i + best[2], self.decision_key(state, p, best[0])))
            state, i = best[3], i + best[2]
        return out, state

    def answers_alongside(self, log: list[Any], expected: int, player: str) -> bool:
        """Whether ``player``'s answer to the decision the game waited for at event ``expected`` may be
        taken at the end of ``log`` as it would have been then: every input since is another seat's
        answer to that same simultaneous decision (secret orders, a bid, a draft), and the game still
        waits for ``player``'s answer to it. Such answers commute: the order in which seats' answers
        arrive changes nothing. The answer is then checked by the rules as usual, at the end of the log.

        False (a real conflict) when the decision changed, ``player`` already answered, an input of
        another kind came in between, or ``expected`` is not an input point of ``log``."""
        if not 1 <= expected < len(log):
            return False
        engine = self.engine
        try:
            state = engine.replay(log[:expected])
            p = engine.pending(state)
            if p.is_chance or player not in p.actors or len(p.actors) < 2:
                return False
            key = self.decision_key(state, p, player)[:-1]
            since, now = self._spans(state, log, expected)
        except (ValueError, RuleViolation):
            return False
        if any(not s.is_input or s.actor == player or s.key is None or s.key[:-1] != key for s in since):
            return False
        p_now = engine.pending(now)
        return player in p_now.actors and self.decision_key(now, p_now, player)[:-1] == key

    @staticmethod
    def standing(spans: list[Span]) -> list[Span]:
        """The inputs (and rulings) not taken back, oldest first: an undo takes back the latest one, a
        correction every one from the corrected input on (its kept inputs follow it again)."""
        line: list[Span] = []
        for s in spans:
            if s.actor == "undo":
                line.pop()
            elif s.actor == "correction":
                line = [x for x in line if x.first < s.command.first]
            elif s.actor != "archive":
                line.append(s)
        return line

    @staticmethod
    def taken_back(log: list[Any]) -> dict[int, str]:
        """Event number -> why it no longer counts ("undone by event 40", "superseded by the correction
        at event 90"). Read from the markers alone: no replay."""
        out: dict[int, str] = {}
        for n, e in enumerate(log, 1):
            if isinstance(e, InputUndone):
                for k in range(e.first, e.last + 1):
                    out.setdefault(k, f"undone by event {n}")
            elif isinstance(e, InputCorrected) and e.first:
                for k in range(e.first, n):
                    out.setdefault(k, f"superseded by the correction at event {n}")
        return out

    def state_before(self, log: list[Any], number: int) -> Any:
        """The state just before event ``number`` (1-based): the fold of the events before it.

        Raises:
            ValueError: ``number`` is 1 (there is no state before the first event)."""
        if number < 2:
            raise ValueError("there is no state before the first event")
        return self.engine.replay(log[: number - 1])

    def label(self, span: Span) -> str:
        """An input in words, with its event number: "event 67: red: dig a tunnel on [1, 2]"."""
        if span.actor == CHANCE:
            what = "draw " + ",".join(span.command.cards)
        elif span.actor == "ruling":
            what = f"table ruling: {span.command.reason}"
        else:
            what = f"{span.actor}: {self.describe_command(span.command)}"
        return f"event {span.first}: {what}"

    # --- undo -------------------------------------------------------------------------------------
    def undo_event(self, log: list[Any], player: str | None = None) -> InputUndone:
        """The event that takes back the latest input still standing. Undoing again takes back the
        input before that one, and so on. ``player``: whose input it must be (None: whoever gave it, as
        the recorder at the table; ``"chance"`` for a draw). In a tabletop game a draw is the
        recorder's input and can be taken back; in a digital game it would be a re-roll.

        Raises:
            RuleViolation: UNDO_NOTHING (no input left), UNDO_NOT_YOURS (another player's input came
                after), UNDO_CHANCE (a digital game's draw), UNDO_REVEALED (the input revealed a card
                or caused a draw), UNDO_NOT_AN_INPUT (the latest entry is a table ruling).
        """
        rule, refuse = "record.undo", self.refuse
        line = self.standing(self.spans_of(log))
        if not line:
            raise refuse("UNDO_NOTHING", "no input is left to take back", rule)
        last = line[-1]
        if last.actor == "ruling":
            raise refuse(
                "UNDO_NOT_AN_INPUT",
                "the latest entry is a table ruling, not an input: enter a correcting ruling instead",
                rule,
            )
        if last.actor == CHANCE and self.state_before(log, 2).mode != "tabletop":
            raise refuse(
                "UNDO_CHANCE",
                "the latest input was the engine's draw ({cards}): "
                "in a digital game a draw cannot be taken back (it would be a re-roll)",
                rule,
                cards=", ".join(last.command.cards),
            )
        if player is not None and player != last.actor:
            raise refuse(
                "UNDO_NOT_YOURS",
                "the latest input is {label}; only the latest input can be undone, by its player",
                rule,
                label=self.label(last),
            )
        caused = log[last.first - 1 : last.last]
        if last.actor != CHANCE:
            what = next((e for e in caused if e.kind == "chance" or isinstance(e, self.reveals)), None)
            if what is not None:
                raise refuse(
                    "UNDO_REVEALED",
                    "that input revealed something ({type}): it cannot be taken back; correct it instead",
                    rule,
                    type=what.type,
                )
        if last.actor == CHANCE:
            description = "draw " + ",".join(last.command.cards)
        else:
            description = self.describe_command(last.command)
        return InputUndone(
            player=last.actor,
            first=last.first,
            last=last.last,
            description=str(description),  # a plain str: a Phrase (a str subclass) is no JSON for msgspec
            state=self.to_dict(self.state_before(log, last.first)),
        )

    # --- correction -------------------------------------------------------------------------------
    def correct(self, log: list[Any], number: int, command: Any, roll: bool = True) -> Correction:
        """Replace the input that produced event ``number`` with ``command`` and re-apply every later
        input that still stands, in order, each only to the same decision it originally answered. The
        re-derivation stops at the first input whose decision no longer arises or that the rules now
        refuse; that input and every one after it are superseded, and the game waits there. A draw can
        be corrected in a tabletop game. ``roll``: in a digital game, let the engine draw where the
        line stopped (a record's import does not: its draw lines follow).

        Raises:
            RuleViolation: CORRECTION_NOT_AN_INPUT, CORRECTION_TAKEN_BACK, CORRECTION_DIGITAL_DRAW,
                CORRECTION_WRONG_KIND, or the new input's own rule violation.
        """
        rule, refuse, engine = "record.correction", self.refuse, self.engine
        if not 1 <= number <= len(log):
            raise refuse(
                "CORRECTION_NOT_AN_INPUT",
                "the game has events 1..{count_log}, not {number}",
                rule,
                count_log=len(log),
                number=number,
            )
        gone = self.taken_back(log)
        if number in gone:
            raise refuse(
                "CORRECTION_TAKEN_BACK",
                "event {number} no longer counts ({why}): correct the input that stands in its place",
                rule,
                number=number,
                why=gone[number],
            )
        line = self.standing(self.spans_of(log))
        index = next((k for k, s in enumerate(line) if s.first <= number <= s.last), None)
        if index is None or line[index].actor == "ruling":
            raise refuse(
                "CORRECTION_NOT_AN_INPUT",
                "event {number} is not part of a player's input or a draw (see `log`)",
                rule,
                number=number,
            )
        target = line[index]
        start = self.state_before(log, target.first)
        draw_type = type(engine.rules.draw_command([]))
        if target.actor == CHANCE and start.mode != "tabletop":
            raise refuse(
                "CORRECTION_DIGITAL_DRAW",
                "in a digital game the engine drew this; correcting it would be a re-roll",
                rule,
            )
        if (target.actor == CHANCE) != isinstance(command, draw_type):
            kind = "a draw" if target.actor == CHANCE else "a decision"
            raise refuse(
                "CORRECTION_WRONG_KIND",
                "event {number} was {kind}: correct it with {kind}",
                rule,
                number=number,
                kind=kind,
            )
        work = engine.rules.clone(start)
        work.version = len(log) + 1  # as it will be once the marker is folded (the RNG reads it)
        events, work = engine.execute_pure(work, command)  # the new input must be legal (raises if not)
        kept: list[str] = []
        superseded: list[str] = []
        divergence = ""
        for span in line[index + 1 :]:
            if divergence:
                superseded.append(self.label(span))
                continue
            try:
                if span.actor == "ruling":
                    more, work = engine.execute_pure(work, span.command)
                else:
                    p = engine.pending(work)
                    actor = CHANCE if p.is_chance else span.actor
                    if self.decision_key(work, p, actor) != span.key:
                        now = self.decision_key(work, p, p.actors[0] if p.actors else "")
                        raise _Diverged(
                            f"{self.label(span)} answered {self.describe_key(span.key)}; the game now asks "
                            f"{self.describe_key(now)}"
                        )
                    more, work = engine.execute_pure(work, span.command)
            except RuleViolation as exc:
                divergence = f"{self.label(span)}: refused {exc.code}: {exc.message}"
            except _Diverged as exc:
                divergence = str(exc)
            else:
                kept.append(self.label(span))
                events += more
                continue
            superseded.append(self.label(span))
        rolled, work = engine.resolve_chance(work) if roll else ([], work)  # digital: the engine draws on
        was = self.label(target).split(": ", 1)[1]
        is_draw = isinstance(command, draw_type)
        marker = InputCorrected(
            event=number,
            first=target.first,
            was=str(was),  # plain strs (a Phrase is no JSON for msgspec)
            now=str(("draw " + ",".join(command.cards)) if is_draw else self.describe_command(command)),
            command=command.model_dump(mode="json"),
            kept=[str(k) for k in kept],
            superseded=[str(s) for s in superseded],
            divergence=str(divergence),
            reapplied=len(kept),
            state=self.to_dict(start),
        )
        return Correction(marker, [marker, *events, *rolled])

    # --- fork -------------------------------------------------------------------------------------
    def input_points(self, log: list[Any]) -> list[int]:
        """The event numbers after which the game waited for an input (where a fork may start)."""
        return sorted({s.first - 1 for s in self.spans_of(log)} | {len(log)})

    def fork(self, log: list[Any], at: int, source: str = "", same_seed: bool = False) -> list[Any]:
        """The first ``at`` events of a game as the start of a new game. Its first event says
        ``origin "forked"`` and ``forked_from`` = ``"SOURCE@AT"``; seats, bots, catalog are kept. A digital
        game's fork draws from a fresh seed (the source's would foretell every draw the source game has
        still to make, docs/record-format.md), unless ``same_seed``: then the same inputs draw the same.
        Events 1..``at`` hold their draws, so they are the same either way (and so is the hash chain,
        which leaves the seed out).

        Raises:
            ValueError: ``at`` is outside the log, or inside the consequences of one input (the message
                names the nearest input points before and after it).
        """
        if not 1 <= at <= len(log):
            raise ValueError(f"fork at 1..{len(log)}, not {at}")
        points = self.input_points(log)
        if at not in points:
            before = max((k for k in points if k < at), default=None)
            after = min((k for k in points if k > at), default=None)
            near = " or ".join(str(k) for k in (before, after) if k is not None)
            raise ValueError(f"event {at} is in the middle of what one input caused; fork at {near} (an input point)")
        origin: dict[str, Any] = {"origin": "forked", "forked_from": f"{source}@{at}" if source else f"@{at}"}
        if not same_seed:
            origin.update(_fresh_seed(log[0]))
        return [log[0].replace(**origin), *log[1:at]]

    def effective(self, log: list[Any]) -> list[Any]:
        """The events that still count: without the undone and superseded ones and the markers (the
        corrected line as if it had been played so)."""
        gone = self.taken_back(log)
        dropped = (InputUndone, InputCorrected, *self.not_counted)
        return [e for n, e in enumerate(log, 1) if n not in gone and not isinstance(e, dropped)]
