"""Trusting the record (issue "Trust the record"): honest corrections, correctable tabletop draws, a
tamper-evident log, origins, archive and delete."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest
from clirun import run
from helpers import same_game

from domain.games.dungeon_lords.bots import play_until_blocked, random_bot
from domain.games.dungeon_lords.commands import RecordDraw
from domain.games.dungeon_lords.engine import new_game, pending
from domain.games.dungeon_lords.errors import RuleViolation
from domain.games.dungeon_lords.history import spans_of, standing, state_before
from domain.games.dungeon_lords.record_format import RecordError, export, rebuild
from domain.games.dungeon_lords.strategies import STRATEGIES
from domain.service.application import GameService

BOTS = ["balanced", "evil", "tunneller", "monster_keeper"]
GOLDEN = Path(__file__).parent.parent / "golden" / "seed4-3p.dlr"


def _bot_game(seed: int = 11):
    events, state = new_game([f"{b} {i + 1}" for i, b in enumerate(BOTS)], seed=seed, bots=BOTS)
    more, state, _ = play_until_blocked(state, {p.color: STRATEGIES[b] for p, b in zip(state.players, BOTS)}, seed=seed)
    return events + more, state


def _another_option(log, number):
    """A legal input at the decision event ``number`` answered, other than the one given."""
    span = next(s for s in standing(spans_of(log)) if s.first == number)
    p = pending(state_before(log, number))
    return next(o for o in p.options(span.actor) if o != span.command), span


@pytest.fixture
def store(tmp_path):
    return str(tmp_path / "games.sqlite")


def test_correction_reapplies_later_inputs_to_the_same_decisions_and_the_audit_names_what_it_superseded(store):
    """Defect 1, end to end: fork a finished 4-player bot game late, correct an early input, dry run first."""
    log, final = _bot_game()
    app = GameService.open(store)
    original = app.create_from_events(log, final_state=final)
    run("project", "--store", store)
    rows = json.loads(
        run(
            "stats",
            "--sql",
            f"SELECT count(*) AS n FROM player_results WHERE game_id = '{original}'",
            "--json",
            "--store",
            store,
        ).output
    )
    assert rows == [{"n": 4}]
    # fork near the end (at an input point), then dispute an early decision of the fork
    points = [s.first - 1 for s in spans_of(log)]
    at = points[-3]
    forked = run("fork", str(original), "--at", at, "--store", store).output.strip().splitlines()[-1]
    flog = app.log(forked)
    assert len(flog) == at and flog[0].origin == "forked" and flog[0].forked_from == f"{original}@{at}"
    assert [s.bot for s in flog[0].players] == BOTS  # a forked bot game keeps its bots
    decision = next(s for s in standing(spans_of(flog)) if s.actor != "chance" and s.first > 60)
    other, span = _another_option(flog, decision.first)
    dry = run(
        "correct",
        forked,
        "--event",
        decision.first,
        "--json",
        json.dumps(other.model_dump(mode="json")),
        "--dry-run",
        "--store",
        store,
    ).output
    assert "dry run, nothing stored" in dry and "kept:" in dry
    assert len(app.log(forked)) == at  # nothing stored
    plan = app.correct(forked, decision.first, other)
    marker = plan.marker
    later = [s for s in standing(spans_of(flog)) if s.first > decision.last]
    assert len(marker.kept) + len(marker.superseded) == len(later)  # every later input is accounted for
    assert marker.first == decision.first and marker.reapplied == len(marker.kept)
    # the kept inputs answered the very same decisions in the corrected line
    now = standing(spans_of(app.log(forked)))
    assert marker.kept, "this dispute keeps some later inputs (the other players' next decisions)"
    assert [s.key for s in now[-len(marker.kept) :]] == [s.key for s in later[: len(marker.kept)]]
    assert len(now) == len(standing(spans_of(flog))) - len(later) + len(marker.kept)
    if marker.superseded:
        assert marker.divergence.startswith(marker.superseded[0].split(":")[0])
    # the log marks what was superseded; the audit lists the correction and exits 1
    lines = run("log", forked, "--json", "--store", store).output.splitlines()
    superseded = [json.loads(x) for x in lines if "taken_back" in json.loads(x)]
    assert superseded[0]["n"] == decision.first and len(superseded) == at - decision.first + 1
    result = run("audit", forked, "--store", store, ok=False)
    if marker.superseded:
        assert result.exit_code == 1 and "superseded" in result.output
        assert marker.superseded[0] in result.output
    assert "correction: event" in result.output
    rebuilt, _ = rebuild(export(app.log(forked)))  # the corrected fork exports and imports as it is
    assert same_game(rebuilt, app.log(forked))
    # the same dispute on the finished original: its score card is superseded in the read models
    decision = next(s for s in standing(spans_of(log)) if s.actor != "chance" and s.first > 60)
    other, _ = _another_option(log, decision.first)
    app.correct(original, decision.first, other)
    run("project", "--store", store)
    rows = json.loads(
        run(
            "stats",
            "--sql",
            "SELECT (SELECT count(*) FROM player_results WHERE game_id = "
            f"'{original}') AS cards, (SELECT any_value(finished) FROM games WHERE game_id = "
            f"'{original}') AS finished",
            "--json",
            "--store",
            store,
        ).output
    )
    scored_again = any(e.type == "GameScored" for e in app.log(original)[len(log) :])
    assert rows == [{"cards": 4 if scored_again else 0, "finished": scored_again}]
    # export and import keep the correction and what followed it, event for event
    rebuilt, _ = rebuild(export(app.log(original)))
    assert same_game(rebuilt, app.log(original))


def test_a_correction_keeps_later_inputs_that_still_fit():
    # correct a tunnel's square: the other players' later decisions are the same decisions, kept
    from domain.games.dungeon_lords.commands import DigTunnel
    from domain.games.dungeon_lords.corrections import correct
    from domain.games.dungeon_lords.engine import execute_pure

    events, state = new_game(["Ann", "Bob", "Cy"], seed=21)
    log, rng = list(events), random.Random(21)
    dug = None
    for _ in range(400):
        p = pending(state)
        if p.is_chance:
            break
        digs = [o for a in p.actors for o in p.options(a) if isinstance(o, DigTunnel)]
        cmd = digs[0] if digs and dug is None else random_bot(state, p, p.actors[0], rng)
        more, state = execute_pure(state, cmd)
        if digs and dug is None:
            dug = (len(log) + 1, cmd, [o for o in digs if o.square != cmd.square and o.player == cmd.player])
        log += more
        if dug and len(log) > dug[0] + 40:
            break
    number, cmd, others = dug
    plan = correct(log, number, others[0])
    assert plan.marker.kept, "later inputs of other players answer the same decisions"
    assert not plan.marker.superseded or plan.marker.divergence


def test_digital_draws_cannot_be_undone_or_corrected():
    app = GameService.open("memory")
    game = app.create_game(["Ann", "Bob"], seed=3)
    draw = next(s for s in spans_of(app.log(game)) if s.actor == "chance")
    with pytest.raises(RuleViolation) as refused:
        app.correct(game, draw.first, RecordDraw(cards=draw.command.cards))
    assert refused.value.code == "CORRECTION_DIGITAL_DRAW"


def test_a_mistyped_tabletop_draw_is_fixed_by_undo_and_by_correction():
    """Defect 2: in tabletop mode a draw is the recorder's input."""
    app = GameService.open("memory")
    game = app.create_game(["Ann", "Bob"], mode="tabletop")
    p = app.pending(game)
    assert p.is_chance
    pool = sorted(p.chance.pool)
    typed = RecordDraw(cards=pool[: p.chance.count])
    meant = RecordDraw(cards=pool[-p.chance.count :])
    app.execute(game, typed)
    before = len(app.log(game))
    app.undo(game)  # the recorder takes it back
    assert len(app.log(game)) == before + 1 and app.pending(game).is_chance
    app.execute(game, meant)
    # a second draw, mistyped, then more inputs, then corrected
    while not app.pending(game).is_chance:
        q = app.pending(game)
        app.execute(game, q.options(q.actors[0])[0])
    q = app.pending(game)
    pool = sorted(q.chance.pool)
    wrong = RecordDraw(cards=pool[: q.chance.count])
    app.execute(game, wrong)
    drawn_at = next(s.first for s in reversed(spans_of(app.log(game))) if s.actor == "chance")
    impossible = RecordDraw(cards=["not_a_card"] * q.chance.count)
    with pytest.raises(RuleViolation) as refused:
        app.correct(game, drawn_at, impossible)  # checked like any draw
    assert refused.value.code == "DRAW_IMPOSSIBLE"
    right = RecordDraw(cards=pool[-q.chance.count :])
    plan = app.correct(game, drawn_at, right)
    assert plan.marker.first == drawn_at and "draw" in plan.marker.now
    line = standing(spans_of(app.log(game)))
    assert next(s for s in line if s.actor == "chance" and s.first > drawn_at).command.cards == right.cards
    with pytest.raises(RuleViolation) as refused:
        app.correct(game, 2, RecordDraw(cards=["x"]))  # event 2 came before any input
    assert refused.value.code in ("CORRECTION_NOT_AN_INPUT", "CORRECTION_WRONG_KIND", "CORRECTION_TAKEN_BACK")


