"""Monster Inn: the worked examples T-01..T-14 of the spec and the rules they rest on, as tests.

Positions are reached the way a table reaches them: a tabletop game whose draws and decisions are
entered one by one (the engine checks each), except the scoring examples, which set a Dungeon up
directly and score it with the rules' own function.
"""

from __future__ import annotations

import pytest

from domain.games.monster_inn import GAME
from domain.games.monster_inn.catalog import base_catalog
from domain.games.monster_inn.inn import inn_order
from domain.games.monster_inn.scoring import score, set_aside
from domain.games.monster_inn.state import DungeonHumanoid, DungeonMonster, GameState
from domain.kernel import RuleViolation

ENGINE = GAME.engine
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def table(players: int, starting: int = 0, **kw) -> tuple[list, GameState]:
    return GAME.new_game(NAMES[:players], mode="tabletop", starting_player=starting, **kw)


def act(state: GameState, command: dict) -> tuple[list, GameState]:
    return ENGINE.execute(state, command)


def draw(state: GameState, *cards: str) -> GameState:
    return ENGINE.execute(state, {"type": "record_draw", "cards": list(cards)})[1]


def scored(state: GameState) -> dict[str, dict]:
    state = state.model_copy(deep=True)
    aside = set_aside(state)
    state = GAME.rules.evolve(state, aside)
    return {r["seat"]: r for r in score(state).results}


def dungeon(state: GameState, seat: str, monsters: list, humanoids: list, gold: int = 0, gem: int = 0) -> None:
    """Set ``seat``'s Dungeon: monsters as (card, support type or None), humanoids as revealed card ids."""
    p = state.player(seat)
    cat = base_catalog()
    p.monsters = [DungeonMonster(card=c, support=s) for c, s in monsters]
    p.humanoids = [DungeonHumanoid(back=cat.card(h).back, card=h) for h in humanoids]
    p.gold, p.gem = gold, gem


def test_T01_the_rulebooks_scoring_example_is_9_fame() -> None:
    # two 4-skull monsters alone (4 + 4), one monster under which a humanoid with one skull more
    # survived (-1), 6 treasures (+2): 4 + 4 - 1 + 2 = 9 Fame
    _, s = table(3)
    dungeon(s, "p1", [("m11", None), ("m16", None), ("m20", None)], ["h16"], gold=4, gem=2)  # h16 >= 11 survives
    r = scored(s)["p1"]
    assert r["lines"] == {"monsters": 8, "humanoids": -1, "treasure": 2}
    assert r["fame"] == 9


def test_T02_the_inn_is_sorted_humanoids_by_back_then_monsters_ascending() -> None:
    assert inn_order(["m7", "h6-10", "m2", "h16-20", "m15"], base_catalog()) == ["h16-20", "h6-10", "m2", "m7", "m15"]
    _, s = table(5)
    s = draw(s, "m7", "h6-10", "m2", "h16-20", "m15")
    assert s.inn == ["h16-20", "h6-10", "m2", "m7", "m15"]


def test_T03_who_cannot_add_the_pools_type_must_leave_and_takes_the_pool() -> None:
    _, s = table(4)
    s = draw(s, "h1-5", "m2", "m3", "m4")
    s.player("p2").gem = 0  # B has no Gem (and too little gold to exchange)
    s.player("p2").gold = 1
    _, s = act(s, {"type": "remain", "player": "p1", "treasure": "gem"})
    offered = ENGINE.pending(s).options("p2")
    assert [o.type for o in offered] == ["leave"]
    with pytest.raises(RuleViolation) as exc:
        act(s, {"type": "remain", "player": "p2", "treasure": "gold"})
    assert exc.value.code == "WRONG_TREASURE_TYPE"
    events, s = act(s, {"type": "leave", "player": "p2"})
    assert (s.player("p2").gem, s.player("p2").humanoids[0].back) == (1, "1-5")
    assert ENGINE.pending(s).kind == "bonus"  # the humanoid bonus follows
    _, s = act(s, {"type": "take_bonus", "player": "p2", "treasure": "gold"})
    assert s.player("p2").gold == 2


def test_T04_the_last_player_leaves_with_an_empty_pool_and_the_next_starts() -> None:
    _, s = table(4)
    s = draw(s, "m1", "m2", "m3", "m4")
    for seat in ("p1", "p2", "p3"):
        _, s = act(s, {"type": "leave", "player": seat})
    # D (p4) is left: the engine makes D Leave with the last card; the player to D's left starts
    assert s.player("p4").monsters[-1].card == "m4"
    assert s.player("p4").gold == 3 and s.player("p4").gem == 3
    assert (s.round, s.starter, s.phase) == (2, "p1", "deal")


def _settle(s: GameState) -> GameState:
    """Answer a bonus or Support with the last option offered (a gem; no Support)."""
    while ENGINE.pending(s).kind in ("bonus", "support"):
        p = ENGINE.pending(s)
        _, s = act(s, p.options(p.actors[0])[-1])
    return s


