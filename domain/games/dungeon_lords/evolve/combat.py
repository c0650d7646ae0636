"""The fold of Combat (:mod:`..phases.combat`): rounds, plans, battles, traps, spells, attacks, healing,
conquest, and the Combat's end."""

from __future__ import annotations

from .. import events as ev
from ..state import Battle, GameState, cell_at, paladin
from .common import battle, copied, discard_trap, gain, heal, on, pay


@on(ev.CombatRoundBegan)
def _combat_round_began(s: GameState, e: ev.CombatRoundBegan) -> None:
    s.combat_round, s.combat_card, s.battle = e.round, None, None
    for p in s.players:
        p.plan = None


@on(ev.BattlePlanned)
def _battle_planned(s: GameState, e: ev.BattlePlanned) -> None:
    p = s.player(e.color)
    lasting, pets = e.lasting, e.pets
    assert lasting is not None, "BattlePlanned settled"
    p.plan = plan = {"tile": list(e.tile), "traps": list(e.traps), "monsters": list(e.monsters)}
    if pets:
        plan["pets"] = list(pets)
        for pet in pets:  # Festival Season › Using Pets: revealed and used up
            if pet in p.pets:
                p.pets.remove(pet)
                p.pets_used.append(pet)
    if lasting:
        p.pets_active += lasting  # settled: those that fight on for the rest of the Combat (``lasts``)


@on(ev.PrisonerReleased)
def _prisoner_released(s: GameState, e: ev.PrisonerReleased) -> None:
    p = s.player(e.color)
    assert e.pile is not None, "PrisonerReleased settled"
    p.prison.remove(e.prisoner)
    s.board.discards[e.pile].append(e.prisoner)
    p.plan = {"released": e.prisoner}


@on(ev.CombatCardRevealed)
def _combat_card_revealed(s: GameState, e: ev.CombatCardRevealed) -> None:
    s.combat_card = e.card
    s.queue = [p.color for p in s.play_order() if p.plan and "tile" in p.plan]


@on(ev.BattleBegan)
def _battle_began(s: GameState, e: ev.BattleBegan) -> None:
    color, installed, pets_fighting = e.color, e.installed, e.pets_fighting
    plan = s.player(color).plan
    assert plan is not None, "a battle begins with its plan"
    assert pets_fighting is not None and e.fatigue is not None, "BattleBegan settled"
    s.battle = b = Battle(color, list(e.tile), e.room)  # positional: cheaper than keywords
    b.traps = [*plan["traps"], *installed]  # an installed trap is not the battle's trap: it comes on top
    b.monsters = [*plan["monsters"], *pets_fighting]  # Festival Season: pets sent fight too
    b.installed = list(installed)
    b.fatigue_added += e.fatigue


@on(ev.TrapSprung)
def _trap_sprung(s: GameState, e: ev.TrapSprung) -> None:
    p, b = s.player(e.color), battle(s)
    p.gold -= e.paid.get("gold", 0)
    p.food -= e.paid.get("food", 0)
    p.imps -= e.paid.get("imps", 0)  # the Kamikaze Imp goes back to the bank
    if e.trap in b.installed:  # Festival Season: an installed trap and its marker leave the tile
        b.installed.remove(e.trap)
        p.installed = {k: t for k, t in p.installed.items() if t != e.trap}
    else:
        p.traps.remove(e.trap)
    s.board.trap_discard.append(e.trap)
    b.traps.remove(e.trap)
    b.traps_ordered = len(b.traps) < 2  # two or more left: the owner says again which springs next
    b.disarm_used += e.disarm_used
    for fx in e.effects:
        if fx == "no_conquer":
            b.no_conquer.append(f"trap:{e.trap}")
        elif fx.startswith("poison:"):
            b.poison.append(fx.split(":", 1)[1])
        elif fx == "no_spell":
            b.no_spell = True
        elif fx == "no_heal":
            b.no_heal = "the Anti-Magic Dart hit a priest"


@on(ev.TrapsOrdered)
def _traps_ordered(s: GameState, e: ev.TrapsOrdered) -> None:
    battle(s).traps = list(e.traps)
    battle(s).traps_ordered = True