def test_deleted_and_edited_stored_events_are_named_by_the_audit_and_an_edited_record_fails_import(store, tmp_path):
    """Defect 7: the log is hash-chained."""
    app = GameService.open(store)
    game = str(app.create_game(["Ann", "Bob", "Cy"], seed=5))
    for _ in range(6):
        q = app.pending(game)
        app.execute(game, q.options(q.actors[0])[0])
    assert app.integrity(game) == []
    assert "clean" in run("audit", game, "--store", store).output
    con = sqlite3.connect(store)
    hexid = game.replace("-", "")
    con.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version = 7", (hexid,))
    (state,) = con.execute(
        "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = 2", (hexid,)
    ).fetchone()
    edited = json.loads(state)
    edited["data"]["cards"] = list(reversed(edited["data"]["cards"]))  # the Combat Cards in another order
    con.execute(
        "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 2",
        (json.dumps(edited).encode(), hexid),
    )
    con.commit()
    con.close()
    problems = GameService.open(store).integrity(game)
    out = run("audit", game, "--store", store, ok=False)
    assert out.exit_code == 1
    assert "event 7 is missing" in out.output
    assert "event 2 (CombatCardsDealt) does not match its hash" in out.output
    assert problems and "warning: event 7 is missing" in run("log", game, "--store", store).output
    # a record carries its final hash; an edited line no longer matches it
    log, _ = rebuild(GOLDEN.read_text())
    text = export(log)
    assert text.splitlines()[-1].startswith("hash ")
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("blue choose_orders"))
    tampered = lines[:k] + [lines[k].replace("blue choose_orders", "blue choose_orders", 1)] + lines[k + 1 :]
    rebuild("\n".join(tampered) + "\n")  # unchanged: accepted
    k = next(i for i, line in enumerate(lines) if line.startswith("player "))
    renamed = lines[:k] + [lines[k].replace("player red", "player red Mallory", 1)] + lines[k + 1 :]
    with pytest.raises(RecordError) as bad:
        rebuild("\n".join(renamed) + "\n")
    assert "does not match its hash" in bad.value.reason
    edited_file = tmp_path / "edited.dlr"
    edited_file.write_text("\n".join(renamed) + "\n")
    refused = run("import", edited_file, "--store", store, ok=False)
    assert refused.exit_code == 2 and "hash" in refused.output


