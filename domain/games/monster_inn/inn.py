"""The round (rulebook › Set-up and Sequence of Play): dealing the Inn, Remain / Exchange / Leave, the
humanoid bonus and Support. Each decision's ``handle`` is where its rules are checked; the fold
(:mod:`.evolve`) only applies what the events say.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import ChanceSpec, Pending, draw_pending

from . import events as ev
from .catalog import TREASURES, Catalog, Monster
from .commands import ExchangeTreasure, Leave, NoSupport, RecordDraw, Remain, Support, TakeBonus
from .refusals import refuse
from .state import GameState, Player


def is_monster(token: str) -> bool:
    """True for a monster token (``"m7"``); humanoid backs are ``"h6-10"``."""
    return token.startswith("m")


def back_token(back: str) -> str:
    """The token of a face-down humanoid with back ``back`` (``"6-10"`` -> ``"h6-10"``)."""
    return f"h{back}"


def deck_tokens(cat: Catalog) -> list[str]:
    """The full deck as tokens: every monster by id, every humanoid by its back."""
    return [m.id for m in cat.monsters] + [back_token(h.back) for h in cat.humanoids]


def inn_order(cards: list[str], cat: Catalog) -> list[str]:
    """The Inn left to right (rule ``inn.order``): humanoids by back range, highest first; then
    monsters by combat value, lowest first (the strongest at the far right)."""
    humanoids = sorted((c for c in cards if not is_monster(c)), key=lambda t: -int(t[1:].split("-")[0]))
    monsters = sorted((c for c in cards if is_monster(c)), key=lambda t: cat.card(t).value)
    return humanoids + monsters


def deal(state: GameState) -> Pending:
    """The chance node that lays out this round's Inn (rule ``inn.deal``)."""
    cat, rnd = state.catalog, state.round
    spec = ChanceSpec(
        what="inn",
        pool=list(state.deck),
        count=len(state.players),
        build=lambda cards: [ev.InnDealt(round=rnd, cards=inn_order(cards, cat))],
    )
    prompt = f"Round {rnd}: record the {spec.count} cards dealt to the Inn (monster ids, humanoid backs like h6-10)"
    return draw_pending(spec, prompt, (RecordDraw,), "inn.deal", {"what": "inn", "round": rnd})


# --- the turn -------------------------------------------------------------------------------------
def _other(treasure: str) -> str:
    return "gem" if treasure == "gold" else "gold"


def _remain_options(state: GameState, p: Player) -> list[Any]:
    out: list[Any] = []
    for t in TREASURES:
        if getattr(p, t) >= 1 and state.pool_type in (None, t):
            out.append(Remain(player=p.seat, treasure=t))
    if state.pool and getattr(p, _other(state.pool_type or "gold")) >= state.pool + 1:
        out.append(ExchangeTreasure(player=p.seat))
    return out


def leave_events(state: GameState, seat: str) -> list[ev.Event]:
    """The events of ``seat`` Leaving now: the Pool and the leftmost creature, and what follows."""
    p, card = state.player(seat), state.inn[0]
    gold = state.pool if state.pool_type == "gold" else 0
    gem = state.pool if state.pool_type == "gem" else 0
    then = ""
    if not is_monster(card):
        then = "bonus"
    elif support_targets(state, p, card) and p.treasure + gold + gem > 0:
        then = "support"
    return [ev.Left(player=seat, card=card, gold=gold, gem=gem, then=then)]


def _handle_turn(state: GameState, cmd: Any) -> list[ev.Event]:
    p = state.player(cmd.player)
    if isinstance(cmd, Leave):
        return leave_events(state, p.seat)
    if isinstance(cmd, Remain):
        if getattr(p, cmd.treasure) < 1:
            raise refuse(
                "NO_SUCH_TREASURE", "{seat} has no {treasure} to put in the Pool", seat=p.seat, treasure=cmd.treasure
            )
        if state.pool_type not in (None, cmd.treasure):
            raise refuse(
                "WRONG_TREASURE_TYPE",
                "the Pool holds {pool} {pool_type}: Remain with {pool_type}, exchange, or Leave",
                pool=state.pool,
                pool_type=state.pool_type,
            )
        return [ev.Remained(player=p.seat, treasure=cmd.treasure)]
    assert isinstance(cmd, ExchangeTreasure)
    other = _other(state.pool_type or "gold")
    if not state.pool:
        raise refuse("EXCHANGE_IMPOSSIBLE", "the Pool is empty: Remain with either type instead")
    if getattr(p, other) < state.pool + 1:
        raise refuse(
            "EXCHANGE_IMPOSSIBLE",
            "an exchange replaces the Pool's {pool} with {need} {other}; {seat} has {held} {other}",
            pool=state.pool,
            need=state.pool + 1,
            other=other,
            seat=p.seat,
            held=getattr(p, other),
        )
    to_player = state.rules["exchange"] == "to_player"
    return [
        ev.TreasureExchanged(
            player=p.seat, returned=state.pool, paid=state.pool + 1, treasure=other, to_player=to_player
        )
    ]


