"""What a table ruling may change, checked before it is applied (Rulebook: the table's word is final,
but the engine keeps every stock, track and tile in its range)."""

from __future__ import annotations

from domain.kernel.text import control_characters

from .commands import RulingChange, StoredRuling, TableRuling
from .errors import RuleViolation, refuse
from .events import Event, TableRulingApplied
from .phases.common import EVIL_BOTTOM, EVIL_TOP, installed_trap_discards, paladin_with
from .state import GameState

#: why an installed trap leaves a tile a ruling conquers (Festival Season › Install Traps)
CONQUERED_WITHOUT_A_BATTLE = "its tile was conquered without a battle (a table ruling)"


def ruling_events(state: GameState, ruling: TableRuling) -> list[Event]:
    """A table ruling's events: :func:`ruling_event`, then what the tiles it changes alter besides. A tile
    it conquers is "conquered without a battle": the trap installed there is discarded unsprung, by the
    one rule every change of a tile goes through (:func:`~.phases.common.installed_trap_discards`;
    Festival Season › Install Traps: it "must be discarded if the marked dungeon tile is altered (... or if
    it is somehow conquered without a battle)"). A trap already in the battle fought on that tile springs
    in it as the rules say (it is the battle's).

    Raises:
        RuleViolation: as :func:`ruling_event`.
    """
    out: list[Event] = [ruling_event(state, ruling)]
    fighting = state.battle.installed if state.battle is not None else []
    for color, ch in ruling.changes.items():
        p = state.player(color)
        squares = [sq for sq in ch.conquered if p.installed.get(f"{sq[0]},{sq[1]}") not in fighting]
        out += installed_trap_discards(p, squares, CONQUERED_WITHOUT_A_BATTLE)
    return out


def ruling_event(state: GameState, ruling: TableRuling) -> TableRulingApplied:
    """Check that a table ruling can be applied: a game not over yet, a reason of one plain line and
    something changed (a new ruling; a :class:`~.commands.StoredRuling` from the log skips these); known
    players; results in the game's ranges (no negative stock, the Evil Marker on the
    Evilometer, damage on adventurers in the party, never below zero); tiles that exist, named once,
    conquered only if not yet and restored only if conquered.

    Raises:
        RuleViolation: RULING_AFTER_GAME_END (the game is scored: its scores would not follow),
            RULING_REASON_INVALID (a control character in the reason, named escaped),
            RULING_CHANGES_NOTHING (every change zero or empty), or RULING_INVALID naming the player,
            the field and the reason.
    """

    def bad(color: str, field: str, why: str) -> RuleViolation:
        return refuse(
            "RULING_INVALID", "changes.{color}.{field}: {why}", "record.ruling", color=color, field=field, why=why
        )

    if not isinstance(ruling, StoredRuling):
        _check_new(state, ruling)
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
                "{color!r} is not a player of this game ({players})",
                "record.ruling",
                color=color,
                players=", ".join(q.color for q in state.players),
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
    changes = ruling.plain_changes()
    # checked last, so that a wrong colour or value is named first
    if not isinstance(ruling, StoredRuling) and not any(map(_changes_something, ruling.changes.values())):
        raise refuse(
            "RULING_CHANGES_NOTHING",
            "every change given is zero or empty ({changes}); a ruling records what the table changed",
            "record.ruling",
            changes=", ".join(changes),
        )
    return TableRulingApplied(reason=ruling.reason, changes=changes)


def _changes_something(ch: RulingChange) -> bool:
    return bool(
        ch.gold
        or ch.food
        or ch.imps
        or ch.evil
        or ch.red_marks
        or any(ch.damage.values())
        or ch.conquered
        or ch.restored
    )


def _check_new(state: GameState, ruling: TableRuling) -> None:
    """What a new ruling must be besides (a ruling in the log is re-applied without these checks)."""
    if state.phase == "over":  # the scores are final: a ruling would change the state and not them
        raise refuse(
            "RULING_AFTER_GAME_END",
            "the game is over, so a ruling would not change its scores; undo or correct the input it "
            "concerns instead (the game is scored again)",
            "record.after_end",
        )
    if not ruling.reason.strip():
        raise refuse("RULING_INVALID", "say why the table ruled so (reason)", "record.ruling")
    controls = control_characters(ruling.reason)
    if controls:
        raise refuse(
            "RULING_REASON_INVALID",
            "the reason is one line of plain text; it holds {controls}",
            "record.ruling",
            controls=", ".join(dict.fromkeys(controls)),
        )
