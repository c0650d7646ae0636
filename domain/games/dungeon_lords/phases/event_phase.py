"""The Event Phase: Pay Day, Taxes and Special Events, player by player from the starting player.

Rules: Rulebook › Event Phase (Pay Day, Taxes, Special Events); › Appendix (Golem, Demon);
› Full Game › Paying a Cost vs. Gaining Evil. Special Event Cards run the catalog's
``effect_spec`` (most base cards are provisional: see ``domain/games/dungeon_lords/catalog/README.md``).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel import Pending, unless_refused
from domain.kernel.errors import N_, Listed, Phrase
from domain.kernel.pending import LazyCommands

from .. import dungeon as dg
from .. import events as ev
from ..commands import ChooseEventOption, PayTaxes, PayWage, ReleaseMonster
from ..errors import refuse
from ..state import GameState, Handling, Player
from .common import (
    catalog,
    clamp_evil,
    installed_trap_discards,
    is_ghost,
    monster_type,
    payable_wage,
    payment_problem,
    season_name,
    secret_passages,
    wage,
)
from .rounds import after_phase

WAGE_COMMANDS = (PayWage, ReleaseMonster)


def step(state: GameState):
    """The Event Phase (Rulebook › Event Phase): for the next player in the queue, this season's Event Tile.

    Returns:
        Pay Day: the wages to pay or release (``Pending``; gold, food); Taxes: the tax due (1 gold per 2 dungeon
        tiles, rounded up; a red mark for each gold not paid); a Special Event (full game): its card's effect or choice;
        ``[SpecialEventFinished]`` in the first game (the tile does nothing); once every player is done, the
        next phase's events."""
    if not state.queue:
        return after_phase(state, "event")
    tile = state.board.event_tiles.get(season_name(state))
    p = state.player(state.queue[0])
    if tile == "pay_day":
        return _payday(state, p)
    if tile == "taxes":
        return _taxes(state, p)
    if tile == "special_event" and state.variant == "full":
        return _special(state, p)
    return [ev.SpecialEventFinished(color=p.color)]  # first game: the Special Event tile does nothing


# --- Pay Day --------------------------------------------------------------------------------------
def _unsettled(state: GameState, p: Player) -> list[str]:
    aw = state.awaiting
    handled = aw.handled if isinstance(aw, Handling) and aw.kind == "payday" else []
    return [m.id for m in p.monsters if m.id not in handled]


def _payday(state: GameState, p: Player):
    """Each monster is paid or let go, in the order the player chooses (the rulebook's example keeps
    the vampire by paying it before the witch is let go). A monster fed to a demon is not paid."""
    todo = _unsettled(state, p)
    if not todo:
        return [ev.PayDayFinished(color=p.color)]

    def handle(st: GameState, cmd):
        if cmd.monster not in todo:
            raise refuse(
                "WAGE_NOT_DUE",
                "{monster} is not one of {color}'s monsters still to settle ({todo})",
                "event.payday",
                monster=cmd.monster,
                color=p.color,
                todo=", ".join(todo),
            )
        if isinstance(cmd, ReleaseMonster):
            return [ev.MonsterReleased(color=p.color, monster=cmd.monster)]
        return [wage_event(st, p, cmd.monster, cmd.feed_monster, cmd.discard_trap, cmd.pay_or)]

    def options(actor: str):
        out: list[PayWage | ReleaseMonster] = []
        for m in todo:
            t = monster_type(state, m)
            traps = sorted(set(p.traps)) if t.cost.trap_cards else [None]
            feeds = [x.id for x in p.monsters if x.id != m and not is_ghost(state, x.id)] if t.cost.monsters else [None]
            alts = (False, True) if t.cost_or is not None else (False,)  # the Cockatrice: either cost
            for tr, f, alt in ((tr, f, alt) for tr in traps for f in feeds for alt in alts):
                if unless_refused(wage_event, state, p, m, f, tr, alt) is None:
                    continue
                out.append(PayWage(player=p.color, monster=m, feed_monster=f, discard_trap=tr, pay_or=alt))
            out.append(ReleaseMonster(player=p.color, monster=m))
        return out

    return Pending(
        kind="pay_wage",
        actors=[p.color],
        prompt=lambda: Phrase(
            "Pay Day: {color} pays or lets go (+1 Evil) each of: {names}",
            color=p.color,
            names=Listed([(m, f"{monster_type(state, m).name} ({m})") for m in todo], ranked=True),
        ),
        accepts=WAGE_COMMANDS,
        handle=handle,
        options_fn=options,
        rule="event.payday",
        detail={"monsters": todo},
    )


