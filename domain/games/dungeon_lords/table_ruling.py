"""What a table ruling may change, checked before it is applied (Rulebook: the table's word is final,
but the engine keeps every stock, track and tile in its range)."""

from __future__ import annotations

from .commands import TableRuling
from .errors import RuleViolation, refuse
from .events import TableRulingApplied
from .phases.common import EVIL_BOTTOM, EVIL_TOP, paladin_with
from .state import GameState


def ruling_event(state: GameState, ruling: TableRuling) -> TableRulingApplied:
    """Check that a table ruling can be applied: known players; results in the game's ranges (no negative
    stock, the Evil Marker on the Evilometer, damage on adventurers in the party, never below zero);
    tiles that exist, named once, conquered only if not yet and restored only if conquered.

    Raises:
        RuleViolation: RULING_INVALID naming the player, the field and the reason.
    """

    def bad(color: str, field: str, why: str) -> RuleViolation:
        return refuse("RULING_INVALID", f"changes.{color}.{field}: {why}", "record.ruling")

    if not ruling.reason.strip():
        raise refuse("RULING_INVALID", "say why the table ruled so (reason)", "record.ruling")
    if not ruling.changes:
        raise refuse(
            "RULING_INVALID", "a ruling changes something: give changes for at least one player", "record.ruling"
        )
    for color, ch in ruling.changes.items():
        try:
            p = state.player(color)
        except KeyError:
            raise refuse(
                "RULING_INVALID",
                f"{color!r} is not a player of this game ({', '.join(q.color for q in state.players)})",
                "record.ruling",
            ) from None
        for res in ("gold", "food", "imps", "red_marks"):
            if getattr(p, res) + getattr(ch, res) < 0:
                raise bad(
                    color, res, f"{color} has {getattr(p, res)}, so {getattr(ch, res)} would leave a negative stock"
                )
        if not EVIL_BOTTOM <= p.evil + ch.evil <= EVIL_TOP:
            raise bad(
                color,
                "evil",
                f"the Evil Marker is on {p.evil}; {ch.evil:+d} steps would leave the Evilometer "
                f"({EVIL_BOTTOM}..{EVIL_TOP})",
            )
        for who, n in ch.damage.items():
            pal = paladin_with(state, color)
            on_paladin = pal is not None and pal.id == who
            if who not in p.party and not on_paladin:
                raise bad(color, f"damage.{who}", f"{who} is not in {color}'s party")
            had = pal.damage if pal is not None and on_paladin else p.damage.get(who, 0)
            if had + n < 0:
                raise bad(color, f"damage.{who}", f"{who} has {had} damage; {n} would leave less than none")
        for field, squares in (("conquered", ch.conquered), ("restored", ch.restored)):
            if len(set(map(tuple, squares))) != len(squares):
                raise bad(color, field, "a tile is named twice")
            for r, c in squares:
                cell = p.dungeon[r][c] if 0 <= r < len(p.dungeon) and 0 <= c < len(p.dungeon[r]) else None
                if cell is None:
                    raise bad(color, field, f"{color} has no tile on {[r, c]}")
                if cell.conquered == (field == "conquered"):
                    raise bad(
                        color, field, f"the tile on {[r, c]} is {'already' if cell.conquered else 'not'} conquered"
                    )
        if set(map(tuple, ch.conquered)) & set(map(tuple, ch.restored)):
            raise bad(color, "restored", "a tile cannot be conquered and restored by one ruling")
    return TableRulingApplied(reason=ruling.reason, changes=ruling.plain_changes())
