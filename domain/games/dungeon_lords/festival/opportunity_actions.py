"""The Unique Opportunity boards' own rules, each registered by board id like a base location
(:func:`..actions.location`); the Actions phase looks them up while a board covers its place.

Festival Season (CGE 2012) › Unique Opportunities. Built: Harvest Food (UO-HF), Masquerade (UO-MQ),
Invest Gold (UO-IG), Acquire Pet (UO-AP), Hire Expert Monster (UO-HE), Rent Rooms (UO-RR), Install Traps
(UO-IN). Improve Tunnels needs the Improved Tunnel tiles (issue "Festival Season, part 2"); until then the
module is not playable.
"""

from __future__ import annotations

from .. import dungeon as dg
from .. import events as ev
from ..actions import action_name, cannot_pay, location, space_spec
from ..actions.hire_monster import candidates as hire_candidates
from ..actions.hire_monster import check_offered, hire_cost
from ..actions.hire_monster import why_not as hire_why_not
from ..commands import HarvestFood, HireMonster, InstallTrap, Masquerade, RentRoom, TakeAction
from ..errors import RuleViolation, refuse
from ..phases.common import catalog, cost_dict, free_imps, name_of, payment_problem, type_of
from ..state import GameState, Placement, Player


# --- Harvest Food (replaces Get Food) --------------------------------------------------------------
def _harvest_candidates(state: GameState, p: Player, pl: Placement) -> list[HarvestFood]:
    reward = space_spec(state, pl).reward
    return [HarvestFood(player=p.color, food=k) for k in range(0, reward.food_up_to + 1)]  # type: ignore[attr-defined]


