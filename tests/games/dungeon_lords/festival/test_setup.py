"""Festival Season's set-up and the items that cut across its modules (spec SU-06, SU-07, SU-09, SU-10, YR-10,
UO-07, UO-HE-4..6): what a new game with the expansion holds, what each player may see of it, and how the
non-player colours and the base rules meet the new boards."""

from __future__ import annotations

import pytest
from festival_games import whole_game
from opportunity_games import COLORS, of, play

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import events as ev
from domain.games.dungeon_lords.phases.common import catalog
from domain.games.dungeon_lords.phases.settle import evolve_stored as evolve  # hand-made events: settled as stored ones
from domain.games.dungeon_lords.ruleset import MODULES, RULESETS
from domain.games.dungeon_lords.scoring import riches, score
from domain.games.dungeon_lords.state import Monster
from domain.games.dungeon_lords.views import HIDDEN, view
from domain.kernel import play_until_blocked

ALL_BUILT = ["five_seasons", "unique_opportunities", "festival", "pets", "paladin_pair"]


@pytest.mark.spec("SU-06")
def test_SU_06_the_far_distant_lands_hide_the_pet_deck_and_show_the_expertise_tiles():
    _, state = GAME.new_game(["A", "B", "C"], seed=2, variant="full", modules=ALL_BUILT)
    seen = view(state, "red")["board"]
    assert seen["pet_deck"] == [HIDDEN] * 24 and seen["pet_discard"] == []
    assert set(catalog(state).expertise) == {"extra_clever", "extra_cruel", "extra_large"}  # public data


@pytest.mark.spec("SU-07", "SU-10")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_SU_07_SU_10_the_same_starting_stock_and_an_empty_pet_box(players):
    names = [f"P{k}" for k in range(players)]
    _, festive = GAME.new_game(names, seed=4, variant="full", modules=["five_seasons", "pets", "paladin_pair"])
    _, base = GAME.new_game(names, seed=4, variant="full")
    for p, q in zip(festive.players, base.players, strict=True):
        assert (p.gold, p.food, p.imps, p.evil) == (q.gold, q.food, q.imps, q.evil)
        assert p.pets == [] and len(p.setup_draw) == len(q.setup_draw) == 3  # 2 of 3 drawn stay inaccessible


@pytest.mark.spec("SU-09")
def test_SU_09_minions_bearing_gifts_is_out_of_scope():
    assert not [m for m in MODULES if "gift" in m or "bonus" in m]


@pytest.mark.spec("YR-10")
def test_YR_10_the_first_year_pair_left_in_the_tent_goes_to_the_distant_lands():
    events, _ = whole_game(3, 8, ("five_seasons", "paladin_pair"))
    began = of(events, ev.YearBegan)[0]
    assert began.paladins == ["elf_y2", "dwarf_y2"]
    at = events.index(began)
    state = GAME.engine.replay(events[:at])
    free = [pal.id for pal in state.paladins]
    after = evolve(state, began)
    assert all(pal in after.board.discards["paladins"] for pal in free)
    assert [pal.id for pal in after.paladins] == ["elf_y2", "dwarf_y2"]


@pytest.mark.spec("UO-07")
def test_UO_07_non_player_minions_stand_on_a_board_and_are_never_carried_out():
    boards = ["harvest_food", "invest_gold", "masquerade", "acquire_pet"]
    events, state = play(boards, players=2, seed=3, until=lambda s: s.season == 4 and s.phase == "orders")
    nonplayers = {np.color for np in state.nonplayers}
    placed = [e for e in of(events, ev.MinionPlaced) if e.nonplayer and e.space]
    assert placed and {e.color for e in placed} <= nonplayers
    carried = of(events, ev.FoodHarvested) + of(events, ev.GoldInvested) + of(events, ev.MasqueradeHeld)
    assert not [e for e in carried if e.color in nonplayers]


@pytest.mark.spec("UO-HE-4", "UO-HE-5", "SC-05")
def test_UO_HE_4_5_the_tile_leaves_with_its_monster_and_an_expert_scores_like_any_monster():
    _, state = GAME.new_game(["A", "B"], seed=1, variant="full", modules=ALL_BUILT)
    red = state.player("red")
    red.monsters = [Monster("goblin_y1#1", expertise="extra_clever")]
    expert = score(state)[0].lines["monsters"]
    red.monsters = [Monster("goblin_y1#1")]
    assert score(state)[0].lines["monsters"] == expert
    red.monsters = [Monster("goblin_y1#1", expertise="extra_clever")]
    state.phase = "event"
    after = evolve(state, ev.MonsterReleased(color="red", monster="goblin_y1#1"))
    assert after.player("red").monsters == [] and "goblin_y1#1" in after.board.discards["monsters"]


