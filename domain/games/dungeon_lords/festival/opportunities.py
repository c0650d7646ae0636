"""Unique Opportunities: eight boards, each covering one central-board place for one round.

Festival Season (CGE 2012) › Unique Opportunities; › Revealing Unique Opportunities; › Using Unique
Opportunities. Spec items SU-01, UO-01..UO-07 and each board's own items (UO-HF, UO-MQ, UO-IG, ...).

- SU-01 / UO-02..UO-05: the boards are a shuffled stack; in each round but the last the next board is
  turned face up on the stack (a chance point: at a table the recorder names it); in rounds 2-5 the
  face-up board is placed over its place, covering the one before. Four boards a Year, each once a game.
  The new-round step below is the module's step of the New Round Phase (``YearPlan.new_round_steps``).
- UO-06: a board is reached with the Orders Card of the place it covers and its minions stand on that
  place's spaces; it resolves in its own order and by its own rules (``actions.acting``).

The boards' numbers are catalog data (:data:`CATALOG`, the module's overlay): what the rulebook's text
gives is marked ``verified``; numbers lost with the icons (spec U-01..U-06) are ``provisional``, each
saying what it assumes, and a table's catalog override replaces them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import dungeon as dg
from .. import events as ev
from ..phases.common import catalog
from ..phases.rounds import _draw
from ..scoring import ScoreCard, ScoreLine
from ..state import GameState, NewRound
from ..year import YearPlan, year_plan

RULEBOOK = "Festival Season rulebook › Unique Opportunities"


def _space(cost: dict[str, Any] | None = None, note: str = "", **reward: Any) -> dict[str, Any]:
    return {"cost": cost or {}, "reward": reward, "note": note}


def _board(
    board_id: str,
    name: str,
    replaces: str,
    order: list[str],
    spaces: dict[str, dict[str, Any]],
    prize: str,
    notes: str = "",
) -> dict[str, Any]:
    return {
        "id": board_id,
        "name": name,
        "replaces": replaces,
        "resolve_order": order,
        "spaces": spaces,
        "prize": prize,
        "status": "provisional" if notes else "verified",
        "sources": [f"{RULEBOOK} › {name}", "Festival Season rulebook › Festival! (the prize)"],
        "notes": notes,
    }


#: the eight boards, in the catalog's override format (the ``unique_opportunities`` module's overlay)
_U07 = (
    "The surcharge symbols are lost with the icons: provisional, spec U-07 (cleverness costs pay, cruelty "
    "reputation, size food)."
)


def _tile(tile_id: str, name: str, **surcharge: int) -> dict[str, Any]:
    return {
        "id": tile_id,
        "name": name,
        "surcharge": surcharge,
        "status": "provisional",
        "sources": [f"{RULEBOOK} › Hire Expert Monster"],
        "notes": _U07,
    }


def _tunnel(tile_id: str, name: str, works_conquered: bool = False) -> dict[str, Any]:
    return {
        "id": tile_id,
        "name": name,
        "effect": "tool_shed" if tile_id == "tool_shed_tunnel" else tile_id,
        "works_conquered": works_conquered,
        "status": "verified",
        "sources": [f"Festival Season rulebook › Appendix › Improved Tunnels › {name}"],
    }


CATALOG: dict[str, Any] = {
    # spec XC-02: the improved Tool Shed's id differs from the base game's Tool Shed room ("tool_shed")
    "improved_tunnels": [
        _tunnel("tool_shed_tunnel", "Tool Shed (improved tunnel)"),
        _tunnel("foyer", "Foyer"),
        _tunnel("dark_tunnel", "Dark Tunnel"),
        _tunnel("secret_passage", "Secret Passage", works_conquered=True),
        _tunnel("mithril_vein", "Mithril Vein"),
    ],
    "expertise": [
        _tile("extra_clever", "Extra clever", gold=1),
        _tile("extra_cruel", "Extra cruel", evil=1),
        _tile("extra_large", "Extra large", food=1),
    ],
    "opportunities": [
        _board(
            "harvest_food",
            "Harvest Food",
            "get_food",
            ["I", "II", "III"],
            {
                "I": _space({"foreimp": 1}, food_up_to=2),
                "II": _space({"foreimp": 1}, food_up_to=3),
                "III": _space({"foreimp": 2}, food_up_to=4, evil=-1),
            },
            prize="food",
            notes="Food per space (up to 2 / 3 / 4) and the order I, II, III are lost with the icons: "
            "provisional, spec U-01 (the permits of Mine Gold and Dig Tunnels). Foreimps 1 / 1 / 2 and space "
            "III's -1 Evil are printed in the text.",
        ),
        _board(
            "masquerade",
            "Masquerade",
            "improve_reputation",
            ["I", "II", "III"],
            {
                "I": _space(gold=1, others_evil=1),
                "II": _space(spy=1, reposition=True, others_evil=1),
                "III": _space({"gold": 1}, evil=-1, spy=1, others_evil=1),
            },
            prize="lose_evil",
        ),
        _board(
            "improve_tunnels",
            "Improve Tunnels",
            "dig_tunnels",
            ["III", "I", "II"],
            {
                space: _space(note="improve a tunnel (2 imps), deconquer a tunnel (2 imps) or a room (3 imps)")
                for space in ("I", "II", "III")
            },
            prize="dig_tunnel",
            notes="Which options each space prints is lost with the icons: provisional, spec U-05 (every space "
            "offers all three; only space II may do one of them twice).",
        ),
        _board(
            "invest_gold",
            "Invest Gold",
            "mine_gold",
            ["I", "II", "III"],
            {
                "I": _space({"gold": 1}, gold_later=2),
                "II": _space({"gold": 2}, gold_later=4),
                "III": _space({"gold": 3}, gold_later=5),
            },
            prize="gold",
            notes="Cost and return per space (1 -> 2, 2 -> 4, 3 -> 5 gold) and the order I, II, III are lost "
            "with the icons: provisional, spec U-02.",
        ),
        _board(
            "acquire_pet",
            "Acquire Pet",
            "recruit_imps",
            ["I", "II", "III"],
            {
                "I": _space(pets=1),
                "II": _space({"food": 1}, imps=1, pets=1),
                "III": _space({"food": 1, "gold": 1}, imps=2, pets=1),
            },
            prize="imp",
            notes="Prices, imps and pets per space and the order are lost with the icons: provisional, spec "
            "U-03 (Recruit Imps' prices; the free space, printed as 0 imps and 1 pet, acts first).",
        ),
        _board(
            "install_traps",
            "Install Traps",
            "buy_traps",
            ["III", "II", "I"],
            {
                "I": _space(note="take one of the face-up traps and install it"),
                "II": _space({"gold": 1}, note="take one of the face-up traps and install it"),
                "III": _space({"gold": 1}, note="take one of the face-up traps and install it"),
            },
            prize="trap_card",
            notes="The spaces' costs are lost with the icons: provisional, spec U-04 (III and II pay 1 gold, "
            "I is free, as on Build Room).",
        ),
        _board(
            "hire_expert",
            "Hire Expert Monster (or Ghost)",
            "hire_monster",
            ["III", "II", "I"],
            {
                "I": _space({"monster_cost": True}, monster=1, expertise="extra_clever"),
                "II": _space({"monster_cost": True}, monster=1, expertise="extra_cruel"),
                "III": _space({"monster_cost": True, "evil": 1}, monster=1, expertise="extra_large"),
            },
            prize="hire_from_discard",
            notes="Which Expertise tile is printed on which space is lost with the icons: provisional, spec "
            "U-06 (I extra clever, II extra cruel, III extra large). Space III's 1 Evil is printed.",
        ),
        _board(
            "rent_rooms",
            "Rent Rooms",
            "build_room",
            ["III", "II", "I"],
            {
                "I": _space(rent=1, take_renters_gold=True),
                "II": _space(rent=1),
                "III": _space({"gold": 1}, rent=1),
            },
            prize="build_from_discard",
        ),
    ],
}


def opportunity_step(state: GameState) -> object:
    """The module's step of the New Round Phase: place the face-up board over its place (rounds 2-5,
    UO-03/UO-04), then turn up the next one (every round but the last, UO-02/UO-03); None when done.

    The New Round Phase's list of what is done says what is left to do."""
    b = state.board
    done = state.awaiting.done if isinstance(state.awaiting, NewRound) else []
    if b.opportunity == INSTALL_TRAPS and "opportunity_placed" in done and "install_offer" not in done:
        return _deal_traps(state)
    if "opportunity_turned_up" in done:
        return None
    if state.season > 0 and b.opportunity_next and "opportunity_placed" not in done:
        return [ev.OpportunityPlaced(board=b.opportunity_next)]
    if year_plan(state).is_last_season(state):
        return None
    gone = {o for boards in b.opportunities_placed.values() for o in boards}
    left_out = year_plan(state).opportunities_left_out
    pool = [o for o in catalog(state).opportunities if o not in gone and o not in left_out]
    if not pool:  # a catalog override with fewer than eight boards: the stack has run out
        return None
    return _draw(
        "opportunities",
        pool,
        1,
        lambda boards: [ev.OpportunityTurnedUp(board=boards[0])],
        "Turn up the next Unique Opportunity board on the stack",
    )


