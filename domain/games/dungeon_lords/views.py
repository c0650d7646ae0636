"""What one player could see: ``view(state, color)`` (architecture §4).

The stored log is omniscient; a view hides other players' secret orders, trap cards, spied cards, pets,
Pet draft hands and Festival bids (until revealed), the Combat Cards this player has not spied,
unrevealed Special Event Cards, the face-down trap and pet decks and discards, the box, and the RNG seed
(which would predict every draw).

Orders that lie face up are public (Rulebook › Orders Phase): every player's inaccessible orders ("You can
see the other players' inaccessible orders"), each order once it is revealed, the non-player colours'
orders, and with 2 players the non-player third order once its minion is placed. In the full game the
inaccessible orders chosen at set-up stay hidden until every player has chosen (Full Game › Choosing
Initial Inaccessible Orders: "Once all players have made their choices, the inaccessible orders are
revealed"). :func:`public_orders` lists what lies face up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.kernel.view import HIDDEN  # noqa: F401  (re-exported: scenario and the CLI use it)

from . import events as ev
from .state import GameState, Player, from_dict, to_dict


def view(state: GameState, color: str | None, over: bool | None = None) -> dict[str, Any]:
    """The state as a JSON-native dict as player ``color`` could see it; ``color=None`` gives the
    omniscient state (the recorder's or auditor's), but for a digital game's seed, which nobody sees
    while the game is in progress (``over``: whether the game has ended; default: it has scores)."""
    d = to_dict(state)
    if over is None:
        over = state.scores is not None
    if d.get("seed") is not None and not over:
        d["seed"] = HIDDEN
    if color is None:
        return d
    choosing = any(p.setup_draw for p in state.players)  # full game set-up: inaccessible orders chosen in secret
    for p, q in zip(d["players"], state.players, strict=True):
        if p["color"] != color:
            _hide_player(p, q, state, choosing)
    _hide_bids_and_draft(d, color)
    if d.get("battle") and d["battle"]["color"] != color:
        d["battle"]["traps"] = [HIDDEN] * len(d["battle"]["traps"])
    me = next((p for p in state.players if p.color == color), None)
    _hide_board(d["board"], state, me.spied if me else {})
    return d


def _hide_player(p: dict[str, Any], q: Player, state: GameState, choosing: bool) -> None:
    """Hide in another player's dict ``p`` (``q``: the player) what lies face down or in his hand."""
    shown = p["revealed"]
    p["hand"] = [HIDDEN] * len(p["hand"])  # the hand less the chosen cards gives the orders away
    p["orders"] = p["orders"][:shown] + [HIDDEN] * (len(p["orders"]) - shown)
    if p["nonplayer_order"] and not _nonplayer_order_placed(state, q):
        p["nonplayer_order"] = HIDDEN
    if choosing:
        p["inaccessible"] = [HIDDEN] * len(p["inaccessible"])
    p["traps"] = [HIDDEN] * len(p["traps"])
    p["spied"] = dict.fromkeys(p["spied"], HIDDEN)
    p["setup_draw"] = [HIDDEN] * len(p["setup_draw"])
    p["pets"] = [HIDDEN] * len(p["pets"])  # face down in the Pet Box until used
    if p.get("plan") and "traps" in p["plan"]:  # traps are planned face down
        p["plan"]["traps"] = [HIDDEN] * len(p["plan"]["traps"])


def _hide_bids_and_draft(d: dict[str, Any], color: str) -> None:
    """Festival Season: hide the others' Festival bids until revealed, and their Pet draft hands and passes."""
    if d.get("festival") and not d["festival"]["revealed"]:  # Festival bids: closed hands until revealed
        d["festival"]["bids"] = {c: n if c == color else HIDDEN for c, n in d["festival"]["bids"].items()}
    if d.get("pet_draft"):  # the draft: a player sees his own hand and the card he passed
        draft = d["pet_draft"]
        draft["hands"] = {c: cards if c == color else [HIDDEN] * len(cards) for c, cards in draft["hands"].items()}
        draft["passes"] = {c: card if c == color else HIDDEN for c, card in draft["passes"].items()}


