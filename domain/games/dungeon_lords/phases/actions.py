"""The Actions phase: carrying out orders in board order, each location's spaces in its order.

Each location's own rules are looked up by action id in :data:`..actions.ACTIONS` (one module per
location); this module runs the loop: who acts next, declining (by choice, or automatically with the
reason), the digging sub-step, and the Trap Card draw and discard of Buy Traps.

Rules: Rulebook › Executing Orders; › Description of Actions; › Second Year › Buying Traps in the
Second Year.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from domain.kernel import CHANCE, ChanceSpec, Pending, unless_refused
from domain.kernel.errors import Listed, Phrase
from domain.kernel.pending import DecidedOptions, LazyCommands

from .. import dungeon as dg
from .. import events as ev
from ..actions import ActionRules, acting, action_name, location_commands, rules_for, space_spec
from ..actions.dig_tunnels import dig_event
from ..commands import Decline, DigTunnel, DiscardTrap, RecordDraw, StopDigging
from ..errors import RuleViolation, refuse
from ..state import Digging, GameState, Placement, Player, TrapDiscard, TrapDraw
from .common import UNSEEN_DRAW, catalog
from .rounds import _draw, after_phase


def _accepted() -> tuple[type, ...]:
    """The commands that answer an order: each registered location's, and Decline."""
    return (*location_commands(), Decline)


def current(state: GameState) -> Placement | None:
    """The next minion to act: board order, and each action's own space order."""
    b = state.board
    spaces = b.spaces
    cat = catalog(state)
    order = cat.resolution_order_with(b.opportunity) if b.opportunity else cat.resolution_order
    for action_id, i in order:
        pl = spaces[action_id][i]
        if pl is not None and not pl.resolved:
            return pl
    return None


#: a module's own sub-steps of an order (Festival Season's Pet Card draw): sub-step class -> its step
SUB_STEP_RULES: dict[type, Callable[[GameState], object]] = {}


def register_sub_step(cls: type, rule: Callable[[GameState], object]) -> None:
    """Let the Actions phase run ``rule`` while ``state.awaiting`` is a ``cls`` (a module's draw after an
    order). Raises ValueError if ``cls`` has a rule already."""
    if cls in SUB_STEP_RULES:
        raise ValueError(f"sub-step {cls.__name__} is registered twice")
    SUB_STEP_RULES[cls] = rule


def step(state: GameState):
    """The Actions Phase's next step (Rulebook › Executing Orders): the minion on the next space, in board order,
    carries out its order at its location (``actions/``).

    Returns:
        a sub-step's ``Pending`` or events (a Trap Card draw, a discard, digging, a module's sub-step); the acting
        player's legal options at the location (``Pending``, kind "action"); ``[ActionDeclined]`` (the reason in
        words) when none is legal; once every order is carried out, Festival Season's ``InvestmentReturned``
        (gold) and ``InstallOfferDiscarded``, then the next phase's events."""
    aw = state.awaiting
    if isinstance(aw, TrapDraw):
        return trap_draw_step(state)
    if isinstance(aw, TrapDiscard):
        return _discard_pending(state)
    if aw is not None and type(aw) in SUB_STEP_RULES:
        return SUB_STEP_RULES[type(aw)](state)
    pl = current(state)
    if pl is None:
        # Invest Gold (Festival Season): the return is paid as the Orders Phase ends
        returns: list[ev.Event] = [
            ev.InvestmentReturned(color=p.color, gold=p.gold_invested) for p in state.players if p.gold_invested
        ]
        if state.board.install_offer:  # Install Traps: the traps nobody took are discarded face down
            returns.append(ev.InstallOfferDiscarded(cards=list(state.board.install_offer)))
        return returns or after_phase(state, "actions")
    if isinstance(aw, Digging):
        return _digging_step(state, pl)
    p = state.player(pl.color)
    rules = rules_for(state, pl)
    handle: Callable[[GameState, Any], list[ev.Event]]
    build: Callable[[str, Any], Any] | None = None
    if rules.check is not None:  # each candidate checked; the events of the one taken only are built
        legal = _checked(state, p, pl, rules)
        handle, build = _handle, rules.build  # (with build, legal holds specs: commands made when taken)
    else:
        decided = list(_legal(state, p, pl))  # once: whether any is legal, and then the options
        known = DecidedOptions(state, lambda: decided, _handle)  # the option taken is not decided again
        legal = known.options()
        handle = known.handle
    if not legal:
        why = rules.why_not(state, p, pl).message
        return [ev.ActionDeclined(color=p.color, action=pl.action, space=pl.space, reason=f"cannot: {why}")]  # type: ignore[arg-type]
    color, action, space = p.color, pl.action, pl.space
    return Pending(
        kind="action",
        actors=[p.color],
        prompt=lambda: Phrase(  # made when read (never by a bot): names from the catalog, fixed for the game
            "{color}: {action} on space {space}",
            color=color,
            action=Listed([(acting(state, action), action_name(state, pl))]),
            space=space,
        ),
        accepts=_accepted(),
        handle=handle,
        options_fn=lambda a: LazyCommands([*legal, None], partial(_option, color, build)),
        rule="action.order",
        detail={"action": pl.action, "space": pl.space},
    )


