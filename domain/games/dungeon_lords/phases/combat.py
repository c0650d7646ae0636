"""Combat: planning, the Combat Card, and each battle's steps, round by round.

Rules: Rulebook › Combat Training (attacks, thieves, healing, fatigue); › Combat (Planning,
Revealing Combat Card, Battle Phase: Trap, Fast Spell, Monsters, Slow Spell, Healing,
Conquering; End of Combat; Moving Paladin; Notes on Selected Traps); › Appendix (monsters,
combat rooms); the CGE FAQ rulings recorded in the catalog (anti-trap symbols stop damage only).

A battle is a small state machine kept in ``state.battle``; each step ends with an event that
narrates it (TrapSprung, SpellCast/SpellNotCast, MonsterAttacked, PartyHealed/HealingSkipped,
TileConquered/ConquestPrevented, BattleEnded), so the log tells the battle.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from domain.kernel import CHANCE, ChanceSpec, Pending, unless_refused
from domain.kernel.errors import N_, Because, Listed, Phrase, Verbatim
from domain.kernel.pending import DecidedOptions, LazyCommands

from .. import dungeon as dg
from .. import events as ev
from ..commands import (
    AddTrainedImp,
    Attack,
    OrderTraps,
    PlanBattle,
    RecordDraw,
    ReleasePrisoner,
    SpellChoice,
    TargetTrap,
)
from ..effects import SPELLS, TRAP_SPECIALS, TRAP_TARGETING, SpellContext, TrapContext
from ..errors import refuse, refuse_n
from ..state import Battle, GameState, Player
from ..year import year_plan
from .common import (
    catalog,
    cell_at,
    cost_dict,
    is_ghost,
    is_monster,
    is_unseen,
    monster_type,
    name_of,
    paladin,
    payable_wage,
    payment_problem,
    rented_squares,
    season_name,
    tunnel_effect,
    type_of,
)
from .party import (  # noqa: F401  (re-exported: the Combat phase's names, as before)
    DISARM,
    HEAL,
    ILLUSION,
    MAGIC,
    damage_on,
    in_battle,
    line,
    party_total,
    profession,
    revealed_card,
    spell_choice,
    stats,
)

MAX_GHOST_OPTIONS = 3  # options list every subset of up to this many ghosts (more can still be sent)
#: attack tags that leave a marker on the battle for the rest of the round (Rulebook › Appendix: the slime's
#: and the demon's "no conquering", the dragon's "no healing"); the tactics value an attack by them too
ATTACK_MARKERS: tuple[str, ...] = ("no_conquer", "no_healing")


def nearest_tiles(grid) -> list[tuple[int, int]]:
    """Unconquered tiles nearest the entrance, walking through the dungeon (Planning Phase)."""
    return list(dg.nearest_unconquered(*dg.tile_masks(grid)))


class Hits:
    """Damage dealt one hit at a time on a working copy, producing DamageDealt/AdventurerImprisoned."""

    def __init__(self, state: GameState, p: Player):
        self.state, self.p = state, p
        self.line = line(state, p)
        self.dmg = {w: damage_on(state, p, w) for w in self.line}
        b = in_battle(state)
        self.shield = b.shield if b is not None else 0
        # the Song of Courage spell (who is still shielded from a monster's first damage): not to be confused
        # with Festival Season's Courage tokens (``tokens``), spec XC-03
        self.song = set(b.courage) if b is not None and b.courage is not None else None
        self.tokens = dict(b.courage_tokens) if b is not None else {}  # Festival Season's Courage
        invisible = b is not None and b.invisible
        self.invisible = {w for w in self.line if invisible and profession(state, w) == "wizard"}
        self.events: list[ev.Event] = []

    def alive(self) -> list[str]:
        """The party still standing, front first."""
        return list(self.line)

    def hit(
        self,
        who: str,
        amount: int,
        source: str,
        *,
        monster: bool = False,
        unpreventable: bool = False,
        prevented: int = 0,
    ) -> bool:
        """Deal ``amount`` to ``who``; returns True if he is eliminated by it."""
        if who not in self.line:
            return False
        by = "disarm" if prevented else ""
        if not unpreventable:
            if who in self.invisible and amount:
                prevented, amount, by = prevented + amount, 0, "invisible"
            if amount and self.shield:
                self.shield -= 1
                prevented, amount, by = prevented + 1, amount - 1, "shield"
            if amount and monster and self.song is not None and who not in self.song:
                self.song.add(who)
                prevented, amount, by = prevented + 1, amount - 1, "courage"
        used = min(amount, self.tokens.get(who, 0))  # Courage tokens: after every other prevention (U-29)
        if used:
            self.tokens[who] -= used
            prevented, amount, by = prevented + used, amount - used, by or "courage_token"
        self.events.append(
            ev.DamageDealt(
                color=self.p.color,
                target=who,
                amount=amount,
                source=source,
                prevented=prevented,
                prevented_by=by,
                courage_used=used,
            )
        )
        self.dmg[who] += amount
        if self.dmg[who] >= stats(self.state, self.p, who)[0]:
            self.line.remove(who)
            self.events.append(
                ev.IllusionVanished(color=self.p.color)
                if who == ILLUSION
                else ev.AdventurerImprisoned(color=self.p.color, adventurer=who)
            )
            return True
        return False


# --- the combat flow -------------------------------------------------------------------------------
def step(state: GameState):
    """The Combat's next step (Rulebook › Combat; the Year plan's number of Combat rounds).

    Returns:
        ``[CombatRoundBegan]`` at the start; the battle in progress's next step; the planning step (the Combat
        Card, each player's plan; a ``Pending``) before the round's battles; ``[BattleBegan]`` (the tile, its
        room, a Festival Season installed trap that springs by itself) for the next player in the queue, or
        ``[BattleEnded]`` when his party has gone; then ``CombatRoundEnded`` and another round while a party is
        left and the plan allows one, else ``CombatEnded`` (the survivors who leave, by dungeon) and the phase
        after the Year's Combat (the next Year or scoring; rule ``combat.no_tile`` and ``round.end``)."""
    if state.combat_round == 0:
        return [ev.CombatRoundBegan(year=state.year, round=1)]
    if state.battle is not None:
        return _battle_step(state)
    if state.combat_card is None:
        return _planning_step(state)
    if state.queue:
        p = state.player(state.queue[0])
        if not line(state, p):
            return [ev.BattleEnded(color=p.color)]
        assert p.plan is not None, "a battle begins with its plan"
        tile = (p.plan["tile"][0], p.plan["tile"][1])
        cell = cell_at(p, tile)
        assert cell is not None, "a battle is planned on a built tile"
        installed = p.installed.get(f"{tile[0]},{tile[1]}")  # Festival Season: it springs automatically
        room = cell.room if cell.kind == "room" else None
        return [ev.BattleBegan(color=p.color, tile=tile, room=room, installed=[installed] if installed else [])]
    out: list[ev.Event] = [ev.CombatRoundEnded(round=state.combat_round)]
    plan = year_plan(state)
    if plan.another_combat_round(state) and any(line(state, p) for p in state.players):
        return out + [ev.CombatRoundBegan(year=state.year, round=state.combat_round + 1)]
    departed = {p.color: line(state, p) for p in state.players if line(state, p)}
    out.append(ev.CombatEnded(year=state.year, departed=departed))
    return out + [ev.PhaseBegan(phase=plan.after_combat(state), year=state.year, season=season_name(state))]


