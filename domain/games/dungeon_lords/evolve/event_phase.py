"""The fold of the event phase (:mod:`..phases.event_phase`): Pay Day, taxes, Special Events."""

from __future__ import annotations

from .. import events as ev
from ..state import GameState
from .common import discard_trap, handled, lose_monster, on, pay


@on(ev.WagePaid)
def _wage_paid(s: GameState, e: ev.WagePaid) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None and e.trolls_busy is not None, "WagePaid settled"
    pay(p, e.paid, e.evilometer)
    if e.discarded_trap:
        discard_trap(s, p, e.discarded_trap)
    if e.fed_monster:
        lose_monster(s, p, e.fed_monster, e.trolls_busy)
    handled(s, "payday", e.color, e.monster, e.fed_monster or "")


@on(ev.MonsterReleased)
def _monster_released(s: GameState, e: ev.MonsterReleased) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None and e.trolls_busy is not None, "MonsterReleased settled"
    lose_monster(s, p, e.monster, e.trolls_busy)
    p.evil = e.evilometer
    handled(s, "payday", e.color, e.monster)


@on(ev.PayDayFinished)
def _pay_day_finished(s: GameState, e: ev.PayDayFinished) -> None:
    s.awaiting = None
    s.queue.pop(0)


@on(ev.TaxesPaid)
def _taxes_paid(s: GameState, e: ev.TaxesPaid) -> None:
    p = s.player(e.color)
    p.gold -= e.paid
    p.red_marks += e.red_marks
    s.queue.pop(0)


@on(ev.SpecialEventChoiceMade)
def _special_event_choice_made(s: GameState, e: ev.SpecialEventChoiceMade) -> None:
    handled(s, "special", e.color, (e.target or e.option).split(":")[-1])


@on(ev.SpecialEventApplied)
def _special_event_applied(s: GameState, e: ev.SpecialEventApplied) -> None:
    p, fx, after = s.player(e.color), e.effect, e.resulting
    assert after is not None, "SpecialEventApplied settled"
    # settled: nothing below 0, imps lost from the Imp Den first (Festival Season, U-44), Evil on the track
    p.gold, p.food, p.imps, p.trained = after["gold"], after["food"], after["imps"], after["trained"]
    p.imps_busy, p.evil = after["imps_busy"], after["evil"]
    for m in fx.get("monsters_lost", []):
        lose_monster(s, p, m, after["trolls_busy"])
    for t in fx.get("traps_lost", []):
        discard_trap(s, p, t)
    for m in p.monsters:
        if m.id in fx.get("monsters_knocked_out", []):
            m.knocked_out = True
    for r, c in fx.get("tiles_removed", []):
        p.dungeon[r][c] = None


@on(ev.SpecialEventFinished)
def _special_event_finished(s: GameState, e: ev.SpecialEventFinished) -> None:
    s.awaiting = None
    s.queue.pop(0)