INSTALL_TRAPS = "install_traps"
TRAPS_DEALT = 3  # Install Traps: "deal 3 Trap Cards face up next to the central board"


def _deal_traps(state: GameState) -> object:
    """UO-IN-1: the round Install Traps is live, 3 Trap Cards are dealt face up (a chance point: at a table
    the recorder names them); the deck is made again from the discards when it runs short."""
    b = state.board
    if len(b.trap_deck) - len(b.unseen_traps) < TRAPS_DEALT and b.trap_discard:
        return [ev.TrapDeckReshuffled(cards=len(b.trap_discard))]
    pool = [c for c in b.trap_deck if c not in b.unseen_traps]
    return _draw(
        "trap_cards",
        pool,
        TRAPS_DEALT,
        lambda cards: [ev.TrapsDealtForInstalling(cards=cards)],
        "Deal 3 Trap Cards face up for Install Traps",
    )


def foyer(card: ScoreCard) -> int:
    """Festival Season › Foyer: at the end of the game, 1 point for an unconquered Foyer and 1 for each
    adjacent unconquered room."""
    grid = card.player.dungeon
    total = 0
    for r, c, cell in dg.tiles(grid):
        if cell.improved and card.catalog.improved_tunnels[cell.improved].effect == "foyer" and not cell.conquered:
            near = (grid[nr][nc] for nr, nc in dg.neighbours(r, c))
            total += 1 + sum(1 for n in near if n is not None and n.kind == "room" and not n.conquered)
    return total


FOYER = (ScoreLine("foyer", "foyer", foyer),)


def unique_opportunities(plan: YearPlan) -> YearPlan:
    """The Year plan with the boards' step in the New Round Phase."""
    return replace(plan, new_round_steps=(*plan.new_round_steps, opportunity_step))
