"""What a game waits for: :class:`Pending` (actors, kind of input, legal options).

``pending`` is the heart of recording and of bots. A chance node is a Pending whose actor is
:data:`CHANCE`; its :class:`~domain.kernel.chance.ChanceSpec` lists the components a draw can still
produce. Each Pending also carries the function that decides the commands it accepts, so validation
and the legal options come from one place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, overload

from .chance import ChanceSpec

CHANCE = "chance"


class LazyCommands(Sequence[Any]):
    """Legal commands built only when looked at, from ``specs`` (cheap values) by ``build(spec) -> command``:
    a bot that draws one option (``rng.choice``: a length and an index) builds one; iterating builds them
    all, in order, as a list would hold them. It compares equal to any sequence of the same commands. A bot
    that scores options sees only the commands (compare :class:`LazyOptions`)."""

    __slots__ = ("_build", "_specs")

    def __init__(self, specs: Sequence[Any], build: Callable[[Any], Any]) -> None:
        self._specs, self._build = specs, build

    def __len__(self) -> int:
        return len(self._specs)

    @overload
    def __getitem__(self, i: int) -> Any: ...
    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...
    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self._build(spec) for spec in self._specs[i]]
        return self._build(self._specs[i])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Sequence[Any]) -> list[Any]:
        return [*self, *other]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} commands)"


class LazyOptions(LazyCommands):
    """:class:`LazyCommands` whose ``specs`` (cheap tuples) a bot may score instead of the commands, building
    only the one it takes (120 lines of orders)."""

    __slots__ = ()

    @property
    def specs(self) -> Sequence[Any]:
        """The cheap descriptions the commands are built from, in the same order (a bot that scores
        options can score these and build only the one it takes)."""
        return self._specs

    def build(self, spec: Any) -> Any:
        """The command of one of :attr:`specs`."""
        return self._build(spec)


class DecidedOptions:
    """The legal options of one decision, each found by deciding a candidate command, with the events
    each decided: the option then taken (the very command object listed) is answered with them instead
    of being decided again, and a bot that scores options by their events asks :meth:`handle` too.

    ``work()`` yields ``(command, events)`` for each legal candidate; it runs once, when the options are
    first asked for (a command that arrives before that, typed at the table, is simply decided). ``decide``
    is ``(state, command) -> events``: the decision's own rules (raises RuleViolation). The events are
    those of ``state`` as it is now: a later state, or this one changed in place, is decided anew.
    """

    __slots__ = ("_decide", "_known", "_state", "_version", "_work")

    def __init__(
        self,
        state: Any,
        work: Callable[[], Iterable[tuple[Any, list[Any]]]],
        decide: Callable[[Any, Any], list[Any]],
    ) -> None:
        self._state, self._version = state, state.version
        self._work, self._decide = work, decide
        self._known: dict[int, tuple[Any, list[Any]]] | None = None

    def worked_out(self) -> dict[int, tuple[Any, list[Any]]]:
        """The legal options by ``id`` of their command, with their events (worked out on first use)."""
        if self._known is None:
            self._known = {id(cmd): (cmd, events) for cmd, events in self._work()}
        return self._known

    def options(self, actor: str = "") -> list[Any]:
        """The legal commands, in the order ``work`` found them."""
        return [cmd for cmd, _ in self.worked_out().values()]

    def handle(self, state: Any, cmd: Any) -> list[Any]:
        """The events of ``cmd``: those already decided if it is one of the options listed for this very
        state, else decided now. Raises RuleViolation (from ``decide``)."""
        known = self._known
        if known is not None and state is self._state and state.version == self._version:
            entry = known.get(id(cmd))
            if entry is not None and entry[0] is cmd:
                return list(entry[1])
        return self._decide(state, cmd)


class Pending:
    """One decision point. ``options(actor)`` lists the legal commands of that actor.

    Attributes:
        kind: the decision's name ("choose_orders", "action", ... or "chance").
        actors: who may answer: player colours (several for a simultaneous choice) or ``[CHANCE]``.
        prompt: one line for a person at the table. Made on first read when given as a function
            (``prompt=lambda: Phrase(...)``): bots never read it, so a game that bots play does not pay for
            its words (issue #35). Such a function is called once, and must use only values that do not
            change with the state (names, and numbers bound when the Pending is made).
        accepts: the command classes this decision takes.
        handle: ``(state, command) -> [event, ...]``: validates and returns the decision's events;
            raises RuleViolation.
        options_fn: ``actor -> [command, ...]``: the legal commands (what bots choose among): a list, or
            a :class:`LazyOptions` when there are many.
        chance: the draw, for a chance node.
        rule: the rule id the decision rests on (cited when a command arrives out of turn).
        detail: extra facts a renderer may show (the game's own keys).
    """

    __slots__ = ("_prompt", "accepts", "actors", "chance", "detail", "handle", "kind", "options_fn", "rule")

    def __init__(
        self,
        kind: str,
        actors: list[str],
        prompt: str | Callable[[], str],
        accepts: tuple[type, ...] = (),
        handle: Callable[[Any, Any], list[Any]] | None = None,
        options_fn: Callable[[str], Sequence[Any]] | None = None,
        chance: ChanceSpec | None = None,
        rule: str = "flow.turn",
        detail: dict[str, Any] | None = None,
    ) -> None:
        self.kind, self.actors, self._prompt, self.accepts = kind, actors, prompt, accepts
        self.handle, self.options_fn, self.chance, self.rule = handle, options_fn, chance, rule
        self.detail: dict[str, Any] = {} if detail is None else detail

    @property
    def prompt(self) -> str:
        """The prompt's text (a ``str``, often a :class:`~.errors.Phrase` that is translated with its params)."""
        prompt = self._prompt
        if isinstance(prompt, str):
            return prompt
        made = self._prompt = prompt()
        return made

    def __repr__(self) -> str:
        return f"Pending(kind={self.kind!r}, actors={self.actors!r}, prompt={self.prompt!r}, rule={self.rule!r})"

    def options(self, actor: str | None = None) -> Sequence[Any]:
        """The legal commands of ``actor`` (the first actor by default); [] for a chance node. A sequence
        (it may build its commands only when looked at: index it, iterate it, ``list()`` it)."""
        if self.options_fn is None:
            return []
        return self.options_fn(actor if actor is not None else (self.actors[0] if self.actors else ""))

    @property
    def is_chance(self) -> bool:
        """True when the game waits for a draw, not a player."""
        actors = self.actors  # (no list built: asked several times a command)
        return len(actors) == 1 and actors[0] == CHANCE


def draw_pending(
    spec: ChanceSpec,
    prompt: str | Callable[[], str],
    accepts: tuple[type, ...],
    rule: str = "input.chance",
    detail: dict[str, Any] | None = None,
) -> Pending:
    """The chance node of a draw (``accepts``: the game's draw command class), answered by the seeded RNG
    in digital play and by the recorder at a table."""
    return Pending(
        kind="chance", actors=[CHANCE], prompt=prompt, accepts=accepts, chance=spec, rule=rule, detail=detail
    )


@dataclass(frozen=True, slots=True)
class DecisionSpec:
    """One kind of decision a game can wait for, as its documentation and the conformance suite see it.

    Attributes:
        kind: the ``Pending.kind`` (``"choose_orders"``; ``"chance"`` for a draw).
        who: who answers, in words ("each player at once", "the player whose minion acts", "chance").
        commands: the ``type`` of every command it may accept.
        rule_id: the rule it rests on.
        detail: the keys its ``Pending.detail`` may carry.
        summary: what is decided, in a line.
    """

    kind: str
    who: str
    commands: tuple[str, ...]
    rule_id: str
    summary: str
    detail: tuple[str, ...] = ()


def decisions_markdown(title: str, specs: list[DecisionSpec], cite: dict[str, str]) -> str:
    """A Markdown table of a game's decisions (``cite``: rule id -> citation)."""
    lines = [f"## {title}", "", "| kind | who answers | commands | detail | what | rule |", "|---|---|---|---|---|---|"]
    for d in specs:
        commands = ", ".join(f"`{c}`" for c in d.commands) or "-"
        detail = ", ".join(f"`{k}`" for k in d.detail) or "-"
        rule = cite.get(d.rule_id, d.rule_id).replace("|", "/")
        lines.append(f"| `{d.kind}` | {d.who} | {commands} | {detail} | {d.summary} | {rule} |")
    return "\n".join(lines) + "\n"