def take_leftmost(s: GameState, seat: str) -> GameState:
    """Play a round in which ``seat`` takes the leftmost creature: the others Remain until it is
    ``seat``'s turn, then Leave one by one."""
    while seat in s.in_round:
        first = s.in_round[0]
        if first == seat:
            _, s = act(s, {"type": "leave", "player": seat})
        else:
            option = next(o for o in ENGINE.pending(s).options(first) if o.type == "remain")
            _, s = act(s, option)
        s = _settle(s)
    while s.phase == "bid" and s.in_round:
        _, s = act(s, {"type": "leave", "player": s.in_round[0]})
        s = _settle(s)
    return s


def test_T05_pairs_follow_the_order_of_taking() -> None:
    _, s = table(3)
    for inn in [
        ("h1-5", "m1", "m2"),
        ("m6", "m7", "m8"),
        ("m11", "m12", "m13"),
        ("h6-10", "m14", "m15"),
        ("m16", "m17", "m18"),
    ]:
        s = take_leftmost(draw(s, *inn), "p1")
    me = s.player("p1")
    assert [h.back for h in me.humanoids] == ["1-5", "6-10"]
    assert [m.card for m in me.monsters] == ["m6", "m11", "m16"]  # H, M, M, H, M: M1/H1, M2/H2, M3 alone
    assert set_aside(s).positions["p1"] == []  # both humanoids have a monster above them


def test_T06_support_stays_and_protects_and_is_not_counted() -> None:
    _, s = table(3)
    s = take_leftmost(draw(s, "m1", "m2", "m3"), "p1")  # an Undead (m1); p1 starts round 2
    s = draw(s, "m6", "m7", "m8")
    for seat in ("p1", "p2", "p3"):
        _, s = act(s, {"type": "remain", "player": seat, "treasure": "gold"})
    _, s = act(s, {"type": "leave", "player": "p1"})  # a second Undead (m6) and the Pool's 3 gold
    p = ENGINE.pending(s)
    assert p.kind == "support" and p.detail["targets"] == ["m1", "m6"]
    _, s = act(s, {"type": "support", "player": "p1", "monster": "m1", "treasure": "gem"})
    me = s.player("p1")
    assert me.monsters[0].support == "gem" and (me.gold, me.gem) == (5, 2)
    dungeon(s, "p1", [("m1", "gem"), ("m6", None)], ["h20"], gold=5, gem=2)
    r = scored(s)["p1"]
    assert r["lines"] == {"monsters": 1 + 2, "humanoids": 0, "treasure": 2}  # h20 set aside unrevealed
    assert r["treasure"] == 7  # the Support gem is not counted in the tie-break either


def test_support_is_offered_only_for_a_kind_already_held() -> None:
    _, s = table(3)
    s = draw(s, "m1", "m2", "m3")
    _, s = act(s, {"type": "leave", "player": "p1"})
    assert ENGINE.pending(s).kind == "turn"  # first Undead: no Support
    with pytest.raises(RuleViolation):
        act(s, {"type": "support", "player": "p1", "monster": "m1", "treasure": "gem"})


@pytest.mark.parametrize(
    ("monster", "humanoid", "lines"),
    [
        ("m12", "h9", {"monsters": 3, "humanoids": 0}),  # T-07: lower humanoid removed in step 2
        ("m12", "h12", {"monsters": 0, "humanoids": 0}),  # T-08: equal stays: 3 - 3 = 0
        ("m8", "h17", {"monsters": 0, "humanoids": -2}),  # T-09: 2 - 4 = -2
    ],
    ids=["T07", "T08", "T09"],
)
def test_T07_T08_T09_a_monster_against_its_humanoid(monster: str, humanoid: str, lines: dict) -> None:
    _, s = table(3)
    dungeon(s, "p1", [(monster, None)], [humanoid])
    assert {k: v for k, v in scored(s)["p1"]["lines"].items() if k != "treasure"} == lines


def test_T10_humanoids_without_a_monster_go_unrevealed_and_cost_nothing() -> None:
    _, s = table(3)
    dungeon(s, "p1", [("m20", None)], ["h1", "h19", "h20"])
    aside = set_aside(s)
    assert aside.positions["p1"] == [1, 2]
    assert scored(s)["p1"]["lines"]["humanoids"] == 0


def test_T11_one_fame_per_three_treasures_support_excluded() -> None:
    _, s = table(3)
    dungeon(s, "p1", [("m1", None), ("m6", "gem")], [], gold=5, gem=3)
    assert scored(s)["p1"]["lines"]["treasure"] == 2