def _needs_plan(state: GameState, p: Player) -> bool:
    return p.plan is None and bool(line(state, p)) and bool(p.prison or battle_tiles(state, p))


def battle_tiles(state: GameState, p: Player) -> list[tuple[int, int]]:
    """Where ``p`` may fight: the unconquered tiles nearest the entrance, and (Festival Season › Rent Rooms)
    any unconquered rented combat room, whatever its distance. Provisional (spec U-35): only combat rooms,
    the summary's "you can choose to fight in a rented room" read narrowly."""
    if not p.rented:
        return nearest_tiles(p.dungeon)
    rented = [
        sq
        for sq, cell in zip(rented_squares(p), p.rented, strict=True)
        if not cell.conquered and cell.room and catalog(state).rooms[cell.room].category == "combat"
    ]
    return nearest_tiles(p.dungeon) + rented


def _planning_step(state: GameState):
    actors = [p.color for p in state.play_order() if _needs_plan(state, p)]
    if not actors:
        card = state.board.combat_cards[state.combat_round - 1]
        if not card:  # tabletop: face down until now
            from .rounds import face_down

            return face_down(
                state,
                "combat_card",
                state.year,
                state.combat_round,
                Phrase("Reveal the Combat Card for round {n} and record it", n=state.combat_round),
            )
        return [ev.CombatCardRevealed(round=state.combat_round, card=card)]
    combat_round = state.combat_round
    return Pending(
        kind="plan_battle",
        actors=actors,
        prompt=lambda: Phrase(
            "Combat round {round}: choose the tile, traps and monsters "
            "(simultaneous; with no unconquered tile, release a prisoner)",
            round=combat_round,
        ),
        accepts=(PlanBattle, ReleasePrisoner),
        handle=_plan,
        options_fn=lambda a: plan_options(state, state.player(a)),
        rule="combat.planning",
    )


def _room_of(p: Player, tile) -> str | None:
    cell = cell_at(p, tile)
    return cell.room if cell is not None and cell.kind == "room" else None


def trap_cost(state: GameState, p: Player, traps: list[str], room: str | None) -> dict[str, int]:
    """What the planned traps will cost when sprung: their own cost, +1 gold each in a room
    (not in the Labyrinth). An unseen card's own cost is unknown until it is identified (then
    only a card the player can pay for is accepted: :func:`_identify_trap`)."""
    total: dict[str, int] = {}
    for t in traps:
        if is_unseen(t):
            c = None
        else:
            c = catalog(state).traps[type_of(t)].values(state.year).use_cost
        for k, v in (("gold", c.gold), ("food", c.food), ("imps", c.imps)) if c else ():
            if v:
                total[k] = total.get(k, 0) + v
        if room is not None and room != "labyrinth":
            total["gold"] = total.get("gold", 0) + 1
    return total


