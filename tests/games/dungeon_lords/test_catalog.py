"""Tests for the base-game component catalog (domain/games/dungeon_lords/catalog)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import ValidationError

from domain.games.dungeon_lords.catalog import Catalog, Cost, load_catalog
from domain.games.dungeon_lords.catalog.models import EFFECT_OPS, parse_effect_op

STATUSES = {"verified", "partial", "provisional"}
BOARD_ORDER = [
    "get_food",
    "improve_reputation",
    "dig_tunnels",
    "mine_gold",
    "recruit_imps",
    "buy_traps",
    "hire_monster",
    "build_room",
]


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return load_catalog()


def _entries(cat: Catalog):
    for section in (
        cat.monsters,
        cat.adventurers,
        cat.paladins,
        cat.traps,
        cat.combat_cards,
        cat.special_events,
        cat.rooms,
    ):
        yield from section.values()
    yield from cat.actions
    yield cat.dungeon
    yield cat.evilometer


# ----------------------------------------------------------------- loading


def test_load_is_cached_and_hashed(cat):
    assert load_catalog() is cat
    assert len(cat.content_hash) == 64
    int(cat.content_hash, 16)


def test_content_hash_is_deterministic(tmp_path):
    # An override that changes nothing gives the same hash as the base.
    base = load_catalog()
    empty = tmp_path / "empty.json"
    empty.write_text("{}")
    assert load_catalog(empty).content_hash == base.content_hash


# ----------------------------------------------------------------- monsters


def test_monster_tiles_per_year(cat):
    assert len(cat.monsters) == 15
    per_year = Counter()
    for m in cat.monsters.values():
        per_year[m.year] += m.copies
    assert per_year == {1: 12, 2: 12}
    assert sum(per_year.values()) == 24


def test_year_one_and_two_versions_are_separate(cat):
    for kind in ("goblin", "slime", "ghost", "troll", "witch", "vampire"):
        assert cat.monsters[f"{kind}_y1"].copies == 2
        assert cat.monsters[f"{kind}_y2"].copies == 1
    for kind in ("golem", "dragon", "demon"):
        assert f"{kind}_y1" not in cat.monsters
        assert cat.monsters[f"{kind}_y2"].copies == 2


def test_monster_costs(cat):
    m = cat.monsters
    assert m["slime_y1"].cost == Cost(food=1)  # conflict resolved: tile shows 1 food
    assert m["slime_y2"].cost == Cost(food=1)
    assert m["goblin_y1"].cost == Cost(food=1)
    assert m["ghost_y1"].cost == Cost(evil=1)
    assert m["troll_y1"].cost == Cost(food=2)
    assert m["witch_y2"].cost == Cost(food=1, evil=1)
    assert m["vampire_y1"].cost == Cost(evil=2)
    assert m["golem_y2"].cost == Cost(gold=1, trap_cards=1)
    assert m["dragon_y2"].cost == Cost(food=2, evil=2)
    assert m["demon_y2"].cost == Cost(evil=1, monsters=1)


def test_monster_attacks(cat):
    m = cat.monsters
    troll = {a.option: a for a in m["troll_y1"].attacks}
    assert (troll["A"].kind, troll["A"].damage, troll["A"].extra_cost) == ("standard", 3, Cost())
    assert (troll["B"].kind, troll["B"].damage, troll["B"].extra_cost) == ("standard", 4, Cost(food=1))
    assert "troll_token" in m["troll_y2"].abilities

    witch_b = m["witch_y1"].attacks[1]
    assert (witch_b.option, witch_b.kind, witch_b.damage) == ("B", "anyone_x2", 1)

    slime_b = m["slime_y1"].attacks[1]
    assert slime_b.kind == "special" and slime_b.damage is None
    assert {"no_conquer", "not_an_attack"} <= set(slime_b.tags)

    vamp = m["vampire_y1"]
    assert "not_on_priests" in vamp.abilities
    assert [a.damage for a in vamp.attacks] == [3, 2]
    assert "returns_face_up" in vamp.attacks[1].tags
    assert "returns_face_up" not in vamp.attacks[0].tags

    ghost = m["ghost_y2"]
    assert ghost.is_ghost and "not_first" in ghost.abilities
    assert (ghost.attacks[0].kind, ghost.attacks[0].damage) == ("anyone", 2)
    assert sum(mm.is_ghost for mm in m.values()) == 2

    assert m["goblin_y1"].attacks[0].damage == 2 and "goblin_follow_up" in m["goblin_y1"].abilities
    assert "returns_face_up" in m["golem_y2"].abilities and m["golem_y2"].attacks[0].damage == 4
    assert m["dragon_y2"].attacks[0].kind == "everyone" and "no_healing" in m["dragon_y2"].abilities
    assert m["demon_y2"].attacks[0].damage == 7 and "no_conquer" in m["demon_y2"].abilities


# ----------------------------------------------------------------- adventurers


def test_adventurers(cat):
    advs = cat.adventurers
    assert len(advs) == 32
    assert Counter(a.year for a in advs.values()) == {1: 16, 2: 16}
    assert Counter((a.year, a.profession) for a in advs.values()) == {
        (y, p): 4 for y in (1, 2) for p in ("warrior", "thief", "priest", "wizard")
    }
    assert sorted(a.hit_points for a in advs.values() if a.year == 1 and a.profession == "warrior") == [3, 4, 4, 5]
    assert sorted(a.hit_points for a in advs.values() if a.year == 2 and a.profession == "warrior") == [5, 6, 7, 8]
    t = advs["thief_y2_d"]
    assert (t.hit_points, t.disarm, t.heal, t.magic, t.glyph_rank) == (6, 3, 0, 0, 4)
    w = advs["wizard_y1_b"]
    assert (w.hit_points, w.magic, w.glyph_rank) == (3, 2, 2)
    # symbols only on the matching profession
    for a in advs.values():
        assert (a.disarm > 0) == (a.profession == "thief")
        assert (a.heal > 0) == (a.profession == "priest")
        assert (a.magic > 0) == (a.profession == "wizard")


def test_paladins(cat):
    p1, p2 = cat.paladins["paladin_y1"], cat.paladins["paladin_y2"]
    assert (p1.hit_points, p1.disarm, p1.heal, p1.magic, p1.score_points) == (5, 2, 2, 2, 5)
    assert (p2.hit_points, p2.disarm, p2.heal, p2.magic, p2.score_points) == (8, 3, 3, 3, 5)


# ----------------------------------------------------------------- traps


def test_traps(cat):
    traps = cat.traps
    assert len(traps) == 9
    assert sum(t.copies for t in traps.values()) == 27
    for t in traps.values():
        assert "provisional" in t.notes.lower()  # the copy count is an assumption
    rs = traps["rolling_stone"]
    assert (rs.year1.damage, rs.year2.damage, rs.year2.known) == (3, 4, True)
    pm = traps["poisoned_meal"]
    assert pm.year1.use_cost == Cost(food=1) and pm.year2.use_cost == Cost(food=2)
    assert traps["kamikaze_imp"].year1.use_cost == Cost(imps=1)
    assert traps["cursed_ring"].year1.use_cost == Cost(gold=1)
    assert traps["pendulum"].year1.targeting == "second"
    assert traps["trap_door"].year1.special == "no_conquer"
    unknown_y2 = {t.id for t in traps.values() if not t.year2.known}
    assert unknown_y2 == {"pendulum", "trap_door", "poisoned_dart", "anti_magic_dart", "cursed_ring", "kamikaze_imp"}
    for tid in unknown_y2:  # unknown year-2 values default to the year-1 ones
        t = traps[tid]
        assert t.year2.model_copy(update={"known": True}) == t.year1


# ----------------------------------------------------------------- combat cards


def test_combat_cards_fatigue_spread(cat):
    cards = cat.combat_cards
    assert len(cards) == 18
    by_year = {y: sorted(c.fatigue for c in cards.values() if c.year == y) for y in (1, 2)}
    assert by_year[1] == [0, 1, 1, 1, 1, 2, 2, 2, 2]
    assert by_year[2] == [1, 2, 2, 2, 2, 3, 3, 3, 3]


def test_combat_card_details(cat):
    cards = cat.combat_cards
    assert cards["invisibility"].fatigue == 0
    assert cards["magic_shield"].speed == "fast" and cards["magic_shield"].status == "verified"
    g = cards["graffiti"]
    assert (g.fatigue, g.status, g.speed) == (2, "provisional", "none")
    assert "no effect" in g.notes.lower()
    for c in cards.values():
        if c.year == 2:
            assert c.status == "provisional"
            assert "assigned" in c.notes.lower()


# ----------------------------------------------------------------- special events


def test_special_events(cat):
    ev = cat.special_events
    assert len(ev) == 9
    names = {e.name for e in ev.values()}
    assert {"Witch Hunt", "Monster Strike", "Earthquake", "VIP Visit"} <= names
    assert not {"Impatient Heroes", "I'm back ladies!", "Rats"} & names  # no Festival cards
    for e in ev.values():
        assert e.status in {"partial", "provisional"}
        assert e.effect.strip()
        assert len(e.effect_spec) == 1
    assert ev["witch_hunt"].effect_spec == {"each_player_choice": ["release_monster", "gain_evil:3"]}
    assert ev["unnamed_half_gold"].effect_spec == {"each_player": "lose_half_gold_round_down"}
    assert ev["unnamed_imp_loss"].effect_spec == {"each_player": "lose_imps:1"}


def test_effect_op_parsing():
    assert parse_effect_op("lose_imps:1") == ("lose_imps", 1)
    assert parse_effect_op("release_monster") == ("release_monster", None)
    assert "gain_evil" in EFFECT_OPS
    for bad in ("lose_imps", "lose_imps:0", "release_monster:1", "summon_dragon:2"):
        with pytest.raises(ValueError):
            parse_effect_op(bad)


# ----------------------------------------------------------------- rooms & boards


def test_rooms(cat):
    rooms = cat.rooms
    assert len(rooms) == 16
    assert Counter(r.year for r in rooms.values()) == {1: 8, 2: 8}
    d = cat.dungeon
    for r in rooms.values():
        if r.year == 1:
            assert r.category == "production" and r.production is not None
            assert r.allowed_squares, r.id
            for row, col in r.allowed_squares:
                assert 0 <= row < d.rows and 0 <= col < d.cols
        else:
            assert r.category in {"combat", "scoring"} and r.production is None
            assert r.allowed_squares is None
    assert len(rooms["tool_shed"].allowed_squares) == 14  # whole outer ring
    assert sorted(rooms["printing_press"].allowed_squares) == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
    assert {sq[0] for sq in rooms["mint"].allowed_squares} == {2, 3}
    magic = rooms["magic_room"].production
    assert (magic.imps, magic.food_input, magic.output, magic.amount) == (2, 1, "imp", 1)
    assert rooms["workshop"].production.imps == 4
    assert rooms["printing_press"].production.output == "reputation"


def test_dungeon_and_evilometer(cat):
    d = cat.dungeon
    assert (d.rows, d.cols, d.entrance) == (4, 5, (0, 2))
    assert d.starting_tunnels == [(0, 2), (1, 2), (2, 2)]
    assert set(d.zones) == {"near_surface", "deep", "center", "periphery"}
    assert len(d.zones["periphery"]) == 14
    e = cat.evilometer
    assert (e.spaces, e.start, e.paladin) == (15, 5, 10)


# ----------------------------------------------------------------- actions


def test_actions_board_order(cat):
    assert [a.id for a in cat.actions] == BOARD_ORDER
    assert cat.order_cards == BOARD_ORDER
    for a in cat.actions:
        expected = ["III", "II", "I"] if a.id in {"hire_monster", "build_room"} else ["I", "II", "III"]
        assert a.resolve_order == expected, a.id
        assert set(a.spaces) == {"I", "II", "III"}
    with pytest.raises(KeyError):
        cat.action("festival")


def test_action_costs(cat):
    food = cat.action("get_food").spaces
    assert (food["I"].cost, food["I"].reward.food) == (Cost(gold=1), 2)
    assert (food["II"].cost, food["II"].reward.food) == (Cost(evil=1), 3)
    assert (food["III"].cost, food["III"].reward.food, food["III"].reward.gold) == (Cost(evil=2), 3, 1)

    rep = cat.action("improve_reputation").spaces
    assert (rep["I"].cost, rep["I"].reward.evil, rep["I"].reward.spy) == (Cost(), -1, 1)
    assert (rep["II"].cost, rep["II"].reward.evil, rep["II"].reward.spy) == (Cost(), -2, 0)
    assert (rep["III"].cost, rep["III"].reward.evil, rep["III"].reward.spy) == (Cost(gold=1), -2, 1)

    dig = cat.action("dig_tunnels").spaces
    assert [dig[s].reward.tunnels_up_to for s in ("I", "II", "III")] == [2, 3, 4]
    assert (dig["I"].cost.foreimp, dig["III"].cost.foreimp) == (0, 1)
    mine = cat.action("mine_gold").spaces
    assert [mine[s].reward.gold_up_to for s in ("I", "II", "III")] == [2, 3, 4]
    assert mine["III"].cost == Cost(foreimp=1)

    imps = cat.action("recruit_imps").spaces
    assert [(imps[s].cost, imps[s].reward.imps) for s in ("I", "II", "III")] == [
        (Cost(food=1), 1),
        (Cost(food=2), 2),
        (Cost(food=1, gold=1), 2),
    ]
    traps = cat.action("buy_traps").spaces
    assert [(traps[s].cost, traps[s].reward.trap_cards) for s in ("I", "II", "III")] == [
        (Cost(gold=1), 1),
        (Cost(), 1),
        (Cost(gold=2), 2),
    ]
    hire = cat.action("hire_monster").spaces
    assert all(hire[s].cost.monster_cost for s in ("I", "II", "III"))
    assert (hire["I"].cost.food, hire["III"].cost.food) == (0, 1)
    room = cat.action("build_room").spaces
    assert [room[s].cost for s in ("I", "II", "III")] == [Cost(), Cost(gold=1), Cost(gold=1)]


# ----------------------------------------------------------------- provenance


def test_every_entry_has_status_and_source(cat):
    count = 0
    for e in _entries(cat):
        count += 1
        assert e.status in STATUSES
        assert e.sources and all(s.strip() for s in e.sources)
        if e.status == "provisional":
            assert e.notes.strip()
    assert count == 15 + 32 + 2 + 9 + 18 + 9 + 16 + 8 + 2


def test_all_components_rows(cat):
    rows = cat.all_components()
    assert len(rows) == 15 + 32 + 2 + 9 + 18 + 9 + 16 + 8 + 2
    kinds = Counter(r[0] for r in rows)
    assert kinds["special_event"] == 9 and kinds["action"] == 8
    for _kind, eid, name, status, _notes in rows:
        assert eid and name and status in STATUSES


def test_provisional_without_note_is_rejected():
    raw = json.loads(load_catalog().model_dump_json())
    raw["combat_cards"]["graffiti"]["notes"] = ""
    with pytest.raises(ValidationError):
        Catalog.model_validate(raw)


def test_cost_is_frozen():
    c = Cost(food=1)
    with pytest.raises(ValidationError):
        c.food = 2


# ----------------------------------------------------------------- overrides


def test_override_replaces_one_card(tmp_path):
    base = load_catalog()
    troll = base.monsters["troll_y1"].model_dump(mode="json")
    troll["cost"] = {"food": 3}
    troll["attacks"][0]["damage"] = 5
    troll["status"] = "provisional"
    troll["notes"] = "house rule: stronger, hungrier troll"
    path = tmp_path / "override.json"
    path.write_text(json.dumps({"monsters": [troll]}))

    over = load_catalog(path)
    assert over.monsters["troll_y1"].cost == Cost(food=3)
    assert over.monsters["troll_y1"].attacks[0].damage == 5
    assert over.content_hash != base.content_hash
    # everything else is untouched
    assert over.monsters["troll_y2"] == base.monsters["troll_y2"]
    assert len(over.monsters) == 15
    assert over.actions == base.actions
    # the base catalog is unaffected and still cached
    assert load_catalog() is base
    assert base.monsters["troll_y1"].cost == Cost(food=2)


def test_override_dict_form_and_validation(tmp_path):
    base = load_catalog()
    act = base.action("get_food").model_dump(mode="json")
    act["spaces"]["I"]["reward"]["food"] = 3
    path = tmp_path / "o.json"
    path.write_text(json.dumps({"actions": {"get_food": act}}))
    assert load_catalog(path).action("get_food").spaces["I"].reward.food == 3

    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "special_events": [
                    {
                        **base.special_events["witch_hunt"].model_dump(mode="json"),
                        "effect_spec": {"each_player": "summon_dragon:1"},
                    }
                ]
            }
        )
    )
    with pytest.raises(ValidationError):
        load_catalog(bad)

    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({"dragons": []}))
    with pytest.raises(ValueError):
        load_catalog(unknown)
