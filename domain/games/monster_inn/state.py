"""The state of a game of Monster Inn, as the fold builds it from the log (a pydantic model, JSON-native).

Nothing here knows a humanoid's front before scoring step 2: the Inn, the deck and the Dungeons hold
a face-down humanoid by its back (``"h6-10"``), so no view can leak what nobody has seen. The
deck is a multiset of tokens (its order is the secret, and it is never stored: each Inn is drawn).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .catalog import Catalog, catalog_for


class _State(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class DungeonMonster(_State):
    """A monster in a Dungeon (face up) and the treasure type on it as Support, if any."""

    card: str
    support: str | None = None


class DungeonHumanoid(_State):
    """A humanoid in a Dungeon: its ``back``; ``card`` once revealed; ``removed`` at scoring
    (``"supported"``, ``"no_monster"``: step 1, unrevealed; ``"beaten"``: step 2)."""

    back: str
    card: str | None = None
    removed: str | None = None


class Player(_State):
    """A Dungeon Master: personal supply (``gold``, ``gem``: pieces) and Dungeon (two rows, in taking order)."""

    seat: str
    name: str
    bot: str | None = None
    gold: int
    gem: int
    monsters: list[DungeonMonster] = []
    humanoids: list[DungeonHumanoid] = []

    @property
    def treasure(self) -> int:
        """Pieces in the personal supply (Support excluded: it sits on a monster)."""
        return self.gold + self.gem


class GameState(_State):
    """The whole game. ``phase``: ``"deal"`` (the Inn is drawn), ``"bid"``, ``"scoring"``, ``"over"``.

    ``in_round``: seats still in the round, the one to act first; ``awaiting``: ``"bonus"`` or
    ``"support"`` right after ``in_round``'s previous taker (``taker``) Left, else ``""``.
    ``supply``: the general supply by type; ``pool``: pieces in the Pool, of ``pool_type``.
    """

    seed: int | None
    version: int = 0
    mode: str
    variant: str
    rules: dict[str, str]
    catalog_hash: str
    catalog_overrides: dict[str, Any] | None = None
    origin: str = "recorded"
    players: list[Player]
    supply: dict[str, int]
    deck: list[str]
    round: int = 1
    phase: Literal["deal", "bid", "scoring", "over"] = "deal"
    starter: str
    inn: list[str] = []
    pool: int = 0
    pool_type: str | None = None
    in_round: list[str] = []
    awaiting: str = ""
    taker: str = ""
    results: list[dict[str, Any]] | None = None
    archived: bool = False  # the game left the statistics (GameArchived); not an input

    def player(self, seat: str) -> Player:
        """The player in ``seat``. Raises KeyError."""
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    @property
    def seats(self) -> list[str]:
        """Seats clockwise."""
        return [p.seat for p in self.players]

    def left_of(self, seat: str) -> str:
        """The next seat clockwise."""
        seats = self.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    @property
    def catalog(self) -> Catalog:
        """The card list this game plays with: the kept version its hash names, with the table's recorded
        overrides (:func:`.catalog.catalog_for`)."""
        return catalog_for(self.catalog_hash, self.catalog_overrides)


def to_dict(state: GameState) -> dict[str, Any]:
    """The state as a JSON-native dict."""
    return state.model_dump(mode="json")


def from_dict(data: dict[str, Any]) -> GameState:
    """A state from :func:`to_dict`'s form (validated). Raises pydantic.ValidationError."""
    return GameState.model_validate(data)


def clone(state: GameState) -> GameState:
    """A deep copy (the fold may then change it in place)."""
    return state.model_copy(deep=True)