def _plan(state: GameState, cmd) -> list[ev.Event]:
    p = state.player(cmd.player)
    tiles = battle_tiles(state, p)
    if isinstance(cmd, ReleasePrisoner):
        if tiles:
            raise refuse("PRISONER_NOT_NEEDED", "you still have unconquered tiles: plan a battle", "combat.no_tile")
        if cmd.prisoner not in p.prison:
            raise refuse(
                "PRISONER_UNKNOWN",
                "{prisoner} is not in {color}'s prison",
                "combat.no_tile",
                prisoner=cmd.prisoner,
                color=p.color,
            )
        # "You can save the paladin for last": a permission (the paladin scores 5, others 2), not a duty.
        return [ev.PrisonerReleased(color=p.color, prisoner=cmd.prisoner)]
    tile = tuple(cmd.tile)
    if not tiles:
        raise refuse("NO_TILE_LEFT", "no unconquered tile is left: release a prisoner instead", "combat.no_tile")
    if tile not in tiles:
        raise refuse(
            "TILE_NOT_NEAREST",
            "the adventurers attack one of the unconquered tiles nearest the entrance: {tiles}",
            "combat.tile",
            tiles=[list(t) for t in tiles],
        )
    room = _room_of(p, tile)
    trap_limit = 2 if room == "labyrinth" else 1
    monster_limit = 2 if room is not None and room != "labyrinth" else 1
    if len(cmd.traps) > trap_limit or len(set(cmd.traps)) != len(cmd.traps):
        raise refuse_n(
            "TOO_MANY_TRAPS",
            "{where} takes {n} trap(s)",
            "{where} takes {n} trap(s)",
            trap_limit,
            "combat.defense",
            where=N_("a room") if room else N_("a tunnel"),
        )
    for t in cmd.traps:
        if t not in p.traps:
            raise refuse(
                "TRAP_NOT_HELD", "{card} is not one of {color}'s Trap Cards", "combat.defense", card=t, color=p.color
            )
    owned = {m.id: m for m in p.monsters}
    if len(set(cmd.monsters)) != len(cmd.monsters):
        raise refuse("MONSTER_TWICE", "each monster can be sent once", "combat.defense")
    for m in cmd.monsters:
        if m not in owned:
            raise refuse(
                "MONSTER_NOT_OWNED",
                "{monster} is not in {color}'s Monster Lair",
                "combat.defense",
                monster=m,
                color=p.color,
            )
        if owned[m].knocked_out:
            raise refuse(
                "MONSTER_KNOCKED_OUT",
                "{monster} is face down (knocked out) for the rest of the Year",
                "combat.defense",
                monster=m,
            )
    problem = pets_problem(state, p, list(cmd.pets)) if cmd.pets else None
    if problem:
        raise problem
    real = [m for m in cmd.monsters if not is_ghost(state, m)]
    if cmd.pets:
        real += _counted_pets(state, cmd.monsters, cmd.pets)
    if len(real) > monster_limit:
        where = N_("the Labyrinth") if room == "labyrinth" else N_("a room") if room else N_("a tunnel")
        raise refuse_n(
            "TOO_MANY_MONSTERS",
            "{where} takes {n} monster(s) (ghosts do not count)",
            "{where} takes {n} monster(s) (ghosts do not count)",
            monster_limit,
            "combat.defense",
            where=where,
        )
    cost = trap_cost(state, p, list(cmd.traps), room)
    problem = payment_problem(p, cost, N_("the traps' costs"), state.variant)
    if problem:
        raise refuse(
            "TRAP_COST_UNPAYABLE",
            "{cost} (a trap whose cost cannot be paid cannot be chosen)",
            "combat.trap_cost",
            cost=Because(problem),
        )
    return [
        ev.BattlePlanned(
            color=p.color, tile=tile, traps=list(cmd.traps), monsters=list(cmd.monsters), pets=list(cmd.pets)
        )
    ]


NO_PETS: list[list[str]] = [[]]  # a plan's pets when there are none to send (never changed)


def usable_pets(state: GameState, p: Player) -> list[str]:
    """Festival Season › Using Pets (PE-06): the combat pets ``p`` may send into a battle now: those face
    down in the Pet Box, and those used earlier this Year that fight on until the end of its Combat."""
    pets = catalog(state).pets
    return [x for x in dict.fromkeys(p.pets) if pets[x].timing == "combat"] + list(p.pets_active)


def pets_problem(state: GameState, p: Player, chosen: list[str]):
    """Why ``p`` cannot send the pets ``chosen`` into this battle (a PET_NOT_USABLE RuleViolation), or None
    (PE-06: each once per game)."""
    usable = usable_pets(state, p)
    for x in chosen:
        if x not in usable:
            return refuse(
                "PET_NOT_USABLE",
                "{pet} is not a combat pet {color} can use now (each pet is used once per game)",
                "pets.use",
                pet=x,
                color=p.color,
            )
    return (
        refuse("PET_NOT_USABLE", "each pet can be sent once", "pets.use") if len(set(chosen)) != len(chosen) else None
    )


def _counted_pets(state: GameState, monsters: list[str], pets: list[str]) -> list[str]:
    """PE-08: a pet that counts as a monster (Baby Golem) counts toward the monster limit, unless it is
    sent with a (big) golem."""
    with_golem = any(monster_type(state, m).kind == "golem" for m in monsters)
    return [x for x in pets if catalog(state).pets[x].counts_as_monster and not with_golem]


def plan_options(state: GameState, p: Player) -> Sequence[Any]:
    """Player ``p``'s legal battle plans (Rulebook › Planning Phase › Choosing a Dungeon Tile, › Choosing
    Defense; Trap Step: a trap whose cost cannot be paid cannot be chosen).

    Returns:
        ``[PlanBattle, ...]`` (built when looked at: a bot draws one): for each unconquered tile nearest the
        entrance, each set of Trap Cards (at most 1; 2 in the Labyrinth, ordered when they spring) whose cost in
        gold (+1 in a room) he can pay, each set of monsters not knocked out (at most 1 in a tunnel, 2 in a room;
        a Festival Season pet counts as a monster where it fights), any of his ghosts (at most
        ``MAX_GHOST_OPTIONS`` listed), and no pet or one usable pet.
        With no unconquered tile left: ``[ReleasePrisoner, ...]``, one per prisoner (Rulebook › End of Combat)."""
    tiles = battle_tiles(state, p)
    if not tiles:
        return [ReleasePrisoner(player=p.color, prisoner=x) for x in p.prison]  # the owner chooses who goes
    ready = [m.id for m in p.monsters if not m.knocked_out]
    ghosts = [m for m in ready if is_ghost(state, m)][:MAX_GHOST_OPTIONS]
    real = [m for m in ready if not is_ghost(state, m)]
    pets = usable_pets(state, p) if p.pets or p.pets_active else []
    out = []
    for tile in tiles:
        room = _room_of(p, tile)
        trap_limit = 2 if room == "labyrinth" else 1
        monster_limit = 2 if room is not None and room != "labyrinth" else 1
        # the Labyrinth's two traps are ordered when they spring (OrderTraps), so a set is enough here
        trap_sets = [list(c) for k in range(trap_limit + 1) for c in combinations(sorted(set(p.traps)), k)]
        monster_sets = [list(c) for k in range(monster_limit + 1) for c in combinations(real, k)]
        ghost_sets = [list(c) for k in range(len(ghosts) + 1) for c in combinations(ghosts, k)]
        pet_sets = [[], *([x] for x in pets)] if pets else NO_PETS  # one pet a battle is enough to list
        for traps in trap_sets:
            if payment_problem(p, trap_cost(state, p, traps, room), "", state.variant):
                continue
            for ms in monster_sets:
                for gs in ghost_sets:
                    for ps in pet_sets:
                        if not ps or len(ms) + len(_counted_pets(state, ms, ps)) <= monster_limit:
                            out.append((tile, traps, ms + gs, ps))
    color = p.color
    return LazyCommands(
        out, lambda plan: PlanBattle(player=color, tile=plan[0], traps=plan[1], monsters=plan[2], pets=plan[3])
    )


