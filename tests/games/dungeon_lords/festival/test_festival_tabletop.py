"""A complete 4-player tabletop game with the whole of Festival Season, recorded the way a person at the table
records it (the same ``record`` loop as the base game's golden record,
tests/games/dungeon_lords/test_tabletop_recording.py): every draw typed by component id (the opportunity
boards, the Pet Cards, the traps dealt for installing...), every decision by option number. The record is
exported, imported through the rules, audited clean, and kept as a golden replay
(tests/golden/festival-tabletop-4p.dlr; regenerate with
``DL_REGENERATE_GOLDEN=1 pytest tests/games/dungeon_lords/festival/test_festival_tabletop.py``). The
table's decisions are the strategy bots'. While the expansion is being built, its rules and the bots change
the game: the record is made again then (docs/changelog.md says when), which the base game's golden records
never are."""

from __future__ import annotations

import os
from pathlib import Path

from test_tabletop_recording import scripted_table

from cli.record import record_loop
from domain.games.dungeon_lords.audit import audit
from domain.games.dungeon_lords.record_format import export, rebuild
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.service.application import GameService
from domain.service.storage import store_env

GOLDEN = Path(__file__).parents[3] / "golden" / "festival-tabletop-4p.dlr"
WHOLE = list(RULESETS["festival"])


def test_a_recorded_festival_tabletop_game_exports_imports_audits_clean_and_matches_its_golden_record():
    app = GameService(env=store_env("memory"))
    game = app.create_game(["Ann", "Bob", "Cid", "Dee"], mode="tabletop", variant="full", modules=WHOLE)
    ask, typed = scripted_table(app, game, seed=2012)
    stored = record_loop(app, game, ask)
    log = app.log(game)
    assert app.pending(game).kind == "game_over" and stored == len(typed)  # every typed line was stored
    assert log[0].modules == WHOLE and app.state(game).scores
    kinds = {type(e).__name__ for e in log}
    played = {"OpportunityPlaced", "FestivalBidsRevealed", "PetsExchanged", "BardStepTaken", "PaladinArrived"}
    assert played <= kinds  # the expansion was played, both parts
    text = export(log)
    rebuilt, _ = rebuild(text)
    assert [e.to_json() for e in rebuilt] == [e.to_json() for e in log]
    report = audit(rebuilt)
    assert report.clean, report.findings[:3]
    if os.environ.get("DL_REGENERATE_GOLDEN") == "1":
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()


def test_the_golden_festival_tabletop_record_replays():
    log, state = rebuild(GOLDEN.read_text())
    assert state.phase == "over" and len(state.players) == 4 and state.modules == WHOLE
    assert sum(1 for s in state.scores if s["winner"]) >= 1
    assert export(log) == GOLDEN.read_text()
