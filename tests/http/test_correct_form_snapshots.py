"""The page's correction form reads the state before the corrected input through the game's snapshots
(``GameService.state``), not by replaying the game from event 1, and shows what the replay showed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import count_event_reads
from test_table_page import _draw_until_orders, _table

from cli.http.app import create_app

INTERVAL = 3  # a snapshot every 3 events: most inputs are read from a snapshot just before them


@pytest.fixture()
def app(tmp_path):
    return create_app(str(tmp_path / "games.sqlite"))


def test_the_correction_form_reads_through_a_snapshot_and_shows_what_a_replay_shows(app, monkeypatch) -> None:
    gid, c = _table(app)
    rec: TestClient = c["recorder"]
    page = _draw_until_orders(gid, rec)
    links = sorted({int(n) for n in re.findall(r'href="/table/[^/]+/correct/(\d+)"', page)})
    service = app.state.service
    assert service.take_snapshots(gid, INTERVAL) > 0
    late = [n for n in links if n > 2 * INTERVAL]
    assert late, links  # inputs far enough from event 1 for the snapshot to matter

    read = count_event_reads(monkeypatch, service)
    through_snapshots = {}
    for n in links:
        read.clear()
        form = rec.get(f"/table/{gid}/correct/{n}")
        assert form.status_code == 200
        through_snapshots[n] = form.text
        if n in late:  # the form's state: at most INTERVAL - 1 events past a snapshot (the log is read whole)
            assert min(read) < INTERVAL, (n, read)
    monkeypatch.undo()

    package = service.game_of(gid)

    now = service.state

    def replayed(game_id: Any, version: int | None = None) -> Any:  # the form's state as it was read before
        if version is None:  # the state now (the page's language and names)
            return now(game_id)
        return package.history.state_before(service.log(game_id), version + 1)

    monkeypatch.setattr(service, "state", replayed)
    for n in links:
        assert rec.get(f"/table/{gid}/correct/{n}").text == through_snapshots[n]