# --- a battle -------------------------------------------------------------------------------------
def _battle_step(state: GameState):
    b = in_battle(state)
    p = state.player(b.color)
    if not line(state, p):
        return [ev.BattleEnded(color=p.color)]
    bards = catalog(state).bards  # Festival Season (none in the base game: no Bard Step at all)
    if bards and not b.bard_done and any(w in bards for w in line(state, p)):
        return [_bard_step(state, p)]
    if b.traps:
        return _trap_step(state, p)
    if not b.fast_done:
        return _spell_step(state, p, "fast")
    if b.choice:
        return _spell_choice_pending(state, p)
    if b.monsters:
        return _monster_pending(state, p)
    # The slow spell, the healing and the conquest in one step while each step before only marks itself
    # done (SpellNotCast, HealingSkipped: their fold sets the battle's flag, which no later step here reads):
    # the same events as a step each.
    out: list[ev.Event] = []
    if not b.slow_done:
        out = _spell_step(state, p, "slow")
        if not _marks_done(out) or b.choice:
            return out
    if not b.healing_done:
        healing = _healing(state, p)
        if not _marks_done(healing):
            return out + healing
        out += healing
    if not b.conquest_done:
        conquest = _conquering(state, p)
        if isinstance(conquest, Pending):
            return out or conquest  # (out: the input comes at the next step)
        return out + conquest
    return out + _poison(state, p) + [ev.BattleEnded(color=p.color)]


#: the battle's events whose fold only marks their step done (``slow_done``, ``healing_done``)
_MARKS_DONE = (ev.SpellNotCast, ev.HealingSkipped)


def _marks_done(events: list[ev.Event]) -> bool:
    return len(events) == 1 and type(events[0]) in _MARKS_DONE


# --- Trap Step
def _identify_trap(state: GameState, p: Player, placeholder: str):
    """Tabletop: a Trap Card drawn unseen is sprung: the recorder says which card it was. It can be
    any card still listed in the deck whose cost the player can pay with what the other planned
    traps leave (Rulebook › Combat › Trap Step: the trap is revealed and paid for)."""
    others = [t for t in in_battle(state).traps if t != placeholder]
    room = in_battle(state).room
    pool = []
    for card in dict.fromkeys(state.board.trap_deck):
        cost = trap_cost(state, p, [*others, card], room)
        if not payment_problem(p, cost, "", state.variant):
            pool += [c for c in state.board.trap_deck if c == card]
    number = int(placeholder.split("#", 1)[1])
    spec = ChanceSpec(
        what="trap_cards",
        pool=pool,
        count=1,
        color=p.color,
        build=lambda cards: [ev.FaceDownCardSeen(what="trap_card", year=state.year, position=number, card=cards[0])],
    )
    prompt = f"Identify {p.color}'s sprung trap: which Trap Card was it (drawn unseen as {placeholder})?"
    if not pool:  # the record went wrong earlier: the plan should not have been possible
        prompt += (
            f" No card still listed is one {p.color} could pay for: correct the battle plan (dungeon-lords correct)"
        )
    return Pending(
        kind="chance", actors=[CHANCE], chance=spec, accepts=(RecordDraw,), rule="input.chance", prompt=prompt
    )


def _labyrinth_order(state: GameState, p: Player) -> Pending:
    """CGE FAQ (Labyrinth): the owner chooses the order of its two traps when they spring, after the
    Combat Card is revealed, not at planning. Festival Season › Install Traps: with an installed trap too,
    "the owner chooses the order in which the traps go off" (asked before each while two or more are left)."""
    traps = list(in_battle(state).traps)

    def handle(st: GameState, cmd: OrderTraps):
        if cmd.first not in traps:
            raise refuse(
                "TRAP_ORDER_INVALID", "the battle's traps are {traps}", "combat.labyrinth", traps=" and ".join(traps)
            )
        return [ev.TrapsOrdered(color=p.color, traps=[cmd.first, *[t for t in traps if t != cmd.first]])]

    return Pending(
        kind="labyrinth_order",
        actors=[p.color],
        prompt=lambda: Phrase("{color}: which trap springs next ({traps})?", color=p.color, traps=", ".join(traps)),
        accepts=(OrderTraps,),
        handle=handle,
        rule="combat.labyrinth",
        options_fn=lambda a: [OrderTraps(player=p.color, first=t) for t in traps],
    )


