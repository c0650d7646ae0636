"""Carrying out orders: the 8 central-board actions in board order, each space in its order.

Rules: Rulebook › Executing Orders; › Description of Actions (Get Food, Improve Reputation,
Dig Tunnels, Mine Gold, Recruit Imps, Buy Traps, Hire Monster, Build Room); › Second Year ›
Buying Traps in the Second Year; › Appendix (Golem, Demon).
"""

from __future__ import annotations

from domain.kernel import CHANCE, ChanceSpec, Pending

from .. import dungeon as dg
from .. import events as ev
from ..commands import (
    BuildRoom,
    Decline,
    DigTunnel,
    DiscardTrap,
    HireMonster,
    ImproveReputation,
    MineGold,
    RecordDraw,
    StopDigging,
    TakeAction,
)
from ..errors import RuleViolation, refuse
from ..state import GameState, Placement, Player
from .common import (
    UNSEEN_DRAW,
    catalog,
    free_imps,
    is_ghost,
    monster_type,
    payment_problem,
    season_name,
)
from .orders import SPACES
from .rounds import _draw

ACTION_COMMANDS = (TakeAction, ImproveReputation, DigTunnel, MineGold, HireMonster, BuildRoom, Decline)
SIMPLE = {"get_food", "recruit_imps", "buy_traps"}


def cost_dict(cost) -> dict[str, int]:
    return {k: v for k, v in (("gold", cost.gold), ("food", cost.food), ("evil", cost.evil)) if v}


def current(state: GameState) -> Placement | None:
    """The next minion to act: board order, and each action's own space order."""
    for action in catalog(state).actions:
        slots = state.board.spaces[action.id]
        for space in action.resolve_order:
            pl = slots[SPACES.index(space)]
            if pl is not None and not pl.resolved:
                return pl
    return None


def step(state: GameState):
    aw = state.awaiting
    if aw and aw["kind"] == "trap_draw":
        return trap_draw_step(state)
    if aw and aw["kind"] == "trap_discard":
        return _discard_pending(state)
    pl = current(state)
    if pl is None:
        return [ev.PhaseBegan(phase="production", year=state.year, season=season_name(state))]
    if aw and aw["kind"] == "digging":
        return _digging_step(state, pl)
    p = state.player(pl.color)
    if next(_legal(state, p, pl), None) is None:
        return [
            ev.ActionDeclined(
                color=p.color, action=pl.action, space=pl.space, reason=f"cannot: {_why_not(state, p, pl)}"
            )
        ]
    name = catalog(state).action(pl.action).name
    return Pending(
        kind="action",
        actors=[p.color],
        prompt=f"{p.color}: {name} on space {pl.space}",
        accepts=ACTION_COMMANDS,
        handle=_handle,
        options_fn=lambda a: _perform_options(state, p, pl) + [Decline(player=p.color)],
        rule="action.order",
        detail={"action": pl.action, "space": pl.space},
    )


def _why_not(state: GameState, p: Player, pl: Placement) -> str:
    try:
        _check_generic(state, p, pl)
    except RuleViolation as exc:
        return exc.message
    return "no legal way to carry out this order"


def _check_generic(state: GameState, p: Player, pl: Placement) -> None:
    """Raise the reason a typical attempt fails (used to explain automatic declines)."""
    a = pl.action
    if a in SIMPLE or a == "improve_reputation":
        problem = payment_problem(p, cost_dict(_space(state, pl).cost), catalog(state).action(a).name, state.variant)
        if problem:
            raise problem
    elif a == "dig_tunnels":
        if free_imps(p) < (2 if pl.space == "III" else 1):
            raise refuse("NOT_ENOUGH_IMPS", f"{p.color} has {free_imps(p)} free imps", "dig.permit")
        raise refuse("DIG_NOWHERE", "no square can take a new tunnel", "dig.no_2x2")
    elif a == "mine_gold":
        if not dg.unconquered_tunnels(p.dungeon):
            raise refuse("MINE_NO_TUNNEL", "no unconquered tunnel to mine", "mine.permit")
        raise refuse("NOT_ENOUGH_IMPS", f"{p.color} has {free_imps(p)} free imps", "mine.permit")
    elif a == "hire_monster" and not state.board.monster_offer:
        raise refuse("HIRE_NOTHING_LEFT", "no monster is left in the Underground Tavern", "hire.choose")
    elif a == "build_room" and not state.board.room_offer:
        raise refuse("ROOM_NOTHING_LEFT", "no room is left in the Bargain Basement", "room.choose")
    raise refuse("CANNOT_PAY", "no offered component can be paid for or placed", "action.full_cost")


