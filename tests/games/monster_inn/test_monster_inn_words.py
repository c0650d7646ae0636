"""Monster Inn in words (issue #30): every event type described in plain sentences, cards named as the
table reads them and listed in numeric order, the exchange's cost and where it goes stated, and a seat's
log worded from what that seat may see, in the CLI and on the table page."""

from __future__ import annotations

import json
import random
import re

import pytest
from clirun import run
from fastapi.testclient import TestClient

from cli.http.app import create_app
from domain.games.monster_inn import GAME
from domain.games.monster_inn import events as ev
from domain.games.monster_inn.commands import RecordDraw
from domain.games.monster_inn.describe import WORDS, describe, describe_command
from domain.kernel import HIDDEN
from domain.kernel.events import GameArchived, InputCorrected, InputUndone
from domain.kernel.text import natural_key

_SEATS = [ev.Seat(seat="p1", name="Ann"), ev.Seat(seat="p2", name="Bob", bot="random"), ev.Seat(seat="p3", name="Cat")]
_RULES = {"exchange": "to_supply", "positive_difference": "zero", "support": "once"}

#: one event of every type, and its words (each field that matters shows up in them)
SAMPLES: list[tuple[ev.Event, str]] = [
    (
        ev.GameStarted(
            players=_SEATS,
            variant="standard",
            mode="tabletop",
            seed=None,
            starting_player="p2",
            catalog_hash="c",
            rules=_RULES,
        ),
        "A game of Monster Inn begins (standard variant, recorded at the table): p1 Ann, p2 Bob (bot random), "
        "p3 Cat; p2 starts",
    ),
    (
        ev.GameStarted(
            players=_SEATS,
            variant="open_treasure",
            mode="digital",
            seed=7,
            starting_player="p1",
            catalog_hash="c",
            rules=_RULES,
        ),
        "A game of Monster Inn begins (open treasure variant, digital, seed 7): p1 Ann, p2 Bob (bot random), "
        "p3 Cat; p1 starts",
    ),
    (
        ev.ScenarioLoaded(name="t-04", description="the last card of round 3", state={}),
        "The game starts from the position 't-04': the last card of round 3",
    ),
    (
        ev.InnDealt(round=1, cards=["h6-10", "m2", "m9", "m15"]),
        "Round 1: the Inn is dealt, left to right: a face-down humanoid (h6-10), m2, m9 and m15",
    ),
    (
        ev.InnDealt(round=4, cards=["h16-20", "h1-5", "h1-5", "m10"]),
        "Round 4: the Inn is dealt, left to right: a face-down humanoid (h16-20), two face-down humanoids (h1-5) "
        "and m10",
    ),
    (ev.Remained(player="p3", treasure="gem"), "p3 Remains and puts a Gem into the Pool"),
    (
        ev.TreasureExchanged(player="p1", returned=2, paid=3, treasure="gold"),
        "p1 Remains by a Treasure Exchange: pays 3 Gold Coins into the Pool, and the Pool's 2 Gems go to the "
        "general supply",
    ),
    (
        ev.TreasureExchanged(player="p2", returned=1, paid=2, treasure="gem", to_player=True),
        "p2 Remains by a Treasure Exchange: pays 2 Gems into the Pool, and the Pool's 1 Gold Coin goes to p2",
    ),
    (ev.Left(player="p1", card="m4", gold=6), "p1 Leaves with m4 and the Pool (6 Gold Coins)"),
    (
        ev.Left(player="p3", card="h16-20", gem=1, then="bonus"),
        "p3 Leaves with a face-down humanoid (h16-20) and the Pool (1 Gem); the humanoid bonus follows",
    ),
    (
        ev.Left(player="p2", card="m9", then="support"),
        "p2 Leaves with m9 and an empty Pool; p2 has a monster of its kind: Support may be given now",
    ),
    (ev.BonusTaken(player="p3", treasure="gold"), "p3 takes a Gold Coin from the general supply as the humanoid bonus"),
    (
        ev.BonusTaken(player="p3", treasure="gem", forced=True),
        "p3 takes a Gem from the general supply as the humanoid bonus (the only type left in it)",
    ),
    (ev.BonusMissed(player="p1"), "p1 gets no humanoid bonus: the general supply is empty"),
    (ev.Supported(player="p1", monster="m9", treasure="gem"), "p1 supports m9 with a Gem"),
    (ev.SupportDeclined(player="p1"), "p1 gives no Support"),
    (
        ev.RoundEnded(round=1, last="p3", next_starter="p1"),
        "Round 1 ends: p3 took the last creature; p1 starts round 2",
    ),
    (
        ev.HumanoidsSetAside(positions={"p1": [1, 4], "p10": [0], "p2": [0], "p3": []}),
        "Scoring, step 1: humanoids under a supported monster or under no monster go back to the box unrevealed: "
        "p1's 2nd and 5th; p2's 1st; p10's 1st",
    ),
    (
        ev.HumanoidsSetAside(positions={"p1": [], "p2": []}),
        "Scoring, step 1: no humanoid lies under a supported monster or under no monster; none goes back to the box",
    ),
    (
        ev.HumanoidRevealed(player="p2", position=2, card="h14"),
        "Scoring, step 2: p2's 3rd humanoid is turned over: h14",
    ),
    (
        ev.GameScored(
            results=[
                {"seat": "p1", "fame": 11, "rank": 2, "winner": False},
                {"seat": "p2", "fame": 13, "rank": 1, "winner": True},
            ]
        ),
        "Game over, Fame: p2 13 (winner); p1 11",
    ),
    (
        InputUndone(player="p1", first=3, last=3, description="remains with a Gold Coin", state={}),
        "p1 took back event 3 (remains with a Gold Coin)",
    ),
    (
        InputCorrected(
            event=5, first=5, was="p2: leaves", now="p2: remains with a Gem", command={}, reapplied=2, state={}
        ),
        "Correction of event 5: p2: leaves -> p2: remains with a Gem; 2 later input(s) re-applied",
    ),
    (GameArchived(reason="a test game"), "The game is archived (left out of the statistics): a test game"),
]