def _trap_step(state: GameState, p: Player):
    b = in_battle(state)
    if len(b.traps) >= 2 and not b.traps_ordered and len({type_of(t) for t in b.traps}) >= 2:
        return _labyrinth_order(state, p)
    trap = b.traps[0]
    if is_unseen(trap):
        return _identify_trap(state, p, trap)
    vals = catalog(state).traps[type_of(trap)].values(state.year)
    if vals.targeting == "anyone":
        targets = line(state, p)

        def handle(st: GameState, cmd: TargetTrap):
            if cmd.target not in targets:
                raise refuse(
                    "TRAP_TARGET_INVALID",
                    "aim the {trap} at one of: {targets}",
                    "combat.trap",
                    trap=name_of(state, trap),
                    targets=", ".join(targets),
                )
            return spring_trap(st, p, trap, cmd.target)

        return Pending(
            kind="trap_target",
            actors=[p.color],
            prompt=lambda: Phrase(
                "{color}: aim the {trap}", color=p.color, trap=Listed([(trap.split("#")[0], name_of(state, trap))])
            ),
            accepts=(TargetTrap,),
            handle=handle,
            options_fn=lambda a: [TargetTrap(player=p.color, target=t) for t in targets],
            rule="combat.trap",
            detail={"trap": trap},
        )
    return spring_trap(state, p, trap, None)


def spring_trap(state: GameState, p: Player, trap: str, target: str | None) -> list[ev.Event]:
    """Reveal, pay and resolve a trap: damage front first, less the party's disarm symbols (shared
    across the Labyrinth's two traps); special effects always apply (CGE FAQ)."""
    b = in_battle(state)
    vals = catalog(state).traps[type_of(trap)].values(state.year)
    # checked at planning; an installed trap was paid for when it was installed (Festival Season)
    cost = {} if trap in b.installed else trap_cost(state, p, [trap], b.room)
    cost = {k: min(v, getattr(p, k)) for k, v in cost.items()}
    hits = Hits(state, p)
    order = hits.alive()
    t = TrapContext(state, p, order, vals.damage or 0, target)  # no damage: a trap of effects only
    special = TRAP_SPECIALS.get(vals.special or "")
    if special is not None and special.plan is not None:
        plan = special.plan(t)
    else:
        aim = TRAP_TARGETING.get(vals.targeting)
        plan = aim(t) if aim is not None else []
    pool = party_total(state, p, order, DISARM) - b.disarm_used
    used = 0
    for w in order:  # thieves protect those in front first
        for i, (who, amt) in enumerate(plan):
            if who == w and pool > 0 and amt > 0:
                cut = min(pool, amt)
                pool, used = pool - cut, used + cut
                plan[i] = (who, amt - cut)
                hits.hit(who, amt - cut, f"trap:{trap}", prevented=cut)
            elif who == w:
                hits.hit(who, amt, f"trap:{trap}")
    effects = special.effects(t) if special is not None and special.effects is not None else []
    return [
        ev.TrapSprung(color=p.color, trap=trap, paid=cost, target=target, effects=effects, disarm_used=used),
        *hits.events,
    ]


# --- Spells


def _spell_step(state: GameState, p: Player, step: str) -> list[ev.Event]:
    card_id = revealed_card(state)
    card = catalog(state).combat_cards[card_id]
    b = in_battle(state)
    if card.speed != step:
        return [ev.SpellNotCast(color=p.color, card=card_id, step=step, reason=f"not a {step} spell")]
    if b.room == "anti_magic_room":
        return [ev.SpellNotCast(color=p.color, card=card_id, step=step, reason="Anti-Magic Room")]
    if b.no_spell:
        return [ev.SpellNotCast(color=p.color, card=card_id, step=step, reason="Anti-Magic Dart hit a wizard")]
    skippers = catalog(state).fast_spell_skippers  # Festival Season's Elderbeast (none in the base game)
    if step == "fast" and skippers and any(type_of(m) in skippers for m in b.monsters):
        return [ev.SpellNotCast(color=p.color, card=card_id, step=step, reason="an Elderbeast was sent")]
    magic = party_total(state, p, line(state, p), MAGIC)
    if magic < state.combat_round:
        return [
            ev.SpellNotCast(
                color=p.color,
                card=card_id,
                step=step,
                reason=f"the party has {magic} magic, round {state.combat_round} needs {state.combat_round}",
            )
        ]
    return spell_effect(state, p, card_id, step)


def spell_effect(state: GameState, p: Player, card: str, step: str) -> list[ev.Event]:
    """The spell's effect, looked up by card id (:data:`..effects.SPELLS`); a card without one casts
    nothing more than its name."""
    effect = SPELLS.get(card)
    assert state.battle is not None, "a spell is cast in a battle"
    fx = effect(SpellContext(state, p, state.battle, line(state, p), card)) if effect is not None else {}
    return [ev.SpellCast(color=p.color, card=card, step=step, effect=fx)]


def _spell_choice_pending(state: GameState, p: Player) -> Pending:
    choice = spell_choice(state)
    card = choice["card"]
    opts = spell_choice_options(state, p)

    def handle(st: GameState, cmd: SpellChoice):
        for o in opts:
            if o.option == cmd.option and o.target == cmd.target:
                return [_spell_choice_event(st, p, cmd)]
        raise refuse(
            "SPELL_CHOICE_INVALID",
            "{spell}: choose one of {options}",
            "combat.spell",
            spell=name_of(state, card),
            options=", ".join(f"{o.option} {o.target or ''}".strip() for o in opts),
        )

    return Pending(
        kind="spell_choice",
        actors=[p.color],
        prompt=lambda: Phrase(
            "{color}: {card} - {effect}",
            color=p.color,
            card=Listed([(card, name_of(state, card))]),
            effect=Verbatim(catalog(state).combat_cards[card].effect),  # (no Russian source: docs/i18n.md)
        ),
        accepts=(SpellChoice,),
        handle=handle,
        options_fn=lambda a: opts,
        rule="combat.spell",
        detail={"card": card},
    )


