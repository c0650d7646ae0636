"""The HTTP API's request and response bodies (pydantic: the OpenAPI document is built from them)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class NewGame(BaseModel):
    """A game to create: which game, the players clockwise, and how chance is answered."""

    game: str | None = Field(
        None, description="a registered game's name, as `GET /api/games` gives it (default: the default game)"
    )
    names: list[str] = Field(min_length=1, max_length=6)
    mode: str = Field("digital", description="digital (the engine draws) or tabletop (the recorder enters draws)")
    seed: int | None = Field(None, ge=0, lt=2**63)
    variant: str | None = None
    ruleset: str = Field("base", description="base, or a game's named set of rules modules (festival)")
    modules: list[str] = Field([], max_length=16, description="rules modules to add (a game that has them)")


class ImportRecord(BaseModel):
    """A game record (docs/record-format.md) to rebuild through the rules and store as a new game."""

    record: str = Field(min_length=1, max_length=2_000_000)
    allow_unfinished: bool = Field(False, description="accept a record that ends before the game is over")


class Created(BaseModel):
    id: str
    events: int
    tokens: dict[str, Any] = Field(description="shown once: {recorder: token, seats: {seat: token}}")


class Input(BaseModel):
    """One input: a command as JSON (what ``options`` lists), or a draw as people say it (``draw``)."""

    command: dict[str, Any] | None = None
    draw: str | None = Field(None, description="a draw by printed names, ids or prefixes: 'troll ghost witch'")
    expected: int | None = Field(None, ge=1, description="the event number the game was at when you looked")


class Correct(BaseModel):
    """A correction of the input behind event ``event``: the decision (``command``) or the draw that should
    have been entered. Later inputs are re-applied to the same decisions; those that no longer fit are
    superseded (they stay in the log). ``dry_run``: say what would happen, store nothing."""

    event: int = Field(ge=1)
    command: dict[str, Any] | None = None
    draw: str | None = None
    dry_run: bool = False
    expected: int | None = Field(None, ge=1, description="the event number the game was at when you looked")


class Accepted(BaseModel):
    events: list[dict[str, Any]]
    event: int


class Corrected(BaseModel):
    dry_run: bool
    first: int = Field(description="the first event of the corrected input")
    was: str
    now: str
    kept: list[str]
    superseded: list[str]
    divergence: str
    event: int = Field(description="the event number the game is at now")


class LogEntry(BaseModel):
    n: int
    kind: str = Field(description="decision, chance, consequence or marker")
    text: str = Field(description="the event in words")
    taken_back: str | None = Field(None, description="why it no longer stands (undone or superseded)")
    data: dict[str, Any]


class Explained(BaseModel):
    event: int
    text: str


class Refusal(BaseModel):
    """Every 422: a rule refusal, or a request whose fields do not fit (REQUEST_INVALID, with ``detail``)."""

    code: str = Field(description="stable, see docs/refusals.md")
    message: str
    rule: str = Field(description="the rule it rests on, cited")
    detail: list[dict[str, Any]] | None = Field(None, description="REQUEST_INVALID: each field and why")


class Detail(BaseModel):
    """A 400, 401, 403 or 404: why, in words."""

    detail: str


class Conflict(BaseModel):
    """A 409: the game moved on since the ``expected`` event number; nothing was stored."""

    detail: str
    event: int = Field(description="the event number the game is at now")


class Listed(BaseModel):
    """A game of the store, as ``GET /api/games`` lists it."""

    id: str
    game: str = Field(description="the game's registry name (see `dungeon-lords games`)")
    origin: str = Field(description="recorded, simulated, imported, forked, scenario, training")
    seats: list[str] = Field(description='"red Ann", "p1 Bob (bot)"...')
    status: str = Field(description="in progress, finished or archived")
    events: int


class Draw(BaseModel):
    what: str = Field(description="what is drawn: monsters, rooms, adventurers, inn...")
    count: int
    pool: list[str] | str = Field(description='what can still come up (one entry per copy); "hidden" to a seat')


class Waiting(BaseModel):
    """What the game waits for at event ``event``: a draw (``chance``) or decisions (``options`` by actor,
    each a command as ``inputs`` takes it)."""

    event: int
    kind: str = Field(description="the decision's kind (docs: decisions), chance, or game_over")
    actors: list[str]
    prompt: str
    rule: str
    chance: Draw | None = None
    options: dict[str, list[dict[str, Any]]] | None = None


class Finding(BaseModel):
    event: int
    stored: str
    expected: str
    rule: str


class Audited(BaseModel):
    """What an audit found; ``clean`` when the log is whole, every event follows under the current rules
    and no correction superseded a later input."""

    events: int
    clean: bool
    findings: list[Finding]
    undos: list[str]
    corrections: list[str]
    superseded: list[str]
    rulings: list[str]
    provisional: list[str]
    integrity: list[str]
    catalog: str
