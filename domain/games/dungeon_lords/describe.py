"""One canonical human string for every event and command (CLI, audit, golden files)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from domain.kernel.errors import N_, Listed, Phrase, Verbatim
from domain.kernel.text import printable

from .catalog import Catalog
from .dungeon import label
from .phases.common import name_in
from .registered import playable_catalog
from .ruleset import MODULES, catalog_overlays


def _n(i: str | None) -> str:
    # Names as printed on the shipped components: a description is the same text in every game
    # (golden files, audit); a table's override changes numbers and effects, not what a card is called.
    return name_in(_printed(), i) if i else "-"


@lru_cache(maxsize=1)
def _printed() -> Catalog:
    # the shipped components of the base game and of every rules module (the expansion's new monsters)
    return playable_catalog(None, catalog_overlays(tuple(MODULES)))


def _sq(square) -> str:
    # a square as the page and the CLI diagram label it (column letter, row number: "B2"; dungeon.label)
    return label(square)


def _board(board_id: str) -> str:
    # Festival Season's Unique Opportunity boards and Pet Cards are not in the base catalog: named from their id
    return board_id.replace("_", " ").title()


_OUTPUTS = {"reputation": N_("1 Evil less")}
#: words a command's or a prompt's param may be (translated in the domain ``refusals``): seasons, outputs
_WORDS: tuple[str, ...] = (N_("spring"), N_("summer"), N_("fall"), N_("winter"), N_("none"))
_WORDS += (N_("food"), N_("gold"), N_("imp"), N_("trap"), N_("dig"))


def _other_cost(c) -> str:
    # Festival Season's Cockatrice: "1 food or 1 Evil"
    return ", paying its other cost" if getattr(c, "pay_or", False) else ""


def _gain(gain: dict[str, int]) -> str:
    return ", ".join(f"{v:+d} {k}" for k, v in gain.items())


def _paladin(paladin_id: str) -> str:
    # Festival Season's pair by kind; the base game's paladin keeps the words the golden files hold
    return {"elf": "The elven paladin", "dwarf": "The dwarven paladin"}.get(paladin_id.split("_")[0], "The paladin")


def _cost(d: dict[str, int]) -> str:
    parts = [
        (
            f"{-v} step(s) down the Evilometer"
            if k == "evil" and v < 0
            else f"{v} Evil"
            if k == "evil"
            else f"{v} {k.replace('_', ' ')}"
        )
        for k, v in d.items()
        if v
    ]
    return ", ".join(parts) if parts else "nothing"


def _face_down(e) -> str:
    # tabletop: a face-down card recorded once it is known (spied, revealed, or a sprung trap identified)
    if e.what == "special_event":
        return f"Year {e.year}'s Special Event Card is {_n(e.card)}"
    if e.what == "trap_card":
        return f"The sprung Trap Card #{e.position} was {_n(e.card)}"
    return f"Year {e.year}'s Combat Card #{e.position} is {_n(e.card)}"


#: event type -> its words: one entry per event of the game and of the kernel (built once)
_EVENT_WORDS: dict[str, Callable[[Any], str]] = {
    "GameStarted": lambda e: (
        f"Game started ({e.variant}, {e.mode}): "
        + ", ".join(f"{s.name} ({s.color})" for s in e.players)
        + f"; {e.starting_player} starts"
    ),
    "ScenarioLoaded": lambda e: f"Scenario loaded: {e.name}",
    "CombatCardsDealt": lambda e: f"Year {e.year}'s 4 Combat Cards dealt face down",
    "SpecialEventsDrawn": lambda e: "2 Special Event Cards drawn face down",
    "InaccessibleOrdersDrawn": lambda e: f"{e.color} drew order cards: {', '.join(e.cards)}",
    "InaccessibleOrdersChosen": lambda e: (
        f"{e.color} chose 2 inaccessible orders (secret until every player has chosen)"
        if "hidden" in e.cards  # another seat's, before all are revealed (views)
        else f"{e.color} keeps {', '.join(e.cards)} inaccessible"
    ),
    "PhaseBegan": lambda e: f"— Year {e.year}, {e.season}: {e.phase.replace('_', ' ')} —",
    "OfferDiscarded": lambda e: f"Leftovers discarded: {', '.join(map(_n, e.monsters + e.rooms)) or 'none'}",
    "MonstersRevealed": lambda e: f"Underground Tavern: {', '.join(map(_n, e.tiles))}",
    "RoomsRevealed": lambda e: f"Bargain Basement: {', '.join(map(_n, e.tiles))}",
    "EventTileRevealed": lambda e: f"{e.season}'s event: {e.tile.replace('_', ' ')}",
    "FaceDownCardSeen": lambda e: _face_down(e),
    "SpecialEventRevealed": lambda e: f"Year {e.year}'s Special Event: {_n(e.card)}",
    "AdventurersDrawn": lambda e: f"Adventurers for {e.season} drawn: {', '.join(map(_n, e.tiles))}",
    "AdventurerPutUnder": lambda e: f"All shared one glyph: {_n(e.tile)} goes under the stack",
    "AdventurersLinedUp": lambda e: f"{e.season}'s adventurers, weakest first: {', '.join(map(_n, e.tiles))}",
    "NonPlayerOrdersDrawn": lambda e: f"Non-player {e.color} orders: {', '.join(e.cards)}",
    "OrdersChosen": lambda e: f"{e.color} chose 3 orders (secret)",
    "OrdersRevealed": lambda e: f"Orders #{e.slot + 1} revealed: " + ", ".join(f"{c} {a}" for c, a in e.cards.items()),
    "MinionPlaced": lambda e: (
        f"{e.color}{' (non-player)' if e.nonplayer else ''} -> {e.action} "
        + (f"space {e.space}" if e.space else f"order card ({e.reason})")
        + (f", paid {e.fee_paid} gold fee" if e.fee_paid else "")
    ),
    "NonPlayerOrdersRotated": lambda e: f"Non-player {e.color}: inaccessible now {', '.join(e.inaccessible)}",
    "ActionTaken": lambda e: f"{e.color} {e.action} {e.space}: paid {_cost(e.paid)}, got {_cost(e.gained)}",
    "CombatCardSpied": lambda e: f"{e.color} spied on Combat Card #{e.position}",
    "ActionDeclined": lambda e: f"{e.color} did not carry out {e.action} {e.space} ({e.reason})",
    "TunnelDug": lambda e: (
        f"{e.color} dug a tunnel at {_sq(e.square)}"
        + (" (with a foreimp)" if e.foreimp else "")
        + (" (Tool Shed)" if e.by_room else "")
    ),
    "DiggingFinished": lambda e: f"{e.color} finished digging ({e.dug} tunnel(s))",
    "GoldMined": lambda e: f"{e.color} mined {e.imps} gold" + (" (with a foreimp)" if e.foreimp else ""),
    "TrapCardsDrawn": lambda e: f"{e.color} drew {len(e.cards)} Trap Card(s)",
    "TrapDeckReshuffled": lambda e: f"Trap deck re-formed from {e.cards} discarded cards",
    "TrapDiscarded": lambda e: f"{e.color} discarded a Trap Card",
    "MonsterHired": lambda e: (
        f"{e.color} hired the {_n(e.monster)} for {_cost(e.paid)}"
        + (f", discarding {_n(e.discarded_trap)}" if e.discarded_trap else "")
        + (f", feeding it the {_n(e.fed_monster)}" if e.fed_monster else "")
    ),
    "RoomBuilt": lambda e: f"{e.color} built the {_n(e.room)} at {_sq(e.square)} for {_cost(e.paid)}",
    "RoomProduced": lambda e: (
        f"{e.color} sent {e.trained} imp(s) into the {_n(e.room)}"
        if e.trained > 0
        else f"{e.color} took {-e.trained} imp(s) out of the {_n(e.room)}"
        if e.trained < 0
        else f"{e.color}'s {_n(e.room)} produced {e.output}"
    ),
    "TrainedImpAdded": lambda e: (
        f"{e.color} returns a trained imp to the Imp Den: +1 fatigue"
        if e.added
        else f"{e.color} keeps the trained imps in the Training Room"
    ),
    "OrdersRetrieved": lambda e: f"{e.color} took back {e.card}; inaccessible: {', '.join(e.inaccessible)}",
    "WagePaid": lambda e: (
        f"{e.color} paid the {_n(e.monster)}: {_cost(e.paid)}"
        + (f", fed the {_n(e.fed_monster)}" if e.fed_monster else "")
    ),
    "MonsterReleased": lambda e: f"{e.color} let the {_n(e.monster)} go (+1 Evil)",
    "PayDayFinished": lambda e: f"{e.color} is done with Pay Day",
    "TaxesPaid": lambda e: (
        f"{e.color} paid {e.paid} of {e.due} gold tax" + (f", {e.red_marks} red mark(s)" if e.red_marks else "")
    ),
    "SpecialEventChoiceMade": lambda e: f"{e.color} chose {e.option} {e.target or ''}".strip(),
    "SpecialEventApplied": lambda e: f"{_n(e.card)} on {e.color}: {e.effect or 'no effect'}",
    "SpecialEventFinished": lambda e: f"{e.color} is done with the event",
    "EvilometerMoved": lambda e: f"{e.color}'s Evil Marker moves {e.steps:+d} to {e.evil}",
    "NonPlayerEvilMoved": lambda e: f"Non-player {e.color} Evil Counter moves {e.steps:+d}",
    "AdventurerAssigned": lambda e: f"{_n(e.tile)} goes to {e.color} (position {e.position + 1})",
    "AdventurerDiscarded": lambda e: f"{_n(e.tile)} discarded ({e.reason})",
    "PaladinArrived": lambda e: f"{_paladin(e.paladin)} sets out for {e.color}'s dungeon",
    "PaladinMoved": lambda e: f"{_paladin(e.paladin)} moves from {e.from_color} to {e.to_color}",
    "PaladinSentAway": lambda e: f"{_paladin(e.paladin)}, dealt to non-player {e.color}, goes to the Distant Lands",
    "OpportunityTurnedUp": lambda e: f"The {_board(e.board)} board is turned up on the stack (next round's)",
    "OpportunityPlaced": lambda e: f"The {_board(e.board)} board covers its place this round",
    "FoodHarvested": lambda e: (
        f"{e.color} harvested {e.food} food on space {e.space} ({e.foreimps} foreimp(s))"
        + (f", {e.evil:+d} Evil" if e.evil else "")
    ),
    "GoldInvested": lambda e: (
        f"{e.color} invested {e.paid} gold on space {e.space} ({e.returns} back after the orders)"
    ),
    "InvestmentReturned": lambda e: f"{e.color}'s investment pays {e.gold} gold",
    "MasqueradeHeld": lambda e: (
        f"{e.color} at the Masquerade, space {e.space}: paid {_cost(e.paid)}, got {_cost(e.gained)}; Evil "
        + ", ".join(f"{c} {s:+d}" for c, s in e.evil.items())
    ),
    "CombatCardMoved": lambda e: f"{e.color} put Combat Card #{e.from_position} back at #{e.to_position}",
    "FestivalBegan": lambda e: "The Festival: the prizes are " + (", ".join(map(_board, e.prizes)) or "none"),
    "FestivalBid": lambda e: f"{e.color} sends {e.imps} imp(s) to the Festival",
    "FestivalBidsRevealed": lambda e: (
        "Festival bids: "
        + ", ".join(f"{c} {n}" for c, n in e.bids.items())
        + "; pick order: "
        + (", ".join(e.pick_order) or "nobody")
    ),
    "FestivalPrizeTaken": lambda e: (
        f"{e.color} takes the {_board(e.board)} board at the Festival ({e.prize.replace('_', ' ')})"
        + (f", paying {_cost(e.paid)}" if e.paid else "")
        + (f": the {_n(e.monster)}" if e.monster else "")
        + (f": the {_n(e.room)} at {_sq(e.square)}" if e.room and e.square else "")
        + (f": a tunnel at {_sq(e.square)}" if e.square and not e.room else "")
    ),
    "FestivalPrizeDeclined": lambda e: f"{e.color} takes nothing at the Festival",
    "FestivalEnded": lambda e: "The Festival is over; the boards go to the box",
    "PetsDealt": lambda e: f"{e.color} is dealt {len(e.cards)} Pet Card(s)",
    "PetDeckReshuffled": lambda e: f"The Pet deck is made again from {e.cards} discarded pets",
    "PetPassChosen": lambda e: f"{e.color} chooses a Pet Card to pass",
    "PetsExchanged": lambda e: "Pet Cards passed: " + ", ".join(f"{a} -> {b}" for a, b in e.to.items()),
    "PetDiscarded": lambda e: f"{e.color} discards a Pet Card and keeps the rest",
    "PetUsed": lambda e: f"{e.color} uses the pet {_board(e.card)}" + (f": {_gain(e.gain)}" if e.gain else ""),
    "PetDraftEnded": lambda e: "The Pet Phase is over",
    "PetsAcquired": lambda e: (
        f"{e.color} at Acquire Pet, space {e.space}: paid {_cost(e.paid)}, {e.imps} imp(s), {e.pets} pet(s) to draw"
    ),
    "RoomRented": lambda e: f"{e.color} rents the {_n(e.room)} on space {e.space} for {_cost(e.paid)}",
    "RentGoldTaken": lambda e: f"{e.color} takes the {e.gold} gold space III paid at Rent Rooms",
    "TrapsDealtForInstalling": lambda e: "Trap Cards dealt face up for Install Traps: " + ", ".join(map(_n, e.cards)),
    "TrapInstalled": lambda e: f"{e.color} installs the {_n(e.trap)} at {_sq(e.square)} for {_cost(e.paid)}",
    "InstallOfferDiscarded": lambda e: f"{len(e.cards)} Trap Card(s) nobody installed are discarded",
    "InstalledTrapDiscarded": lambda e: (
        f"{e.color}'s installed {_n(e.trap)} at {_sq(e.square)} is discarded ({e.reason})"
    ),
    "TunnelsImproved": lambda e: (
        f"{e.color} ({e.imps} imps) "
        + (
            "improves " + ", ".join(f"{_sq(sq)} into the {_board(t)}" for sq, t in zip(e.squares, e.tiles, strict=True))
            if e.option == "improve"
            else "deconquers " + ", ".join(map(_sq, e.squares))
        )
    ),
    "BardStepTaken": lambda e: (
        "The Bard Step: " + (", ".join(f"{_n(w)} {n} Courage" for w, n in e.tokens.items()) or "no Courage")
    ),
    "CourageRemoved": lambda e: "The Courage left is removed before the Conquering Step",
    "PetsDrawn": lambda e: f"{e.color} draws {len(e.cards)} Pet Card(s) into the Pet Box",
    "RoundEnded": lambda e: f"End of {e.season}: imps return; {e.starting_player} is starting player",
    "YearBegan": lambda e: f"Year {e.year} begins; {e.starting_player} is starting player",
    "TableRulingApplied": lambda e: f"Table ruling ({e.reason}): {e.changes}",
    "InputCorrected": lambda e: (
        f"Correction of event {e.first}: {e.was} -> {e.now}; "
        f"{len(e.kept)} later input(s) re-applied"
        + (f", {len(e.superseded)} superseded from {e.divergence}" if e.superseded else "")
    ),
    "TrapsOrdered": lambda e: f"{e.color} springs the Labyrinth's traps in this order: " + ", ".join(map(_n, e.traps)),
    "GameArchived": lambda e: (
        "The game is archived (left out of the statistics)" + (f": {e.reason}" if e.reason else "")
    ),
    "InputUndone": lambda e: (
        ("The recorder" if e.player == "chance" else e.player)
        + f" took back events {e.first}..{e.last} ({e.description})"
    ),
    "CombatRoundBegan": lambda e: f"— Year {e.year} Combat, round {e.round}: planning —",
    "BattlePlanned": lambda e: (
        f"{e.color} plans a battle at {_sq(e.tile)}: {len(e.traps)} trap(s) face down, "
        f"monsters {', '.join(map(_n, e.monsters)) or 'none'}"
        + (f", and uses the pet(s) {', '.join(map(_board, e.pets))}" if e.pets else "")
    ),
    "PrisonerReleased": lambda e: f"{e.color} has no unconquered tile and releases the {_n(e.prisoner)}",
    "CombatCardRevealed": lambda e: f"Combat Card for round {e.round}: {_n(e.card)}",
    "BattleBegan": lambda e: f"{e.color}'s battle at {_sq(e.tile)}" + (f" ({_n(e.room)})" if e.room else " (tunnel)"),
    "TrapSprung": lambda e: (
        f"{e.color} springs the {_n(e.trap)}"
        + (f" at {_n(e.target)}" if e.target else "")
        + (f", paying {_cost(e.paid)}" if e.paid else "")
        + (f" ({', '.join(e.effects)})" if e.effects else "")
    ),
    "DamageDealt": lambda e: (
        f"  {_n(e.target)} takes {e.amount} ({e.source.split(':')[0]})"
        + (f", {e.prevented} stopped by {e.prevented_by}" if e.prevented else "")
    ),
    "AdventurerImprisoned": lambda e: f"  {_n(e.adventurer)} is eliminated: to {e.color}'s prison",
    "IllusionVanished": lambda e: "  the Illusion vanishes",
    "SpellCast": lambda e: f"{e.step} spell {_n(e.card)} is cast" + (f": {e.effect}" if e.effect else ""),
    "SpellNotCast": lambda e: f"{e.step} spell {_n(e.card)}: not cast ({e.reason})",
    "SpellChoiceMade": lambda e: (
        f"{e.color} answers {_n(e.card)}: {e.option} {_n(e.target) if e.target else ''}".strip()
    ),
    "MonsterAttacked": lambda e: (
        f"{e.color}'s {_n(e.monster)} attacks ({e.option})"
        + (f" {', '.join(map(_n, e.targets))}" if e.targets else "")
        + ("" if e.attacked else " - no one it may attack")
        + ("" if e.knocked_out else ", and returns face up")
    ),
    "PartyHealed": lambda e: (
        "The priests heal " + (", ".join(f"{_n(k)} {v}" for k, v in e.healed.items()) or "nobody (no damage)")
    ),
    "HealingSkipped": lambda e: f"No healing: {e.reason}",
    "TileConquered": lambda e: f"The party conquers {e.color}'s tile {_sq(e.tile)}; {e.color} loses 1 Evil",
    "ConquestPrevented": lambda e: f"No conquest at {e.color}'s: {e.reason}",
    "BattleEnded": lambda e: f"{e.color}'s battle ends",
    "CombatRoundEnded": lambda e: f"End of combat round {e.round}",
    "CombatEnded": lambda e: (
        "Combat is over; "
        + ("; ".join(f"{c}: {', '.join(map(_n, w))} leave" for c, w in e.departed.items()) or "no survivor")
    ),
    "GameScored": lambda e: (
        "Final scores: "
        + ", ".join(f"{s['color']} {s['total']}" + (" (winner)" if s["winner"] else "") for s in e.scores)
    ),
}


def describe_event(e) -> str:
    """An event in words, one line (the log, the audit, the record's comments, the golden files); a stored
    reason or name is made printable, so it never drives a terminal.

    Raises:
        ValueError: an event type without words here (every event of the game and the kernel has them).
    """
    words = _EVENT_WORDS.get(e.type)
    if words is None:
        raise ValueError(f"no words for the event type {e.type!r} (add them to describe.py)")
    return printable(words(e))


def _masquerade(c) -> str:
    if c.spy is None:
        return Phrase("go to the Masquerade")
    if c.put_back not in (None, c.spy):
        return Phrase(
            "go to the Masquerade, look at Combat Card #{spy}, put it back at #{back}", spy=c.spy, back=c.put_back
        )
    return Phrase("go to the Masquerade, look at Combat Card #{spy}", spy=c.spy)


def _festival_pick(c) -> str:
    if c.board is None:
        return Phrase("take nothing at the Festival")
    what = [f"the {_n(c.monster)} ({c.monster})" if c.monster else "", f"the {_n(c.room)}" if c.room else ""]
    what += [
        f"discarding {c.discard_trap}" if c.discard_trap else "",
        f"feeding {c.feed_monster}" if c.feed_monster else "",
    ]
    where = f" at {_sq(c.square)}" if c.square else ""
    return f"take the {_board(c.board)} board" + "".join(f": {w}" for w in what if w) + where + _other_cost(c)


def _improve_tunnels(c) -> str:
    if c.option == "improve":
        return "improve " + ", ".join(f"{_sq(s)} into the {_board(x)}" for s, x in zip(c.squares, c.tiles))
    return c.option.replace("_", " ") + " " + ", ".join(map(_sq, c.squares))


def _named(component: str) -> str:
    # a component named in a command's words: its printed name, and its id for a reader of another language
    return Listed([(component.split("#")[0], _n(component))])


def _id(component: str) -> str:
    # a component's id as typed (``trap_door#2``) in English; its name for a reader of another language
    return Listed([(component.split("#")[0], component)])


def _ids(components: list[str]) -> str:
    # components by id, comma-separated ("none": none), each named for a reader of another language
    return Listed([(c.split("#")[0], c) for c in components], ranked=True) if components else N_("none")


def _hire(c) -> str:
    if not (c.discard_trap or c.feed_monster or _other_cost(c)):
        return Phrase("hire the {monster} ({id})", monster=_named(c.monster), id=c.monster)
    if not (c.feed_monster or _other_cost(c)):
        trap = _id(c.discard_trap)
        return Phrase(
            "hire the {monster} ({id}), discarding {trap}", monster=_named(c.monster), id=c.monster, trap=trap
        )
    if not (c.discard_trap or _other_cost(c)):
        fed = _id(c.feed_monster)
        return Phrase("hire the {monster} ({id}), feeding {fed}", monster=_named(c.monster), id=c.monster, fed=fed)
    s = f"hire the {_n(c.monster)} ({c.monster})"
    if c.discard_trap:
        s += f", discarding {c.discard_trap}"
    if c.feed_monster:
        s += f", feeding {c.feed_monster}"
    return s + _other_cost(c)


def _produce(c) -> str:
    if c.output in ("in", "out"):  # Festival Season's imp Training Room
        if c.output == "in":
            return Phrase("send {n} imp(s) into the Training Room", n=c.count)
        return Phrase("take {n} imp(s) out", n=c.count)
    at, made = _sq(c.square), _OUTPUTS.get(c.output, c.output)
    if c.dig and c.output:
        return Phrase("produce in the room at {at}, digging at {dig}, making {made}", at=at, dig=_sq(c.dig), made=made)
    if c.dig:
        return Phrase("produce in the room at {at}, digging at {dig}", at=at, dig=_sq(c.dig))
    if c.output:
        return Phrase("produce in the room at {at}, making {made}", at=at, made=made)
    return Phrase("produce in the room at {at}", at=at)


def _pay_wage(c) -> str:
    if not (c.feed_monster or c.discard_trap or _other_cost(c)):
        return Phrase("pay the {monster}", monster=_named(c.monster))
    if not (c.discard_trap or _other_cost(c)):
        return Phrase("pay the {monster}, feeding it {fed}", monster=_named(c.monster), fed=_id(c.feed_monster))
    if not (c.feed_monster or _other_cost(c)):
        return Phrase("pay the {monster}, discarding {trap}", monster=_named(c.monster), trap=_id(c.discard_trap))
    s = f"pay the {_n(c.monster)}"
    if c.feed_monster:
        s += f", feeding it {c.feed_monster}"
    if c.discard_trap:
        s += f", discarding {c.discard_trap}"
    return s + _other_cost(c)


#: command type -> its words (the base game's and Festival Season's: the table page's buttons, the record's
#: comments); a type not listed is its name in words ("stop_digging": "stop digging")
_COMMAND_WORDS: dict[str, Callable[[Any], str]] = {
    "choose_orders": lambda c: (
        Phrase(
            "orders {orders} (non-player: {nonplayer})",
            orders=Listed([(o, o) for o in c.orders], " -> ", ranked=True),
            nonplayer=Listed([(c.nonplayer_order, c.nonplayer_order)]),
        )
        if c.nonplayer_order
        else Phrase("orders {orders}", orders=Listed([(o, o) for o in c.orders], " -> ", ranked=True))
    ),
    "dig_tunnel": lambda c: Phrase("dig a tunnel at {square}", square=_sq(c.square)),
    "mine_gold": lambda c: (
        Phrase("mine with {imps} imp(s) and {vein} in the Mithril Vein", imps=c.imps, vein=c.vein)
        if c.vein
        else Phrase("mine with {imps} imp(s)", imps=c.imps)
    ),
    "harvest_food": lambda c: Phrase("harvest {food} food", food=c.food),
    "masquerade": _masquerade,
    "festival_bid": lambda c: Phrase("send {imps} imp(s) to the Festival", imps=c.imps),
    "festival_pick": _festival_pick,
    "pass_pet": lambda c: Phrase("pass {card} to the left", card=Verbatim(c.card)),
    "discard_pet": lambda c: Phrase("discard {card}", card=Verbatim(c.card)),
    "add_trained_imp": lambda c: (
        Phrase("return a trained imp to the Imp Den for +1 fatigue") if c.add else Phrase("keep the trained imps")
    ),
    "use_pet": lambda c: Phrase("use the pet {pet}", pet=Verbatim(_board(c.card))),
    "rent_room": lambda c: (
        Phrase("take space III's gold") if c.take_gold else Phrase("rent the {room}", room=_named(c.room))
    ),
    "install_trap": lambda c: Phrase("install the {trap} at {square}", trap=_named(c.trap), square=_sq(c.square)),
    "improve_tunnels": _improve_tunnels,
    "hire_monster": _hire,
    "build_room": lambda c: Phrase("build the {room} at {square}", room=_named(c.room), square=_sq(c.square)),
    "improve_reputation": lambda c: (
        Phrase("improve reputation and spy on Combat Card #{spy}", spy=c.spy) if c.spy else Phrase("improve reputation")
    ),
    "produce": _produce,
    "retrieve_order": lambda c: Phrase("take back {card}", card=Listed([(c.card, c.card)])),
    "pay_wage": _pay_wage,
    "release_monster": lambda c: Phrase("let the {monster} go (+1 Evil)", monster=_named(c.monster)),
    "pay_taxes": lambda c: Phrase("pay {gold} gold in taxes", gold=c.gold),
    "choose_inaccessible_orders": lambda c: Phrase(
        "keep {cards} inaccessible", cards=Listed([(o, o) for o in c.cards], ranked=True)
    ),
    "discard_trap": lambda c: Phrase("discard {trap} ({id})", trap=_named(c.card), id=c.card),
    "choose_event_option": lambda c: f"{c.option} {c.target or ''}".strip(),
    "plan_battle": lambda c: (
        f"battle at {_sq(c.tile)}: traps {', '.join(c.traps) or 'none'}; "
        f"monsters {', '.join(c.monsters) or 'none'}; pets {', '.join(map(_board, c.pets))}"
        if c.pets  # Festival Season's pets: English
        else Phrase(
            "battle at {tile}: traps {traps}; monsters {monsters}",
            tile=_sq(c.tile),
            traps=_ids(c.traps),
            monsters=_ids(c.monsters),
        )
    ),
    "release_prisoner": lambda c: Phrase("release {prisoner} ({id})", prisoner=_named(c.prisoner), id=c.prisoner),
    "target_trap": lambda c: Phrase("aim at {target} ({id})", target=_named(c.target), id=c.target),
    "order_traps": lambda c: Phrase("spring {trap} ({id}) first", trap=_named(c.first), id=c.first),
    "attack": lambda c: (
        Phrase(
            "{monster} attack {option} on {targets}", monster=_id(c.monster), option=c.option, targets=_ids(c.targets)
        )
        if c.targets
        else Phrase("{monster} attack {option}", monster=_id(c.monster), option=c.option)
    ),
    "spell_choice": lambda c: f"{c.option} {c.target or ''}".strip(),
    "table_ruling": lambda c: f"table ruling ({c.reason}): {c.changes}",
    "record_draw": lambda c: Phrase("draw: {cards}", cards=", ".join(c.cards)),
}
#: the base game's commands said by their type in words (translated in the domain ``refusals``)
_PLAIN = {"stop_digging": N_("stop digging"), "decline": N_("decline"), "take_action": N_("take action")}


def describe_command(c) -> str:
    """A command in words, one line (options, the record, the table page's buttons); printable."""
    words = _COMMAND_WORDS.get(c.type)
    return printable(words(c) if words else _PLAIN.get(c.type) or c.type.replace("_", " "))