def spell_choice_options(state: GameState, p: Player) -> list[SpellChoice]:
    """``p``'s answers to the spell that waits on him (Rulebook › Fast Spells Step, › Slow Spells Step;
    Appendix › Combat Cards).

    Returns:
        ``[SpellChoice, ...]``: Suggestion: pay the named monster's wage (gold, food; listed only when he can
        pay it) or withdraw it; Word of Peace: withdraw every monster, or gain Evil instead; any other spell
        that asks: one option per monster it may target."""
    choice = spell_choice(state)
    card, c = choice["card"], p.color
    if card == "suggestion":
        m = choice["todo"][0]
        out = []
        if payment_problem(p, payable_wage(state, p, m), "", state.variant) is None:
            out.append(SpellChoice(player=c, option="pay", target=m))
        return out + [SpellChoice(player=c, option="withdraw", target=m)]
    if card == "word_of_peace":
        return [SpellChoice(player=c, option="withdraw_all"), SpellChoice(player=c, option="gain_evil")]
    return [SpellChoice(player=c, option="target", target=m) for m in choice["todo"]]


def _spell_choice_event(state: GameState, p: Player, cmd: SpellChoice) -> ev.SpellChoiceMade:
    card = spell_choice(state)["card"]
    paid = payable_wage(state, p, cmd.target) if cmd.option == "pay" and cmd.target else {}
    return ev.SpellChoiceMade(color=p.color, card=card, option=cmd.option, target=cmd.target, paid=paid)


# --- Monsters (and Ghosts) Step
def legal_targets(state: GameState, p: Player, monster: str, option: str) -> list[str]:
    """Who an attack on 'anyone' may hit: not the first for a ghost, never a priest for a vampire,
    not an invisible wizard."""
    b = in_battle(state)
    order = line(state, p)
    tags = set(monster_type(state, monster).abilities) | set(_attack(state, monster, option).tags)
    out = []
    for i, w in enumerate(order):
        if "not_first" in tags and i == 0:
            continue
        if "not_on_priests" in tags and profession(state, w) == "priest":
            continue
        if b.invisible and profession(state, w) == "wizard":
            continue
        out.append(w)
    return out


def _attack(state: GameState, monster: str, option: str):
    for a in monster_type(state, monster).attacks:
        if a.option == option:
            return a
    raise refuse(
        "ATTACK_OPTION_UNKNOWN",
        "the {name} has no attack {option!r}",
        "combat.monsters",
        name=name_of(state, monster),
        option=option,
    )


def _effective_kind(state: GameState, monster: str, option: str) -> str:
    kind = _attack(state, monster, option).kind
    if in_battle(state).rage and kind == "anyone" and is_monster(state, monster):
        return "standard"  # provisional Blind Rage: attacks on anyone hit the first
    return kind


def _monster_pending(state: GameState, p: Player) -> Pending:
    # each option is found by resolving it: the one taken, and a bot's look at each, reuse those events
    known = DecidedOptions(state, lambda: _attack_options(state, p), lambda st, cmd: attack_events(st, p, cmd))
    return Pending(
        kind="attack",
        actors=[p.color],
        prompt=lambda: Phrase(
            "{color}: choose the next monster (or ghost) to attack, its attack and target", color=p.color
        ),
        accepts=(Attack,),
        handle=known.handle,
        options_fn=known.options,
        rule="combat.monsters",
        detail={"monsters": list(in_battle(state).monsters)},
    )


def _attack_options(state: GameState, p: Player) -> Iterator[tuple[Attack, list[ev.Event]]]:
    """The legal attacks of ``p``'s monsters waiting in this battle, each with the events it resolves to."""
    for m in in_battle(state).monsters:
        for a in monster_type(state, m).attacks:
            kind = _effective_kind(state, m, a.option)
            if kind == "anyone":
                targets = legal_targets(state, p, m, a.option)
                choices = [[t] for t in targets] or [[]]
            elif kind == "anyone_x2":
                targets = legal_targets(state, p, m, a.option)
                choices = [[x, y] for i, x in enumerate(targets) for y in targets[i:]] or [[]]
            else:
                choices = [[]]
            for tg in choices:
                cmd = Attack(player=p.color, monster=m, option=a.option, targets=tg)
                events = unless_refused(attack_events, state, p, cmd)
                if events is not None:
                    yield cmd, events


EXPERT_BONUS = 2  # Festival Season › Hire Expert Monster: "+2 on its first attack" each Year's Combat


def expert_bonus(state: GameState, p: Player, monster: str) -> int:
    """CB-05: the damage an Expertise tile adds to its monster's first attack of this Combat (face up),
    against one adventurer only (the first hit); 0 without a tile or once used. Provisional (spec U-45):
    it adds to a combat room's +1."""
    m = next((x for x in p.monsters if x.id == monster), None)
    return EXPERT_BONUS if m is not None and m.expertise and not m.expertise_used else 0


def _room_bonus(state: GameState, b: Battle, t: Any) -> int:
    """A combat room's bonus to the monsters of its kinds fighting in it (Appendix › combat rooms)."""
    room = catalog(state).rooms.get(b.room or "")
    return room.bonus if room is not None and room.category == "combat" and t.kind in room.monster_kinds else 0