# --- options -------------------------------------------------------------------------------------
def _option(color: str, build: Callable[[str, Any], Any] | None, c: Any) -> Any:
    """The command of one listed option: Decline (None), a spec's command (``build``), else ``c`` itself."""
    if c is None:
        return Decline(player=color)
    return build(color, c) if build is not None else c


def _legal(state: GameState, p: Player, pl: Placement) -> Iterator[tuple[Any, list[ev.Event]]]:
    """The legal ways to carry out the order with the events each decides, lazily (a generator: the
    first one answers "any?")."""
    for cmd in rules_for(state, pl).candidates(state, p, pl):
        events = unless_refused(_decide, state, p, pl, cmd)
        if events is not None:
            yield cmd, events


def _checked(state: GameState, p: Player, pl: Placement, rules: ActionRules) -> list[Any]:
    """The candidates the location's ``check`` allows (no events built: only the option taken is decided)."""
    check = rules.check
    assert check is not None
    legal = []
    for cmd in rules.candidates(state, p, pl):
        try:
            check(state, p, pl, cmd)
        except RuleViolation as refusal:
            refusal.__traceback__ = None  # (see unless_refused: no cycle through the traceback)
            continue
        legal.append(cmd)
    return legal


# --- deciding -----------------------------------------------------------------------------------
def _handle(state: GameState, cmd) -> list[ev.Event]:
    pl = current(state)
    assert pl is not None, "an order answered when no minion waits"
    return _decide(state, state.player(pl.color), pl, cmd)


def _decide(state: GameState, p: Player, pl: Placement, cmd) -> list[ev.Event]:
    """Decline, or the location's own rules (looked up by action id: Rulebook › Executing Orders)."""
    if isinstance(cmd, Decline):
        return [ev.ActionDeclined(color=p.color, action=pl.action, space=pl.space, reason="declined")]  # type: ignore[arg-type]
    rules = rules_for(state, pl)
    if not isinstance(cmd, rules.command):
        raise refuse(
            "WRONG_COMMAND_FOR_ACTION",
            "{color}'s minion is on {action_name} space {space}: answer with {command} or Decline",
            "action.order",
            color=p.color,
            action_name=action_name(state, pl),
            space=pl.space,
            command=rules.command.__name__,
        )
    return rules.decide(state, p, pl, cmd)


