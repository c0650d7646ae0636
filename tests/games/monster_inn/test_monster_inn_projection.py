"""Monster Inn in the read models: every row agrees with an independent recount from the engine's own
final states, whatever the batch size, with undos and corrections taken into account; Dungeon Lords'
rows are unaffected by Monster Inn games in the same store."""

from __future__ import annotations

import duckdb
import pytest

from domain.service.application import GameService
from domain.service.simulation import plans, run
from projections import project


@pytest.fixture(scope="module")
def store():
    app = GameService.open("memory")
    finals = {}
    for log, final in run(plans(12, seed=5, game="monster_inn"), workers=1):
        finals[str(app.create_from_events(log, final_state=final, game="monster_inn"))] = final
    dl = app.create_game(["Ann", "Bob"], seed=1)  # a Dungeon Lords game in the same store
    # a tabletop game with an undo and a correction, left unfinished
    gid = app.create_game(["A", "B", "C"], game="monster_inn", mode="tabletop")
    app.execute(gid, {"type": "record_draw", "cards": ["m1", "m2", "h6-10"]})
    app.execute(gid, {"type": "remain", "player": "p1", "treasure": "gold"})
    app.undo(gid)
    app.execute(gid, {"type": "leave", "player": "p1"})
    app.correct(gid, 5, {"type": "remain", "player": "p1", "treasure": "gem"})  # event 5: the Leave
    return app, finals, str(dl), str(gid)


@pytest.mark.parametrize("batch", [7, 50_000])
def test_rows_agree_with_the_engine_whatever_the_batch(store, batch) -> None:
    app, finals, dl, tabletop = store
    con = duckdb.connect(":memory:")
    project(app, con, batch_size=batch)
    for gid, final in finals.items():
        rows = con.execute(
            "SELECT color, total, rank, won, strategy, play_position FROM player_results"
            " WHERE game_id = ? ORDER BY seat",
            [gid],
        ).fetchall()
        expected = [(r["seat"], r["fame"], r["rank"], r["winner"]) for r in final.results]
        assert [row[:4] for row in rows] == expected
        assert [row[4] for row in rows] == [p.bot for p in final.players]
        starter = final.seats.index(app.log(gid)[0].starting_player)
        assert [row[5] for row in rows] == [(k - starter) % len(rows) for k in range(len(rows))]
        mine = con.execute(
            "SELECT seat, monsters, humanoids, treasure_fame, treasure_kept FROM mi_results"
            " WHERE game_id = ? ORDER BY seat",
            [gid],
        ).fetchall()
        assert mine == [
            (r["seat"], r["lines"]["monsters"], r["lines"]["humanoids"], r["lines"]["treasure"], r["treasure"])
            for r in final.results
        ]
        takes = con.execute("SELECT seat, card FROM mi_takes WHERE game_id = ? ORDER BY seq", [gid]).fetchall()
        owned = {p.seat: [m.card for m in p.monsters] for p in final.players}
        assert len(takes) == sum(len(p.monsters) + len(p.humanoids) for p in final.players)
        for seat, cards in owned.items():
            assert [c for s, c in takes if s == seat and c.startswith("m")] == cards
    games = dict(con.execute("SELECT game, count(*) FROM games GROUP BY 1").fetchall())
    assert games == {"monster_inn": len(finals) + 1, "dungeon_lords": 1}
    row = con.execute("SELECT finished, events, phase FROM games WHERE game_id = ?", [tabletop]).fetchone()
    assert row == (False, len(app.log(tabletop)), "play")
    assert con.execute("SELECT count(*) FROM player_results WHERE game_id = ?", [tabletop]).fetchone()[0] == 0
    assert con.execute("SELECT count(*) FROM player_results WHERE game_id = ?", [dl]).fetchone()[0] == 0
    # a common question asked of one game only
    by_game = con.execute(
        "SELECT DISTINCT strategy FROM player_results WHERE game = 'monster_inn' ORDER BY 1"
    ).fetchall()
    assert {s for (s,) in by_game} <= {"random", "budgeted", "early_leaver"}


def test_a_taken_back_leave_leaves_no_row(store) -> None:
    app, _, _, tabletop = store
    con = duckdb.connect(":memory:")
    project(app, con)
    live = [
        t for (t,) in con.execute("SELECT type FROM mi_events WHERE game_id = ? ORDER BY seq", [tabletop]).fetchall()
    ]
    assert live == [e.type for e in app.log(tabletop)]
    # the undone Remain and the superseded Leave are in mi_events, but the game has no take yet
    assert con.execute("SELECT count(*) FROM mi_takes WHERE game_id = ?", [tabletop]).fetchone()[0] == 0


def test_the_report_has_a_monster_inn_part_with_its_questions(store, tmp_path) -> None:
    from analytics import run_question
    from analytics.report import write_report

    app, finals, _, _ = store
    con = duckdb.connect(":memory:")
    project(app, con)
    text = write_report(con, tmp_path / "report.html").read_text()
    assert f'<h1 id="monster-inn">Monster Inn</h1><p class="grain">{len(finals)} finished games.</p>' in text
    for name in ("win_rate_by_strategy", "seat_advantage", "fame_by_treasure_kept", "who_leaves_first"):
        assert f'id="table-mi-{name}"' in text, name
    columns, rows = run_question(con, "win_rate_by_strategy", game="monster_inn")
    games = sum(r[columns.index("games")] for r in rows)
    assert games == sum(len(f.players) for f in finals.values())
