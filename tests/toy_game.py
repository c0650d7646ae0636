"""High Card: a toy third game, registered from outside the program to show that a game is one package
and one line (``docs/adding-a-game.md``; ``tests/cli/test_toy_game.py`` plays it through every command).

Six cards ``c1``..``c6`` (the number is the card's value). Two rounds; each round every player is dealt
one card face down (a draw), then bets 0, 1 or 2 in seat order; the highest card wins: its holder gains
every other player's bet, the others lose theirs. Highest score after two rounds wins (ties share).

Loaded with ``DL_GAMES=toy_game`` (``tests/`` on the path) or ``domain.games.register(toy_game.GAME)``.
"""

from __future__ import annotations

import json
import random
import shlex
from typing import Annotated, Any, Literal

import msgspec
from pydantic import BaseModel, Field, TypeAdapter

from domain.kernel import HIDDEN, Engine, GameInfo, GamePackage, Pending, RuleIndex, draw_pending, random_bot
from domain.kernel.audit import Auditor
from domain.kernel.chain import HashChain
from domain.kernel.chance import ChanceSpec
from domain.kernel.codes import RefusalCode
from domain.kernel.events import Chance, Command, Decision, Event, GameArchived, InputCorrected, InputUndone
from domain.kernel.history import History
from domain.kernel.pending import DecisionSpec
from domain.kernel.record import RecordError, apply_line, body_lines, parse_record
from domain.kernel.setup import parse_with, setup_problem
from domain.kernel.ui import GameUI

INFO = GameInfo(
    name="high_card",
    title="High Card",
    min_players=2,
    max_players=3,
    chance="explicit",
    information="imperfect",
    variants=("standard",),
    topic_prefix="hc.Game.",
    record_format="high-card-record",
    # bounds: two rounds, each a deal (one recorded draw a seat at most) and a bet a seat: 2 x (3 + 3) = 12
    # inputs at 3 players, so 20 leaves room; a round gains at most the others' bets (2 x 2) or loses one's
    # own (2), so two rounds score -4..8
    max_inputs=20,
    min_score=-4,
    max_score=8,
    scores=("GameEnded", "scores", ""),
)
DECK = ("c1", "c2", "c3", "c4", "c5", "c6")
ROUNDS = 2
BETS = (0, 1, 2)


class ToyRefusal(RefusalCode):
    SETUP_INVALID = ("the game cannot start so", "toy.setup")
    BET_INVALID = ("a bet is 0, 1 or 2", "toy.bet")
    SCENARIO_INVALID = ("a High Card position is {names, seed, mode}", "toy.setup")


INDEX = RuleIndex(
    {
        "toy.setup": "High Card: 2 or 3 players",
        "toy.deal": "High Card: each round every player is dealt one card face down",
        "toy.bet": "High Card: in seat order each player bets 0, 1 or 2",
        "toy.score": "High Card: the highest card gains every other bet; the others lose theirs",
    },
    [ToyRefusal],
)


# --- events and commands -------------------------------------------------------------------------------
class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    seat: str
    name: str
    bot: str | None = None


class GameStarted(Event):
    players: list[Seat]
    variant: str
    mode: str
    seed: int | None
    origin: str = "recorded"


class CardsDealt(Chance):
    cards: list[str]  # one per seat, in seat order


class BetPlaced(Decision):
    player: str
    amount: int


class RoundScored(Event):
    round: int
    cards: dict[str, str]
    deltas: dict[str, int]


class GameEnded(Event):
    scores: dict[str, int]
    winners: list[str]


EVENTS: dict[str, type[Event]] = {
    c.__name__: c
    for c in (GameStarted, CardsDealt, BetPlaced, RoundScored, GameEnded, InputUndone, InputCorrected, GameArchived)
}


class Bet(Command):
    type: Literal["bet"] = "bet"
    player: str
    amount: int


class RecordDraw(Command):
    type: Literal["record_draw"] = "record_draw"
    cards: list[str]


_COMMANDS: TypeAdapter[Any] = TypeAdapter(Annotated[Bet | RecordDraw, Field(discriminator="type")])


def parse_command(data: dict[str, Any] | str) -> Any:
    """A command from JSON (``{"type": "bet", "player": "p1", "amount": 2}``). Raises RuleViolation."""
    return parse_with(_COMMANDS, data, INDEX.refuse, '{"type": "bet", "player": "p1", "amount": 1}')


