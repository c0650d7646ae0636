"""Monster Inn as a whole: bots play complete games with the invariants after every event; the record
round-trips and refuses a bad line by number; a view hides the other supplies and nothing else;
the table's card list and rule options are recorded in the first event and change the game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from domain.games import get
from domain.games.monster_inn import GAME
from domain.games.monster_inn.bots import BOTS
from domain.games.monster_inn.reference import markdown
from domain.kernel import HIDDEN, RuleViolation, play_until_blocked
from domain.kernel.record import RecordError

ENGINE = GAME.engine
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
ROOT = Path(__file__).resolve().parents[3]


def _play(players: int, seed: int, bots: list[str], **kw):
    log, s = GAME.new_game(NAMES[:players], seed=seed, bots=bots[:players], **kw)
    chosen = {seat: BOTS[b] for seat, b in zip(s.seats, bots, strict=False)}
    events, s, p = play_until_blocked(ENGINE, s, chosen, seed=seed)
    return log + events, s, p


@pytest.mark.parametrize("players", [3, 4, 5])
def test_strategy_bots_play_whole_games_and_every_event_keeps_the_invariants(players: int) -> None:
    for seed in range(8):
        bots = random.Random(seed).sample(["random", "budgeted", "early_leaver"] * 2, players)
        log, final, p = _play(players, seed, bots)
        assert p.kind == "game_over" and final.results is not None
        state = None
        for n, e in enumerate(log, 1):
            state = GAME.rules.evolve(state, e)
            assert GAME.problems(state) == [], f"seed {seed}, after event {n} ({e.type})"
        assert sum(r["winner"] for r in final.results) >= 1


def test_the_budgeted_bidder_beats_random_play_on_average() -> None:
    fame = {"budgeted": 0, "random": 0}
    for seed in range(40):
        _, final, _ = _play(4, seed, ["budgeted", "random", "budgeted", "random"])
        for r, bot in zip(final.results, ["budgeted", "random", "budgeted", "random"], strict=True):
            fame[bot] += r["fame"]
    assert fame["budgeted"] > fame["random"]


def test_a_tabletop_record_round_trips_and_a_bad_line_is_named() -> None:
    log, s = GAME.new_game(NAMES[:3], mode="tabletop", starting_player=1)
    rng = random.Random(3)
    while ENGINE.pending(s).actors:
        p = ENGINE.pending(s)
        command = ENGINE.random_draw(s, p) if p.is_chance else rng.choice(p.options(p.actors[0]))
        events, s = ENGINE.execute(s, command)
        log += events
    text = GAME.export(log)
    assert "game monster_inn" in text and "draw h" in text
    rebuilt, again = GAME.rebuild(text)
    assert [e.to_json() for e in rebuilt] == [e.to_json() for e in log]
    lines = text.splitlines()
    n = next(i for i, line in enumerate(lines) if " remain " in line)
    seat = lines[n].split()[0]
    lines[n] = f'{seat} remain {{"treasure": "ruby"}}'
    with pytest.raises(RecordError) as exc:
        GAME.rebuild("\n".join(lines) + "\n")
    assert exc.value.line == n + 1 and "treasure" in exc.value.reason
    with pytest.raises(RecordError):
        GAME.rebuild(text.replace("game monster_inn", "game dungeon_lords"))
    # a record without its rules line (or with part of it) is played by the default rules, as a new game is
    unruled = "\n".join(line for line in text.splitlines() if not line.startswith("rules ")) + "\n"
    assert "rules " in text and GAME.rebuild(unruled)[0][0].rules == log[0].rules


def test_an_exchange_in_a_record_without_rules_is_played_by_the_default_rule() -> None:
    """Found by the API fuzz: a record leaving its rules out once gave a game that failed at an exchange."""
    text = "\n".join(
        [
            "monster-inn-record 1",
            "game monster_inn",
            f"catalog {GAME.new_game(NAMES[:3])[0][0].catalog_hash}",
            "variant standard",
            "mode tabletop",
            "starting p1",
            "player p1 A",
            "player p2 B",
            "player p3 C",
            "draw h1-5,m3,m11",
            'p1 remain {"treasure": "gold"}',
            "p2 exchange {}",
        ]
    )
    log, state = GAME.rebuild(text + "\n")
    assert log[0].rules["exchange"] == "to_supply" and log[-1].type != "GameStarted"


def test_a_players_view_hides_the_other_supplies_and_does_not_depend_on_them() -> None:
    _, s = GAME.new_game(NAMES[:4], seed=5)
    mine = GAME.view(s, "p1")
    assert mine["players"][0]["gold"] == 3 and mine["players"][1]["gold"] == HIDDEN and mine["seed"] == HIDDEN
    other = s.model_copy(deep=True)
    other.player("p2").gold, other.player("p2").gem = 0, 6  # another secret, same public facts
    assert GAME.view(other, "p1") == mine
    _, open_game = GAME.new_game(NAMES[:4], seed=5, variant="open_treasure")
    assert GAME.view(open_game, "p1")["players"][1]["gold"] == 3  # rulebook › Variant: open Treasures


def test_the_card_list_and_rule_options_are_recorded_and_used() -> None:
    override = {"monsters": {"m20": {"skulls": 1}, "m16": {"skulls": 1}}}
    log, s = GAME.new_game(NAMES[:3], mode="tabletop", catalog_overrides=override, rules={"support": "stack"})
    first = log[0]
    assert first.catalog_overrides == override and first.rules["support"] == "stack"
    assert first.catalog_hash != get("monster-inn").new_game(NAMES[:3], mode="tabletop")[0][0].catalog_hash
    assert s.catalog.card("m20").skulls == 1 and "skulls" not in s.catalog.card("m20").provisional
    with pytest.raises(RuleViolation) as exc:
        GAME.new_game(NAMES[:3], catalog_overrides={"monsters": {"m7": {"kind": "dragons"}}})
    assert exc.value.code == "SETUP_INVALID" and "5 kinds" in exc.value.message
    with pytest.raises(RuleViolation):
        GAME.new_game(NAMES[:3], rules={"exchange": "free"})


def test_docs_describe_the_game_as_generated() -> None:
    assert (ROOT / "docs" / "monster-inn.md").read_text() == markdown()


def test_undo_and_correction_are_events_and_their_record_round_trips() -> None:
    history = GAME.history
    log, s = GAME.new_game(NAMES[:3], mode="tabletop")
    for command in (
        {"type": "record_draw", "cards": ["m1", "m6", "h11-15"]},
        {"type": "remain", "player": "p1", "treasure": "gem"},
        {"type": "remain", "player": "p2", "treasure": "gem"},
        {"type": "leave", "player": "p3"},
    ):
        events, s = ENGINE.execute(s, command)
        log += events
    with pytest.raises(RuleViolation) as exc:
        history.undo_event(log, "p1")  # the latest input is p3's (or its bonus)
    assert exc.value.code == "UNDO_NOT_YOURS"
    undone = history.undo_event(log, None)
    log.append(undone)
    s = GAME.rules.evolve(s, undone)
    assert s.in_round == ["p3", "p1", "p2"] and s.pool == 2  # p3 has not left
    plan = history.correct(log, 3, GAME.parse_command({"type": "remain", "player": "p1", "treasure": "gold"}))
    assert plan.divergence.startswith(
        "event 4: p2: remains with a Gem: refused WRONG_TREASURE_TYPE"
    )  # p2's gem no longer fits
    log += plan.events
    state = ENGINE.replay(log)
    assert (state.pool, state.pool_type, state.in_round[0]) == (1, "gold", "p2")
    assert GAME.problems(state) == []
    text = GAME.export(log)
    assert "undo " in text and "correct 3 " in text
    rebuilt, again = GAME.rebuild(text)
    assert [e.to_json() for e in rebuilt] == [e.to_json() for e in log]


def test_the_audit_replays_a_game_and_names_what_the_rules_do_not_give() -> None:
    log, final, _ = _play(4, 3, ["budgeted", "random", "early_leaver", "budgeted"])
    report = GAME.audit(log)
    assert report.clean and report.findings == [] and report.events == len(log)
    assert any(line.startswith("rule support = once") for line in report.provisional)
    assert any("skulls" in line and "[provisional]" in line for line in report.provisional)
    # a stored Remain onto a Pool of the other type, changed afterwards: no legal input gives it
    n = next(i for i, e in enumerate(log) if e.type == "Remained" and ENGINE.replay(log[:i]).pool > 0)
    other = "gem" if log[n].treasure == "gold" else "gold"
    tampered = [*log[:n], log[n].replace(treasure=other), *log[n + 1 :]]
    found = GAME.audit(tampered)
    assert not found.clean and found.findings[0].event == n + 1
    assert "not legal" in found.findings[0].expected and "Sequence of Play" in found.findings[0].rule
    # the same game under another card list: the score is not what was stored
    rerun = GAME.audit(log, catalog_overrides={"monsters": {f"m{v}": {"skulls": 1} for v in range(16, 21)}})
    assert [f.expected.split(":")[0] for f in rerun.findings] == ["Game over, Fame"]  # the scoring, in words
    assert "Scoring and Winning" in rerun.findings[0].rule and "audited under" in rerun.catalog


def test_the_golden_record_replays_to_its_hash_and_exports_the_same() -> None:
    """A 4-player tabletop game (with an undo at the table), kept as a record: rebuilt through the rules
    on every run; the hash line checks every event it gives."""
    text = (ROOT / "tests" / "golden" / "monster-inn-tabletop-4p.mir").read_text()
    log, state = GAME.rebuild(text)
    assert state.phase == "over" and GAME.problems(state) == []
    assert GAME.export(log) == text
    assert sum(isinstance(e, type(log[0])) for e in log) == 1 and any(e.type == "InputUndone" for e in log)


SCENARIO = ROOT / "domain" / "games" / "monster_inn" / "scenarios" / "last-round-4p.json"


def test_a_position_is_played_on_and_its_record_round_trips() -> None:
    log, s = GAME.from_scenario(SCENARIO.read_text())
    assert log[0].type == "ScenarioLoaded" and s.round == 10 and ENGINE.pending(s).detail["what"] == "inn"
    rng = random.Random(1)
    while (p := ENGINE.pending(s)).actors:
        command = ENGINE.random_draw(s, p) if p.is_chance else rng.choice(p.options(p.actors[0]))
        events, s = ENGINE.execute(s, command)
        log += events
    assert s.phase == "over" and GAME.problems(s) == []
    text = GAME.export(log)
    assert text.splitlines()[3] == 'scenario "last-round-4p"'
    rebuilt, again = GAME.rebuild(text)
    assert [e.to_json() for e in rebuilt] == [e.to_json() for e in log] and again.results == s.results


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["state"]["players"][0].update(gold=99), "gold"),  # a treasure counted twice
        (lambda d: d["state"]["players"][1].update(gem="hidden"), "hides some values"),
        (lambda d: d["state"]["deck"].append("m3"), "creatures not conserved"),
        (lambda d: d["state"].update(phase="somewhere"), "phase"),
    ],
)
def test_an_impossible_position_is_refused(edit, words) -> None:
    import json

    data = json.loads(SCENARIO.read_text())
    edit(data)
    with pytest.raises(RuleViolation) as exc:
        GAME.from_scenario(data)
    assert exc.value.code == "SCENARIO_INVALID" and words in exc.value.message
