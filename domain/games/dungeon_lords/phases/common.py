"""Helpers shared by the phases: catalog lookups, costs, Evil, play order."""

from __future__ import annotations

from collections.abc import Callable

from domain.kernel.errors import N_

from .. import events as ev
from ..catalog import KNOWN_CATALOGS, Catalog, catalog_for
from ..catalog.models import AdventurerType
from ..catalog.names import other_names
from ..errors import refuse
from ..ruleset import catalog_overlays
from ..state import (  # noqa: F401  (re-exported: the state's lookups, where the phases have always found them)
    RENTED_ROW,
    UNSEEN_DRAW,
    UNSEEN_TRAP,
    Cell,
    GameState,
    Paladin,
    Player,
    cell_at,
    is_unseen,
    paladin,
)
from ..year import year_plan

EVIL_TOP = 15
EVIL_BOTTOM = 1
PALADIN_SPACE = 10


def catalog(state: GameState) -> Catalog:
    """The catalog this game plays with: the one its first event recorded (hash and overrides)."""
    cat = KNOWN_CATALOGS.get(state.catalog_hash)  # the hot path: one dict lookup (rules ask often)
    if cat is None:
        cat = catalog_for(state.catalog_hash, state.catalog_overrides, catalog_overlays(state.modules))
    return cat


def type_of(instance_id: str) -> str:
    """``"goblin_y1#2"`` -> ``"goblin_y1"``."""
    return instance_id.split("#", 1)[0]


def monster_type(state: GameState, instance_id: str):
    """The catalog entry of a monster instance (``"troll_y1#2"`` -> the troll); a combat pet sent into
    battle (Festival Season) as the fighter its card makes it."""
    cat, t = catalog(state), type_of(instance_id)
    try:
        return cat.monsters[t]
    except KeyError:
        return cat.pet_fighters[t]


def rented_squares(p: Player) -> list[tuple[int, int]]:
    """The squares of ``p``'s rented rooms (Festival Season › Rent Rooms)."""
    return [(RENTED_ROW, k) for k in range(len(p.rented))]


def tunnel_effect(state: GameState, cell: Cell | None) -> str:
    """The effect of an Improved Tunnel on ``cell`` (Festival Season › Appendix › Improved Tunnels): its id,
    or "" for a plain tile, or for an improved tunnel that is conquered (but for the Secret Passage)."""
    if cell is None or not cell.improved:
        return ""
    tile = catalog(state).improved_tunnels[cell.improved]
    return tile.effect if not cell.conquered or tile.works_conquered else ""


def secret_passages(state: GameState, p: Player) -> int:
    """Festival Season › Secret Passage: how many of ``p``'s tiles every count of tunnels or tiles ignores."""
    if not catalog(state).improved_tunnels:  # the base game has none
        return 0
    return sum(1 for row in p.dungeon for cell in row if tunnel_effect(state, cell) == "secret_passage")


#: why an installed trap leaves unsprung (``InstalledTrapDiscarded.reason``), for the reader's catalog
DISCARD_REASONS = (N_("a room replaced its tunnel"), N_("its tunnel was improved"), N_("its tunnel was removed"))


def installed_trap_discards(p: Player, squares, reason: str) -> list:
    """Festival Season › Install Traps: the installed traps on ``squares`` leave unsprung, because their
    tile was altered (``reason``: replaced by a room, removed...). The events that say so.

    The one rule every change of a tile goes through: a room built over a tunnel (Build Room, a Festival
    prize), a tunnel improved (Improve Tunnels), a tunnel removed (a Special Event) and a tile conquered
    without a battle (a table ruling: :func:`..table_ruling.ruling_events`). A tile conquered in battle
    needs none: the trap springs in the first battle there. ``invariants.installed_trap_problems`` checks
    that no installed trap is left on a conquered or missing tile."""
    out = []
    for sq in squares:
        trap = p.installed.get(f"{sq[0]},{sq[1]}")
        if trap:
            out.append(ev.InstalledTrapDiscarded(color=p.color, square=(sq[0], sq[1]), trap=trap, reason=reason))
    return out


