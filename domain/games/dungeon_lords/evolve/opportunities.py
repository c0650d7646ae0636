"""The fold of Festival Season's Unique Opportunities (``festival/``): the boards, and what their actions
do (harvest, invest, masquerade, install traps, improve tunnels, rent rooms, acquire pets)."""

from __future__ import annotations

from .. import events as ev
from ..state import Cell, GameState, PetDraw, cell_at
from .common import done, on, pay, resolve


@on(ev.OpportunityTurnedUp)
def _opportunity_turned_up(s: GameState, e: ev.OpportunityTurnedUp) -> None:
    s.board.opportunity_next = e.board
    done(s, "opportunity_turned_up")


@on(ev.OpportunityPlaced)
def _opportunity_placed(s: GameState, e: ev.OpportunityPlaced) -> None:
    b = s.board
    b.opportunity, b.opportunity_next, b.rent_gold = e.board, "", 0
    b.opportunities_placed.setdefault(str(s.year), []).append(e.board)
    done(s, "opportunity_placed")


@on(ev.FoodHarvested)
def _food_harvested(s: GameState, e: ev.FoodHarvested) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None, "FoodHarvested settled"
    p.food += e.food
    p.imps_busy += e.food + e.foreimps  # above the dungeon for the rest of the round
    p.evil = e.evilometer
    resolve(s, e.resolves, True)


@on(ev.GoldInvested)
def _gold_invested(s: GameState, e: ev.GoldInvested) -> None:
    p = s.player(e.color)
    p.gold -= e.paid
    p.gold_invested += e.returns
    resolve(s, e.resolves, True)


@on(ev.InvestmentReturned)
def _investment_returned(s: GameState, e: ev.InvestmentReturned) -> None:
    p = s.player(e.color)
    p.gold += e.gold
    p.gold_invested -= e.gold


@on(ev.MasqueradeHeld)
def _masquerade_held(s: GameState, e: ev.MasqueradeHeld) -> None:
    p, evilometers = s.player(e.color), e.evilometers
    assert evilometers is not None, "MasqueradeHeld settled"
    pay(p, e.paid, evilometers[e.color])
    p.gold += e.gained.get("gold", 0)
    for color, evil in evilometers.items():  # at once, the payer's and every gain (settled on the track)
        s.player(color).evil = evil
    resolve(s, e.resolves, True)


@on(ev.CombatCardMoved)
def _combat_card_moved(s: GameState, e: ev.CombatCardMoved) -> None:
    cards = s.board.combat_cards
    cards.insert(e.to_position - 1, cards.pop(e.from_position - 1))
    # what each player spied follows the card, not the position it was at
    for p in s.players:
        if p.spied:
            p.spied = {str(cards.index(card) + 1): card for card in p.spied.values() if card and card in cards}


@on(ev.TrapsDealtForInstalling)
def _traps_dealt_for_installing(s: GameState, e: ev.TrapsDealtForInstalling) -> None:
    for card in e.cards:
        s.board.trap_deck.remove(card)
    s.board.install_offer = list(e.cards)
    done(s, "install_offer")


@on(ev.TrapInstalled)
def _trap_installed(s: GameState, e: ev.TrapInstalled) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None, "TrapInstalled settled"
    pay(p, e.paid, e.evilometer)
    s.board.install_offer.remove(e.trap)
    p.installed[f"{e.square[0]},{e.square[1]}"] = e.trap
    resolve(s, e.resolves, True)


@on(ev.InstallOfferDiscarded)
def _install_offer_discarded(s: GameState, e: ev.InstallOfferDiscarded) -> None:
    s.board.trap_discard += e.cards
    s.board.install_offer = []


@on(ev.InstalledTrapDiscarded)
def _installed_trap_discarded(s: GameState, e: ev.InstalledTrapDiscarded) -> None:
    del s.player(e.color).installed[f"{e.square[0]},{e.square[1]}"]
    s.board.trap_discard.append(e.trap)


@on(ev.TunnelsImproved)
def _tunnels_improved(s: GameState, e: ev.TunnelsImproved) -> None:
    p = s.player(e.color)
    for k, square in enumerate(e.squares):
        cell = cell_at(p, square)
        assert cell is not None, "Improve Tunnels works on built tiles"
        if e.option == "improve":
            cell.improved = e.tiles[k]  # the plain tile goes back to the bank
        else:
            cell.conquered = False  # dark side up again; the Evilometer does not move (provisional U-41)
    p.imps_busy += e.imps
    resolve(s, e.resolves, True)


@on(ev.RoomRented)
def _room_rented(s: GameState, e: ev.RoomRented) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None, "RoomRented settled"
    pay(p, e.paid, e.evilometer)
    s.board.room_offer.remove(e.room)
    s.board.rent_gold += e.paid.get("gold", 0)  # on the board for space I
    p.rented.append(Cell("room", room=e.room))
    resolve(s, e.resolves, True)


@on(ev.RentGoldTaken)
def _rent_gold_taken(s: GameState, e: ev.RentGoldTaken) -> None:
    s.player(e.color).gold += e.gold
    s.board.rent_gold -= e.gold
    resolve(s, e.resolves, True)


@on(ev.PetsAcquired)
def _pets_acquired(s: GameState, e: ev.PetsAcquired) -> None:
    p = s.player(e.color)
    assert e.evilometer is not None, "PetsAcquired settled"
    pay(p, e.paid, e.evilometer)
    p.imps += e.imps  # like Recruit Imps' imps: they did no job this round
    if e.pets:
        s.awaiting = PetDraw(color=e.color, count=e.pets)
    else:
        resolve(s, e.resolves, True)


@on(ev.PetsDrawn)
def _pets_drawn(s: GameState, e: ev.PetsDrawn) -> None:
    for card in e.cards:
        s.board.pet_deck.remove(card)
    s.player(e.color).pets += e.cards  # face down in the Pet Box
    s.awaiting = None
    resolve(s, e.resolves, True)
