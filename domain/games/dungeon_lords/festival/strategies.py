"""How the strategy bots value Festival Season's choices, registered with the strategies' seam
(:func:`..strategies.register_board`, :func:`..strategies.register_scorer`); the base game never asks for it.

Every valuation is one small function in the strategies' common currency (:class:`..strategies.Weights`), so a
strategy's character comes from its weights and its hooks (``hire_value``, ``room_value``, ``dig_square``,
``imp_cost``, ``production_value``), as in the base game:

* each Unique Opportunity board has an ``estimate`` (what its space is worth when choosing orders, spending the
  order simulation's budget of imps, food and gold) and a ``score`` of its options when a minion acts there;
  while a board covers a place, the place's order card is valued as the board (and, for the card taken back,
  next round's face-up board as next round's);
* the Festival bid: the prizes are valued for this strategy, and each bid by the prize it can expect against
  the rivals' available imps (public; their bids are not read), less what the imps would produce this round;
* the Festival pick: the prize, with the square, monster or room it needs, valued like the base actions;
* the pet draft: keep the pets worth most, pass and discard the others (the Pet deck is provisional stand-ins
  with no effect today, so every card is worth the same: the choice is then the rng's).

What a strategy prizes, besides its base weights: ``Weights.pet`` (a pet), ``expert`` (an Expertise tile),
``improved`` (an Improved Tunnel tile), ``rival_evil`` (a rival's step up the Evilometer: the Masquerade).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from .. import dungeon as dg
from ..catalog.models import OpportunityReward, SpaceSpec
from ..commands import (
    FestivalPick,
    HarvestFood,
    HireMonster,
    ImproveTunnels,
    InstallTrap,
    Masquerade,
    RentRoom,
    TakeAction,
)
from ..phases.combat import nearest_tiles
from ..phases.common import catalog, monster_type, type_of
from ..state import Placement
from ..strategies import (
    BoardValue,
    Ctx,
    Strategy,
    _cost_worth,
    _event_ahead,
    _room_fits_masks,
    _trap_strength,
    register_board,
    register_scorer,
)
from ..year import year_plan
from .festival import available
from .opportunity_actions import IMPS_PER, TWICE_SPACE, free_improved_tunnels, install_cost

SPY = 0.1  # looking at a Combat Card (as the base game's Improve Reputation values it)
CONQUERED = 2.0  # a conquered tile costs 2 points at the end: what deconquering it saves
AVERAGE_TRAP = 2.5  # a trap not dealt yet (Install Traps next round): a middling one


def _reward(spec: SpaceSpec) -> OpportunityReward:
    """What a board's space gives (an opportunity board's richer reward)."""
    return cast(OpportunityReward, spec.reward)


def _paydays(ctx: Ctx) -> int:
    return ctx.once(("paydays",), lambda: 1 if _event_ahead(ctx.state, "pay_day") else 0)


def _place(ctx: Ctx) -> str:
    """The central-board place the acting minion stands on (the board covering it is the acting location)."""
    return ctx.pending.detail["action"]


def _spend(budget: dict[str, int], gold: int = 0, food: int = 0, imps: int = 0) -> None:
    budget["gold"] -= gold
    budget["food"] -= food
    budget["imps"] -= imps


def _if_worth(value: float, budget: dict[str, int], **spent: int) -> float:
    """An order's estimate: ``value`` if it is worth anything, the budget then spent as ``spent``; else 0."""
    if value <= 0:
        return 0.0
    _spend(budget, **spent)
    return value


# --- Harvest Food (covers Get Food): up to N imps gather a food each, with foreimps -------------------------
def _harvest_estimate(
    s: Strategy, ctx: Ctx, space: str, spec: SpaceSpec, budget: dict[str, int], next_round: bool
) -> float:
    foreimps, evil = spec.cost.foreimp, ctx.w.evil * _reward(spec).evil
    n = min(_reward(spec).food_up_to, budget["imps"] - foreimps)
    if n < 0 or (n == 0 and not evil):
        return 0.0
    return _if_worth(n * ctx.w.food + evil, budget, food=-n, imps=n + foreimps)