@pytest.mark.spec("UO-HE-6")
def test_UO_HE_6_the_first_order_fee_applies_when_the_card_sends_a_minion_to_the_board():
    boards = ["hire_expert", "harvest_food", "invest_gold", "masquerade"]
    events, _ = play(boards, seed=5, first_orders=dict.fromkeys(COLORS, "hire_monster"), until=lambda s: s.season == 2)
    season, first = 0, []
    for e in events:
        if isinstance(e, ev.PhaseBegan) and e.phase == "new_round":
            season += 1
        placed = isinstance(e, ev.MinionPlaced) and e.action == "hire_monster" and not e.nonplayer
        if placed and season == 2 and e.slot == 0:
            first.append(e)
    assert first, "nobody played Hire Monster first under the board"
    for e in first:  # the card's fee, paid before the minion stands on the board (or it is shut out)
        assert e.fee_paid == 1 or (e.space is None and "fee" in e.reason)


@pytest.mark.spec("XC-02", "XC-04")
def test_XC_02_04_the_expansions_components_have_ids_of_their_own_and_every_unknown_is_provisional():
    _, state = GAME.new_game(["A", "B"], seed=1, variant="full", modules=list(RULESETS["festival"]))
    cat = catalog(state)
    assert "tool_shed" in cat.rooms and "tool_shed_tunnel" in cat.improved_tunnels  # two Tool Sheds
    assert cat.rooms["tool_shed"].name != cat.improved_tunnels["tool_shed_tunnel"].name
    # each section of the overlay, and its provisional entries saying what they assume
    for section in (cat.opportunities, cat.pets, cat.expertise, cat.improved_tunnels):
        assert section and all(e.notes for e in section.values() if e.status == "provisional")
    bards = [a for a in cat.adventurers.values() if a.profession == "bard"]
    assert bards and all(b.status == "provisional" for b in bards)


@pytest.mark.spec("SC-08")
def test_SC_08_installed_traps_are_not_unplayed_trap_cards_for_the_lord_of_riches():
    _, state = GAME.new_game(["A", "B"], seed=1, variant="full", modules=ALL_BUILT)
    red = state.player("red")
    before = riches(red)
    red.installed = {"0,2": "rolling_stone#1"}
    assert riches(red) == before
    red.traps = ["pendulum#1"]
    assert riches(red) == before + 1


def test_each_option_of_the_expansions_decisions_reads_differently():
    """The table page shows a decision's options as buttons labelled by ``describe_command``."""
    from domain.games.dungeon_lords.describe import describe_command

    events, state = GAME.new_game(["A", "B", "C"], seed=4, variant="full", modules=list(RULESETS["festival"]))
    bots = dict.fromkeys(GAME.seats(state), GAME.bots["random"])
    seen: set[str] = set()
    for _ in range(20_000):
        pending = GAME.engine.pending(state)
        if not pending.actors:
            break
        if pending.kind in ("action", "festival_bid", "festival_pick", "pet_pass", "pet_discard"):
            options = pending.options(pending.actors[0])
            labels = [describe_command(o) for o in options]
            assert len(set(labels)) == len(labels), labels
            seen.add(pending.kind)
        _, state, _ = play_until_blocked(GAME.engine, state, bots, seed=4, max_commands=1)
    assert {"festival_bid", "pet_pass", "pet_discard"} <= seen


def test_a_festival_game_is_created_over_http_and_from_the_page(tmp_path):
    from fastapi.testclient import TestClient

    from cli.http.app import create_app

    client = TestClient(create_app(str(tmp_path / "games.sqlite")), raise_server_exceptions=False)
    made = client.post("/api/games", json={"names": ["Ann", "Bob", "Cid"], "seed": 2, "ruleset": "festival"})
    assert made.status_code == 201, made.text
    state = client.get(f"/api/games/{made.json()['id']}/state", headers=_bearer(made.json()["tokens"]["recorder"]))
    assert "bards" in state.json()["modules"]
    extra = client.post("/api/games", json={"names": ["Ann", "Bob"], "seed": 2, "modules": ["five_seasons", "pets"]})
    assert extra.status_code == 201, extra.text
    for bad in ({"ruleset": "festive"}, {"game": "monster_inn", "names": ["A", "B", "C"], "ruleset": "festival"}):
        refused = client.post("/api/games", json={"names": ["Ann", "Bob"], **bad})
        assert refused.status_code == 422 and "SETUP_INVALID" in refused.text
    page = client.post("/new", data={"names": "Ann, Bob", "ruleset": "festival", "mode": "tabletop"})
    assert page.status_code == 200 and "recorder" in page.text
    assert len(client.get("/api/games").json()) == 3  # the page's game too
    lobby = client.get("/").text  # the page offers each game's rulesets, as its package names them
    assert all(f'<option value="{name}">' in lobby for name in RULESETS if name != "base")


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