def turn(state: GameState) -> Pending:
    """The decision of the player whose turn it is, about the leftmost creature (rule ``turn.leftmost``)."""
    seat = state.in_round[0]
    p = state.player(seat)
    left = state.inn[0]
    pool, pool_type, name = state.pool, state.pool_type, p.name  # the prompt is made when read (never by a bot)
    return Pending(
        kind="turn",
        actors=[seat],
        prompt=lambda: (
            f"{seat} ({name}): Remain or Leave for {left} (Pool: {f'{pool} {pool_type}' if pool else 'empty'})"
        ),
        accepts=(Remain, ExchangeTreasure, Leave),
        handle=_handle_turn,
        options_fn=lambda a: [*_remain_options(state, p), Leave(player=seat)] if a == seat else [],
        rule="turn.leftmost",
        detail={"card": left, "pool": state.pool, "pool_type": state.pool_type},
    )


# --- right after a Leave --------------------------------------------------------------------------
def bonus(state: GameState) -> list[ev.Event] | Pending:
    """The humanoid bonus (rule ``bonus.take``): a choice when both types remain in the general supply,
    else the one type left (forced) or nothing (provisional A-02)."""
    seat = state.taker
    left = [t for t in TREASURES if state.supply[t] > 0]
    if len(left) == 0:
        return [ev.BonusMissed(player=seat)]
    if len(left) == 1:
        return [ev.BonusTaken(player=seat, treasure=left[0], forced=True)]

    def handle(s: GameState, cmd: Any) -> list[ev.Event]:
        if s.supply[cmd.treasure] < 1:
            raise refuse("SUPPLY_EMPTY", "the general supply has no {treasure}", treasure=cmd.treasure)
        return [ev.BonusTaken(player=cmd.player, treasure=cmd.treasure)]

    return Pending(
        kind="bonus",
        actors=[seat],
        prompt=f"{seat}: humanoid bonus, take 1 gold or 1 gem from the general supply",
        accepts=(TakeBonus,),
        handle=handle,
        options_fn=lambda a: [TakeBonus(player=seat, treasure=t) for t in left] if a == seat else [],
        rule="bonus.take",
    )


def _monster(state: GameState, card: str) -> Monster:
    m = state.catalog.card(card)
    assert isinstance(m, Monster)
    return m


def support_targets(state: GameState, p: Player, new: str) -> list[str]:
    """The monsters that may take Support as ``new`` (a monster) is placed (rule ``support.same_kind``):
    every monster of its kind, itself included, when ``p`` already has one of that kind; none otherwise.
    Under the default rule (``support=once``, A-03) a supported monster takes no more."""
    kind = _monster(state, new).kind
    mine = [m for m in p.monsters if m.card != new and _monster(state, m.card).kind == kind]
    if not mine:
        return []
    once = state.rules["support"] == "once"
    return [m.card for m in mine if not (once and m.support)] + [new]


def support(state: GameState) -> Pending:
    """Support, offered at once as a monster of a kind the player has is placed (it cannot come later)."""
    seat = state.taker
    p = state.player(seat)
    new = p.monsters[-1].card
    targets = support_targets(state, p, new)
    have = [t for t in TREASURES if getattr(p, t) > 0]

    def handle(s: GameState, cmd: Any) -> list[ev.Event]:
        if isinstance(cmd, NoSupport):
            return [ev.SupportDeclined(player=seat)]
        if cmd.monster not in targets:
            raise refuse(
                "SUPPORT_NOT_ALLOWED",
                "Support may go on {targets}, not {monster}",
                targets=", ".join(targets),
                monster=cmd.monster,
            )
        if cmd.treasure not in have:
            raise refuse(
                "NO_SUCH_TREASURE",
                "{seat} has no {treasure} to give as Support",
                "support.same_kind",
                seat=seat,
                treasure=cmd.treasure,
            )
        return [ev.Supported(player=seat, monster=cmd.monster, treasure=cmd.treasure)]

    return Pending(
        kind="support",
        actors=[seat],
        prompt=lambda: f"{seat}: Support one of {', '.join(targets)} with 1 treasure, or no Support",
        accepts=(Support, NoSupport),
        handle=handle,
        options_fn=lambda a: (
            [Support(player=seat, monster=m, treasure=t) for m in targets for t in have] + [NoSupport(player=seat)]
            if a == seat
            else []
        ),
        rule="support.same_kind",
        detail={"targets": targets},
    )