def _harvest_score(s: Strategy, ctx: Ctx, spec: SpaceSpec) -> Callable[[Any], float]:
    w, evil = ctx.w, ctx.w.evil * _reward(spec).evil

    def score(o) -> float:
        if isinstance(o, HarvestFood):
            return o.food * w.food + evil - s.imp_cost(ctx, o.food + spec.cost.foreimp, _place(ctx))
        return 0.0  # declining

    return score


# --- Masquerade (covers Improve Reputation): gold or a look at a Combat Card; every rival gains Evil -------
def _masquerade_value(ctx: Ctx, spec: SpaceSpec) -> float:
    w, reward = ctx.w, _reward(spec)
    rivals = len(ctx.state.players) - 1  # non-player colours never gain
    return (
        w.gold * (reward.gold - spec.cost.gold)
        + w.evil * reward.evil
        + w.rival_evil * reward.others_evil * rivals
        + (SPY if reward.spy else 0.0)
    )


def _masquerade_estimate(
    s: Strategy, ctx: Ctx, space: str, spec: SpaceSpec, budget: dict[str, int], next_round: bool
) -> float:
    return _if_worth(_masquerade_value(ctx, spec), budget, gold=spec.cost.gold - _reward(spec).gold)


def _masquerade_score(s: Strategy, ctx: Ctx, spec: SpaceSpec) -> Callable[[Any], float]:
    value = _masquerade_value(ctx, spec)

    def score(o) -> float:
        if not isinstance(o, Masquerade):
            return 0.0
        # Look at the earliest Combat Card (the first battle's) and leave it where it was.
        spy = 0.0 if o.spy is None else -0.001 * o.spy
        moved = 0.0 if o.put_back is None or o.put_back == o.spy else -0.01
        return value + spy + moved

    return score


# --- Invest Gold (covers Mine Gold): gold now, more when the Orders Phase ends -----------------------------
def _invest_value(ctx: Ctx, spec: SpaceSpec) -> float:
    return ctx.w.gold * (_reward(spec).gold_later - spec.cost.gold)


def _invest_estimate(
    s: Strategy, ctx: Ctx, space: str, spec: SpaceSpec, budget: dict[str, int], next_round: bool
) -> float:
    return _if_worth(_invest_value(ctx, spec), budget, gold=spec.cost.gold)  # the return pays for nothing later


def _invest_score(s: Strategy, ctx: Ctx, spec: SpaceSpec) -> Callable[[Any], float]:
    value = _invest_value(ctx, spec)
    return lambda o: value if isinstance(o, TakeAction) else 0.0


# --- Acquire Pet (covers Recruit Imps): pets, and imps on the dearer spaces -------------------------------
def _pet_space_value(ctx: Ctx, spec: SpaceSpec) -> float:
    w = ctx.w
    return w.imp * _reward(spec).imps + w.pet * _reward(spec).pets - w.food * spec.cost.food - w.gold * spec.cost.gold


def _pet_estimate(
    s: Strategy, ctx: Ctx, space: str, spec: SpaceSpec, budget: dict[str, int], next_round: bool
) -> float:
    spent = {"gold": spec.cost.gold, "food": spec.cost.food, "imps": -_reward(spec).imps}  # new imps may produce
    return _if_worth(_pet_space_value(ctx, spec), budget, **spent)


def _pet_score(s: Strategy, ctx: Ctx, spec: SpaceSpec) -> Callable[[Any], float]:
    value = _pet_space_value(ctx, spec)
    return lambda o: value if isinstance(o, TakeAction) else 0.0


# --- Hire Expert Monster (covers Hire Monster): a monster with an Expertise tile and its surcharge ---------
def _expert_value(s: Strategy, ctx: Ctx, spec: SpaceSpec, t) -> float:
    """A monster hired with the space's Expertise tile: its value and price as a hire, the tile (``w.expert``),
    the surcharge now and at a Pay Day still to come (the monster keeps it), and the space's own cost."""
    surcharge = ctx.catalog.expertise[_reward(spec).expertise].surcharge
    return (
        s.hire_value(ctx, t)
        + ctx.w.expert
        + (1 + _paydays(ctx)) * _cost_worth(ctx.w, surcharge)
        + _cost_worth(ctx.w, spec.cost)
    )