def _harvest_why_not(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    foreimps = space_spec(state, pl).cost.foreimp
    return refuse(
        "NOT_ENOUGH_IMPS",
        f"{p.color} has {free_imps(p)} free imps; the foreimps alone need {foreimps}",
        "uo.harvest_food",
    )


@location("harvest_food", HarvestFood, candidates=_harvest_candidates, why_not=_harvest_why_not)
def harvest_food(state: GameState, p: Player, pl: Placement, cmd: HarvestFood) -> list[ev.Event]:
    """UO-HF-1..3: ``food`` imps gather a food each (up to the space's limit), supervised by the space's
    foreimps (I, II: 1; III: 2); space III also loses 1 Evil, even with no food gathered. On I and II,
    gathering nothing is declining (provisional, spec U-49). Raises RuleViolation (HARVEST_*,
    NOT_ENOUGH_IMPS)."""
    spec = space_spec(state, pl)
    limit, foreimps, evil = spec.reward.food_up_to, spec.cost.foreimp, spec.reward.evil  # type: ignore[attr-defined]
    if cmd.food < 0 or cmd.food > limit:
        raise refuse(
            "HARVEST_LIMIT_EXCEEDED", f"space {pl.space} gathers up to {limit} food, not {cmd.food}", "uo.harvest_food"
        )
    if cmd.food == 0 and not evil:
        raise refuse(
            "HARVEST_NEEDS_IMPS",
            f"on space {pl.space} gathering no food is declining: decline the order instead",
            "uo.harvest_food",
        )
    need = cmd.food + foreimps
    if need > free_imps(p):
        raise refuse(
            "NOT_ENOUGH_IMPS",
            f"gathering {cmd.food} food needs {need} free imps (with {foreimps} foreimp(s)); {p.color} has "
            f"{free_imps(p)}",
            "uo.harvest_food",
        )
    return [ev.FoodHarvested(color=p.color, space=pl.space or "", food=cmd.food, foreimps=foreimps, evil=evil)]


# --- Invest Gold (replaces Mine Gold) ----------------------------------------------------------------
def _invest_candidates(state: GameState, p: Player, pl: Placement) -> list[TakeAction]:
    return [TakeAction(player=p.color)]


@location("invest_gold", TakeAction, candidates=_invest_candidates, why_not=cannot_pay)
def invest_gold(state: GameState, p: Player, pl: Placement, cmd: TakeAction) -> list[ev.Event]:
    """UO-IG-1: pay the space's gold now; its return comes when the Orders Phase ends, so it pays for
    nothing later in this Orders Phase. Raises RuleViolation (CANNOT_PAY_GOLD)."""
    spec = space_spec(state, pl)
    problem = payment_problem(p, cost_dict(spec.cost), f"{action_name(state, pl)} space {pl.space}", state.variant)
    if problem:
        raise problem
    returns = spec.reward.gold_later  # type: ignore[attr-defined]
    return [ev.GoldInvested(color=p.color, space=pl.space or "", paid=spec.cost.gold, returns=returns)]


# --- Acquire Pet (replaces Recruit Imps) --------------------------------------------------------------
@location("acquire_pet", TakeAction, candidates=_invest_candidates, why_not=cannot_pay)
def acquire_pet(state: GameState, p: Player, pl: Placement, cmd: TakeAction) -> list[ev.Event]:
    """UO-AP-1/2, PE-05: pay the space's price, take its imps (they did no job: they may go to the Festival
    and produce) and draw its Pet Cards from the top of the deck into the Pet Box. Raises RuleViolation (a
    payment problem)."""
    spec = space_spec(state, pl)
    cost = cost_dict(spec.cost)
    problem = payment_problem(p, cost, f"{action_name(state, pl)} space {pl.space}", state.variant)
    if problem:
        raise problem
    reward = spec.reward
    pets = reward.pets  # type: ignore[attr-defined]
    return [ev.PetsAcquired(color=p.color, space=pl.space or "", paid=cost, imps=reward.imps, pets=pets)]


# --- Hire Expert Monster (or Ghost) (replaces Hire Monster) --------------------------------------------
@location("hire_expert", HireMonster, candidates=hire_candidates, why_not=hire_why_not)
def hire_expert(state: GameState, p: Player, pl: Placement, cmd: HireMonster) -> list[ev.Event]:
    """UO-HE-1..4: hire one monster (or ghost) of the offer at its cost, plus the space's own cost (space
    III: 1 Evil, a cost; no extra food: inferred) and the surcharge of the Expertise tile printed on the
    space, which the monster keeps (its cost for the rest of the game; +2 on its first attack in each
    Year's Combat). Raises RuleViolation (MONSTER_NOT_OFFERED, a payment problem, GOLEM_NEEDS_TRAP, ...)."""
    check_offered(state, cmd.monster)
    spec = space_spec(state, pl)
    tile = spec.reward.expertise  # type: ignore[attr-defined]
    extra = cost_dict(spec.cost)
    for k, v in cost_dict(catalog(state).expertise[tile].surcharge).items():
        extra[k] = extra.get(k, 0) + v
    where = f" with the {catalog(state).expertise[tile].name} tile"
    paid = hire_cost(state, p, cmd.monster, extra, cmd.discard_trap, cmd.feed_monster, where=where)
    return [
        ev.MonsterHired(
            color=p.color,
            monster=cmd.monster,
            space=pl.space or "",
            paid=paid,
            discarded_trap=cmd.discard_trap,
            fed_monster=cmd.feed_monster,
            expertise=tile,
        )
    ]


# --- Rent Rooms (replaces Build Room) ------------------------------------------------------------------
def _rent_candidates(state: GameState, p: Player, pl: Placement) -> list[RentRoom]:
    out = [RentRoom(player=p.color, room=r) for r in dict.fromkeys(state.board.room_offer)]
    return out + [RentRoom(player=p.color, take_gold=True)]


def _rent_why_not(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    if not state.board.room_offer:
        return refuse("ROOM_NOTHING_LEFT", "no room is left in the Bargain Basement", "uo.rent_rooms")
    return cannot_pay(state, p, pl)


@location("rent_rooms", RentRoom, candidates=_rent_candidates, why_not=_rent_why_not)
def rent_rooms(state: GameState, p: Player, pl: Placement, cmd: RentRoom) -> list[ev.Event]:
    """UO-RR-1/2, NP-07: III pays 1 gold and chooses first, II rents free, I rents free or, only if a player
    paid on III, takes that gold instead. The room lies beside the player board: no tunnel replaced, no
    zone, never adjacent. Raises RuleViolation (ROOM_NOT_OFFERED, RENT_GOLD_*, a payment problem)."""
    spec = space_spec(state, pl)
    if cmd.take_gold:
        if not spec.reward.take_renters_gold:  # type: ignore[attr-defined]
            raise refuse(
                "RENT_GOLD_NOT_ON_SPACE", f"only space I may take space III's gold, not {pl.space}", "uo.rent_rooms"
            )
        if not state.board.rent_gold:
            raise refuse("RENT_GOLD_NONE", "nobody paid gold on space III this round", "uo.rent_rooms")
        return [ev.RentGoldTaken(color=p.color, gold=state.board.rent_gold)]
    if cmd.room is None or cmd.room not in state.board.room_offer:
        offered = ", ".join(state.board.room_offer) or "none"
        raise refuse(
            "ROOM_NOT_OFFERED", f"{cmd.room} is not in the Bargain Basement; offered: {offered}", "uo.rent_rooms"
        )
    cost = cost_dict(spec.cost)
    problem = payment_problem(p, cost, f"{action_name(state, pl)} space {pl.space}", state.variant)
    if problem:
        raise problem
    return [ev.RoomRented(color=p.color, space=pl.space or "", room=cmd.room, paid=cost)]


# --- Install Traps (replaces Buy Traps) -------------------------------------------------------------
def _install_squares(p: Player) -> list[tuple[int, int]]:
    """UO-IN-2 / UO-IN-6: the player's unconquered dungeon tiles with no trap installed yet (a rented room is
    not a dungeon tile: provisional, spec U-31)."""
    return [(r, c) for r, c, cell in dg.tiles(p.dungeon) if not cell.conquered and f"{r},{c}" not in p.installed]


def _install_candidates(state: GameState, p: Player, pl: Placement) -> list[InstallTrap]:
    squares = _install_squares(p)
    return [
        InstallTrap(player=p.color, trap=t, square=sq)
        for t in dict.fromkeys(state.board.install_offer)
        for sq in squares
    ]


def _install_why_not(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    if not state.board.install_offer:
        return refuse("INSTALL_NOTHING_LEFT", "no face-up Trap Card is left to install", "uo.install_traps")
    return refuse("CANNOT_PAY", "no face-up trap can be paid for and installed", "uo.install_traps")


def install_cost(state: GameState, p: Player, pl: Placement, trap: str, square) -> dict[str, int]:
    """UO-IN-3: the space's cost (provisional, spec U-04), the trap's own cost in the current Year (Poisoned
    Meal: this Year's food; Kamikaze Imp: an imp, provisional U-46: an available one) and 1 gold more on a
    room (not the Labyrinth, provisional U-31). The marker token is the bank's: it cannot pay."""
    cost = cost_dict(space_spec(state, pl).cost)
    use = catalog(state).traps[type_of(trap)].values(state.year).use_cost
    for k, v in (("gold", use.gold), ("food", use.food), ("imps", use.imps)):
        if v:
            cost[k] = cost.get(k, 0) + v
    cell = p.dungeon[square[0]][square[1]]
    if cell is not None and cell.kind == "room" and cell.room != "labyrinth":
        cost["gold"] = cost.get("gold", 0) + 1
    return cost


@location("install_traps", InstallTrap, candidates=_install_candidates, why_not=_install_why_not)
def install_traps(state: GameState, p: Player, pl: Placement, cmd: InstallTrap) -> list[ev.Event]:
    """UO-IN-2/3: take one of the face-up Trap Cards and install it at once on one of your unconquered
    dungeon tiles, paying in full; it springs by itself in the first battle fought there (UO-IN-4). Raises
    RuleViolation (INSTALL_*, a payment problem)."""
    if cmd.trap not in state.board.install_offer:
        offered = ", ".join(state.board.install_offer) or "none"
        raise refuse("INSTALL_TRAP_NOT_OFFERED", f"{cmd.trap} is not face up; offered: {offered}", "uo.install_traps")
    square = (cmd.square[0], cmd.square[1])
    if square not in _install_squares(p):
        why = (
            f"install on one of your unconquered dungeon tiles without a trap: {[list(s) for s in _install_squares(p)]}"
        )
        raise refuse("INSTALL_SQUARE_INVALID", why, "uo.install_traps")
    cost = install_cost(state, p, pl, cmd.trap, square)
    problem = payment_problem(p, cost, f"installing the {name_of(state, cmd.trap)}", state.variant)
    if problem:
        raise problem
    return [ev.TrapInstalled(color=p.color, space=pl.space or "", trap=cmd.trap, square=square, paid=cost)]


# --- Masquerade (replaces Improve Reputation) ---------------------------------------------------------
def _masquerade_candidates(state: GameState, p: Player, pl: Placement) -> list[Masquerade]:
    reward = space_spec(state, pl).reward
    positions = range(1, len(state.board.combat_cards) + 1)
    if not reward.spy:
        return [Masquerade(player=p.color)]
    if not reward.reposition:  # type: ignore[attr-defined]
        return [Masquerade(player=p.color, spy=s) for s in positions]
    return [Masquerade(player=p.color, spy=s, put_back=t) for s in positions for t in positions]


@location("masquerade", Masquerade, candidates=_masquerade_candidates, why_not=cannot_pay)
def masquerade(state: GameState, p: Player, pl: Placement, cmd: Masquerade) -> list[ev.Event]:
    """UO-MQ-1..5: the space's gain and every other player's +1 Evil happen at once (one event, so the
    paladins are settled once); spaces II and III look at a Combat Card, II may put it back anywhere (the
    move is announced: public). Players who sent no minion gain too; non-player colours never do.
    Raises RuleViolation (a payment problem, SPY_*)."""
    spec = space_spec(state, pl)
    reward = spec.reward
    cost = cost_dict(spec.cost)
    problem = payment_problem(p, cost, f"{action_name(state, pl)} space {pl.space}", state.variant)
    if problem:
        raise problem
    cards = state.board.combat_cards
    if reward.spy and cmd.spy is None:
        raise refuse(
            "SPY_REQUIRED",
            f"space {pl.space} of the Masquerade looks at a Combat Card: name its position",
            "uo.masquerade",
        )
    if cmd.spy is not None:
        if not reward.spy:
            raise refuse("SPY_NOT_ON_SPACE", f"space {pl.space} of the Masquerade gives no spying", "uo.masquerade")
        if not 1 <= cmd.spy <= len(cards):
            raise refuse("SPY_POSITION_INVALID", f"spy on a Combat Card at position 1..{len(cards)}", "uo.masquerade")
    moved = cmd.put_back is not None and cmd.put_back != cmd.spy
    if moved and not reward.reposition:  # type: ignore[attr-defined]
        raise refuse("SPY_PUT_BACK_IN_PLACE", f"on space {pl.space} the card goes back where it was", "uo.masquerade")
    if cmd.put_back is not None and not 1 <= cmd.put_back <= len(cards):
        raise refuse("SPY_POSITION_INVALID", f"put the card back at position 1..{len(cards)}", "uo.masquerade")
    others = reward.others_evil  # type: ignore[attr-defined]
    evil = {q.color: others for q in state.players if q.color != p.color}
    if reward.evil:
        evil[p.color] = reward.evil
    gained = {"gold": reward.gold} if reward.gold else {}
    out: list[ev.Event] = [ev.MasqueradeHeld(color=p.color, space=pl.space or "", paid=cost, gained=gained, evil=evil)]
    if cmd.spy is not None:
        out.append(ev.CombatCardSpied(color=p.color, position=cmd.spy, card=cards[cmd.spy - 1]))
        if moved:
            assert cmd.put_back is not None
            out.append(ev.CombatCardMoved(color=p.color, from_position=cmd.spy, to_position=cmd.put_back))
    return out