def _space(state: GameState, pl: Placement):
    return catalog(state).action(pl.action).spaces[pl.space]


# --- options -------------------------------------------------------------------------------------
def _perform_options(state: GameState, p: Player, pl: Placement) -> list:
    return list(_legal(state, p, pl))


def _legal(state: GameState, p: Player, pl: Placement):
    """The legal ways to carry out the order, lazily (a generator: the first one answers "any?")."""
    a, c = pl.action, p.color
    candidates: list = []
    if a in SIMPLE:
        candidates = [TakeAction(player=c)]
    elif a == "improve_reputation":
        spies = [None] + ([1, 2, 3, 4] if _space(state, pl).reward.spy else [])
        candidates = [ImproveReputation(player=c, spy=s) for s in spies]
    elif a == "dig_tunnels":
        candidates = [DigTunnel(player=c, square=sq) for sq in dg.diggable(p.dungeon)]
    elif a == "mine_gold":
        candidates = [MineGold(player=c, imps=k) for k in range(1, _space(state, pl).reward.gold_up_to + 1)]
    elif a == "hire_monster":
        for m in state.board.monster_offer:
            t = monster_type(state, m)
            traps = sorted(set(p.traps)) if t.cost.trap_cards else [None]
            feeds = [x.id for x in p.monsters if not is_ghost(state, x.id)] if t.cost.monsters else [None]
            candidates += [
                HireMonster(player=c, monster=m, discard_trap=tr, feed_monster=f) for tr in traps for f in feeds
            ]
    elif a == "build_room":
        candidates = [BuildRoom(player=c, room=r, square=sq) for r in state.board.room_offer for sq in dg.squares()]
    for cmd in candidates:
        try:
            _decide(state, p, pl, cmd)
        except RuleViolation:
            continue
        yield cmd


# --- deciding -----------------------------------------------------------------------------------
def _handle(state: GameState, cmd) -> list[ev.Event]:
    pl = current(state)
    return _decide(state, state.player(pl.color), pl, cmd)


def _decide(state: GameState, p: Player, pl: Placement, cmd) -> list[ev.Event]:
    a, space = pl.action, pl.space
    spec = _space(state, pl)
    name = catalog(state).action(a).name
    if isinstance(cmd, Decline):
        return [ev.ActionDeclined(color=p.color, action=a, space=space, reason="declined")]
    expected = {
        "get_food": TakeAction,
        "recruit_imps": TakeAction,
        "buy_traps": TakeAction,
        "improve_reputation": ImproveReputation,
        "dig_tunnels": DigTunnel,
        "mine_gold": MineGold,
        "hire_monster": HireMonster,
        "build_room": BuildRoom,
    }[a]
    if not isinstance(cmd, expected):
        raise refuse(
            "WRONG_COMMAND_FOR_ACTION",
            f"{p.color}'s minion is on {name} space {space}: answer with {expected.__name__} or Decline",
            "action.order",
        )
    if a in SIMPLE:
        cost = cost_dict(spec.cost)
        problem = payment_problem(p, cost, f"{name} space {space}", state.variant)
        if problem:
            raise problem
        r = spec.reward
        gained = {
            k: v for k, v in (("food", r.food), ("gold", r.gold), ("imps", r.imps), ("trap_cards", r.trap_cards)) if v
        }
        return [ev.ActionTaken(color=p.color, action=a, space=space, paid=cost, gained=gained)]
    if a == "improve_reputation":
        cost = cost_dict(spec.cost)
        problem = payment_problem(p, cost, f"{name} space {space}", state.variant)
        if problem:
            raise problem
        out: list[ev.Event] = [
            ev.ActionTaken(color=p.color, action=a, space=space, paid=cost, gained={"evil": spec.reward.evil})
        ]
        if cmd.spy is not None:
            if not spec.reward.spy:
                raise refuse("SPY_NOT_ON_SPACE", f"space {space} of Improve Reputation gives no spying", "action.spy")
            cards = state.board.combat_cards
            if not 1 <= cmd.spy <= len(cards):
                raise refuse("SPY_POSITION_INVALID", f"spy on a Combat Card at position 1..{len(cards)}", "action.spy")
            out.append(ev.CombatCardSpied(color=p.color, position=cmd.spy, card=cards[cmd.spy - 1]))
        return out
    if a == "dig_tunnels":
        return [dig_event(p, cmd.square, dug=0, limit=spec.reward.tunnels_up_to, foreimp_space=space == "III")]
    if a == "mine_gold":
        return [_mine(p, cmd.imps, spec.reward.gold_up_to, space == "III")]
    if a == "hire_monster":
        return [_hire(state, p, space, cmd)]
    return [_build(state, p, space, cmd)]