def test_every_event_type_of_the_game_has_words_of_its_own() -> None:
    """Fails when an event type is added without a description (it would print as ``Type: field value``)."""
    assert sorted(set(GAME.events) - set(WORDS)) == []
    assert {type(e).__name__ for e, _ in SAMPLES} == set(GAME.events)  # the samples below cover every type


@pytest.mark.parametrize(
    ("event", "words"), SAMPLES, ids=[f"{type(e).__name__}-{i}" for i, (e, _) in enumerate(SAMPLES)]
)
def test_each_event_is_a_plain_sentence(event, words) -> None:
    assert describe(event) == words
    assert describe(event.to_json()) == words  # the JSON form (a seat's view) reads the same


def test_a_whole_game_reads_without_raw_fields_for_every_seat() -> None:
    """No field name, Python value or list syntax, and no sentence ending in a dangling "then", in any
    event of complete games as the recorder and each seat see them (while running and at the end)."""
    raw = re.compile(r"\b(True|False|None|then|to_player|returned)\b|[\[\]{}]|: $|, $")
    seen = set()
    for seed, variant in ((3, "standard"), (4, "open_treasure")):
        log, state = GAME.new_game(["A", "B", "C", "D"], seed=seed, variant=variant)
        log, rng = list(log), random.Random(seed)
        for _ in range(2000):
            p = GAME.engine.pending(state)
            if not p.actors:
                break
            more, state = GAME.engine.execute(state, rng.choice(p.options(p.actors[0])))
            log += more
        for upto in (len(log) // 2, len(log)):  # while the game runs, and once it is scored
            for viewer in (None, "p1", "p2"):
                for entry in GAME.log_entries(log[:upto], viewer):
                    assert not raw.search(entry["text"]), entry["text"]
                    seen.add(entry["data"]["type"])
    assert {"InnDealt", "Remained", "Left", "BonusTaken", "RoundEnded", "HumanoidRevealed", "GameScored"} <= seen


def test_card_lists_read_in_numeric_order() -> None:
    assert sorted(["m10", "m2", "m1", "h11-15", "h6-10", "h16-20", "h1-5"], key=natural_key) == [
        "h1-5",
        "h6-10",
        "h11-15",
        "h16-20",
        "m1",
        "m2",
        "m10",
    ]
    assert sorted(["Warrior 10", "warrior 3"], key=natural_key) == ["warrior 3", "Warrior 10"]
    assert describe_command(RecordDraw(cards=["m10", "m2", "h6-10"])) == "draw h6-10,m2,m10"


# --- from the command line ------------------------------------------------------------------------------
@pytest.fixture()
def store(tmp_path):
    return str(tmp_path / "games.sqlite")


def _new(store, *extra) -> str:
    args = ("new", "--store", store, "--game", "monster-inn", "--players", "3", "--mode", "tabletop")
    return run(*args, "--starting-player", "0", *extra).output.strip().splitlines()[-1]


def _act(store, gid, command: dict) -> None:
    run("act", gid, "--store", store, "--json", json.dumps(command))


def _log(store, gid, *extra) -> list[str]:
    return run("log", gid, "--store", store, *extra).output.splitlines()


def test_the_log_says_what_an_exchange_costs_and_where_the_pool_goes(store) -> None:
    for rule, to in (("to_supply", "the general supply"), ("to_player", "p2")):
        gid = _new(store, "--rule", f"exchange={rule}")
        run("act", gid, "--store", store, "--draw", "m10 m2 h6-10")
        _act(store, gid, {"type": "remain", "player": "p1", "treasure": "gem"})
        _act(store, gid, {"type": "exchange", "player": "p2"})
        log = _log(store, gid)
        assert log[1].endswith("Round 1: the Inn is dealt, left to right: a face-down humanoid (h6-10), m2 and m10")
        assert log[3].endswith(
            f"p2 Remains by a Treasure Exchange: pays 2 Gold Coins into the Pool, and the Pool's 1 Gem goes to {to}"
        )


def test_the_draw_lists_what_can_come_up_in_numeric_order(store) -> None:
    gid = _new(store)
    out = " ".join(run("options", gid, "--store", store).output.split())
    assert "h1-5, h6-10, h11-15, h16-20, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11" in out


def test_a_seats_log_words_another_seats_humanoid_bonus_without_its_treasure(store) -> None:
    gid = _new(store)
    run("act", gid, "--store", store, "--draw", "h6-10 m2 m10")
    _act(store, gid, {"type": "leave", "player": "p1"})
    _act(store, gid, {"type": "take_bonus", "player": "p1", "treasure": "gem"})
    mine, theirs, recorder = _log(store, gid, "--as", "p1"), _log(store, gid, "--as", "p2"), _log(store, gid)
    assert mine[-1].endswith("p1 takes a Gem from the general supply as the humanoid bonus") and mine == recorder
    assert theirs[-1].endswith("p1 takes a treasure (which: hidden) from the general supply as the humanoid bonus")
    assert "Gem" not in theirs[-1] and "Gold" not in theirs[-1]
    assert theirs[-2].endswith(
        "p1 Leaves with a face-down humanoid (h6-10) and an empty Pool; the humanoid bonus follows"
    )


# --- on the table page ----------------------------------------------------------------------------------
def _csrf(html: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def _event(html: str) -> int:
    return int(re.search(r'data-event="(\d+)"', html).group(1))


def test_the_table_page_shows_the_game_in_words_and_cards_in_numeric_order(tmp_path) -> None:
    app = create_app(str(tmp_path / "games.sqlite"))
    page = TestClient(app).post("/new", data={"names": "A, B, C", "game": "monster_inn", "mode": "tabletop"})
    links = dict(re.findall(r'data-seat="(\w+)" href="(/join/[^"]+)"', page.text))
    gid = links["recorder"].split("/")[2].split("?")[0]
    c = {}
    for seat, link in links.items():
        c[seat] = TestClient(app)
        c[seat].get(link.replace("&amp;", "&"))
    html = c["recorder"].get(f"/table/{gid}").text
    chips = re.findall(r'class="chip" data-name="([^"]+)"', html)
    assert chips[:6] == ["h1-5", "h6-10", "h11-15", "h16-20", "m1", "m2"] and chips[-2:] == ["m19", "m20"]
    c["recorder"].post(
        f"/table/{gid}/draw", data={"expected": _event(html), "draw": "m10 m2 h6-10", "csrf": _csrf(html)}
    )
    html = c["recorder"].get(f"/table/{gid}").text
    first = re.search(r"Waiting for: (p\d)", html).group(1)
    for command in ({"type": "leave", "player": first}, {"type": "take_bonus", "player": first, "treasure": "gem"}):
        mine = c[first].get(f"/table/{gid}").text
        answer = c[first].post(
            f"/table/{gid}/act", data={"expected": _event(mine), "command": json.dumps(command), "csrf": _csrf(mine)}
        )
        assert answer.status_code == 200
    other = next(s for s in ("p1", "p2", "p3") if s != first)
    theirs, mine = c[other].get(f"/table/{gid}").text, c[first].get(f"/table/{gid}").text
    log = re.search(r'id="log".*?</section>', theirs, re.S).group(0)
    assert "Round 1: the Inn is dealt, left to right: a face-down humanoid (h6-10), m2 and m10" in log
    assert f"{first} takes a treasure (which: hidden) from the general supply as the humanoid bonus" in log
    assert f"{first} takes a Gem from the general supply" in mine and "InnDealt" not in log
    board = re.search(r'id="board".*?</section>', theirs, re.S).group(0)
    assert re.findall(r'<li class="game-card" data-card="[^"]+">([^<]+)</li>', board) == ["m2", "m10"]  # as cards
    dungeon = re.search(rf'id="player-{first}".*?</section>', theirs, re.S).group(0)
    humanoids = re.search(r'aria-label="p\d\'s humanoids">(.*?)</ul>', dungeon, re.S).group(1)
    assert ">h6-10 face down<" in humanoids and "{" not in dungeon and HIDDEN in dungeon
