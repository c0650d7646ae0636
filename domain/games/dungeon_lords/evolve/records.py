"""The fold of what the game's end and the record add: the score, archiving, a table's ruling."""

from __future__ import annotations

from .. import events as ev
from ..state import GameState, paladin
from .common import copied, on


@on(ev.GameScored)
def _game_scored(s: GameState, e: ev.GameScored) -> None:
    s.scores = copied(e.scores)
    s.phase = "over"


@on(ev.GameArchived)
def _game_archived(s: GameState, e: ev.GameArchived) -> None:
    s.archived = True


@on(ev.TableRulingApplied)
def _table_ruling_applied(s: GameState, e: ev.TableRulingApplied) -> None:
    assert e.evilometers is not None, "TableRulingApplied settled"
    for color, ch in e.changes.items():
        p = s.player(color)
        p.gold += ch.get("gold", 0)
        p.food += ch.get("food", 0)
        p.imps += ch.get("imps", 0)
        p.red_marks += ch.get("red_marks", 0)
        p.evil = e.evilometers[color]
        for who, n in ch.get("damage", {}).items():
            pal = paladin(s, who)
            if pal is not None:
                pal.damage += n
            else:
                p.damage[who] = p.damage.get(who, 0) + n
                if not p.damage[who]:
                    del p.damage[who]
        for r, c in ch.get("conquered", []):
            p.dungeon[r][c].conquered = True
        for r, c in ch.get("restored", []):
            p.dungeon[r][c].conquered = False