def dig_event(p: Player, square, dug: int, limit: int, foreimp_space: bool, by_room: bool = False) -> ev.TunnelDug:
    """One tunnel: adjacency, no filled 2x2, one imp per tunnel, a foreimp on space III."""
    if dug >= limit:
        raise refuse("DIG_PERMIT_EXCEEDED", f"the permit allows {limit} tunnels and {dug} are dug", "dig.permit")
    foreimp = foreimp_space and dug == 0
    need = 0 if by_room else 1 + int(foreimp)
    if free_imps(p) < need:
        extra = " (one of them the foreimp)" if foreimp else ""
        raise refuse(
            "NOT_ENOUGH_IMPS", f"digging needs {need} free imps{extra}; {p.color} has {free_imps(p)}", "dig.permit"
        )
    problem = dg.dig_problem(p.dungeon, tuple(square))
    if problem:
        raise refuse(*problem)
    return ev.TunnelDug(color=p.color, square=tuple(square), foreimp=foreimp, by_room=by_room)


def _digging_step(state: GameState, pl: Placement):
    aw = state.awaiting
    p = state.player(aw["color"])
    more = []
    for sq in dg.diggable(p.dungeon):
        try:
            more.append(DigTunnel(player=p.color, square=dig_event(p, sq, aw["dug"], aw["limit"], False).square))
        except RuleViolation:
            pass
    if not more:
        return [ev.DiggingFinished(color=p.color, dug=aw["dug"])]

    def handle(st: GameState, cmd):
        if isinstance(cmd, StopDigging):
            return [ev.DiggingFinished(color=p.color, dug=aw["dug"])]
        if not isinstance(cmd, DigTunnel):
            raise refuse("DIGGING_IN_PROGRESS", "dig another tunnel or stop digging", "dig.permit")
        return [dig_event(p, cmd.square, aw["dug"], aw["limit"], False)]

    return Pending(
        kind="digging",
        actors=[p.color],
        prompt=f"{p.color}: dig another tunnel ({aw['dug']} of {aw['limit']} dug) or stop",
        accepts=(DigTunnel, StopDigging),
        handle=handle,
        options_fn=lambda a: more + [StopDigging(player=p.color)],
        rule="dig.permit",
    )


def _mine(p: Player, imps: int, permit: int, foreimp: bool) -> ev.GoldMined:
    tunnels = len(dg.unconquered_tunnels(p.dungeon))
    if imps < 1:
        raise refuse("MINE_NEEDS_IMPS", "mine with at least 1 imp, or decline the order", "mine.permit")
    if imps > permit:
        raise refuse("MINE_PERMIT_EXCEEDED", f"the permit allows {permit} imps, not {imps}", "mine.permit")
    if imps > tunnels:
        raise refuse(
            "MINE_NOT_ENOUGH_TUNNELS",
            f"{imps} imps need {imps} unconquered tunnels; {p.color} has {tunnels}",
            "mine.permit",
        )
    need = imps + int(foreimp)
    if need > free_imps(p):
        raise refuse(
            "NOT_ENOUGH_IMPS",
            f"mining with {imps} imps needs {need} free imps"
            f"{' (with the foreimp)' if foreimp else ''}; {p.color} has {free_imps(p)}",
            "mine.permit",
        )
    return ev.GoldMined(color=p.color, imps=imps, foreimp=foreimp)


