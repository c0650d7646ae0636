"""Monster Inn's domain events (stored under the topics ``mi.Game.<Event>``).

Card tokens: a monster by its id (``"m7"``: combat value 7); a humanoid by its back while nobody knows
its front (``"h6-10"``), by its id once revealed at scoring (``"h8"``). Treasure types: ``"gold"``
(Gold Coins) and ``"gem"`` (Gems); counts are pieces of treasure.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.events import Chance, Decision, Event, GameArchived, InputCorrected, InputUndone


class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A player: ``seat`` (``"p1"``..``"p5"``, clockwise), the name, the bot that played it (if any)."""

    seat: str
    name: str
    bot: str | None = None


ORIGINS = ("simulated", "recorded", "imported", "forked", "scenario")


class GameStarted(Event, kw_only=True):  # (kw_only: for mypy; every event is)
    """A new game (rulebook › Set-up): seats clockwise, the variant (``"standard"`` or
    ``"open_treasure"``), who answers chance, the start player, the card list (its hash and the table's
    overrides), and ``rules``: the provisional rule choices in force (``rules.RULE_OPTIONS``)."""

    players: list[Seat]
    variant: str
    mode: str
    seed: int | None
    starting_player: str
    catalog_hash: str
    catalog_overrides: dict[str, Any] | None = None
    rules: dict[str, str]
    origin: str = "recorded"
    forked_from: str | None = None


class ScenarioLoaded(Event):
    """A game that starts from a position; ``state`` is the whole validated state."""

    name: str
    description: str
    state: dict[str, Any]
    origin: str = "scenario"
    forked_from: str | None = None


class InnDealt(Chance):
    """Round ``round``'s Inn, left to right (rulebook › Set-up: humanoids face down by back range,
    highest first; then monsters face up, lowest value first). ``cards``: the tokens drawn, sorted."""

    round: int
    cards: list[str]


class Remained(Decision):
    """``player`` Remains: one ``treasure`` from their supply into the Pool (Sequence of Play › A)."""

    player: str
    treasure: str


class TreasureExchanged(Decision):
    """``player`` Remains by a Treasure Exchange (provisional rule M-04): the Pool's ``returned``
    pieces leave it (to the general supply, or to the player under the alternative reading:
    ``to_player``), and ``paid`` pieces of ``treasure`` (the other type) go in."""

    player: str
    returned: int
    paid: int
    treasure: str
    to_player: bool = False


class Left(Decision):
    """``player`` Leaves (Sequence of Play › B): takes the Pool (``gold``/``gem`` pieces) and the
    leftmost creature ``card`` into their Dungeon; ``then``: what follows at once (``"bonus"`` for a
    humanoid, ``"support"`` when a monster of a kind they have may be supported, else ``""``)."""

    player: str
    card: str
    gold: int = 0
    gem: int = 0
    then: str = ""


class BonusTaken(Decision):
    """The humanoid bonus: ``player`` takes 1 ``treasure`` from the general supply (Humanoid Bonus);
    ``forced`` when only one type was left (provisional A-02)."""

    player: str
    treasure: str
    forced: bool = False


class BonusMissed(Event):
    """No humanoid bonus: the general supply is empty (provisional A-02)."""

    player: str


class Supported(Decision):
    """Support: ``player`` puts 1 ``treasure`` on their monster ``monster`` (Support)."""

    player: str
    monster: str
    treasure: str


class SupportDeclined(Decision):
    """``player`` asks for no Support now (it cannot be added later)."""

    player: str


class RoundEnded(Event):
    """Everyone has a creature; the player left of ``last`` (who took the last one) starts next."""

    round: int
    last: str
    next_starter: str


class HumanoidsSetAside(Event):
    """Scoring step 1: per seat, the positions (0-based) of the humanoids returned to the box unrevealed
    (under a supported monster, or under no monster)."""

    positions: dict[str, list[int]]


class HumanoidRevealed(Chance):
    """Scoring step 2: ``player``'s humanoid at ``position`` is turned over: it is ``card``."""

    player: str
    position: int
    card: str


class GameScored(Event):
    """The end: per seat its Fame lines, total, treasure (tie-break), rank and whether it won."""

    results: list[dict[str, Any]]


ALL_EVENTS: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in list[type[Event]](
        [
            GameStarted,
            ScenarioLoaded,
            InnDealt,
            Remained,
            TreasureExchanged,
            Left,
            BonusTaken,
            BonusMissed,
            Supported,
            SupportDeclined,
            RoundEnded,
            HumanoidsSetAside,
            HumanoidRevealed,
            GameScored,
            InputUndone,
            InputCorrected,
            GameArchived,
        ]
    )
}


def event_from_json(data: dict[str, Any]) -> Event:
    """A domain event from its JSON form ``{"type": ..., **fields}`` (validated).

    Raises:
        KeyError: no such event type. msgspec.ValidationError (a ValueError): fields that do not fit."""
    return ALL_EVENTS[data["type"]].from_payload(data)  # (the struct's tag: "type" is checked, not a field)
