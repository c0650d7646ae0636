"""The SQLite recorder's light rows for the projection (``ManyRowsRecorder.notification_rows``) hold what
eventsourcing's ``select_notifications`` gives, value for value: ids, game ids (as UUIDs), numbers, topics, bytes;
from any position, with any limit, past the end."""

from __future__ import annotations

from pathlib import Path

from domain.service.application import GameService
from domain.service.executors import plan_id, play_batch
from domain.service.simulation import plans


def test_the_light_rows_are_the_notifications_values(tmp_path: Path) -> None:
    app = GameService.open(str(tmp_path / "store.sqlite"))
    todo = plans(2, seed=3, game="dungeon_lords")
    app.create_simulated(
        [(log, final, plan_id(p)) for p, (log, final) in zip(todo, play_batch(todo), strict=True)], game="dungeon_lords"
    )
    app.create_game(["Ann", "Bob"], seed=5)  # a game stored the normal way too
    head = app.recorder.max_notification_id()
    assert head and head > 100
    for start, limit in ((0, head + 10), (0, 1), (17, 50), (head - 3, 10), (head, 5)):
        want = app.recorder.select_notifications(start=start, limit=limit, inclusive_of_start=False)
        got = app.recorder.notification_rows(start, limit)
        assert [tuple(r) for r in got] == [
            (n.id, n.originator_id, n.originator_version, n.topic, n.state) for n in want
        ]
        assert all(type(r.originator_id) is type(n.originator_id) for r, n in zip(got, want, strict=True))
