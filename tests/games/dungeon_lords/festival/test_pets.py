"""Festival Season's ``pets`` module (spec section 5: YR-02, PE-01..PE-04, PE-09, PE-10, NP-09, the worked example
T-35, and the provisional U-17 / U-18): the Pet Phase's draft, the secret Pet Box and the pet show. The module is
playable (``new --module pets``); whole games with bots at every seat check the invariants after every command."""

from __future__ import annotations

import pytest
from clirun import run
from festival_games import by_year, of, whole_game

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.catalog import base_catalog
from domain.games.dungeon_lords.commands import DiscardPet, PassPet
from domain.games.dungeon_lords.phases.common import catalog
from domain.games.dungeon_lords.scoring import score
from domain.games.dungeon_lords.views import HIDDEN, view, visible_log
from domain.kernel import RuleViolation, play_until_blocked

PETS = ("five_seasons", "pets")


def at_pet_phase(players: int = 4, seed: int = 3, modules: tuple[str, ...] = PETS):
    """A game's state as its first Pet Phase waits for the passes (bots played up to there)."""
    _, state = GAME.new_game([f"P{k + 1}" for k in range(players)], seed=seed, variant="full", modules=list(modules))
    bots = dict.fromkeys(GAME.seats(state), GAME.bots["random"])
    for _ in range(5000):
        pending = GAME.engine.pending(state)
        if pending.kind == "pet_pass":
            return state
        _, state, _ = play_until_blocked(GAME.engine, state, bots, seed=seed, max_commands=1)
    raise AssertionError("no Pet Phase")


@pytest.mark.spec("YR-02", "PE-01")
def test_YR_02_PE_01_the_pet_phase_follows_production_in_the_first_round_of_each_year():
    events, _ = whole_game(4, 1, PETS)
    phases = [(e.season, e.phase) for e in of(events, ev.PhaseBegan)]
    pet_phases = [i for i, p in enumerate(phases) if p[1] == "pets"]
    assert len(pet_phases) == 2  # once a Year
    for i in pet_phases:
        assert phases[i] == ("winter", "pets") and phases[i - 1] == ("winter", "production")
        assert phases[i + 1][1] == "new_round"  # then the End of the Round


@pytest.mark.spec("PE-02", "PE-03", "NP-09")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_PE_02_03_deal_two_pass_one_left_discard_one_and_everyone_ends_with_one_pet_more(players):
    events, state = whole_game(players, 2, PETS)
    seats = [p.color for p in state.players]
    for year, year_events in by_year(events, ev.Event).items():
        dealt = {e.color: e.cards for e in of(year_events, ev.PetsDealt)}
        assert sorted(dealt) == sorted(seats) and all(len(cards) == 2 for cards in dealt.values())
        chosen = {e.color: e.card for e in of(year_events, ev.PetPassChosen)}
        (exchange,) = of(year_events, ev.PetsExchanged)
        assert exchange.to == {c: seats[(seats.index(c) + 1) % players] for c in seats}  # to the left
        for giver, card in chosen.items():
            assert card in dealt[giver] or year == 2  # Year 2: an old pet may be passed too
        assert len(of(year_events, ev.PetDiscarded)) == players
    assert all(len(p.pets) + len(p.pets_used) == 2 for p in state.players)  # one kept each Year


@pytest.mark.spec("PE-03")
def test_T_35_a_second_year_draft_holding_one_old_pet():
    state = GAME.rules.clone(at_pet_phase())
    # the position: red holds one old pet, which joined the 2 dealt (the PetsDealt rule); holds no other
    old = next(c for c in state.board.pet_deck)
    state.board.pet_deck.remove(old)
    state.pet_draft.hands["red"].append(old)
    assert len(state.pet_draft.hands["red"]) == 3 and state.player("red").pets == []
    _, state = GAME.engine.execute(state, PassPet(player="red", card=old))  # an old pet may be passed
    for color in ("blue", "green", "yellow"):
        _, state = GAME.engine.execute(state, PassPet(player=color, card=state.pet_draft.hands[color][0]))
    hand = state.pet_draft.hands["red"]
    assert len(hand) == 3 and old not in hand  # passed 1, received 1
    _, state = GAME.engine.execute(state, DiscardPet(player="red", card=hand[0]))
    assert len(state.player("red").pets) == 2  # keeps 2: one more than the one old pet


@pytest.mark.spec("PE-03")
def test_PE_03_the_second_year_hand_holds_the_pets_kept_in_the_first():
    events, state = whole_game(3, 4, PETS)
    seats = [p.color for p in state.players]
    right = {seats[(k + 1) % 3]: seats[k] for k in range(3)}
    year = by_year(events, ev.Event)
    dealt1 = {e.color: set(e.cards) for e in of(year[1], ev.PetsDealt)}
    passed1 = {e.color: e.card for e in of(year[1], ev.PetPassChosen)}
    discarded1 = {e.color: e.card for e in of(year[1], ev.PetDiscarded)}
    kept1 = {c: ((dealt1[c] - {passed1[c]}) | {passed1[right[c]]}) - {discarded1[c]} for c in seats}
    dealt2 = {e.color: set(e.cards) for e in of(year[2], ev.PetsDealt)}
    for e in of(year[2], ev.PetPassChosen):
        assert e.card in dealt2[e.color] | kept1[e.color]
    assert {c: len(k) for c, k in kept1.items()} == dict.fromkeys(seats, 1)