def _hide_board(b: dict[str, Any], state: GameState, spied: dict[str, str]) -> None:
    """Hide on the board's dict ``b`` the face-down cards (but those the viewer ``spied``), the decks and
    the stacks."""
    b["combat_cards"] = [spied.get(str(i + 1), HIDDEN) for i in range(len(b["combat_cards"]))]
    b["next_combat_cards"] = [HIDDEN] * len(b["next_combat_cards"])
    b["special_events"] = {
        y: [c if k < state.board.special_revealed.get(y, 0) else HIDDEN for k, c in enumerate(cards)]
        for y, cards in b["special_events"].items()
    }
    for deck in ("trap_deck", "trap_discard", "pet_deck", "pet_discard", "adventurer_bottom"):
        b[deck] = [HIDDEN] * len(b[deck])
    b["box"] = {k: [HIDDEN] * len(v) for k, v in b["box"].items()}
    for stack in ("monster_stack", "room_stack", "adventurer_stack"):
        b[stack] = {y: [HIDDEN] * len(v) for y, v in b[stack].items()}


def _nonplayer_order_placed(state: GameState, p: Player) -> bool:
    """Whether ``p``'s secret third order for its non-player colour (2 players) lies face up: its minion is
    placed before the players' first orders are revealed (Rulebook › The Orders Phase with 2 Players)."""
    if p.revealed:
        return True
    np = next((n for n in state.nonplayers if n.controller == p.color), None)
    placed = [q for qs in state.board.spaces.values() for q in qs if q is not None] + state.board.shut_out
    return np is not None and any(q.nonplayer and q.color == np.color and q.slot == 2 for q in placed)


def public_orders(v: dict[str, Any]) -> list[dict[str, Any]]:
    """The order cards lying face up, from a view (:func:`view`'s dict, so nothing the viewer may not see):
    one row per player, then per non-player colour: ``{"color", "nonplayer": bool, "inaccessible": [card
    id or HIDDEN, ...], "revealed": [card id, ...] (this round's orders turned over so far; a non-player's
    orders drawn this round), "third": card id or None (2 players: the order chosen for the non-player
    colour, once placed)}``."""
    rows = []
    for p in v["players"]:
        third = p.get("nonplayer_order")
        rows.append(
            {
                "color": p["color"],
                "nonplayer": False,
                "inaccessible": list(p["inaccessible"]),
                "revealed": list(p["orders"][: p["revealed"]]),
                "third": third if third != HIDDEN else None,
            }
        )
    for n in v.get("nonplayers", []):
        rows.append(
            {
                "color": n["color"],
                "nonplayer": True,
                "inaccessible": list(n["inaccessible"]),
                "revealed": list(n.get("drawn", [])),
                "third": None,
            }
        )
    return rows


# --- events as one player may see them -----------------------------------------------------------
# The log is omniscient; these are the only functions that turn it into per-player output (`log`,
# `explain`, `options`, `diff`, `status --at`, refusals). A field hidden from the viewer reads "hidden".


def _cards(e: Any) -> dict[str, Any]:
    return {"cards": [HIDDEN] * len(e.cards)}


def _card(e: Any) -> dict[str, Any]:
    return {"card": HIDDEN}


def _correction(e: ev.InputCorrected) -> dict[str, Any]:
    # which inputs a correction replaced and re-applied, by kind only: their words could name a secret
    return {
        "was": HIDDEN,
        "now": HIDDEN,
        "command": {},
        "kept": [k.split(":")[0] for k in e.kept],
        "superseded": [k.split(":")[0] for k in e.superseded],
        "divergence": e.divergence.split(":")[0] if e.divergence else "",
    }


#: events whose fields are secret to everybody (face-down cards; a spy sees his card in `status`)
_FACE_DOWN: dict[type, Callable[[Any], dict[str, Any]]] = {
    ev.CombatCardsDealt: lambda e: {  # face down, and the rest in the box
        "cards": [HIDDEN] * len(e.cards),
        **({"boxed": [HIDDEN] * len(e.boxed)} if e.boxed is not None else {}),
    },
    ev.SpecialEventsDrawn: lambda e: {k: HIDDEN for k, v in msgspec.structs.asdict(e).items() if v is not None},
    ev.FaceDownCardSeen: _card,
    ev.InputCorrected: _correction,
}

