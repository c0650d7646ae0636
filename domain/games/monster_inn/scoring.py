"""End of game and scoring (rulebook › End of Game, Scoring and Winning the Game).

Step 1 returns to the box, unrevealed, every humanoid under a supported monster or under no monster.
Step 2 turns the others over (a chance node each: nobody knew them) and removes those whose combat value
is lower than the monster's above. Fame: a monster alone scores its skulls; over a surviving humanoid,
its skulls minus the humanoid's (0 or less, provisional A-05); 1 Fame per 3 treasures in the supply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import ChanceSpec, Pending, draw_pending

from . import events as ev
from .catalog import Catalog
from .commands import RecordDraw
from .state import GameState, Player


def game_ends(state: GameState) -> bool:
    """After a round: True when the deck cannot fill another Inn (rule ``end.deck``: empty with 4-5
    players, 1 card left with 3, which goes back to the box unrevealed, M-09)."""
    return len(state.deck) < len(state.players)


def set_aside(state: GameState) -> ev.HumanoidsSetAside:
    """Scoring step 1 (rule ``score.step1``): per seat, the humanoid positions under a supported
    monster or under no monster."""
    out: dict[str, list[int]] = {}
    for p in state.players:
        out[p.seat] = [i for i in range(len(p.humanoids)) if i >= len(p.monsters) or p.monsters[i].support]
    return ev.HumanoidsSetAside(positions=out)


def _revealed(state: GameState) -> set[str]:
    return {h.card for p in state.players for h in p.humanoids if h.card}


def _reveal(seat: str, position: int) -> Callable[[list[str]], list[ev.Event]]:
    return lambda cards: [ev.HumanoidRevealed(player=seat, position=position, card=cards[0])]


def next_reveal(state: GameState) -> Pending | None:
    """Scoring step 2's next card to turn over (seat order, then Dungeon order), or None when done."""
    for p in state.players:
        for i, h in enumerate(p.humanoids):
            if h.removed is None and h.card is None:
                seen = _revealed(state)
                pool = [c.id for c in state.catalog.humanoids if c.back == h.back and c.id not in seen]
                spec = ChanceSpec(what=f"humanoid ({h.back})", pool=pool, count=1, build=_reveal(p.seat, i))
                prompt = f"Scoring: turn over {p.seat}'s humanoid {i + 1} (back {h.back}); record its card (h1..h20)"
                detail = {"what": "humanoid", "player": p.seat, "position": i}
                return draw_pending(spec, prompt, (RecordDraw,), "score.step2", detail)
    return None


def _lines(p: Player, cat: Catalog, rules: dict[str, str]) -> tuple[dict[str, int], list[int]]:
    monsters = pairs = 0
    beaten: list[int] = []
    for i, m in enumerate(p.monsters):
        card = cat.card(m.card)
        h = p.humanoids[i] if i < len(p.humanoids) else None
        if h is None or h.removed is not None or h.card is None:
            monsters += card.skulls
            continue
        human = cat.card(h.card)
        if human.value < card.value:
            beaten.append(i)
            monsters += card.skulls
            continue
        diff = card.skulls - human.skulls
        pairs += min(0, diff) if rules["positive_difference"] == "zero" else diff
    return {"monsters": monsters, "humanoids": pairs, "treasure": p.treasure // 3}, beaten


def score(state: GameState) -> ev.GameScored:
    """The final score (rules ``score.fame``, ``score.winner``): per seat its lines, Fame, treasure
    (the tie-break, Support excluded: A-06), rank and whether it won (ties share the win)."""
    rows: list[dict[str, Any]] = []
    for p in state.players:
        lines, beaten = _lines(p, state.catalog, state.rules)
        rows.append(
            {
                "seat": p.seat,
                "name": p.name,
                "lines": lines,
                "fame": sum(lines.values()),
                "treasure": p.treasure,
                "beaten": beaten,
            }
        )
    for r in rows:
        r["rank"] = 1 + sum((o["fame"], o["treasure"]) > (r["fame"], r["treasure"]) for o in rows)
        r["winner"] = r["rank"] == 1
    return ev.GameScored(results=rows)