@pytest.mark.spec("PE-04")
def test_PE_04_pets_hands_and_passes_are_secret_and_the_receiver_sees_his_card():
    state = at_pet_phase()
    red_hand = list(state.pet_draft.hands["red"])
    seen = view(state, "blue")["pet_draft"]
    assert seen["hands"]["red"] == [HIDDEN, HIDDEN] and seen["hands"]["blue"] == state.pet_draft.hands["blue"]
    assert view(state, "blue")["board"]["pet_deck"] == [HIDDEN] * len(state.board.pet_deck)
    events: list = []
    passed = red_hand[0]
    new, state = GAME.engine.execute(state, PassPet(player="red", card=passed))
    events += new
    assert view(state, "blue")["pet_draft"]["passes"] == {"red": HIDDEN}
    assert visible_log(new, "blue")[0]["card"] == HIDDEN and visible_log(new, "red")[0]["card"] == passed
    for color in ("blue", "green", "yellow"):
        new, state = GAME.engine.execute(state, PassPet(player=color, card=state.pet_draft.hands[color][0]))
        events += new
    assert passed in view(state, "blue")["pet_draft"]["hands"]["blue"]  # blue is on red's left
    for color in ("red", "blue", "green", "yellow"):
        new, state = GAME.engine.execute(state, DiscardPet(player=color, card=state.pet_draft.hands[color][0]))
        events += new
    pets_seen = view(state, "green")
    red_pets = next(p for p in pets_seen["players"] if p["color"] == "red")["pets"]
    assert red_pets == [HIDDEN] and next(p for p in pets_seen["players"] if p["color"] == "green")["pets"] != [HIDDEN]
    discards = [d for d in visible_log(events, "green") if d["type"] == "PetDiscarded" and d["color"] != "green"]
    assert discards and all(d["card"] == HIDDEN for d in discards)


def test_a_pet_not_in_the_hand_is_refused():
    state = at_pet_phase()
    other = state.pet_draft.hands["blue"][0]
    with pytest.raises(RuleViolation) as caught:
        GAME.engine.execute(
            state, PassPet(player="red", card=other if other not in state.pet_draft.hands["red"] else "x")
        )
    assert caught.value.code == "PET_NOT_IN_HAND"


@pytest.mark.spec("PE-09", "SC-01")
def test_PE_09_the_pet_show_opens_the_scoring_one_point_per_unused_pet():
    events, state = whole_game(4, 5, PETS)
    (scored,) = of(events, ev.GameScored)
    for card, p in zip(scored.scores, state.players, strict=True):
        assert list(card["lines"])[0] == "pets"
        assert card["lines"]["pets"] == len(p.pets) == 2
        assert card["total"] == sum(card["lines"].values())
    base_events, _ = whole_game(4, 5, ("five_seasons",))
    assert "pets" not in of(base_events, ev.GameScored)[0].scores[0]["lines"]


@pytest.mark.spec("PE-09")
def test_PE_09_a_score_card_counts_the_pets_in_the_box_now():
    _, state = whole_game(3, 6, PETS)
    state = GAME.rules.clone(state)
    state.players[0].pets = ["pet_01", "pet_02", "pet_03"]
    assert score(state)[0].lines["pets"] == 3


@pytest.mark.spec("PE-10")
def test_PE_10_U_17_the_deck_is_twenty_stand_ins_and_the_four_named_pets_all_provisional_the_base_game_none():
    _, state = GAME.new_game(["A", "B"], seed=1, variant="full", modules=list(PETS))
    pets = catalog(state).pets
    assert len(pets) == 24 and len(state.board.pet_deck) == 24
    assert {"baby_golem", "stareplant", "ghosty", "bubl"} <= set(pets)
    assert sum(p.timing == "none" for p in pets.values()) == 20
    assert all(p.status == "provisional" and "U-17" in p.notes for p in pets.values())
    assert base_catalog().pets == {}


@pytest.mark.spec("PE-10")
def test_U_18_an_empty_pet_deck_is_made_again_from_the_discards():
    state = GAME.rules.clone(at_pet_phase(players=2))
    state.pet_draft = None  # the position: the Pet Phase begins with 1 card in the deck
    b = state.board
    b.pet_deck, b.pet_discard = b.pet_deck[:1], b.pet_deck[1:]
    discarded = len(b.pet_discard)
    events, state = GAME.engine.advance(state)
    assert of(events, ev.PetDeckReshuffled)[0].cards == discarded
    assert len(state.board.pet_deck) == discarded + 1 and state.board.pet_discard == []
    assert GAME.engine.pending(state).chance.what == "pets"  # then the deal goes on


def test_the_pets_module_is_playable_from_the_command_line(tmp_path):
    store = str(tmp_path / "games.sqlite")
    new = ["new", "--store", store, "--players", "3", "--variant", "full", "--seed", "2", "--module", "pets"]
    game = run(*new).output.strip().splitlines()[-1]
    shown = run("status", "--store", store, game, "--json").output
    assert '"pets"' in shown and '"pet_deck"' in shown