def _expert_estimate(
    s: Strategy, ctx: Ctx, space: str, spec: SpaceSpec, budget: dict[str, int], next_round: bool
) -> float:
    me, surcharge = ctx.me, ctx.catalog.expertise[_reward(spec).expertise].surcharge
    values: list[float] = []
    paid, most = None, 0.0
    for m in s.offer(ctx, "monsters", next_round):
        t = monster_type(ctx.state, m)
        gold = t.cost.gold + surcharge.gold + spec.cost.gold
        food = t.cost.food + surcharge.food + spec.cost.food
        possible = t.cost.trap_cards <= len(me.traps) and t.cost.monsters <= len(me.monsters)
        if not possible or gold > budget["gold"] or food > budget["food"]:
            values.append(0.0)
            continue
        v = max(_expert_value(s, ctx, spec, t), 0.0)
        if v > most:
            paid, most = (gold, food), v
        values.append(v)
    if paid and not next_round:
        _spend(budget, gold=paid[0], food=paid[1])
    return s.pick(values, next_round)


def _expert_score(s: Strategy, ctx: Ctx, spec: SpaceSpec) -> Callable[[Any], float]:
    def score(o) -> float:
        if not isinstance(o, HireMonster):
            return 0.0
        v = _expert_value(s, ctx, spec, monster_type(ctx.state, o.monster))
        if o.feed_monster:
            v -= s.monster_value(ctx, o.feed_monster)
        if o.discard_trap:
            v -= 0.1 * _trap_strength(ctx.state, o.discard_trap, ctx.state.year)
        return v

    return score


# --- Rent Rooms (covers Build Room): a room beside the board, producing once a round --------------------
def rent_value(s: Strategy, ctx: Ctx, room_id: str) -> float:
    """A rented room: what it produces, once a round, in the rounds left of the game (up to the strategy's
    horizon, at least one); it is not a room at scoring (no points, no Lord of Halls)."""
    plan = year_plan(ctx.state)
    rounds = len(plan.seasons) - ctx.state.season + (len(plan.seasons) if ctx.state.year == 1 else 0)
    produced = s.production_value(ctx, ctx.catalog.rooms[room_id])
    return max(produced, 0.0) * min(rounds, max(s.production_horizon, 1))


def _rent_estimate(
    s: Strategy, ctx: Ctx, space: str, spec: SpaceSpec, budget: dict[str, int], next_round: bool
) -> float:
    rooms = s.offer(ctx, "rooms", next_round)
    value = s.pick([max(rent_value(s, ctx, r) - ctx.w.gold * spec.cost.gold, 0.0) for r in rooms], next_round)
    if value > 0 and not next_round:
        _spend(budget, gold=spec.cost.gold)
    return value


def _rent_score(s: Strategy, ctx: Ctx, spec: SpaceSpec) -> Callable[[Any], float]:
    def score(o) -> float:
        if not isinstance(o, RentRoom):
            return 0.0
        if o.take_gold:
            return ctx.w.gold * ctx.state.board.rent_gold
        assert o.room is not None, "a room is rented"
        return rent_value(s, ctx, o.room) - ctx.w.gold * spec.cost.gold

    return score


# --- Install Traps (covers Buy Traps): a face-up trap installed on a tile, springing by itself ------------
def install_value(ctx: Ctx, trap: str | None) -> float:
    """A trap installed: a Trap Card that springs by itself in the first battle on its tile (a trap not dealt
    yet: a middling one)."""
    strength = AVERAGE_TRAP if trap is None else _trap_strength(ctx.state, trap, ctx.state.year)
    return ctx.w.trap + 0.2 * strength


def _installable(ctx: Ctx) -> list[tuple[int, int]]:
    return [
        (r, c) for r, c, cell in dg.tiles(ctx.me.dungeon) if not cell.conquered and f"{r},{c}" not in ctx.me.installed
    ]