def test_origins_archive_and_delete(store, tmp_path):
    """Defect 5: every game says where it comes from; archive is an event; delete removes the stream."""
    recorded = run("new", "--players", "2", "--seed", "4", "--store", store).output.strip().splitlines()[-1]
    run("play", "--players", "2", "--seed", "4", "--bots", "random", "--store", store)
    run("training", "1", "--store", store)
    exported = run("export", recorded, "--store", store).output
    games = {g["id"]: g for g in map(json.loads, run("games", "--json", "--store", store).output.splitlines())}
    assert sorted(g["origin"] for g in games.values()) == ["recorded", "simulated", "training"]
    simulated = next(g for g in games if games[g]["origin"] == "simulated")
    assert games[simulated]["status"] == "finished" and games[recorded]["status"] == "in progress"
    assert any("bot" not in s for s in games[recorded]["seats"])
    listed = run("games", "--origin", "simulated", "--store", store).output
    assert simulated[:8] in listed and recorded[:8] not in listed
    run("games", "archive", simulated[:8], "--reason", "a test game", "--store", store)
    archived = [
        json.loads(x) for x in run("games", "--status", "archived", "--json", "--store", store).output.splitlines()
    ]
    assert [g["id"] for g in archived] == [simulated]
    assert run("games", "delete", recorded[:8], "--store", store, ok=False).exit_code == 2  # needs --yes
    run("games", "delete", recorded[:8], "--yes", "--store", store)
    assert recorded not in run("games", "--json", "--store", store).output
    assert run("log", recorded, "--store", store, ok=False).exit_code == 2
    record = tmp_path / "recorded.dlr"
    record.write_text(exported)
    imported = run("import", record, "--allow-unfinished", "--store", store).output.strip().splitlines()[-1]
    games = {g["id"]: g for g in map(json.loads, run("games", "--json", "--store", store).output.splitlines())}
    assert games[imported]["origin"] == "imported"