def event_from_json(data: dict[str, Any]) -> Event:
    """A stored or exported event (``{"type": ..., **fields}``) back to its class."""
    fields = {k: v for k, v in data.items() if k != "type"}
    return EVENTS[data["type"]].from_payload(fields)


# --- state and fold ------------------------------------------------------------------------------------
class Player(BaseModel):
    seat: str
    name: str
    bot: str | None = None
    card: str | None = None
    bet: int | None = None
    score: int = 0


class GameState(BaseModel):
    seed: int | None
    mode: str
    variant: str
    origin: str
    players: list[Player]
    deck: list[str]
    round: int = 1
    phase: str = "deal"  # deal, bet, score, end, over
    version: int = 0
    archived: bool = False

    def player(self, seat: str) -> Player:
        return next(p for p in self.players if p.seat == seat)


def to_dict(state: GameState) -> dict[str, Any]:
    return state.model_dump(mode="json")


def from_dict(data: dict[str, Any]) -> GameState:
    return GameState.model_validate(data)


def evolve(state: GameState | None, e: Event) -> GameState:
    """Apply what ``e`` says (decides nothing); in place on ``state``."""
    if isinstance(e, GameStarted):
        players = [Player(seat=s.seat, name=s.name, bot=s.bot) for s in e.players]
        state = GameState(seed=e.seed, mode=e.mode, variant=e.variant, origin=e.origin, players=players, deck=[*DECK])
    else:
        assert state is not None
        _FOLD[type(e)](state, e)
    state.version += 1
    return state


def _dealt(s: GameState, e: CardsDealt) -> None:
    for p, card in zip(s.players, e.cards, strict=True):
        p.card = card
        s.deck.remove(card)
    s.phase = "bet"


def _bet(s: GameState, e: BetPlaced) -> None:
    s.player(e.player).bet = e.amount
    if all(p.bet is not None for p in s.players):
        s.phase = "score"


def _scored(s: GameState, e: RoundScored) -> None:
    for p in s.players:
        p.score += e.deltas[p.seat]
        p.card, p.bet = None, None
    s.round += 1
    s.phase = "deal" if s.round <= ROUNDS else "end"


def _restore(s: GameState, e: InputUndone | InputCorrected) -> None:
    restored, version = GameState.model_validate(e.state), s.version
    for name in GameState.model_fields:
        setattr(s, name, getattr(restored, name))
    s.version = version


_FOLD: dict[type, Any] = {
    CardsDealt: _dealt,
    BetPlaced: _bet,
    RoundScored: _scored,
    GameEnded: lambda s, e: setattr(s, "phase", "over"),
    InputUndone: _restore,
    InputCorrected: _restore,
    GameArchived: lambda s, e: setattr(s, "archived", True),
}


# --- rules ---------------------------------------------------------------------------------------------
def _value(card: str) -> int:
    return int(card[1:])


def _decide_bet(state: GameState, command: Bet) -> list[Event]:
    if command.amount not in BETS:
        raise INDEX.refuse("BET_INVALID", f"a bet is 0, 1 or 2, not {command.amount}")
    return [BetPlaced(player=command.player, amount=command.amount)]


def step(state: GameState) -> list[Event] | Pending:
    """What happens next: the deal (a draw), a bet, the round's scoring, the end."""
    if state.phase == "deal":
        spec = ChanceSpec("cards", list(state.deck), len(state.players), build=lambda cards: [CardsDealt(cards=cards)])
        return draw_pending(spec, f"deal round {state.round}: one card to each player", (RecordDraw,), "toy.deal")
    if state.phase == "bet":
        actor = next(p.seat for p in state.players if p.bet is None)
        return Pending(
            kind="bet",
            actors=[actor],
            prompt=f"{actor} bets 0, 1 or 2",
            accepts=(Bet,),
            handle=_decide_bet,
            options_fn=lambda a: [Bet(player=a, amount=k) for k in BETS],
            rule="toy.bet",
        )
    if state.phase == "score":
        high = max(state.players, key=lambda p: _value(p.card or "c0"))
        pot = sum(p.bet or 0 for p in state.players if p is not high)
        deltas = {p.seat: pot if p is high else -(p.bet or 0) for p in state.players}
        cards = {p.seat: p.card or "" for p in state.players}
        return [RoundScored(round=state.round, cards=cards, deltas=deltas)]
    if state.phase == "end":
        scores = {p.seat: p.score for p in state.players}
        best = max(scores.values())
        return [GameEnded(scores=scores, winners=[s for s, v in scores.items() if v == best])]
    return Pending(kind="game_over", actors=[], prompt="the game is over")