def _install_estimate(
    s: Strategy, ctx: Ctx, space: str, spec: SpaceSpec, budget: dict[str, int], next_round: bool
) -> float:
    if not _installable(ctx):
        return 0.0
    w = ctx.w
    traps: list[str | None] = [None] if next_round else list(ctx.state.board.install_offer)
    best, paid = 0.0, 0
    for trap in traps:
        use = catalog(ctx.state).traps[type_of(trap)].values(ctx.state.year).use_cost if trap is not None else None
        gold = spec.cost.gold + (use.gold if use else 0)  # on a tunnel: no gold more
        food = use.food if use else 0
        if gold > budget["gold"] or food > budget["food"]:
            continue
        v = install_value(ctx, trap) - w.gold * gold - w.food * food
        if v > best:
            best, paid = v, gold
    if best > 0 and not next_round:
        _spend(budget, gold=paid)
    return best


def _install_score(s: Strategy, ctx: Ctx, spec: SpaceSpec) -> Callable[[Any], float]:
    w = ctx.w
    pl = Placement(color=ctx.me.color, action=_place(ctx), space=ctx.pending.detail["space"], slot=0)
    fought = set(nearest_tiles(ctx.me.dungeon))  # the tiles the next battle can be fought on

    def score(o) -> float:
        if not isinstance(o, InstallTrap):
            return 0.0
        square = (o.square[0], o.square[1])
        cost = install_cost(ctx.state, ctx.me, pl, o.trap, square)
        price = w.gold * cost.get("gold", 0) + w.food * cost.get("food", 0) + w.imp * cost.get("imps", 0)
        return install_value(ctx, o.trap) - price + (0.3 if square in fought else 0.0)

    return score


# --- Improve Tunnels (covers Dig Tunnels): an Improved Tunnel tile, or a conquered tile back ---------------
def improvement_value(s: Strategy, ctx: Ctx, tile: str, square: tuple[int, int]) -> float:
    """An Improved Tunnel tile on the tunnel ``square``: ``w.improved`` plus what its effect is worth to this
    strategy (Festival Season › Appendix › Improved Tunnels), less a trap installed there (discarded)."""
    w, grid = ctx.w, ctx.me.dungeon
    effect = ctx.catalog.improved_tunnels[tile].effect
    near = [grid[r][c] for r, c in dg.neighbours(*square)]
    rooms = [n for n in near if n is not None and n.kind == "room" and not n.conquered and n.room is not None]
    if effect == "mithril_vein":  # 2 more imps mining, beyond the permit
        value = 1.5 * w.gold
    elif effect == "tool_shed":  # an adjacent production room needs 1 imp fewer
        value = w.imp * sum(1 for n in rooms if ctx.catalog.rooms[n.room].production is not None)
    elif effect == "foyer":  # 1 point, and 1 for each adjacent unconquered room
        value = 1.0 + len(rooms)
    elif effect == "dark_tunnel":  # hard to conquer
        value = 1.0
    elif effect == "secret_passage":  # no Taxes on it, nothing lost if conquered; but it counts for no title
        value = 0.5 * w.gold + 1.0 - 0.5 * w.tile
    else:
        value = 0.0
    trap = ctx.me.installed.get(f"{square[0]},{square[1]}")
    return w.improved + value - (install_value(ctx, trap) if trap else 0.0)


def _deconquer_value(ctx: Ctx, option: str) -> float:
    """A conquered tile unconquered: the points it costs at the end, and the tile working again."""
    return CONQUERED + 0.5 * (ctx.w.tile if option == "deconquer_tunnel" else ctx.w.room)


