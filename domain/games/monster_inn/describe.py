"""Monster Inn's commands and events in words (the log, corrections, audits and the options table).

Cards are named as the table reads them: a monster by what is printed on it (``m7``), a face-down humanoid
by its back (``h6-10``), a humanoid turned over at scoring by its front (``h8``). Seats are ``p1``..``p5``.
Each event type has one small function, registered by its type name in :data:`WORDS`; an event is
described from the JSON a seat may see (``audit.visible_event``), so a field hidden from that seat reads
"hidden" and is never worded as if known.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from domain.kernel import HIDDEN
from domain.kernel.text import natural_key, printable

from .commands import ExchangeTreasure, Leave, NoSupport, RecordDraw, Remain, Support, TakeBonus

_TREASURE = {"gold": "a Gold Coin", "gem": "a Gem"}
_PIECES = {"gold": ("Gold Coin", "Gold Coins"), "gem": ("Gem", "Gems")}
_NUMBERS = ("no", "a", "two", "three", "four", "five")


def describe_command(c: Any) -> str:
    """``"remains with a Gem"``, ``"leaves with the Pool..."``, ``"draw h6-10,m2,m9"`` (who: said beside it)."""
    if isinstance(c, Remain):
        return f"remains with {_TREASURE[c.treasure]}"
    if isinstance(c, ExchangeTreasure):
        return "remains by a Treasure Exchange"
    if isinstance(c, Leave):
        return "leaves with the Pool and the leftmost creature"
    if isinstance(c, TakeBonus):
        return f"takes {_TREASURE[c.treasure]} as the humanoid bonus"
    if isinstance(c, Support):
        return f"supports {c.monster} with {_TREASURE[c.treasure]}"
    if isinstance(c, NoSupport):
        return "asks for no Support"
    if isinstance(c, RecordDraw):
        return "draw " + ",".join(sorted(c.cards, key=natural_key))
    return str(c)


# --- events ------------------------------------------------------------------------------------------
#: event type name -> its words, from the event's JSON form (``{"type": ..., **fields}``)
WORDS: dict[str, Callable[[dict[str, Any]], str]] = {}


def _words(kind: str) -> Callable[[Callable[[dict[str, Any]], str]], Callable[[dict[str, Any]], str]]:
    def register(fn: Callable[[dict[str, Any]], str]) -> Callable[[dict[str, Any]], str]:
        WORDS[kind] = fn
        return fn

    return register


def describe(x: Any) -> str:
    """An event (or its JSON form) in one line of words; text a person typed has its control characters
    escaped. An event type without words (none today: a test checks) reads ``Type: field value, ...``."""
    data = x if isinstance(x, dict) else x.payload()
    kind = str(data.get("type") or getattr(x, "type", type(x).__name__))
    words = WORDS.get(kind)
    if words is not None:
        text = words(data)
    else:
        fields = ", ".join(f"{k} {v}" for k, v in data.items() if k not in ("type", "results", "state"))
        text = f"{kind}: {fields}" if fields else kind
    return printable(text)  # a stored reason never drives a terminal


def _and(items: list[str]) -> str:
    """``"a, b and c"``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _pieces(n: Any, treasure: Any) -> str:
    """``"3 Gold Coins"``, ``"1 Gem"``; a hidden count or type reads as such."""
    if treasure not in _PIECES:
        return f"{n} treasure (type hidden)" if n != HIDDEN else "treasure (hidden)"
    one, many = _PIECES[treasure]
    return f"{n} {one if n == 1 else many}"


def _one(treasure: Any) -> str:
    return _TREASURE.get(treasure, "a treasure (which: hidden)")


def _creature(token: str) -> str:
    """A card as the Inn or a Dungeon shows it: a monster face up, a humanoid by its back while face down."""
    return f"a face-down humanoid ({token})" if "-" in token else token


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@_words("GameStarted")
def _started(d: dict[str, Any]) -> str:
    seats = ", ".join(f"{p['seat']} {p['name']}" + (f" (bot {p['bot']})" if p.get("bot") else "") for p in d["players"])
    mode = "digital" if d["mode"] == "digital" else "recorded at the table"
    seed = d.get("seed")  # a digital game's seed reads hidden (or None) while the game runs: it predicts every draw
    drawn = "" if d["mode"] != "digital" else f", seed {'hidden' if seed in (None, HIDDEN) else seed}"
    source = f", forked from {d['forked_from']}" if d.get("forked_from") else ""
    return (
        f"A game of Monster Inn begins ({d['variant'].replace('_', ' ')} variant, {mode}{drawn}{source}): "
        f"{seats}; {d['starting_player']} starts"
    )


@_words("ScenarioLoaded")
def _scenario(d: dict[str, Any]) -> str:
    return f"The game starts from the position {d['name']!r}" + (f": {d['description']}" if d["description"] else "")