def test_T12_the_tie_break_is_treasure_then_a_shared_win() -> None:
    _, s = table(3)
    dungeon(s, "p1", [("m16", None), ("m6", None), ("m1", None)], [], gold=4, gem=3)  # 4 + 2 + 1, 7 pieces: 9
    dungeon(s, "p2", [("m18", None), ("m19", None)], [], gold=3, gem=2)  # 4 + 4, 5 pieces: 9
    dungeon(s, "p3", [("m2", None)], [])
    r = scored(s)
    assert (r["p1"]["fame"], r["p2"]["fame"]) == (9, 9) and (r["p1"]["treasure"], r["p2"]["treasure"]) == (7, 5)
    assert r["p1"]["winner"] and not r["p2"]["winner"] and r["p2"]["rank"] == 2
    dungeon(s, "p2", [("m18", None), ("m7", None), ("m3", None)], [], gold=5, gem=2)  # 4 + 2 + 1, 7 pieces: 9
    r = scored(s)
    assert (r["p2"]["fame"], r["p2"]["treasure"]) == (9, 7)
    assert r["p1"]["winner"] and r["p2"]["winner"] and r["p1"]["rank"] == r["p2"]["rank"] == 1


@pytest.mark.parametrize(
    ("players", "rounds", "left"), [(3, 13, 1), (4, 10, 0), (5, 8, 0)], ids=["T13", "T14-4p", "T14-5p"]
)
def test_T13_T14_rounds_and_cards_by_player_count(players: int, rounds: int, left: int) -> None:
    from domain.kernel import play_until_blocked, random_bot

    log, s = GAME.new_game(NAMES[:players], seed=players)
    events, s, p = play_until_blocked(ENGINE, s, dict.fromkeys(s.seats, random_bot), seed=players)
    assert p.kind == "game_over"
    assert [e.type for e in log + events].count("GameStarted") == 1  # one game, never restarted
    dealt = [e for e in log + events if e.type == "InnDealt"]
    assert len(dealt) == rounds and len(s.deck) == left  # the 3-player leftover stays face down
    assert {len(p.monsters) + len(p.humanoids) for p in s.players} == {rounds}


def test_S01_two_or_six_players_are_refused() -> None:
    for n in (2, 6):
        with pytest.raises(RuleViolation) as exc:
            GAME.new_game((NAMES + ["Fay"])[:n])
        assert exc.value.code == "SETUP_INVALID"


def test_S03_each_player_starts_with_3_gold_and_3_gems_and_the_supply_holds_the_rest() -> None:
    _, s = table(4)
    assert all((p.gold, p.gem) == (3, 3) for p in s.players)
    assert s.supply == {"gold": 13, "gem": 13}  # 25 - 12 each (M-03 provisional split)


def test_M04_treasure_exchange_default_and_alternative() -> None:
    for rule, supply_gold, back_to_me in (("to_supply", 2, 0), ("to_player", 0, 2)):
        _, s = table(3, rules={"exchange": rule})
        s = draw(s, "m1", "m2", "m3")
        gold0 = s.supply["gold"]
        _, s = act(s, {"type": "remain", "player": "p1", "treasure": "gold"})
        _, s = act(s, {"type": "remain", "player": "p2", "treasure": "gold"})
        _, s = act(s, {"type": "exchange", "player": "p3"})  # 2 gold out, 3 gems in
        assert (s.pool, s.pool_type) == (3, "gem")
        assert s.supply["gold"] - gold0 == supply_gold
        assert (s.player("p3").gem, s.player("p3").gold) == (0, 3 + back_to_me)
        assert GAME.problems(s) == []
    with pytest.raises(RuleViolation) as exc:
        act(s, {"type": "exchange", "player": "p1"})  # p1 has 3 gold: 4 needed
    assert exc.value.code == "EXCHANGE_IMPOSSIBLE"


def test_A02_the_bonus_is_forced_when_one_type_is_left() -> None:
    _, s = table(3)
    s.supply = {"gold": 0, "gem": 4}
    s.player("p1").gold += 19  # keep the count whole: the supply's gold is in p1's hands
    s = draw(s, "h1-5", "m2", "m3")
    events, s = act(s, {"type": "leave", "player": "p1"})
    assert [e.type for e in events] == ["Left", "BonusTaken"] and events[1].forced and events[1].treasure == "gem"


def test_humanoids_are_revealed_only_at_scoring_and_checked_at_the_table() -> None:
    _, s = table(3)
    for _round in range(13):
        cards = [c for c in s.deck if c.startswith("h")][:1] + [c for c in s.deck if c.startswith("m")][:2]
        if len(cards) < 3:
            cards = s.deck[:3]
        s = draw(s, *cards)
        while ENGINE.pending(s).kind != "chance":
            p = ENGINE.pending(s)
            _, s = act(s, p.options(p.actors[0])[-1])
    p = ENGINE.pending(s)
    assert p.detail["what"] == "humanoid" and s.phase == "scoring"
    wrong_back = next(c for c in ("h1", "h6", "h11", "h16") if base_catalog().card(c).back != p.chance.what[11:-1])
    with pytest.raises(RuleViolation) as exc:
        draw(s, wrong_back)
    assert exc.value.code == "DRAW_IMPOSSIBLE"