def tile_cost(state: GameState, instance_id: str, pay_or: bool = False) -> dict[str, int]:
    """The cost printed on a monster's tile (gold, food, evil steps, imps...); with ``pay_or`` its other cost,
    paid instead at the owner's choice (Festival Season › Cockatrice: "1 food or 1 Evil"). Raises
    RuleViolation (NO_OTHER_COST) for ``pay_or`` on a monster with one cost only."""
    t = monster_type(state, instance_id)
    if pay_or and t.cost_or is None:
        raise refuse("NO_OTHER_COST", "the {name} has one cost only", "hire.cost", name=t.name)
    cost = t.cost_or if pay_or and t.cost_or is not None else t.cost
    out = cost_dict(cost)
    if cost.imps:  # Festival Season's Elderbeast: "1 available imp", returned to the bank at each payment
        out["imps"] = cost.imps
    return out


def wage(state: GameState, p: Player, instance_id: str, pay_or: bool = False) -> dict[str, int]:
    """What ``p``'s monster ``instance_id`` costs to pay (gold, food, evil steps, imps): the cost on its tile
    (``pay_or``: its other cost, :func:`tile_cost`), and the surcharge of its Expertise tile (Festival Season
    › Hire Expert Monster: "as if printed on the tile", added to whichever cost is paid). The one rule for
    every wage: Pay Day, a Special Event's wage paid again, the Suggestion spell."""
    cost = tile_cost(state, instance_id, pay_or)
    tile = next((m.expertise for m in p.monsters if m.id == instance_id), "")
    if tile:
        for k, v in cost_dict(catalog(state).expertise[tile].surcharge).items():
            cost[k] = cost.get(k, 0) + v
    return cost


def payable_wage(state: GameState, p: Player, instance_id: str) -> dict[str, int]:
    """The wage paid where the rules leave the owner no say in which cost (a Special Event's wage paid again,
    the Suggestion spell): the tile's first cost, or its other cost when only that one can be paid (engine
    choice for Festival Season's Cockatrice)."""
    cost = wage(state, p, instance_id)
    if monster_type(state, instance_id).cost_or is None or payment_problem(p, cost, "", state.variant) is None:
        return cost
    other = wage(state, p, instance_id, pay_or=True)
    return other if payment_problem(p, other, "", state.variant) is None else cost


def is_ghost(state: GameState, instance_id: str) -> bool:
    """Whether monster instance ``instance_id`` is a ghost (Rulebook › Ghosts: no wage, no food, counts
    for nothing at scoring). Raises KeyError for a monster the game's catalog has not."""
    return monster_type(state, instance_id).is_ghost


def is_monster(state: GameState, instance_id: str) -> bool:
    """A monster for the spells that act on monsters: not a ghost, and not a pet sent into battle
    (Festival Season › Using Pets, PE-07), Baby Golem excepted (PE-08)."""
    t = monster_type(state, instance_id)
    return not t.is_ghost and "not_a_monster" not in t.abilities


def name_of(state: GameState, instance_id: str) -> str:
    """The printed name of any component instance (monster, room, trap, card, adventurer, paladin)."""
    return name_in(catalog(state), instance_id)


def other_names_of(state: GameState, instance_id: str) -> tuple[str, ...]:
    """Every other name of a component instance a person may type: its Russian name from the Russian
    rulebook (with its plural and printed spellings) and the table's own names from its override file
    (:mod:`..catalog.names`)."""
    return other_names(catalog(state), instance_id, state.catalog_overrides)


def name_in(cat: Catalog, instance_id: str) -> str:
    """The name ``cat`` prints for a component instance; the id itself when ``cat`` has no such entry."""
    t = type_of(instance_id)
    for table in (cat.monsters, cat.rooms, cat.traps, cat.combat_cards, cat.special_events):
        if t in table:
            return table[t].name
    if t in cat.adventurers:
        return adventurer_name(cat.adventurers[t])
    if t in cat.paladins:
        return f"paladin (year {cat.paladins[t].year})"
    return t


# the symbols a tile prints, by class (Festival Season's bard: lutes, the Courage it gives)
SKILLS = {"priest": "heal", "thief": "disarm", "wizard": "magic", "bard": "lutes"}


def adventurer_name(a: AdventurerType) -> str:
    """What an adventurer tile shows: its class and hit points, and for a priest, thief or wizard the
    number of its skill's symbols (``warrior 3``, ``priest 3 heal 1``). Two tiles of one Year with the
    same name are ones no rule tells apart (the same glyph rank too), so they are interchangeable copies
    (Rulebook › Adventurers: hit points, and the symbols of the priest's, thief's and wizard's ability)."""
    skill = SKILLS.get(a.profession)
    return f"{a.profession} {a.hit_points}" + (f" {skill} {getattr(a, skill)}" if skill else "")