def _digging_step(state: GameState, pl: Placement):
    aw = state.awaiting
    assert isinstance(aw, Digging)
    limit = space_spec(state, pl).reward.tunnels_up_to  # the permit of the space (Dig Tunnels)
    p = state.player(aw.color)
    squares = dg.diggable(p.dungeon)  # where the grid rules allow a tunnel
    # the permit and the imps are the same for every square: one check says for all of them
    if not squares or unless_refused(dig_event, p, squares[0], aw.dug, limit, False) is None:
        return [ev.DiggingFinished(color=p.color, dug=aw.dug)]
    color, dug = p.color, aw.dug

    def build(square: tuple[int, int] | None) -> DigTunnel | StopDigging:
        return StopDigging(player=color) if square is None else DigTunnel(player=color, square=square)

    def handle(st: GameState, cmd):
        if isinstance(cmd, StopDigging):
            return [ev.DiggingFinished(color=p.color, dug=aw.dug)]
        if not isinstance(cmd, DigTunnel):
            raise refuse("DIGGING_IN_PROGRESS", "dig another tunnel or stop digging", "dig.permit")
        return [dig_event(p, cmd.square, aw.dug, limit, False)]

    return Pending(
        kind="digging",
        actors=[p.color],
        prompt=lambda: Phrase(
            "{color}: dig another tunnel ({dug} of {limit} dug) or stop", color=color, dug=dug, limit=limit
        ),
        accepts=(DigTunnel, StopDigging),
        handle=handle,
        options_fn=lambda a: LazyCommands([*squares, None], build),  # built when drawn (a bot takes one)
        rule="dig.permit",
    )


# --- trap cards (Buy Traps and the Workshop) -----------------------------------------------------------
def trap_draw_step(state: GameState):
    """The Trap Card draw pending in ``state.awaiting`` (a ``TrapDraw``: ``count`` cards for ``color``;
    Rulebook › Description of Actions › Buy Traps, › Buying Traps in the Second Year).

    Returns:
        ``[TrapDeckReshuffled]`` when fewer cards lie in the deck than the draw needs and some are discarded
        (Engine choice, rule ``traps.deck_empty``); else the chance ``Pending``: digital, ``count`` cards drawn
        from ``trap_deck``; tabletop, the cards still listed and a ``?`` for each card that may come up unseen
        (identified when it springs).

    Raises:
        AssertionError: no Trap Card draw is pending."""
    aw = state.awaiting
    assert isinstance(aw, TrapDraw)
    b = state.board
    # cards physically in the deck: the unseen cards' real cards are still listed in trap_deck
    in_deck = len(b.trap_deck) - sum(1 for c in b.unseen_traps if c not in b.trap_discard)
    if in_deck < aw.count and b.trap_discard:
        return [ev.TrapDeckReshuffled(cards=len(b.trap_discard))]
    build = lambda cards, c=aw.color: [ev.TrapCardsDrawn(color=c, cards=cards)]  # noqa: E731
    prompt = Phrase("Draw {n} Trap Card(s) for {color}", n=aw.count, color=aw.color)
    if state.mode != "tabletop":
        return _draw("trap_cards", list(b.trap_deck), aw.count, build, prompt, color=aw.color)
    # Tabletop: a card the recorder does not see is entered as "?" and identified when it is sprung
    # (issue: "a trap card is recorded when drawn or, if the recorder only learns it when played, at
    # that moment"). Any card still listed can be named; at most in_deck cards come up.
    count = min(aw.count, in_deck)
    spec = ChanceSpec(
        what="trap_cards", pool=list(b.trap_deck) + [UNSEEN_DRAW] * count, count=count, color=aw.color, build=build
    )
    return Pending(
        kind="chance",
        actors=[CHANCE],
        prompt=Phrase(
            "Draw {n} Trap Card(s) for {color} ({unseen} for a card not seen)",
            n=aw.count,
            color=aw.color,
            unseen=UNSEEN_DRAW,
        ),
        chance=spec,
        accepts=(RecordDraw,),
        rule="input.chance",
    )


def _discard_pending(state: GameState) -> Pending:
    aw = state.awaiting
    assert isinstance(aw, TrapDiscard)
    p = state.player(aw.color)

    def handle(st: GameState, cmd: DiscardTrap):
        if cmd.card not in p.traps:
            raise refuse(
                "TRAP_NOT_HELD",
                "{card} is not one of {color}'s Trap Cards",
                "traps.second_year",
                card=cmd.card,
                color=p.color,
            )
        return [ev.TrapDiscarded(color=p.color, card=cmd.card)]

    return Pending(
        kind="discard_trap",
        actors=[p.color],
        prompt=lambda: Phrase("{color}: discard one Trap Card (Second Year Buy Traps)", color=p.color),
        accepts=(DiscardTrap,),
        handle=handle,
        options_fn=lambda a: [DiscardTrap(player=p.color, card=c) for c in p.traps],
        rule="traps.second_year",
    )