@_words("InnDealt")
def _dealt(d: dict[str, Any]) -> str:
    # the event holds the Inn as laid out (humanoids by back, highest first; monsters lowest first); backs
    # that repeat are said once with their number
    counts = Counter(c for c in d["cards"] if "-" in c)
    said: list[str] = []
    for card in d["cards"]:
        if "-" not in card:
            said.append(card)
        elif counts[card]:
            n = counts.pop(card)
            said.append(f"{_NUMBERS[n] if n < len(_NUMBERS) else n} face-down humanoid{'s' if n > 1 else ''} ({card})")
    return f"Round {d['round']}: the Inn is dealt, left to right: {_and(said)}"


@_words("Remained")
def _remained(d: dict[str, Any]) -> str:
    return f"{d['player']} Remains and puts {_one(d['treasure'])} into the Pool"


@_words("TreasureExchanged")
def _exchanged(d: dict[str, Any]) -> str:
    paid, returned = d["treasure"], "gem" if d["treasure"] == "gold" else "gold"
    to = d["player"] if d.get("to_player") else "the general supply"
    return (
        f"{d['player']} Remains by a Treasure Exchange: pays {_pieces(d['paid'], paid)} into the Pool, "
        f"and the Pool's {_pieces(d['returned'], returned)} {'goes' if d['returned'] == 1 else 'go'} to {to}"
    )


@_words("Left")
def _left(d: dict[str, Any]) -> str:
    taken = [_pieces(d[t], t) for t in ("gold", "gem") if d.get(t)]
    pool = f"the Pool ({_and(taken)})" if taken else "an empty Pool"
    text = f"{d['player']} Leaves with {_creature(d['card'])} and {pool}"
    if d.get("then") == "bonus":
        return text + "; the humanoid bonus follows"
    if d.get("then") == "support":
        return text + f"; {d['player']} has a monster of its kind: Support may be given now"
    return text


@_words("BonusTaken")
def _bonus(d: dict[str, Any]) -> str:
    forced = " (the only type left in it)" if d.get("forced") is True else ""
    return f"{d['player']} takes {_one(d['treasure'])} from the general supply as the humanoid bonus{forced}"


@_words("BonusMissed")
def _no_bonus(d: dict[str, Any]) -> str:
    return f"{d['player']} gets no humanoid bonus: the general supply is empty"


@_words("Supported")
def _supported(d: dict[str, Any]) -> str:
    return f"{d['player']} supports {d['monster']} with {_one(d['treasure'])}"


@_words("SupportDeclined")
def _declined(d: dict[str, Any]) -> str:
    return f"{d['player']} gives no Support"


@_words("RoundEnded")
def _round_ended(d: dict[str, Any]) -> str:
    after = d["round"] + 1
    return f"Round {d['round']} ends: {d['last']} took the last creature; {d['next_starter']} starts round {after}"


@_words("HumanoidsSetAside")
def _set_aside(d: dict[str, Any]) -> str:
    # positions are 0-based in the event; the table counts a Dungeon's humanoids from 1, in taking order
    per_seat = [
        f"{seat}'s {_and([_ordinal(i + 1) for i in sorted(positions)])}"
        for seat, positions in sorted(d["positions"].items(), key=lambda kv: natural_key(kv[0]))
        if positions
    ]
    why = "under a supported monster or under no monster"
    if not per_seat:
        return f"Scoring, step 1: no humanoid lies {why}; none goes back to the box"
    return f"Scoring, step 1: humanoids {why} go back to the box unrevealed: {'; '.join(per_seat)}"


@_words("HumanoidRevealed")
def _revealed(d: dict[str, Any]) -> str:
    return f"Scoring, step 2: {d['player']}'s {_ordinal(d['position'] + 1)} humanoid is turned over: {d['card']}"


@_words("GameScored")
def _scored(d: dict[str, Any]) -> str:
    rows = sorted(d["results"], key=lambda r: (r.get("rank", 0), natural_key(r["seat"])))
    said = [f"{r['seat']} {r['fame']}" + (" (winner)" if r["winner"] else "") for r in rows]
    return "Game over, Fame: " + "; ".join(said)


@_words("InputUndone")
def _undone(d: dict[str, Any]) -> str:
    who = "The recorder" if d["player"] == "chance" else d["player"]
    events = f"event {d['first']}" if d["first"] == d["last"] else f"events {d['first']}-{d['last']}"
    return f"{who} took back {events} ({d['description']})"


@_words("InputCorrected")
def _corrected(d: dict[str, Any]) -> str:
    return f"Correction of event {d['first']}: {d['was']} -> {d['now']}; {d['reapplied']} later input(s) re-applied"


@_words("GameArchived")
def _archived(d: dict[str, Any]) -> str:
    return "The game is archived (left out of the statistics)" + (f": {d['reason']}" if d.get("reason") else "")