def test_undo_and_correct_refuse_what_no_longer_counts():
    app = GameService.open("memory")
    game = app.create_game(["Ann", "Bob"], seed=9)
    q = app.pending(game)
    first = len(app.log(game)) + 1
    app.execute(game, q.options("red")[0])
    app.undo(game, "red")
    with pytest.raises(RuleViolation) as refused:
        app.correct(game, first, q.options("red")[1])
    assert refused.value.code == "CORRECTION_TAKEN_BACK"


def test_archived_and_deleted_games_leave_the_statistics_and_origins_filter_them(store):
    run("simulate", "--games", "3", "--players", "2", "--store", store)
    games = [json.loads(x)["id"] for x in run("games", "--json", "--store", store).output.splitlines()]

    def seats(*extra):
        rows = json.loads(run("stats", "seat_advantage", "--json", "--store", store, *extra).stdout)
        return sum(r["games"] for r in rows if r["play_position"] == 0)

    assert seats() == 3 and seats("--origin", "simulated") == 3
    # an origin no finished game has here is refused, naming the ones they have (it answered nothing: issue #31)
    refused = run("stats", "seat_advantage", "--origin", "recorded,imported", "--store", store, ok=False)
    assert refused.exit_code == 2 and refused.stderr.strip().endswith("they have simulated")
    run("games", "archive", games[0], "--store", store)
    assert seats() == 2  # archived: left out of every question
    run("games", "delete", games[1], "--yes", "--store", store)
    assert seats() == 1
    rows = json.loads(
        run(
            "stats",
            "--sql",
            f"SELECT count(*) AS n FROM events WHERE game_id = '{games[1]}'",
            "--json",
            "--store",
            store,
        ).stdout
    )
    assert rows == [{"n": 0}]  # its read-model rows are gone too
    assert run("stats", "seat_advantage", "--origin", "bogus", "--store", store, ok=False).exit_code == 2