#: events whose fields are secret to everybody but their player (``color``): hands, draws, bids, plans
_OWN: dict[type, Callable[[Any], dict[str, Any]]] = {
    ev.InaccessibleOrdersChosen: _cards,  # until every player has chosen and they are turned up
    ev.OrdersChosen: lambda e: {
        "orders": [HIDDEN] * len(e.orders),
        "nonplayer_order": HIDDEN if e.nonplayer_order else None,
    },
    ev.TrapCardsDrawn: _cards,
    ev.InaccessibleOrdersDrawn: _cards,  # the full game's (the first game's lie face up)
    ev.TrapDiscarded: _card,
    ev.CombatCardSpied: _card,
    ev.PetsDealt: _cards,
    ev.PetsDrawn: _cards,
    ev.PetPassChosen: _card,
    ev.PetDiscarded: _card,
    ev.FestivalBid: lambda e: {"imps": HIDDEN},
    ev.BattlePlanned: lambda e: {"traps": [HIDDEN] * len(e.traps)},
}


def _secret_to_others(e: ev.Event, viewer: str, full_game: bool, chosen_revealed: bool = True) -> dict[str, Any]:
    """The fields of ``e`` that ``viewer`` may not see, with what they see instead (``chosen_revealed``:
    whether the full game's set-up choices of inaccessible orders have all been made and turned up)."""
    t = type(e)
    if t in _FACE_DOWN:
        return _FACE_DOWN[t](e)
    if isinstance(e, ev.InputUndone):  # what was taken back, in words, is its player's
        return {"description": HIDDEN} if e.player != viewer else {}
    if t not in _OWN or getattr(e, "color", None) == viewer:
        return {}
    if (t is ev.InaccessibleOrdersChosen and chosen_revealed) or (t is ev.InaccessibleOrdersDrawn and not full_game):
        return {}
    return _OWN[t](e)


def _full_game(log: list[ev.Event]) -> bool:
    start = log[0]
    return getattr(start, "variant", None) == "full" or (
        isinstance(start, ev.ScenarioLoaded) and start.state.get("variant") == "full"
    )


def _chosen_revealed(log: list[ev.Event]) -> bool:
    """Whether every player's set-up choice of inaccessible orders (full game) is made and revealed: the game
    went on past the last one (the round that follows begins in the same append as the last choice; an
    undo taken back after that does not hide again what the table has seen)."""
    last = max((k for k, e in enumerate(log) if isinstance(e, ev.InaccessibleOrdersChosen)), default=None)
    if last is None:
        return True
    waiting = (ev.InaccessibleOrdersChosen, ev.InputUndone, ev.InputCorrected)
    return any(not isinstance(e, waiting) for e in log[last + 1 :])


def visible_log(log: list[ev.Event], viewer: str | None, first: int = 1) -> list[dict[str, Any]]:
    """Each event of ``log`` from number ``first`` on as JSON (``{"type": ..., **fields}``) as ``viewer``
    may see it (None: the recorder's or auditor's omniscient view). Whole states inside events go through
    :func:`view`; a digital game's seed is hidden from everyone while the game is in progress."""
    full_game, chosen = _full_game(log), _chosen_revealed(log)
    over = any(isinstance(e, ev.GameScored) for e in log)
    out = []
    for e in log[first - 1 :]:
        hidden = _secret_to_others(e, viewer, full_game, chosen) if viewer is not None else {}
        d = e.to_json()
        d.update(hidden)
        if "state" in d and isinstance(d["state"], dict) and d["state"]:
            d["state"] = view(from_dict(d["state"]), viewer, over=over)
        if d["type"] == "GameStarted" and d.get("seed") is not None and not over:
            d["seed"] = HIDDEN
        out.append(d)
    return out


def visible_event(log: list[ev.Event], number: int, viewer: str | None) -> ev.Event:
    """Event ``number`` (1-based) as ``viewer`` may see it, as an event object for describing it in
    words (its hidden fields read "hidden")."""
    e = log[number - 1]
    if viewer is None:
        return e
    chosen = _chosen_revealed(log) if isinstance(e, ev.InaccessibleOrdersChosen) else True  # a scan: only then
    hidden = _secret_to_others(e, viewer, _full_game(log), chosen)
    return e.replace(**hidden) if hidden else e


def log_entries(log: list[ev.Event], viewer: str | None, first: int = 1) -> list[dict[str, Any]]:
    """Each event of ``log`` from number ``first`` on as ``viewer`` may see it: ``{"kind", "text" (in
    words), "data" (JSON)}``."""
    from .describe import describe_event

    return [
        {"kind": e.kind, "text": describe_event(visible_event(log, k, viewer)), "data": d}
        for k, (e, d) in enumerate(zip(log[first - 1 :], visible_log(log, viewer, first), strict=True), first)
    ]