class HighCardRules:
    """The :class:`~domain.kernel.GameRules` of High Card."""

    info = INFO
    index = INDEX
    step = staticmethod(step)
    evolve = staticmethod(evolve)
    parse_command = staticmethod(parse_command)

    @staticmethod
    def draw_command(cards: list[str]) -> RecordDraw:
        return RecordDraw(cards=cards)

    @staticmethod
    def apply(state: GameState, event: Event, out: list[Any]) -> GameState:
        out.append(event)
        return evolve(state, event)

    @staticmethod
    def clone(state: GameState) -> GameState:
        return state.model_copy(deep=True)

    @staticmethod
    def outside_turn(state: GameState, command: Any) -> list[Any] | None:
        return None


RULES = HighCardRules()
ENGINE = Engine(RULES)


def new_game(
    names: list[str],
    variant: str = "standard",
    mode: str = "digital",
    seed: int | None = None,
    bots: list[str] | None = None,
    origin: str | None = None,
    catalog_overrides: dict[str, Any] | None = None,
    starting_player: int | None = None,
) -> tuple[list[Event], GameState]:
    """A new game: ``GameStarted`` and, in digital play, the first deal. Raises RuleViolation."""
    problem = setup_problem(INFO, names, variant, mode, seed, bots)
    if problem or catalog_overrides or starting_player not in (None, 0):
        raise INDEX.refuse("SETUP_INVALID", problem or "High Card has no catalog and seat p1 starts")
    if mode == "digital" and seed is None:
        seed = random.SystemRandom().randrange(2**31)
    seats = [Seat(seat=f"p{i + 1}", name=n, bot=bots[i] if bots else None) for i, n in enumerate(names)]
    start = GameStarted(players=seats, variant=variant, mode=mode, seed=seed, origin=origin or "recorded")
    return ENGINE.start([start])


def from_scenario(data: Any, catalog_overrides: dict[str, Any] | None = None) -> tuple[list[Event], GameState]:
    """A game from ``{"names": [...], "seed": N, "mode": ...}`` (a dict or JSON text). Raises RuleViolation."""
    try:
        given = json.loads(data) if isinstance(data, str) else dict(data)
        return new_game(given["names"], seed=given.get("seed"), mode=given.get("mode", "digital"))
    except (ValueError, TypeError, KeyError) as exc:
        raise INDEX.refuse("SCENARIO_INVALID", f"not a High Card position: {exc}") from None


def view(state: GameState, viewer: str | None) -> dict[str, Any]:
    """The state as ``viewer`` (a seat; None: the recorder) may see it: others' cards and the deck hidden
    while a round runs, the seed of a digital game in progress hidden from everyone."""
    data = to_dict(state)
    if state.mode == "digital" and state.phase != "over":
        data["seed"] = HIDDEN
    if viewer is not None and state.phase != "over":
        data["deck"] = HIDDEN
        for p in data["players"]:
            if p["seat"] != viewer and p["card"] is not None:
                p["card"] = HIDDEN
    return data


def problems(state: GameState) -> list[str]:
    """Broken invariants: every card is in the deck, in a hand or was played."""
    held = [p.card for p in state.players if p.card]
    return [] if len(set(held) | set(state.deck)) == len(held) + len(state.deck) else ["a card is twice in play"]


# --- words, history, record, audit ---------------------------------------------------------------------
def describe_command(c: Any) -> str:
    return f"{c.player} bets {c.amount}" if isinstance(c, Bet) else f"draw {', '.join(c.cards)}"


def describe(e: Any) -> str:
    """An event (or its JSON form) in words."""
    data = e if isinstance(e, dict) else e.to_json()
    kind, words = (
        data["type"],
        {
            "GameStarted": lambda d: "High Card: " + ", ".join(f"{s['seat']} {s['name']}" for s in d["players"]),
            "CardsDealt": lambda d: f"dealt {len(d['cards'])} cards",
            "BetPlaced": lambda d: f"{d['player']} bets {d['amount']}",
            "RoundScored": lambda d: f"round {d['round']}: " + ", ".join(f"{s} {v:+d}" for s, v in d["deltas"].items()),
            "GameEnded": lambda d: "winner(s): " + ", ".join(d["winners"]),
        },
    )
    return words[kind](data) if kind in words else kind