def _improve_options(s: Strategy, ctx: Ctx) -> list[tuple[float, int]]:
    """(value, imps) of each single thing Improve Tunnels could do here, best first (worked out once a decision)."""

    def compute() -> list[tuple[float, int]]:
        out: list[tuple[float, int]] = []
        tiles = free_improved_tunnels(ctx.state)
        for r, c, cell in dg.tiles(ctx.me.dungeon):
            if cell.kind == "tunnel" and not cell.conquered and not cell.improved and tiles:
                out.append((max(improvement_value(s, ctx, t, (r, c)) for t in tiles), IMPS_PER["improve"]))
            elif cell.conquered:
                option = "deconquer_tunnel" if cell.kind == "tunnel" else "deconquer_room"
                out.append((_deconquer_value(ctx, option), IMPS_PER[option]))
        out += [
            (_deconquer_value(ctx, "deconquer_room"), IMPS_PER["deconquer_room"]) for c in ctx.me.rented if c.conquered
        ]
        return sorted(out, reverse=True)

    return ctx.once(("improve_options",), compute)


def _improve_estimate(
    s: Strategy, ctx: Ctx, space: str, spec: SpaceSpec, budget: dict[str, int], next_round: bool
) -> float:
    options = [(v, imps) for v, imps in _improve_options(s, ctx) if imps <= budget["imps"]]
    if not options:
        return 0.0
    value, imps = options[0]
    if value <= 0:
        return 0.0
    # Space II may improve (or deconquer) two tunnels: counted as the two best of 2 imps each.
    twos = [v for v, k in options if k == 2]
    if space == TWICE_SPACE and budget["imps"] >= 4 and len(twos) >= 2 and twos[0] + twos[1] > value:
        value, imps = twos[0] + twos[1], 4
    _spend(budget, imps=imps)
    return value


def _improve_score(s: Strategy, ctx: Ctx, spec: SpaceSpec) -> Callable[[Any], float]:
    place = _place(ctx)

    def score(o) -> float:
        if not isinstance(o, ImproveTunnels):
            return 0.0
        squares = [(sq[0], sq[1]) for sq in o.squares]
        if o.option == "improve":
            value = sum(improvement_value(s, ctx, t, sq) for t, sq in zip(o.tiles, squares))
        else:
            value = _deconquer_value(ctx, o.option) * len(squares)
        return value - s.imp_cost(ctx, IMPS_PER[o.option] * len(squares), place)

    return score


# --- the Festival: the bid and the pick ----------------------------------------------------------------------
def prize_value(s: Strategy, ctx: Ctx, board: str) -> float:
    """What the prize of the opportunity board ``board`` is worth to this strategy now (0 if it cannot be had)."""
    w, state, me = ctx.w, ctx.state, ctx.me
    prize = ctx.catalog.opportunities[board].prize
    simple = {"food": w.food, "gold": w.gold, "lose_evil": -w.evil, "imp": w.imp, "trap_card": w.trap}
    if prize in simple:
        return simple[prize]
    if prize == "dig_tunnel":
        squares = dg.diggable(me.dungeon)
        return w.tile + max(s.dig_square(ctx, sq) for sq in squares) if squares else 0.0
    discards = state.board.discards
    if prize == "hire_from_discard":
        values = [0.0]
        for m in sorted(set(discards.get("monsters", []))):
            t = monster_type(state, m)
            if t.cost.gold <= me.gold and t.cost.food + 1 <= me.food and t.cost.trap_cards <= len(me.traps):
                values.append(s.hire_value(ctx, t, extra_food=1))
        return max(values)
    if prize == "build_from_discard" and me.gold >= 1:
        rooms = [r for r in set(discards.get("rooms", [])) if _room_fits_masks(state, ctx.masks, r, False)]
        return max([0.0, *(s.room_value(ctx, r) - w.gold for r in rooms)])
    return 0.0


def _ahead(a: int, evil_tie: bool, k: int) -> float:
    """Chance that a rival with ``a`` available imps, bidding any of 0..a alike, picks before a bid of ``k``
    (``evil_tie``: the rival wins a tie)."""
    if a < k:
        return 0.0
    return ((a - k) + (1.0 if evil_tie else 0.0)) / (a + 1)