def wage_event(
    state: GameState, p: Player, m: str, feed: str | None, trap: str | None, pay_or: bool = False
) -> ev.WagePaid:
    """The ``WagePaid`` event of ``p`` paying monster ``m``'s wage on Pay Day (Rulebook › Event Phase › Pay Day;
    Appendix › Golem, › Demon): the wage in gold and food (``pay_or``: Festival Season's Cockatrice paid with its
    other cost, 1 food or 1 Evil), with the Trap Card ``trap`` a golem takes and the monster ``feed`` a demon
    eats.

    Raises:
        RuleViolation: the wage cannot be paid (``CANNOT_PAY_*``), ``GOLEM_NEEDS_TRAP``, ``NO_TRAP_COST``,
            ``DEMON_NEEDS_MONSTER`` (not another of his monsters, or a ghost), ``NO_MONSTER_COST``."""
    t = monster_type(state, m)
    cost = wage(state, p, m, pay_or)
    problem = payment_problem(p, cost, lambda: Phrase("the {name}'s wage", name=t.name), state.variant)
    if problem:
        raise problem
    if t.cost.trap_cards and trap not in p.traps:
        raise refuse(
            "GOLEM_NEEDS_TRAP", "the {name}'s wage includes a Trap Card: name one to discard", "hire.golem", name=t.name
        )
    if not t.cost.trap_cards and trap is not None:  # refused, not ignored: the payer meant something else
        raise refuse(
            "NO_TRAP_COST",
            "the {name}'s wage includes no Trap Card (discard_trap {trap!r})",
            "hire.cost",
            name=t.name,
            trap=trap,
        )
    if t.cost.monsters:
        fed = next((x for x in p.monsters if x.id == feed), None)
        if fed is None or fed.id == m or is_ghost(state, fed.id):
            raise refuse(
                "DEMON_NEEDS_MONSTER",
                "the {name}'s wage is another of your monsters (not a ghost)",
                "hire.demon",
                name=t.name,
            )
    elif feed is not None:
        raise refuse(
            "NO_MONSTER_COST",
            "the {name}'s wage includes no monster (feed_monster {feed!r})",
            "hire.cost",
            name=t.name,
            feed=feed,
        )
    return ev.WagePaid(
        color=p.color,
        monster=m,
        paid=cost,
        fed_monster=feed if t.cost.monsters else None,
        discarded_trap=trap if t.cost.trap_cards else None,
    )


# --- Taxes ----------------------------------------------------------------------------------------
def tax_due(state: GameState, p: Player) -> int:
    """1 gold per 2 dungeon tiles, rounded up, conquered or not (Rulebook › Taxes)."""
    # Festival Season › Secret Passage: "immune to Taxes"
    return (dg.count_tiles(p.dungeon) - secret_passages(state, p) + 1) // 2


def _taxes(state: GameState, p: Player):
    due = tax_due(state, p)
    if p.gold == 0:
        return [ev.TaxesPaid(color=p.color, due=due, paid=0, red_marks=due)]

    def handle(st: GameState, cmd: PayTaxes):
        if not 0 <= cmd.gold <= min(due, p.gold):
            raise refuse(
                "TAX_AMOUNT_INVALID",
                "pay between 0 and {most} gold (due {due}, {color} has {gold})",
                "event.taxes",
                most=min(due, p.gold),
                due=due,
                color=p.color,
                gold=p.gold,
            )
        return [ev.TaxesPaid(color=p.color, due=due, paid=cmd.gold, red_marks=due - cmd.gold)]

    return Pending(
        kind="taxes",
        actors=[p.color],
        prompt=lambda: Phrase(
            "Taxes: {color} owes {due} gold; each unpaid gold is a red mark (-3 points)", color=p.color, due=due
        ),
        accepts=(PayTaxes,),
        handle=handle,
        options_fn=lambda a: LazyCommands(range(min(due, p.gold), -1, -1), lambda g: PayTaxes(player=p.color, gold=g)),
        rule="event.taxes",
        detail={"due": due},
    )


# --- Special Events -------------------------------------------------------------------------------
def _op(op: str) -> tuple[str, int]:
    name, _, n = op.partition(":")
    return name, int(n) if n else 1


