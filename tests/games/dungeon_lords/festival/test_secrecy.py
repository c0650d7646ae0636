"""Festival Season's new secrets (spec XC-01): what one player is shown does not depend on what is hidden from
them. Two games that differ only in another player's secret choice (the Pet Card passed, the imps sent to the
Festival) show a third player byte-identical views and logs until the secret is revealed (the bids) or for
good (the pets, whose number alone is public)."""

from __future__ import annotations

import json

import pytest
from opportunity_games import play

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords.commands import DiscardPet, FestivalBid, PassPet
from domain.games.dungeon_lords.views import view, visible_log
from domain.kernel import play_until_blocked

PART_1 = ("five_seasons", "unique_opportunities", "festival", "pets", "paladin_pair")


def seen(events, state, viewer: str) -> str:
    return json.dumps([view(state, viewer), visible_log(events, viewer)], sort_keys=True)


def at_pet_pass(seed: int):
    events, state = GAME.new_game(["A", "B", "C", "D"], seed=seed, variant="full", modules=list(PART_1))
    bots = dict.fromkeys(GAME.seats(state), GAME.bots["random"])
    while GAME.engine.pending(state).kind != "pet_pass":
        more, state, _ = play_until_blocked(GAME.engine, state, bots, seed=seed, max_commands=1)
        events += more
    return events, state


@pytest.mark.spec("XC-01", "PE-04")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_XC_01_the_pet_blue_passes_is_hidden_from_red_through_the_whole_pet_phase(seed):
    events, state = at_pet_pass(seed)
    hand = state.pet_draft.hands["blue"]
    twins = []
    for card in hand[:2]:  # blue passes one card or the other (to green, on blue's left)
        log, s = list(events), state
        new, s = GAME.engine.execute(s, PassPet(player="blue", card=card))
        log += new
        for color in ("red", "green", "yellow"):
            new, s = GAME.engine.execute(s, PassPet(player=color, card=s.pet_draft.hands[color][0]))
            log += new
        for color in ("red", "blue", "green", "yellow"):  # each discards the card he was passed
            held = s.pet_draft.hands[color]
            new, s = GAME.engine.execute(s, DiscardPet(player=color, card=held[-1]))
            log += new
        twins.append((log, s))
    (log_a, a), (log_b, b) = twins
    assert a.player("green").pets != b.player("green").pets or a.board.pet_discard != b.board.pet_discard
    assert seen(log_a, a, "red") == seen(log_b, b, "red")  # red never learns which card it was
    assert seen(log_a, a, "blue") != seen(log_b, b, "blue")  # blue knows what he passed


@pytest.mark.spec("XC-01", "FE-03")
def test_XC_01_a_festival_bid_is_hidden_until_every_bid_is_in():
    def bidding(state) -> bool:
        return state.phase == "festival" and state.festival is not None and not state.festival.revealed

    events, state = play(["harvest_food", "invest_gold", "masquerade", "rent_rooms"], modules=PART_1, until=bidding)
    state.player("blue").imps, state.player("blue").imps_busy = 3, 0
    twins = []
    for imps in (0, 2):
        new, s = GAME.engine.execute(state, FestivalBid(player="blue", imps=imps))
        twins.append((events + new, s))
    (log_a, a), (log_b, b) = twins
    assert seen(log_a, a, "red") == seen(log_b, b, "red")
    for color in ("red", "green", "yellow"):  # the last bid reveals them all
        new_a, a = GAME.engine.execute(a, FestivalBid(player=color, imps=0))
        new_b, b = GAME.engine.execute(b, FestivalBid(player=color, imps=0))
        log_a, log_b = log_a + new_a, log_b + new_b
    assert seen(log_a, a, "red") != seen(log_b, b, "red")