def _hire(state: GameState, p: Player, space: str, cmd: HireMonster) -> ev.MonsterHired:
    if cmd.monster not in state.board.monster_offer:
        raise refuse(
            "MONSTER_NOT_OFFERED",
            f"{cmd.monster} is not in the Underground Tavern; offered: "
            f"{', '.join(state.board.monster_offer) or 'none'}",
            "hire.choose",
        )
    t = monster_type(state, cmd.monster)
    cost = cost_dict(t.cost)
    if space == "III":
        cost["food"] = cost.get("food", 0) + 1
    problem = payment_problem(
        p, cost, f"hiring the {t.name}" + (" on space III" if space == "III" else ""), state.variant
    )
    if problem:
        raise problem
    if t.cost.trap_cards:
        if cmd.discard_trap not in p.traps:
            raise refuse(
                "GOLEM_NEEDS_TRAP", f"the {t.name} costs a Trap Card: name one of yours to discard", "hire.golem"
            )
    elif cmd.discard_trap is not None:
        raise refuse("NO_TRAP_COST", f"the {t.name} does not cost a Trap Card", "hire.cost")
    if t.cost.monsters:
        fed = next((m for m in p.monsters if m.id == cmd.feed_monster), None)
        if fed is None or is_ghost(state, fed.id):
            raise refuse("DEMON_NEEDS_MONSTER", f"the {t.name} costs one of your monsters (not a ghost)", "hire.demon")
    elif cmd.feed_monster is not None:
        raise refuse("NO_MONSTER_COST", f"the {t.name} does not cost a monster", "hire.cost")
    return ev.MonsterHired(
        color=p.color,
        monster=cmd.monster,
        space=space,
        paid=cost,
        discarded_trap=cmd.discard_trap,
        fed_monster=cmd.feed_monster,
    )


def _build(state: GameState, p: Player, space: str, cmd: BuildRoom) -> ev.RoomBuilt:
    if cmd.room not in state.board.room_offer:
        raise refuse(
            "ROOM_NOT_OFFERED",
            f"{cmd.room} is not in the Bargain Basement; offered: {', '.join(state.board.room_offer) or 'none'}",
            "room.choose",
        )
    room = catalog(state).rooms[cmd.room]
    cost = cost_dict(catalog(state).action("build_room").spaces[space].cost)
    problem = payment_problem(p, cost, f"Build Room space {space}", state.variant)
    if problem:
        raise problem
    allowed = [tuple(sq) for sq in room.allowed_squares] if room.allowed_squares and room.year == 1 else None
    problem = dg.room_problem(p.dungeon, tuple(cmd.square), allowed, room.name)
    if problem:
        raise refuse(*problem)
    return ev.RoomBuilt(color=p.color, room=cmd.room, square=tuple(cmd.square), paid=cost)


# --- trap cards (Buy Traps and the Workshop) -----------------------------------------------------------
def trap_draw_step(state: GameState):
    aw = state.awaiting
    b = state.board
    # cards physically in the deck: the unseen cards' real cards are still listed in trap_deck
    in_deck = len(b.trap_deck) - sum(1 for c in b.unseen_traps if c not in b.trap_discard)
    if in_deck < aw["count"] and b.trap_discard:
        return [ev.TrapDeckReshuffled(cards=len(b.trap_discard))]
    build = lambda cards, c=aw["color"]: [ev.TrapCardsDrawn(color=c, cards=cards)]  # noqa: E731
    prompt = f"Draw {aw['count']} Trap Card(s) for {aw['color']}"
    if state.mode != "tabletop":
        return _draw("trap_cards", list(b.trap_deck), aw["count"], build, prompt, color=aw["color"])
    # Tabletop: a card the recorder does not see is entered as "?" and identified when it is sprung
    # (issue: "a trap card is recorded when drawn or, if the recorder only learns it when played, at
    # that moment"). Any card still listed can be named; at most in_deck cards come up.
    count = min(aw["count"], in_deck)
    spec = ChanceSpec(
        what="trap_cards", pool=list(b.trap_deck) + [UNSEEN_DRAW] * count, count=count, color=aw["color"], build=build
    )
    return Pending(
        kind="chance",
        actors=[CHANCE],
        prompt=prompt + f" ({UNSEEN_DRAW} for a card not seen)",
        chance=spec,
        accepts=(RecordDraw,),
        rule="input.chance",
    )


def _discard_pending(state: GameState) -> Pending:
    p = state.player(state.awaiting["color"])

    def handle(st: GameState, cmd: DiscardTrap):
        if cmd.card not in p.traps:
            raise refuse("TRAP_NOT_HELD", f"{cmd.card} is not one of {p.color}'s Trap Cards", "traps.second_year")
        return [ev.TrapDiscarded(color=p.color, card=cmd.card)]

    return Pending(
        kind="discard_trap",
        actors=[p.color],
        prompt=f"{p.color}: discard one Trap Card (Second Year Buy Traps)",
        accepts=(DiscardTrap,),
        handle=handle,
        options_fn=lambda a: [DiscardTrap(player=p.color, card=c) for c in p.traps],
        rule="traps.second_year",
    )