def _automatic_effect(p: Player, op: str) -> dict | None:
    """The effect of an op that needs no choice, or None if the owner must choose."""
    name, n = _op(op)
    if name == "lose_half_gold_round_down":
        return {"gold": -(p.gold // 2)}
    if name in ("lose_gold", "lose_food", "lose_imps"):
        res = name.split("_")[1]
        return {res: -min(n, getattr(p, res))}
    if name == "gain_evil":
        return {"evil": clamp_evil(p.evil + n) - p.evil}
    if name in ("pay_gold", "pay_food"):
        res = name.split("_")[1]
        return {res: -n} if getattr(p, res) >= n else None
    return None


def _targets(state: GameState, p: Player, op: str) -> Sequence[str | None]:
    name, _ = _op(op)
    handled = state.awaiting.handled if isinstance(state.awaiting, Handling) else []
    if name == "release_monster":
        return [m.id for m in p.monsters if not is_ghost(state, m.id)]
    if name == "lose_trap_cards":
        return sorted(set(p.traps))
    if name == "pay_wages_or_knock_out":
        out: list[str | None] = []
        for m in p.monsters:
            if is_ghost(state, m.id) or m.id in handled or m.knocked_out:
                continue
            if payment_problem(p, payable_wage(state, p, m.id), N_("the wage"), state.variant) is None:
                out.append(f"pay:{m.id}")
            out.append(f"knock_out:{m.id}")
        return out
    if name == "remove_tunnels":
        return [f"{r},{c}" for r, c in _removable_tunnels(p)]
    return [None] if _automatic_effect(p, op) is not None else []


def _removable_tunnels(p: Player) -> list[tuple[int, int]]:
    out = []
    for r, c in dg.unconquered_tunnels(p.dungeon):
        if (r, c) == dg.ENTRANCE:
            continue
        cell, p.dungeon[r][c] = p.dungeon[r][c], None
        if _connected(p.dungeon):
            out.append((r, c))
        p.dungeon[r][c] = cell
    return out


def _connected(grid) -> bool:
    seen, todo = set(), [dg.ENTRANCE] if grid[dg.ENTRANCE[0]][dg.ENTRANCE[1]] else []
    while todo:
        sq = todo.pop()
        if sq in seen:
            continue
        seen.add(sq)
        todo += [n for n in dg.neighbours(*sq) if grid[n[0]][n[1]] is not None]
    return len(seen) == dg.count_tiles(grid)


def _units_left(state: GameState, p: Player, op: str) -> int:
    name, n = _op(op)
    done = len(state.awaiting.handled) if isinstance(state.awaiting, Handling) else 0
    if name in ("lose_trap_cards", "remove_tunnels"):
        return n - done
    return 1 if name != "pay_wages_or_knock_out" else 99


def _special(state: GameState, p: Player):
    year = str(state.year)
    revealed = state.board.special_revealed.get(year, 0)  # the card of this round's tile: the last revealed
    card = catalog(state).special_events[state.board.special_events[year][revealed - 1]]
    spec = card.effect_spec
    if spec.get("none"):
        return [ev.SpecialEventApplied(color=p.color, card=card.id, effect={}), ev.SpecialEventFinished(color=p.color)]
    ops = spec["each_player_choice"] if "each_player_choice" in spec else [spec["each_player"]]
    started = isinstance(state.awaiting, Handling) and state.awaiting.kind == "special"
    if "each_player" in spec:
        effect = _automatic_effect(p, ops[0])
        if effect is not None or _op(ops[0])[0] in ("pay_gold", "pay_food"):
            return [
                ev.SpecialEventApplied(color=p.color, card=card.id, effect=effect or {}),
                ev.SpecialEventFinished(color=p.color),
            ]
        if started and _units_left(state, p, ops[0]) <= 0:
            return [ev.SpecialEventFinished(color=p.color)]
    elif started:
        return [ev.SpecialEventFinished(color=p.color)]
    options = [ChooseEventOption(player=p.color, option=op, target=t) for op in ops for t in _targets(state, p, op)]
    if not options:
        return [ev.SpecialEventFinished(color=p.color)]

    def handle(st: GameState, cmd: ChooseEventOption):
        if cmd not in options:
            raise refuse(
                "EVENT_OPTION_INVALID",
                "{name}: choose one of {options}",
                "event.special",
                name=card.name,
                options=", ".join(_label(o) for o in options),
            )
        effect = _chosen_effect(state, p, cmd)
        removed = installed_trap_discards(p, effect.get("tiles_removed", []), "its tunnel was removed")
        return [  # the trap on a tunnel removed leaves with it, before the tunnel goes (no state between)
            ev.SpecialEventChoiceMade(color=p.color, card=card.id, option=cmd.option, target=cmd.target),
            *removed,
            ev.SpecialEventApplied(color=p.color, card=card.id, effect=effect),
        ]

    return Pending(
        kind="special_event",
        actors=[p.color],
        prompt=f"{card.name} [{card.status}]: {card.effect}",
        accepts=(ChooseEventOption,),
        handle=handle,
        options_fn=lambda a: options,
        rule="event.special",
        detail={"card": card.id},
    )


def _label(o: ChooseEventOption) -> str:
    return f"{o.option} {o.target}" if o.target else o.option


def _chosen_effect(state: GameState, p: Player, cmd: ChooseEventOption) -> dict:
    name, _ = _op(cmd.option)
    if name == "release_monster":
        return {"monsters_lost": [cmd.target]}
    if name == "lose_trap_cards":
        return {"traps_lost": [cmd.target]}
    if name == "remove_tunnels":
        r, c = (int(x) for x in (cmd.target or "").split(","))
        return {"tiles_removed": [[r, c]]}
    if name == "pay_wages_or_knock_out":
        how, _, monster = (cmd.target or "").partition(":")
        if how == "pay":  # a wage paid again; Evil here is a cost, checked when the option was offered
            return {k: (v if k == "evil" else -v) for k, v in payable_wage(state, p, monster).items()}
        return {"monsters_knocked_out": [monster]}
    return _automatic_effect(p, cmd.option) or {}