def expected_prize(values: list[float], chances: list[float]) -> float:
    """The prize expected when each rival picks first with its chance: the ``j``-th best of ``values`` when
    ``j`` rivals pick before (a lower bound: they may take prizes this strategy values less)."""
    ahead = [1.0]  # ahead[j]: chance that j rivals pick first
    for p in chances:
        ahead = [a * (1 - p) + (ahead[j - 1] * p if j else 0.0) for j, a in enumerate(ahead)] + [ahead[-1] * p]
    return sum(a * v for a, v in zip(ahead, values))


def score_festival_bid(s: Strategy, ctx: Ctx, options: list) -> Callable[[Any], float]:
    """Bid what the prizes are worth: the prize expected for each bid against the rivals' available imps (their
    bids are secret; the Evilometer breaks ties, the later in play order an Evil tie), less what the imps bid
    would have produced this round (they stay at the Festival)."""
    state, me = ctx.state, ctx.me
    assert state.festival is not None, "a bid outside the Festival"
    values = sorted((max(prize_value(s, ctx, b), 0.0) for b in state.festival.prizes), reverse=True)
    order = [p.color for p in state.play_order()]
    rivals = [
        (
            available(state, q.color),
            q.evil > me.evil or (q.evil == me.evil and order.index(q.color) > order.index(me.color)),
        )
        for q in state.players
        if q.color != me.color
    ]

    def score(o) -> float:
        if o.imps == 0:
            return 0.0
        chances = [_ahead(a, tie, o.imps) for a, tie in rivals]
        return expected_prize(values, chances) - s.imp_cost(ctx, o.imps, "festival")

    return score


def score_festival_pick(s: Strategy, ctx: Ctx, options: list) -> Callable[[Any], float]:
    """Take the prize worth most (nothing if none is worth anything), with its best square, monster or room."""
    w = ctx.w

    def score(o: FestivalPick) -> float:
        if o.board is None:
            return 0.0
        prize = ctx.catalog.opportunities[o.board].prize
        if prize == "dig_tunnel" and o.square is not None:
            return w.tile + s.dig_square(ctx, tuple(o.square))
        if prize == "hire_from_discard" and o.monster is not None:
            v = s.hire_value(ctx, monster_type(ctx.state, o.monster), extra_food=1)
            if o.feed_monster:
                v -= s.monster_value(ctx, o.feed_monster)
            if o.discard_trap:
                v -= 0.1 * _trap_strength(ctx.state, o.discard_trap, ctx.state.year)
            return v
        if prize == "build_from_discard" and o.room is not None and o.square is not None:
            return s.build_value(ctx, o.room, tuple(o.square), 1)
        return prize_value(s, ctx, o.board)

    return score


# --- the pet draft ----------------------------------------------------------------------------------------------
def pet_value(ctx: Ctx, card: str) -> float:
    """A Pet Card kept: ``w.pet`` (1 point unused at the pet show); a pet with an effect a little more. The
    provisional stand-ins have none: they are all worth the same."""
    pet = ctx.catalog.pets.get(type_of(card))
    return ctx.w.pet + (0.5 if pet is not None and pet.effect else 0.0)


def score_pet_card(s: Strategy, ctx: Ctx, options: list) -> Callable[[Any], float]:
    """Pass (or discard) the pet worth least to this strategy, keeping the others."""
    return lambda o: -pet_value(ctx, o.card)


for _board, _estimate, _score in (
    ("harvest_food", _harvest_estimate, _harvest_score),
    ("masquerade", _masquerade_estimate, _masquerade_score),
    ("invest_gold", _invest_estimate, _invest_score),
    ("acquire_pet", _pet_estimate, _pet_score),
    ("hire_expert", _expert_estimate, _expert_score),
    ("rent_rooms", _rent_estimate, _rent_score),
    ("install_traps", _install_estimate, _install_score),
    ("improve_tunnels", _improve_estimate, _improve_score),
):
    register_board(_board, BoardValue(estimate=_estimate, score=_score))
register_scorer("festival_bid", score_festival_bid)
register_scorer("festival_pick", score_festival_pick)
register_scorer("pet_pass", score_pet_card)
register_scorer("pet_discard", score_pet_card)

__all__ = ["expected_prize", "improvement_value", "install_value", "pet_value", "prize_value", "rent_value"]
