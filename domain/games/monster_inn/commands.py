"""Monster Inn's commands: what a player (or the recorder of a draw) asks the engine to do.

``{"type": "remain", "player": "p2", "treasure": "gem"}``; ``player`` is the seat (``"p1"``..).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from domain.kernel.events import Command
from domain.kernel.setup import parse_with

from .refusals import refuse

Treasure = Literal["gold", "gem"]


class Remain(Command):
    """Remain: add 1 ``treasure`` to the Pool (of the Pool's type when it holds any)."""

    type: Literal["remain"] = "remain"
    player: str
    treasure: Treasure


class ExchangeTreasure(Command):
    """Remain by a Treasure Exchange (provisional rule M-04): replace the Pool with one more piece of the other type."""

    type: Literal["exchange"] = "exchange"
    player: str


class Leave(Command):
    """Leave: take the Pool and the leftmost creature."""

    type: Literal["leave"] = "leave"
    player: str


class TakeBonus(Command):
    """The humanoid bonus: 1 ``treasure`` of your choice from the general supply."""

    type: Literal["take_bonus"] = "take_bonus"
    player: str
    treasure: Treasure


class Support(Command):
    """Support: 1 ``treasure`` from your supply on ``monster`` (a monster of the kind just placed)."""

    type: Literal["support"] = "support"
    player: str
    monster: str
    treasure: Treasure


class NoSupport(Command):
    """Decline Support now."""

    type: Literal["no_support"] = "no_support"
    player: str


class RecordDraw(Command):
    """What came up: the Inn's cards (monster ids, humanoid backs such as ``h6-10``) or a revealed humanoid."""

    type: Literal["record_draw"] = "record_draw"
    cards: list[str]


AnyCommand = Annotated[
    Remain | ExchangeTreasure | Leave | TakeBonus | Support | NoSupport | RecordDraw, Field(discriminator="type")
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(AnyCommand, config=ConfigDict(defer_build=True))  # built on first use


def parse_command(data: dict[str, Any] | str) -> Any:
    """A command from its JSON form (dict or text).

    Raises:
        RuleViolation: COMMAND_MALFORMED, naming the field and the reason."""
    return parse_with(_ADAPTER, data, refuse, '{"type": "remain", "player": "p2", "treasure": "gem"}')