HISTORY = History(
    engine=ENGINE,
    chance_cards=lambda e: list(e.cards),
    describe_command=describe_command,
    to_dict=to_dict,
    refuse=INDEX.refuse,
    marker=lambda e: ("archive", e, False) if isinstance(e, GameArchived) else None,
)
AUDITOR = Auditor(history=HISTORY, describe_event=describe, cite=INDEX.cite)
CHAIN = HashChain(first_events=("GameStarted",), state_carriers=("InputUndone", "InputCorrected"))


def log_entries(log: list[Event], viewer: str | None, first: int = 1) -> list[dict[str, Any]]:
    """Each event from ``first`` on as ``viewer`` may see it (a seat sees the deal as a count)."""
    out = []
    for e in log[first - 1 :]:
        data = e.to_json()
        if isinstance(e, CardsDealt) and viewer is not None:
            data["cards"] = [c if s.seat == viewer else HIDDEN for s, c in zip(log[0].players, e.cards, strict=False)]
        if isinstance(e, GameStarted) and e.mode == "digital":
            data["seed"] = HIDDEN
        out.append({"kind": e.kind, "text": describe(data), "data": data})
    return out


def export(log: list[Event]) -> str:
    """The record: header, one line per input, the chain's hash."""
    start = log[0]
    assert isinstance(start, GameStarted)
    over = ENGINE.replay(log).phase == "over"
    seed = start.seed if start.seed is not None and (over or start.mode == "tabletop") else "-"
    lines = [f"{INFO.record_format} 1", f"mode {start.mode}", f"seed {seed}", f"origin {start.origin}"]
    lines += [f"player {s.seat} {shlex.quote(s.name)}" for s in start.players]
    lines += body_lines(HISTORY, log, marker_line=lambda span: f"archive {json.dumps({'reason': ''})}")
    lines.append(f"hash {CHAIN.final_hash((e.type, e.payload()) for e in log)}")
    return "\n".join(lines) + "\n"


def rebuild(text: str) -> tuple[list[Event], GameState]:
    """A record re-derived through the rules. Raises RecordError naming the line."""
    rec = parse_record(text, INFO.record_format, header_keys=("mode", "seed", "origin", "player"))
    seats = [Seat(seat=v.split()[0], name=shlex.split(v)[1]) for _, v in rec.header.get("player", [])]
    seed = rec.one("seed", "-")[1]
    start = GameStarted(
        players=seats,
        variant="standard",
        mode=rec.one("mode")[1],
        seed=None if seed == "-" else int(seed),
        origin=rec.one("origin", "imported")[1],
    )
    state = ENGINE.replay([start])
    log, state = ENGINE.advance(state)
    log = [start, *log]
    for line in rec.inputs:
        state = apply_line(HISTORY, log, state, line, parse_command, markers=lambda w, d: ("event", GameArchived(**d)))
    if rec.hash and rec.hash != CHAIN.final_hash((e.type, e.payload()) for e in log):
        raise RecordError(len(text.splitlines()), "the record does not match its hash")
    return log, state


def status_lines(state: GameState, view: dict[str, Any], viewer: str | None) -> list[str]:
    """The game as ``viewer`` may see it (``view``: its redacted view), a line a player (``status``)."""
    lines = [f"round {min(state.round, ROUNDS)} of {ROUNDS}, {state.phase}"]
    for p in view["players"]:
        card = p["card"] or "-"
        lines.append(f"[bold]{p['seat']}[/] {p['name']}: card {card}, bet {p['bet']}, score {p['score']}")
    return lines


GAME = GamePackage(
    rules=RULES,
    engine=ENGINE,
    new_game=new_game,
    from_scenario=from_scenario,
    view=view,
    to_dict=to_dict,
    from_dict=from_dict,
    event_from_json=event_from_json,
    parse_command=parse_command,
    export=export,
    rebuild=rebuild,
    problems=problems,
    decisions={
        "chance": DecisionSpec("chance", "chance", ("record_draw",), "toy.deal", "the deal"),
        "bet": DecisionSpec("bet", "each player in seat order", ("bet",), "toy.bet", "a bet of 0, 1 or 2"),
        "game_over": DecisionSpec("game_over", "nobody", (), "toy.score", "the game is over"),
    },
    seats=lambda state: [p.seat for p in state.players],
    events=EVENTS,
    chain=CHAIN,
    state_type=GameState,
    history=HISTORY,
    audit=AUDITOR.audit,
    bots={"random": random_bot},
    explain=AUDITOR.explain,
    component_name=lambda state, card: card,
    log_entries=log_entries,
    describe_command=describe_command,
    ui=GameUI(describe_event=describe, cite=INDEX.cite, status_lines=status_lines),
)