@on(ev.DamageDealt)
def _damage_dealt(s: GameState, e: ev.DamageDealt) -> None:
    target, amount = e.target, e.amount  # (each read once: an event's fields cost a lookup each)
    pal = paladin(s, target)
    if pal is not None:
        pal.damage += amount
    elif amount:
        damage = s.player(e.color).damage
        damage[target] = damage.get(target, 0) + amount
    b = s.battle  # fatigue and traps outside a battle's steps deal damage too
    if b is None:
        return
    if e.courage_used:  # Festival Season: tokens removed instead of counters
        b.courage_tokens[target] -= e.courage_used
    prevented_by = e.prevented_by
    if prevented_by == "shield":
        b.shield -= 1
    elif b.courage is not None and prevented_by == "courage":
        b.courage.append(target)


@on(ev.AdventurerImprisoned)
def _adventurer_imprisoned(s: GameState, e: ev.AdventurerImprisoned) -> None:
    p = s.player(e.color)
    pal = paladin(s, e.adventurer)
    if pal is not None:
        s.paladins.remove(pal)  # in prison he moves no more
        s.paladin_captors.append(e.color)
    else:
        p.party.remove(e.adventurer)
        p.damage.pop(e.adventurer, None)
        if e.adventurer in p.fed:
            p.fed.remove(e.adventurer)
        p.mourning += 1  # Festival Season › Mourning: the bards have a lute fewer for the rest of this Combat
    p.prison.append(e.adventurer)


@on(ev.IllusionVanished)
def _illusion_vanished(s: GameState, e: ev.IllusionVanished) -> None:
    p = s.player(e.color)
    p.illusion = 0
    p.damage.pop("illusion", None)
    if "illusion" in p.fed:  # a Create Food token on the Illusion goes with it
        p.fed.remove("illusion")


#: a spell step -> the battle's flag that says it is over
_DONE = {"fast": "fast_done", "slow": "slow_done"}


@on(ev.SpellNotCast)
def _spell_not_cast(s: GameState, e: ev.SpellNotCast) -> None:
    step = e.step
    setattr(battle(s), _DONE.get(step) or f"{step}_done", True)


@on(ev.SpellCast)
def _spell_cast(s: GameState, e: ev.SpellCast) -> None:
    p, b, fx = s.player(e.color), battle(s), e.effect
    assert e.evilometer is not None and e.imps_trained is not None, "SpellCast settled"
    setattr(b, f"{e.step}_done", True)
    for flag in ("invisible", "rage", "magic_key"):
        if fx.get(flag):
            setattr(b, flag, True)
    b.shield += fx.get("shield", 0)
    if fx.get("courage"):
        b.courage = []
    gain(p, fx)
    p.evil = e.evilometer
    p.trained = e.imps_trained  # imps are lost from the Imp Den first (Festival Season, U-44)
    if fx.get("trap_lost"):
        discard_trap(s, p, fx["trap_lost"])
    if fx.get("choice"):
        b.choice = copied(fx["choice"])  # never share lists with the event
    if fx.get("illusion"):
        p.illusion = 1
    if fx.get("fed"):
        p.fed.append(fx["fed"])
    for who, n in fx.get("healed", {}).items():
        heal(s, p, who, n)


@on(ev.SpellChoiceMade)
def _spell_choice_made(s: GameState, e: ev.SpellChoiceMade) -> None:
    p, b = s.player(e.color), battle(s)
    assert e.evilometer is not None and e.staying is not None, "SpellChoiceMade settled"
    choice = b.choice
    if e.option == "pay":
        pay(p, e.paid, e.evilometer)
    if e.option in ("withdraw", "target") and e.target is not None:
        b.monsters.remove(e.target)
        if e.card in ("metamorphosis", "dimensional_gate"):
            if e.target in p.pets_active:  # Baby Golem (a monster to spells): out for the rest of Combat
                p.pets_active.remove(e.target)
            else:
                next(m for m in p.monsters if m.id == e.target).knocked_out = True
    if e.option == "withdraw_all":  # ghosts and pets stay (settled: Festival Season › Using Pets)
        b.monsters = list(e.staying)
    p.evil = e.evilometer
    if e.card == "suggestion" and choice is not None:
        choice["todo"].remove(e.target)
        if choice["todo"]:
            return
    b.choice = None