def _attack_targets(state: GameState, p: Player, cmd: Attack, kind: str, name: str) -> tuple[int, list[str]]:
    """(how many targets the attack takes, the legal ones) after checking the command's ``targets``.

    Raises:
        RuleViolation: ATTACK_TARGET_INVALID (too many or too few, one not legal, or any for an attack
            that takes none).
    """
    legal = legal_targets(state, p, cmd.monster, cmd.option) if kind in ("anyone", "anyone_x2") else []
    need = {"anyone": 1, "anyone_x2": 2}.get(kind, 0)
    if need and legal:
        if len(cmd.targets) != need or any(x not in legal for x in cmd.targets):
            raise refuse(
                "ATTACK_TARGET_INVALID",
                "the {name} attacks {need} of: {legal}",
                "combat.monsters",
                name=name,
                need=need,
                legal=", ".join(legal),
            )
    elif cmd.targets:
        raise refuse(
            "ATTACK_TARGET_INVALID",
            "the {name}'s attack {option} takes no target here",
            "combat.monsters",
            name=name,
            option=cmd.option,
        )
    return need, legal


def _hit_party(
    hits: Hits, kind: str, targets: list[str], source: str, damage: tuple[int, int, int], flags: Any
) -> None:
    """Deal an attack's damage: ``damage`` is (the attack's with the room's bonus, the expert's bonus on the
    first adventurer hit, the room's bonus alone); ``flags`` the attack's tags and whether it counts as a
    monster's (for Courage)."""
    dealt, expert, bonus = damage
    tags, monster = flags
    if kind == "standard":
        first = hits.alive()[0]
        if hits.hit(first, dealt + expert, source, monster=monster) and "goblin_follow_up" in tags and hits.alive():
            hits.hit(hits.alive()[0], 1 + bonus, source, monster=True)
    elif kind == "everyone":
        for i, w in enumerate(hits.alive()):
            hits.hit(w, dealt + (expert if i == 0 else 0), source, monster=monster)
    elif kind in ("anyone", "anyone_x2"):
        for i, w in enumerate(targets):
            hits.hit(w, dealt + (expert if i == 0 else 0), source, monster=monster)
    if "then_1_to_everyone" in tags:  # Festival Season's Elderbeast: then 1 on every adventurer
        for w in hits.alive():
            hits.hit(w, 1, source, monster=monster)


def attack_events(state: GameState, p: Player, cmd: Attack) -> list[ev.Event]:
    """The events of ``p``'s monster attacking in the battle (Rulebook › Monsters (and Ghosts) Step;
    Appendix › Monsters; Festival Season › New Monsters, › Expertise).

    The attack ``cmd.option`` deals its damage (points) plus a combat room's bonus for the monster's kind:
    "standard" on the first adventurer still standing (a goblin follows up with 1 more on the next), "everyone"
    on each, "anyone"/"anyone_x2" on the 1 or 2 targets named; an Expertise tile adds to the first hit. Extra
    costs (gold, food, Evil steps) are paid as the ``MonsterAttacked`` event records.

    Returns:
        ``[MonsterAttacked, DamageDealt | AdventurerImprisoned ..., ...]``.

    Raises:
        RuleViolation: ``MONSTER_NOT_IN_BATTLE``, ``ATTACK_OPTION_UNKNOWN``, ``ATTACK_TARGET_INVALID`` (wrong
            number of targets, or one it may not attack), or the payment's refusal (``CANNOT_PAY_*``)."""
    b = in_battle(state)
    if cmd.monster not in b.monsters:
        raise refuse(
            "MONSTER_NOT_IN_BATTLE",
            "{monster} is not waiting to attack in this battle ({monsters})",
            "combat.monsters",
            monster=cmd.monster,
            monsters=", ".join(b.monsters),
        )
    att = _attack(state, cmd.monster, cmd.option)
    t = monster_type(state, cmd.monster)
    kind = _effective_kind(state, cmd.monster, cmd.option)
    paid = cost_dict(att.extra_cost)
    problem = payment_problem(
        p, paid, lambda: Phrase("the {name}'s attack {option}", name=t.name, option=cmd.option), state.variant
    )
    if problem:
        raise problem
    bonus = _room_bonus(state, b, t)
    targets = list(cmd.targets)
    need, legal = _attack_targets(state, p, cmd, kind, t.name)
    hits = Hits(state, p)
    monster = "not_a_monster" not in t.abilities  # for Courage against monsters: not a ghost, not a pet
    pet = t.kind == "pet"  # Festival Season: sending a pet is not sending a monster or ghost (PE-07) ...
    attacked = kind != "special" and not (need and not legal) and (monster or not pet)  # ... but Baby Golem
    expert = expert_bonus(state, p, cmd.monster) if attacked else 0  # on the first adventurer hit only
    damage = ((att.damage or 0) + bonus, expert, bonus)
    _hit_party(hits, kind, targets, f"monster:{cmd.monster}", damage, (att.tags, monster))
    effects = [tag for tag in ATTACK_MARKERS if tag in att.tags]
    # Festival Season: who stays hypnotized in front (Evil Eye), who is poisoned by a bite (Cockatrice, even
    # if Courage took the bite: provisional U-48), if he survived the attack
    effects += [f"{tag}:{w}" for tag in ("hypnotize", "poison_1") if tag in att.tags for w in targets if w in hits.line]
    knocked_out = "returns_face_up" not in att.tags and not pet
    return [
        ev.MonsterAttacked(
            color=p.color,
            monster=cmd.monster,
            option=cmd.option,
            targets=targets,
            paid=paid,
            attacked=attacked,
            knocked_out=knocked_out,
            effects=effects,
            expert_bonus=bool(expert),
        ),
        *hits.events,
    ]


# --- Healing, Conquering, poison
#: the reasons stored in events (HealingSkipped, SpellNotCast, ConquestPrevented, here and in evolve/combat.py),
#: marked for the reader's catalog (domain ``refusals``: cli.refusal_i18n.reworded finds a reason's template)
REASONS = (
    N_("no monster or ghost attacked"),
    N_("the Anti-Magic Dart hit a priest"),
    N_("the {monster} stops the Healing Step"),
    N_("not a {step} spell"),
    N_("Anti-Magic Room"),
    N_("Anti-Magic Dart hit a wizard"),
    N_("an Elderbeast was sent"),
    N_("the party has {magic} magic, round {round} needs {round}"),
    N_("the party was eliminated by fatigue"),
    *(N_("fast"), N_("slow")),
)


