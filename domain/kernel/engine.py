"""The decider loop over any :class:`~domain.kernel.game.GameRules`: ``pending``, ``decide``, ``execute``.

    pending(state)         -> Pending        what the game waits for
    decide(state, command) -> [Event, ...]   validates; raises RuleViolation; no side effects
    evolve(state, event)   -> state          the game's fold

``execute`` returns the decision event(s) and every consequence after them, up to the next point
where input is needed. In digital play it also answers chance nodes with a seeded RNG derived from
the game's seed and the event count, so a stored game can be resumed in another process and still
draws the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from .game import GameRules
from .pending import Pending

MAX_AUTO_STEPS = 10_000  # a guard: the flow must always reach an input


def _type_name(command_class: type) -> str:
    """A command class's ``type`` as clients write it (``"dig_tunnel"``), else its class name."""
    field = getattr(command_class, "model_fields", {}).get("type")
    return str(field.default) if field is not None else command_class.__name__


def _seeded_sample(state: Any, p: Pending) -> list[str]:
    """The seeded RNG's outcome of chance node ``p``: derived from the game's seed and event count, so a
    stored game resumed in another process draws the same."""
    assert p.chance is not None
    return random.Random(f"{state.seed}:{state.version}").sample(p.chance.pool, p.chance.count)


class Engine:
    """The kernel's decide/evolve loop bound to one game's rules.

    Args:
        rules: the game (see :class:`~domain.kernel.game.GameRules`).
    """

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        # The Pending last computed, with the state object and its version: asking again for the same
        # state (the bot, then execute, then resolve_chance all ask) costs nothing. The state itself is
        # held, so its id cannot be reused; every event bumps the version, so a state changed in place
        # is never answered from here. One tuple, replaced whole: safe across threads.
        self._last: tuple[Any, int, Pending] | None = None

    def advance(self, state: Any) -> tuple[list[Any], Any]:
        """Apply consequences in place until the game waits for input: (events applied, state)."""
        rules = self.rules
        step, apply = rules.step, rules.apply
        out: list[Any] = []
        for _ in range(MAX_AUTO_STEPS):
            result = step(state)
            if isinstance(result, Pending):
                self._last = (state, state.version, result)
                return out, state
            for e in result:
                state = apply(state, e, out)
        raise RuntimeError("the flow did not reach an input; this is an engine bug")

    def pending(self, state: Any) -> Pending:
        """What the game waits for now. ``state`` must be advanced (every stored state is)."""
        last = self._last
        if last is not None and last[0] is state and last[1] == state.version:
            return last[2]
        result = self.rules.step(state)
        if not isinstance(result, Pending):
            raise RuntimeError("the state is not at an input point; call advance() first")
        self._last = (state, state.version, result)
        return result

    def _check_addressed(self, p: Pending, command: Any) -> None:
        refuse = self.rules.index.refuse
        if not p.accepts or not isinstance(command, p.accepts):
            wanted = ", ".join(sorted({_type_name(c) for c in p.accepts})) or "nothing"
            raise refuse(
                "UNEXPECTED_COMMAND",
                "the game waits for: {prompt} (commands accepted: {wanted})",
                "flow.turn",
                prompt=p.prompt,
                wanted=wanted,
            )
        if p.is_chance:
            return
        player = getattr(command, "player", None)
        if player not in p.actors:
            who = ", ".join(p.actors)
            raise refuse(
                "NOT_YOUR_TURN",
                "{player} cannot act now; the game waits for {who}: {prompt}",
                "flow.not_your_turn",
                player=player,
                who=who,
                prompt=p.prompt,
            )

    def _chance_events(self, p: Pending, cards: list[str]) -> list[Any]:
        assert p.chance is not None
        problem = p.chance.problem(cards)
        if problem:
            raise self.rules.index.refuse("DRAW_IMPOSSIBLE", problem, "input.chance")
        return p.chance.events(cards)

    def execute_pure(self, state: Any, command: Any, inplace: bool = False) -> tuple[list[Any], Any]:
        """Decide ``command`` against ``state`` and return (events, new state).

        ``state`` is untouched unless ``inplace`` (faster, for bots and simulation: a refused command
        still changes nothing, because every check runs before the first event is applied).

        Raises:
            RuleViolation: the command is malformed, not expected now, or breaks a rule.
        """
        rules = self.rules
        if isinstance(command, (dict, str)):  # (a tuple: `dict | str` builds a union at every call)
            command = rules.parse_command(command)
        p = self.pending(state)
        decided = rules.outside_turn(state, command)
        if decided is None:
            self._check_addressed(p, command)
            if p.is_chance:
                decided = self._chance_events(p, list(command.cards))
            else:
                assert p.handle is not None
                decided = p.handle(state, command)
        return self._apply_and_advance(state, decided, inplace)

    def _apply_and_advance(self, state: Any, decided: list[Any], inplace: bool) -> tuple[list[Any], Any]:
        """Apply the decided events (to ``state`` itself if ``inplace``, else to a copy), then advance."""
        rules = self.rules
        work = state if inplace else rules.clone(state)
        out: list[Any] = []
        for e in decided:
            work = rules.apply(work, e, out)
        more, work = self.advance(work)
        return out + more, work

    def decide(self, state: Any, command: Any) -> list[Any]:
        """Validate ``command`` and return its events (decision, chance or consequence), in order.

        Raises:
            RuleViolation: the command is malformed, not expected now, or breaks a rule.
        """
        return self.execute_pure(state, command)[0]

    def random_draw(self, state: Any, p: Pending) -> Any:
        """The seeded RNG's answer to a chance node (digital play), as the recorder would type it."""
        return self.rules.draw_command(_seeded_sample(state, p))

    def resolve_chance(self, state: Any, inplace: bool = False) -> tuple[list[Any], Any]:
        """In digital mode, answer chance nodes with the RNG until a player must act. The RNG draws from
        the node's own pool, so its outcome needs none of the checks a recorded draw gets (the same
        events as :meth:`execute_pure` of :meth:`random_draw`'s command)."""
        out: list[Any] = []
        while state.mode == "digital":
            p = self.pending(state)
            if not p.is_chance:
                break
            assert p.chance is not None
            events, state = self._apply_and_advance(state, p.chance.events(_seeded_sample(state, p)), inplace)
            out += events
        return out, state

    def execute(self, state: Any, command: Any, inplace: bool = False) -> tuple[list[Any], Any]:
        """One command as the application runs it: decide, apply, then (digital) resolve chance.
        ``inplace`` mutates ``state`` instead of working on a copy (see :meth:`execute_pure`).

        Raises:
            RuleViolation: as :meth:`execute_pure`.
        """
        events, state = self.execute_pure(state, command, inplace=inplace)
        more, state = self.resolve_chance(state, inplace=inplace)
        return events + more, state

    def start(self, first: Iterable[Any]) -> tuple[list[Any], Any]:
        """Fold the opening event(s) of a game, then run to the first input (drawing in digital play)."""
        opening = list(first)
        state = self.replay(opening)
        events, state = self.advance(state)
        more, state = self.resolve_chance(state, inplace=True)  # a fresh state of our own: no copies
        return [*opening, *events, *more], state

    def replay(self, events: Iterable[Any]) -> Any:
        """Fold a whole log (no validation): the state it describes (the rules' ``fold(None, events)`` if
        they have one: a loop of their own over the log, the same as ``evolve`` event by event)."""
        fold = getattr(self.rules, "fold", None)
        if fold is not None:
            return fold(None, events)
        evolve = self.rules.evolve
        state = None
        for e in events:
            state = evolve(state, e)
        return state
