"""The game record format: export, import through the rules, golden replay, fork and diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import run
from helpers import OUR_READING, same_game

from domain.games.dungeon_lords.bots import play_until_blocked, random_bot
from domain.games.dungeon_lords.engine import new_game, pending
from domain.games.dungeon_lords.evolve import evolve
from domain.games.dungeon_lords.record_format import RecordError, export, fork, rebuild

GOLDEN = Path(__file__).parent.parent / "golden" / "seed4-3p.dlr"


def test_golden_record_replays_to_the_same_result():
    # A 3-player game kept as a golden record: rebuilt through the rules on every test run.
    log, state = rebuild(GOLDEN.read_text())
    assert len(log) == 717 and state.phase == "over"  # 691 + 26 EvilometerMoved
    assert [(s["color"], s["total"], s["winner"]) for s in state.scores] == [
        ("red", -17, False),
        ("blue", -16, True),
        ("green", -17, False),
    ]
    assert export(log) == GOLDEN.read_text()  # and it exports to the same text


def test_export_then_import_reproduces_the_game_event_for_event():
    events, state = new_game(["Ann", "Bob the Bold"], seed=12, variant="full")
    more, state, _ = play_until_blocked(state, {p.color: random_bot for p in state.players}, seed=12)
    log = events + more
    rebuilt, _ = rebuild(export(log))
    assert same_game(rebuilt, log)


@pytest.mark.parametrize(
    "mutate, line, reason",
    [
        (lambda ls: ["not-a-record 1"] + ls[1:], 1, "starts with"),
        (lambda ls: ls[:12] + ["red choose_orders {not json"] + ls[12:], 13, "not JSON"),
        (lambda ls: ls[:11] + ["draw troll_y1#1,troll_y1#2,troll_y1#3,troll_y1#4"] + ls[12:], 12, "DRAW_IMPOSSIBLE"),
    ],
)
def test_a_malformed_or_illegal_record_names_its_line(mutate, line, reason):
    lines = GOLDEN.read_text().splitlines()
    with pytest.raises(RecordError) as bad:
        rebuild("\n".join(mutate(lines)) + "\n")
    assert bad.value.line == line and reason in bad.value.reason


def test_an_illegal_decision_is_refused_with_the_rule():
    lines = GOLDEN.read_text().splitlines()
    first = next(n for n, line in enumerate(lines) if line.startswith("red choose_orders"))
    lines[first] = 'red choose_orders {"orders": ["get_food", "get_food", "mine_gold"]}'
    with pytest.raises(RecordError) as bad:
        rebuild("\n".join(lines))
    assert bad.value.line == first + 1 and "ORDERS_NEED_THREE" in bad.value.reason


def test_fork_only_at_an_input_point():
    log, _ = rebuild(GOLDEN.read_text())
    types = [e.type for e in log]
    choose = types.index("OrdersChosen")  # the game waits for orders just before it
    assert len(fork(log, choose)) == choose
    revealed = types.index("OrdersRevealed") + 1  # minions are placed right after: no input point
    with pytest.raises(ValueError, match="input point"):
        fork(log, revealed)
    with pytest.raises(ValueError):
        fork(log, len(log) + 1)


def test_cli_export_import_fork_and_diff(tmp_path):
    store = str(tmp_path / "g.sqlite")
    game = run("import", GOLDEN, "--store", store).output.strip().splitlines()[-1]
    out = tmp_path / "again.dlr"
    run("export", game, "--out", out, "--store", store)
    assert out.read_text() == GOLDEN.read_text().replace("origin recorded", "origin imported")
    bad = tmp_path / "bad.dlr"
    bad.write_text(GOLDEN.read_text().replace("variant first_game", "variant first_game\nred dig_tunnel {}", 1))
    refused = run("import", bad, "--store", store, ok=False)
    assert refused.exit_code == 2 and "line 5" in refused.output and "nothing was stored" in refused.output
    assert len(run("games", "--json", "--store", store).output.splitlines()) == 1
    # a fork at the first orders choice, replayed differently, compared with the original
    log = [json.loads(line) for line in run("log", game, "--json", "--store", store).output.splitlines()]
    at = next(e["n"] for e in log if e["type"] == "OrdersChosen") - 1
    forked = run("fork", game, "--at", at, "--store", store).output.strip().splitlines()[-1]
    assert len(run("log", forked, "--json", "--store", store).output.splitlines()) == at
    red_hand = json.loads(run("status", forked, "--json", "--store", store).output)["players"][0]["hand"]
    run("orders", forked, "red", *red_hand[-3:], "--store", store)
    out = run("diff", game, forked, "--store", store).output
    assert f"share their first {at} events" in out and "winner" in out


def test_undo_is_an_event_and_is_refused_across_others_and_draws(tmp_path):
    from domain.games.dungeon_lords.errors import RuleViolation
    from domain.games.dungeon_lords.events import InputUndone
    from domain.games.dungeon_lords.state import to_dict
    from domain.service.application import GameService
    from domain.service.storage import store_env

    app = GameService(env=store_env("memory"))
    game = app.create_game(["Ann", "Bob"], seed=3)
    with pytest.raises(RuleViolation) as refused:
        app.undo(game, "red")  # only draws so far
    assert refused.value.code == "UNDO_CHANCE"
    before = to_dict(app.state(game))
    app.execute(game, app.pending(game).options("red")[0])  # red chooses orders
    app.execute(game, app.pending(game).options("blue")[0])  # then blue: orders are revealed
    with pytest.raises(RuleViolation) as refused:
        app.undo(game, "red")
    assert refused.value.code == "UNDO_NOT_YOURS"
    with pytest.raises(RuleViolation) as refused:
        app.undo(game, "blue")  # blue's input revealed the orders
    assert refused.value.code == "UNDO_REVEALED"
    game2 = app.create_game(["Ann", "Bob"], seed=3)
    app.execute(game2, app.pending(game2).options("red")[0])
    n = len(app.log(game2))
    event = app.undo(game2, "red")
    assert isinstance(event, InputUndone) and len(app.log(game2)) == n + 1  # the undone input stays
    after = to_dict(app.state(game2))
    for d in (before, after):
        d.pop("version")
    assert after == before  # the game is as it was before red's input
    with pytest.raises(RuleViolation) as refused:
        app.undo(game2, "red")  # undo again: what is left before it is draws
    assert refused.value.code == "UNDO_CHANCE"
    rebuilt, _ = rebuild(export(app.log(game2)))  # an undo survives export and import
    assert same_game(rebuilt, app.log(game2))


def test_undo_again_takes_back_the_input_before():
    # A player digs two tunnels, one input each; two undos take both back; undoing on walks back
    # through that player's own inputs until another player's input, a draw or a reveal stops it.
    import random

    from domain.games.dungeon_lords.bots import random_bot
    from domain.games.dungeon_lords.commands import DigTunnel
    from domain.games.dungeon_lords.engine import execute_pure
    from domain.games.dungeon_lords.errors import RuleViolation
    from domain.games.dungeon_lords.record_format import undo_event
    from domain.games.dungeon_lords.state import to_dict

    events, state = new_game(["Ann", "Bob"], seed=5)
    log, rng = list(events), random.Random(5)
    snapshots = []
    for _ in range(2000):
        p = pending(state)
        digs = [o for a in p.actors for o in p.options(a) if isinstance(o, DigTunnel)]
        if len(snapshots) < 2 and digs and (not snapshots or digs[0].player == snapshots[0][1]):
            snapshots.append((to_dict(state), digs[0].player))
            more, state = execute_pure(state, digs[0])
            log += more
            continue
        if len(snapshots) == 2:
            break
        snapshots = []
        cmd = random_bot(state, p, p.actors[0], rng) if not p.is_chance else None
        more, state = execute_pure(state, cmd) if cmd else ([], state)
        log += more
    assert len(snapshots) == 2
    player = snapshots[0][1]
    for expected, _ in reversed(snapshots):
        undo = undo_event(log, player)
        log.append(undo)
        state = evolve(state, undo)
        now = to_dict(state)
        assert {k: v for k, v in now.items() if k != "version"} == {k: v for k, v in expected.items() if k != "version"}
    with pytest.raises(RuleViolation) as refused:
        for _ in range(10):
            log.append(undo_event(log, player))
    assert refused.value.code in ("UNDO_NOT_YOURS", "UNDO_REVEALED", "UNDO_CHANCE")
    rebuilt, _ = rebuild(export(log))  # the undos survive export and import
    assert same_game(rebuilt, log)


def test_record_loop_undo(tmp_path):
    from clirun import runner_input

    store = str(tmp_path / "g.sqlite")
    game = run("new", "--players", "2", "--seed", "6", "--store", store).output.strip().splitlines()[-1]
    out = runner_input(["record", game, "--store", store], "1\nundo\nundo\nquit\n")
    assert "took back" in out and "refused: UNDO_CHANCE" in out


def test_audit_of_a_clean_game_and_of_an_altered_consequence():
    from domain.games.dungeon_lords.audit import audit

    log, _ = rebuild(GOLDEN.read_text())
    report = audit(log)
    assert report.clean and report.provisional  # e.g. second-Year combat cards are stand-ins
    k = next(i for i, e in enumerate(log) if e.type == "AdventurerAssigned")
    other = next(p.color for p in log[0].players if p.color != log[k].color)
    altered = list(log)
    altered[k] = log[k].replace(color=other)  # the stored consequence is changed
    report = audit(altered)
    assert [f.event for f in report.findings] == [k + 1]
    assert other in report.findings[0].stored and log[k].color in report.findings[0].expected
    assert "Adventurers Phase" in report.findings[0].rule


def test_explain_names_the_cause_of_a_paladin_move():
    from domain.games.dungeon_lords.audit import explain
    from domain.games.dungeon_lords.strategies import STRATEGIES

    events, state = new_game(["a", "b", "c", "d"], seed=5, bots=["evil"] * 4)
    more, state, _ = play_until_blocked(state, {p.color: STRATEGIES["evil"] for p in state.players}, seed=5)
    log = events + more
    n = next(i for i, e in enumerate(log, 1) if e.type == "PaladinMoved")
    text = explain(log, n)
    assert "paladin moves" in text.lower() and "Evilometer then:" in text
    assert "Rule: Rulebook › Paladin (moves only to a strictly more evil player" in text
    assert "followed from" in text or "It is" in text


def test_cli_audit_and_explain(tmp_path):
    store = str(tmp_path / "g.sqlite")
    game = run("import", GOLDEN, "--store", store).output.strip().splitlines()[-1]
    out = run("audit", game, "--store", store).output
    assert "clean" in out and "provisional" in out.lower()
    assert "Event 30" in run("explain", game, "30", "--store", store).output


def test_a_table_ruling_applies_the_tables_outcome_and_appears_in_the_audit():
    from domain.games.dungeon_lords.audit import audit
    from domain.games.dungeon_lords.commands import TableRuling
    from domain.games.dungeon_lords.engine import execute
    from domain.games.dungeon_lords.errors import RuleViolation

    events, state = new_game(["Ann", "Bob"], seed=8)
    gold = state.player("red").gold
    with pytest.raises(RuleViolation) as refused:
        execute(state, TableRuling(reason="x", changes={"red": {"gold": -99}}))
    assert refused.value.code == "RULING_INVALID"
    # the table decided red's Special Event cost him 1 gold and 2 Evil steps
    more, state = execute(
        state, TableRuling(reason="we read the event card differently", changes={"red": {"gold": -1, "evil": 2}})
    )
    assert state.player("red").gold == gold - 1 and state.player("red").evil == 7
    more2, state = play_until_blocked(state, {p.color: random_bot for p in state.players}, seed=8)[:2]
    log = events + more + more2
    report = audit(log)
    assert report.clean and len(report.rulings) == 1 and "read the event card differently" in report.rulings[0]
    rebuilt, _ = rebuild(export(log))  # a ruling is a line of the record too
    assert same_game(rebuilt, log)


def test_a_correction_that_makes_a_later_input_illegal_is_reported(tmp_path):
    from domain.games.dungeon_lords.commands import ChooseOrders
    from domain.service.application import GameService
    from domain.service.storage import store_env

    app = GameService(env=store_env("memory"))
    game = app.create_game(["Ann", "Bob"], seed=3)
    # winter: both choose orders; then play on until red has carried out an order with a real cost
    red_hand = app.state(game).player("red").hand
    app.execute(game, app.pending(game).options("red")[0])
    app.execute(game, app.pending(game).options("blue")[0])
    for _ in range(40):
        p = app.pending(game)
        if not p.actors or p.kind in ("choose_orders",):
            break
        app.execute(game, p.options(p.actors[0])[-1])
    log = app.log(game)
    chosen = next(i for i, e in enumerate(log, 1) if e.type == "OrdersChosen" and e.color == "red")
    old = log[chosen - 1].orders
    new = [c for c in red_hand if c not in old][:3]
    np_order = log[chosen - 1].nonplayer_order
    plan = app.correct(game, chosen, ChooseOrders(player="red", orders=new, nonplayer_order=np_order))
    event = plan.marker
    assert event.event == chosen and event.superseded  # red's later answers no longer fit
    assert event.divergence and event.superseded[0] in event.divergence
    assert app.log(game)[len(log)] == event  # the original inputs stay, then the marker
    assert " -> ".join(new) in event.now
    assert app.state(game).version == len(log) + len(plan.events)
    rebuilt, _ = rebuild(export(app.log(game)))  # and a correction is a line of the record
    assert same_game(rebuilt, app.log(game))


def test_a_catalog_override_is_recorded_whole_and_the_game_keeps_it():
    """The game's rules are a function of its log: the overrides travel in GameStarted, a fresh fold
    (another process, a later --catalog, none at all) plays with them, and the process is untouched."""
    from domain.games.dungeon_lords.audit import audit
    from domain.games.dungeon_lords.catalog import base_catalog, load_catalog
    from domain.games.dungeon_lords.engine import replay
    from domain.games.dungeon_lords.phases.common import catalog

    events, state = new_game(["Ann", "Bob"], seed=1, catalog_overrides=OUR_READING)
    assert events[0].catalog_overrides == OUR_READING
    assert events[0].catalog_hash != base_catalog().content_hash
    for s in (state, replay(events)):
        assert catalog(s).special_events["vip_visit"].effect_spec["each_player_choice"][1] == "gain_evil:2"
        assert catalog(s).content_hash == events[0].catalog_hash
    assert load_catalog() is base_catalog()  # nothing process-wide changed
    assert "gain_evil:2" not in json.dumps(base_catalog().special_events["vip_visit"].effect_spec)
    assert catalog(new_game(["Ann", "Bob"], seed=1)[1]) is base_catalog()
    report = audit(events)  # under the catalog it was played with: nothing to say
    assert report.catalog == "" and report.clean
    rerun = audit(events, catalog_overrides={})  # a re-run under the shipped catalog: said so
    assert "audited under another" in rerun.catalog
    rebuilt, _ = rebuild(export(events), allow_unfinished=True)  # the record carries the overrides
    assert rebuilt[0].catalog_overrides == OUR_READING and same_game(rebuilt, events)


def test_a_bad_catalog_override_is_refused_before_a_game_records_it():
    from domain.games.dungeon_lords.errors import RuleViolation

    with pytest.raises(RuleViolation) as exc:
        new_game(["Ann", "Bob"], seed=1, catalog_overrides={"monsters": [{"id": "goblin_y1", "cost": "lots"}]})
    assert exc.value.code == "SETUP_INVALID" and "catalog" in exc.value.message


def test_the_cli_catalog_option_is_recorded_and_later_commands_need_it_not(tmp_path):
    store = str(tmp_path / "games.sqlite")
    override = tmp_path / "our-reading.json"
    override.write_text(json.dumps(OUR_READING))
    game = run("--catalog", str(override), "new", "--players", "2", "--seed", "4", "--store", store).output.strip()
    first = json.loads(run("log", game, "--json", "--store", store).output.splitlines()[0])
    assert first["catalog_overrides"] == OUR_READING
    audited = run("audit", game, "--json", "--store", store)  # no --catalog: the recorded one applies
    assert json.loads(audited.output)["catalog"] == ""
    listed = run("--catalog", str(override), "catalog", "--kind", "special_event", "--json").output
    assert "our group's reading" in listed
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    refused = run("--catalog", str(bad), "new", "--players", "2", "--store", store, ok=False)
    assert refused.exit_code == 2 and "top level must be a JSON object" in refused.output


def test_a_game_started_from_a_scenario_exports_and_imports():
    from domain.games.dungeon_lords.engine import from_scenario
    from domain.games.dungeon_lords.strategies import STRATEGIES

    events, state = from_scenario(
        (Path(__file__).parent.parent.parent / "domain/games/dungeon_lords/scenarios/year2-winter-4p.json").read_text()
    )
    more, state, _ = play_until_blocked(state, {p.color: STRATEGIES["balanced"] for p in state.players}, seed=3)
    log = events + more
    text = export(log)
    lines = text.splitlines()
    assert lines[2] == 'scenario "year2-winter-4p"' and lines[4].startswith("state {")
    rebuilt, again = rebuild(text)
    assert [e.to_json() for e in rebuilt] == [e.to_json() for e in log] and again.scores == state.scores
    # a starting state that cannot be (a component twice, a negative stock) names the state line
    broken = lines[:4] + [lines[4].replace('"gold":', '"gold":-', 1)] + lines[5:]
    with pytest.raises(RecordError) as bad:
        rebuild("\n".join(broken) + "\n")
    assert bad.value.line == 5 and "negative gold" in bad.value.reason