def _healing(state: GameState, p: Player) -> list[ev.Event]:
    b = in_battle(state)
    if not b.attacked:
        return [ev.HealingSkipped(color=p.color, reason="no monster or ghost attacked")]
    if b.no_heal:
        return [ev.HealingSkipped(color=p.color, reason=b.no_heal)]
    order = line(state, p)
    points = party_total(state, p, order, HEAL)
    healed: dict[str, int] = {}
    for w in order:  # front first: a priest heals himself once those ahead are unhurt
        take = min(points, damage_on(state, p, w))
        if take:
            healed[w] = take
            points -= take
    return [ev.PartyHealed(color=p.color, healed=healed)]


def _bard_step(state: GameState, p: Player) -> ev.BardStepTaken:
    """Festival Season's Bard Step (AD-04, AD-05, AD-08): each bard gives a Courage token per lute, less one
    per adventurer captured from this party this Combat (Mourning), to the adventurers front to back,
    paladins skipped, each bard from the front again; lutes beyond them are lost (provisional U-28)."""
    cat = catalog(state)
    receivers = [w for w in line(state, p) if w in cat.adventurers]  # not the paladins (nor an illusion)
    tokens: dict[str, int] = {}
    for bard in (w for w in receivers if cat.adventurers[w].profession == "bard"):
        lutes = max(0, cat.adventurers[bard].lutes - p.mourning)
        for w in receivers[:lutes]:
            tokens[w] = tokens.get(w, 0) + 1
    return ev.BardStepTaken(color=p.color, tokens=tokens)


def _conquering(state: GameState, p: Player) -> list[ev.Event] | Pending:
    b = in_battle(state)
    if any(b.courage_tokens.values()):  # AD-07: all Courage is removed before conquering, skipped or not
        return [ev.CourageRemoved(color=p.color)]
    blockers = [x for x in b.no_conquer if not (b.magic_key and x.startswith("trap"))]
    if blockers:
        return [ev.ConquestPrevented(color=p.color, reason=blockers[0])]
    if p.trained and not b.training_done:  # Festival Season's imp Training Room: +1 fatigue for an imp
        return _trained_imp_pending(p)
    card = catalog(state).combat_cards[revealed_card(state)]
    fatigue = card.fatigue
    # Festival Season › Summary › Conquering Step: doubling first, then halving, then the additions
    if catalog(state).improved_tunnels and tunnel_effect(state, cell_at(p, b.tile)) == "dark_tunnel":
        fatigue *= 2  # the Dark Tunnel: the printed fatigue counts double (not the additions)
    if card.fatigue_doubled:
        fatigue *= 2
    if card.fatigue_halved:
        fatigue //= 2  # provisional U-24: rounded down
    # the additions, never doubled or halved: the pets' (Bubl) and the room's (Festival Season's Hall of Chaos)
    fatigue += b.fatigue_added + (catalog(state).rooms[b.room].conquer_fatigue if b.room is not None else 0)
    hits = Hits(state, p)
    for _ in range(fatigue):  # one point at a time, always to the first in line
        alive = [w for w in hits.alive() if w not in hits.invisible] or []
        if not alive:
            break
        hits.hit(alive[0], 1, "fatigue")
    if not hits.alive():
        return hits.events + [ev.ConquestPrevented(color=p.color, reason="the party was eliminated by fatigue")]
    return hits.events + [ev.TileConquered(color=p.color, tile=(b.tile[0], b.tile[1]))]


def _trained_imp_pending(p: Player) -> Pending:
    """NC-R2: each time the party accumulates fatigue (a 0-fatigue card too, provisional U-43; not when
    conquering is stopped), the owner may return one trained imp to the Imp Den for +1 fatigue."""

    def handle(st: GameState, cmd: AddTrainedImp) -> list[ev.Event]:
        return [ev.TrainedImpAdded(color=p.color, added=cmd.add)]

    return Pending(
        kind="add_trained_imp",
        actors=[p.color],
        prompt=Phrase(
            "{color}: return a trained imp to the Imp Den for +1 fatigue? ({n} in the Training Room)",
            color=p.color,
            n=p.trained,
        ),
        accepts=(AddTrainedImp,),
        handle=handle,
        options_fn=lambda actor: [AddTrainedImp(player=p.color, add=True), AddTrainedImp(player=p.color, add=False)],
        rule="combat.trained_imps",
    )


def _poison(state: GameState, p: Player) -> list[ev.Event]:
    """Poisoned Dart: 2 more damage at the end of the round, after conquering; nobody can prevent it,
    and it is lost if the target was eliminated (Notes on Selected Traps › Poisoned Dart).
    Engine choice: a poisoned paladin who moved to another dungeon during the round (he "keeps any
    Damage Counters") takes the 2 damage there, and goes to that dungeon's prison if they eliminate him."""
    out: list[ev.Event] = []
    b = in_battle(state)
    hosts: dict[str, Hits] = {}  # one working copy a party: two poisons on one adventurer add up
    # the Poisoned Dart's 2, and Festival Season's Cockatrice bite: 1 more, unpreventable (provisional U-48)
    for who, amount in [*((w, 2) for w in b.poison), *((w, 1) for w in b.bites)]:
        host = p
        pal = paladin(state, who)
        if pal is not None and pal.holder not in (None, p.color):
            host = state.player(pal.holder)
        hits = hosts.setdefault(host.color, Hits(state, host))
        before = len(hits.events)
        if who in hits.alive():
            hits.hit(who, amount, "poison", unpreventable=True)
        out += hits.events[before:]
    return out