def paladin_with(state: GameState, color: str) -> Paladin | None:
    """The paladin in ``color``'s dungeon, if any (one at most: Rulebook › Paladin; Festival Season ›
    New Paladins deals the pair to two players)."""
    for pal in state.paladins:
        if pal.holder == color:
            return pal
    return None


def season_name(state: GameState) -> str:
    """The current Building round's name (its Year plan's: winter ... fall, and more with an expansion)."""
    return year_plan(state).seasons[state.season]


def free_imps(p: Player) -> int:
    """Imps available for a job: owned, not busy this round, not in the imp Training Room (Festival Season)."""
    return p.imps - p.imps_busy - p.trained


def trolls(state: GameState, p: Player) -> int:
    """Troll Tokens = trolls in the lair (Rulebook › Hire Monster: a token per troll)."""
    return sum(1 for m in p.monsters if "troll_token" in monster_type(state, m.id).abilities)


def cost_dict(cost) -> dict[str, int]:
    """A catalog ``Cost`` as the non-zero ``{"gold", "food", "evil"}`` an event records (gold, food, evil steps)."""
    return {k: v for k, v in (("gold", cost.gold), ("food", cost.food), ("evil", cost.evil)) if v}


def clamp_evil(value: int) -> int:
    """``value`` (Evilometer steps) held within the Evilometer, ``EVIL_BOTTOM``..``EVIL_TOP`` (Rulebook ›
    Full Game › Paying a Cost vs. Gaining Evil: gaining or losing Evil stops at the ends; rule ``evil.clamp``)."""
    return max(EVIL_BOTTOM, min(EVIL_TOP, value))


def payment_problem(p: Player, cost: dict[str, int], what: str | Callable[[], str], variant: str):
    """A RuleViolation if ``p`` cannot pay ``cost`` (gold, food, evil as a cost, free imps), else None.
    ``what`` names what costs it in the refusal: text, or a function that makes it, called only for a
    refusal (options are checked by the hundred and most can be paid: issue #35).

    An Evil cost past the top of the Evilometer cannot be paid in the full game (Full Game ›
    Paying a Cost vs. Gaining Evil, listed there as a difference from the first game); in the first
    game the counter moves up "unless you are already at the top" (Executing Orders), so it is paid.
    """
    gold, food, evil, imps = cost.get("gold", 0), cost.get("food", 0), cost.get("evil", 0), cost.get("imps", 0)
    if (
        gold <= p.gold
        and food <= p.food
        and imps <= free_imps(p)
        and not (evil and variant == "full" and p.evil + evil > EVIL_TOP)
    ):
        return None  # the usual case: payable
    if not isinstance(what, str):
        what = what()
    if gold > p.gold:
        return refuse(
            "CANNOT_PAY_GOLD",
            "{what} costs {gold} gold; {color} has {held}",
            "action.full_cost",
            what=what,
            gold=gold,
            color=p.color,
            held=p.gold,
        )
    if food > p.food:
        return refuse(
            "CANNOT_PAY_FOOD",
            "{what} costs {food} food; {color} has {held}",
            "action.full_cost",
            what=what,
            food=food,
            color=p.color,
            held=p.food,
        )
    if evil and variant == "full" and p.evil + evil > EVIL_TOP:
        return refuse(
            "EVIL_AT_TOP",
            "{what} costs {evil} Evil; {color} is on space {space} of {top} and cannot move up {evil}",
            "evil.cost_at_top",
            what=what,
            evil=evil,
            color=p.color,
            space=p.evil,
            top=EVIL_TOP,
        )
    if imps > free_imps(p):
        return refuse(
            "NOT_ENOUGH_IMPS",
            "{what} needs {imps} imps; {color} has {free_imps} free",
            "imps.available",
            what=what,
            imps=imps,
            color=p.color,
            free_imps=free_imps(p),
        )
    return None


def play_index(state: GameState, color: str) -> int:
    """0 for the starting player, 1 for the player on their left, ..."""
    n = len(state.players)
    seat = next(i for i, p in enumerate(state.players) if p.color == color)
    return (seat - state.starting_player) % n


def season_after(state: GameState) -> str:
    """The name of the Building round after the current one in the Year plan ("spring" after "winter"); the
    last round's own name in the last round (Rulebook › First Year: the Progress Board)."""
    seasons = year_plan(state).seasons
    return seasons[min(state.season + 1, len(seasons) - 1)]
