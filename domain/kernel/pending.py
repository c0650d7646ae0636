"""What a game waits for: :class:`Pending` (actors, kind of input, legal options).

``pending`` is the heart of recording and of bots. A chance node is a Pending whose actor is
:data:`CHANCE`; its :class:`~domain.kernel.chance.ChanceSpec` lists the components a draw can still
produce. Each Pending also carries the function that decides the commands it accepts, so validation
and the legal options come from one place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .chance import ChanceSpec

CHANCE = "chance"


@dataclass(slots=True)
class Pending:
    """One decision point. ``options(actor)`` lists the legal commands of that actor.

    Attributes:
        kind: the decision's name ("choose_orders", "action", ... or "chance").
        actors: who may answer: player colours (several for a simultaneous choice) or ``[CHANCE]``.
        prompt: one line for a person at the table.
        accepts: the command classes this decision takes.
        handle: ``(state, command) -> [event, ...]``: validates and returns the decision's events;
            raises RuleViolation.
        options_fn: ``actor -> [command, ...]``: the legal commands (what bots choose among).
        chance: the draw, for a chance node.
        rule: the rule id the decision rests on (cited when a command arrives out of turn).
        detail: extra facts a renderer may show (the game's own keys).
    """

    kind: str
    actors: list[str]
    prompt: str
    accepts: tuple[type, ...] = ()
    handle: Callable[[Any, Any], list[Any]] | None = None
    options_fn: Callable[[str], list[Any]] | None = None
    chance: ChanceSpec | None = None
    rule: str = "flow.turn"
    detail: dict[str, Any] = field(default_factory=dict)

    def options(self, actor: str | None = None) -> list[Any]:
        """The legal commands of ``actor`` (the first actor by default); [] for a chance node."""
        if self.options_fn is None:
            return []
        return self.options_fn(actor if actor is not None else (self.actors[0] if self.actors else ""))

    @property
    def is_chance(self) -> bool:
        """True when the game waits for a draw, not a player."""
        return self.actors == [CHANCE]