@on(ev.MonsterAttacked)
def _monster_attacked(s: GameState, e: ev.MonsterAttacked) -> None:
    p, b = s.player(e.color), battle(s)
    assert e.evilometer is not None, "MonsterAttacked settled"
    pay(p, e.paid, e.evilometer)
    b.monsters.remove(e.monster)
    if e.knocked_out:
        next(m for m in p.monsters if m.id == e.monster).knocked_out = True
    if e.expert_bonus:  # the Expertise tile is turned face down until the end of Combat
        next(m for m in p.monsters if m.id == e.monster).expertise_used = True
    if e.attacked:
        b.attacked = True
    for fx in e.effects:  # Festival Season's Evil Eye and Cockatrice
        tag, _, who = fx.partition(":")
        if tag == "hypnotize":
            b.hypnotized = who
            if who in p.party:  # first of the adventurers for the rest of that Combat (provisional U-30)
                p.party.remove(who)
                p.party.insert(0, who)
        elif tag == "poison_1":
            b.bites.append(who)
    if "no_conquer" in e.effects:
        b.no_conquer.append(f"monster:{e.monster}")
    if "no_healing" in e.effects:
        b.no_heal = f"the {e.monster} stops the Healing Step"


@on(ev.TrainedImpAdded)
def _trained_imp_added(s: GameState, e: ev.TrainedImpAdded) -> None:
    b = battle(s)
    b.training_done = True
    if e.added:  # the imp goes back to the Imp Den (still owned) and the party takes 1 more fatigue
        s.player(e.color).trained -= 1
        b.fatigue_added += 1


@on(ev.PartyHealed)
def _party_healed(s: GameState, e: ev.PartyHealed) -> None:
    p = s.player(e.color)
    for who, n in e.healed.items():
        heal(s, p, who, n)
    battle(s).healing_done = True


@on(ev.HealingSkipped)
def _healing_skipped(s: GameState, e: ev.HealingSkipped) -> None:
    battle(s).healing_done = True


@on(ev.TileConquered)
def _tile_conquered(s: GameState, e: ev.TileConquered) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None and e.imps_trained is not None, "TileConquered settled"
    cell = cell_at(p, e.tile)  # a dungeon tile, or a rented combat room (Festival Season)
    assert cell is not None, "a conquered tile is a built one"
    cell.conquered = True
    p.evil = e.evilometer
    battle(s).conquest_done = True
    p.trained = e.imps_trained  # a conquered imp Training Room sends its imps back at once (settled)


@on(ev.BardStepTaken)
def _bard_step_taken(s: GameState, e: ev.BardStepTaken) -> None:
    b = battle(s)
    b.bard_done, b.courage_tokens = True, dict(e.tokens)


@on(ev.CourageRemoved)
def _courage_removed(s: GameState, e: ev.CourageRemoved) -> None:
    battle(s).courage_tokens = {}


@on(ev.ConquestPrevented)
def _conquest_prevented(s: GameState, e: ev.ConquestPrevented) -> None:
    battle(s).conquest_done = True


@on(ev.BattleEnded)
def _battle_ended(s: GameState, e: ev.BattleEnded) -> None:
    s.battle = None
    if s.queue and s.queue[0] == e.color:
        s.queue.pop(0)


@on(ev.CombatRoundEnded)
def _combat_round_ended(s: GameState, e: ev.CombatRoundEnded) -> None:
    s.combat_card, s.battle, s.queue = None, None, []
    for p in s.players:
        p.plan = None


@on(ev.CombatEnded)
def _combat_ended(s: GameState, e: ev.CombatEnded) -> None:
    assert e.paladins is not None, "CombatEnded settled"
    paladins = set(e.paladins)
    for color, leaving in e.departed.items():
        p = s.player(color)
        for who in leaving:
            if who in paladins:
                s.board.discards["paladins"].append(who)
                s.paladins = [pal for pal in s.paladins if pal.id != who]
            elif who in p.party:
                p.party.remove(who)
                s.board.discards["adventurers"].append(who)
    s.paladin_captors = []  # ignored "for the rest of that Combat" only
    for p in s.players:
        p.damage, p.fed, p.illusion, p.plan = {}, [], 0, None
        for m in p.monsters:
            m.knocked_out = False  # "turn your monsters face up again"
            m.expertise_used = False  # ... and the Expertise tiles (Festival Season)
        p.mourning = 0
        p.pets_active = []  # Baby Golem and Stareplant last "until the end of that Year's Combat"
    s.combat_round, s.combat_card, s.battle, s.queue = 0, None, None, []
