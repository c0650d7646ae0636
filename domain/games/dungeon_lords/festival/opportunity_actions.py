"""The Unique Opportunity boards' own rules, each registered by board id like a base location
(:func:`..actions.location`); the Actions phase looks them up while a board covers its place.

Festival Season (CGE 2012) › Unique Opportunities. Built: Harvest Food (UO-HF), Masquerade (UO-MQ),
Invest Gold (UO-IG), Acquire Pet (UO-AP), Hire Expert Monster (UO-HE), Rent Rooms (UO-RR), Install Traps
(UO-IN), Improve Tunnels (UO-IT): all eight.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import cast

from domain.kernel.errors import Phrase

from .. import dungeon as dg
from .. import events as ev
from ..actions import action_name, cannot_pay, location, space_spec
from ..actions.hire_monster import candidates as hire_candidates
from ..actions.hire_monster import check_offered, hire_cost
from ..actions.hire_monster import why_not as hire_why_not
from ..catalog.models import OpportunityReward
from ..commands import HarvestFood, HireMonster, ImproveTunnels, InstallTrap, Masquerade, RentRoom, TakeAction
from ..errors import RuleViolation, refuse, refuse_n
from ..phases.common import (
    catalog,
    cost_dict,
    free_imps,
    installed_trap_discards,
    name_of,
    payment_problem,
    rented_squares,
    type_of,
)
from ..state import GameState, Placement, Player


def board_reward(state: GameState, pl: Placement) -> OpportunityReward:
    """What the space of the opportunity board a minion stands on gives (the board's richer reward)."""
    return cast(OpportunityReward, space_spec(state, pl).reward)


# --- Harvest Food (replaces Get Food) --------------------------------------------------------------
def _harvest_candidates(state: GameState, p: Player, pl: Placement) -> list[HarvestFood]:
    reward = board_reward(state, pl)
    return [HarvestFood(player=p.color, food=k) for k in range(0, reward.food_up_to + 1)]


def _harvest_why_not(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    foreimps = space_spec(state, pl).cost.foreimp
    return refuse(
        "NOT_ENOUGH_IMPS",
        "{color} has {free_imps} free imps; the foreimps alone need {foreimps}",
        "uo.harvest_food",
        color=p.color,
        free_imps=free_imps(p),
        foreimps=foreimps,
    )


@location("harvest_food", HarvestFood, candidates=_harvest_candidates, why_not=_harvest_why_not)
def harvest_food(state: GameState, p: Player, pl: Placement, cmd: HarvestFood) -> list[ev.Event]:
    """UO-HF-1..3: ``food`` imps gather a food each (up to the space's limit), supervised by the space's
    foreimps (I, II: 1; III: 2); space III also loses 1 Evil, even with no food gathered. On I and II,
    gathering nothing is declining (provisional, spec U-49). Raises RuleViolation (HARVEST_*,
    NOT_ENOUGH_IMPS)."""
    spec = space_spec(state, pl)
    limit, foreimps, evil = board_reward(state, pl).food_up_to, spec.cost.foreimp, spec.reward.evil
    if cmd.food < 0 or cmd.food > limit:
        raise refuse(
            "HARVEST_LIMIT_EXCEEDED",
            "space {space} gathers up to {limit} food, not {food}",
            "uo.harvest_food",
            space=pl.space,
            limit=limit,
            food=cmd.food,
        )
    if cmd.food == 0 and not evil:
        raise refuse(
            "HARVEST_NEEDS_IMPS",
            "on space {space} gathering no food is declining: decline the order instead",
            "uo.harvest_food",
            space=pl.space,
        )
    need = cmd.food + foreimps
    if need > free_imps(p):
        raise refuse_n(
            "NOT_ENOUGH_IMPS",
            "gathering {food} food needs {need} free imps (with {n} foreimp(s)); {color} has {free_imps}",
            "gathering {food} food needs {need} free imps (with {n} foreimp(s)); {color} has {free_imps}",
            foreimps,
            "uo.harvest_food",
            food=cmd.food,
            need=need,
            foreimps=foreimps,
            color=p.color,
            free_imps=free_imps(p),
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
    problem = payment_problem(
        p,
        cost_dict(spec.cost),
        lambda: Phrase("{action} space {space}", action=action_name(state, pl), space=pl.space),
        state.variant,
    )
    if problem:
        raise problem
    returns = board_reward(state, pl).gold_later
    return [ev.GoldInvested(color=p.color, space=pl.space or "", paid=spec.cost.gold, returns=returns)]


# --- Acquire Pet (replaces Recruit Imps) --------------------------------------------------------------
@location("acquire_pet", TakeAction, candidates=_invest_candidates, why_not=cannot_pay)
def acquire_pet(state: GameState, p: Player, pl: Placement, cmd: TakeAction) -> list[ev.Event]:
    """UO-AP-1/2, PE-05: pay the space's price, take its imps (they did no job: they may go to the Festival
    and produce) and draw its Pet Cards from the top of the deck into the Pet Box. Raises RuleViolation (a
    payment problem)."""
    spec = space_spec(state, pl)
    cost = cost_dict(spec.cost)
    problem = payment_problem(
        p,
        cost,
        lambda: Phrase("{action} space {space}", action=action_name(state, pl), space=pl.space),
        state.variant,
    )
    if problem:
        raise problem
    reward = board_reward(state, pl)
    pets = reward.pets
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
    tile = board_reward(state, pl).expertise
    extra = cost_dict(spec.cost)
    for k, v in cost_dict(catalog(state).expertise[tile].surcharge).items():
        extra[k] = extra.get(k, 0) + v
    where = Phrase(" with the {tile} tile", tile=catalog(state).expertise[tile].name)
    paid = hire_cost(state, p, cmd.monster, extra, cmd.discard_trap, cmd.feed_monster, where, cmd.pay_or)
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
    if cmd.take_gold and cmd.room is not None:  # refused, not ignored: which did the player mean?
        raise refuse("FIELD_NOT_USED", "take the gold or rent {room}, not both", "uo.rent_rooms", room=cmd.room)
    if cmd.take_gold:
        if not board_reward(state, pl).take_renters_gold:
            raise refuse(
                "RENT_GOLD_NOT_ON_SPACE",
                "only space I may take space III's gold, not {space}",
                "uo.rent_rooms",
                space=pl.space,
            )
        if not state.board.rent_gold:
            raise refuse("RENT_GOLD_NONE", "nobody paid gold on space III this round", "uo.rent_rooms")
        return [ev.RentGoldTaken(color=p.color, gold=state.board.rent_gold)]
    if cmd.room is None or cmd.room not in state.board.room_offer:
        offered = ", ".join(state.board.room_offer) or "none"
        raise refuse(
            "ROOM_NOT_OFFERED",
            "{room} is not in the Bargain Basement; offered: {offered}",
            "uo.rent_rooms",
            room=cmd.room,
            offered=offered,
        )
    cost = cost_dict(spec.cost)
    problem = payment_problem(
        p,
        cost,
        lambda: Phrase("{action} space {space}", action=action_name(state, pl), space=pl.space),
        state.variant,
    )
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
    traps = {type_of(t): t for t in reversed(state.board.install_offer)}.values()  # copies are interchangeable
    return [InstallTrap(player=p.color, trap=t, square=sq) for t in traps for sq in squares]


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
        raise refuse(
            "INSTALL_TRAP_NOT_OFFERED",
            "{trap} is not face up; offered: {offered}",
            "uo.install_traps",
            trap=cmd.trap,
            offered=offered,
        )
    square = (cmd.square[0], cmd.square[1])
    if square not in _install_squares(p):
        raise refuse(
            "INSTALL_SQUARE_INVALID",
            "install on one of your unconquered dungeon tiles without a trap: {squares}",
            "uo.install_traps",
            squares=[list(s) for s in _install_squares(p)],
        )
    cost = install_cost(state, p, pl, cmd.trap, square)
    problem = payment_problem(
        p, cost, lambda: Phrase("installing the {trap}", trap=name_of(state, cmd.trap)), state.variant
    )
    if problem:
        raise problem
    return [ev.TrapInstalled(color=p.color, space=pl.space or "", trap=cmd.trap, square=square, paid=cost)]


# --- Improve Tunnels (replaces Dig Tunnels) ------------------------------------------------------------
IMPS_PER = {"improve": 2, "deconquer_tunnel": 2, "deconquer_room": 3}  # printed on the board
TWICE_SPACE = "II"  # "the player on II ... can get one or two Improved Tunnel Tiles", or deconquer two tunnels
TWICE = ("improve", "deconquer_tunnel")


def free_improved_tunnels(state: GameState) -> list[str]:
    """The Improved Tunnel tiles still on the Far Distant Lands (not in anyone's dungeon)."""
    used = {cell.improved for p in state.players for row in p.dungeon for cell in row if cell and cell.improved}
    return [t for t in catalog(state).improved_tunnels if t not in used]


def _targets(state: GameState, p: Player, option: str) -> list[tuple[int, int]]:
    """UO-IT-2/7: plain unconquered tunnels to improve (an improved one cannot be improved again:
    provisional U-42); conquered tunnels; conquered rooms, a rented one included (provisional U-42)."""
    if option == "improve":
        return [
            (r, c)
            for r, c, cell in dg.tiles(p.dungeon)
            if cell.kind == "tunnel" and not cell.conquered and not cell.improved
        ]
    kind = "tunnel" if option == "deconquer_tunnel" else "room"
    grid = [(r, c) for r, c, cell in dg.tiles(p.dungeon) if cell.kind == kind and cell.conquered]
    rented = [sq for sq, cell in zip(rented_squares(p), p.rented, strict=True) if cell.conquered]
    return grid + (rented if kind == "room" else [])


def _improve_candidates(state: GameState, p: Player, pl: Placement) -> list[ImproveTunnels]:
    out: list[ImproveTunnels] = []
    counts = (1, 2) if pl.space == TWICE_SPACE else (1,)
    tiles = free_improved_tunnels(state)
    for option in IMPS_PER:
        squares = _targets(state, p, option)
        for n in counts if option in TWICE else (1,):
            for chosen in combinations(squares, n):
                if option == "improve":
                    out += [
                        ImproveTunnels(player=p.color, option=option, squares=list(chosen), tiles=list(t))
                        for t in permutations(tiles, n)
                    ]
                else:
                    out.append(ImproveTunnels(player=p.color, option=option, squares=list(chosen)))
    return out


def _improve_why_not(state: GameState, p: Player, pl: Placement) -> RuleViolation:
    if not any(_targets(state, p, o) for o in IMPS_PER):
        return refuse(
            "IMPROVE_NOTHING", "no plain unconquered tunnel to improve and nothing conquered", "uo.improve_tunnels"
        )
    return refuse_n(
        "NOT_ENOUGH_IMPS",
        "{color} has {n} free imps",
        "{color} has {n} free imps",
        free_imps(p),
        "uo.improve_tunnels",
        color=p.color,
    )


@location("improve_tunnels", ImproveTunnels, candidates=_improve_candidates, why_not=_improve_why_not)
def improve_tunnels(state: GameState, p: Player, pl: Placement, cmd: ImproveTunnels) -> list[ev.Event]:
    """UO-IT-1..7: one option per minion, 2 imps a tunnel improved or deconquered, 3 a room deconquered;
    only space II may do the first two twice (never mixed). The imps stay on the tiles for the round. A trap
    installed on a tunnel improved is discarded (UO-IN-5). Raises RuleViolation (IMPROVE_*, NOT_ENOUGH_IMPS)."""
    squares = [(sq[0], sq[1]) for sq in cmd.squares]
    most = 2 if pl.space == TWICE_SPACE and cmd.option in TWICE else 1
    if not 1 <= len(squares) <= most or len(set(squares)) != len(squares):
        raise refuse_n(
            "IMPROVE_COUNT",
            "space {space} does this option for 1 to {n} different tile(s)",
            "space {space} does this option for 1 to {n} different tile(s)",
            most,
            "uo.improve_tunnels",
            space=pl.space,
            most=most,
        )
    allowed = _targets(state, p, cmd.option)
    if any(sq not in allowed for sq in squares):
        raise refuse(
            "IMPROVE_TILE_INVALID",
            "{option}: choose among {allowed}",
            "uo.improve_tunnels",
            option=cmd.option.replace("_", " "),
            allowed=[list(s) for s in allowed],
        )
    if cmd.option == "improve":
        free = free_improved_tunnels(state)
        if (
            len(cmd.tiles) != len(squares)
            or len(set(cmd.tiles)) != len(cmd.tiles)
            or any(t not in free for t in cmd.tiles)
        ):
            raise refuse(
                "IMPROVE_TILE_GONE",
                "name one Improved Tunnel left for each tunnel: {free}",
                "uo.improve_tunnels",
                free=", ".join(free) or "none",
            )
    elif cmd.tiles:
        raise refuse("IMPROVE_COUNT", "only an improvement names Improved Tunnel tiles", "uo.improve_tunnels")
    imps = IMPS_PER[cmd.option] * len(squares)
    if imps > free_imps(p):
        raise refuse(
            "NOT_ENOUGH_IMPS",
            "this needs {imps} free imps; {color} has {free_imps}",
            "uo.improve_tunnels",
            imps=imps,
            color=p.color,
            free_imps=free_imps(p),
        )
    done = ev.TunnelsImproved(
        color=p.color, space=pl.space or "", option=cmd.option, squares=squares, tiles=list(cmd.tiles), imps=imps
    )
    altered = installed_trap_discards(p, squares, "its tunnel was improved") if cmd.option == "improve" else []
    return [done, *altered]


# --- Masquerade (replaces Improve Reputation) ---------------------------------------------------------
def _masquerade_candidates(state: GameState, p: Player, pl: Placement) -> list[Masquerade]:
    reward = board_reward(state, pl)
    positions = range(1, len(state.board.combat_cards) + 1)
    if not reward.spy:
        return [Masquerade(player=p.color)]
    if not reward.reposition:
        return [Masquerade(player=p.color, spy=s) for s in positions]
    return [Masquerade(player=p.color, spy=s, put_back=t) for s in positions for t in positions]


@location("masquerade", Masquerade, candidates=_masquerade_candidates, why_not=cannot_pay)
def masquerade(state: GameState, p: Player, pl: Placement, cmd: Masquerade) -> list[ev.Event]:
    """UO-MQ-1..5: the space's gain and every other player's +1 Evil happen at once (one event, so the
    paladins are settled once); spaces II and III look at a Combat Card, II may put it back anywhere (the
    move is announced: public). Players who sent no minion gain too; non-player colours never do.
    Raises RuleViolation (a payment problem, SPY_*)."""
    spec = space_spec(state, pl)
    reward = board_reward(state, pl)
    cost = cost_dict(spec.cost)
    problem = payment_problem(
        p,
        cost,
        lambda: Phrase("{action} space {space}", action=action_name(state, pl), space=pl.space),
        state.variant,
    )
    if problem:
        raise problem
    cards = state.board.combat_cards
    if reward.spy and cmd.spy is None:
        raise refuse(
            "SPY_REQUIRED",
            "space {space} of the Masquerade looks at a Combat Card: name its position",
            "uo.masquerade",
            space=pl.space,
        )
    if cmd.spy is not None:
        if not reward.spy:
            raise refuse(
                "SPY_NOT_ON_SPACE", "space {space} of the Masquerade gives no spying", "uo.masquerade", space=pl.space
            )
        if not 1 <= cmd.spy <= len(cards):
            raise refuse(
                "SPY_POSITION_INVALID",
                "spy on a Combat Card at position 1..{count_cards}",
                "uo.masquerade",
                count_cards=len(cards),
            )
    moved = cmd.put_back is not None and cmd.put_back != cmd.spy
    if moved and not reward.reposition:
        raise refuse(
            "SPY_PUT_BACK_IN_PLACE", "on space {space} the card goes back where it was", "uo.masquerade", space=pl.space
        )
    if cmd.put_back is not None and not 1 <= cmd.put_back <= len(cards):
        raise refuse(
            "SPY_POSITION_INVALID",
            "put the card back at position 1..{count_cards}",
            "uo.masquerade",
            count_cards=len(cards),
        )
    others = reward.others_evil
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
