"""Final scoring (domain/scoring.py): Rulebook › Scoring, › Titles, › Winning the Game and the
appendix › Point-Scoring Rooms.

Most states start from ``new_game(..., seed=1)`` and set player fields directly. After set-up
every player has the same things: 3 tunnels in column 2 (rows 0-2), Evil 5, 3 imps, 3 gold,
3 food, no monsters, no traps, no prisoners -- so in such a baseline every title is shared by
everybody, which the tests use to isolate the one title or line they change.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.games.dungeon_lords.engine import new_game
from domain.games.dungeon_lords.scenario import Scenario, build_state
from domain.games.dungeon_lords.scoring import LINES, PlayerScore, describe_scores, score
from domain.games.dungeon_lords.state import Cell, GameState, Monster, empty_grid, to_dict

NAMES = ["A", "B", "C", "D"]
START = ["..#..", "..#..", "..#..", "....."]  # the three starting tunnels


def game(n: int = 3) -> GameState:
    return new_game(NAMES[:n], seed=1)[1]


def grid(rows: list[str], rooms: dict[str, str] | None = None) -> list[list[Cell | None]]:
    """The scenario notation: ``#`` tunnel, ``x`` conquered tunnel, a letter = the room named in
    ``rooms`` ("r,c" -> room id), lower case = conquered."""
    g = empty_grid()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            if ch in "#x":
                g[r][c] = Cell("tunnel", conquered=ch == "x")
            else:
                g[r][c] = Cell("room", room=(rooms or {})[f"{r},{c}"], conquered=ch.islower())
    return g


def monsters(*type_ids: str) -> list[Monster]:
    """Monster instances with unique instance ids (``troll_y1#1``, ``troll_y1#2``...)."""
    seen: dict[str, int] = {}
    out = []
    for t in type_ids:
        seen[t] = seen.get(t, 0) + 1
        out.append(Monster(f"{t}#{seen[t]}"))
    return out


def card(state: GameState, i: int) -> PlayerScore:
    return score(state)[i]


# --- shape ----------------------------------------------------------------------------------------


def test_every_line_is_present_in_order_and_players_are_in_seat_order():
    s = game(4)
    scores = score(s)
    assert [x.color for x in scores] == ["red", "blue", "green", "yellow"]
    assert [x.name for x in scores] == NAMES
    for x in scores:
        assert list(x.lines) == [
            "rooms",
            "monsters",
            "prisoners",
            "conquered",
            "red_marks",
            "room_bonus",
            "titles",
            "hall_of_fame",
        ]
        assert list(x.lines) == list(LINES)
        assert x.total == sum(x.lines.values())
    j = scores[0].to_json()
    assert set(j) >= {"color", "lines", "titles", "total", "rank", "winner"}
    assert j["lines"]["titles"] == 14


def test_scoring_is_pure():
    s = game(3)
    s.players[0].dungeon = grid(["..x..", ".#C#.", "..#.."], {"1,2": "chapel"})
    s.players[0].monsters = monsters("ghost_y1", "troll_y1")
    before = to_dict(s)
    first = score(s)
    assert to_dict(s) == before
    assert score(s) == first


# --- the score-card lines (Rulebook › Scoring) -------------------------------------------------------


def test_rooms_two_points_per_unconquered_room_only():
    s = game(3)
    s.players[0].dungeon = grid(
        ["..#..", ".M#W.", "..#..", ".#c#."], {"1,1": "mint", "1,3": "workshop", "3,2": "chicken_coop"}
    )
    c = card(s, 0)
    assert c.lines["rooms"] == 4  # mint + workshop; the conquered chicken coop scores nothing
    assert c.lines["conquered"] == -2  # ... and costs 2


def test_conquered_minus_two_per_tile_room_or_tunnel():
    s = game(3)
    s.players[0].dungeon = grid(["..x..", ".xm#.", "..x..", "..#.."], {"1,2": "mint"})
    assert card(s, 0).lines["conquered"] == -8  # 3 tunnels + 1 room


def test_a_conquered_room_costs_four_points_compared_with_an_unconquered_one():
    # Rulebook › Scoring: "Note that having a room conquered costs you 4 points: you lose 2 because
    # it was conquered and you don't score the 2 points for an unconquered room."
    # Red already has 2 conquered tunnels, so the Battlelord is not his in either state and no
    # title changes hands: the whole difference is the room.
    kept, lost = game(3), game(3)
    kept.players[0].dungeon = grid(["..x..", "..x..", ".#M#."], {"2,2": "mint"})
    lost.players[0].dungeon = grid(["..x..", "..x..", ".#m#."], {"2,2": "mint"})
    a, b = card(kept, 0), card(lost, 0)
    assert a.titles == b.titles
    assert (a.lines["rooms"], a.lines["conquered"]) == (2, -4)
    assert (b.lines["rooms"], b.lines["conquered"]) == (0, -6)
    assert a.total - b.total == 4


def test_monsters_one_point_each_ghosts_none_knocked_out_still_score():
    s = game(3)
    s.players[0].monsters = monsters("troll_y1", "goblin_y1", "demon_y2", "ghost_y1", "ghost_y2")
    s.players[0].monsters[0].knocked_out = True  # face up again for scoring (Rulebook › Scoring)
    assert card(s, 0).lines["monsters"] == 3


def test_a_ghost_scores_nothing_and_is_not_a_monster_for_the_monsterlord():
    s = game(3)
    s.players[0].monsters = monsters("ghost_y1", "ghost_y2")
    c = card(s, 0)
    assert c.lines["monsters"] == 0
    # nobody has a monster: the Monsterlord is shared by all three (see the zero-count test)
    assert c.titles["monsterlord"] == "shared"
    assert card(s, 1).titles["monsterlord"] == "shared"


def test_prisoners_two_per_adventurer_and_five_per_paladin():
    s = game(3)
    s.players[0].prison = ["warrior_y1_a", "thief_y2_b", "priest_y1_c"]
    s.players[1].prison = ["paladin_y1"]
    s.players[2].prison = ["paladin_y1", "paladin_y2", "wizard_y1_a"]
    scores = score(s)
    assert scores[0].lines["prisoners"] == 6
    assert scores[1].lines["prisoners"] == 5
    assert scores[2].lines["prisoners"] == 12


def test_red_marks_minus_three_each():
    s = game(3)
    s.players[1].red_marks = 2
    assert card(s, 1).lines["red_marks"] == -6
    assert card(s, 0).lines["red_marks"] == 0


# --- point-scoring rooms (appendix) ------------------------------------------------------------------

ZOO = ("troll_y1", "goblin_y1", "slime_y1", "witch_y1", "dragon_y2", "vampire_y1", "ghost_y1", "golem_y2", "demon_y2")


@pytest.mark.parametrize(
    "room, bonus",
    [
        ("cafeteria", 4),  # troll, goblin, slime, witch: 1 each; no points for the dragon
        ("chapel", 4),  # vampire and ghost: 2 each ("That's right: points for ghosts.")
        ("pandemonium", 6),  # golem, dragon, demon: 2 each
        ("training_room", 0),  # a combat room, not a point-scoring room
        ("dark_room", 0),
        ("labyrinth", 0),
    ],
)
def test_room_bonus_per_room(room, bonus):
    s = game(3)
    s.players[0].dungeon = grid(["..#..", ".R#..", "..#.."], {"1,1": room})
    s.players[0].monsters = monsters(*ZOO)
    c = card(s, 0)
    assert c.lines["room_bonus"] == bonus
    assert c.lines["rooms"] == 2  # the bonus is in addition to the room's 2 points


@pytest.mark.parametrize("room", ["cafeteria", "chapel", "pandemonium"])
def test_room_bonus_only_when_unconquered(room):
    # appendix › Point-Scoring Rooms: "only if you can keep them from being conquered"
    s = game(3)
    s.players[0].dungeon = grid(["..x..", ".r#..", "..#.."], {"1,1": room})
    s.players[0].monsters = monsters(*ZOO)
    assert card(s, 0).lines["room_bonus"] == 0


def test_room_bonuses_add_up_and_count_each_copy():
    s = game(3)
    s.players[0].dungeon = grid(
        ["C.#.P", "#.#.#", ".K#.."], {"0,0": "cafeteria", "0,4": "pandemonium", "2,1": "chapel"}
    )
    s.players[0].dungeon[0][1] = Cell("tunnel")  # connect the cafeteria
    s.players[0].dungeon[0][3] = Cell("tunnel")  # and the pandemonium
    s.players[0].monsters = monsters(
        "goblin_y1", "goblin_y1", "vampire_y1", "ghost_y1", "ghost_y2", "demon_y2", "demon_y2"
    )
    # cafeteria 2 goblins x1 = 2; chapel (vampire + 2 ghosts) x2 = 6; pandemonium 2 demons x2 = 4
    assert card(s, 0).lines["room_bonus"] == 12


def test_a_ghost_counts_for_the_chapel_but_not_as_a_monster():
    s = game(3)
    s.players[0].dungeon = grid(["..#..", ".K#..", "..#.."], {"1,1": "chapel"})
    s.players[0].monsters = monsters("ghost_y1")
    c = card(s, 0)
    assert c.lines["monsters"] == 0
    assert c.lines["room_bonus"] == 2


# --- titles (Rulebook › Titles) ------------------------------------------------------------------


def _edge(title: str) -> Callable[[GameState, list[int]], None]:
    """A function giving the listed players one more than the baseline in ``title`` (for the
    Battlelord: making everybody else worse by one conquered tunnel)."""

    def dark_deeds(s, who):
        for i in who:
            s.players[i].evil = 9

    def halls(s, who):
        for i in who:
            s.players[i].dungeon = grid(["..#..", ".R#..", "..#.."], {"1,1": "mint"})

    def tunnellord(s, who):
        for i in who:
            s.players[i].dungeon = grid(["..#..", "..##.", "..#.."])

    def monsterlord(s, who):
        for i in who:
            s.players[i].monsters = monsters("goblin_y1")

    def imps(s, who):
        for i in who:
            s.players[i].imps = 4

    def riches(s, who):
        for i in who:
            s.players[i].gold = 4

    def battlelord(s, who):
        for i, p in enumerate(s.players):
            if i not in who:
                p.dungeon = grid(["..x..", "..#..", "..#.."])

    return locals()[title]


TITLE_IDS = ["dark_deeds", "halls", "tunnellord", "monsterlord", "imps", "riches", "battlelord"]


def test_title_ids_in_the_rulebook_order():
    assert list(card(game(3), 0).titles) == TITLE_IDS


@pytest.mark.parametrize("title", TITLE_IDS)
def test_exclusive_title_three_points(title):
    s = game(3)
    _edge(title)(s, [0])
    a, b, c = score(s)
    assert a.titles[title] == "exclusive"
    assert title not in b.titles and title not in c.titles
    # the other 6 titles stay shared by all three (2 each)
    assert a.lines["titles"] == 3 + 6 * 2
    assert b.lines["titles"] == c.lines["titles"] == 6 * 2


@pytest.mark.parametrize("title", TITLE_IDS)
def test_shared_title_two_points(title):
    s = game(3)
    _edge(title)(s, [0, 1])
    a, b, c = score(s)
    assert a.titles[title] == b.titles[title] == "shared"
    assert title not in c.titles
    assert a.lines["titles"] == b.lines["titles"] == 7 * 2
    assert c.lines["titles"] == 6 * 2


@pytest.mark.parametrize("title", TITLE_IDS)
def test_two_player_titles_exclusive_two_shared_one(title):
    # "In a 2-player game, exclusive titles are worth 2 points and shared titles are worth 1."
    s = game(2)
    _edge(title)(s, [0])
    a, b = score(s)
    assert a.titles[title] == "exclusive"
    assert a.lines["titles"] == 2 + 6 * 1
    assert b.lines["titles"] == 6 * 1
    tie = game(2)
    _edge(title)(tie, [0, 1])
    assert [x.lines["titles"] for x in score(tie)] == [7, 7]


def test_four_player_titles_three_and_two():
    s = game(4)
    _edge("imps")(s, [2])
    assert [x.lines["titles"] for x in score(s)] == [12, 12, 15, 12]


def test_battlelord_goes_to_the_fewest_conquered_tiles():
    s = game(3)
    s.players[0].dungeon = grid(["..x..", "..x..", "..x.."])  # most conquered
    s.players[1].dungeon = grid(["..x..", "..#..", "..#.."])
    s.players[2].dungeon = grid(["..#..", "..#..", "..#.."])  # none conquered
    a, b, c = score(s)
    assert c.titles["battlelord"] == "exclusive"
    assert "battlelord" not in a.titles and "battlelord" not in b.titles


def test_halls_and_tunnellord_count_conquered_tiles():
    s = game(3)
    s.players[0].dungeon = grid(
        ["..x..", ".mx#.", "..x.."], {"1,1": "mint"}
    )  # 1 room, 4 tunnels, all but one conquered
    a, b, c = score(s)
    assert a.titles["halls"] == "exclusive"
    assert a.titles["tunnellord"] == "exclusive"


def test_riches_counts_unplayed_trap_cards():
    s = game(3)
    s.players[0].traps = ["rolling_stone#1"]  # 3 + 3 + 1 = 7
    assert card(s, 0).titles["riches"] == "exclusive"
    s.players[1].gold, s.players[1].food = 2, 5  # 2 + 5 + 0 = 7
    a, b, c = score(s)
    assert a.titles["riches"] == b.titles["riches"] == "shared"
    assert "riches" not in c.titles


def test_lord_of_imps_ignores_troll_tokens():
    s = game(3)
    s.players[0].monsters = monsters("troll_y1", "troll_y1")  # 2 troll tokens, 3 imp figures
    s.players[1].imps = 4
    a, b, c = score(s)
    assert b.titles["imps"] == "exclusive"
    assert "imps" not in a.titles
    assert a.titles["monsterlord"] == "exclusive"  # the trolls are monsters, though


def test_dark_deeds_ignores_the_non_player_evil_counter():
    # "Ignore non-player Dungeon Boards and Evil Counters." (2-player game: green is a non-player)
    s = game(2)
    s.nonplayers[0].evil = 15
    s.players[1].evil = 6
    a, b = score(s)
    assert b.titles["dark_deeds"] == "exclusive"
    assert b.lines["titles"] == 2 + 6


def test_a_best_count_of_zero_still_wins_the_title():
    # Rulebook › Titles sets no minimum: "Titles are given to players who have the most [...] If 2
    # or more players have the most, then they have to share the title". Nobody has a monster:
    # all three have the most (0) and share the Monsterlord.
    s = game(3)
    assert all(x.titles["monsterlord"] == "shared" for x in score(s))
    assert all(x.titles["riches"] == "shared" for x in score(s))
    s.players[0].gold = s.players[0].food = 0
    s.players[1].gold = s.players[1].food = 0
    s.players[2].gold = s.players[2].food = 0
    assert all(x.titles["riches"] == "shared" for x in score(s))  # 0 = 0 = 0
    # one monster is enough for an exclusive Monsterlord
    s.players[1].monsters = monsters("slime_y1")
    a, b, c = score(s)
    assert b.titles["monsterlord"] == "exclusive"
    assert "monsterlord" not in a.titles and "monsterlord" not in c.titles


# --- Hall of Fame --------------------------------------------------------------------------------


@pytest.mark.parametrize("players, per_title", [(4, 2), (3, 1), (2, 1)])
def test_hall_of_fame_per_exclusive_title(players, per_title):
    # "For each exclusive title you earn, you gain an additional 2 points (or 1 point in a three- or
    # two-player game)."
    s = game(players)
    s.players[0].dungeon = grid(["..#..", ".H#..", "..#.."], {"1,1": "hall_of_fame"})
    s.players[0].evil = 9  # dark_deeds
    s.players[0].imps = 4  # imps; the Hall itself makes halls exclusive too
    c = card(s, 0)
    assert [t for t, v in c.titles.items() if v == "exclusive"] == ["dark_deeds", "halls", "imps"]
    assert c.lines["hall_of_fame"] == 3 * per_title
    assert c.lines["room_bonus"] == 0  # scored with the titles, not as a room bonus


def test_hall_of_fame_ignores_shared_titles_and_needs_to_be_unconquered():
    s = game(4)
    s.players[0].dungeon = grid(["..#..", ".H#..", "..#.."], {"1,1": "hall_of_fame"})
    s.players[1].dungeon = grid(["..#..", ".K#..", "..#.."], {"1,1": "chapel"})
    c = card(s, 0)
    assert "exclusive" not in c.titles.values()
    assert c.lines["hall_of_fame"] == 0
    s.players[0].evil = 9
    assert card(s, 0).lines["hall_of_fame"] == 2
    s.players[0].dungeon = grid(["..x..", ".h#..", "..#.."], {"1,1": "hall_of_fame"})
    c = card(s, 0)
    assert c.titles["dark_deeds"] == "exclusive"
    assert c.lines["hall_of_fame"] == 0


def test_no_hall_of_fame_no_bonus():
    s = game(4)
    s.players[0].evil = 9
    assert card(s, 0).lines["hall_of_fame"] == 0


# --- winning (Rulebook › Winning the Game) -------------------------------------------------------------


def test_ties_for_the_win_share_victory():
    s = game(3)
    s.players[2].red_marks = 1
    a, b, c = score(s)
    assert (a.total, b.total, c.total) == (14, 14, 11)
    assert (a.winner, b.winner, c.winner) == (True, True, False)
    assert (a.rank, b.rank, c.rank) == (1, 1, 3)


def test_all_equal_all_win():
    assert all(x.winner and x.rank == 1 for x in score(game(4)))


def test_ranks_share_below_the_top_and_one_winner():
    s = game(4)
    s.players[0].prison = ["warrior_y1_a"]  # +2
    s.players[3].red_marks = 1  # -3
    scores = score(s)
    assert [x.total for x in scores] == [16, 14, 14, 11]
    assert [x.rank for x in scores] == [1, 2, 2, 4]
    assert [x.winner for x in scores] == [True, False, False, False]


def test_licence_needs_a_score_above_zero():
    s = game(3)
    s.players[0].red_marks = 4  # 14 - 12 = 2
    s.players[1].red_marks = 5  # 14 - 15 = -1
    a, b, c = score(s)
    assert (a.total, b.total) == (2, -1)
    assert a.licensed and not b.licensed and c.licensed
    s.players[2].prison = ["warrior_y1_a", "thief_y1_a"]
    s.players[2].red_marks = 6  # 14 + 4 - 18 = 0: "zero points or less" fails
    assert card(s, 2).total == 0 and not card(s, 2).licensed
    s.players[2].prison = ["paladin_y1"]  # 14 + 5 - 18 = 1
    assert card(s, 2).total == 1 and card(s, 2).licensed


# --- a worked 4-player example (through a scenario) ---------------------------------------------------

WORKED = {
    "name": "end of the game, 4 players",
    "year": 2,
    "starting_player": "red",
    "players": [
        {
            "color": "red",
            "name": "Ann",
            "evil": 13,
            "imps": 4,
            "gold": 2,
            "food": 1,
            "traps": ["rolling_stone"],
            "dungeon": ["..#..", "..C#.", "...#.", "...H."],
            "rooms": {"1,2": "cafeteria", "3,3": "hall_of_fame"},
            "monsters": ["troll_y1", "goblin_y1", "witch_y2", "dragon_y2"],
            "knocked_out": ["troll_y1"],
            "prison": ["warrior_y1_a", "thief_y1_a"],
        },
        {
            "color": "blue",
            "name": "Bob",
            "evil": 12,
            "imps": 3,
            "gold": 3,
            "food": 3,
            "red_marks": 1,
            "dungeon": ["..x..", "..x..", ".#k#.", ".#..."],
            "rooms": {"2,2": "chapel"},
            "monsters": ["vampire_y1", "ghost_y1", "ghost_y2", "golem_y2"],
            "prison": ["priest_y1_a", "wizard_y1_a", "warrior_y2_a"],
        },
        {
            "color": "green",
            "name": "Cid",
            "evil": 9,
            "imps": 6,
            "gold": 1,
            "food": 1,
            "dungeon": ["####T", "#....", "P....", "#...."],
            "rooms": {"0,4": "training_room", "2,0": "pandemonium"},
            "monsters": ["demon_y2", "golem_y2", "troll_y2", "goblin_y2"],
        },
        {
            "color": "yellow",
            "name": "Dee",
            "evil": 4,
            "imps": 3,
            "gold": 5,
            "food": 2,
            "red_marks": 2,
            "traps": ["pendulum", "trap_door"],
            "dungeon": ["..x..", ".#c#.", ".#.#.", "....."],
            "rooms": {"1,2": "chicken_coop"},
            "monsters": ["slime_y1", "slime_y1", "witch_y1"],
            "prison": ["thief_y1_b"],
        },
    ],
}


def test_worked_four_player_example():
    s = build_state(Scenario.model_validate(WORKED))
    s.players[0].prison.append("paladin_y1")  # caught in the First Year (scenarios only place adventurers)
    #
    # Counts          red   blue  green  yellow
    #   evil           13    12     9      4      -> dark_deeds: red exclusive (3)
    #   rooms           2     1     2      1      -> halls: red, green shared (2 each)
    #   tunnels         3     5     6      5      -> tunnellord: green exclusive (3)
    #   monsters        4     2     4      3      -> monsterlord: red, green shared (blue's 2 ghosts don't count)
    #   imps            4     3     6      3      -> imps: green exclusive (3)
    #   riches     2+1+1=4  3+3=6 1+1=2  5+2+2=9  -> riches: yellow exclusive (3)
    #   conquered       0     3     0      2      -> battlelord: red, green shared (2 each)
    #
    # red:    rooms 2x2=4; monsters 4 (the knocked-out troll too); prisoners 2+2+5=9; conquered 0;
    #         red marks 0; cafeteria troll+goblin+witch = 3 (not the dragon);
    #         titles 3+2+2+2 = 9; hall of fame 1 exclusive x 2 (4 players) = 2
    #         total 4+4+9+0+0+3+9+2 = 31
    # blue:   rooms 0 (the chapel is conquered); monsters 2 (vampire, golem); prisoners 3x2=6;
    #         conquered 3x-2=-6; red marks -3; chapel conquered: 0; titles 0; hof 0
    #         total 0+2+6-6-3 = -1
    # green:  rooms 2x2=4; monsters 4; prisoners 0; conquered 0; red marks 0;
    #         pandemonium demon+golem 2x2=4, training room nothing; titles 2+3+2+3+2 = 12; no hall
    #         total 4+4+0+0+0+4+12 = 24
    # yellow: rooms 0; monsters 3; prisoners 2; conquered 2x-2=-4; red marks 2x-3=-6; bonus 0;
    #         titles 3; hof 0
    #         total 0+3+2-4-6+0+3 = -2
    scores = score(s)
    red, blue, green, yellow = scores
    assert red.lines == {
        "rooms": 4,
        "monsters": 4,
        "prisoners": 9,
        "conquered": 0,
        "red_marks": 0,
        "room_bonus": 3,
        "titles": 9,
        "hall_of_fame": 2,
    }
    assert blue.lines == {
        "rooms": 0,
        "monsters": 2,
        "prisoners": 6,
        "conquered": -6,
        "red_marks": -3,
        "room_bonus": 0,
        "titles": 0,
        "hall_of_fame": 0,
    }
    assert green.lines == {
        "rooms": 4,
        "monsters": 4,
        "prisoners": 0,
        "conquered": 0,
        "red_marks": 0,
        "room_bonus": 4,
        "titles": 12,
        "hall_of_fame": 0,
    }
    assert yellow.lines == {
        "rooms": 0,
        "monsters": 3,
        "prisoners": 2,
        "conquered": -4,
        "red_marks": -6,
        "room_bonus": 0,
        "titles": 3,
        "hall_of_fame": 0,
    }
    assert red.titles == {"dark_deeds": "exclusive", "halls": "shared", "monsterlord": "shared", "battlelord": "shared"}
    assert blue.titles == {}
    assert green.titles == {
        "halls": "shared",
        "tunnellord": "exclusive",
        "monsterlord": "shared",
        "imps": "exclusive",
        "battlelord": "shared",
    }
    assert yellow.titles == {"riches": "exclusive"}
    assert [x.total for x in scores] == [31, -1, 24, -2]
    assert [x.rank for x in scores] == [1, 3, 2, 4]
    assert [x.winner for x in scores] == [True, False, False, False]
    assert [x.licensed for x in scores] == [True, False, True, False]

    text = describe_scores(scores)
    rows = text.splitlines()
    red_row = next(r for r in rows if r.startswith("red"))
    blue_row = next(r for r in rows if r.startswith("blue"))
    assert "31" in red_row and "*" in red_row and "dark_deeds!" in red_row and "halls=" in red_row
    assert "-1" in blue_row and "*" not in blue_row
    assert all(any(r.startswith(c) for r in rows) for c in ("red", "blue", "green", "yellow"))


def test_describe_scores_lists_every_line_and_marks_every_tied_winner():
    s = game(3)
    s.players[2].red_marks = 1
    text = describe_scores(score(s))
    head, *rest = text.splitlines()
    for short in ("rooms", "monst", "prisn", "conq", "red", "bonus", "title", "hof", "total"):
        assert short in head
    rows = [r for r in rest if r.startswith(("red", "blue", "green"))]
    assert len(rows) == 3
    assert [("*" in r.split()) for r in rows] == [True, True, False]
    assert rows[2].split()[2 + 8] == "11"  # green's total (name takes 2 words, then 8 lines)
